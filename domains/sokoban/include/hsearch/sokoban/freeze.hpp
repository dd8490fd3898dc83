#pragma once
// Freeze deadlocks (the 2x2 square of boxes and walls, the four Z shapes, boxes blocking each
// other against walls), by one exact rule instead of a list of shapes.
//
// A box is blocked along an axis (horizontal or vertical) when it can never usefully move along
// it: a wall on either side (it cannot be pushed toward the wall, and the player cannot stand
// in the wall to push it away), or dead cells on both sides (any push along the axis makes a
// dead-square deadlock), or a frozen box on either side. A set S of boxes is frozen when every
// box of S is blocked along both axes counting only boxes of S as frozen: then no box of S can
// ever be the first to move. The largest frozen set is the greatest fixpoint of "remove the
// boxes that are not blocked"; after a push we compute it on the boxes 4-connected to the box
// just pushed. A frozen box that is not on a goal can never reach one: the state is a deadlock.
// This never prunes a solvable state, so it keeps push-optimality. Frozen boxes on goals are
// walls for the rest of the level: frozen_goals.hpp builds the push distances that know it.
#include <array>
#include <cstdint>

#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/cell_set.hpp"

namespace hsearch::sokoban {

// The frozen boxes among `candidates` (a subset of `boxes`): the greatest fixpoint of "remove
// the candidates that are not blocked". Walls and dead cells count for every candidate; of the
// boxes, only candidates still in the set count as blockers.
template <class Set>
Set frozen_among(const Board& board, Set candidates, const std::uint16_t* cells, int size) {
  auto blocked = [&](int c, int d) {  // along the axis of direction d
    const std::uint16_t a = board.neighbor(c, d), b = board.neighbor(c, opposite(d));
    if (a == kNoCell || b == kNoCell) return true;
    if (!board.is_live(a) && !board.is_live(b)) return true;
    return candidates.test(a) || candidates.test(b);
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = 0; i < size; ++i) {
      const int c = cells[i];
      if (!candidates.test(c)) continue;
      if (!blocked(c, kUp) || !blocked(c, kLeft)) {
        candidates.reset(c);
        changed = true;
      }
    }
  }
  return candidates;
}

// The frozen boxes among those 4-connected to the box on `cell` (a push can only create frozen
// sets that contain the pushed box, and a frozen set is connected to its blockers).
template <class Set>
Set frozen_cluster(const Board& board, const Set& boxes, int cell) {
  std::array<std::uint16_t, Set::kCapacity> cluster;
  int size = 0;
  Set in_set;
  cluster[static_cast<std::size_t>(size++)] = static_cast<std::uint16_t>(cell);
  in_set.set(cell);
  for (int i = 0; i < size; ++i) {
    for (int d = 0; d < 4; ++d) {
      const std::uint16_t n = board.neighbor(cluster[static_cast<std::size_t>(i)], d);
      if (n != kNoCell && boxes.test(n) && !in_set.test(n)) {
        in_set.set(n);
        cluster[static_cast<std::size_t>(size++)] = n;
      }
    }
  }
  return frozen_among(board, in_set, cluster.data(), size);
}

// Whether the box on `cell` can be in any frozen set: blocked along both axes with every box
// counted as a blocker, which is the most any set can count. A box with an axis free of walls
// and boxes (and not dead on both sides) is in none. So after a push that leaves its box on
// such a square, every frozen set of the state was frozen before the push too (a set blocks
// itself, and the pushed box is not in it): the tests after a push can skip the fixpoint.
template <class Set>
bool may_freeze(const Board& board, const Set& boxes, int cell) {
  auto blocked = [&](int d) {
    const std::uint16_t a = board.neighbor(cell, d), b = board.neighbor(cell, opposite(d));
    if (a == kNoCell || b == kNoCell) return true;
    if (!board.is_live(a) && !board.is_live(b)) return true;
    return boxes.test(a) || boxes.test(b);
  };
  return blocked(kUp) && blocked(kLeft);
}

// Every frozen box of the state.
template <class Set>
Set frozen_boxes(const Board& board, const Set& boxes) {
  std::array<std::uint16_t, Set::kCapacity> cells;
  int size = 0;
  boxes.for_each([&](int c) { cells[static_cast<std::size_t>(size++)] = static_cast<std::uint16_t>(c); });
  return frozen_among(board, boxes, cells.data(), size);
}

// True when the boxes connected to `cell` contain a frozen box that is not on a goal.
template <class Set>
bool frozen_deadlock(const Board& board, const Set& boxes, int cell) {
  return !frozen_cluster(board, boxes, cell).subset_of(board.goal_set());
}

}  // namespace hsearch::sokoban
