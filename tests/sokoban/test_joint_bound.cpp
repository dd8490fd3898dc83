// The joint bound of a group of a state's boxes (joint_bound.hpp): never above the state's
// true cost (compared with exhaustive search on Microban states), above the matching on some,
// a dead end only where there is no solution, a lower bound when stopped early; and the
// solver with it at expansion (PatternSearchOptions::joint_nodes) finds the same optima.
#include <gtest/gtest.h>

#include <cstdint>
#include <iostream>
#include <random>
#include <utility>
#include <vector>

#include "collection_file.hpp"
#include "data_dir.hpp"
#include "exact_cost.hpp"
#include "hsearch/sokoban/joint_bound.hpp"
#include "hsearch/sokoban/solver.hpp"
#include "hsearch/sokoban/state_text.hpp"
#include "level_text.hpp"
#include "same_optima.hpp"

using namespace hsearch::sokoban;

namespace {

using hsearch::sokoban::testing::kTwoBoxRoom;  // 7 pushes

CellSet group_of(std::initializer_list<std::uint16_t> cells) {
  CellSet g;
  for (const std::uint16_t c : cells) g.set(c);
  return g;
}

auto never_stop() {
  return [](std::uint64_t) { return false; };
}

// The state after a random walk of fewer than `bound` pushes from the level's start (shorter
// when it meets a dead end or a state with no push).
SokobanDomain::State random_walk(const SokobanDomain& d, std::mt19937_64& rng, unsigned bound) {
  SokobanDomain::State s = d.initial_state();
  const int length = static_cast<int>(rng() % bound);
  for (int k = 0; k < length && !hsearch::is_dead_end(s.h); ++k) {
    const auto step = hsearch::sokoban::testing::walk_step(d, s, rng);
    if (!step) break;
    d.apply(s, *step);
  }
  return s;
}

std::vector<std::uint16_t> boxes_of(const SokobanDomain::State& s) {
  std::vector<std::uint16_t> boxes;
  s.boxes.for_each([&](int c) { boxes.push_back(static_cast<std::uint16_t>(c)); });
  return boxes;
}

}  // namespace

TEST(JointBound, InTheRoomTheGroupOfEveryBoxIsTheOptimumAndOneBoxKeepsTheOthersGoal) {
  const Level lv = hsearch::sokoban::testing::level_from(kTwoBoxRoom);
  const Board board(lv);
  BasicJointBound<CellSet> joint(board);
  ASSERT_TRUE(joint.usable());
  const SokobanDomain d(board);
  const auto s = d.initial_state();
  const std::uint16_t left = board.cell_at(1, 2), right = board.cell_at(1, 4);
  const JointBound joint_of_all = joint.bound(s, group_of({left, right}), never_stop());
  EXPECT_TRUE(joint_of_all.exact);
  EXPECT_EQ(joint_of_all.bound, 7);
  const JointBound joint_of_left = joint.bound(s, group_of({left}), never_stop());
  EXPECT_TRUE(joint_of_left.exact);
  EXPECT_EQ(joint_of_left.bound, 7);
  // Stopped before its first expansion: the start's estimate, still a lower bound.
  const JointBound stopped = joint.bound(s, group_of({left, right}), [](std::uint64_t) { return true; });
  EXPECT_FALSE(stopped.exact);
  EXPECT_EQ(stopped.expanded, 0U);
  EXPECT_LE(stopped.bound, 7);
  EXPECT_EQ(stopped.bound, stopped.start);
}

