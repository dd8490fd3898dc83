// The recording observer (observers/recording_observer.hpp) on the 8-puzzle: its events are
// the run's own counts, IDA*'s iterations come with their bounds in order, and the cap cuts
// the recording (not the search) and says so.
#include <gtest/gtest.h>

#include <set>

#include "hsearch/fifteen_puzzle/board_io.hpp"
#include "hsearch/fifteen_puzzle/domain.hpp"
#include "hsearch/fifteen_puzzle/inverse_move_pruner.hpp"
#include "hsearch/fifteen_puzzle/manhattan.hpp"
#include "hsearch/observers/recording_observer.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/search/bfs.hpp"
#include "hsearch/search/ida_star.hpp"

namespace hsearch::fifteen {
namespace {

using K = RecordedEvent::Kind;

// A mid-sized 8-puzzle board (22 moves) and a small one for BFS (8 moves).
const std::vector<unsigned> kBoard = {8, 1, 3, 4, 0, 2, 7, 6, 5};
const std::vector<unsigned> kSmallBoard = {1, 4, 2, 6, 5, 8, 7, 3, 0};
const std::vector<unsigned> kHardBoard = {8, 6, 7, 2, 5, 4, 3, 0, 1};  // 31 moves: the 8-puzzle's hardest

template <class R>
void expect_counts_match(const Recording& rec, const R& r) {
  EXPECT_EQ(rec.count(K::expand), r.stats.expanded);
  EXPECT_EQ(rec.count(K::generate), r.stats.generated);
  EXPECT_EQ(rec.count(K::duplicate), r.stats.duplicates);
  EXPECT_EQ(rec.count(K::reopen), r.stats.reopened);
  EXPECT_EQ(rec.count(K::dead_end), r.stats.dead_ends);
  EXPECT_EQ(rec.count(K::prune), r.stats.pruned);
  EXPECT_FALSE(rec.truncated);
}

// The solution's nodes are a chain of parents from a root, one per state of the plan.
void expect_path_is_chain(const Recording& rec, std::size_t plan_length) {
  ASSERT_EQ(rec.path.size(), plan_length + 1);
  ASSERT_EQ(rec.solution_states.size(), plan_length + 1);
  std::vector<std::int64_t> parent_of, state_of;
  for (const auto& e : rec.events) {
    if (e.kind != K::root && e.kind != K::generate) continue;
    if (static_cast<std::size_t>(e.node) >= parent_of.size()) {
      parent_of.resize(static_cast<std::size_t>(e.node) + 1, -2);
      state_of.resize(static_cast<std::size_t>(e.node) + 1, -2);
    }
    parent_of[static_cast<std::size_t>(e.node)] = e.parent;
    state_of[static_cast<std::size_t>(e.node)] = e.state;
  }
  EXPECT_EQ(parent_of.at(static_cast<std::size_t>(rec.path.front())), -1);
  for (std::size_t i = 0; i < rec.path.size(); ++i) {
    EXPECT_EQ(state_of.at(static_cast<std::size_t>(rec.path[i])), rec.solution_states[i]) << "step " << i;
    if (i > 0) {
      EXPECT_EQ(parent_of.at(static_cast<std::size_t>(rec.path[i])), rec.path[i - 1]) << "step " << i;
    }
  }
  EXPECT_EQ(rec.events.back().kind, K::solution);
}

TEST(Recording, AStarEventsAreTheRunsCounts) {
  const FifteenPuzzle puzzle(3, 3);
  const Manhattan<PackedBoard> md(puzzle);
  const auto start = make_board<PackedBoard>(kBoard);
  const auto plain = astar(puzzle, start, md);
  Recording rec;
  RecordingObserver<FifteenPuzzle> observer(puzzle, rec);
  const auto r = astar(puzzle, start, md, AStarOptions{}, observer);
  observer.finish(r, &start);
  ASSERT_TRUE(r.solved());
  EXPECT_TRUE(r.optimal);
  EXPECT_EQ(r.cost, ida_star(puzzle, start, md).cost);
  EXPECT_EQ(r.stats.expanded, plain.stats.expanded);  // recording changes nothing in the search
  EXPECT_GT(r.stats.duplicates, 0u);
  expect_counts_match(rec, r);
  EXPECT_FALSE(rec.tree);
  EXPECT_EQ(rec.outcome, "solved");
  EXPECT_EQ(rec.cost, r.cost);
  expect_path_is_chain(rec, r.plan.size());
  EXPECT_EQ(rec.states[static_cast<std::size_t>(rec.solution_states.front())], puzzle.state_string(start));
}

TEST(Recording, WeightedAStarReopeningsAreRecorded) {
  const FifteenPuzzle puzzle(3, 3);
  const Manhattan<PackedBoard> md(puzzle);
  const auto start = make_board<PackedBoard>(kHardBoard);
  AStarOptions o;
  o.weight_g = 1;
  o.weight_h = 3;
  Recording rec;
  RecordingObserver<FifteenPuzzle> observer(puzzle, rec);
  const auto r = astar(puzzle, start, md, o, observer);
  observer.finish(r, &start);
  ASSERT_TRUE(r.solved());
  EXPECT_GT(r.stats.reopened, 0u);  // this weighting reopens on this board
  expect_counts_match(rec, r);
  expect_path_is_chain(rec, r.plan.size());
  // A reopen names the closed node it puts back, of the same state.
  for (std::size_t i = 0; i < rec.events.size(); ++i) {
    const auto& e = rec.events[i];
    if (e.kind != K::reopen) continue;
    ASSERT_GE(e.other, 0);
    ASSERT_GT(i, 0u);
    EXPECT_EQ(rec.events[i - 1].kind, K::generate);
    EXPECT_EQ(rec.events[i - 1].node, e.node);
  }
}

TEST(Recording, BfsEventsAreTheRunsCounts) {
  const FifteenPuzzle puzzle(3, 3);
  const auto start = make_board<PackedBoard>(kSmallBoard);
  Recording rec;
  RecordingObserver<FifteenPuzzle> observer(puzzle, rec);
  const auto r = bfs(puzzle, start, BfsOptions{}, observer);
  observer.finish(r, &start);
  ASSERT_TRUE(r.solved());
  EXPECT_GT(r.stats.duplicates, 0u);
  EXPECT_EQ(r.cost, astar(puzzle, start, Manhattan<PackedBoard>(puzzle)).cost);
  expect_counts_match(rec, r);
  expect_path_is_chain(rec, r.plan.size());
}

TEST(Recording, IdaStarRecordsEveryIterationWithIncreasingBounds) {
  const FifteenPuzzle puzzle(3, 3);
  const Manhattan<PackedBoard> md(puzzle);
  const auto start = make_board<PackedBoard>(kBoard);
  Recording rec;
  RecordingObserver<FifteenPuzzle> observer(puzzle, rec);
  const auto r = ida_star(puzzle, start, md, IdaStarOptions{}, InverseMovePruner{}, observer);
  observer.finish(r, &start);
  ASSERT_TRUE(r.solved());
  EXPECT_EQ(r.cost, astar(puzzle, start, md).cost);
  EXPECT_TRUE(rec.tree);
  expect_counts_match(rec, r);
  EXPECT_GT(r.stats.pruned, 0u);
  std::vector<std::int64_t> begins, ends;
  for (const auto& e : rec.events) {
    if (e.kind == K::iteration_begin) begins.push_back(e.other);
    if (e.kind == K::iteration_end) ends.push_back(e.other);
  }
  ASSERT_GE(begins.size(), 2u);
  ASSERT_EQ(begins.size(), r.stats.iterations.size());
  EXPECT_EQ(begins, ends);
  for (std::size_t k = 0; k < begins.size(); ++k) {
    EXPECT_EQ(begins[k], r.stats.iterations[k].bound);
    if (k > 0) {
      EXPECT_GT(begins[k], begins[k - 1]);
    }
  }
  EXPECT_EQ(begins.front(), md.estimate(start));
  EXPECT_EQ(begins.back(), r.cost);
  expect_path_is_chain(rec, r.plan.size());
}

// Without a pruner IDA* walks back into states it is already below (a move and its inverse);
// each generated node must still hang under the node that was expanded, not under a deeper node
// of the same state, or the tree and the solution's path come out wrong.
TEST(Recording, IdaStarWithoutPruningHangsEachNodeUnderItsParent) {
  const FifteenPuzzle puzzle(3, 3);
  const Manhattan<PackedBoard> md(puzzle);
  const auto start = make_board<PackedBoard>({3, 2, 5, 6, 4, 1, 7, 8, 0});  // 10 moves
  Recording rec;
  RecordingObserver<FifteenPuzzle> observer(puzzle, rec);
  const auto r = ida_star(puzzle, start, md, IdaStarOptions{}, NoPruning{}, observer);
  observer.finish(r, &start);
  ASSERT_TRUE(r.solved());
  expect_counts_match(rec, r);
  std::vector<std::int64_t> g_of, depth_of;
  std::size_t checked = 0;
  for (const auto& e : rec.events) {
    if (e.kind != K::root && e.kind != K::generate) continue;
    const auto id = static_cast<std::size_t>(e.node);
    if (id >= g_of.size()) {
      g_of.resize(id + 1, -1);
      depth_of.resize(id + 1, -1);
    }
    g_of[id] = e.g;
    depth_of[id] = e.depth;
    if (e.kind == K::generate) {
      ASSERT_GE(e.parent, 0);
      EXPECT_EQ(e.g, g_of.at(static_cast<std::size_t>(e.parent)) + 1) << "node " << e.node;
      EXPECT_EQ(e.depth, depth_of.at(static_cast<std::size_t>(e.parent)) + 1) << "node " << e.node;
      ++checked;
    }
  }
  EXPECT_EQ(checked, r.stats.generated);
  expect_path_is_chain(rec, r.plan.size());
}

TEST(Recording, TheCapCutsTheRecordingCleanlyAndSaysSo) {
  const FifteenPuzzle puzzle(3, 3);
  const Manhattan<PackedBoard> md(puzzle);
  const auto start = make_board<PackedBoard>(kBoard);
  const auto plain = ida_star(puzzle, start, md, IdaStarOptions{}, InverseMovePruner{});
  Recording rec;
  rec.cap = 100;
  RecordingObserver<FifteenPuzzle> observer(puzzle, rec);
  const auto r = ida_star(puzzle, start, md, IdaStarOptions{}, InverseMovePruner{}, observer);
  observer.finish(r, &start);
  EXPECT_TRUE(rec.truncated);
  EXPECT_EQ(rec.events.size(), 100u);
  // The search itself went on to its end: the same result as without the recorder.
  ASSERT_TRUE(r.solved());
  EXPECT_EQ(r.stats.expanded, plain.stats.expanded);
  EXPECT_EQ(rec.outcome, "solved");
  EXPECT_EQ(rec.solution_states.size(), r.plan.size() + 1);  // the plan is known...
  EXPECT_TRUE(rec.path.empty());                               // ...but its nodes were not recorded
  // Every recorded event refers to nodes recorded before it.
  std::set<std::int64_t> known;
  for (const auto& e : rec.events) {
    if (e.kind == K::root || e.kind == K::generate) {
      if (e.parent >= 0) {
        EXPECT_TRUE(known.count(e.parent)) << e.parent;
      }
      known.insert(e.node);
    } else if (e.node >= 0) {
      EXPECT_TRUE(known.count(e.node)) << e.node;
    }
  }
}

TEST(Recording, ACapOfZeroRecordsNothing) {
  const FifteenPuzzle puzzle(3, 3);
  const Manhattan<PackedBoard> md(puzzle);
  const auto start = make_board<PackedBoard>(kBoard);
  Recording rec;
  rec.cap = 0;
  RecordingObserver<FifteenPuzzle> observer(puzzle, rec);
  const auto r = astar(puzzle, start, md, AStarOptions{}, observer);
  observer.finish(r, &start);
  EXPECT_TRUE(rec.truncated);
  EXPECT_TRUE(rec.events.empty());
}

}  // namespace
}  // namespace hsearch::fifteen
