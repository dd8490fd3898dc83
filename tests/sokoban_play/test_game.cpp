// The game's rules: steps, pushes, blocked moves, counters, undo to the start, restart, win.
#include <gtest/gtest.h>

#include "hsearch/sokoban/game/game.hpp"
#include "hsearch/sokoban/solution.hpp"
#include "sokoban/level_text.hpp"

using hsearch::sokoban::kDown;
using hsearch::sokoban::kLeft;
using hsearch::sokoban::kRight;
using hsearch::sokoban::kUp;
using hsearch::sokoban::game::Game;
using hsearch::sokoban::game::StepResult;
using hsearch::sokoban::testing::level_from;

namespace {

// Two boxes, two goals; the player starts at (2,2).
const char* kRoom =
    "#######\n"
    "#     #\n"
    "# @$ .#\n"
    "#  $  #\n"
    "#   . #\n"
    "#######\n";
// Box (2,3) right twice onto (2,5), then box (3,3) down and right onto (4,4): 7 moves, 4 pushes.
const char* kSolution = "rrldldr";

std::string rows_of(const Game& g) {
  std::string s;
  for (int r = 0; r < g.height(); ++r) {
    for (int c = 0; c < g.width(); ++c) s += g.at(r, c);
    s += '\n';
  }
  return s;
}

}  // namespace

TEST(Game, StartsWithZeroCountersAndThePlayerWhereTheLevelSays) {
  const Game g(level_from(kRoom));
  EXPECT_EQ(g.moves(), 0);
  EXPECT_EQ(g.pushes(), 0);
  EXPECT_EQ(g.player_row(), 2);
  EXPECT_EQ(g.player_col(), 2);
  EXPECT_FALSE(g.won());
  EXPECT_EQ(rows_of(g), kRoom);
}

TEST(Game, AStepMovesThePlayerOnlyAndCountsAMove) {
  Game g(level_from(kRoom));
  EXPECT_EQ(g.step(kUp), StepResult::moved);
  EXPECT_EQ(g.player_row(), 1);
  EXPECT_EQ(g.at(2, 2), ' ');
  EXPECT_EQ(g.at(1, 2), '@');
  EXPECT_EQ(g.moves(), 1);
  EXPECT_EQ(g.pushes(), 0);
  EXPECT_EQ(g.history(), "u");
}

TEST(Game, WallsAndDoubleBoxesBlockWithoutCounting) {
  Game g(level_from(kRoom));
  EXPECT_EQ(g.step(kLeft), StepResult::moved);  // to (2,1)
  EXPECT_EQ(g.step(kLeft), StepResult::blocked);  // wall
  EXPECT_EQ(g.moves(), 1);
  // A box with a box behind it: put the player above (2,3) and push down onto (3,3)'s box.
  Game h(level_from(kRoom));
  h.play("ur");
  EXPECT_EQ(h.step(kDown), StepResult::blocked);
  EXPECT_EQ(h.moves(), 2);
  EXPECT_EQ(h.pushes(), 0);
}

TEST(Game, APushMovesTheBoxAndCountsBoth) {
  Game g(level_from(kRoom));
  EXPECT_EQ(g.step(kRight), StepResult::pushed);
  EXPECT_EQ(g.at(2, 3), '@');
  EXPECT_EQ(g.at(2, 4), '$');
  EXPECT_EQ(g.moves(), 1);
  EXPECT_EQ(g.pushes(), 1);
  EXPECT_EQ(g.step(kRight), StepResult::pushed);
  EXPECT_EQ(g.at(2, 5), '*');  // on its goal
  EXPECT_EQ(g.history(), "RR");
  EXPECT_EQ(g.step(kRight), StepResult::blocked);  // box against the wall
}

TEST(Game, UndoGoesBackToTheStartExactly) {
  Game g(level_from(kRoom));
  ASSERT_EQ(g.play(kSolution), "");
  const int total = g.moves();
  ASSERT_EQ(total, 7);
  for (int i = 0; i < total; ++i) EXPECT_TRUE(g.undo()) << i;
  EXPECT_FALSE(g.undo());
  EXPECT_EQ(g.moves(), 0);
  EXPECT_EQ(g.pushes(), 0);
  EXPECT_EQ(g.history(), "");
  EXPECT_EQ(rows_of(g), kRoom);
}

TEST(Game, UndoOfAPushPullsTheBoxBack) {
  Game g(level_from(kRoom));
  g.step(kRight);
  ASSERT_TRUE(g.undo());
  EXPECT_EQ(g.at(2, 2), '@');
  EXPECT_EQ(g.at(2, 3), '$');
  EXPECT_EQ(g.at(2, 4), ' ');
  EXPECT_EQ(g.pushes(), 0);
}

TEST(Game, RestartClearsEverything) {
  Game g(level_from(kRoom));
  g.play("rrdd");
  g.restart();
  EXPECT_EQ(g.moves(), 0);
  EXPECT_EQ(g.pushes(), 0);
  EXPECT_EQ(g.history(), "");
  EXPECT_EQ(rows_of(g), kRoom);
}

TEST(Game, WinsWhenEveryBoxIsOnAGoalAndThenNothingMoves) {
  const auto level = level_from(kRoom);
  Game g(level);
  ASSERT_EQ(g.play("rr"), "");
  EXPECT_FALSE(g.won());  // one box of two on its goal
  ASSERT_EQ(g.play("ldldr"), "");
  EXPECT_TRUE(g.won());
  EXPECT_EQ(g.history(), "RRlDldR");  // the game decides which moves are pushes
  EXPECT_EQ(g.moves(), 7);
  EXPECT_EQ(g.pushes(), 4);
  EXPECT_EQ(g.step(kLeft), StepResult::blocked);  // after the win nothing moves
  // The solver's independent replay agrees with the game.
  int pushes = 0, moves = 0;
  EXPECT_EQ(hsearch::sokoban::verify_lurd(level, g.history(), &pushes, &moves), "");
  EXPECT_EQ(pushes, 4);
  EXPECT_EQ(moves, 7);
}

TEST(Game, UndoAfterTheWinPlaysOn) {
  Game g(level_from(kRoom));
  ASSERT_EQ(g.play(kSolution), "");
  ASSERT_TRUE(g.won());
  ASSERT_TRUE(g.undo());
  EXPECT_FALSE(g.won());
  EXPECT_EQ(g.pushes(), 3);
  EXPECT_EQ(g.at(4, 3), '$');
}

TEST(Game, PlayStopsAtTheFirstImpossibleMove) {
  Game g(level_from(kRoom));
  EXPECT_EQ(g.play("lll"), "move 2 is not possible");
  EXPECT_EQ(g.moves(), 1);
  EXPECT_EQ(g.play("x"), "move 1: 'x' is not one of lurdLURD");
}

TEST(Game, PositionIsALevelTheSolverCanRead) {
  Game g(level_from(kRoom));
  g.play("R");
  const auto p = g.position();
  EXPECT_EQ(p.rows[2], "#  @$.#");
  EXPECT_EQ(p.width, 7);
}

TEST(Game, RejectsAnInvalidLevelWithAMessage) {
  EXPECT_THROW(Game(level_from("#####\n#@$ #\n#####\n")), hsearch::sokoban::InvalidLevel);
}
