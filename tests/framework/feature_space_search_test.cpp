// The feature-space search: plans that replay, unsolvable only when nothing is left, the cells
// taken in turn (no plateau starves the others), advised moves first within a cell, ranked
// cells (a worse state waits in its ancestor's cell; every other turn to the best), limits.
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

// TableFeatures whose cells are ranked by their number: a larger cell is further on.
struct RankedTable : TableFeatures {
  bool better(std::uint64_t a, std::uint64_t b) const { return a > b; }
};
static_assert(RankedFeatureSpace<RankedTable, GraphDomain>);

// Ranked cells: a state no further on than its parent's cell waits in that cell, so the moves
// that make things worse open no cells of their own.
TEST(FeatureSpaceSearch, RankedCellsFileAWorseStateInItsAncestorsCell) {
  // S=0 (cell 5) -> A=1 (cell 3) -> B=2 (cell 4) -> G=3.
  const GraphDomain d({{{1, 1}}, {{2, 1}}, {{3, 1}}, {}}, 3);
  RankedTable f;
  f.cells = {5, 3, 4, 6};
  f.advised = {0, 0, 0, 0};
  const toy::TableHeuristic h{{0, 0, 0, 0}};
  auto cells_of = [&](bool ranked) {
    FeatureSpaceOptions options;
    options.ranked_cells = ranked;
    NullObserver observer;
    FeatureSpaceSearch<GraphDomain, toy::TableHeuristic, RankedTable, NullObserver> search(d, h, f, observer,
                                                                                             options);
    const auto r = search.run(d.start());
    EXPECT_TRUE(r.solved());
    EXPECT_EQ(r.cost, 3);
    std::vector<std::uint64_t> cells;
    search.for_each_cell([&](std::uint64_t c) { cells.push_back(c); });
    return cells;
  };
  EXPECT_EQ(cells_of(true), (std::vector<std::uint64_t>{5}));
  EXPECT_EQ(cells_of(false), (std::vector<std::uint64_t>{5, 3, 4}));
}

// S=0 has `others` children in cells 1..others, each heading a chain of `other_chain` nodes in
// its cell, and one child heading a chain of `best` nodes (cells best_cell(i) for node i) to
// G=1 (cell goal_cell).
struct ChainsGraph {
  GraphDomain domain;
  RankedTable features;
};
template <class BestCell>
ChainsGraph chains_graph(int best, int others, int other_chain, BestCell best_cell, std::uint64_t goal_cell) {
  const int first_other = 2 + best;
  std::vector<std::vector<GraphDomain::Edge>> adjacency(
      static_cast<std::size_t>(first_other + others * (other_chain + 1)));
  RankedTable f;
  f.cells.assign(adjacency.size(), 0);
  f.advised.assign(adjacency.size(), 0);
  adjacency[0].push_back({2, 1});
  for (int i = 2; i < 2 + best; ++i) {
    adjacency[static_cast<std::size_t>(i)].push_back({i + 1 < 2 + best ? i + 1 : 1, 1});
    f.cells[static_cast<std::size_t>(i)] = best_cell(i);
  }
  f.cells[1] = goal_cell;
  for (int k = 0; k < others; ++k) {
    const int head = first_other + k * (other_chain + 1);
    adjacency[0].push_back({head, 1});
    for (int i = head; i <= head + other_chain; ++i) {
      if (i < head + other_chain) adjacency[static_cast<std::size_t>(i)].push_back({i + 1, 1});
      f.cells[static_cast<std::size_t>(i)] = static_cast<std::uint64_t>(k + 1);
    }
  }
  return ChainsGraph{GraphDomain(adjacency, 1), f};
}

// Ranked cells: every other turn goes to the best cell, however many other cells there are.
// S=0 has 50 children in cells 1..50, each heading a chain of 100 nodes in its cell, and one
// child in cell 100 heading a chain of 30 nodes to G=1. In turn alone, each step along the
// best chain waits for the 50 other cells; with ranked cells it waits for one.
TEST(FeatureSpaceSearch, RankedCellsGiveEveryOtherTurnToTheBestCell) {
  constexpr int kBest = 30, kOthers = 50, kOtherChain = 100;
  const ChainsGraph g = chains_graph(kBest, kOthers, kOtherChain, [](int) { return std::uint64_t{100}; }, 100);
  const GraphDomain& d = g.domain;
  const RankedTable& f = g.features;
  const toy::TableHeuristic h{std::vector<int>(f.cells.size(), 0)};
  FeatureSpaceOptions ranked;
  ranked.ranked_cells = true;
  const auto fast = feature_space_search(d, d.start(), h, f, ranked);
  ASSERT_TRUE(fast.solved());
  EXPECT_EQ(fast.cost, kBest + 1);
  EXPECT_LE(fast.stats.expanded, static_cast<std::uint64_t>(2 * kBest + 2));
  const auto in_turn = feature_space_search(d, d.start(), h, f);
  ASSERT_TRUE(in_turn.solved());
  EXPECT_GE(in_turn.stats.expanded, static_cast<std::uint64_t>((kBest - 1) * kOthers));
}

