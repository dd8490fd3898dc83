// A*: reopening with inconsistent heuristics, in-place updates of open nodes, weights, packing.
#include <gtest/gtest.h>

#include "framework/toy_domains.hpp"
#include "hsearch/graph/explicit_graph.hpp"
#include "hsearch/heuristics/combinators.hpp"
#include "hsearch/search/astar.hpp"

namespace {

using namespace hsearch;
using toy::GraphDomain;

// S=0, A=1, B=2, C=3, G=4. h(A)=6 is admissible (A->C->G costs 6) but inconsistent, so C is
// first closed through B (g=4) and must be reopened when A reaches it with g=2.
GraphDomain reopening_graph() {
  return GraphDomain({{{1, 1}, {2, 1}}, {{3, 1}}, {{3, 3}}, {{4, 5}}, {}}, 4);
}

TEST(AStar, ReopensClosedNodesToStayOptimal) {
  const auto d = reopening_graph();
  const toy::TableHeuristic h{{0, 6, 0, 0, 0}};
  const auto r = astar(d, d.start(), h);
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_EQ(r.cost, 7);
  EXPECT_TRUE(r.optimal);
  EXPECT_GE(r.stats.reopened, 1u);
}

struct ReopenObserver : NullObserver {
  int reopens = 0;
  std::int64_t old_g = 0, new_g = 0;
  template <class S>
  void on_reopen(const S&, std::int64_t o, std::int64_t n) {
    ++reopens;
    old_g = o;
    new_g = n;
  }
};

TEST(AStar, ReportsReopenEventsToTheObserver) {
  const auto d = reopening_graph();
  const toy::TableHeuristic h{{0, 6, 0, 0, 0}};
  ReopenObserver obs;
  const auto r = astar(d, d.start(), h, AStarOptions{}, obs);
  EXPECT_EQ(obs.reopens, static_cast<int>(r.stats.reopened));
  EXPECT_EQ(obs.old_g, 4);
  EXPECT_EQ(obs.new_g, 2);
}

// S->A 5, S->B 1, B->A 1, A->G 1: A is on the open list with g=5 when B finds g=2.
TEST(AStar, LowersOpenNodesInPlace) {
  GraphDomain d({{{1, 5}, {2, 1}}, {{3, 1}}, {{1, 1}}, {}}, 3);
  const auto r = astar(d, d.start(), ZeroHeuristic{});
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_EQ(r.cost, 3);
  EXPECT_EQ(r.stats.reopened, 0u);
  EXPECT_EQ(r.stats.duplicates, 0u);
  ASSERT_EQ(r.plan.size(), 3u);
}

// f reached: the largest g + h expanded. Zero heuristic: S (0), B (1), A (2); the goal, at 3,
// is not expanded. With h(A) = 6: A's f is 1 + 6 = 7, above every other node's.
TEST(AStar, ReportsTheLargestFExpanded) {
  GraphDomain d({{{1, 5}, {2, 1}}, {{3, 1}}, {{1, 1}}, {}}, 3);
  EXPECT_EQ(astar(d, d.start(), ZeroHeuristic{}).stats.f_reached, 2);
  const auto reopening = reopening_graph();
  EXPECT_EQ(astar(reopening, reopening.start(), toy::TableHeuristic{{0, 6, 0, 0, 0}}).stats.f_reached, 7);
  // A start that is a goal expands nothing.
  GraphDomain solved({{}}, 0);
  EXPECT_EQ(astar(solved, solved.start(), ZeroHeuristic{}).stats.f_reached, -1);
}

// S=0 lists A=1 before B=2; both reach G=3 at the same cost and every f ties: with newer-first
// ties, siblings go in the domain's order, as a depth-first search would take them.
TEST(AStar, NewerFirstTiesTakeSiblingsInTheDomainsOrder) {
  GraphDomain d({{{1, 1}, {2, 1}}, {{3, 1}}, {{3, 1}}, {}}, 3);
  const toy::TableHeuristic h{{2, 1, 1, 0}};
  AStarOptions options;
  options.newer_first_on_ties = true;
  const auto r = astar(d, d.start(), h, options);
  ASSERT_EQ(r.status, Status::solved);
  ASSERT_EQ(r.plan.size(), 2u);
  EXPECT_EQ(r.plan[0].to, 1);
}

// S=0 -> A=1 (1), S -> Y=2 (2), A -> A1=3 (1), Y -> G=4 (1), A1 -> G (1). After A is expanded,
// Y and A1 tie on f = 3 and g = 2: the child of the node expanded last (A1) goes first.
TEST(AStar, NewerFirstTiesPreferTheChildrenOfTheNodeExpandedLast) {
  GraphDomain d({{{1, 1}, {2, 2}}, {{3, 1}}, {{4, 1}}, {{4, 1}}, {}}, 4);
  const toy::TableHeuristic h{{2, 1, 1, 1, 0}};
  AStarOptions options;
  options.newer_first_on_ties = true;
  const auto r = astar(d, d.start(), h, options);
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_EQ(r.cost, 3);
  ASSERT_EQ(r.plan.size(), 3u);
  EXPECT_EQ(r.plan[1].to, 3);
}

// Random graphs with admissible, inconsistent heuristics (a random fraction of the true
// distance per node): A* stays optimal, and reopening does happen.
TEST(AStar, OptimalWithInconsistentHeuristicsOnRandomGraphs) {
  std::uint64_t reopened = 0;
  int solved = 0;
  for (int i = 0; i < 60; ++i) {
    const auto [d, h, optimum] = toy::inconsistent_case(9000 + static_cast<std::uint64_t>(i), static_cast<std::uint64_t>(i));
    const auto r = astar(d, d.start(), h);
    if (optimum == graph::kUnreachable) {
      EXPECT_EQ(r.status, Status::unsolvable);
      continue;
    }
    ASSERT_EQ(r.status, Status::solved) << "instance " << i;
    EXPECT_EQ(r.cost, optimum) << "instance " << i;
    reopened += r.stats.reopened;
    ++solved;
  }
  EXPECT_GT(solved, 20);
  EXPECT_GT(reopened, 0u);
}

// A lower bound proven beforehand (any value up to the optimum) only reorders the nodes under
// it: the cost found stays the optimum, and a search stopped early reports at least that bound.
TEST(AStar, AKnownLowerBoundKeepsTheOptimum) {
  int checked = 0;
  for (int i = 0; i < 60; ++i) {
    const auto [d, h, optimum] = toy::inconsistent_case(7000 + static_cast<std::uint64_t>(i), static_cast<std::uint64_t>(i));
    if (optimum == graph::kUnreachable || optimum < 2) continue;
    for (const std::int64_t known : {std::int64_t{1}, optimum / 2, optimum}) {
      AStarOptions options;
      options.known_lower_bound = known;
      const auto r = astar(d, d.start(), h, options);
      ASSERT_EQ(r.status, Status::solved) << "instance " << i << ", bound " << known;
      EXPECT_EQ(r.cost, optimum) << "instance " << i << ", bound " << known;
      EXPECT_TRUE(r.optimal);
      options.limits.max_expanded = 1;
      const auto stopped = astar(d, d.start(), h, options);
      if (stopped.status == Status::stopped) {
        EXPECT_GE(stopped.lower_bound, known) << "instance " << i;
        EXPECT_LE(stopped.lower_bound, optimum) << "instance " << i;
      }
    }
    ++checked;
  }
  EXPECT_GT(checked, 20);
}

// A graph whose bound, asked again, is the exact distance to the goal (dead_end where none is
// reachable): the bound of a domain that has learnt everything since its nodes were valued.
// Each node's true cost to the goal (dead_end where none): what a learning domain may come to know.
std::vector<int> exact_costs(const GraphDomain& d) {
  const auto g = graph::expand(d, d.start());
  const auto dist = graph::goal_distances(g);
  std::vector<int> exact(static_cast<std::size_t>(d.size()), dead_end<int>());
  for (std::size_t v = 0; v < g.states.size(); ++v) {
    if (dist[v] != graph::kUnreachable) exact[static_cast<std::size_t>(g.states[v].node)] = static_cast<int>(dist[v]);
  }
  return exact;
}

class LearningGraph : public GraphDomain {
 public:
  LearningGraph(GraphDomain d, std::vector<int> exact) : GraphDomain(std::move(d)), exact_(std::move(exact)) {}
  int current_bound(const State& s) const {
    ++asked;
    return exact_[static_cast<std::size_t>(s.node)];
  }
  mutable std::uint64_t asked = 0;

