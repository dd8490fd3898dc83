// Frozen corrals (corral.hpp): a region the player cannot enter whose boxes can never be pushed.
#include <gtest/gtest.h>

#include "hsearch/sokoban/corral.hpp"
#include "hsearch/sokoban/freeze.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"
#include "level_text.hpp"

using namespace hsearch::sokoban;
using hsearch::sokoban::testing::cell;
using hsearch::sokoban::testing::level_from;

namespace {
struct Position {
  Board board;
  SokobanDomain::State state;
  explicit Position(const std::string& text) : board(level_from(text)) {
    SokobanDomain d(board);
    d.set_corral_test(false);
    state = d.initial_state();
  }
  bool corral(int r, int c, bool every_goal_needed, int depth = 0) const {
    return frozen_corral(board, state.boxes, state.reach, cell(board, r, c), every_goal_needed, nullptr, depth);
  }
};
}  // namespace

TEST(Corral, BoxAgainstAWallWithUnreachableSquaresAboveAndBelow) {
  // The box on (2,3) can only be pushed right (into the wall); the squares above and below it
  // are reachable only through it. The freeze test cannot see this (the box is free vertically).
  const Position p(
      "######\n"
      "###.##\n"
      "#@ $##\n"
      "### ##\n"
      "######\n");
  EXPECT_TRUE(p.corral(2, 3, true));
  CellSet boxes;
  boxes.set(cell(p.board, 2, 3));
  EXPECT_FALSE(frozen_deadlock(p.board, boxes, cell(p.board, 2, 3)));
}

TEST(Corral, APossiblePushMeansNotFrozen) {
  const Position p(
      "#######\n"
      "###.###\n"
      "#@ $ .#\n"
      "### ###\n"
      "#######\n");
  EXPECT_FALSE(p.corral(2, 3, true));  // it can be pushed right, towards the goal (2,5)
}

TEST(Corral, FrozenOnItsGoalIsFineUnlessAGoalInsideMustBeFilled) {
  const std::string level =
      "######\n"
      "###.##\n"
      "#@ *##\n"
      "### ##\n"
      "######\n";
  // Region of (2,3): the box on its goal, the empty goal (1,3) above it, (3,3) below.
  const Position p(level);
  EXPECT_TRUE(p.corral(2, 3, true));    // (1,3) can never be filled
  EXPECT_FALSE(p.corral(2, 3, false));  // with spare goals it may stay empty
}

TEST(Corral, EveryPossiblePushFreezesTheRegionsBoxes) {
  // The player can push the first box right, but then the two boxes jam in the corridor: the
  // region's only push is a deadlock, so the region is frozen already.
  const Position jam("########\n#@$ $..#\n########\n");
  EXPECT_TRUE(jam.corral(1, 2, true));
  CellSet boxes;
  boxes.set(cell(jam.board, 1, 2));
  boxes.set(cell(jam.board, 1, 4));
  EXPECT_FALSE(frozen_deadlock(jam.board, boxes, cell(jam.board, 1, 2)));
  // With a second row the player can walk round: nothing is frozen.
  const Position open("########\n#@$ $..#\n#      #\n########\n");
  EXPECT_FALSE(open.corral(1, 2, true));
}

TEST(Corral, LookingAheadThroughItselfSeesARegionThatFreezesTwoPushesLater) {
  // Microban 3 after a few pushes. The box on (2,6) can only be pushed left, and then only left
  // again, where it meets the box on (2,3): with both against the top, the player can no longer
  // reach (1,3), (1,4) or anything below them, and neither box has a push left. Only the test
  // that looks two pushes ahead through itself sees it; no box is frozen on the way.
  const Position p(
      "  ####\n"
      "###  ####\n"
      "#  $  $ #\n"
      "# #  #@ #\n"
      "# . .#  #\n"
      "#########\n");
  EXPECT_FALSE(p.corral(2, 6, true, 0));
  EXPECT_FALSE(p.corral(2, 6, true, 1));
  EXPECT_TRUE(p.corral(2, 6, true, 2));
  EXPECT_TRUE(p.corral(2, 6, true, 3));
}

TEST(Corral, TheSolverUsesIt) {
  // Same shape as the first test: proven unsolvable at the start, before any search.
  const Board b(level_from("######\n###.##\n#@ $##\n### ##\n######\n"));
  const SokobanDomain domain(b);
  EXPECT_TRUE(hsearch::is_dead_end(domain.initial_state().h));
}