// Ranked cells without the best cell's turns: states are still filed in the best cell on their
// path, but the cells only go round, so the best chain waits for every other cell again.
TEST(FeatureSpaceSearch, RankedCellsWithoutBestCellTurnsOnlyFileTheStates) {
  // The best chain of the test above, beside 20 other cells; its states' own cells get worse
  // along it (100, 99, ...), so filed by their own cells they would open a cell each.
  constexpr int kBest = 10, kOthers = 20, kOtherChain = 50;
  const ChainsGraph g = chains_graph(
      kBest, kOthers, kOtherChain, [](int i) { return static_cast<std::uint64_t>(102 - i); }, 1000);
  const GraphDomain& d = g.domain;
  const RankedTable& f = g.features;
  const toy::TableHeuristic h{std::vector<int>(f.cells.size(), 0)};
  auto run = [&](bool best_cell_turns, std::size_t& cell_count) {
    FeatureSpaceOptions options;
    options.ranked_cells = true;
    options.best_cell_turns = best_cell_turns;
    NullObserver observer;
    FeatureSpaceSearch<GraphDomain, toy::TableHeuristic, RankedTable, NullObserver> search(d, h, f, observer,
                                                                                             options);
    const auto r = search.run(d.start());
    cell_count = 0;
    search.for_each_cell([&](std::uint64_t) { ++cell_count; });
    EXPECT_TRUE(r.solved());
    EXPECT_EQ(r.cost, kBest + 1);
    return r.stats.expanded;
  };
  std::size_t filing_cells = 0, full_cells = 0;
  const std::uint64_t filing_only = run(false, filing_cells);
  const std::uint64_t with_turns = run(true, full_cells);
  // The start's cell (0) and one per chain, the best chain in its first state's: no cell for
  // each worse state of the best chain.
  EXPECT_EQ(filing_cells, static_cast<std::size_t>(kOthers + 2));
  EXPECT_EQ(full_cells, filing_cells);
  EXPECT_LE(with_turns, static_cast<std::uint64_t>(2 * kBest + 2));
  EXPECT_GE(filing_only, static_cast<std::uint64_t>((kBest - 1) * kOthers));
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

// Random graphs with admissible, inconsistent heuristics (toy::inconsistent_case); the nodes'
// cells: their number modulo 3, every other node advised.
toy::InconsistentCase bounded_case(int i) {
  return toy::inconsistent_case(5000 + static_cast<std::uint64_t>(i), static_cast<std::uint64_t>(i));
}
TableFeatures modulo_cells(const GraphDomain& d) {
  TableFeatures f;
  for (int v = 0; v < d.size(); ++v) {
    f.cells.push_back(static_cast<std::uint64_t>(v % 3));
    f.advised.push_back(v % 2);
  }
  return f;
}

// Under a cost bound of C* + 1 the search finds a solution of cost C* (nothing dearer passes
// the cut); under C* it runs out of nodes and says no solution is cheaper than C*. Its order
// (weights, not g) reaches nodes by dear paths first, so the cheaper paths must reopen them.
TEST(FeatureSpaceSearch, ACostBoundFindsAnOptimalSolutionOrProvesNoneIsCheaper) {
  int checked = 0;
  std::uint64_t reopened = 0;
  for (int i = 0; i < 80; ++i) {
    const toy::InconsistentCase c = bounded_case(i);
    if (c.optimum == graph::kUnreachable || c.optimum < 2) continue;
    const TableFeatures f = modulo_cells(c.domain);
    FeatureSpaceOptions options;
    options.cost_bound = c.optimum + 1;
    const auto r = feature_space_search(c.domain, c.domain.start(), c.h, f, options);
    ASSERT_TRUE(r.solved()) << "instance " << i;
    EXPECT_EQ(r.cost, c.optimum) << "instance " << i;
    EXPECT_TRUE(plan_replays(c.domain, c.domain.start(), r.plan, r.cost)) << "instance " << i;
    EXPECT_FALSE(r.optimal);  // (the search alone cannot know that nothing is cheaper)
    options.cost_bound = c.optimum;
    const auto none = feature_space_search(c.domain, c.domain.start(), c.h, f, options);
    EXPECT_EQ(none.status, Status::unsolvable) << "instance " << i;
    EXPECT_EQ(none.lower_bound, c.optimum) << "instance " << i;
    reopened += none.stats.reopened;
    ++checked;
  }
  EXPECT_GT(checked, 20);
  EXPECT_GT(reopened, 0u);
}

// Stopped by a node limit and resumed part after part, the search ends exactly as one run:
// the same plan after the same expansions.
TEST(FeatureSpaceSearch, ResumedInPartsItEndsAsInOneRun) {
  int compared = 0;
  for (int i = 0; i < 40; ++i) {
    const toy::InconsistentCase c = bounded_case(i);
    const TableFeatures f = modulo_cells(c.domain);
    FeatureSpaceOptions options;
    options.cost_bound = c.optimum == graph::kUnreachable ? 0 : c.optimum + 3;
    const auto one = feature_space_search(c.domain, c.domain.start(), c.h, f, options);
    if (one.stats.expanded < 6) continue;
    NullObserver observer;
    options.limits.max_expanded = 2;
    FeatureSpaceSearch<GraphDomain, toy::TableHeuristic, TableFeatures, NullObserver> search(c.domain, c.h, f, observer,
                                                                                            options);
    const auto [r, stops] = toy::run_in_parts(search, c.domain.start(), 2, [&](const auto& part, std::uint64_t limit) {
      EXPECT_EQ(part.stats.expanded, limit) << "instance " << i;
    });
    EXPECT_GE(stops, 2) << "instance " << i;
    EXPECT_EQ(toy::run_difference(r, one), "") << "instance " << i;
    EXPECT_EQ(r.stats.generated, one.stats.generated) << "instance " << i;
    ++compared;
  }
  EXPECT_GT(compared, 10);
}

}  // namespace
