// Static analysis on small hand-made boards: dead cells, pusher-aware distances, side
// classes, tunnels, numbering, the tables' layouts agreeing with each other, and the start's
// boxes frozen on goals taken as walls.
#include <algorithm>
#include <cstdint>

#include <gtest/gtest.h>

#include "exhaustive_optimum.hpp"
#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"
#include "hsearch/sokoban/state_text.hpp"
#include "level_text.hpp"

using namespace hsearch::sokoban;
using hsearch::sokoban::testing::cell;
using hsearch::sokoban::testing::level_from;

namespace {
// The board with dead cells shown as 'x'.
std::string dead_map(const Board& b) {
  std::string out;
  for (int r = 0; r < b.level().height; ++r) {
    for (int c = 0; c < b.level().width; ++c) {
      const auto x = b.cell_at(r, c);
      out += x == kNoCell ? '#' : (b.is_live(x) ? '.' : 'x');
    }
    out += '\n';
  }
  return out;
}
}  // namespace

TEST(Board, DeadCellsCornersAndWallLines) {
  const Board b(level_from(
      "######\n"
      "#@   #\n"
      "# $  #\n"
      "#   .#\n"
      "######\n"));
  EXPECT_EQ(dead_map(b),
            "######\n"
            "#xxxx#\n"
            "#x...#\n"
            "#x...#\n"
            "######\n");
  // Live cells are numbered first.
  for (int c = 0; c < b.cell_count(); ++c) EXPECT_EQ(b.is_live(c), c < b.live_count());
  EXPECT_EQ(b.live_count(), 6);
}

TEST(Board, GoalsAreNeverDeadEvenInCorners) {
  const Board b(level_from("#####\n#.@$#\n#  .#\n#####\n"));
  EXPECT_TRUE(b.is_live(cell(b, 1, 1)));
  EXPECT_TRUE(b.is_live(cell(b, 2, 3)));
  EXPECT_FALSE(b.is_live(cell(b, 2, 1)));
}

TEST(Board, PushDistancesRespectThePusherSide) {
  // In a corridor the player on the box's left can only push it right, away from the goal.
  const Board b(level_from("#######\n#.@$  #\n#######\n"));
  const int box = cell(b, 1, 3);
  EXPECT_EQ(b.distance_from_side(0, box, kLeft), kUnreachable);
  EXPECT_EQ(b.distance_from_side(0, box, kRight), 2);
  EXPECT_EQ(b.distance(0, box), 2);  // the minimum over the sides
  EXPECT_EQ(b.distance(0, cell(b, 1, 1)), 0);
  EXPECT_FALSE(b.is_live(cell(b, 1, 5)));  // the corridor's far end: no way back
  EXPECT_NE(b.side_class(box, kLeft), b.side_class(box, kRight));
  EXPECT_EQ(b.side_class(box, kUp), -1);
}

TEST(Board, SideSpecificDistancesWithAPocket) {
  // The box on (3,2) has a pocket (4,2) below it that the player can reach only through the
  // box's square. From the pocket it can be pushed up twice and then left: 3 pushes. From the
  // left side it can only be pushed right, into a dead cell: no way.
  const Board b(level_from(
      "######\n"
      "#.   #\n"
      "#    #\n"
      "#@$  #\n"
      "## ###\n"
      "######\n"));
  const int box = cell(b, 3, 2);
  EXPECT_NE(b.side_class(box, kDown), b.side_class(box, kLeft));
  EXPECT_EQ(b.side_class(box, kLeft), b.side_class(box, kRight));
  EXPECT_EQ(b.distance_from_side(0, box, kDown), 3);
  EXPECT_EQ(b.distance_from_side(0, box, kLeft), kUnreachable);
  EXPECT_EQ(b.distance(0, box), 3);
  EXPECT_FALSE(b.is_live(cell(b, 3, 3)));
  EXPECT_FALSE(b.is_live(cell(b, 4, 2)));
}

