#pragma once
// Tunnel macros (Junghanns; the reference thesis, 14.3): a push that brings a box onto a macro
// tunnel square (Board::is_macro_tunnel: a corridor square with walls on both sides, no goal,
// the only way between its two ends) goes on along the corridor to the first square that is
// not one, as one move costing all its pushes. The states with the box inside the corridor are
// never made, so A* stores fewer states; the plan's pushes are the same count.
//
// Why no optimal solution is lost. Say a push brings box B onto macro tunnel square t, moving
// in direction d, and let e be the first square on from t (along d) that is not a macro
// tunnel square. While B stands on any corridor square, that square cuts the floor in two
// (that is what a macro tunnel square is) and the player is on the back side, the side it
// pushed from. So:
//   * B is never pushed back: that needs the player on the front side;
//   * no other box enters the corridor behind B, or the player could never get behind B again
//     and B, on a square that is no goal, would stay there: no solution;
//   * nothing on the front side moves (the player cannot get there), so a box on the corridor
//     ahead of B or on e stays there, and B could never leave: no solution. The macro is then
//     not offered (such a push leads to a dead end), nor when e is a dead cell.
// Otherwise every solution pushes B on to e at some later time, and meanwhile only pushes boxes
// on the back side, with the player walking on the back side and the corridor behind B. Making
// B's remaining pushes at once keeps all those pushes possible (the corridor is then free and
// B, on e, is on the front side), leaves the same boxes where they were, and lets the player
// walk to the corridor's last square, where the solution had it after B's last push: the same
// pushes, in another order. A stopped macro (a shorter `steps`) would also be sound: the state
// it leaves is a real one, whose pushes go on along the corridor.
//
// This is a cut: it changes which states exist, so it is only for searches that count a move's
// cost (A*, IDA*), never for breadth-first or depth-first searches that count moves.
#include <cstdint>

#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/push_state.hpp"

namespace hsearch::sokoban {

// For a legal push `m` (one step) among `boxes`: when it brings its box onto a macro tunnel
// square, extends it to the corridor's end (m.steps). Returns false when that push can lead to
// no solution (a box on the corridor ahead or on its end, or a dead end square): leave it out.
template <class Set>
bool extend_through_tunnel(const Board& board, const Set& boxes, Push& m) {
  std::uint16_t at = board.neighbor(m.from, m.dir);
  int steps = 1;
  while (board.is_macro_tunnel(at) && steps < 255) {
    const std::uint16_t next = board.neighbor(at, m.dir);
    if (next == kNoCell || boxes.test(next)) return false;
    at = next;
    ++steps;
  }
  if (!board.is_live(at)) return false;
  m.steps = static_cast<std::uint8_t>(steps);
  return true;
}

}  // namespace hsearch::sokoban
