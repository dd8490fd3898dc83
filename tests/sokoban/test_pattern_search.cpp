// Pattern search (pattern_search.hpp) and the penalty table (penalty_table.hpp): a matched
// deadlock pattern is a dead end, penalties add up over disjoint patterns, and — what the
// optimality rests on — the refined bound never exceeds the true remaining cost, checked against
// searches without patterns on states along optimal solutions and on random walks.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <optional>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "collection_file.hpp"
#include "data_dir.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/sokoban/pattern_search.hpp"
#include "hsearch/sokoban/solver.hpp"
#include "exact_cost.hpp"
#include "level_text.hpp"
#include "same_optima.hpp"
#include "sweep.hpp"

using namespace hsearch::sokoban;
using hsearch::sokoban::testing::cell;
using hsearch::sokoban::testing::level_from;

namespace {

CellSet cells_of(std::initializer_list<int> cells) {
  CellSet s;
  for (int c : cells) s.set(c);
  return s;
}

CellSet all_floor(const Board& b) {
  CellSet s;
  for (int c = 0; c < b.cell_count(); ++c) s.set(c);
  return s;
}

// A* without patterns or frozen-goal distances, at most 20000 expansions (exact_cost.hpp).
int exact_cost(const Board& board, const SokobanDomain::State& s) {
  return hsearch::sokoban::testing::exact_cost(board, s, 20000);
}

// A level where pushing the box on (4,4) right closes a fence: boxes (3,7) and (4,6) shut in
// the squares right of and below (4,6), and the push pins (4,6).
const char* const kClosedFence =
    "##########\n"
    "#@  ...  #\n"
    "# $   .  #\n"
    "#      $##\n"
    "#   $ $  #\n"
    "######   #\n"
    "     #####\n";

SokobanDomain::Move closing_push(const Board& b) {
  return {static_cast<std::uint16_t>(cell(b, 4, 4)), static_cast<std::uint8_t>(kRight)};
}

// Five boxes between two rooms, for the table's random walks.
const char* const kWalkLevel =
    "##########\n"
    "#@   #   #\n"
    "# $ $  $ #\n"
    "#  ## $  #\n"
    "# $  .. .#\n"
    "#   ...  #\n"
    "##########\n";

// One step of a random walk: a push of `s` drawn by `rng`, applied (none when s has no push).
template <class Rng>
std::optional<SokobanDomain::Move> push_at_random(const SokobanDomain& d, SokobanDomain::State& s, Rng& rng) {
  std::vector<SokobanDomain::Move> moves;
  d.for_each_move(s, [&](const SokobanDomain::Move& m) { moves.push_back(m); });
  if (moves.empty()) return std::nullopt;
  const SokobanDomain::Move m = moves[rng() % moves.size()];
  d.apply(s, m);
  return m;
}

}  // namespace

TEST(PenaltyTable, DeadlockPatternMatchesOnlyWithThePlayerInItsZone) {
  // Two boxes and two goals; the table is told that the box pair is a deadlock when the player
  // is on the left part of the board.
  const Board b(level_from(
      "########\n"
      "#@     #\n"
      "#  $ $.#\n"
      "#     .#\n"
      "########\n"));
  const SokobanDomain d(b);
  const SokobanDomain::State s = d.initial_state();
  ASSERT_FALSE(hsearch::is_dead_end(s.h));
  PenaltyTable table(b, 2);
  EXPECT_EQ(table.bound(s, 2), s.h);
  CellSet elsewhere;
  elsewhere.set(cell(b, 3, 6));  // a zone the player is not in
  ASSERT_NE(s.player, cell(b, 3, 6));
  table.add(cells_of({cell(b, 2, 3), cell(b, 2, 5)}), elsewhere, PenaltyTable::kDeadlock, 0);
  EXPECT_EQ(table.bound(s, 2), s.h);
  table.add(cells_of({cell(b, 2, 3), cell(b, 2, 5)}), all_floor(b), PenaltyTable::kDeadlock, 0);
  EXPECT_TRUE(hsearch::is_dead_end(table.bound(s, 2)));
  EXPECT_EQ(table.deadlocks(), 2U);
}