// On states of random walks through Microban levels, the joint bound of every pair of boxes
// (and of each box alone) is at most the state's exact cost, found by A* without patterns; a
// dead end only where no solution exists; and above the state's own bound on some states.
TEST(JointBound, NeverAboveTheTrueCostOnMicrobanStates) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  std::mt19937_64 rng(20261205);
  int checked = 0, raised = 0;
  for (int n = 1; n <= hsearch::testing::sweep(40); ++n) {
    const Board board(entries[static_cast<std::size_t>(n - 1)].level);
    BasicJointBound<CellSet> joint(board);
    if (!joint.usable()) continue;
    const SokobanDomain d(board);
    for (int walk = 0; walk < 4; ++walk) {
      const SokobanDomain::State s = random_walk(d, rng, 10);
      if (hsearch::is_dead_end(s.h)) continue;
      const int truth = hsearch::sokoban::testing::exact_cost(board, s, 4000);
      if (truth == -1) continue;
      const std::vector<std::uint16_t> boxes = boxes_of(s);
      for (std::size_t i = 0; i < boxes.size(); ++i) {
        for (std::size_t j = i; j < boxes.size(); ++j) {
          const JointBound b = joint.bound(s, group_of({boxes[i], boxes[j]}), [](std::uint64_t e) { return e >= 20000; });
          if (b.dead) {
            EXPECT_EQ(truth, -2) << "level " << n << ": a dead end that has a solution";
            continue;
          }
          if (truth < 0) continue;
          ++checked;
          EXPECT_LE(b.bound, truth) << "level " << n << ": the joint bound is above the true cost";
          raised += b.bound > s.h;
        }
      }
    }
  }
  std::cout << checked << " joint bounds checked, " << raised << " above the state's own bound\n";
  EXPECT_GE(checked, hsearch::testing::kSanitized ? 100 : 400);
  EXPECT_GT(raised, 0);
}

// One object's sub-searches share a graph of the P-only states (each state's children made
// once): on states of random walks through Microban levels, every exact joint bound of a pair
// of boxes from the shared graph is the one a fresh object finds, and so is every dead end.
TEST(JointBound, TheSharedGraphGivesTheBoundsOfAFreshOne) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  std::mt19937_64 rng(20261206);
  int compared = 0;
  for (int n = 1; n <= hsearch::testing::sweep(60); ++n) {
    const Board board(entries[static_cast<std::size_t>(n - 1)].level);
    BasicJointBound<CellSet> shared(board);
    if (!shared.usable()) continue;
    const SokobanDomain d(board);
    for (int walk = 0; walk < 6; ++walk) {
      const SokobanDomain::State s = random_walk(d, rng, 12);
      if (hsearch::is_dead_end(s.h)) continue;
      const std::vector<std::uint16_t> boxes = boxes_of(s);
      for (std::size_t i = 0; i + 1 < boxes.size(); ++i) {
        const CellSet group = group_of({boxes[i], boxes[i + 1]});
        auto limit = [](std::uint64_t e) { return e >= 5000; };
        const JointBound warm = shared.bound(s, group, limit);
        BasicJointBound<CellSet> fresh(board);
        const JointBound cold = fresh.bound(s, group, limit);
        if (!warm.exact || !cold.exact) continue;
        ++compared;
        EXPECT_EQ(warm.dead, cold.dead) << "level " << n;
        if (!warm.dead) {
          EXPECT_EQ(warm.bound, cold.bound) << "level " << n;
        }
        EXPECT_EQ(warm.start, cold.start) << "level " << n;
      }
    }
  }
  std::cout << compared << " exact joint bounds compared\n";
  EXPECT_GE(compared, hsearch::testing::kSanitized ? 50 : 300);
}

TEST(JointBound, SameOptimaOnMicrobanWithAndWithoutAtExpansion) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  SolveOptions with, without;
  with.patterns.joint_nodes = 500;
  with.patterns.joint_groups = 2;
  with.patterns.joint_union_boxes = 6;
  with.patterns.joint_after_pushes = 0;
  without.patterns.joint_nodes = 0;
  // (the start's groups from the first push on, so that small levels have patterns to use)
  with.patterns.start_after_pushes = without.patterns.start_after_pushes = 0;
  EXPECT_GE(hsearch::sokoban::testing::expect_same_optima_on_microban({with, without}), hsearch::testing::sweep(50));
}

