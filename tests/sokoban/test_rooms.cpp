// The level's rooms and passages (rooms.hpp), and the links that boxes obstruct.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/rooms.hpp"
#include "level_text.hpp"

using namespace hsearch::sokoban;
using hsearch::sokoban::testing::cell;
using hsearch::sokoban::testing::level_from;

namespace {

std::vector<std::uint16_t> at(const Board& b, std::initializer_list<std::pair<int, int>> squares) {
  std::vector<std::uint16_t> cells;
  for (const auto& [r, c] : squares) cells.push_back(static_cast<std::uint16_t>(cell(b, r, c)));
  return cells;
}

// Two rooms and two doors between them.
Level two_doors() {
  return level_from(
      "#########\n"
      "#   #   #\n"
      "# @ $ . #\n"
      "#   #   #\n"
      "#   $ . #\n"
      "#   #   #\n"
      "#########\n");
}

TEST(RoomMap, DoorsArePassagesBetweenTwoRooms) {
  const Board b(two_doors());
  const RoomMap m(b);
  EXPECT_EQ(m.room_count(), 2);
  EXPECT_EQ(m.passage_count(), 2);
  EXPECT_EQ(m.link_count(), 1);  // one pair of rooms, whichever door
  EXPECT_GE(m.passage_of(cell(b, 2, 4)), 0);
  EXPECT_EQ(m.room_of(cell(b, 2, 4)), -1);
  EXPECT_NE(m.room_of(cell(b, 2, 2)), m.room_of(cell(b, 2, 6)));
  EXPECT_EQ(m.room_of(cell(b, 1, 1)), m.room_of(cell(b, 5, 3)));
}

// The link between the rooms is obstructed only when both doors are closed.
TEST(RoomMap, ALinkIsObstructedWhenAllItsPassagesAreClosed) {
  const Board b(two_doors());
  const RoomMap m(b);
  EXPECT_EQ(m.obstructed_links(at(b, {{2, 4}, {4, 4}}).data()), 1);
  EXPECT_EQ(m.obstructed_links(at(b, {{2, 4}, {4, 6}}).data()), 0);
  EXPECT_EQ(m.obstructed_links(at(b, {{2, 2}, {4, 2}}).data()), 0);
  // Counted again on the next call: the marks of the last one do not stay.
  EXPECT_EQ(m.obstructed_links(at(b, {{2, 4}, {4, 4}}).data()), 1);
  EXPECT_EQ(m.obstructed_links(at(b, {{2, 5}, {4, 4}}).data()), 0);
}

// A corridor's bends are passage squares, a room's corners are not; a dead-end corridor links
// its room to nothing.
TEST(RoomMap, CorridorBendsArePassagesAndRoomCornersAreNot) {
  const Board b(level_from(
      "########\n"
      "#@    ##\n"
      "#  $   #\n"
      "#    # #\n"
      "###### #\n"
      "#.     #\n"
      "########\n"));
  const RoomMap m(b);
  EXPECT_EQ(m.room_count(), 1);
  EXPECT_EQ(m.passage_count(), 1);
  EXPECT_EQ(m.link_count(), 0);
  EXPECT_GE(m.room_of(cell(b, 1, 1)), 0);  // the room's corners
  EXPECT_GE(m.room_of(cell(b, 1, 5)), 0);
  EXPECT_GE(m.passage_of(cell(b, 2, 6)), 0);  // the corridor's bends and its dead end
  EXPECT_GE(m.passage_of(cell(b, 5, 6)), 0);
  EXPECT_GE(m.passage_of(cell(b, 5, 1)), 0);
  EXPECT_EQ(m.obstructed_links(at(b, {{3, 6}}).data()), 0);
}

// Three rooms in a row: a box in each door obstructs its own link.
TEST(RoomMap, EachDoorItsOwnLink) {
  const Board b(level_from(
      "#############\n"
      "#   #   #   #\n"
      "# @ $   $ ..#\n"
      "#   #   #   #\n"
      "#############\n"));
  const RoomMap m(b);
  EXPECT_EQ(m.room_count(), 3);
  EXPECT_EQ(m.link_count(), 2);
  EXPECT_EQ(m.obstructed_links(at(b, {{2, 4}, {2, 8}}).data()), 2);
  EXPECT_EQ(m.obstructed_links(at(b, {{2, 4}, {2, 6}}).data()), 1);
}

}  // namespace
