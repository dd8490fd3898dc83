// The parity of the pushes left (push_parity.hpp): on states of Microban walks, the exact
// number of pushes left has the parity the class gives, and the domain's rounded bound is never
// above it; levels with more goals than boxes have no parity; the solver finds the same optima
// with and without it, equal to breadth-first search over every push on small levels; the
// best-known XSokoban counts have their starts' parity.
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <random>

#include <gtest/gtest.h>

#include "collection_file.hpp"
#include "data_dir.hpp"
#include "exact_cost.hpp"
#include "exhaustive_optimum.hpp"
#include "hsearch/sokoban/level_reader.hpp"
#include "hsearch/sokoban/oracle.hpp"
#include "hsearch/sokoban/push_parity.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"
#include "hsearch/sokoban/solver.hpp"
#include "level_text.hpp"
#include "same_optima.hpp"
#include "sweep.hpp"

using namespace hsearch::sokoban;

using hsearch::sokoban::testing::level_from;

// One box, one goal: the pushes from any square have the parity of the squares' colours.
TEST(PushParity, OneBoxNeedsPushesOfTheParityOfItsDistanceOnTheGrid) {
  const Board board(level_from(
      "#######\n"
      "#     #\n"
      "# $ @ #\n"
      "#    .#\n"
      "#######\n"));
  const PushParity parity(board, 1);
  ASSERT_TRUE(parity.usable());
  const int goal = board.goals().at(0);
  for (int c = 0; c < board.cell_count(); ++c) {
    CellSet boxes;
    boxes.set(c);
    const int manhattan = std::abs(board.row(c) - board.row(goal)) + std::abs(board.col(c) - board.col(goal));
    EXPECT_EQ(parity.pushes_parity(boxes), manhattan % 2) << "cell " << c;
    // Rounding up: a bound of the right parity stays, one of the other parity gains one.
    EXPECT_EQ(parity.round_up(boxes, manhattan), manhattan);
    EXPECT_EQ(parity.round_up(boxes, manhattan + 1), manhattan + 2);
    EXPECT_TRUE(hsearch::is_dead_end(parity.round_up(boxes, hsearch::dead_end<int>())));
  }
}

TEST(PushParity, MoreGoalsThanBoxesHaveNoParity) {
  const Board board(level_from(
      "#######\n"
      "#.    #\n"
      "# $ @ #\n"
      "#    .#\n"
      "#######\n"));
  const PushParity parity(board, 1);
  EXPECT_FALSE(parity.usable());
  CellSet boxes;
  boxes.set(board.cell_at(2, 2));
  EXPECT_EQ(parity.round_up(boxes, 3), 3);
  EXPECT_EQ(parity.round_up(boxes, 4), 4);
}

// Walks that mostly take the push with the lowest bound, so boxes reach goals. Every exact
// remaining cost found has the parity of its state, and the bound with the parity (rounded up
// at each push, as the solver's domain does) stays at or below it. (Without learnt patterns
// or the goal room the bound is the matching, whose push distances have the parity already,
// so here the rounding is checked, not what it gains: that is the solver tests' and bench's.)
TEST(PushParity, ExactRemainingPushesHaveTheParityAndTheRoundedBoundStaysBelowThemOnMicrobanWalks) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  std::mt19937_64 rng(20261203);
  int checked = 0;
  for (int n = 1; n <= 155; n += hsearch::testing::stride(6)) {
    const Board board(entries[static_cast<std::size_t>(n - 1)].level);
    SokobanDomain d(board);
    d.set_push_parity(true);
    SokobanDomain plain(board);
    const PushParity parity(board, d.box_count());
    if (!parity.usable()) continue;
    for (int walk = 0; walk < 3; ++walk) {
      SokobanDomain::State s = d.initial_state();
      for (int k = 0; k < 40 && !d.is_goal(s); ++k) {
        const auto pick = hsearch::sokoban::testing::walk_step(d, s, rng);
        if (!pick) break;
        d.apply(s, *pick);
        if (hsearch::is_dead_end(s.h)) break;
        EXPECT_EQ(s.h % 2, parity.pushes_parity(s.boxes)) << "level " << n;
        // (from scratch every box's corral is tested, after a push only the pushed box's)
        SokobanDomain::State copy = s;
        const int without = plain.full_bound(copy);
        if (!hsearch::is_dead_end(without)) {
          EXPECT_GE(s.h, without) << "level " << n;
        }
        const int truth = hsearch::sokoban::testing::exact_cost(board, s, 4000);
        if (truth == -2) break;
        if (truth == -1) continue;
        ++checked;
        EXPECT_EQ(truth % 2, parity.pushes_parity(s.boxes)) << "level " << n;
        EXPECT_LE(s.h, truth) << "level " << n;
      }
    }
  }
  EXPECT_GE(checked, hsearch::testing::sweep(200));
  std::cout << "checked " << checked << " states\n";
}

// Small levels: the solver with the parity gives breadth-first search's optimum over every
// legal push, and the same as without it.
TEST(PushParity, SameOptimaAsExhaustiveSearchOnSmallMicrobanLevels) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  int compared = 0;
  for (int n = 1; n <= hsearch::testing::sweep(40); ++n) {
    const Board board(entries[static_cast<std::size_t>(n - 1)].level);
    const auto truth = hsearch::sokoban::testing::exhaustive_optimum(board, 200000);
    if (!truth) continue;
    SolveOptions options;
    options.fewer_moves = false;
    options.limits.max_expanded = 20000;
    ASSERT_TRUE(options.push_parity);
    const SolveReport r = solve_level(entries[static_cast<std::size_t>(n - 1)].level, options);
    ASSERT_TRUE(r.solved()) << "level " << n;
    EXPECT_EQ(r.pushes, *truth) << "level " << n;
    ++compared;
  }
  EXPECT_GE(compared, hsearch::testing::sweep(40) / 2);
}

TEST(PushParity, SameOptimaOnMicrobanWithAndWithout) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  SolveOptions on, off;
  off.push_parity = false;
  EXPECT_GE(hsearch::sokoban::testing::expect_same_optima_on_microban({on, off}), hsearch::testing::sweep(50));
}

// Every solution of a level has the parity of its start: so does every count in the table of
// XSokoban's best-known solutions (found by other solvers), all 90 of them.
TEST(PushParity, XSokobansBestKnownCountsHaveTheParityOfTheirStarts) {
  HSEARCH_REQUIRE_DATA("sokoban/xsokoban/XSokoban.xsb");
  HSEARCH_REQUIRE_DATA("sokoban/xsokoban/xsokoban_best_known.tsv");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/xsokoban/XSokoban.xsb");
  const auto path = hsearch::testing::data_file("sokoban/xsokoban/xsokoban_best_known.tsv");
  std::ifstream in(path);
  const auto table = read_oracle(in, path.string());
  int compared = 0;
  for (const auto& [n, row] : table) {
    ASSERT_LE(n, static_cast<int>(entries.size()));
    const Board board(entries[static_cast<std::size_t>(n - 1)].level);
    const PushParity parity(board, static_cast<int>(board.initial_boxes().size()));
    if (!parity.usable()) continue;
    CellSet boxes;
    for (const std::uint16_t c : board.initial_boxes()) boxes.set(c);
    EXPECT_EQ(row.pushes % 2, parity.pushes_parity(boxes)) << "level " << n << ": " << row.pushes << " pushes";
    ++compared;
  }
  EXPECT_EQ(compared, 90);
}
