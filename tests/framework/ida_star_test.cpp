// IDA*: minimum-exceeded bounds, goal test within the bound, proofs of unsolvability,
// pruning and the transposition table never change the cost.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "framework/toy_domains.hpp"
#include "hsearch/graph/explicit_graph.hpp"
#include "hsearch/heuristics/combinators.hpp"
#include "hsearch/search/ida_star.hpp"

namespace {

using namespace hsearch;
using toy::GraphDomain;

TEST(IdaStar, InversePruningKeepsCostAndGeneratesFewerNodes) {
  std::uint64_t with = 0, without = 0;
  int solved = 0;
  for (int i = 0; i < 30; ++i) {
    toy::GridDomain<false> d(7, 6, 0.15, 500 + static_cast<std::uint64_t>(i));
    const toy::GridManhattan h{7, d.goal_cell()};
    const auto plain = ida_star(d, d.start(), h, IdaStarOptions{}, NoPruning{});
    if (plain.status != Status::solved) continue;
    const auto pruned = ida_star(d, d.start(), h, IdaStarOptions{}, toy::PairedInversePruner{});
    ASSERT_EQ(pruned.status, Status::solved);
    EXPECT_EQ(pruned.cost, plain.cost);
    EXPECT_LE(pruned.stats.generated, plain.stats.generated);
    EXPECT_EQ(plain.stats.pruned, 0u);
    with += pruned.stats.generated;
    without += plain.stats.generated;
    ++solved;
  }
  ASSERT_GT(solved, 10);
  EXPECT_LT(with, without);
}

// A heuristic with a Memo (MemoHeuristic): Manhattan distance, with the memo holding the
// state's cell. IDA* must start each child's memo from its own parent's (the
// test fails on any other memo) and return what plain Manhattan returns, node for node.
struct MemoManhattan {
  toy::GridManhattan plain;
  int width;
  mutable std::uint64_t updates = 0, wrong_parent = 0;
  struct Memo {
    int cell = -1;
  };
  template <class State>
  int estimate(const State& s) const {
    return plain.estimate(s);
  }
  template <class State>
  int estimate(const State& s, Memo& memo) const {
    memo = Memo{s.cell};
    return plain.estimate(s);
  }
  template <class State, class Move>
  int estimate_after(const State& child, const Move& m, const Memo& parent, Memo& memo) const {
    ++updates;
    static constexpr int kStep[4][2] = {{0, -1}, {0, 1}, {-1, 0}, {1, 0}};  // U D L R: dx, dy
    const int from = child.cell - kStep[m.dir][0] - kStep[m.dir][1] * width;
    wrong_parent += from != parent.cell;
    memo = Memo{child.cell};
    return plain.estimate(child);
  }
};

TEST(IdaStar, AMemoHeuristicGetsItsParentsMemo) {
  int solved = 0;
  for (int i = 0; i < 20; ++i) {
    toy::GridDomain<false> d(7, 6, 0.15, 900 + static_cast<std::uint64_t>(i));
    const toy::GridManhattan h{7, d.goal_cell()};
    const MemoManhattan memo{h, 7};
    static_assert(MemoHeuristic<MemoManhattan, toy::GridDomain<false>>);
    IdaStarOptions options;
    options.limits.max_expanded = 100000;  // a start walled off from the goal never ends otherwise
    const auto plain = ida_star(d, d.start(), h, options, NoPruning{});
    const auto with_memo = ida_star(d, d.start(), memo, options, NoPruning{});
    ASSERT_EQ(with_memo.status, plain.status);
    EXPECT_EQ(with_memo.cost, plain.cost);
    EXPECT_EQ(with_memo.stats.generated, plain.stats.generated);
    EXPECT_EQ(with_memo.stats.expanded, plain.stats.expanded);
    EXPECT_EQ(memo.updates, with_memo.stats.generated);  // every child through estimate_after
    EXPECT_EQ(memo.wrong_parent, 0u);
    solved += plain.status == Status::solved;
  }
  EXPECT_GT(solved, 5);
}

TEST(IdaStar, TranspositionTableKeepsCostAndFindsDuplicates) {
  std::uint64_t with = 0, without = 0, duplicates = 0;
  for (int i = 0; i < 30; ++i) {
    toy::GridDomain<true> d(6, 6, 0.1, 700 + static_cast<std::uint64_t>(i));
    const toy::GridManhattan h{6, d.goal_cell()};
    const auto g = graph::expand(d, d.start());
    if (graph::goal_distances(g)[0] == graph::kUnreachable) continue;
    const auto plain = ida_star(d, d.start(), h);
    IdaStarOptions o;
    o.transposition_entries = 1 << 14;
    const auto table = ida_star(d, d.start(), h, o);
    ASSERT_EQ(plain.status, Status::solved);
    ASSERT_EQ(table.status, Status::solved);
    EXPECT_EQ(table.cost, plain.cost);
    EXPECT_EQ(table.cost, graph::goal_distances(g)[0]);
    with += table.stats.generated;
    without += plain.stats.generated;
    duplicates += table.stats.duplicates;
  }
  EXPECT_LT(with, without);
  EXPECT_GT(duplicates, 0u);
}

// S->G costs 10 directly, S->A->B->G costs 3: G is generated in the first iteration beyond the
// bound and must not be accepted there.
TEST(IdaStar, GoalTestedOnlyWithinTheBound) {
  GraphDomain d({{{3, 10}, {1, 1}}, {{2, 1}}, {{3, 1}}, {}}, 3);
  const auto r = ida_star(d, d.start(), ZeroHeuristic{});
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_EQ(r.cost, 3);
  EXPECT_TRUE(r.optimal);
  ASSERT_EQ(r.plan.size(), 3u);
}

TEST(IdaStar, NextBoundIsTheSmallestExceedingF) {
  GraphDomain d({{{3, 10}, {1, 1}}, {{2, 1}}, {{3, 1}}, {}}, 3);
  const auto r = ida_star(d, d.start(), ZeroHeuristic{});
  ASSERT_EQ(r.status, Status::solved);
  const auto& its = r.stats.iterations;
  ASSERT_EQ(its.size(), 4u);  // bounds 0, 1, 2, 3
  for (std::size_t i = 0; i + 1 < its.size(); ++i) {
    EXPECT_EQ(its[i].bound, static_cast<std::int64_t>(i));
    EXPECT_EQ(its[i].next_bound, its[i + 1].bound);
  }
  EXPECT_EQ(its.back().bound, 3);
  std::uint64_t generated = 0;
  for (const auto& it : its) generated += it.generated;
  EXPECT_EQ(generated, r.stats.generated);
}

// The iteration a limit cuts short says so: its next bound is not a proof.
TEST(IdaStar, TheIterationALimitStopsIsMarkedStopped) {
  GraphDomain d({{{3, 10}, {1, 1}}, {{2, 1}}, {{3, 1}}, {}}, 3);
  IdaStarOptions o;
  o.limits.max_expanded = 4;  // bounds 0 and 1 take 1 + 2 expansions; bound 2 would take 3
  const auto r = ida_star(d, d.start(), ZeroHeuristic{}, o);
  ASSERT_EQ(r.status, Status::stopped);
  const auto& its = r.stats.iterations;
  ASSERT_EQ(its.size(), 3u);
  EXPECT_FALSE(its[0].stopped);
  EXPECT_FALSE(its[1].stopped);
  EXPECT_TRUE(its[2].stopped);
  EXPECT_EQ(r.lower_bound, 2);
  const auto solved = ida_star(d, d.start(), ZeroHeuristic{});
  for (const auto& it : solved.stats.iterations) EXPECT_FALSE(it.stopped);
}

// A bound proven elsewhere (first_bound) skips the iterations below it; the cost stays least.
TEST(IdaStar, StartsAtAFirstBoundProvenElsewhere) {
  GraphDomain d({{{3, 10}, {1, 1}}, {{2, 1}}, {{3, 1}}, {}}, 3);
  IdaStarOptions o;
  o.first_bound = 2;
  const auto r = ida_star(d, d.start(), ZeroHeuristic{}, o);
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_EQ(r.cost, 3);
  ASSERT_EQ(r.stats.iterations.size(), 2u);  // bounds 2, 3
  EXPECT_EQ(r.stats.iterations.front().bound, 2);
}

TEST(IdaStar, ProvesUnsolvableWhenNothingExceedsTheBound) {
  // A DAG whose goal (node 4) has no incoming edge.
  GraphDomain d({{{1, 1}, {2, 2}}, {{3, 1}}, {{3, 5}}, {}, {}}, 4);
  const auto r = ida_star(d, d.start(), ZeroHeuristic{});
  EXPECT_EQ(r.status, Status::unsolvable);
  EXPECT_TRUE(r.plan.empty());
  EXPECT_EQ(r.stats.iterations.back().next_bound, -1);
}

TEST(IdaStar, DeadEndAtTheRootIsProvenUnsolvable) {
  GraphDomain d({{{1, 1}}, {}}, 1);
  const toy::TableHeuristic h{{dead_end<int>(), 0}};
  const auto r = ida_star(d, d.start(), h);
  EXPECT_EQ(r.status, Status::unsolvable);
  EXPECT_EQ(r.stats.dead_ends, 1u);
  EXPECT_EQ(r.stats.expanded, 0u);
}

struct CountingObserver : NullObserver {
  static constexpr bool kWantsNodes = true;
  int begins = 0, ends = 0;
  std::uint64_t expands = 0, generates = 0;
  void on_iteration_begin(std::int64_t) { ++begins; }
  void on_iteration_end(const IterationStats&) { ++ends; }
  template <class S>
  void on_expand(const S&, std::int64_t, std::int64_t) { ++expands; }
  template <class S, class M>
  void on_generate(const S&, const S&, const M&, std::int64_t, std::int64_t) { ++generates; }
};

TEST(IdaStar, ObserverSeesEveryIterationAndNode) {
  toy::GridDomain<false> d(6, 6, 0.2, 42);
  const toy::GridManhattan h{6, d.goal_cell()};
  CountingObserver obs;
  const auto r = ida_star(d, d.start(), h, IdaStarOptions{}, NoPruning{}, obs);
  ASSERT_NE(r.status, Status::stopped);
  EXPECT_EQ(obs.begins, static_cast<int>(r.stats.iterations.size()));
  EXPECT_EQ(obs.ends, obs.begins);
  EXPECT_EQ(obs.expands, r.stats.expanded);
  EXPECT_EQ(obs.generates, r.stats.generated);
}

}  // namespace