 private:
  std::vector<int> exact_;
};
static_assert(LearningBoundDomain<LearningGraph>);

// Valued again before expansion, nodes whose bound rose go back on the open list and nodes now
// known to be dead ends are dropped: the optimum stays, fewer nodes are expanded, and a
// stopped search's bound stays at most the optimum. Off (the default) the domain is not asked.
TEST(AStar, RevaluingBeforeExpandingKeepsTheOptimum) {
  std::uint64_t expanded_plain = 0, expanded_revalued = 0, revalued = 0, dropped = 0;
  int solved = 0;
  for (int i = 0; i < 60; ++i) {
    auto [d, h, optimum] = toy::inconsistent_case(5000 + static_cast<std::uint64_t>(i), static_cast<std::uint64_t>(i));
    const std::vector<int> exact = exact_costs(d);
    // The first values know no dead end: those are for the revaluation to find.
    for (int& x : h.h) x = is_dead_end(x) ? 0 : x;
    const LearningGraph learning(d, exact);
    const auto plain = astar(learning, learning.start(), h);
    EXPECT_EQ(learning.asked, 0U) << "instance " << i;
    AStarOptions options;
    options.revalue_before_expanding = true;
    const auto r = astar(learning, learning.start(), h, options);
    ASSERT_EQ(r.status, plain.status) << "instance " << i;
    if (optimum == graph::kUnreachable) continue;
    ASSERT_EQ(r.status, Status::solved) << "instance " << i;
    EXPECT_EQ(r.cost, optimum) << "instance " << i;
    EXPECT_TRUE(r.optimal);
    expanded_plain += plain.stats.expanded;
    expanded_revalued += r.stats.expanded;
    revalued += r.stats.revalued;
    dropped += r.stats.dead_ends - plain.stats.dead_ends;
    ++solved;
    options.limits.max_expanded = 2;
    const auto stopped = astar(learning, learning.start(), h, options);
    if (stopped.status == Status::stopped) {
      EXPECT_LE(stopped.lower_bound, optimum) << "instance " << i;
    }
  }
  EXPECT_GT(solved, 20);
  EXPECT_GT(revalued, 0U);
  EXPECT_GT(dropped, 0U);
  EXPECT_LT(expanded_revalued, expanded_plain);
}

// A learning domain that also learns when a node is about to be expanded: A* asks it with the
// move that reached the node (never for the start), instead of current_bound.
class ExpandLearningGraph : public LearningGraph {
 public:
  using LearningGraph::LearningGraph;
  int bound_before_expanding(const State& s, const Move& m, int) const {
    ++asked_with_move;
    if (m.to != s.node) ++wrong_move;
    return LearningGraph::current_bound(s);
  }
  int current_bound(const State& s) const {
    if (s.node != 0) ++not_the_start;
    return LearningGraph::current_bound(s);
  }
  mutable std::uint64_t asked_with_move = 0, wrong_move = 0, not_the_start = 0;
};
static_assert(ExpandLearningDomain<ExpandLearningGraph>);
static_assert(!ExpandLearningDomain<LearningGraph>);

TEST(AStar, AnExpandLearningDomainIsAskedWithTheMoveThatReachedTheNode) {
  int solved = 0;
  std::uint64_t asked = 0;
  for (int i = 0; i < 40; ++i) {
    auto [d, h, optimum] = toy::inconsistent_case(7000 + static_cast<std::uint64_t>(i), static_cast<std::uint64_t>(i));
    const std::vector<int> exact = exact_costs(d);
    for (int& x : h.h) x = is_dead_end(x) ? 0 : x;
    const ExpandLearningGraph learning(d, exact);
    AStarOptions options;
    options.revalue_before_expanding = true;
    const auto r = astar(learning, learning.start(), h, options);
    EXPECT_EQ(learning.wrong_move, 0U) << "instance " << i;
    // Every node but the start is reached by a move; the start alone is asked current_bound.
    EXPECT_EQ(learning.not_the_start, 0U) << "instance " << i;
    if (optimum == graph::kUnreachable) continue;
    ASSERT_EQ(r.status, Status::solved) << "instance " << i;
    EXPECT_EQ(r.cost, optimum) << "instance " << i;
    asked += learning.asked_with_move;
    ++solved;
  }
  EXPECT_GT(solved, 10);
  EXPECT_GT(asked, 0U);
}

TEST(AStar, WeightedResultIsNeverCalledOptimal) {
  toy::GridDomain<false> d(8, 8, 0.0, 3);
  const toy::GridManhattan h{8, d.goal_cell()};
  AStarOptions o;
  o.weight_g = 2;
  o.weight_h = 3;
  const auto r = astar(d, d.start(), h, o);
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_FALSE(r.optimal);
  EXPECT_EQ(r.algorithm, "weighted-astar");
}

// A grid whose stored form is a 16-bit key: A* stores keys and still finds the optimum.
class PackedGrid : public toy::GridDomain<true> {
 public:
  using GridDomain::GridDomain;
  using Key = std::uint16_t;
  Key pack(const State& s) const { return static_cast<Key>(s.cell); }
  State unpack(const Key& k) const { return State{k}; }
};
static_assert(PackableDomain<PackedGrid>);

TEST(AStar, StoresPackedKeysWhenTheDomainHasThem) {
  for (int i = 0; i < 10; ++i) {
    PackedGrid d(9, 9, 0.2, 100 + static_cast<std::uint64_t>(i));
    const toy::GridManhattan h{9, d.goal_cell()};
    const auto g = graph::expand(d, d.start());
    const auto r = astar(d, d.start(), h);
    const auto expected = graph::goal_distances(g)[0];
    if (expected == graph::kUnreachable) {
      EXPECT_EQ(r.status, Status::unsolvable);
    } else {
      EXPECT_EQ(r.cost, expected);
    }
  }
}

// A graph stored as keys whose states are told, when A* rebuilds them, the move that reached
// them (MoveAwareUnpackDomain): every move handed over leads to the state rebuilt, and only
// the start is rebuilt without one.
class MoveAwareGraph : public GraphDomain {
 public:
  explicit MoveAwareGraph(GraphDomain d) : GraphDomain(std::move(d)) {}
  using Key = int;
  Key pack(const State& s) const { return s.node; }
  State unpack(const Key& k) const {
    if (k != 0) ++without_move;
    return State{k};
  }
  State unpack(const Key& k, const Move& m) const {
    ++with_move;
    if (m.to != k) ++wrong_move;
    return State{k};
  }
  mutable std::uint64_t with_move = 0, without_move = 0, wrong_move = 0;
};
static_assert(MoveAwareUnpackDomain<MoveAwareGraph>);
static_assert(!MoveAwareUnpackDomain<PackedGrid>);

TEST(AStar, AMoveAwareDomainRebuildsEachNodeWithTheMoveThatReachedIt) {
  std::uint64_t with_move = 0;
  int solved = 0;
  for (int i = 0; i < 40; ++i) {
    auto [d, h, optimum] = toy::inconsistent_case(9000 + static_cast<std::uint64_t>(i), static_cast<std::uint64_t>(i));
    const MoveAwareGraph aware(d);
    const auto r = astar(aware, aware.start(), h);
    const auto plain = astar(d, d.start(), h);
    EXPECT_EQ(aware.wrong_move, 0U) << "instance " << i;
    EXPECT_EQ(aware.without_move, 0U) << "instance " << i;
    EXPECT_EQ(r.status, plain.status) << "instance " << i;
    EXPECT_EQ(r.stats.expanded, plain.stats.expanded) << "instance " << i;
    if (optimum == graph::kUnreachable) continue;
    EXPECT_EQ(r.cost, optimum) << "instance " << i;
    with_move += aware.with_move;
    ++solved;
  }
  EXPECT_GT(solved, 10);
  EXPECT_GT(with_move, 0U);
}

// A grid that applies moves in two steps: complete() marks the child finished and counts.
class DeferredGrid : public toy::GridDomain<true> {
 public:
  using GridDomain::GridDomain;
  Undo apply_deferred(State& s, const Move& m) const { return GridDomain::apply(s, m); }
  void complete(State&, const Move&) const { ++completed; }
  mutable std::uint64_t completed = 0;
};
static_assert(DeferredApplyDomain<DeferredGrid>);

TEST(AStar, CompletesOnlyChildrenItHasNotSeen) {
  int with_duplicates = 0;
  for (int i = 0; i < 10; ++i) {
    DeferredGrid d(9, 9, 0.2, 300 + static_cast<std::uint64_t>(i));
    const toy::GridDomain<true> plain(9, 9, 0.2, 300 + static_cast<std::uint64_t>(i));
    const toy::GridManhattan h{9, d.goal_cell()};
    const auto r = astar(d, d.start(), h);
    const auto expected = astar(plain, plain.start(), h);
    EXPECT_EQ(r.status, expected.status);
    EXPECT_EQ(r.cost, expected.cost);
    EXPECT_EQ(r.stats.expanded, expected.stats.expanded);
    // A generated child is completed only when it is new: never for a duplicate (nor for a
    // known node reached by a cheaper path).
    EXPECT_LE(d.completed + r.stats.duplicates, r.stats.generated);
    EXPECT_GT(d.completed, 0U);
    with_duplicates += r.stats.duplicates > 0;
  }
  EXPECT_GT(with_duplicates, 0);
}

// Stopped by a node limit and resumed part after part, A* ends exactly as one run: the same
// optimal cost and plan after the same expansions; each stop's bound never exceeds the optimum.
TEST(AStar, ResumedInPartsItEndsAsInOneRun) {
  int compared = 0;
  for (int i = 0; i < 40; ++i) {
    const auto [d, h, optimum] = toy::inconsistent_case(3000 + static_cast<std::uint64_t>(i), static_cast<std::uint64_t>(i));
    AStarOptions options;
    options.newer_first_on_ties = true;  // (a total order: no tie is left to the heap)
    const auto one = astar(d, d.start(), h, options);
    if (one.stats.expanded < 6) continue;
    NullObserver observer;
    options.limits.max_expanded = 2;
    AStarSearch<GraphDomain, toy::TableHeuristic, NullObserver> search(d, h, observer, options);
    const auto [r, stops] = toy::run_in_parts(search, d.start(), 2, [&](const auto& part, std::uint64_t limit) {
      EXPECT_EQ(part.stats.expanded, limit) << "instance " << i;
      if (one.solved()) {
        EXPECT_LE(part.lower_bound, one.cost) << "instance " << i;
      }
    });
    EXPECT_GE(stops, 2) << "instance " << i;
    EXPECT_EQ(toy::run_difference(r, one), "") << "instance " << i;
    EXPECT_EQ(r.optimal, one.optimal) << "instance " << i;
    EXPECT_EQ(r.stats.reopened, one.stats.reopened) << "instance " << i;
    ++compared;
  }
  EXPECT_GT(compared, 10);
}

// S=0 -> A=1 (1), S -> B=2 (5), A -> C=3 (1), B -> G=4 (10), C -> G (9); h(A) = 10 is exact,
// h(C) = 0 is admissible but far below it. After S and then A are expanded, C (f = 2) tops the
// open list: min f over open has fallen from 11 to 2, yet 11 stays proven (a search with a
// bound the domain raises at expansion meets this when a raised node's children are valued lower).
GraphDomain falling_graph() {
  return GraphDomain({{{1, 1}, {2, 5}}, {{3, 1}}, {{4, 10}}, {{4, 9}}, {}}, 4);
}

TEST(AStar, AResumedSearchNeverReportsLessThanItProved) {
  const auto d = falling_graph();
  const toy::TableHeuristic h{{0, 10, 10, 0, 0}};
  NullObserver observer;
  AStarOptions options;
  options.limits.max_expanded = 1;
  AStarSearch<GraphDomain, toy::TableHeuristic, NullObserver> search(d, h, observer, options);
  const auto first = search.run(d.start());
  ASSERT_EQ(first.status, Status::stopped);
  EXPECT_EQ(first.lower_bound, 11);
  Limits two;
  two.max_expanded = 2;
  const auto second = search.resume(two);
  ASSERT_EQ(second.status, Status::stopped);
  EXPECT_EQ(second.lower_bound, 11);
  const auto last = search.resume(Limits{});
  ASSERT_EQ(last.status, Status::solved);
  EXPECT_EQ(last.cost, 11);
}

}  // namespace
