// The goals' packing order (packing_order.hpp): the deepest goals of a room are filled first,
// goals that do not block each other share a layer, and the guide counts the packed boxes as a
// prefix of the layers and keeps dead ends.
#include <initializer_list>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "hsearch/core/cost.hpp"
#include "hsearch/sokoban/packing_order.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"
#include "level_text.hpp"

using namespace hsearch::sokoban;
using hsearch::sokoban::testing::cell;
using hsearch::sokoban::testing::level_from;

namespace {

int layer_at(const Board& b, const std::vector<int>& layers, int r, int c) {
  return layers[static_cast<std::size_t>(b.goal_index(cell(b, r, c)))];
}

// A dead-end corridor of goals (row 1, columns 1-3) and three boxes that can reach it.
Level corridor() {
  return level_from(
      "########\n"
      "#...   #\n"
      "#### $ #\n"
      "#   $$@#\n"
      "#      #\n"
      "########\n");
}

// The corridor: the far end first, the mouth last.
TEST(PackingOrder, ACorridorFillsFromItsFarEnd) {
  const Board b(corridor());
  const auto layers = goal_fill_layers(b);
  EXPECT_EQ(layer_at(b, layers, 1, 1), 0);
  EXPECT_EQ(layer_at(b, layers, 1, 2), 1);
  EXPECT_EQ(layer_at(b, layers, 1, 3), 2);
  EXPECT_EQ(PackingGuide(b).layer_count(), 3);
  EXPECT_EQ(goal_layers_text(b, layers).substr(0, 18), "########\n#012   #\n");
}

// Goals in the open never block each other: one layer, no order imposed.
TEST(PackingOrder, GoalsInTheOpenShareOneLayer) {
  const Board b(level_from(
      "#######\n"
      "#.   .#\n"
      "# $ $ #\n"
      "#  @  #\n"
      "#######\n"));
  const auto layers = goal_fill_layers(b);
  EXPECT_EQ(layers, (std::vector<int>{0, 0}));
}

// The layers of a level's two goals in column 2: the upper one (row 3), then the lower (row 4).
std::pair<int, int> column_layers(const char* text) {
  const Board b(level_from(text));
  const auto layers = goal_fill_layers(b);
  return {layer_at(b, layers, 3, 2), layer_at(b, layers, 4, 2)};
}

// A pocket (rows 5-6) under a column of goals (column 2), which the player enters by a corridor
// of its own (column 5): pulls take the lower goal's box down into the pocket, but no box can be
// pushed out of the pocket's far side (a box comes down the corridor with the player behind
// it, above). So the lower goal is no way out while the upper one is full: it is filled first,
// as in the same column without the pocket.
TEST(PackingOrder, APocketNoBoxCanComeFromIsNoWayOut) {
  EXPECT_EQ(column_layers("#######\n"
                          "#  @  #\n"
                          "# $$  #\n"
                          "##.## #\n"
                          "##.## #\n"
                          "##    #\n"
                          "##    #\n"
                          "#######\n"),
            std::make_pair(1, 0));
  EXPECT_EQ(column_layers("#######\n"
                          "#  @  #\n"
                          "# $$  #\n"
                          "##.####\n"
                          "##.####\n"
                          "#######\n"),
            std::make_pair(1, 0));
}

// A pocket a box can be pushed along (the player comes down column 7 beside the box's corridor,
// column 6) is a way out: the lower goal can be filled last, from below, so the two goals
// share a layer.
TEST(PackingOrder, APocketABoxCanComeFromIsAWayOut) {
  EXPECT_EQ(column_layers("#########\n"
                          "#  @    #\n"
                          "# $$    #\n"
                          "##.###  #\n"
                          "##.###  #\n"
                          "##      #\n"
                          "##    ###\n"
                          "#########\n"),
            std::make_pair(0, 0));
}

// More goals than boxes: which goals stay empty is the search's choice, so no order.
TEST(PackingOrder, SpareGoalsImposeNoOrder) {
  const Board b(level_from(
      "########\n"
      "#...   #\n"
      "####$  #\n"
      "#  $  @#\n"
      "########\n"));
  for (const int l : goal_fill_layers(b)) EXPECT_EQ(l, 0);
}

// The guide: boxes on the mouth of the corridor before its far end are not packed.
TEST(PackingOrder, TheGuideCountsPackedBoxesAsAPrefixOfTheLayers) {
  const Board b(corridor());
  const PackingGuide guide(b);
  const auto c = [&](int r, int col) { return static_cast<std::uint16_t>(cell(b, r, col)); };
  const std::uint16_t start[] = {c(2, 5), c(3, 4), c(3, 5)};
  EXPECT_EQ(guide.unpacked(start), 3);
  const std::uint16_t far_end[] = {c(1, 1), c(3, 4), c(3, 5)};
  EXPECT_EQ(guide.unpacked(far_end), 2);
  const std::uint16_t mouth_only[] = {c(1, 3), c(3, 4), c(3, 5)};  // (and it walls the rest off)
  EXPECT_EQ(guide.unpacked(mouth_only), 3);
  const std::uint16_t two[] = {c(1, 1), c(1, 2), c(3, 5)};
  EXPECT_EQ(guide.unpacked(two), 1);
  const std::uint16_t solved[] = {c(1, 3), c(1, 1), c(1, 2)};
  EXPECT_EQ(guide.unpacked(solved), 0);
  EXPECT_FALSE(guide.admissible());
}

// Boxes on goals that the corridor fills later than its first empty goal are out of plan: a box
// on the mouth walls the far end off.
TEST(PackingOrder, BoxesOnLaterGoalsAreOutOfPlan) {
  const Board b(corridor());
  const PackingGuide guide(b);
  const auto c = [&](int r, int col) { return static_cast<std::uint16_t>(cell(b, r, col)); };
  const auto progress = [&](std::initializer_list<std::uint16_t> boxes) {
    const std::vector<std::uint16_t> v(boxes);
    const PackingGuide::Progress p = guide.progress(v.data());
    return std::pair<int, int>(p.packed, p.out_of_plan);
  };
  EXPECT_EQ(progress({c(2, 5), c(3, 4), c(3, 5)}), std::make_pair(0, 0));
  EXPECT_EQ(progress({c(1, 3), c(3, 4), c(3, 5)}), std::make_pair(0, 1));  // the mouth only
  EXPECT_EQ(progress({c(1, 2), c(1, 3), c(3, 5)}), std::make_pair(0, 2));  // all but the far end
  EXPECT_EQ(progress({c(1, 1), c(1, 3), c(3, 5)}), std::make_pair(1, 1));  // the middle left empty
  EXPECT_EQ(progress({c(1, 1), c(1, 2), c(3, 5)}), std::make_pair(2, 0));
  EXPECT_EQ(progress({c(1, 1), c(1, 2), c(1, 3)}), std::make_pair(3, 0));
}

TEST(PackingOrder, TheGuideKeepsDeadEndsAndOrdersPackingAboveTheBound) {
  const Board b(corridor());
  const SokobanDomain domain(b);
  const PackingGuide guide(b);
  auto s = domain.initial_state();
  ASSERT_FALSE(hsearch::is_dead_end(s.h));
  EXPECT_EQ(guide.estimate(s), 3 * PackingGuide::kPackedWeight + s.h);
  s.h = hsearch::dead_end<int>();
  EXPECT_TRUE(hsearch::is_dead_end(guide.estimate(s)));
}

}  // namespace
