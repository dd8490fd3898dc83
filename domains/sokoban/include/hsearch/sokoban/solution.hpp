#pragma once
// From a plan of pushes to a LURD string (lower case: a step, upper case: a push), and an
// independent replay that checks a LURD string on the level's text.
//
// Between two pushes the player walks a shortest path (breadth-first search over the board,
// boxes blocking) to the square behind the next box. The push count is optimal when the plan
// is; the move count is the fewest for THIS sequence of pushes, not necessarily the fewest
// among all push-optimal solutions.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/goal_macro.hpp"
#include "hsearch/sokoban/level.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"

namespace hsearch::sokoban {

struct Solution {
  std::string lurd;
  int pushes = 0;
  int moves = 0;
};

// The pushes a plan makes (a macro makes several).
inline int plan_pushes(const std::vector<Push>& plan) {
  int pushes = 0;
  for (const Push& m : plan) pushes += m.steps;
  return pushes;
}

// Builds the LURD string of a plan from the level's start; throws std::logic_error when a push
// of the plan is not possible (a bug upstream: callers verify anyway).
inline Solution plan_to_lurd(const Board& board, const std::vector<SokobanDomain::Move>& plan) {
  const int W = board.level().width, H = board.level().height;
  std::vector<char> box(static_cast<std::size_t>(W * H), 0);
  for (std::uint16_t c : board.initial_boxes()) box[static_cast<std::size_t>(board.row(c) * W + board.col(c))] = 1;
  int player = board.row(board.initial_player()) * W + board.col(board.initial_player());
  auto free_square = [&](int r, int c) {
    return board.cell_at(r, c) != kNoCell && !box[static_cast<std::size_t>(r * W + c)];
  };
  Solution out;
  std::vector<int> from_dir(static_cast<std::size_t>(W * H));
  std::vector<int> queue;
  // The player walks behind the box on `cell` and pushes it one square towards `dir`.
  const auto push_one = [&](std::uint16_t cell, int dir) {
    const int br = board.row(cell), bc = board.col(cell);
    const int target = (br - kRowStep[dir]) * W + (bc - kColStep[dir]);
    if (!box[static_cast<std::size_t>(br * W + bc)]) throw std::logic_error("plan pushes a missing box");
    // BFS from the player to `target`.
    std::fill(from_dir.begin(), from_dir.end(), -1);
    queue.assign(1, player);
    from_dir[static_cast<std::size_t>(player)] = 4;
    for (std::size_t q = 0; q < queue.size() && from_dir[static_cast<std::size_t>(target)] < 0; ++q) {
      const int v = queue[q];
      for (int d = 0; d < 4; ++d) {
        const int nr = v / W + kRowStep[d], nc = v % W + kColStep[d];
        if (!free_square(nr, nc) || from_dir[static_cast<std::size_t>(nr * W + nc)] >= 0) continue;
        from_dir[static_cast<std::size_t>(nr * W + nc)] = d;
        queue.push_back(nr * W + nc);
      }
    }
    if (from_dir[static_cast<std::size_t>(target)] < 0) throw std::logic_error("plan needs an unreachable push");
    std::string walk;
    for (int v = target; v != player;) {
      const int d = from_dir[static_cast<std::size_t>(v)];
      walk.push_back(kStepLetter[d]);
      v = (v / W - kRowStep[d]) * W + (v % W - kColStep[d]);
    }
    out.lurd.append(walk.rbegin(), walk.rend());
    const int to_r = br + kRowStep[dir], to_c = bc + kColStep[dir];
    if (!free_square(to_r, to_c)) throw std::logic_error("plan pushes a box into a wall or a box");
    box[static_cast<std::size_t>(br * W + bc)] = 0;
    box[static_cast<std::size_t>(to_r * W + to_c)] = 1;
    player = br * W + bc;
    out.lurd.push_back(kPushLetter[dir]);
    ++out.pushes;
  };
  for (const auto& m : plan) {
    if (m.to == kNoCell) {
      // A tunnel macro's steps are that many pushes in a row, the player following the box.
      for (int step = 0; step < m.steps; ++step) push_one(board.cell_at(board.row(m.from) + step * kRowStep[m.dir], board.col(m.from) + step * kColStep[m.dir]), m.dir);
      continue;
    }
    // A goal macro: its pushes found again among the boxes and the player's area of now.
    WidestCellSet boxes, reach;
    for (int c = 0; c < board.cell_count(); ++c)
      if (box[static_cast<std::size_t>(board.row(c) * W + board.col(c))]) boxes.set(c);
    const int player_cell = board.cell_at(player / W, player % W);
    if (player_cell == kNoCell) throw std::logic_error("the player stands off the floor");
    flood_player_area(board, boxes, static_cast<std::uint16_t>(player_cell), reach);
    for (const Push& p : goal_macro_pushes(board, boxes, reach, m)) push_one(p.from, p.dir);
  }
  out.moves = static_cast<int>(out.lurd.size());
  return out;
}

// Replays `lurd` on the level's text, square by square, with nothing but the game's rules.
// Returns "" when every step is legal (lower case never moves a box, upper case always pushes
// one) and every box ends on a goal; otherwise what went wrong and where. Counts pushes/moves.
inline std::string verify_lurd(const Level& level, const std::string& lurd, int* pushes = nullptr,
                               int* moves = nullptr) {
  std::vector<std::string> g = level.rows;
  int pr = -1, pc = -1;
  for (int r = 0; r < level.height; ++r)
    for (int c = 0; c < level.width; ++c)
      if (g[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] == '@' ||
          g[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] == '+') {
        pr = r;
        pc = c;
      }
  if (pr < 0) return "no player";
  auto at = [&](int r, int c) -> char {
    if (r < 0 || r >= level.height || c < 0 || c >= level.width) return '#';
    return g[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
  };
  auto is_box = [](char ch) { return ch == '$' || ch == '*'; };
  auto is_goal = [](char ch) { return ch == '.' || ch == '*' || ch == '+'; };
  auto put = [&](int r, int c, char what) {  // what: ' ' floor, '$' box, '@' player
    char& ch = g[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
    const bool goal = is_goal(ch);
    ch = what == '$' ? (goal ? '*' : '$') : what == '@' ? (goal ? '+' : '@') : (goal ? '.' : ' ');
  };
  int np = 0;
  for (std::size_t i = 0; i < lurd.size(); ++i) {
    const char ch = lurd[i];
    bool push = false;
    const int d = lurd_direction(ch, push);
    if (d < 0) return "character " + std::to_string(i + 1) + " '" + std::string(1, ch) + "' is not one of lurdLURD";
    const int nr = pr + kRowStep[d], nc = pc + kColStep[d];
    const char next = at(nr, nc);
    if (next == '#') return "move " + std::to_string(i + 1) + " walks into a wall";
    if (is_box(next) != push) {
      return "move " + std::to_string(i + 1) + (push ? " is a push but there is no box" : " is a step into a box");
    }
    if (push) {
      const char beyond = at(nr + kRowStep[d], nc + kColStep[d]);
      if (beyond == '#' || is_box(beyond)) return "push " + std::to_string(i + 1) + " is blocked";
      put(nr + kRowStep[d], nc + kColStep[d], '$');
      ++np;
    }
    put(pr, pc, ' ');
    put(nr, nc, '@');
    pr = nr;
    pc = nc;
  }
  for (const auto& row : g)
    for (char ch : row)
      if (ch == '$') return "a box is not on a goal at the end";
  if (pushes) *pushes = np;
  if (moves) *moves = static_cast<int>(lurd.size());
  return "";
}

}  // namespace hsearch::sokoban
