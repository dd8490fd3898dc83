// Every algorithm against the Boost.Graph oracle on many seeded random instances.
#include <gtest/gtest.h>

#include <cstdint>

#include "framework/toy_domains.hpp"
#include "hsearch/graph/explicit_graph.hpp"
#include "hsearch/heuristics/combinators.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/search/bfs.hpp"
#include "hsearch/search/dfs.hpp"
#include "hsearch/search/ida_star.hpp"

namespace {

using namespace hsearch;
using graph::kUnreachable;

// Replays a plan, checking every move is applicable; returns its cost and whether it ends on a goal.
template <class D>
std::pair<typename D::Cost, bool> replay(const D& d, typename D::State s,
                                         const std::vector<typename D::Move>& plan) {
  typename D::Cost total = 0;
  for (const auto& m : plan) {
    bool applicable = false;
    d.for_each_move(s, [&](const typename D::Move& c) {
      if (d.label(c) == d.label(m)) applicable = true;
    });
    EXPECT_TRUE(applicable);
    total += d.cost(s, m);
    d.apply(s, m);
  }
  return {total, d.is_goal(s)};
}

// Each algorithm as a type: run() and what it promises.
struct RunAStar {
  static constexpr bool kCostOptimal = true;  // with an admissible heuristic
  template <class D, class H>
  static auto run(const D& d, const H& h) { return astar(d, d.start(), h); }
};
struct RunWeightedAStar {  // w_h / w_g = 2: cost within twice the optimum, never called optimal
  static constexpr bool kCostOptimal = false;
  template <class D, class H>
  static auto run(const D& d, const H& h) {
    AStarOptions o;
    o.weight_g = 1;
    o.weight_h = 2;
    return astar(d, d.start(), h, o);
  }
};
struct RunIdaStar {
  static constexpr bool kCostOptimal = true;
  template <class D, class H>
  static auto run(const D& d, const H& h) { return ida_star(d, d.start(), h); }
};
struct RunIdaStarWithTable {
  static constexpr bool kCostOptimal = true;
  template <class D, class H>
  static auto run(const D& d, const H& h) {
    IdaStarOptions o;
    o.transposition_entries = 1 << 12;
    return ida_star(d, d.start(), h, o);
  }
};
struct RunBfs {  // fewest moves; cost-optimal on unit-cost domains
  static constexpr bool kCostOptimal = false;
  template <class D, class H>
  static auto run(const D& d, const H&) { return bfs(d, d.start()); }
};
struct RunIddfs {  // fewest moves; cost-optimal on unit-cost domains
  static constexpr bool kCostOptimal = false;
  template <class D, class H>
  static auto run(const D& d, const H&) {
    IddfsOptions o;
    o.max_depth = 400;  // grids of at most 20x20 cells: any shortest path is shorter
    return iterative_deepening_dfs(d, d.start(), o, toy::PairedInversePruner{});
  }
};

template <class Algorithm>
class OracleTest : public ::testing::Test {};
using Algorithms = ::testing::Types<RunAStar, RunWeightedAStar, RunIdaStar, RunIdaStarWithTable,
                                    RunBfs, RunIddfs>;
TYPED_TEST_SUITE(OracleTest, Algorithms);

template <class Algorithm, class D>
void check_against_oracle(const D& d, int instance) {
  SCOPED_TRACE("instance " + std::to_string(instance));
  const auto g = graph::expand(d, d.start());
  const auto cost = graph::goal_distances(g)[0];
  const auto hops = graph::goal_distances(g, true)[0];
  if constexpr (std::is_same_v<Algorithm, RunIddfs>) {
    // Without duplicate detection IDDFS cannot prove unsolvability on a grid with cycles, and
    // its cost grows as 3^depth: keep it to short plans.
    if (cost == kUnreachable || hops > 10) return;
  }
  if constexpr (std::is_same_v<Algorithm, RunIdaStar>) {
    // Without a transposition table IDA* cannot prove a space with cycles unsolvable.
    if (cost == kUnreachable) return;
  }
  const toy::GridManhattan h{d.width(), d.goal_cell()};
  const auto r = Algorithm::run(d, h);
  if (cost == kUnreachable) {
    EXPECT_EQ(r.status, Status::unsolvable);
    EXPECT_TRUE(r.plan.empty());
    return;
  }
  ASSERT_EQ(r.status, Status::solved);
  const auto [replayed, at_goal] = replay(d, d.start(), r.plan);
  EXPECT_TRUE(at_goal);
  EXPECT_EQ(replayed, r.cost);
  EXPECT_GE(r.cost, cost);
  if constexpr (Algorithm::kCostOptimal) {
    EXPECT_EQ(r.cost, cost);
    EXPECT_TRUE(r.optimal);
  } else if constexpr (std::is_same_v<Algorithm, RunWeightedAStar>) {
    EXPECT_LE(r.cost, 2 * cost);
    EXPECT_FALSE(r.optimal);
  } else {  // BFS, IDDFS: fewest moves
    EXPECT_EQ(static_cast<std::int64_t>(r.plan.size()), hops);
    EXPECT_EQ(r.optimal, has_unit_cost<D>());
    if (has_unit_cost<D>()) {
      EXPECT_EQ(r.cost, cost);
    }
  }
  if (cost > 0) {
    EXPECT_GT(r.stats.generated, 0u);
  }
}

TYPED_TEST(OracleTest, UnitGridsMatchOracle) {
  for (int i = 0; i < 40; ++i) {
    toy::GridDomain<false> d(4 + i % 4, 4 + i % 3, 0.25, 1000 + static_cast<std::uint64_t>(i));
    check_against_oracle<TypeParam>(d, i);
  }
}

TYPED_TEST(OracleTest, WeightedGridsMatchOracle) {
  for (int i = 0; i < 40; ++i) {
    toy::GridDomain<true> d(4 + i % 3, 4 + i % 2, 0.2, 2000 + static_cast<std::uint64_t>(i));
    check_against_oracle<TypeParam>(d, i);
  }
}

// The oracle itself: on an empty unit grid, the distance is the Manhattan distance.
TEST(GraphOracle, EmptyGridDistancesAreManhattan) {
  toy::GridDomain<false> d(7, 6, 0.0, 5);
  const auto g = graph::expand(d, d.start());
  ASSERT_EQ(g.states.size(), 42u);
  const auto dist = graph::goal_distances(g);
  const toy::GridManhattan h{7, d.goal_cell()};
  for (std::size_t i = 0; i < g.states.size(); ++i) EXPECT_EQ(dist[i], h.estimate(g.states[i]));
}

TEST(GraphOracle, RefusesTooLargeSpaces) {
  toy::GridDomain<false> d(20, 20, 0.0, 5);
  EXPECT_THROW(graph::expand(d, d.start(), 100), std::length_error);
}

// Admissibility check of a heuristic with the oracle, as domain tests do it.
TEST(GraphOracle, ManhattanNeverOverestimatesOnWeightedGrids) {
  for (int i = 0; i < 20; ++i) {
    toy::GridDomain<true> d(8, 8, 0.3, 3000 + static_cast<std::uint64_t>(i));
    const auto g = graph::expand(d, d.start());
    const auto dist = graph::goal_distances(g);
    const toy::GridManhattan h{8, d.goal_cell()};
    for (std::size_t v = 0; v < g.states.size(); ++v) {
      if (dist[v] != kUnreachable) {
        EXPECT_LE(h.estimate(g.states[v]), dist[v]);
      }
    }
  }
}

}  // namespace
