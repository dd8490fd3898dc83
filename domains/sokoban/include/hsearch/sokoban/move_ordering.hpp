#pragma once
// The legal pushes of a state, in the order the searches try them.
//
// A push is legal when the player's area holds the square behind the box and the square in
// front is free floor that is live (a push onto a dead cell is never generated: no goal could
// be reached from there).
//
// The order decides which of equally promising pushes a search tries first (A* with
// newer-first ties takes siblings in this order too), so it changes node counts but never
// optimality:
//   1. pushes onto a goal, the most enclosed goal first — walls and other boxes among its four
//      neighbours (Demaret's goal ordering: filling the corners of a goal area first keeps its
//      other goals open). On XSokoban this order, not a stronger bound, is what lets A* through
//      the last f layer of levels 55 and 80 (docs/sokoban.md);
//   2. the other pushes of the box pushed last, the same direction first (fewer player steps,
//      and boxes tend to travel in runs);
//   3. the rest, box by box in the order of their squares.
// No allocation: the lists are fixed-size arrays.
#include <array>
#include <cstddef>
#include <cstdint>

#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/cell_set.hpp"
#include "hsearch/sokoban/push_state.hpp"

namespace hsearch::sokoban {

// Room for every push of a state: four per box.
using PushList = std::array<Push, kMaxBoxes * 4>;

// For a push from -> to: -1 when `to` is no goal, else how many of the goal's four
// neighbours are walls or other boxes once the box stands on it.
template <class Set>
int goal_enclosure(const Board& board, const Set& boxes, std::uint16_t from, std::uint16_t to) {
  if (!board.is_goal(to)) return -1;
  int shut = 0;
  for (int d = 0; d < 4; ++d) {
    const std::uint16_t n = board.neighbor(to, d);
    if (n == kNoCell || (n != from && boxes.test(n))) ++shut;
  }
  return shut;
}

// Writes the legal pushes of `s` to `moves` in the order above; returns how many.
template <class Set>
int ordered_pushes(const Board& board, const BasicPushState<Set>& s, PushList& moves) {
  PushList listed;
  std::array<std::int8_t, kMaxBoxes * 4> rank;  // 4..0: onto a goal with that many sides shut; -1: not
  int count = 0;
  auto consider = [&](std::uint16_t from, int d) {
    if (!can_push(board, s.boxes, s.reach, from, d)) return;
    const std::uint16_t to = board.neighbor(from, d);
    listed[static_cast<std::size_t>(count)] = Push{from, static_cast<std::uint8_t>(d)};
    rank[static_cast<std::size_t>(count++)] = static_cast<std::int8_t>(goal_enclosure(board, s.boxes, from, to));
  };
  const std::uint16_t last = s.last_box != kNoLastBox ? s.box_cell[s.last_box] : kNoCell;
  if (last != kNoCell) {
    consider(last, s.last_dir);
    for (int d = 0; d < 4; ++d)
      if (d != s.last_dir) consider(last, d);
  }
  // The other boxes by their squares, not their rows: a state rebuilt from its key numbers
  // its boxes afresh, and its pushes come in the same order as when it was generated.
  s.boxes.for_each([&](int c) {
    if (c == last) return;
    for (int d = 0; d < 4; ++d) consider(static_cast<std::uint16_t>(c), d);
  });
  int ordered = 0;
  for (int r = 4; r >= -1; --r) {
    for (int k = 0; k < count; ++k)
      if (rank[static_cast<std::size_t>(k)] == r) moves[static_cast<std::size_t>(ordered++)] = listed[static_cast<std::size_t>(k)];
  }
  return count;
}

}  // namespace hsearch::sokoban