TEST(Board, DistanceWithPlayerUsesThePlayersSide) {
  // Corridor with a side room: "#.  $  #" above, the player reaches the box's left or right
  // side only through the room below, which joins both sides: then the box has one class.
  const Board corridor(level_from("########\n#. @$  #\n########\n"));
  const int box = corridor.cell_at(1, 4);
  // The player on the box's left (3) or further left (1, 2): only pushes to the right.
  for (int c : {1, 2, 3}) {
    EXPECT_EQ(corridor.player_side(box, corridor.cell_at(1, c)), kLeft);
    EXPECT_EQ(corridor.distance_with_player(0, box, corridor.cell_at(1, c)), kUnreachable);
  }
  // The player right of the box: 3 pushes to the goal, as the minimum over the sides says.
  EXPECT_EQ(corridor.player_side(box, corridor.cell_at(1, 6)), kRight);
  EXPECT_EQ(corridor.distance_with_player(0, box, corridor.cell_at(1, 6)), 3);
  EXPECT_EQ(corridor.distance(0, box), 3);
  EXPECT_EQ(corridor.player_side(box, box), -1);
  // In an open room every side is one class: the same as the minimum over the sides.
  const Board room(level_from("#####\n#   #\n# $ #\n#@ .#\n#####\n"));
  const int c = room.cell_at(2, 2);
  for (int p = 0; p < room.cell_count(); ++p) {
    if (p != c) {
      EXPECT_EQ(room.distance_with_player(0, c, p), room.distance(0, c));
    }
  }
}

TEST(Board, SideClassesInAnOpenRoomAreOne) {
  const Board b(level_from("#####\n#   #\n# $ #\n#@ .#\n#####\n"));
  const int c = cell(b, 2, 2);
  for (int d = 0; d < 4; ++d) EXPECT_EQ(b.side_class(c, d), 0);
}

TEST(Board, Tunnels) {
  const Board b(level_from(
      "#########\n"
      "#@$   . #\n"
      "###.## ##\n"
      "  #  #$#\n"
      "  #### #\n"
      "     ###\n"));
  EXPECT_FALSE(b.is_tunnel(cell(b, 1, 1)));
  EXPECT_TRUE(b.is_tunnel(cell(b, 1, 2)));   // walls above and below, floor left and right
  EXPECT_FALSE(b.is_tunnel(cell(b, 1, 3)));  // opening below
  EXPECT_TRUE(b.is_tunnel(cell(b, 3, 6)));   // vertical
}

TEST(Board, InitialBoxesPlayerAndGoals) {
  const Board b(level_from("#######\n#@$ $.#\n#  . .#\n#######\n"));
  EXPECT_EQ(b.initial_boxes().size(), 2U);
  EXPECT_EQ(b.goals().size(), 3U);
  EXPECT_EQ(b.initial_player(), cell(b, 1, 1));
  for (int g = 0; g < 3; ++g) EXPECT_EQ(b.goal_index(b.goals()[static_cast<std::size_t>(g)]), g);
  EXPECT_TRUE(b.is_goal(cell(b, 1, 5)));
  EXPECT_EQ(b.goal_set().count(), 3);
}

// What the analysis promises about its numbering and tables, on every cell of a level with
// dead corners, a pillar, goals on three rows and more goals than boxes: live cells first and
// each group in reading order; a cell is live exactly when some goal is reachable by pushes;
// goals numbered in cell order; distance() the best side of distance_from_side(); the layout by
// cell (distances_from_side) holding the same values; player_side() naming a side with floor.
TEST(Board, NumberingAndDistanceTablesAgree) {
  const Board b(level_from(
      "#########\n"
      "#@ $   .#\n"
      "# #  # ##\n"
      "#. $$  .#\n"
      "#   #  .#\n"
      "#########\n"));
  const int n = b.cell_count();
  const int goals = static_cast<int>(b.goals().size());
  ASSERT_EQ(goals, 4);
  ASSERT_LT(b.live_count(), n);  // the corners are dead
  for (int c = 0; c < n; ++c) {
    EXPECT_EQ(b.cell_at(b.row(c), b.col(c)), c);
    if (c + 1 < n && b.is_live(c) == b.is_live(c + 1)) {
      EXPECT_LT(b.row(c) * b.level().width + b.col(c), b.row(c + 1) * b.level().width + b.col(c + 1)) << c;
    }
    bool reaches_a_goal = false;
    for (int g = 0; g < goals; ++g) {
      std::uint16_t best = kUnreachable;
      for (int d = 0; d < 4; ++d) {
        const std::uint16_t v = b.distance_from_side(g, c, d);
        EXPECT_EQ(b.distances_from_side(c, d)[g], v) << "cell " << c << " side " << d << " goal " << g;
        best = std::min(best, v);
      }
      EXPECT_EQ(b.distance(g, c), best) << "cell " << c << " goal " << g;
      reaches_a_goal = reaches_a_goal || best != kUnreachable;
    }
    EXPECT_EQ(b.is_live(c), reaches_a_goal) << "cell " << c;
    for (int p = 0; p < n; ++p) {
      const int side = b.player_side(c, p);
      if (p == c) {
        EXPECT_EQ(side, -1);
      } else if (side >= 0) {
        EXPECT_NE(b.neighbor(c, side), kNoCell);
      }
    }
  }
  for (int g = 0; g < goals; ++g) {
    const int cell_of_goal = b.goals()[static_cast<std::size_t>(g)];
    EXPECT_TRUE(b.is_live(cell_of_goal));
    EXPECT_EQ(b.goal_index(cell_of_goal), g);
    EXPECT_EQ(b.distance(g, cell_of_goal), 0);
    if (g > 0) {
      EXPECT_LT(b.goals()[static_cast<std::size_t>(g - 1)], cell_of_goal);
    }
  }
}

