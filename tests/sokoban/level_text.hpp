#pragma once
// Test helper: one level from text (the first level of the text), validated into a Board.
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/level_reader.hpp"

namespace hsearch::sokoban::testing {

inline Level level_from(const std::string& text) {
  std::istringstream in(text);
  auto entries = read_levels(in, "test.xsb");
  if (entries.empty()) throw std::runtime_error("no level in test text");
  if (!entries.front().ok()) throw std::runtime_error(entries.front().error);
  return entries.front().level;
}

// Three boxes, 7 pushes: the program's built-in level.
inline Level three_boxes() {
  return level_from(
      " #######\n"
      " # .   ###\n"
      "## $$#   #\n"
      "#.  @ $  #\n"
      "#  ##.  ##\n"
      "####  ###\n"
      "   ####\n");
}

// Two boxes in a room two squares high, the goals to their right: the player walks round below
// them, so each box alone costs its distance to the nearer goal and the two together 7 pushes.
inline constexpr const char* kTwoBoxRoom =
    "#########\n"
    "#@$ $ ..#\n"
    "#       #\n"
    "#########\n";

// Boxes frozen on goals from the start (board.hpp takes them as walls): a 2x2 block and a box
// in a corner, beside a box on a goal that can still move and two loose boxes; 5 walled.
inline constexpr const char* kStartFrozenBlockAndCorner =
    "#########\n"
    "#@      #\n"
    "#  ** $ #\n"
    "#  **   #\n"
    "# $  . *#\n"
    "#*  .   #\n"
    "#########\n";

// A 2x2 block frozen on goals from the start, and one loose box: 4 walled.
inline constexpr const char* kStartFrozenBlock =
    "#######\n"
    "#@ $ .#\n"
    "# **  #\n"
    "# **  #\n"
    "#######\n";

// A level's two boards: the start's frozen boxes on goals as walls (the default) and as boxes.
struct WalledAndPlain {
  Board walled;
  Board plain;
};
inline WalledAndPlain walled_and_plain(const Level& level) { return {Board(level), Board(level, BoardOptions{false})}; }

// The cell at (row, col), failing the test when it is not floor.
inline int cell(const Board& b, int r, int c) {
  const auto x = b.cell_at(r, c);
  EXPECT_NE(x, kNoCell) << "(" << r << "," << c << ") is not floor";
  return x;
}

}  // namespace hsearch::sokoban::testing