// The joint-bound counts of the solver on Microban 1-60 with `options` (20 000 expansions each,
// no fewer-moves pass), summed; every level's raised bounds are among its bounds.
namespace {
struct JointTotals {
  std::uint64_t found = 0, unions = 0, raised = 0, expanded = 0, skipped = 0, pauses = 0, paused = 0;
};
JointTotals joint_totals_on_microban(SolveOptions options) {
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  options.fewer_moves = false;
  options.limits.max_expanded = 20000;
  JointTotals t;
  for (int n = 1; n <= 60; ++n) {
    const SolveReport r = solve_level(entries[static_cast<std::size_t>(n - 1)].level, options);
    t.found += r.joint_bounds;
    t.unions += r.joint_unions;
    t.raised += r.joint_raised;
    t.expanded += r.joint_expanded;
    t.skipped += r.joint_skipped;
    t.pauses += r.joint_pauses;
    t.paused += r.joint_paused;
    EXPECT_LE(r.joint_raised, r.joint_bounds) << "level " << n;
  }
  std::cout << t.found << " joint bounds (" << t.unions << " of unions), " << t.raised << " raised a bound, "
            << t.expanded << " expanded, " << t.skipped << " skipped, " << t.pauses << " pauses, " << t.paused << " states left by them\n";
  return t;
}
}  // namespace

// The solver reports the joint bounds it found (some of them of the union of disjoint
// patterns), and on a level where the patterns have a penalty they raise some states' bounds;
// states it held more than one push above their table bound are skipped (and counted).
TEST(JointBound, TheSolverCountsTheJointBoundsItUses) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  SolveOptions options;
  options.patterns.joint_nodes = 500;
  options.patterns.joint_after_pushes = 0;
  options.patterns.start_after_pushes = 0;
  options.patterns.joint_union_boxes = 6;
  const JointTotals t = joint_totals_on_microban(options);
  EXPECT_GT(t.found, 0U);
  EXPECT_GT(t.unions, 0U);
  EXPECT_LT(t.unions, t.found);
  EXPECT_GT(t.raised, 0U);
  EXPECT_GE(t.expanded, t.found);
  EXPECT_GT(t.skipped, 0U);
}

// Joint bounds that pause (a window of 2 that did not raise both states' bounds pauses them for
// 64 pushes, then 128, ...) leave states with the bound the search has: the optima are the same
// as without joint bounds, and the pauses are counted with the states they left.
TEST(JointBound, PausedJointBoundsKeepTheOptima) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  SolveOptions paused, without;
  paused.patterns.joint_nodes = 50;
  paused.patterns.joint_after_pushes = 0;
  paused.patterns.joint_min_raised = 1.0;
  paused.patterns.joint_window = 2;
  paused.patterns.joint_pause = 64;
  without.patterns.joint_nodes = 0;
  paused.patterns.start_after_pushes = without.patterns.start_after_pushes = 0;
  EXPECT_GE(hsearch::sokoban::testing::expect_same_optima_on_microban({paused, without}), hsearch::testing::sweep(50));
  const JointTotals t = joint_totals_on_microban(paused);
  EXPECT_GT(t.found, 0U);
  EXPECT_GT(t.pauses, 0U);
  EXPECT_GT(t.paused, 0U);
}

namespace {

// The position of `level` with the boxes and the player on the given (row, col) squares, as a
// level of its own: written by state_text, as --sample-states writes its samples.
Level position_of(const Level& level, const std::vector<std::pair<int, int>>& boxes, std::pair<int, int> player) {
  using hsearch::sokoban::testing::cell;
  const Board board(level);
  PushState s;
  for (const auto& [r, c] : boxes) s.boxes.set(cell(board, r, c));
  s.player = static_cast<std::uint16_t>(cell(board, player.first, player.second));
  return hsearch::sokoban::testing::level_from(state_text(board, s));
}

}  // namespace

