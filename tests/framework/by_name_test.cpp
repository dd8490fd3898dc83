#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "hsearch/core/replay.hpp"
#include "hsearch/observers/teaching_observer.hpp"
#include "hsearch/pruning/pruner.hpp"
#include "hsearch/search/by_name.hpp"
#include "toy_domains.hpp"

using namespace hsearch;
using Grid = toy::GridDomain<false>;

TEST(ByName, ParsesEverySpellingToOneName) {
  EXPECT_EQ(parse_algorithm("astar"), Algorithm::astar);
  EXPECT_EQ(parse_algorithm("a*"), Algorithm::astar);
  EXPECT_EQ(parse_algorithm("ida"), Algorithm::ida);
  EXPECT_EQ(parse_algorithm("idastar"), Algorithm::ida);
  EXPECT_EQ(parse_algorithm("ida*"), Algorithm::ida);
  EXPECT_EQ(parse_algorithm("bfs"), Algorithm::bfs);
  EXPECT_EQ(parse_algorithm("iddfs"), Algorithm::dfs);
  EXPECT_EQ(parse_algorithm("hda"), Algorithm::hda);
  EXPECT_EQ(parse_algorithm("hda*"), Algorithm::hda);
  EXPECT_FALSE(parse_algorithm("dijkstra").has_value());
  EXPECT_STREQ(to_string(Algorithm::ida), "ida");
}

TEST(ByName, EveryAlgorithmFindsTheSameOptimumAndThePlanReplays) {
  const Grid grid(12, 12, 0.2, 7);
  const toy::GridManhattan h{grid.width(), grid.goal_cell()};
  int reference = -1;
  for (Algorithm a : {Algorithm::astar, Algorithm::ida, Algorithm::bfs, Algorithm::dfs, Algorithm::hda}) {
    SearchSettings settings;
    settings.algorithm = a;
    NullObserver none;
    const auto r = search_by_name(grid, grid.start(), h, NoPruning{}, settings, none);
    if (reference < 0) reference = r.solved() ? r.cost : 0;
    ASSERT_EQ(r.status, reference > 0 ? Status::solved : Status::unsolvable) << to_string(a);
    if (!r.solved()) continue;
    EXPECT_EQ(r.cost, reference) << to_string(a);
    EXPECT_TRUE(plan_replays(grid, grid.start(), r.plan, r.cost)) << to_string(a);
    EXPECT_FALSE(plan_replays(grid, grid.start(), r.plan, r.cost + 1)) << to_string(a);
    if (!r.plan.empty()) {
      auto shorter = r.plan;
      shorter.pop_back();
      EXPECT_FALSE(plan_replays(grid, grid.start(), shorter, r.cost - 1)) << to_string(a);
    }
  }
  EXPECT_GT(reference, 0);
}

TEST(ByName, OutcomeNamesTheLimit) {
  const Grid grid(30, 30, 0.1, 3);
  const toy::GridManhattan h{grid.width(), grid.goal_cell()};
  SearchSettings settings;
  settings.algorithm = Algorithm::bfs;
  settings.limits.max_expanded = 3;
  NullObserver none;
  const auto r = search_by_name(grid, grid.start(), h, NoPruning{}, settings, none);
  EXPECT_EQ(r.status, Status::stopped);
  EXPECT_STREQ(r.outcome(), "node_limit");
}

TEST(Teaching, TraceAndDotAreWrittenAndTheResultLineEndsTheTrace) {
  const Grid grid(6, 6, 0.0, 1);
  const toy::GridManhattan h{grid.width(), grid.goal_cell()};
  std::ostringstream trace, dot;
  Teaching teaching;
  teaching.trace = &trace;
  teaching.dot = &dot;
  SearchSettings settings;
  settings.algorithm = Algorithm::ida;
  const auto r = run_teaching(grid, teaching, [&](auto& observer) {
    return search_by_name(grid, grid.start(), h, NoPruning{}, settings, observer);
  });
  ASSERT_TRUE(r.solved());
  EXPECT_NE(trace.str().find("iteration 1: bound"), std::string::npos);
  EXPECT_NE(trace.str().find("result: solved"), std::string::npos);
  EXPECT_NE(dot.str().find("digraph"), std::string::npos);
}
