#pragma once
// The text notation of positions (docs/hanoi.md):
//
//   pegs separated by '|', each peg listed bottom to top, a disk written as its tower letter
//   followed by its radius; spaces are ignored.  4 pegs, towers a and b of height 3:
//       a3a2a1|||b3b2b1      (a on peg A, pegs B and C empty, b on peg D)
//
// Pegs are named A, B, C, ... in the display and in move lists. Parsing checks everything a
// position can get wrong and says where: unknown token, a disk twice or missing, a disk on a
// smaller one, start and goal with different disks or peg counts.
#include <cctype>
#include <istream>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "hsearch/hanoi/layout.hpp"

namespace hsearch::hanoi {

struct NotationError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// A position as written: the disks of every peg, bottom to top.
using DiskStacks = std::vector<std::vector<Disk>>;

// Syntax and stacking rules only (not completeness: see make_problem). `what` names the text
// in messages ("start", "goal", "file.txt:3").
inline DiskStacks parse_stacks(const std::string& text, const std::string& what) {
  DiskStacks pegs(1);
  const auto fail = [&](std::size_t col, const std::string& msg) {
    return NotationError(what + ": column " + std::to_string(col + 1) + ": " + msg + " in \"" +
                         text + "\"");
  };
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '|') {
      pegs.emplace_back();
      ++i;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c >= 'a' && c <= 'z') {
      std::size_t j = i + 1;
      while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
      if (j == i + 1) throw fail(i, std::string("disk '") + c + "' has no radius (write e.g. " + c + "1)");
      if (j - i - 1 > 2) throw fail(i, "radius too large (at most " + std::to_string(kMaxRadius) + ")");
      const int r = std::stoi(text.substr(i + 1, j - i - 1));
      if (r < 1) throw fail(i, "radius must be at least 1");
      const Disk d{c - 'a', r};
      auto& peg = pegs.back();
      if (!peg.empty() && peg.back().radius < r) {
        throw fail(i, "disk " + disk_name(d) + " on the smaller disk " + disk_name(peg.back()) +
                          " (peg " + peg_name(static_cast<int>(pegs.size()) - 1) +
                          ", listed bottom to top)");
      }
      peg.push_back(d);
      i = j;
    } else {
      std::size_t j = i + 1;
      while (j < text.size() && text[j] != '|' && !std::isspace(static_cast<unsigned char>(text[j])) &&
             !(text[j] >= 'a' && text[j] <= 'z')) {
        ++j;
      }
      throw fail(i, "unknown token '" + text.substr(i, j - i) +
                        "' (a disk is a lower-case tower letter and a radius, e.g. a3; pegs are "
                        "separated by '|')");
    }
  }
  if (static_cast<int>(pegs.size()) < 3) {
    throw NotationError(what + ": " + std::to_string(pegs.size()) +
                        " peg(s); at least 3 are needed (separate pegs with '|'): \"" + text + "\"");
  }
  if (static_cast<int>(pegs.size()) > kMaxPegs) {
    throw NotationError(what + ": " + std::to_string(pegs.size()) + " pegs; at most " +
                        std::to_string(kMaxPegs) + " are supported");
  }
  return pegs;
}

// Disk stacks -> ids of `layout` (every disk must belong to it).
inline Position to_position(const Layout& layout, const DiskStacks& stacks, const std::string& what) {
  Position p(stacks.size());
  for (std::size_t peg = 0; peg < stacks.size(); ++peg) {
    for (const Disk& d : stacks[peg]) {
      const int id = layout.find(d);
      if (id < 0) throw NotationError(what + ": disk " + disk_name(d) + " is not part of the problem");
      p[peg].push_back(id);
    }
  }
  if (const std::string err = position_error(layout, p); !err.empty()) {
    throw NotationError(what + ": " + err);
  }
  return p;
}

