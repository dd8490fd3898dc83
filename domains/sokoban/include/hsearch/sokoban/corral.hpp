#pragma once
// Frozen corrals: a simple, exact corral deadlock test (in the spirit of deadlock zones:
// empty squares the player cannot enter whose bordering boxes cannot move).
//
// Let K be a connected region of floor squares the player cannot reach (boxes included). Every
// square next to K is a wall or a square the player reaches now, so K can only change through a
// push of one of its boxes by a player standing in the reach R: box b of K, player on p in R
// next to b, target t = the square beyond b, which must be floor, live and free. Later on, other
// boxes can only take squares of R away (occupy p or t); they can never give the player a new
// square next to K. So if no such push exists now, none will ever exist: K is frozen for good,
// its boxes never move and its empty squares are never entered. Then the state is a deadlock
// when a box of K is off its goal, or when K holds an empty goal that must be filled (as many
// goals as boxes). This never prunes a solvable state, so it keeps push-optimality.
//
// After a push from `from` to `to` the search checks the region holding the box only: any
// region whose pushes the box now blocks, or that took squares the player lost, touches `to`
// and so holds it. Two other kinds of region can become frozen and are left to the search:
// one next to `from` (the box was one of its boxes, perhaps the only one the player could
// push) and, when the push let the player into new squares, the rest of a region that lost
// them to his area. Both are rare, and looking for the second after every push that opens new
// squares costs more than the expansions it saves.
#include <array>
#include <cstdint>

#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/cell_set.hpp"
#include "hsearch/sokoban/freeze.hpp"
#include "hsearch/sokoban/push_apply.hpp"
#include "hsearch/sokoban/push_state.hpp"
#include "hsearch/sokoban/window_deadlocks.hpp"

namespace hsearch::sokoban {

// True when the unreachable region containing `cell` is frozen and makes the state a deadlock.
// `cell` must not be in `reach` (a box's square never is).
//
// A push of one of the region's boxes that is possible now does not always unfreeze it: when
// the state it makes is a dead end counting only the region's boxes, that push is a deadlock
// whenever it happens, since the region stays as it is until then and boxes outside cannot
// matter (more boxes only block more). Two tests of that state: the pushed box frozen together
// with the region's other boxes (freeze.hpp), and, when `windows` is given, a window around the
// pushed box whose game cannot be won (window_deadlocks.hpp; with the player on the square the
// box left, which is in the player's area after the push; a solution of the whole state, its
// other boxes left out, would win that game). The second makes the test recursive in the way
// of the thesis's deadlock zones: a region is also frozen when every way out of it leads into
// a deadlock that needs more than one push to show.
//
// `depth` > 0 applies the test itself to that state too, `depth` pushes deep: the region
// holding the pushed box, with the player's area flooded from the square the box left, frozen
// with a box off its goal. The state has fewer boxes than goals, so an empty goal in it proves
// nothing (every_goal_needed false); a state with fewer boxes only relaxes, so its dead end is
// one of the whole state after the push, whenever that push is made.
template <class Set>
bool frozen_corral(const Board& board, const Set& boxes, const Set& reach, int cell, bool every_goal_needed,
                   const WindowDeadlockTable* windows = nullptr, int depth = 0) {
  // (The region's boxes before a push have no frozen set off its goals, or the state is a
  // freeze deadlock already and the caller says so: only a set holding the pushed box, which
  // must be able to freeze, is new.)
  const auto dead_after = [&](const Set& after, int from, int to) {
    if (may_freeze(board, after, to) && frozen_deadlock(board, after, to)) return true;
    if (windows != nullptr && windows->unwinnable_after_push(after, from, to)) return true;
    if (depth == 0) return false;
    Set reach_after;
    flood_player_area(board, after, static_cast<std::uint16_t>(from), reach_after);
    return frozen_corral(board, after, reach_after, to, false, windows, depth - 1);
  };
  // Quick exit: a possible push of the box on `cell` itself that is no dead end, even counting
  // every box (more boxes only block more), keeps the region from being frozen. The box just
  // pushed can usually be pushed on, so this spares most regions their flood.
  for (int d = 0; d < 4; ++d) {
    if (!can_push(board, boxes, reach, static_cast<std::uint16_t>(cell), d)) continue;
    const std::uint16_t t = board.neighbor(cell, d);
    Set after = boxes;
    after.reset(cell);
    after.set(t);
    if (!dead_after(after, cell, t)) return false;
  }
  std::array<std::uint16_t, Set::kCapacity> region;
  std::array<std::uint16_t, Set::kCapacity * 2> push_from, push_to;  // the region's possible pushes
  int size = 0, pushes = 0;
  Set seen, region_boxes;
  region[static_cast<std::size_t>(size++)] = static_cast<std::uint16_t>(cell);
  seen.set(cell);
  bool deadlock_if_frozen = false;
  for (int i = 0; i < size; ++i) {
    const int c = region[static_cast<std::size_t>(i)];
    const bool box = boxes.test(c);
    if (box) region_boxes.set(c);
    if (box != board.is_goal(c) && (box || every_goal_needed)) deadlock_if_frozen = true;
    for (int d = 0; d < 4; ++d) {
      const std::uint16_t n = board.neighbor(c, d);
      if (n == kNoCell) continue;
      if (reach.test(n)) {
        if (!box) continue;  // cannot happen for an empty square: it would be reachable
        // The player can stand on n and push the box away from it.
        const std::uint16_t t = board.neighbor(c, opposite(d));
        if (t != kNoCell && board.is_live(t) && !boxes.test(t)) {
          if (pushes >= static_cast<int>(push_from.size())) return false;
          push_from[static_cast<std::size_t>(pushes)] = static_cast<std::uint16_t>(c);
          push_to[static_cast<std::size_t>(pushes++)] = t;
        }
      } else if (!seen.test(n)) {
        seen.set(n);
        region[static_cast<std::size_t>(size++)] = n;
      }
    }
  }
  if (!deadlock_if_frozen) return false;
  for (int k = 0; k < pushes; ++k) {
    Set after = region_boxes;
    after.reset(push_from[static_cast<std::size_t>(k)]);
    after.set(push_to[static_cast<std::size_t>(k)]);
    if (!dead_after(after, push_from[static_cast<std::size_t>(k)], push_to[static_cast<std::size_t>(k)])) return false;
  }
  return true;
}

}  // namespace hsearch::sokoban
