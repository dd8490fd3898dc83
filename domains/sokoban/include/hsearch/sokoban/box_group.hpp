#pragma once
// The push cost of a group of a level's boxes alone: the other boxes taken off the board, the
// player where the level puts him, solved when each box of the group stands on a goal (any
// goals). It is the sub-problem pattern search solves (pattern_search.hpp), asked for one
// group by hand: its cost c(P) against the matching M(P) is the group's penalty, and the sum
// c(P) + M(rest) is what a pattern adds to the bound (penalty_table.hpp). Removing boxes
// never makes a level harder, so c(P) is at most the pushes P's boxes take in any solution of
// the whole level.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "hsearch/core/cost.hpp"
#include "hsearch/core/limits.hpp"
#include "hsearch/core/result.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/cell_set.hpp"
#include "hsearch/sokoban/level.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"

namespace hsearch::sokoban {

struct BoxGroupCost {
  std::string error;   // not empty: a square that holds no box of the level (nothing searched)
  int matching = 0;    // the group's bound at the start (the matching onto any goals; -1: dead)
  Result<Push, int> result;  // A* on the group alone: its cost, or the bound the limits left
};

// The group of boxes on `squares` ((row, col), from 0 as in the level's text), searched by A*
// within `limits`.
inline BoxGroupCost box_group_cost(const Level& level, const std::vector<std::pair<int, int>>& squares,
                                   const Limits& limits) {
  BoxGroupCost out;
  const Board board(level);
  std::vector<std::uint16_t> cells;
  for (const auto& [r, c] : squares) {
    const std::uint16_t cell = r >= 0 && c >= 0 ? board.cell_at(r, c) : kNoCell;
    bool box = false;
    for (const std::uint16_t b : board.initial_boxes()) box = box || b == cell;
    if (cell == kNoCell || !box) {
      out.error = "(" + std::to_string(r) + "," + std::to_string(c) + ") holds no box of the level";
      return out;
    }
    for (const std::uint16_t seen : cells) {
      if (seen == cell) {
        out.error = "(" + std::to_string(r) + "," + std::to_string(c) + ") is named twice";
        return out;
      }
    }
    cells.push_back(cell);
  }
  if (cells.empty()) {
    out.error = "no box named";
    return out;
  }
  with_cell_set_for(board.cell_count(), [&]<class Set>(Set) {
    BasicSokobanDomain<Set> group(board, cells.data(), static_cast<int>(cells.size()), board.initial_player());
    group.enable_state_cache(16);
    const auto start = group.initial_state();
    out.matching = is_dead_end(start.h) ? -1 : start.h;
    if (out.matching < 0) {
      out.result.status = Status::unsolvable;
      return;
    }
    AStarOptions options;
    options.limits = limits;
    options.newer_first_on_ties = true;
    out.result = astar(group, start, PushLowerBound{}, options);
  });
  return out;
}

}  // namespace hsearch::sokoban