namespace {

// A 5x5 open grid without a goal: cycles everywhere.
class NoGoalGrid : public hsearch::toy::GridDomain<false> {
 public:
  NoGoalGrid() : GridDomain(5, 5, 0.0, 1) {}
  bool is_goal(const State&) const { return false; }
};

TEST(IdaStar, TranspositionTableProvesACyclicSpaceUnsolvable) {
  const NoGoalGrid d;
  hsearch::IdaStarOptions o;
  o.transposition_entries = 1 << 10;
  const auto r = hsearch::ida_star(d, d.start(), hsearch::ZeroHeuristic{}, o);
  EXPECT_EQ(r.status, hsearch::Status::unsolvable);
  EXPECT_GT(r.stats.duplicates, 0u);
}

}  // namespace

namespace {

struct CountingProgress : NullObserver {
  static constexpr bool kWantsProgress = true;
  std::vector<std::int64_t> bounds;
  int ends = 0, progress = 0;
  std::vector<std::string> phases;
  void on_iteration_begin(std::int64_t bound) { bounds.push_back(bound); }
  void on_iteration_end(const IterationStats&) { ++ends; }
  void on_progress(const Statistics&, double) { ++progress; }
  void on_phase(const std::string& what) { phases.push_back(what); }
};

// Wants no progress lines and has no on_phase: the adapter must forward neither.
struct IterationsOnly : NullObserver {
  int begins = 0;
  void on_iteration_begin(std::int64_t) { ++begins; }
  int progress = 0;
  void on_progress(const Statistics&, double) { ++progress; }
};

}  // namespace

