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
//
// With what a search learned (a learned file's patterns, learned_file.hpp), each state also
// gets the bound that knowledge gives it (the penalties and deadlocks of the patterns and the
// area-entry groups, as A* revalues a state: no new sub-search): where that f still rises is
// what the search has not learned yet.
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "hsearch/core/cost.hpp"
#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/cell_set.hpp"
#include "hsearch/sokoban/goal_room_bound.hpp"
#include "hsearch/sokoban/level.hpp"
#include "hsearch/sokoban/pattern_search.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"
#include "hsearch/sokoban/solution.hpp"

namespace hsearch::sokoban {

struct BoundProfileOptions {
  bool start_frozen_walls = true;  // BoardOptions::start_frozen_walls
  bool frozen_goal_distances = true;
  bool push_parity = true;
  bool goal_room = true;
  GoalRoomOptions goal_room_options;
  // What a search learned (LearnedFile::patterns; nullptr: nothing), read with the options it
  // was learned with; `learned_name` names it in messages (restore throws TableFileError).
  const std::vector<std::uint8_t>* learned = nullptr;
  PatternSearchOptions patterns;
  std::string learned_name;
};

struct BoundStep {
  int pushes = 0;       // g: pushes made so far
  int bound = 0;        // h at the state they reach; -1 when the deadlock tests call it dead
  int row = -1;         // the square the last push took its box from (-1 at the start)
  int col = -1;
  char letter = 0;      // the last push's LURD letter (0 at the start)
  int learned_bound = -2;  // the bound with what was learned: -2 when nothing was, -1 dead
  int f() const { return bound < 0 ? -1 : pushes + bound; }
  int learned_f() const { return learned_bound < 0 ? learned_bound : pushes + learned_bound; }
};

struct BoundProfile {
  std::string error;              // not empty: the solution does not replay (verify_lurd's words)
  int pushes = 0;                 // the solution's push count
  std::vector<BoundStep> steps;   // the start, then one per push (up to a dead one, if any)
  std::size_t learned_patterns = 0;  // patterns read from what was learned
  // The first state the deadlock tests call dead (-1: none; on a solution, a wrong test).
  int dead_at() const {
    for (const BoundStep& s : steps)
      if (s.bound < 0) return s.pushes;
    return -1;
  }
  // The first state a learned deadlock pattern calls dead (-1: none; on a solution, a wrong
  // pattern).
  int learned_dead_at() const {
    for (const BoundStep& s : steps)
      if (s.learned_bound == -1) return s.pushes;
    return -1;
  }
};

// The profile of `lurd` on `level`; `error` says why there is none.
inline BoundProfile bound_profile(const Level& level, const std::string& lurd, const BoundProfileOptions& options = {}) {
  BoundProfile out;
  out.error = verify_lurd(level, lurd, &out.pushes);
  if (!out.error.empty()) return out;
  const Board board(level, BoardOptions{options.start_frozen_walls});
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
    // The learned patterns are asked only through current_bound: the pushes are applied
    // without them, so that no sub-search runs and h stays the start's kind of bound.
    std::optional<BasicPatternSearch<Set>> known;
    if (options.learned != nullptr) {
      // The file holds no costs per goal set: with goal_set_slack, every restored penalty
      // pattern is searched per goal set here (goal_set_nodes each), whatever the budget a
      // search would have given them by then.
      PatternSearchOptions patterns = options.patterns;
      patterns.head_start = std::numeric_limits<std::uint64_t>::max() / 4;
      known.emplace(board, patterns);
      if (room && room->usable()) known->set_goal_room(&*room);
      known->restore(*options.learned, options.learned_name);
      if (patterns.goal_set_slack > 0) {
        while (known->search_goal_sets()) {
        }
      }
      out.learned_patterns = known->table().size();
    }
    auto with_learned = [&](const auto& state, BoundStep step) {
      if (known) {
        domain.set_bound_hook(&*known);
        step.learned_bound = bound_of(domain.current_bound(state));
        domain.set_bound_hook(nullptr);
      }
      out.steps.push_back(step);
    };
    auto s = domain.initial_state();
    with_learned(s, BoundStep{0, bound_of(s.h), -1, -1, 0});
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
        with_learned(s, BoundStep{++pushes, bound_of(s.h), br, bc, ch});
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
