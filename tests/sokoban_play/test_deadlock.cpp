// The deadlock warning: it fires on the positions the solver's tests prove lost (dead square,
// freeze, frozen corral), never on a position from which a solution exists.
#include <fstream>
#include <random>

#include <gtest/gtest.h>

#include "data_dir.hpp"
#include "hsearch/sokoban/game/game.hpp"
#include "hsearch/sokoban/level_reader.hpp"
#include "hsearch/sokoban/solver.hpp"
#include "sokoban/level_text.hpp"
#include "sweep.hpp"

using hsearch::sokoban::Level;
using hsearch::sokoban::solve_level;
using hsearch::sokoban::game::DeadlockKind;
using hsearch::sokoban::game::Game;
using hsearch::sokoban::testing::level_from;

TEST(DeadlockWarning, ABoxPushedOntoADeadSquare) {
  // Column 1 has no goal and a wall on its left: a box there can never leave it.
  Game g(level_from(
      "#######\n"
      "#    .#\n"
      "# $@  #\n"
      "#     #\n"
      "#######\n"));
  EXPECT_FALSE(g.deadlock().any());
  ASSERT_EQ(g.play("l"), "");
  EXPECT_EQ(g.deadlock().kind, DeadlockKind::dead_square);
  ASSERT_EQ(g.deadlock().boxes.size(), 1U);
  EXPECT_EQ(g.deadlock().boxes[0], std::pair(2, 1));
  EXPECT_FALSE(g.deadlock().message().empty());
  g.undo();  // undo takes the warning away
  EXPECT_FALSE(g.deadlock().any());
}

TEST(DeadlockWarning, TwoBoxesSideBySideAgainstAWallFreeze) {
  // Both boxes pushed up against the top wall, next to each other, off the goals.
  Game g(level_from(
      "########\n"
      "#.    .#\n"
      "#  $$  #\n"
      "#   @  #\n"
      "########\n"));
  ASSERT_EQ(g.play("lU"), "");
  EXPECT_FALSE(g.deadlock().any());  // one box on the wall row can still slide along it
  ASSERT_EQ(g.play("drU"), "");
  EXPECT_EQ(g.deadlock().kind, DeadlockKind::frozen);
  EXPECT_EQ(g.deadlock().boxes.size(), 2U);
}

TEST(DeadlockWarning, ABoxHeldByABoxThatCanStillMoveIsNoDeadlock) {
  // A box blocked by another box is frozen only if that box is frozen too: the box (2,2) has
  // a wall on its left and a box below it, but that box can be pushed sideways, so (2,2) is
  // not blocked for good.
  Game g(level_from(
      "#######\n"
      "#. .  #\n"
      "##$   #\n"
      "# $   #\n"
      "#  @  #\n"
      "#######\n"));
  EXPECT_FALSE(g.deadlock().any());
  ASSERT_EQ(g.play("lluR"), "");  // push the lower box right
  EXPECT_FALSE(g.deadlock().any());
  EXPECT_EQ(solve_level(g.position()).status(), "solved");
}

TEST(DeadlockWarning, AFrozenCorral) {
  // The box (2,3) can only be pushed right, into the wall; the squares above (the goal) and
  // below it can only be entered through it. It is not on a dead square (pushed up from below
  // it would reach the goal) and not frozen (free vertically): only the corral test sees that
  // this part of the board can never change. The solver agrees: no solution.
  Game g(level_from(
      "######\n"
      "###.##\n"
      "#@ $##\n"
      "### ##\n"
      "######\n"));
  EXPECT_EQ(g.deadlock().kind, DeadlockKind::corral);
  EXPECT_EQ(g.deadlock().boxes, (std::vector<std::pair<int, int>>{{2, 3}}));
  EXPECT_EQ(solve_level(g.position()).status(), "unsolvable");
}

namespace {

// Random play on `level`: every position the game flags must be proven unsolvable by the
// solver (never a false warning). Returns how many flagged positions were checked.
int random_play_checks(const Level& level, unsigned seed, int steps) {
  Game g(level);
  std::mt19937 rng(seed);
  int checked = 0;
  for (int i = 0; i < steps && !g.won(); ++i) {
    const int d = static_cast<int>(rng() % 4);
    if (g.step(d) == hsearch::sokoban::game::StepResult::pushed && g.deadlock().any()) {
      hsearch::sokoban::SolveOptions options;
      options.limits.max_seconds = 5;
      const auto report = solve_level(g.position(), options);
      EXPECT_EQ(report.status(), "unsolvable") << g.deadlock().message() << " after " << g.history();
      ++checked;
      g.undo();  // back to a live position, keep playing
    }
  }
  return checked;
}

}  // namespace

TEST(DeadlockWarning, NeverFlagsASolvablePositionInRandomPlay) {
  const Level level = level_from(
      "########\n"
      "#  .   #\n"
      "# $##$ #\n"
      "#  @   #\n"
      "# #  #.#\n"
      "#   $  #\n"
      "#.     #\n"
      "########\n");
  int checked = 0;
  for (unsigned seed = 1; seed <= 20; ++seed) checked += random_play_checks(level, seed, 300);
  EXPECT_GT(checked, 10);  // the walk does reach deadlocks
}

TEST(DeadlockWarning, SolutionsOfMicrobanNeverPassAFlaggedPosition) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  std::ifstream in(hsearch::testing::data_file("sokoban/microban/microban_155.xsb"));
  const auto entries = hsearch::sokoban::read_levels(in, "microban_155.xsb");
  int levels = 0, flagged = 0;
  for (std::size_t i = 0; i < static_cast<std::size_t>(hsearch::testing::sweep(30)) && i < entries.size(); ++i) {
    const auto report = solve_level(entries[i].level);
    if (!report.solved()) continue;
    Game g(entries[i].level);
    for (char m : report.lurd) {
      g.play(std::string(1, m));
      EXPECT_FALSE(g.deadlock().any()) << "level " << i + 1 << " after " << g.history();
    }
    EXPECT_TRUE(g.won());
    ++levels;
    // And random play on the same level: flagged positions are really lost.
    flagged += random_play_checks(entries[i].level, static_cast<unsigned>(i), 200);
  }
  EXPECT_GE(levels, hsearch::testing::sweep(25));
  EXPECT_GT(flagged, 0);
}