TEST(PenaltyTable, DisjointPatternCostsAddUpWithTheRestsMatching) {
  const Board b(level_from(
      "##########\n"
      "#@       #\n"
      "#  $  $ .#\n"
      "#       .#\n"
      "#  $    .#\n"
      "##########\n"));
  const SokobanDomain d(b);
  const SokobanDomain::State s = d.initial_state();
  EXPECT_EQ(s.h, 13);  // e.g. (2,6)->(2,8) 2, (2,3)->(3,8) 6, (4,3)->(4,8) 5
  PenaltyTable table(b, 3);
  // Say box (2,6) alone costs 10 (its matching gives it 2 or 3).
  table.add(cells_of({cell(b, 2, 6)}), all_floor(b), 10, 2);
  const int bound = table.bound(s, 3);
  // 10 + the other two boxes' matching: (2,3)->(2,8) 5 and (4,3)->(4,8) 5.
  EXPECT_EQ(bound, 20);
  // A pattern that overlaps the first (smaller penalty: 11 - 8) is not added on top of it.
  table.add(cells_of({cell(b, 2, 6), cell(b, 4, 3)}), all_floor(b), 11, 8);
  EXPECT_EQ(table.bound(s, 3), bound);
}

// The table re-matches the boxes outside a pattern by warm starts from the state's own
// matching, and skips the re-matching when it cannot beat the state's bound: both must give
// exactly max(h, c(P) + M(rest)), M(rest) solved from scratch, on states along random walks.
TEST(PenaltyTable, OnePatternGivesItsCostPlusTheRestsMatchingFromScratch) {
  const Board b(level_from(kWalkLevel));
  const SokobanDomain d(b);
  const int boxes = d.box_count();
  const int goals = b.goal_set().count();
  std::mt19937 rng(7);
  int raised = 0, compared = 0;
  for (int walk = 0; walk < 40; ++walk) {
    SokobanDomain::State s = d.initial_state();
    for (int step = 0; step < 12; ++step) {
      if (!push_at_random(d, s, rng) || hsearch::is_dead_end(s.h)) break;
      for (int trial = 0; trial < 4; ++trial) {
        // A pattern of one to three of the state's boxes, of a cost from 1 to 40.
        CellSet pattern;
        const int size = 1 + static_cast<int>(rng() % 3);
        for (int k = 0; k < size; ++k) pattern.set(s.box_cell[rng() % static_cast<unsigned>(boxes)]);
        const int cost = 1 + static_cast<int>(rng() % 40);
        PenaltyTable table(b, goals);
        table.add(pattern, all_floor(b), cost, 0);
        auto rest_cost = [&](int row, int col) -> std::int32_t {
          if (row >= boxes || pattern.test(s.box_cell[static_cast<std::size_t>(row)])) return 0;
          const std::uint16_t dist = s.goal_costs(static_cast<std::size_t>(row), static_cast<std::size_t>(goals))[col];
          return dist == kUnreachable ? hsearch::sokoban::kNoPushPathCost : static_cast<std::int32_t>(dist);
        };
        Assignment<kMaxBoxes> a;
        solve_assignment(a, goals, rest_cost);
        const std::int64_t total = cost + assignment_cost(a, goals, rest_cost);
        const int bound = table.bound(s, boxes);
        ++compared;
        if (total >= hsearch::sokoban::kNoPushPathCost) {
          EXPECT_TRUE(hsearch::is_dead_end(bound));
          continue;
        }
        EXPECT_EQ(bound, std::max<std::int64_t>(s.h, total)) << "walk " << walk << " step " << step;
        raised += bound > s.h;
      }
    }
  }
  // Both sides of the skip are exercised: patterns that raise the bound and patterns that do not.
  EXPECT_GT(raised, 20);
  EXPECT_LT(raised, compared - 20);
}

