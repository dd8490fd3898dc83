#pragma once
// The parity of the pushes a state still needs, and a lower bound rounded up to it.
//
// Colour the squares like a chessboard: a square is odd when its row plus its column is odd.
// A push moves one box to the next square, so it changes that box's colour and no other's:
// each push flips the parity of the number of boxes on odd squares. When there are as many
// goals as boxes, a solved state has its boxes exactly on the goals, so any solution of a
// state S makes a number of pushes with the parity of
//     (boxes of S on odd squares) + (goals on odd squares),
// whatever the boxes' paths and whichever goal each box ends on. A lower bound h of the
// pushes left is then also one of the least number >= h with that parity: h rounded up by
// one when its parity is the other one. The push distances of the matching already have the
// parity of each box's square and goal (each is a number of pushes of one box), so the
// matching alone is never raised; what gains is every bound that proves one push more than
// it, such as a pattern's penalty of 1 or a goal room's extra push: one more push proven is two.
//
// With more goals than boxes the goals left empty are not known, so there is no parity to
// round to, and usable() is false.
#include <bit>
#include <cstdint>

#include "hsearch/core/cost.hpp"
#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/cell_set.hpp"

namespace hsearch::sokoban {

// Set: the cell-set width of the states (cell_set.hpp).
template <class Set>
class BasicPushParity {
 public:
  BasicPushParity() = default;
  // (The pattern search makes a domain per sub-search, with fewer boxes than goals: nothing
  // is coloured for those.)
  BasicPushParity(const Board& board, int box_count)
      : usable_(box_count == static_cast<int>(board.goals().size())) {
    if (!usable_) return;
    int odd_goals = 0;
    for (int c = 0; c < board.cell_count(); ++c) {
      if ((board.row(c) + board.col(c)) % 2 != 0) odd_.set(c);
    }
    for (const std::uint16_t g : board.goals()) odd_goals += (board.row(g) + board.col(g)) % 2;
    goal_parity_ = odd_goals % 2;
  }

  bool usable() const { return usable_; }

  // The parity (0 or 1) of the number of pushes every solution of a state with `boxes` makes.
  int pushes_parity(const Set& boxes) const {
    std::uint64_t x = 0;
    for (int w = 0; w < Set::kWords; ++w) x ^= boxes.word_at(w) & odd_.word_at(w);
    return (std::popcount(x) + goal_parity_) % 2;
  }

  // `h`, a lower bound of the pushes left from a state with `boxes`, raised to the pushes'
  // parity (a dead end stays one).
  template <class Cost>
  Cost round_up(const Set& boxes, Cost h) const {
    if (!usable_ || is_dead_end(h)) return h;
    return static_cast<Cost>(h + ((static_cast<int>(h % 2) + pushes_parity(boxes)) % 2));
  }

 private:
  Set odd_;
  int goal_parity_ = 0;
  bool usable_ = false;
};

using PushParity = BasicPushParity<CellSet>;

}  // namespace hsearch::sokoban