// XSokoban 54 with six boxes in its goal room, 79 pushes into a 187-push solution: 108 left.
// Two pairs of boxes each cost more than their matching: the box in the tunnel at (7,14) and
// the one at (8,17) shut the player out of the bottom right (one of them must go down into it
// and come back: 4 pushes), and the box at (8,2) with the one at (9,3) shut him out of the
// bottom left (2 pushes). Each pair's joint bound sees its own detour; the table's sum
// c(P1) + c(P2) + M(rest) lets the rest take the goals the pairs need; only the joint bound
// of both pairs together sees both detours, and reaches the 108 pushes the solution takes.
TEST(JointBound, TheUnionOfTheDisjointPatternsSeesBothDetours) {
  HSEARCH_REQUIRE_DATA("sokoban/xsokoban/XSokoban.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/xsokoban/XSokoban.xsb");
  const Level lv = position_of(entries[53].level,
                               {{2, 6}, {4, 5}, {4, 8}, {5, 2}, {5, 5}, {5, 8}, {6, 5}, {6, 8},
                                {6, 12}, {6, 15}, {6, 17}, {7, 14}, {8, 2}, {8, 17}, {9, 3}, {9, 7}},
                               {2, 7});
  const Board board(lv);
  const SokobanDomain d(board);
  const SokobanDomain::State s = d.initial_state();
  using hsearch::sokoban::testing::cell;
  BasicJointBound<CellSet> joint(board);
  ASSERT_TRUE(joint.usable());
  auto at = [&](int r, int c) { return static_cast<std::uint16_t>(cell(board, r, c)); };
  const CellSet right = group_of({at(7, 14), at(8, 17)});
  const CellSet left = group_of({at(8, 2), at(9, 3)});
  const JointBound of_right = joint.bound(s, right, never_stop());
  const JointBound of_left = joint.bound(s, left, never_stop());
  const JointBound of_both = joint.bound(s, right | left, never_stop());
  EXPECT_TRUE(of_right.exact && of_left.exact && of_both.exact);
  EXPECT_EQ(of_right.start, of_both.start);  // (the joint matching of the state itself)
  EXPECT_EQ(of_right.bound, of_right.start + 4);
  EXPECT_EQ(of_left.bound, of_left.start + 2);
  EXPECT_EQ(of_both.bound, of_both.start + 6);
  EXPECT_EQ(of_both.bound, 108);

  // The pattern search asks for the union when a state holds disjoint penalty patterns
  // (PatternSearchOptions::joint_union_boxes), in place of the largest one's: with the
  // start's groups learnt, the state's bound before it is expanded is 108 with it and below
  // without.
  auto bound_before_expanding = [&](int union_boxes, PatternSearchStats& stats) {
    PatternSearchOptions options;
    options.joint_after_pushes = 0;
    options.joint_union_boxes = union_boxes;
    options.start_after_pushes = 0;
    PatternSearch patterns(board, options);
    patterns.search_start(s, [] { return false; });
    const int bound = patterns.refine_before_expanding(s, s.box_cell[0], s.h);
    stats = patterns.stats();
    return bound;
  };
  // 108 is the position's push optimum: the bound is exact here.
  SolveOptions solve;
  solve.fewer_moves = false;
  solve.limits.max_expanded = 20000;
  const SolveReport solved = solve_level(lv, solve);
  ASSERT_TRUE(solved.solved());
  EXPECT_EQ(solved.pushes, 108);
  PatternSearchStats with_union, without_union;
  EXPECT_EQ(bound_before_expanding(6, with_union), 108);
  EXPECT_LT(bound_before_expanding(0, without_union), 108);
  EXPECT_EQ(with_union.joint_unions, 1U);
  EXPECT_EQ(with_union.joint_bounds, 1U);
  EXPECT_EQ(without_union.joint_unions, 0U);
}
