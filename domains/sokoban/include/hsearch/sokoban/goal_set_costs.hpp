#pragma once
// The fewest pushes that bring a sub-problem's boxes (a pattern of pattern_search.hpp: some
// boxes alone on the board, the player in its zone) onto each set of goals, up to a ceiling.
//
// Why per goal set: a pattern P that costs c(P) pushes onto its cheapest goals says little
// when the other boxes want those goals too. The penalty table (penalty_table.hpp) combines
// c(P -> G), the cost onto each goal set G, with the dual potentials of the whole state's
// matching, which charge the other boxes for the goals G takes from them.
//
// How: breadth-first by pushes (every push costs 1), keeping only states whose pushes so far
// plus their matching bound stay within the ceiling. A goal set is recorded the first time a
// state with every box on a goal is generated, which is at its fewest pushes. A state that can
// reach G within the ceiling has g + h <= c(P -> G) <= ceiling (the bound is admissible for
// every goal set: it is a minimum over all of them), so it is never cut, and every G of cost
// up to the ceiling is found. When the expansion limit stops the search inside layer g, every
// G of cost up to g is found. Either way, every goal set not listed costs at least `floor`.
//
// PI-corral pruning is off in this search: it keeps some optimal solution, not one per goal
// set. The dead-end tests stay on: a state that cannot reach any goal set cannot reach G.
#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "hsearch/core/cost.hpp"
#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"

namespace hsearch::sokoban {

// A set of goals (bit i: the board's goal i) and the fewest pushes that bring a pattern's boxes
// onto exactly those goals.
struct GoalSetCost {
  std::uint64_t goals = 0;
  std::int32_t cost = 0;
};

struct GoalSetCosts {
  std::vector<GoalSetCost> sets;  // by cost, cheapest first
  std::int32_t floor = 0;         // every goal set not in `sets` costs at least this
  std::uint64_t expanded = 0;     // states expanded
};

// The costs of the `count` boxes on `cells`, the player on `player`, onto each goal set of
// cost at most `ceiling`, within `max_expanded` expansions. Set: the states' cell-set width.
template <class Set>
GoalSetCosts goal_set_costs(const Board& board, const std::uint16_t* cells, int count, std::uint16_t player,
                            int ceiling, std::uint64_t max_expanded) {
  using Domain = BasicSokobanDomain<Set>;
  using State = typename Domain::State;
  using Key = typename Domain::Key;
  // A state seen, with the Zobrist hash the domain keeps in every state (no second hash).
  struct Seen {
    Key key;
    std::uint64_t hash;
    bool operator==(const Seen& o) const { return key == o.key; }
  };
  struct SeenHash {
    std::size_t operator()(const Seen& s) const { return static_cast<std::size_t>(s.hash); }
  };
  Domain sub(board, cells, count, player);
  sub.set_pi_corrals(false);
  GoalSetCosts out;
  const State start = sub.initial_state();
  if (is_dead_end(start.h) || start.h > ceiling) {
    out.floor = is_dead_end(start.h) ? kNoPushPathCost : start.h;
    return out;
  }
  std::unordered_map<std::uint64_t, std::int32_t> found;
  auto goal_mask = [&](const State& s) {
    std::uint64_t mask = 0;
    s.boxes.for_each([&](int c) { mask |= std::uint64_t{1} << board.goal_index(c); });
    return mask;
  };
  if (sub.is_goal(start)) found.emplace(goal_mask(start), 0);
  std::unordered_set<Seen, SeenHash> seen{Seen{sub.pack(start), sub.hash(start)}};
  std::vector<State> layer{start}, next;
  out.floor = ceiling + 1;
  for (int g = 0; g < ceiling && !layer.empty(); ++g) {
    next.clear();
    for (State& s : layer) {
      if (out.expanded >= max_expanded) {
        out.floor = g + 1;  // layer g + 1 is not complete
        break;
      }
      ++out.expanded;
      sub.for_each_move(s, [&](const Push& m) {
        State child = s;
        sub.apply(child, m);
        if (is_dead_end(child.h) || g + 1 + child.h > ceiling) return;
        if (!seen.insert(Seen{sub.pack(child), sub.hash(child)}).second) return;
        if (sub.is_goal(child)) found.emplace(goal_mask(child), g + 1);
        next.push_back(std::move(child));
      });
    }
    if (out.floor == g + 1) break;
    layer.swap(next);
  }
  out.sets.reserve(found.size());
  for (const auto& [goals, cost] : found) out.sets.push_back(GoalSetCost{goals, cost});
  std::sort(out.sets.begin(), out.sets.end(),
            [](const GoalSetCost& a, const GoalSetCost& b) { return a.cost != b.cost ? a.cost < b.cost : a.goals < b.goals; });
  return out;
}

}  // namespace hsearch::sokoban
