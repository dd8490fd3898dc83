#pragma once
// The exact remaining cost of a state, the yardstick of the bound tests: A* with the plain
// matching bound (no learned patterns, no frozen-goal distances).
#include <cstdint>

#include "hsearch/search/astar.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"

namespace hsearch::sokoban::testing {

// -1: not finished within `max_expanded` expansions; -2: proven unsolvable.
inline int exact_cost(const Board& board, SokobanDomain::State s, std::uint64_t max_expanded) {
  SokobanDomain plain(board);
  plain.set_frozen_goal_distances(false);
  s.h = plain.full_bound(s);
  if (hsearch::is_dead_end(s.h)) return -2;
  hsearch::AStarOptions o;
  o.limits.max_expanded = max_expanded;
  const auto r = hsearch::astar(plain, s, PushLowerBound{}, o);
  if (r.status == hsearch::Status::unsolvable) return -2;
  return r.solved() && r.optimal ? r.cost : -1;
}

}  // namespace hsearch::sokoban::testing
