#pragma once
// Reading ../shared/data/hanoi/*.tsv: rows and the position shorthand of multi_tower_bfs.tsv
// ('a@0' whole tower a on peg 0; 'ab@3' towers a and b interleaved on peg 3, a's disk below b's
// at every radius; 'alt(a,b)@0' one disk per radius, radius h from a, h-1 from b, ...;
// '{ab}@3' is a goal SET, which our exact goals do not express: such rows are skipped).
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "hsearch/hanoi/layout.hpp"

namespace hsearch::hanoi::testing {

// Tab-separated rows after the '#' comment and the header line.
inline std::vector<std::vector<std::string>> read_tsv(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<std::vector<std::string>> rows;
  std::string line;
  bool header = true;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    if (header) {
      header = false;
      continue;
    }
    std::vector<std::string> cells;
    std::stringstream ss(line);
    std::string cell;
    while (std::getline(ss, cell, '\t')) cells.push_back(cell);
    rows.push_back(cells);
  }
  return rows;
}

// The position described by the shorthand, or an empty Position for goal sets.
inline Position shorthand_position(const Layout& layout, int pegs, int h, const std::string& text) {
  Position p(static_cast<std::size_t>(pegs));
  std::stringstream ss(text);
  std::string item;
  while (ss >> item) {
    if (item[0] == '{') return {};
    const auto at = item.find('@');
    const int peg = std::stoi(item.substr(at + 1));
    const std::string what = item.substr(0, at);
    auto& stack = p[static_cast<std::size_t>(peg)];
    if (what.rfind("alt(", 0) == 0) {
      const int first = what[4] - 'a', second = what[6] - 'a';
      for (int r = h, k = 0; r >= 1; --r, ++k) {
        stack.push_back(layout.find(Disk{k % 2 == 0 ? first : second, r}));
      }
    } else {
      for (int r = h; r >= 1; --r) {
        for (char c : what) stack.push_back(layout.find(Disk{c - 'a', r}));
      }
    }
  }
  return p;
}

}  // namespace hsearch::hanoi::testing