// A 2x2 block of boxes on goals can never be pushed (each push needs both squares along its
// axis free), nor can a box on a goal walled in on both axes: the board takes them as walls.
// The states are the level's own, so every search finds the same optimum on both boards.
TEST(Board, BoxesFrozenOnGoalsAtTheStartAreWalls) {
  const auto [walled, plain] = hsearch::sokoban::testing::walled_and_plain(
      level_from(hsearch::sokoban::testing::kStartFrozenBlockAndCorner));
  EXPECT_EQ(walled.walled_boxes(), 5);  // the block and the box in the corner at (5,1)
  EXPECT_EQ(plain.walled_boxes(), 0);
  for (const auto& [r, c] : {std::pair{2, 3}, {2, 4}, {3, 3}, {3, 4}, {5, 1}}) {
    EXPECT_EQ(walled.cell_at(r, c), kNoCell) << r << "," << c;
    EXPECT_NE(plain.cell_at(r, c), kNoCell) << r << "," << c;
  }
  EXPECT_NE(walled.cell_at(4, 7), kNoCell);  // on a goal with a free axis: still a box
  EXPECT_EQ(walled.cell_count(), plain.cell_count() - 5);
  EXPECT_EQ(walled.initial_boxes().size(), 3U);
  EXPECT_EQ(plain.initial_boxes().size(), 8U);
  EXPECT_EQ(walled.goals().size(), 3U);
  // The state's picture is the level's: the walled boxes are printed from the level's text.
  // (Only the normalised player, the area's first cell, differs: the numbering does.)
  auto picture = [](const Board& b) {
    std::string text = state_text(b, SokobanDomain(b).initial_state());
    std::replace(text.begin(), text.end(), '@', ' ');
    return text;
  };
  EXPECT_EQ(picture(walled), picture(plain));
  EXPECT_EQ(picture(walled), "#########\n#       #\n#  ** $ #\n#  **   #\n# $  . *#\n#*  .   #\n#########\n");
  const auto walled_optimum = hsearch::sokoban::testing::exhaustive_optimum(walled, 200000);
  const auto plain_optimum = hsearch::sokoban::testing::exhaustive_optimum(plain, 200000);
  ASSERT_TRUE(walled_optimum.has_value());
  ASSERT_TRUE(plain_optimum.has_value());
  EXPECT_EQ(*walled_optimum, *plain_optimum);
}

// The boxes stay boxes when walling them would leave no box to push, or would cut off from the
// player a goal (or box) it could reach: the level is then analysed as it is.
TEST(Board, FrozenBoxesStayBoxesWhenWallsWouldCutTheLevel) {
  const Board solved(level_from(
      "######\n"
      "#@**.#\n"
      "# ** #\n"
      "######\n"));
  EXPECT_EQ(solved.walled_boxes(), 0);
  EXPECT_EQ(solved.initial_boxes().size(), 4U);
  const Board pocket(level_from(
      "######\n"
      "#@$ .#\n"
      "#**###\n"
      "#**#\n"
      "#. #\n"
      "####\n"));
  EXPECT_EQ(pocket.walled_boxes(), 0);  // the goal at (4,1) lies behind the block
  EXPECT_NE(pocket.cell_at(4, 1), kNoCell);
  const auto optimum = hsearch::sokoban::testing::exhaustive_optimum(pocket, 10000);
  ASSERT_TRUE(optimum.has_value());
  EXPECT_EQ(*optimum, 2);
}