// The layout a start position describes: whole towers (tower x holds radii 1..h, each once).
inline Layout layout_of(const DiskStacks& stacks, const std::string& what) {
  std::map<int, std::map<int, int>> count;  // tower -> radius -> occurrences
  for (const auto& peg : stacks) {
    for (const Disk& d : peg) ++count[d.tower][d.radius];
  }
  if (count.empty()) throw NotationError(what + ": no disks");
  std::vector<Disk> disks;
  for (const auto& [tower, radii] : count) {
    const int h = radii.rbegin()->first;
    for (int r = 1; r <= h; ++r) {
      const Disk d{tower, r};
      const auto it = radii.find(r);
      if (it == radii.end()) {
        throw NotationError(what + ": disk " + disk_name(d) + " missing (tower " +
                            std::string(1, static_cast<char>('a' + tower)) + " has disks up to radius " +
                            std::to_string(h) + ", so it needs radii 1.." + std::to_string(h) + ")");
      }
      if (it->second > 1) throw NotationError(what + ": disk " + disk_name(d) + " appears twice");
      disks.push_back(d);
    }
  }
  try {
    return Layout(static_cast<int>(stacks.size()), std::move(disks));
  } catch (const LayoutError& e) {
    throw NotationError(what + ": " + e.what());
  }
}

inline std::string format_position(const Layout& layout, const Position& p) {
  std::string out;
  for (std::size_t peg = 0; peg < p.size(); ++peg) {
    if (peg > 0) out += '|';
    for (int id : p[peg]) out += layout.name(id);
  }
  return out;
}

struct Problem {
  Layout layout;
  Position start;
  Position goal;
};

// Checks the goal against the start: same peg count, same disks.
inline Position goal_for(const Layout& layout, const DiskStacks& goal, const std::string& what) {
  if (static_cast<int>(goal.size()) != layout.pegs()) {
    throw NotationError(what + " has " + std::to_string(goal.size()) + " pegs but the start has " +
                        std::to_string(layout.pegs()));
  }
  std::set<std::pair<int, int>> in_goal;
  for (const auto& peg : goal) {
    for (const Disk& d : peg) {
      if (!in_goal.insert({d.tower, d.radius}).second) {
        throw NotationError(what + ": disk " + disk_name(d) + " appears twice");
      }
      if (layout.find(d) < 0) {
        throw NotationError(what + " has disk " + disk_name(d) + " that the start does not have");
      }
    }
  }
  for (const Disk& d : layout.all_disks()) {
    if (!in_goal.count({d.tower, d.radius})) {
      throw NotationError(what + " lacks disk " + disk_name(d) + " that the start has");
    }
  }
  return to_position(layout, goal, what);
}

inline Problem make_problem(const std::string& start_text, const std::string& goal_text) {
  const DiskStacks start = parse_stacks(start_text, "start");
  const DiskStacks goal = parse_stacks(goal_text, "goal");
  Problem pr;
  pr.layout = layout_of(start, "start");
  pr.start = to_position(pr.layout, start, "start");
  pr.goal = goal_for(pr.layout, goal, "goal");
  return pr;
}

// All towers stacked on one peg (interleaved at equal radii, towers in letter order bottom-up).
// The two lines of a problem file, "start: <position>" and "goal: <position>" ('#' starts a
// comment, blank lines are skipped), as text for make_problem. `name` (the file) prefixes
// every message with name:line. Throws NotationError.
struct ProblemText {
  std::string start, goal;
};

inline ProblemText read_problem_text(std::istream& in, const std::string& name) {
  ProblemText text;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    const std::string where = name + ":" + std::to_string(number);
    if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos) continue;
    line = line.substr(first);
    const auto colon = line.find(':');
    const std::string key = colon == std::string::npos ? line : line.substr(0, colon);
    if (colon == std::string::npos || (key != "start" && key != "goal")) {
      throw NotationError(where + ": expected 'start: <position>' or 'goal: <position>'");
    }
    std::string& target = key == "start" ? text.start : text.goal;
    if (!target.empty()) throw NotationError(where + ": second '" + key + "' line");
    target = line.substr(colon + 1);
    if (target.find_first_not_of(" \t\r") == std::string::npos) throw NotationError(where + ": empty " + key);
  }
  if (text.start.empty()) throw NotationError(name + ": no 'start:' line");
  if (text.goal.empty()) throw NotationError(name + ": no 'goal:' line");
  return text;
}

inline Position stacked_on(const Layout& layout, int peg) {
  Position p(static_cast<std::size_t>(layout.pegs()));
  for (int id = 0; id < layout.disks(); ++id) p[static_cast<std::size_t>(peg)].push_back(id);
  return p;
}

// The classic problem: one tower of n disks from the first peg to the last.
inline Problem classic_problem(int pegs, int n) {
  Problem pr;
  pr.layout = Layout::towers(pegs, {n});
  pr.start = stacked_on(pr.layout, 0);
  pr.goal = stacked_on(pr.layout, pegs - 1);
  return pr;
}

}  // namespace hsearch::hanoi
