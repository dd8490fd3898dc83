#pragma once
// ASCII picture of a position in the spirit of the seed's figures: a disk of radius r of tower
// x is drawn as r letters x on each side of its peg, pegs are named A, B, C... under a base.
//
//          |         |         |         |
//         a|a        |         |        b|b
//        aa|aa       |         |       bb|bb
//       aaa|aaa      |         |      bbb|bbb
//     =======================================
//          A         B         C         D
#include <algorithm>
#include <string>

#include "hsearch/hanoi/layout.hpp"

namespace hsearch::hanoi {

inline std::string draw_position(const Layout& layout, const Position& p) {
  int max_radius = 1;
  for (const Disk& d : layout.all_disks()) max_radius = std::max(max_radius, d.radius);
  std::size_t tallest = 0;
  for (const auto& peg : p) tallest = std::max(tallest, peg.size());
  const int width = 2 * max_radius + 1;
  const int pegs = static_cast<int>(p.size());
  std::string out;
  for (std::size_t row = tallest + 1; row-- > 0;) {
    std::string line;
    for (int q = 0; q < pegs; ++q) {
      std::string cell(static_cast<std::size_t>(width), ' ');
      cell[static_cast<std::size_t>(max_radius)] = '|';
      const auto& stack = p[static_cast<std::size_t>(q)];
      if (row < stack.size()) {
        const Disk& d = layout.disk(stack[row]);
        const char c = static_cast<char>('a' + d.tower);
        for (int i = 1; i <= d.radius; ++i) {
          cell[static_cast<std::size_t>(max_radius - i)] = c;
          cell[static_cast<std::size_t>(max_radius + i)] = c;
        }
      }
      line += (q > 0 ? " " : "") + cell;
    }
    line.erase(line.find_last_not_of(' ') + 1);
    out += line + "\n";
  }
  out += std::string(static_cast<std::size_t>(pegs * (width + 1) - 1), '=') + "\n";
  std::string names;
  for (int q = 0; q < pegs; ++q) {
    std::string cell(static_cast<std::size_t>(width), ' ');
    cell[static_cast<std::size_t>(max_radius)] = static_cast<char>('A' + q);
    names += (q > 0 ? " " : "") + cell;
  }
  names.erase(names.find_last_not_of(' ') + 1);
  return out + names + "\n";
}

}  // namespace hsearch::hanoi
