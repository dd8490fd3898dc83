#pragma once
// The rules of playing a level by hand: the player walking and pushing square by square, the
// move and push counters, undo back to the level's start, restart, and the win. No terminal,
// no screen, no files: the program `sokoban play` (apps/sokoban/play) draws this and sends it
// the player's moves.
//
// The position is the level's text with the boxes and the player moved (XSB characters), so
// the rules are checked on exactly the picture a player is shown. The history is the LURD
// string of the moves made since the start (lower case: a step, upper case: a push), which is
// what undo unwinds and what verify_lurd can replay.
// After every change of the boxes the position is checked for a deadlock with the solver's
// own tests (deadlock.hpp).
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/game/deadlock.hpp"
#include "hsearch/sokoban/level.hpp"

namespace hsearch::sokoban::game {

enum class StepResult { blocked, moved, pushed };

class Game {
 public:
  // Throws InvalidLevel (with file, line and problem) when the level cannot be played.
  explicit Game(const Level& level) : start_(level), board_(std::make_shared<const Board>(level)) { restart(); }

  const Level& level() const { return start_; }
  const Board& board() const { return *board_; }
  int width() const { return start_.width; }
  int height() const { return start_.height; }
  // XSB character of the square now: '#', ' ', '.', '$', '*', '@', '+'.
  char at(int r, int c) const {
    if (r < 0 || r >= height() || c < 0 || c >= width()) return ' ';
    return grid_[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
  }
  int player_row() const { return pr_; }
  int player_col() const { return pc_; }

  int moves() const { return static_cast<int>(history_.size()); }
  int pushes() const { return pushes_; }
  const std::string& history() const { return history_; }
  bool won() const { return loose_boxes_ == 0; }
  // The deadlock found in the current position (none when it is still solvable as far as the
  // solver's tests can tell).
  const DeadlockReport& deadlock() const { return deadlock_; }

  // One step in direction d (kUp, kRight, kDown, kLeft): walks, pushes a box, or is blocked
  // (a wall, or a box with a wall or a box behind it). After the win nothing moves.
  StepResult step(int d) {
    if (won()) return StepResult::blocked;
    const int nr = pr_ + kRowStep[d], nc = pc_ + kColStep[d];
    const char next = at_or_wall(nr, nc);
    if (next == '#') return StepResult::blocked;
    if (is_box(next)) {
      const char beyond = at_or_wall(nr + kRowStep[d], nc + kColStep[d]);
      if (beyond == '#' || is_box(beyond)) return StepResult::blocked;
      move_box(nr, nc, nr + kRowStep[d], nc + kColStep[d]);
      move_player(nr, nc);
      history_.push_back(kPushLetter[d]);
      ++pushes_;
      check_deadlock();
      return StepResult::pushed;
    }
    move_player(nr, nc);
    history_.push_back(kStepLetter[d]);
    return StepResult::moved;
  }

  // Takes back the last move (a step or a push); false at the level's start.
  bool undo() {
    if (history_.empty()) return false;
    const char last = history_.back();
    history_.pop_back();
    int d = 0;
    bool push = false;
    for (int k = 0; k < 4; ++k) {
      if (last == kStepLetter[k]) d = k;
      if (last == kPushLetter[k]) d = k, push = true;
    }
    const int br = pr_ + kRowStep[d], bc = pc_ + kColStep[d];  // the pushed box is ahead
    const int back_r = pr_ - kRowStep[d], back_c = pc_ - kColStep[d];
    move_player(back_r, back_c);
    if (push) {
      move_box(br, bc, br - kRowStep[d], bc - kColStep[d]);
      --pushes_;
      check_deadlock();
    }
    return true;
  }

  // Back to the level's start (counters to zero, history cleared).
  void restart() {
    grid_ = start_.rows;
    history_.clear();
    pushes_ = 0;
    loose_boxes_ = 0;
    for (int r = 0; r < height(); ++r) {
      for (int c = 0; c < width(); ++c) {
        const char ch = at(r, c);
        if (ch == '@' || ch == '+') pr_ = r, pc_ = c;
        if (ch == '$') ++loose_boxes_;
      }
    }
    check_deadlock();
  }

  // Plays a LURD string from the current position (letters in either case: the game decides
  // whether a move pushes). Stops at the first move that is not possible and returns its
  // 1-based index with a reason; "" when every move was played.
  std::string play(const std::string& lurd) {
    for (std::size_t i = 0; i < lurd.size(); ++i) {
      bool push = false;  // the game decides, not the letter's case
      const int d = lurd_direction(lurd[i], push);
      if (d < 0) return "move " + std::to_string(i + 1) + ": '" + std::string(1, lurd[i]) + "' is not one of lurdLURD";
      if (step(d) == StepResult::blocked) return "move " + std::to_string(i + 1) + " is not possible";
    }
    return "";
  }

  // The current position as a level of its own (same source, number and title), for the
  // solver: a hint or a solution from here.
  Level position() const {
    Level p = start_;
    p.rows = grid_;
    return p;
  }

 private:
  static bool is_box(char ch) { return ch == '$' || ch == '*'; }
  static bool is_goal(char ch) { return ch == '.' || ch == '*' || ch == '+'; }
  char at_or_wall(int r, int c) const {
    if (r < 0 || r >= height() || c < 0 || c >= width()) return '#';
    return at(r, c);
  }
  char& square(int r, int c) { return grid_[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)]; }

  void move_player(int r, int c) {
    square(pr_, pc_) = is_goal(square(pr_, pc_)) ? '.' : ' ';
    square(r, c) = is_goal(square(r, c)) ? '+' : '@';
    pr_ = r;
    pc_ = c;
  }
  void move_box(int r, int c, int to_r, int to_c) {
    loose_boxes_ -= square(r, c) == '$';
    square(r, c) = is_goal(square(r, c)) ? '.' : ' ';
    square(to_r, to_c) = is_goal(square(to_r, to_c)) ? '*' : '$';
    loose_boxes_ += square(to_r, to_c) == '$';
  }

  void check_deadlock() { deadlock_ = find_deadlock(*board_, grid_, pr_, pc_); }

  Level start_;
  // Shared so that copies of a game (a second board on the same level) do not redo the analysis.
  std::shared_ptr<const Board> board_;
  std::vector<std::string> grid_;
  std::string history_;
  int pr_ = 0, pc_ = 0;
  int pushes_ = 0;
  int loose_boxes_ = 0;  // boxes off a goal
  DeadlockReport deadlock_;
};

}  // namespace hsearch::sokoban::game
