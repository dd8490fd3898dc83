// Freeze deadlocks: 2x2 and Z shapes, box pairs along walls, a box held sideways,
// and the cases that must NOT be called deadlocks.
#include <random>

#include <gtest/gtest.h>

#include "hsearch/sokoban/freeze.hpp"
#include "level_text.hpp"

using namespace hsearch::sokoban;
using hsearch::sokoban::testing::cell;
using hsearch::sokoban::testing::level_from;

namespace {
CellSet boxes_of(const Board& b) {
  CellSet s;
  for (auto c : b.initial_boxes()) s.set(c);
  return s;
}
bool frozen(const std::string& text, int r, int c) {
  const Board b(level_from(text));
  return frozen_deadlock(b, boxes_of(b), cell(b, r, c));
}
}  // namespace

TEST(Freeze, TwoBoxesAlongAWall) {
  EXPECT_TRUE(frozen("#######\n#.$$ .#\n#  @  #\n#######\n", 1, 2));
  EXPECT_TRUE(frozen("#######\n#.$$ .#\n#  @  #\n#######\n", 1, 3));
}

TEST(Freeze, FrozenBoxesAllOnGoalsAreNoDeadlock) {
  EXPECT_FALSE(frozen("#######\n#.** .#\n#  @  #\n#######\n", 1, 2));
  // One on a goal, one not: still a deadlock.
  EXPECT_TRUE(frozen("#######\n#.*$ .#\n#  @  #\n#######\n", 1, 2));
}

TEST(Freeze, SquareOfFourInTheOpen) {
  const std::string level =
      "########\n"
      "#      #\n"
      "#  $$  #\n"
      "#  $$  #\n"
      "#  @   #\n"
      "# .... #\n"
      "########\n";
  EXPECT_TRUE(frozen(level, 2, 3));
  EXPECT_TRUE(frozen(level, 3, 4));
  // Three boxes of the square are not frozen: the fourth square is free.
  EXPECT_FALSE(frozen("########\n#      #\n#  $$  #\n#  $   #\n#  @   #\n# ...  #\n########\n", 2, 3));
}

TEST(Freeze, ZShapeWithWalls) {
  // Box A under a wall, box B to its right above a wall: each blocks the other sideways.
  const std::string z =
      "#######\n"
      "#  #  #\n"
      "#  $$ #\n"
      "#   # #\n"
      "# @.. #\n"
      "#######\n";
  EXPECT_TRUE(frozen(z, 2, 3));
  EXPECT_TRUE(frozen(z, 2, 4));
}

TEST(Freeze, Seed004BlockedByAMovableBoxIsNoDeadlock) {
  // The box under the wall is held sideways by a box that can still move
  // up or down, so neither is frozen.
  const std::string level =
      "#######\n"
      "#  #  #\n"
      "#  $$ #\n"
      "#     #\n"
      "# @.. #\n"
      "#######\n";
  EXPECT_FALSE(frozen(level, 2, 3));
  EXPECT_FALSE(frozen(level, 2, 4));
}

TEST(Freeze, TwoWallsOnOneAxisOnly) {
  // A box in a horizontal corridor (walls above and below) can still move along it.
  EXPECT_FALSE(frozen("#######\n#@ $ .#\n#######\n", 1, 3));
}

TEST(Freeze, ChainAgainstTheWallReachesFarBoxes) {
  // Three boxes in a row along the top wall: frozen through the chain.
  EXPECT_TRUE(frozen("########\n#.$$$..#\n#  @   #\n########\n", 1, 4));
}

// may_freeze, which lets the tests after a push skip the fixpoint, may only rule out boxes
// that are in no frozen set: on random placements, every box it rules out is not frozen.
TEST(Freeze, MayFreezeNeverRulesOutAFrozenBox) {
  const Board b(level_from(
      "##########\n"
      "#   #  . #\n"
      "#  $  $  #\n"
      "#  ## $  #\n"
      "#.     # #\n"
      "#.   @   #\n"
      "##########\n"));
  std::mt19937 rng(99);
  int ruled_out = 0, frozen_seen = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    CellSet boxes;
    const int n = 2 + trial % 12;
    for (int k = 0; k < n; ++k) boxes.set(static_cast<int>(rng() % static_cast<unsigned>(b.cell_count())));
    const CellSet frozen_set = frozen_boxes(b, boxes);
    boxes.for_each([&](int c) {
      if (frozen_set.test(c)) ++frozen_seen;
      if (may_freeze(b, boxes, c)) return;
      ++ruled_out;
      EXPECT_FALSE(frozen_set.test(c)) << "trial " << trial << " cell " << c;
    });
  }
  EXPECT_GT(ruled_out, 1000);
  EXPECT_GT(frozen_seen, 1000);
}