// A 2x2 block of boxes on goals that never moves (freeze.hpp), and two boxes to bring home.
const char* const kFrozenBlock =
    "##########\n"
    "#@       #\n"
    "#  $  $ .#\n"
    "# **    .#\n"
    "# **     #\n"
    "##########\n";

TEST(PenaltyTable, APatternWithWallsMatchesOnlyAStateThatHoldsThem) {
  const Board b(level_from(kFrozenBlock), BoardOptions{false});  // the block stays boxes
  const SokobanDomain d(b);
  const SokobanDomain::State s = d.initial_state();
  const CellSet block = cells_of({cell(b, 3, 2), cell(b, 3, 3), cell(b, 4, 2), cell(b, 4, 3)});
  ASSERT_EQ(s.frozen, block);
  // The same board with the block's last box on (3,5) instead: the block is not all there.
  auto at = [&](int r, int c) { return static_cast<std::uint16_t>(cell(b, r, c)); };
  const std::vector<std::uint16_t> cells = {at(2, 3), at(2, 6), at(3, 2), at(3, 3), at(4, 2), at(3, 5)};
  const SokobanDomain other(b, cells.data(), static_cast<int>(cells.size()), s.player);
  const SokobanDomain::State t = other.initial_state();
  ASSERT_FALSE(hsearch::is_dead_end(t.h));
  PenaltyTable table(b, 6);
  table.add(cells_of({cell(b, 2, 3)}), all_floor(b), PenaltyTable::kDeadlock, 0, block);
  EXPECT_TRUE(hsearch::is_dead_end(table.bound(s, 6)));
  EXPECT_EQ(table.bound(t, 6), t.h);
  // Patterns that share their walls but not their boxes still add up, as without walls: the
  // block's boxes stay in the rest, at 0 pushes each.
  PenaltyTable apart(b, 6), walled(b, 6);
  for (PenaltyTable* p : {&apart, &walled}) {
    const CellSet walls = p == &walled ? block : CellSet{};
    p->add(cells_of({cell(b, 2, 3)}), all_floor(b), 12, 0, walls);
    p->add(cells_of({cell(b, 2, 6)}), all_floor(b), 9, 0, walls);
  }
  EXPECT_EQ(apart.bound(s, 6), 21);
  EXPECT_EQ(walled.bound(s, 6), 21);
}

// The table's index (the patterns by their smallest box cell) must only skip patterns a state
// cannot hold: matched() finds exactly the penalty patterns a test of every pattern finds, and
// a deadlock whenever one is held, on states along random walks, with tables of patterns drawn
// from those states' boxes and from the whole floor, some with walls, some with small zones.
TEST(PenaltyTable, MatchedFindsEveryPatternTheStateHolds) {
  const Board b(level_from(kWalkLevel));
  const SokobanDomain d(b);
  const int boxes = d.box_count();
  std::mt19937 rng(11);
  auto random_cells = [&](int n) {
    CellSet c;
    for (int k = 0; k < n; ++k) c.set(static_cast<int>(rng() % static_cast<unsigned>(b.cell_count())));
    return c;
  };
  int held = 0, deadlocks = 0;
  for (int walk = 0; walk < 30; ++walk) {
    SokobanDomain::State s = d.initial_state();
    PenaltyTable table(b, boxes);
    for (int step = 0; step < 10; ++step) {
      if (!push_at_random(d, s, rng) || hsearch::is_dead_end(s.h)) break;
      for (int k = 0; k < 6; ++k) {
        CellSet pattern;
        const int size = 1 + static_cast<int>(rng() % 3);
        for (int i = 0; i < size; ++i) pattern.set(s.box_cell[rng() % static_cast<unsigned>(boxes)]);
        if (k % 3 == 2) pattern = pattern | random_cells(1);  // one that the state may not hold
        CellSet walls = k % 2 == 0 ? CellSet{} : random_cells(1);
        walls = walls.without(pattern);
        const CellSet zone = rng() % 4 == 0 ? random_cells(8) : all_floor(b);
        const bool deadlock = rng() % 25 == 0;
        table.add(pattern, zone, deadlock ? PenaltyTable::kDeadlock : 1 + static_cast<int>(rng() % 9), 0, walls);
      }
      std::vector<std::uint32_t> expected;
      bool dead = false;
      for (std::size_t id = 0; id < table.size(); ++id) {
        const auto& p = table.patterns()[id];
        if (!p.boxes.subset_of(s.boxes) || !p.walls.subset_of(s.boxes) || !p.zone.test(s.player)) continue;
        if (p.cost == PenaltyTable::kDeadlock) dead = true;
        if (p.penalty > 0) expected.push_back(static_cast<std::uint32_t>(id));
      }
      PenaltyTable::Found found;
      const int n = table.matched(s, found);
      if (dead) {
        EXPECT_EQ(n, -1) << "walk " << walk << " step " << step;
        ++deadlocks;
        continue;
      }
      ASSERT_LE(expected.size(), static_cast<std::size_t>(PenaltyTable::kMaxPatternsPerState));
      std::vector<std::uint32_t> got(found.begin(), found.begin() + std::max(n, 0));
      std::sort(got.begin(), got.end());
      EXPECT_EQ(got, expected) << "walk " << walk << " step " << step;
      held += n;
    }
  }
  // Both kinds are met: held penalty patterns and held deadlocks.
  EXPECT_GT(held, 100);
  EXPECT_GT(deadlocks, 3);
}

