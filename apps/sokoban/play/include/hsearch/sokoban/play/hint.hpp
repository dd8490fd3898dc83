#pragma once
// The hint (h): the first push of a solution the solver found from the current position, with
// the walk that leads to it, or why there is none. Built from a SolveReport of the position:
// when the report is push-optimal, so is the rest of the game after following the hint.
#include <string>

#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/game/game.hpp"
#include "hsearch/sokoban/solver.hpp"

namespace hsearch::sokoban::play {

struct Hint {
  enum class Kind { push, no_solution, no_time, error } kind = Kind::error;
  std::string walk;      // the steps (lurd) to the square behind the box, then the push letter
  int box_row = -1, box_col = -1;  // the box to push, where it stands now
  int dir = 0;           // the push's direction
  int pushes_to_go = 0;  // pushes of the whole solution from here
  bool optimal = false;  // the solution is push-optimal (proven by the search)
  std::string text;      // one line for the status bar
};

inline const char* direction_name(int d) {
  static const char* const names[4] = {"up", "right", "down", "left"};
  return names[d & 3];
}

// "10 s", "0.5 s": whole seconds when they are whole.
inline std::string seconds_text(double s) {
  const long tenths = static_cast<long>(s * 10 + 0.5);
  return std::to_string(tenths / 10) + (tenths % 10 != 0 ? "." + std::to_string(tenths % 10) : "") + " s";
}

// `game` must be in the position the report was computed for; `seconds` is the time limit the
// search had (for the "no hint within N s" message).
inline Hint hint_from(const game::Game& game, const SolveReport& report, double seconds) {
  Hint h;
  if (report.result.status == Status::unsolvable) {
    h.kind = Hint::Kind::no_solution;
    h.text = "no solution from here (proven by the solver): undo or restart";
    return h;
  }
  if (!report.invalid && !report.internal_error && report.result.status == Status::stopped) {
    h.kind = Hint::Kind::no_time;
    h.text = "no hint within " + seconds_text(seconds) +
             (report.result.stop_reason == StopReason::memory_limit ? " (memory limit)" : "");
    return h;
  }
  if (!report.solved()) {
    h.text = "no hint: " + (report.message.empty() ? report.status() : report.message);
    return h;
  }
  const std::size_t push = report.lurd.find_first_of("URDL");
  if (push == std::string::npos) {  // already solved: nothing to push
    h.text = "no hint: the level is solved";
    return h;
  }
  h.walk = report.lurd.substr(0, push + 1);
  for (int d = 0; d < 4; ++d)
    if (report.lurd[push] == kPushLetter[d]) h.dir = d;
  int r = game.player_row(), c = game.player_col();
  for (std::size_t i = 0; i < push; ++i) {
    for (int d = 0; d < 4; ++d) {
      if (report.lurd[i] == kStepLetter[d]) r += kRowStep[d], c += kColStep[d];
    }
  }
  h.box_row = r + kRowStep[h.dir];
  h.box_col = c + kColStep[h.dir];
  h.pushes_to_go = report.pushes;
  h.optimal = report.result.optimal;
  h.kind = Hint::Kind::push;
  h.text = "hint: push the highlighted box " + std::string(direction_name(h.dir)) + " (" +
           std::to_string(report.pushes) + " pushes to go" + (report.result.optimal ? ", push-optimal" : "") +
           "); h again plays it";
  return h;
}

}  // namespace hsearch::sokoban::play
