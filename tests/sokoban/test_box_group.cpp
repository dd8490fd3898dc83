// A group of a level's boxes alone (box_group.hpp): the cost A* finds for it, its matching,
// its joint bound with the other boxes kept in the matching (never above the level's optimum),
// and refusals of squares that hold no box.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "collection_file.hpp"
#include "data_dir.hpp"
#include "hsearch/sokoban/box_group.hpp"
#include "hsearch/sokoban/solver.hpp"
#include "level_text.hpp"

using namespace hsearch::sokoban;

namespace {
using hsearch::sokoban::testing::kTwoBoxRoom;

std::vector<std::pair<int, int>> squares_of(const Level& level) {
  std::vector<std::pair<int, int>> out;
  for (int r = 0; r < static_cast<int>(level.rows.size()); ++r)
    for (int c = 0; c < static_cast<int>(level.rows[static_cast<std::size_t>(r)].size()); ++c) {
      const char ch = level.rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      if (ch == '$' || ch == '*') out.emplace_back(r, c);
    }
  return out;
}
}  // namespace

TEST(BoxGroup, EachBoxAloneCostsItsPushesAndTheGroupTheLevelsOptimum) {
  const Level lv = hsearch::sokoban::testing::level_from(kTwoBoxRoom);
  const BoxGroupCost right = box_group_cost(lv, {{1, 4}}, {});
  ASSERT_EQ(right.error, "");
  EXPECT_EQ(right.matching, 2);
  ASSERT_TRUE(right.result.solved() && right.result.optimal);
  EXPECT_EQ(right.result.cost, 2);
  const BoxGroupCost both = box_group_cost(lv, {{1, 2}, {1, 4}}, {});
  ASSERT_TRUE(both.result.solved() && both.result.optimal);
  EXPECT_EQ(both.result.cost, 7);
  EXPECT_EQ(both.result.cost, solve_level(lv, SolveOptions{}).pushes);
}

// On Microban's first levels: every pair of boxes costs at least its matching and at most the
// level's optimum (taking boxes away never makes a level harder), the group of all the boxes
// costs the optimum exactly, and some pairs cost more than their matching (the penalties
// pattern search learns).
TEST(BoxGroup, OnMicrobanPairsAreBetweenTheirMatchingAndTheOptimum) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  int pairs = 0, with_penalty = 0, with_joint_gain = 0;
  for (int n = 1; n <= 12; ++n) {
    const Level& level = entries[static_cast<std::size_t>(n - 1)].level;
    const SolveReport whole = solve_level(level, SolveOptions{});
    ASSERT_TRUE(whole.solved() && whole.result.optimal) << n;
    const auto boxes = squares_of(level);
    const BoxGroupCost all = box_group_cost(level, boxes, {});
    ASSERT_TRUE(all.result.solved() && all.result.optimal) << n;
    EXPECT_EQ(all.result.cost, whole.pushes) << n;
    for (std::size_t i = 0; i < boxes.size(); ++i) {
      for (std::size_t j = i + 1; j < boxes.size(); ++j) {
        const BoxGroupCost g = box_group_cost(level, {boxes[i], boxes[j]}, {});
        ASSERT_EQ(g.error, "");
        if (g.matching < 0 || g.result.status == hsearch::Status::unsolvable) continue;  // a pair that is dead alone
        ASSERT_TRUE(g.result.solved() && g.result.optimal) << n;
        EXPECT_GE(g.result.cost, g.matching) << n;
        EXPECT_LE(g.result.cost, whole.pushes) << n;
        ++pairs;
        with_penalty += g.result.cost > g.matching;
        // The joint bound: at least the joint matching, at most the level's optimum.
        std::string problem;
        const JointBound joint = box_group_joint_bound(level, {boxes[i], boxes[j]}, {}, problem);
        ASSERT_EQ(problem, "") << n;
        ASSERT_TRUE(joint.exact) << n;
        EXPECT_FALSE(joint.dead) << n;
        EXPECT_GE(joint.bound, joint.start) << n;
        EXPECT_LE(joint.bound, whole.pushes) << "level " << n << ": the joint bound is above the optimum";
        with_joint_gain += joint.bound > joint.start;
      }
    }
  }
  EXPECT_GT(pairs, 20);
  EXPECT_GT(with_penalty, 0);
  EXPECT_GT(with_joint_gain, 0);
}

// The group of all the boxes leaves no rest: its joint bound is the level's optimum (the
// walls-alone distances are exact for the one box that moves in the hand-checked room).
TEST(BoxGroup, TheJointBoundOfEveryBoxIsTheOptimum) {
  const Level lv = hsearch::sokoban::testing::level_from(kTwoBoxRoom);
  std::string problem;
  const JointBound all = box_group_joint_bound(lv, {{1, 2}, {1, 4}}, {}, problem);
  ASSERT_EQ(problem, "");
  EXPECT_TRUE(all.exact);
  EXPECT_EQ(all.bound, 7);
  const JointBound left = box_group_joint_bound(lv, {{1, 2}}, {}, problem);
  EXPECT_EQ(left.start, 7);
  EXPECT_EQ(left.bound, 7);  // 4 + 3 or 5 + 2
  hsearch::Limits one;
  one.max_expanded = 1;
  const JointBound stopped = box_group_joint_bound(lv, {{1, 2}, {1, 4}}, one, problem);
  EXPECT_FALSE(stopped.exact);
  EXPECT_LE(stopped.bound, 7);
  EXPECT_EQ(box_group_joint_bound(lv, {{1, 3}}, {}, problem).expanded, 0U);
  EXPECT_EQ(problem, "(1,3) holds no box of the level");
}

TEST(BoxGroup, SquaresWithoutABoxAreRefused) {
  const Level lv = hsearch::sokoban::testing::level_from(kTwoBoxRoom);
  EXPECT_EQ(box_group_cost(lv, {{1, 3}}, {}).error, "(1,3) holds no box of the level");
  EXPECT_EQ(box_group_cost(lv, {{7, 40}}, {}).error, "(7,40) holds no box of the level");
  EXPECT_EQ(box_group_cost(lv, {{1, 2}, {1, 2}}, {}).error, "(1,2) is named twice");
  EXPECT_EQ(box_group_cost(lv, {}, {}).error, "no box named");
  // A box of a block frozen on goals from the start is a wall of the board, and said to be.
  const Level block = hsearch::sokoban::testing::level_from(hsearch::sokoban::testing::kStartFrozenBlock);
  EXPECT_EQ(box_group_cost(block, {{2, 2}}, {}).error,
            "(2,2) holds a box frozen on its goal, a wall of the board (board.hpp)");
  EXPECT_EQ(box_group_cost(block, {{1, 3}}, {}).error, "");
}

TEST(BoxGroup, TheLimitsStopItWithABound) {
  const Level lv = hsearch::sokoban::testing::level_from(kTwoBoxRoom);
  hsearch::Limits one;
  one.max_expanded = 1;
  const BoxGroupCost stopped = box_group_cost(lv, {{1, 2}, {1, 4}}, one);
  EXPECT_EQ(stopped.result.status, hsearch::Status::stopped);
  EXPECT_LE(stopped.result.lower_bound, 7);
  EXPECT_GE(stopped.result.lower_bound, stopped.matching);
}