TEST(PatternSearch, FirstPushesOfASmallLevelKeepAdmissibleBounds) {
  const Board b(level_from(
      "#########\n"
      "#@      #\n"
      "# $ $####\n"
      "##   ..##\n"
      "#########\n"));
  PatternSearch patterns(b);
  SokobanDomain d(b);
  d.set_bound_hook(&patterns);
  SokobanDomain::State s = d.initial_state();
  int evaluated = 0;
  d.for_each_move(s, [&](const SokobanDomain::Move& m) {
    SokobanDomain::State child = s;
    d.apply(child, m);
    ++evaluated;
    const int truth = exact_cost(b, child);
    if (truth == -2) return;
    ASSERT_GE(truth, 0);
    EXPECT_LE(child.h, truth);
  });
  EXPECT_GT(evaluated, 0);
  EXPECT_GT(patterns.stats().searches, 0U);
}

TEST(PatternSearch, APushThatClosesAFenceIsADeadEndWithTheCorralsBoxes) {
  // Boxes (3,7) and (4,6) fence in the squares right of and below (4,6); pushing the box on
  // (4,4) right pins (4,6), after which the fence can only be pushed onto dead squares. No two
  // of the three boxes alone are a deadlock, so growing sub-states of at most two boxes along
  // solution paths cannot see it; the corral's fence with the box next to it can.
  const Board b(level_from(kClosedFence));
  const SokobanDomain::Move closing = closing_push(b);
  auto after_closing = [&](int corral_boxes, std::uint64_t* corral_searches) {
    PatternSearchOptions options;
    options.max_boxes = 2;
    options.corral_boxes = corral_boxes;
    PatternSearch patterns(b, options);
    SokobanDomain d(b);
    d.set_pi_corrals(false);  // (they would offer only the pushes into the pocket here)
    d.set_bound_hook(&patterns);
    SokobanDomain::State s = d.initial_state();
    bool legal = false;
    d.for_each_move(s, [&](const SokobanDomain::Move& m) { legal = legal || (m.from == closing.from && m.dir == closing.dir); });
    EXPECT_TRUE(legal);
    d.apply(s, closing);
    *corral_searches = patterns.stats().corral_searches;
    return s;
  };
  std::uint64_t searches = 0;
  const SokobanDomain::State without = after_closing(0, &searches);
  EXPECT_FALSE(hsearch::is_dead_end(without.h));
  EXPECT_EQ(searches, 0U);
  EXPECT_EQ(exact_cost(b, without), -2);  // (it is one)
  const SokobanDomain::State with = after_closing(8, &searches);
  EXPECT_TRUE(hsearch::is_dead_end(with.h));
  EXPECT_EQ(searches, 1U);
  // Allowed two boxes, it searches the fence alone, which is no deadlock.
  const SokobanDomain::State small = after_closing(2, &searches);
  EXPECT_FALSE(hsearch::is_dead_end(small.h));
  EXPECT_EQ(searches, 1U);
}

