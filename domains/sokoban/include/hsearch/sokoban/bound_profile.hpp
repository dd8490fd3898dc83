#pragma once
// The push bound along a given solution: after each of its pushes, the bound the search starts
// from at that state (the matching over the sides the player can reach, boxes frozen on goals,
// the goal-room bound, the parity; nothing learned), with g, the pushes made, and f = g + h.
//
// The bound is admissible, so f never exceeds the solution's push count, and every state on
// the path passes the deadlock tests. Along a push-optimal solution f ends at the optimum;
// where it rises, the states before the rise were short of their true cost by at least the
// rise: what the bound misses (a box that must step aside, a doorway the player must clear)
// happens there. A* must close every layer of f below the optimum, so those states and their
// neighbours are where the search spends its time (docs/sokoban.md, "The bound along a
// solution").
#include <optional>
#include <string>
#include <vector>

#include "hsearch/core/cost.hpp"
#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/cell_set.hpp"
#include "hsearch/sokoban/goal_room_bound.hpp"
#include "hsearch/sokoban/level.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"
#include "hsearch/sokoban/solution.hpp"

namespace hsearch::sokoban {

struct BoundProfileOptions {
  bool frozen_goal_distances = true;
  bool push_parity = true;
  bool goal_room = true;
  GoalRoomOptions goal_room_options;
};

struct BoundStep {
  int pushes = 0;       // g: pushes made so far
  int bound = 0;        // h at the state they reach; -1 when the deadlock tests call it dead
  int row = -1;         // the square the last push took its box from (-1 at the start)
  int col = -1;
  char letter = 0;      // the last push's LURD letter (0 at the start)
  int f() const { return bound < 0 ? -1 : pushes + bound; }
};

struct BoundProfile {
  std::string error;              // not empty: the solution does not replay (verify_lurd's words)
  int pushes = 0;                 // the solution's push count
  std::vector<BoundStep> steps;   // the start, then one per push (up to a dead one, if any)
  // The first state the deadlock tests call dead (-1: none; on a solution, a wrong test).
  int dead_at() const {
    for (const BoundStep& s : steps)
      if (s.bound < 0) return s.pushes;
    return -1;
  }
};

// The profile of `lurd` on `level`; `error` says why there is none.
inline BoundProfile bound_profile(const Level& level, const std::string& lurd, const BoundProfileOptions& options = {}) {
  BoundProfile out;
  out.error = verify_lurd(level, lurd, &out.pushes);
  if (!out.error.empty()) return out;
  const Board board(level);
  int pr = board.row(board.initial_player()), pc = board.col(board.initial_player());
  with_cell_set_for(board.cell_count(), [&]<class Set>(Set) {
    BasicSokobanDomain<Set> domain(board);
    domain.set_frozen_goal_distances(options.frozen_goal_distances);
    domain.set_push_parity(options.push_parity);
    std::optional<GoalRoomBound> room;
    if (options.goal_room && domain.box_count() == static_cast<int>(board.goals().size())) {
      room.emplace(board, options.goal_room_options);
      if (room->usable()) domain.set_goal_room(&*room);
    }
    auto bound_of = [](int h) { return is_dead_end(h) ? -1 : h; };
    auto s = domain.initial_state();
    out.steps.push_back(BoundStep{0, bound_of(s.h), -1, -1, 0});
    int pushes = 0;
    for (const char ch : lurd) {
      bool push = false;
      const int d = lurd_direction(ch, push);
      if (d < 0) continue;  // never: verify_lurd replayed the whole string
      const int br = pr + kRowStep[d], bc = pc + kColStep[d];
      if (push) {
        Push p;
        p.from = board.cell_at(br, bc);
        p.dir = static_cast<std::uint8_t>(d);
        domain.apply(s, p);
        out.steps.push_back(BoundStep{++pushes, bound_of(s.h), br, bc, ch});
        // The tests call no state of a solution dead; if one does, that is the finding, and
        // the domain is not asked to go on from a state it gave up on.
        if (out.steps.back().bound < 0) return;
      }
      pr = br, pc = bc;
    }
  });
  return out;
}

}  // namespace hsearch::sokoban