TEST(IdaStar, AnyProgressObserverPassesTheProgressHooksOn) {
  toy::GridDomain<false> d(9, 8, 0.15, 41);
  const toy::GridManhattan h{9, d.goal_cell()};
  CountingProgress direct;
  const auto want = ida_star(d, d.start(), h, IdaStarOptions{}, NoPruning{}, direct);
  ASSERT_EQ(want.status, Status::solved);
  ASSERT_GE(direct.bounds.size(), 2u);

  CountingProgress inner;
  ProgressObserverOf<CountingProgress> adapter(inner);
  AnyProgressObserver& any = adapter;
  const auto got = ida_star(d, d.start(), h, IdaStarOptions{}, NoPruning{}, any);
  EXPECT_EQ(got.cost, want.cost);
  EXPECT_EQ(got.stats.expanded, want.stats.expanded);
  EXPECT_EQ(inner.bounds, direct.bounds);
  EXPECT_EQ(inner.ends, direct.ends);
  any.on_phase("fewer moves: next");
  any.on_progress(Statistics{}, 1.0);
  EXPECT_EQ(inner.phases, std::vector<std::string>{"fewer moves: next"});
  EXPECT_EQ(inner.progress, direct.progress + 1);

  IterationsOnly quiet;
  ProgressObserverOf<IterationsOnly> quiet_adapter(quiet);
  ida_star(d, d.start(), h, IdaStarOptions{}, NoPruning{}, static_cast<AnyProgressObserver&>(quiet_adapter));
  quiet_adapter.on_phase("ignored");
  quiet_adapter.on_progress(Statistics{}, 1.0);
  EXPECT_EQ(quiet.begins, static_cast<int>(direct.bounds.size()));
  EXPECT_EQ(quiet.progress, 0);
}