// Once the sub-searches' budget is spent, a fence is still searched on the quick budget,
// within quick_nodes expansions, when its state is about to be expanded: the closing push
// above then leaves a dead end all the same, and with quick_nodes 0, or during the trial
// window, it does not.
TEST(PatternSearch, QuickFencesFindTheDeadlockOnceTheBudgetIsSpent) {
  const Board b(level_from(kClosedFence));
  const SokobanDomain::Move closing = closing_push(b);
  auto after_closing = [&](std::uint64_t quick_nodes, double min_deadlocks, PatternSearchStats* stats) {
    PatternSearchOptions options;
    options.max_boxes = 2;
    options.head_start = 0;  // (no budget of the pushes' at all)
    options.effort = 0;
    options.quick_nodes = quick_nodes;
    options.quick_effort = 1000;
    options.quick_min_deadlocks = min_deadlocks;
    PatternSearch patterns(b, options);
    SokobanDomain d(b);
    d.set_pi_corrals(false);
    d.set_bound_hook(&patterns);
    SokobanDomain::State s = d.initial_state();
    d.apply(s, closing);
    EXPECT_FALSE(hsearch::is_dead_end(s.h));  // (at the push, no sub-search)
    s.h = d.bound_before_expanding(s, closing, s.h);
    *stats = patterns.stats();
    return s;
  };
  PatternSearchStats stats;
  EXPECT_FALSE(hsearch::is_dead_end(after_closing(0, 0, &stats).h));
  EXPECT_EQ(stats.quick_searches, 0U);
  EXPECT_EQ(stats.searches, 0U);
  // Learnt from the first search on (no trial window):
  EXPECT_TRUE(hsearch::is_dead_end(after_closing(32, 0, &stats).h));
  EXPECT_EQ(stats.quick_searches, 1U);
  EXPECT_EQ(stats.quick_deadlocks, 1U);
  EXPECT_GE(stats.quick_expanded, 1U);
  EXPECT_LE(stats.quick_expanded, 32U);
  EXPECT_EQ(stats.searches, 0U);  // (counted apart)
  EXPECT_EQ(stats.corral_searches, 0U);
  // During the trial window (the default), a deadlock found is counted and not learnt.
  EXPECT_FALSE(hsearch::is_dead_end(after_closing(32, PatternSearchOptions{}.quick_min_deadlocks, &stats).h));
  EXPECT_EQ(stats.quick_deadlocks, 1U);
  EXPECT_EQ(stats.quick_learning_from, 0U);
}

// A trial window with enough deadlocks turns the learning on; one with too few pauses the
// quick fences, for twice as long each time.
TEST(PatternSearch, PausingWindowDecidesByItsShare) {
  PausingWindow w{4, 0.5, 100};
  EXPECT_FALSE(w.judge(true, 10));
  EXPECT_FALSE(w.judge(false, 11));
  EXPECT_FALSE(w.judge(true, 12));
  EXPECT_FALSE(w.judge(false, 13));  // 2 of 4: no pause
  EXPECT_EQ(w.tries, 0U);
  EXPECT_FALSE(w.paused(14));
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(w.judge(i == 0, 20));
  EXPECT_TRUE(w.judge(false, 20));  // 1 of 4: paused until push 120
  EXPECT_TRUE(w.paused(119));
  EXPECT_FALSE(w.paused(120));
  for (int i = 0; i < 3; ++i) w.judge(false, 130);
  EXPECT_TRUE(w.judge(false, 130));
  EXPECT_TRUE(w.paused(329));  // then 200 pushes
  EXPECT_FALSE(w.paused(330));
}

