#pragma once
// Moving a box in a PushState, and the parts of the state that follow the boxes and the
// player: the player's area with the normalised player, and the Zobrist hash.
//
// Both are kept up to date by each push instead of being recomputed, because a search makes
// millions of pushes and each changes little: the hash changes by the moved box and the old
// and new normalised player; the area loses the box's new square and gains its old one, which
// is usually decided by looking at the eight squares around the new square (see
// update_player_area). From scratch (a start state, a state rebuilt from its key) the area is
// a flood fill. The lower bound that also follows a push is push_matching.hpp's.
//
// No allocation: the flood fills work in fixed-size arrays on the stack.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>

#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/cell_set.hpp"
#include "hsearch/sokoban/push_state.hpp"

namespace hsearch::sokoban {

// Adds to `reach` every square the player gets to from `from` (already in `reach`) without
// pushing: a flood over a fixed stack, no allocation.
template <class Set>
void grow_area(const Board& board, const Set& boxes, std::uint16_t from, Set& reach) {
  std::array<std::uint16_t, Set::kCapacity> stack;
  int top = 0;
  stack[static_cast<std::size_t>(top++)] = from;
  while (top > 0) {
    const std::uint16_t c = stack[static_cast<std::size_t>(--top)];
    for (int d = 0; d < 4; ++d) {
      const std::uint16_t n = board.neighbor(c, d);
      if (n == kNoCell || reach.test(n) || boxes.test(n)) continue;
      reach.set(n);
      stack[static_cast<std::size_t>(top++)] = n;
    }
  }
}

// The player's area from `from` among `boxes`, flooded into `reach`; returns the normalised
// player: the smallest cell reached.
template <class Set>
std::uint16_t flood_player_area(const Board& board, const Set& boxes, std::uint16_t from, Set& reach) {
  reach.clear();
  reach.set(from);
  grow_area(board, boxes, from, reach);
  return static_cast<std::uint16_t>(reach.first());
}

// True when the reachable squares among the four beside `cell` lie on one run of reachable
// squares around its ring of eight: then paths through `cell` can go round it.
template <class Set>
bool ring_connected(const Board& board, const Set& reach, int cell) {
  const auto& ring = board.ring(cell);
  std::array<bool, 8> in{};
  int orthogonal = 0;
  int gap = -1;
  for (int i = 0; i < 8; ++i) {
    in[static_cast<std::size_t>(i)] = ring[static_cast<std::size_t>(i)] != kNoCell && reach.test(ring[static_cast<std::size_t>(i)]);
    if (in[static_cast<std::size_t>(i)] && i % 2 == 0) ++orthogonal;
    if (!in[static_cast<std::size_t>(i)] && gap < 0) gap = i;
  }
  if (orthogonal <= 1 || gap < 0) return true;
  int runs_with_orthogonal = 0;
  bool in_run = false, run_has = false;
  for (int k = 1; k <= 8; ++k) {
    const int i = (gap + k) % 8;
    if (in[static_cast<std::size_t>(i)]) {
      if (!in_run) in_run = true, run_has = false;
      if (i % 2 == 0) run_has = true;
    } else if (in_run) {
      runs_with_orthogonal += run_has;
      in_run = false;
    }
  }
  return runs_with_orthogonal == 1;
}

// The player's area after the push from -> to (`boxes` already moved), from the area before
// it, which holds the player's square next to `from`; returns the normalised player. Usually
// local: when the squares around `to` that stay reachable form one arc of its ring, taking `to`
// away keeps the area connected; `from` joins it, and a small flood adds whatever `from` opens
// up. Otherwise a full flood.
template <class Set>
std::uint16_t update_player_area(const Board& board, const Set& boxes, Set& reach, std::uint16_t from, std::uint16_t to) {
  reach.set(from);
  if (reach.test(to)) {
    reach.reset(to);
    if (!ring_connected(board, reach, to)) return flood_player_area(board, boxes, from, reach);
  }
  grow_area(board, boxes, from, reach);
  return static_cast<std::uint16_t>(reach.first());
}

// The Zobrist hash of the boxes alone (XOR of their keys).
template <class Set>
std::uint64_t box_hash(const Board& board, const Set& boxes) {
  std::uint64_t h = 0;
  boxes.for_each([&](int c) { h ^= board.zobrist_box(c); });
  return h;
}

// A state's hash: its boxes' keys and its normalised player's key.
template <class Set>
std::uint64_t state_hash(const Board& board, const Set& boxes, std::uint16_t player) {
  return box_hash(board, boxes) ^ board.zobrist_player(player);
}

// The square a push leaves its box on: a goal macro's goal, else `steps` squares on from `from`.
inline std::uint16_t push_target(const Board& board, const Push& m) {
  if (m.to != kNoCell) return m.to;
  std::uint16_t at = m.from;
  for (int i = 0; i < m.steps; ++i) at = board.neighbor(at, m.dir);
  return at;
}

// Makes the push `m` in `s` (all its steps): the box, its row of box_cell, the player's area,
// the hash, the last push, and the pushed box's player side. Returns the pushed box's row. The
// bound and the deadlock tests are not touched (SokobanDomain::complete does them).
template <class Set>
int move_box(const Board& board, BasicPushState<Set>& s, const Push& m) {
  const std::uint16_t from = m.from;
  const std::uint16_t to = push_target(board, m);
  int row = 0;
  while (s.box_cell[static_cast<std::size_t>(row)] != from) ++row;
  s.boxes.reset(from);
  s.boxes.set(to);
  s.box_cell[static_cast<std::size_t>(row)] = to;
  s.hash ^= board.zobrist_box(from) ^ board.zobrist_box(to) ^ board.zobrist_player(s.player);
  // The local update finds the area that holds `from`, the one square the move frees (a macro's
  // other squares were free before and are after). After a macro the player stands behind the
  // box's last push, which may lie outside that area: then it floods its own.
  s.player = update_player_area(board, s.boxes, s.reach, from, to);
  if (m.steps > 1) {
    const std::uint16_t behind = board.neighbor(to, opposite(m.dir));
    if (!s.reach.test(behind)) s.player = flood_player_area(board, s.boxes, behind, s.reach);
  }
  s.hash ^= board.zobrist_player(s.player);
  s.last_box = static_cast<std::uint8_t>(row);
  s.last_dir = m.dir;
  // The pushed box's player side is the square it came from; the other boxes keep theirs
  // (Board::player_side: other boxes never change a box's side).
  s.box_side[static_cast<std::size_t>(row)] = static_cast<std::int8_t>(opposite(m.dir));
  return row;
}

}  // namespace hsearch::sokoban
