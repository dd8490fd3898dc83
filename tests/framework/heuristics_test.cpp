// Heuristic combinators, dead ends, the incremental hook.
#include <gtest/gtest.h>

#include "framework/toy_domains.hpp"
#include "hsearch/core/skeleton_domain.hpp"
#include "hsearch/graph/explicit_graph.hpp"
#include "hsearch/heuristics/combinators.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/search/bfs.hpp"
#include "hsearch/search/ida_star.hpp"

namespace {

using namespace hsearch;

struct Constant {
  int value;
  bool is_admissible = true;
  template <class S>
  int estimate(const S&) const { return value; }
  bool admissible() const { return is_admissible; }
};

TEST(Heuristics, MaxSumAndWeightedCombine) {
  const int s = 0;
  EXPECT_EQ((max_of<int>(Constant{3}, Constant{5}, Constant{4}).estimate(s)), 5);
  EXPECT_EQ((sum_of<int>(true, Constant{3}, Constant{5}).estimate(s)), 8);
  EXPECT_EQ((Weighted<int, Constant>(Constant{3}, 2).estimate(s)), 6);
  EXPECT_EQ(ZeroHeuristic{}.estimate(s), 0);
}

TEST(Heuristics, DeadEndWinsInEveryCombination) {
  const int s = 0;
  const Constant dead{dead_end<int>()};
  EXPECT_TRUE(is_dead_end(max_of<int>(Constant{3}, dead).estimate(s)));
  EXPECT_TRUE(is_dead_end(sum_of<int>(true, dead, Constant{3}).estimate(s)));
  EXPECT_TRUE(is_dead_end((Weighted<int, Constant>(dead, 3).estimate(s))));
  EXPECT_EQ(saturating_add(dead_end<int>() - 1, 5), dead_end<int>());
}

TEST(Heuristics, AdmissibilityPropagates) {
  EXPECT_TRUE(is_admissible(ZeroHeuristic{}));
  EXPECT_TRUE(is_admissible(max_of<int>(Constant{1}, Constant{2})));
  EXPECT_FALSE(is_admissible(max_of<int>(Constant{1}, Constant{2, false})));
  EXPECT_FALSE(is_admissible(sum_of<int>(false, Constant{1}, Constant{2})));
  EXPECT_FALSE(is_admissible(Weighted<int, Constant>(Constant{1}, 2)));
  EXPECT_TRUE(is_admissible(Weighted<int, Constant>(Constant{1}, 1)));
}

TEST(Heuristics, InadmissibleHeuristicResultIsNotCalledOptimal) {
  toy::GridDomain<false> d(6, 6, 0.0, 8);
  const Weighted<int, toy::GridManhattan> h(toy::GridManhattan{6, d.goal_cell()}, 3);
  const auto a = astar(d, d.start(), h);
  const auto i = ida_star(d, d.start(), h);
  ASSERT_TRUE(a.solved());
  ASSERT_TRUE(i.solved());
  EXPECT_FALSE(a.optimal);
  EXPECT_FALSE(i.optimal);
}

TEST(Heuristics, DeadEndsArePrunedAndCounted) {
  // 0 -> 1 -> 3 (goal) and 0 -> 2 -> 3; node 2 is declared a dead end, wrongly: the search
  // must trust it (prune and count) and still find the other path.
  toy::GraphDomain d({{{2, 1}, {1, 5}}, {{3, 1}}, {{3, 1}}, {}}, 3);
  const toy::TableHeuristic h{{0, 0, dead_end<int>(), 0}};
  const auto a = astar(d, d.start(), h);
  const auto i = ida_star(d, d.start(), h);
  for (const auto* r : {&a, &i}) {
    ASSERT_TRUE(r->solved());
    EXPECT_EQ(r->cost, 6);
    EXPECT_GE(r->stats.dead_ends, 1u);
  }
}

// A heuristic with the incremental hook: the searches must use it for children.
struct IncrementalManhattan {
  toy::GridManhattan full;
  mutable int full_calls = 0;
  mutable int incremental_calls = 0;
  template <class S>
  int estimate(const S& s) const {
    ++full_calls;
    return full.estimate(s);
  }
  template <class S, class M>
  int estimate_after(const S& child, const M& m, int parent_h) const {
    ++incremental_calls;
    // moving toward the goal lowers the distance by one, away raises it by one
    const int dx = (m.dir == 2 ? -1 : m.dir == 3 ? 1 : 0), dy = (m.dir == 0 ? -1 : m.dir == 1 ? 1 : 0);
    const int gx = full.goal % full.width, gy = full.goal / full.width;
    const int px = child.cell % full.width - dx, py = child.cell / full.width - dy;
    const int before = std::abs(px - gx) + std::abs(py - gy);
    const int after = std::abs(px + dx - gx) + std::abs(py + dy - gy);
    return parent_h + (after - before);
  }
};
static_assert(IncrementalHeuristic<IncrementalManhattan, toy::GridDomain<false>>);

TEST(Heuristics, IncrementalHookIsUsedAndAgreesWithTheFullValue) {
  toy::GridDomain<false> d(9, 9, 0.2, 21);
  const IncrementalManhattan h{toy::GridManhattan{9, d.goal_cell()}};
  const auto r = ida_star(d, d.start(), h);
  EXPECT_EQ(h.full_calls, 1);  // the root only
  EXPECT_GT(h.incremental_calls, 0);
  const auto reference = ida_star(d, d.start(), h.full);
  EXPECT_EQ(r.status, reference.status);
  EXPECT_EQ(r.cost, reference.cost);
  EXPECT_EQ(r.stats.generated, reference.stats.generated);
}

// The skeleton domain compiles against every algorithm.
TEST(Skeleton, SatisfiesTheContractAndSolves) {
  const SkeletonDomain d(7);
  const auto r = bfs(d, SkeletonDomain::State{0});
  ASSERT_TRUE(r.solved());
  EXPECT_EQ(r.cost, 4);  // +2 +2 +2 +1
  EXPECT_TRUE(r.optimal);
  const auto i = ida_star(d, SkeletonDomain::State{0}, ZeroHeuristic{});
  EXPECT_EQ(i.cost, 4);
}

}  // namespace