// With only the quick fences searching (no budget for the rest), every dead end they declare
// along random walks of Microban's first levels is one, and every bound stays admissible.
TEST(PatternSearch, QuickFencesNeverAboveTheTrueCostOnMicrobanStates) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  std::mt19937_64 rng(20261206);
  int checked = 0, dead = 0;
  std::uint64_t quick_deadlocks = 0;
  for (int n = 1; n <= hsearch::testing::sweep(60); ++n) {
    const Board board(entries[static_cast<std::size_t>(n - 1)].level);
    for (int walk = 0; walk < 6; ++walk) {
      PatternSearchOptions options;
      options.head_start = 0;
      options.effort = 0;
      options.quick_effort = 1000;
      options.quick_min_deadlocks = 0;
      PatternSearch patterns(board, options);
      SokobanDomain d(board);
      d.set_bound_hook(&patterns);
      SokobanDomain::State s = d.initial_state();
      const int length = static_cast<int>(rng() % 16) + 1;
      for (int k = 0; k < length; ++k) {
        const std::optional<SokobanDomain::Move> m = push_at_random(d, s, rng);
        if (!m) break;
        if (!hsearch::is_dead_end(s.h)) s.h = d.bound_before_expanding(s, *m, s.h);
        const int truth = exact_cost(board, s);
        if (hsearch::is_dead_end(s.h)) {
          EXPECT_EQ(truth, -2) << "level " << n;
          ++dead;
          break;
        }
        if (truth == -2) break;
        if (truth == -1) continue;
        ++checked;
        EXPECT_LE(s.h, truth) << "level " << n;
      }
      quick_deadlocks += patterns.stats().quick_deadlocks;
      EXPECT_EQ(patterns.stats().searches, 0U);
    }
  }
  EXPECT_GE(checked, 100);
  EXPECT_GT(quick_deadlocks, 0U);  // the quick fences did something
  EXPECT_GT(dead, 0);
}

TEST(PatternSearch, NeverAboveTheTrueCostOnMicrobanStates) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  std::mt19937_64 rng(20261121);
  int checked = 0, raised = 0;
  for (int n = 1; n <= 40; ++n) {
    const Board board(entries[static_cast<std::size_t>(n - 1)].level);
    PatternSearch patterns(board);
    SokobanDomain d(board);
    d.set_bound_hook(&patterns);
    SokobanDomain plain(board);
    for (int walk = 0; walk < 6; ++walk) {
      SokobanDomain::State s = d.initial_state();
      const int length = static_cast<int>(rng() % 12) + 1;
      for (int k = 0; k < length; ++k) {
        if (!push_at_random(d, s, rng)) break;
        if (hsearch::is_dead_end(s.h)) {
          // A dead end must be one: no solution from here.
          EXPECT_EQ(exact_cost(board, s), -2) << "level " << n;
          break;
        }
        const int truth = exact_cost(board, s);
        if (truth == -2) break;  // unsolvable but not detected: any bound is admissible there
        if (truth == -1) continue;
        ++checked;
        EXPECT_LE(s.h, truth) << "level " << n;
        SokobanDomain::State copy = s;
        raised += s.h > plain.full_bound(copy);
      }
    }
  }
  EXPECT_GE(checked, 300);
  EXPECT_GT(raised, 0);  // the patterns did something
}

