#pragma once
// The exact remaining cost of a state, the yardstick of the bound tests: A* with the plain
// matching bound (no learned patterns, no frozen-goal distances).
#include <cstdint>
#include <optional>
#include <random>
#include <vector>

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

// One step of the bound tests' walks: a random push, or three times in four the push whose
// child has the lowest bound (so that boxes reach goals and rooms fill); none when the state
// has no push.
inline std::optional<SokobanDomain::Move> walk_step(const SokobanDomain& d, const SokobanDomain::State& s,
                                                    std::mt19937_64& rng) {
  std::vector<SokobanDomain::Move> moves;
  d.for_each_move(s, [&](const SokobanDomain::Move& m) { moves.push_back(m); });
  if (moves.empty()) return std::nullopt;
  SokobanDomain::Move pick = moves[rng() % moves.size()];
  if (rng() % 4 != 0) {
    int best = -1;
    for (const auto& m : moves) {
      SokobanDomain::State child = s;
      d.apply(child, m);
      if (!hsearch::is_dead_end(child.h) && (best < 0 || child.h < best)) best = child.h, pick = m;
    }
  }
  return pick;
}

}  // namespace hsearch::sokoban::testing
