// A pattern's costs per goal set (goal_set_costs.hpp): a corridor counted by hand, and on
// Microban every listed cost equal to the optimum of the level that keeps only that goal set
// (solved by A* on its own), every other set at least the floor.
#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "collection_file.hpp"
#include "data_dir.hpp"
#include "exact_cost.hpp"
#include "hsearch/sokoban/goal_set_costs.hpp"
#include "hsearch/sokoban/level_reader.hpp"
#include "level_text.hpp"
#include "sweep.hpp"

using namespace hsearch::sokoban;

namespace {

std::uint64_t goal_bit(const Board& board, int row, int col) {
  return std::uint64_t{1} << board.goal_index(board.cell_at(row, col));
}

// The level of `board` with only the boxes on `boxes`, only the goals of `goals` (bits of goal
// numbers) and the player on `player`.
Level sub_level(const Board& board, const std::vector<std::uint16_t>& boxes, std::uint64_t goals, std::uint16_t player) {
  Level level = board.level();
  for (int r = 0; r < level.height; ++r) {
    for (int c = 0; c < level.width; ++c) {
      char& ch = level.rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      if (ch == '#') continue;
      ch = ' ';
      const std::uint16_t cell = board.cell_at(r, c);
      if (cell == kNoCell) continue;
      const bool box = std::find(boxes.begin(), boxes.end(), cell) != boxes.end();
      const bool goal = board.is_goal(cell) && ((goals >> board.goal_index(cell)) & 1) != 0;
      if (cell == player) ch = goal ? '+' : '@';
      else if (box) ch = goal ? '*' : '$';
      else if (goal) ch = '.';
    }
  }
  return level;
}

}  // namespace

// One box in a corridor, two goals ahead of it: 3 pushes onto the first, 4 onto the second.
TEST(GoalSetCosts, ACorridorCountedByHand) {
  const Board board(hsearch::sokoban::testing::level_from(
      "########\n"
      "#@$  ..#\n"
      "########\n"));
  const std::uint16_t box = board.cell_at(1, 2);
  const std::uint64_t near = goal_bit(board, 1, 5), far = goal_bit(board, 1, 6);

  GoalSetCosts all = goal_set_costs<CellSet>(board, &box, 1, board.initial_player(), 10, 1000);
  ASSERT_EQ(all.sets.size(), 2U);
  EXPECT_EQ(all.sets[0].goals, near);
  EXPECT_EQ(all.sets[0].cost, 3);
  EXPECT_EQ(all.sets[1].goals, far);
  EXPECT_EQ(all.sets[1].cost, 4);
  EXPECT_EQ(all.floor, 11);

  // A ceiling of 3: the far goal is not listed, and costs at least 4.
  GoalSetCosts capped = goal_set_costs<CellSet>(board, &box, 1, board.initial_player(), 3, 1000);
  ASSERT_EQ(capped.sets.size(), 1U);
  EXPECT_EQ(capped.sets[0].goals, near);
  EXPECT_EQ(capped.floor, 4);

  // Two expansions reach the states after two pushes: every goal set costs at least 3.
  GoalSetCosts short_of_nodes = goal_set_costs<CellSet>(board, &box, 1, board.initial_player(), 10, 2);
  EXPECT_TRUE(short_of_nodes.sets.empty());
  EXPECT_EQ(short_of_nodes.floor, 3);
  EXPECT_EQ(short_of_nodes.expanded, 2U);
}

TEST(GoalSetCosts, EachSetCostsWhatTheLevelWithOnlyThoseGoalsCosts) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  int listed = 0, floored = 0;
  for (int n = 1; n <= hsearch::testing::sweep(40); n += 3) {
    const Board board(entries[static_cast<std::size_t>(n - 1)].level);
    const auto& boxes = board.initial_boxes();
    const int goals = static_cast<int>(board.goals().size());
    if (boxes.size() < 2 || goals > 12) continue;
    // The first two boxes of the start, from the level's player, onto goal sets of up to 12 pushes.
    const std::vector<std::uint16_t> pair{boxes[0], boxes[1]};
    const GoalSetCosts costs = goal_set_costs<CellSet>(board, pair.data(), 2, board.initial_player(), 12, 20000);
    for (int a = 0; a < goals; ++a) {
      for (int b = a + 1; b < goals; ++b) {
        const std::uint64_t set = (std::uint64_t{1} << a) | (std::uint64_t{1} << b);
        const Board only(sub_level(board, pair, set, board.initial_player()));
        const int exact = hsearch::sokoban::testing::exact_cost(only, SokobanDomain(only).initial_state(), 200000);
        ASSERT_NE(exact, -1) << "level " << n;
        const auto it = std::find_if(costs.sets.begin(), costs.sets.end(),
                                     [&](const GoalSetCost& g) { return g.goals == set; });
        if (it != costs.sets.end()) {
          EXPECT_EQ(it->cost, exact) << "level " << n << " goals " << a << ", " << b;
          ++listed;
        } else {
          EXPECT_TRUE(exact == -2 || exact >= costs.floor) << "level " << n << " goals " << a << ", " << b;
          ++floored;
        }
      }
    }
  }
  EXPECT_GT(listed, 20);
  EXPECT_GT(floored, 0);
  std::printf("goal sets listed and checked %d, beyond the list %d\n", listed, floored);
}
