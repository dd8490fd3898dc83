// A*'s cost bound and its switch for reopening, and the anytime search built on them
// (restarting weighted A*): a first solution, cheaper ones, and a proof at the end.
#include <gtest/gtest.h>

#include "framework/toy_domains.hpp"
#include "hsearch/heuristics/combinators.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/search/restarting_weighted_astar.hpp"

namespace {

using namespace hsearch;
using toy::GraphDomain;

// S=0 -> G=3 directly costs 10; S -> A=1 -> B=2 -> G costs 3. h = 0 everywhere but at A and
// B (admissible): greedy search on h goes straight for G, A* takes the long way round.
GraphDomain two_roads() { return GraphDomain({{{3, 10}, {1, 1}}, {{2, 1}}, {{3, 1}}, {}}, 3); }
const toy::TableHeuristic kTwoRoadsH{{0, 2, 1, 0}};

TEST(AStarCostBound, DropsChildrenThatCannotBeatTheBound) {
  const auto d = two_roads();
  AStarOptions o;
  o.cost_bound = 3;  // only solutions cheaper than 3: there are none
  const auto none = astar(d, d.start(), kTwoRoadsH, o);
  EXPECT_EQ(none.status, Status::unsolvable);
  EXPECT_EQ(none.lower_bound, 3);  // proven: nothing cheaper than 3
  o.cost_bound = 4;
  const auto found = astar(d, d.start(), kTwoRoadsH, o);
  ASSERT_TRUE(found.solved());
  EXPECT_EQ(found.cost, 3);
}

TEST(AStarCostBound, ProvesNothingWithoutReopening) {
  const auto d = two_roads();
  AStarOptions o;
  o.cost_bound = 3;
  o.reopen_closed = false;
  const auto r = astar(d, d.start(), kTwoRoadsH, o);
  EXPECT_EQ(r.status, Status::unsolvable);
  EXPECT_EQ(r.lower_bound, 0);
}

// The reopening graph of astar_test: C is closed with g=4 before A reaches it with g=2.
TEST(AStarReopen, SwitchedOffTheCheaperPathIsADuplicate) {
  const GraphDomain d({{{1, 1}, {2, 1}}, {{3, 1}}, {{3, 3}}, {{4, 5}}, {}}, 4);
  const toy::TableHeuristic h{{0, 6, 0, 0, 0}};
  AStarOptions o;
  o.reopen_closed = false;
  const auto r = astar(d, d.start(), h, o);
  ASSERT_TRUE(r.solved());
  EXPECT_EQ(r.cost, 9);  // through B: the cheaper path through A came too late
  EXPECT_EQ(r.stats.reopened, 0u);
  o.reopen_closed = true;
  EXPECT_EQ(astar(d, d.start(), h, o).cost, 7);
}

TEST(RestartingWeightedAStar, GreedyFirstThenCheaperThenProven) {
  const auto d = two_roads();
  RestartingWeightedAStarOptions o;
  o.schedule = {{0, 1}, {1, 1}};
  std::vector<std::int64_t> costs;
  const auto r = restarting_weighted_astar(d, d.start(), kTwoRoadsH, o, [&](const auto& found, int, int) {
    costs.push_back(found.cost);
  });
  EXPECT_EQ(costs, (std::vector<std::int64_t>{10, 3}));
  ASSERT_TRUE(r.solved());
  EXPECT_EQ(r.cost, 3);
  EXPECT_TRUE(r.optimal);
  EXPECT_EQ(r.lower_bound, 3);
  EXPECT_EQ(r.algorithm, "restarting-weighted-astar");
}

TEST(RestartingWeightedAStar, AnExactRestartWithNothingCheaperProvesTheBestHeld) {
  // Only one road: greedy finds it, A* under the bound finds nothing cheaper: optimal.
  const GraphDomain d({{{1, 2}}, {{2, 2}}, {}}, 2);
  const toy::TableHeuristic h{{1, 1, 0}};
  RestartingWeightedAStarOptions o;
  const auto r = restarting_weighted_astar(d, d.start(), h, o, [](const auto&, int, int) {});
  ASSERT_TRUE(r.solved());
  EXPECT_EQ(r.cost, 4);
  EXPECT_TRUE(r.optimal);
  EXPECT_EQ(r.lower_bound, 4);
}

// A solution found by another search is held from the start: the restarts look only for
// cheaper ones, and prove it optimal when there are none.
TEST(RestartingWeightedAStar, AHeldSolutionBoundsEveryRestart) {
  const auto d = two_roads();
  RestartingWeightedAStarOptions o;
  o.schedule = {{1, 1}};
  Result<GraphDomain::Move, int> held;
  held.status = Status::solved;
  held.cost = 10;
  held.plan = {GraphDomain::Move{3, 10}};
  held.stats.expanded = 7;
  std::vector<std::int64_t> costs;
  NullObserver observer;
  const auto cheaper = restarting_weighted_astar(
      d, d.start(), kTwoRoadsH, o, observer, [&](const auto& found, int, int) { costs.push_back(found.cost); }, held);
  EXPECT_EQ(costs, (std::vector<std::int64_t>{3}));
  ASSERT_TRUE(cheaper.solved());
  EXPECT_EQ(cheaper.cost, 3);
  EXPECT_TRUE(cheaper.optimal);
  EXPECT_GE(cheaper.stats.expanded, 8u);  // the held search's 7 count too

  held.cost = 3;
  held.plan = {GraphDomain::Move{1, 1}, GraphDomain::Move{2, 1}, GraphDomain::Move{3, 1}};
  costs.clear();
  const auto proven = restarting_weighted_astar(
      d, d.start(), kTwoRoadsH, o, observer, [&](const auto& found, int, int) { costs.push_back(found.cost); }, held);
  EXPECT_TRUE(costs.empty());
  ASSERT_TRUE(proven.solved());
  EXPECT_EQ(proven.cost, 3);
  EXPECT_EQ(proven.plan.size(), 3u);
  EXPECT_TRUE(proven.optimal);
  EXPECT_EQ(proven.lower_bound, 3);
}

TEST(RestartingWeightedAStar, WeightedRestartsAloneProveNothing) {
  const auto d = two_roads();
  RestartingWeightedAStarOptions o;
  o.schedule = {{0, 1}, {1, 5}};
  const auto r = restarting_weighted_astar(d, d.start(), kTwoRoadsH, o, [](const auto&, int, int) {});
  ASSERT_TRUE(r.solved());
  EXPECT_EQ(r.cost, 3);  // the 1:5 restart found the cheaper road, but cannot vouch for it
  EXPECT_FALSE(r.optimal);
  EXPECT_EQ(r.lower_bound, 0);  // h of the start
}

TEST(RestartingWeightedAStar, UnsolvableWithoutASolutionIsProven) {
  const GraphDomain d({{{1, 1}}, {}, {}}, 2);  // G=2 cannot be reached
  RestartingWeightedAStarOptions o;
  const auto r = restarting_weighted_astar(d, d.start(), ZeroHeuristic{}, o, [](const auto&, int, int) {});
  EXPECT_EQ(r.status, Status::unsolvable);
}

// A guide sends the first search by A and B (its G is a bad place to be, it says), h takes
// over once a solution is held and proves it.
TEST(RestartingWeightedAStar, TheGuideOrdersTheSearchForTheFirstSolution) {
  const auto d = two_roads();
  const toy::TableHeuristic guide{{9, 0, 0, 9}};
  RestartingWeightedAStarOptions o;
  o.schedule = {{0, 1}, {1, 1}};
  std::vector<std::int64_t> costs;
  auto record = [&](const auto& found, int, int) { costs.push_back(found.cost); };
  const auto r = restarting_weighted_astar(d, d.start(), kTwoRoadsH, guide, o, record);
  EXPECT_EQ(costs, (std::vector<std::int64_t>{3}));  // without the guide: 10, then 3
  ASSERT_TRUE(r.solved());
  EXPECT_TRUE(r.optimal);  // the exact restart on h found nothing cheaper
  EXPECT_EQ(r.lower_bound, 3);
}

TEST(RestartingWeightedAStar, AGuidedRestartProvesNothingEvenUnweighted) {
  const auto d = two_roads();
  const toy::TableHeuristic guide{{0, 20, 20, 0}};  // (claims nothing; TableHeuristic says admissible)
  RestartingWeightedAStarOptions o;
  o.schedule = {{1, 1}};
  const auto r = restarting_weighted_astar(d, d.start(), kTwoRoadsH, guide, o, [](const auto&, int, int) {});
  ASSERT_TRUE(r.solved());
  EXPECT_EQ(r.cost, 10);
  EXPECT_FALSE(r.optimal);
  EXPECT_EQ(r.lower_bound, 0);  // h of the start
}

TEST(RestartingWeightedAStar, ALimitBeforeAnySolutionIsReported) {
  const auto d = two_roads();
  RestartingWeightedAStarOptions o;
  o.limits.max_expanded = 1;
  o.schedule = {{1, 1}};
  const auto r = restarting_weighted_astar(d, d.start(), kTwoRoadsH, o, [](const auto&, int, int) {});
  EXPECT_EQ(r.status, Status::stopped);
  EXPECT_EQ(r.stop_reason, StopReason::node_limit);
  EXPECT_FALSE(r.solved());
}

}  // namespace