// Sub-states beside a block of boxes frozen on goals (the start's groups, and corral fences
// that hold a box of the block): along random walks, every bound the patterns give is at most
// the true cost, and every dead end they declare is one.
TEST(PatternSearch, PatternsBesideFrozenBoxesNeverAboveTheTrueCost) {
  const Board board(level_from(
      "##########\n"
      "#@       #\n"
      "#  $  $  #\n"
      "#**  $   #\n"
      "#**   $  #\n"
      "#  .. .. #\n"
      "##########\n"),
                    BoardOptions{false});  // the block stays boxes, as if frozen on the way
  std::mt19937_64 rng(20261206);
  int checked = 0, dead = 0;
  std::uint64_t walled = 0, fences = 0;
  for (int walk = 0; walk < 40; ++walk) {
    PatternSearchOptions options;
    options.max_boxes = 2;
    options.corral_boxes = 3;
    PatternSearch patterns(board, options);
    SokobanDomain d(board);
    d.set_bound_hook(&patterns);
    SokobanDomain::State s = d.initial_state();
    ASSERT_EQ(s.frozen.count(), 4);
    patterns.search_start(s, [] { return false; });
    const std::uint64_t at_start = patterns.stats().wall_searches;
    for (int k = 0; k < 14; ++k) {
      if (!push_at_random(d, s, rng)) break;
      const int truth = exact_cost(board, s);
      if (hsearch::is_dead_end(s.h)) {
        EXPECT_EQ(truth, -2) << "walk " << walk << " push " << k;
        ++dead;
        break;
      }
      if (truth == -2) break;
      ASSERT_GE(truth, 0);
      ++checked;
      EXPECT_LE(s.h, truth) << "walk " << walk << " push " << k;
    }
    walled += patterns.stats().wall_searches;
    fences += patterns.stats().wall_searches - at_start;
  }
  EXPECT_GE(checked, 200);
  EXPECT_GT(dead, 0);
  EXPECT_GT(walled, 10U);
  EXPECT_GT(fences, 0U);
}

TEST(PatternSearch, SameOptimaOnMicrobanWithAndWithout) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  SolveOptions on, off;
  on.pattern_search = true;
  off.pattern_search = false;
  EXPECT_GE(hsearch::sokoban::testing::expect_same_optima_on_microban({on, off}), hsearch::testing::sweep(50));
}

// The solver with only the quick fences searching (the pushes' budget at 0) and with no
// pattern search finds the same optima.
TEST(PatternSearch, SameOptimaOnMicrobanWithQuickFencesAlone) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  SolveOptions quick, off;
  quick.patterns.head_start = 0;
  quick.patterns.effort = 0;
  quick.patterns.quick_effort = 1;
  quick.patterns.quick_min_deadlocks = 0;
  off.pattern_search = false;
  EXPECT_GE(hsearch::sokoban::testing::expect_same_optima_on_microban({quick, off}), hsearch::testing::sweep(50));
}

// A state valued again later (A*'s revaluation before expanding, current_bound) gets what the
// patterns learnt since then give: never below the matching, never above the true cost, a dead
// end only when it is one; and on some states more than the bound they were generated with.
TEST(PatternSearch, CurrentBoundOfAStateSeenEarlierIsAdmissible) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  std::mt19937_64 rng(20261130);
  int checked = 0, raised = 0;
  for (int n = 1; n <= hsearch::testing::sweep(40); ++n) {
    const Board board(entries[static_cast<std::size_t>(n - 1)].level);
    PatternSearch patterns(board);
    SokobanDomain d(board);
    d.set_bound_hook(&patterns);
    std::vector<std::pair<SokobanDomain::Key, int>> seen;  // each state's key and its bound then
    for (int walk = 0; walk < 6; ++walk) {
      SokobanDomain::State s = d.initial_state();
      const int length = static_cast<int>(rng() % 12) + 1;
      for (int k = 0; k < length && !hsearch::is_dead_end(s.h); ++k) {
        seen.emplace_back(d.pack(s), s.h);
        const auto step = hsearch::sokoban::testing::walk_step(d, s, rng);
        if (!step) break;
        d.apply(s, *step);
      }
    }
    for (const auto& [key, then] : seen) {
      const SokobanDomain::State u = d.unpack(key);
      const int now = d.current_bound(u);
      const int truth = exact_cost(board, u);
      if (hsearch::is_dead_end(now)) {
        EXPECT_EQ(truth, -2) << "level " << n;
        continue;
      }
      EXPECT_GE(now, u.h) << "level " << n;  // (unpack's h is the matching's)
      if (truth < 0) continue;
      ++checked;
      EXPECT_LE(now, truth) << "level " << n;
      raised += now > then;
    }
  }
  std::cout << checked << " states valued again, " << raised << " above their first bound\n";
  EXPECT_GE(checked, hsearch::testing::kSanitized ? 100 : 300);
  EXPECT_GT(raised, 0);
}

