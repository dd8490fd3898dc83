#pragma once
// States and pushes as text for people: the framework's traces and DOT trees print them
// (through SokobanDomain::state_string and move_name). Not used by any search decision.
#include <cstdint>
#include <string>

#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/level.hpp"
#include "hsearch/sokoban/push_state.hpp"

namespace hsearch::sokoban {

// The board with the state's boxes and its normalised player: XSB characters, one line per
// row, trailing spaces cut. Squares outside the player's area are copied from the level.
template <class Set>
std::string state_text(const Board& board, const BasicPushState<Set>& s) {
  const Level& level = board.level();
  std::string out;
  for (int r = 0; r < level.height; ++r) {
    std::string line;
    for (int c = 0; c < level.width; ++c) {
      const std::uint16_t cell = board.cell_at(r, c);
      if (cell == kNoCell) {
        const char ch = level.at(r, c);
        line += ch == '#' || ch == '*' ? ch : ' ';
        continue;
      }
      const bool goal = board.is_goal(cell);
      if (s.boxes.test(cell)) {
        line += goal ? '*' : '$';
      } else if (cell == s.player) {
        line += goal ? '+' : '@';
      } else {
        line += goal ? '.' : ' ';
      }
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line;
    out += '\n';
  }
  return out;
}

// A push as its LURD letter and the box's square, 1-based: "R@3,5"; a tunnel macro adds its
// pushes: "R@3,5x4"; a goal macro names the goal too, its letter the last push's: "R@3,5>7,2x9".
inline std::string push_name(const Board& board, const Push& m) {
  // Appended piece by piece: GCC 12 warns (-Wrestrict, wrongly) on a chain of + over temporaries.
  std::string name(1, kPushLetter[m.dir]);
  const auto square = [&](std::uint16_t c) {
    name.append(std::to_string(board.row(c) + 1)).append(",").append(std::to_string(board.col(c) + 1));
  };
  name.append("@");
  square(m.from);
  if (m.to != kNoCell) {
    name.append(">");
    square(m.to);
  }
  if (m.steps > 1) name.append("x").append(std::to_string(m.steps));
  return name;
}

}  // namespace hsearch::sokoban
