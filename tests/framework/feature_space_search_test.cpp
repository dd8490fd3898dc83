// The feature-space search: plans that replay, unsolvable only when nothing is left, the cells
// taken in turn (no plateau starves the others), advised moves first within a cell, limits.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "framework/toy_domains.hpp"
#include "hsearch/core/replay.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/search/feature_space_search.hpp"

namespace {

using namespace hsearch;
using toy::GraphDomain;

// Every state in one cell, every move of weight 1: a best-first search on (depth, h).
struct OneCell {
  template <class State>
  std::uint64_t cell(const State&) const {
    return 0;
  }
  template <class State, class Move>
  int weight(const State&, std::uint64_t, const Move*, const Move&, const State&, std::uint64_t) const {
    return 1;
  }
};

// Graph nodes given cells and advised (weight 0) targets by table.
struct TableFeatures {
  std::vector<std::uint64_t> cells;
  std::vector<int> advised;  // 1: a move into this node weighs 0
  std::uint64_t cell(const GraphDomain::State& s) const { return cells[static_cast<std::size_t>(s.node)]; }
  int weight(const GraphDomain::State&, std::uint64_t, const GraphDomain::Move*, const GraphDomain::Move& m,
             const GraphDomain::State&, std::uint64_t) const {
    return advised[static_cast<std::size_t>(m.to)] != 0 ? 0 : 1;
  }
};

TEST(FeatureSpaceSearch, PlansReplayAndUnsolvableAgreesWithAStar) {
  int solved = 0, unsolvable = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    const toy::GridDomain<true> grid(12, 10, 0.3, seed);
    const toy::GridManhattan h{grid.width(), grid.goal_cell()};
    const auto r = feature_space_search(grid, grid.start(), h, OneCell{});
    const auto exact = astar(grid, grid.start(), h);
    ASSERT_EQ(r.status, exact.status) << "seed " << seed;
    EXPECT_FALSE(r.optimal);
    EXPECT_EQ(r.lower_bound, 0);
    if (!r.solved()) {
      ++unsolvable;
      continue;
    }
    ++solved;
    EXPECT_TRUE(plan_replays(grid, grid.start(), r.plan, r.cost)) << "seed " << seed;
    EXPECT_GE(r.cost, exact.cost) << "seed " << seed;
  }
  // Both outcomes occur, or the comparison would test one branch only.
  EXPECT_GE(solved, 10);
  EXPECT_GE(unsolvable, 3);
}

// S=0 -> A=1 starts a chain of 2,000 advised nodes in cell 0 with the smallest h, none of them
// leading anywhere; S -> B=2 (cell 1, not advised) -> G=3. A search ordered by weight alone
// would walk the whole chain before B; taking the cells in turn reaches G at once.
TEST(FeatureSpaceSearch, TakingTheCellsInTurnKeepsAPlateauFromStarvingTheRest) {
  constexpr int kChain = 2000;
  std::vector<std::vector<GraphDomain::Edge>> adjacency(4 + kChain);
  adjacency[0] = {{1, 1}, {2, 1}};
  adjacency[1] = {{4, 1}};
  adjacency[2] = {{3, 1}};
  for (int i = 4; i < 4 + kChain - 1; ++i) adjacency[static_cast<std::size_t>(i)] = {{i + 1, 1}};
  const GraphDomain d(adjacency, 3);
  TableFeatures f;
  f.cells.assign(adjacency.size(), 0);
  f.cells[2] = 1;
  f.cells[3] = 1;
  f.advised.assign(adjacency.size(), 1);
  f.advised[2] = 0;
  toy::TableHeuristic h{std::vector<int>(adjacency.size(), 0)};
  h.h[2] = 5;
  const auto r = feature_space_search(d, d.start(), h, f);
  ASSERT_TRUE(r.solved());
  EXPECT_EQ(r.cost, 2);
  EXPECT_LE(r.stats.expanded, 4u);

  // One cell for all: the chain comes first, all of it.
  f.cells.assign(adjacency.size(), 0);
  const auto starved = feature_space_search(d, d.start(), h, f);
  ASSERT_TRUE(starved.solved());
  EXPECT_GE(starved.stats.expanded, static_cast<std::uint64_t>(kChain));
}

// Within a cell the advised (weight 0) path is taken before the unadvised one, whatever h says.
TEST(FeatureSpaceSearch, AdvisedMovesComeFirstWithinACell) {
  // S -> A=1 -> G=3 (A advised, h(A) = 9) and S -> B=2 -> G (h(B) = 0).
  const GraphDomain d({{{1, 1}, {2, 1}}, {{3, 5}}, {{3, 1}}, {}}, 3);
  TableFeatures f{{0, 0, 0, 0}, {0, 1, 0, 0}};
  const toy::TableHeuristic h{{0, 9, 0, 0}};
  const auto r = feature_space_search(d, d.start(), h, f);
  ASSERT_TRUE(r.solved());
  ASSERT_EQ(r.plan.size(), 2u);
  EXPECT_EQ(r.plan[0].to, 1);
  EXPECT_EQ(r.cost, 6);
  // Nothing advised: h breaks the tie of equal weights, and B comes first.
  f.advised = {0, 0, 0, 0};
  const auto plain = feature_space_search(d, d.start(), h, f);
  ASSERT_TRUE(plain.solved());
  EXPECT_EQ(plain.plan[0].to, 2);
  EXPECT_EQ(plain.cost, 2);
}

TEST(FeatureSpaceSearch, LimitsStopItAndSayWhich) {
  const toy::GridDomain<false> grid(60, 60, 0.0, 7);
  if (grid.start().cell == grid.goal_cell()) GTEST_SKIP() << "start is the goal for this seed";
  // A constant h: no guidance, so the search expands many nodes.
  struct Zero {
    int estimate(const toy::GridDomain<false>::State&) const { return 0; }
  };
  FeatureSpaceOptions o;
  o.limits.max_expanded = 50;
  const auto r = feature_space_search(grid, grid.start(), Zero{}, OneCell{}, o);
  EXPECT_EQ(r.status, Status::stopped);
  EXPECT_EQ(r.stop_reason, StopReason::node_limit);
  EXPECT_EQ(r.stats.expanded, 50u);
  EXPECT_FALSE(r.optimal);
}

TEST(FeatureSpaceSearch, ADeadStartIsUnsolvableAndAGoalStartIsSolved) {
  const GraphDomain d({{{1, 1}}, {}}, 1);
  const toy::TableHeuristic dead{{dead_end<int>(), 0}};
  EXPECT_EQ(feature_space_search(d, d.start(), dead, OneCell{}).status, Status::unsolvable);
  const GraphDomain at_goal({{}}, 0);
  const toy::TableHeuristic zero{{0}};
  const auto r = feature_space_search(at_goal, at_goal.start(), zero, OneCell{});
  ASSERT_TRUE(r.solved());
  EXPECT_TRUE(r.plan.empty());
}

}  // namespace