TEST(PatternSearch, SameOptimaOnMicrobanWithAndWithoutRevaluation) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  SolveOptions on, off;
  on.revalue_before_expanding = true;
  off.revalue_before_expanding = false;
  EXPECT_GE(hsearch::sokoban::testing::expect_same_optima_on_microban({on, off}), hsearch::testing::sweep(50));
}

TEST(PatternSearch, SameOptimaOnMicrobanWithPatternsAtExpansionAndAtEachPush) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  SolveOptions at_expansion, at_push;
  at_expansion.patterns.at_expansion = true;
  // (from the first push on, so that the small levels search their groups at all)
  at_expansion.patterns.start_after_pushes = at_push.patterns.start_after_pushes = 0;
  EXPECT_GE(hsearch::sokoban::testing::expect_same_optima_on_microban({at_expansion, at_push}), hsearch::testing::sweep(50));
}

// At expansion, a push only looks its state up; the sub-searches run when A* asks for the bound
// of the state it is about to expand, and that bound is never below the push's.
TEST(PatternSearch, AtExpansionTheSubSearchesRunForTheStateAboutToBeExpanded) {
  HSEARCH_REQUIRE_DATA("sokoban/xsokoban/XSokoban.xsb");
  const auto levels = hsearch::sokoban::testing::read_collection("sokoban/xsokoban/XSokoban.xsb");
  ASSERT_GE(levels.size(), 1U);
  const Board b(levels[0].level);
  for (const bool at_expansion : {true, false}) {
    PatternSearchOptions o;
    o.at_expansion = at_expansion;
    PatternSearch patterns(b, o);
    SokobanDomain d(b);
    d.set_bound_hook(&patterns);
    const SokobanDomain::State s = d.initial_state();
    int children = 0;
    d.for_each_move(s, [&](const SokobanDomain::Move& m) {
      SokobanDomain::State child = s;
      const std::uint64_t before_push = patterns.stats().searches;
      d.apply(child, m);
      const std::uint64_t after_push = patterns.stats().searches;
      if (at_expansion) {
        EXPECT_EQ(after_push, before_push) << "a push searched";
      }
      const int before_expanding = d.bound_before_expanding(child, m, child.h);
      EXPECT_GE(before_expanding, child.h);
      if (!at_expansion) {
        EXPECT_EQ(patterns.stats().searches, after_push) << "searched again before expanding";
      }
      ++children;
    });
    ASSERT_GT(children, 0);
    EXPECT_GT(patterns.stats().searches, 0U) << (at_expansion ? "at expansion" : "at each push");
  }
}

// The start's groups have a budget of their own (start_nodes): what they spend is not taken
// from the sub-states grown after each push, which still get their head start.
TEST(PatternSearch, TheStartsGroupsLeaveThePushesTheirBudget) {
  HSEARCH_REQUIRE_DATA("sokoban/xsokoban/XSokoban.xsb");
  const auto levels = hsearch::sokoban::testing::read_collection("sokoban/xsokoban/XSokoban.xsb");
  ASSERT_GE(levels.size(), 1U);
  const Board b(levels[0].level);
  PatternSearchOptions o;
  o.head_start = 100;
  o.start_after_pushes = 0;
  PatternSearch patterns(b, o);
  SokobanDomain d(b);
  d.set_bound_hook(&patterns);
  const SokobanDomain::State s = d.initial_state();
  patterns.search_start(s, [] { return false; });
  ASSERT_GT(patterns.stats().expanded, 10 * o.head_start);  // far past the pushes' head start
  const std::uint64_t before = patterns.stats().searches;
  d.for_each_move(s, [&](const SokobanDomain::Move& m) {
    SokobanDomain::State child = s;
    d.apply(child, m);
  });
  EXPECT_GT(patterns.stats().searches, before);
}
