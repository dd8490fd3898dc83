#pragma once
// The push cost of a group of a level's boxes alone: the other boxes taken off the board, the
// player where the level puts him, solved when each box of the group stands on a goal (any
// goals). It is the sub-problem pattern search solves (pattern_search.hpp), asked for one
// group by hand: its cost c(P) against the matching M(P) is the group's penalty, and the sum
// c(P) + M(rest) is what a pattern adds to the bound (penalty_table.hpp). Removing boxes
// never makes a level harder, so c(P) is at most the pushes P's boxes take in any solution of
// the whole level.
//
// The joint bound of the same group at the start (joint_bound.hpp) keeps the other boxes in
// the count: the fewest pushes of P onto a goal set G plus the rest's matching onto the other
// goals, at its smallest over G.
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
#include "hsearch/sokoban/joint_bound.hpp"
#include "hsearch/sokoban/level.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"

namespace hsearch::sokoban {

struct BoxGroupCost {
  std::string error;   // not empty: a square that holds no box of the level (nothing searched)
  int matching = 0;    // the group's bound at the start (the matching onto any goals; -1: dead)
  Result<Push, int> result;  // A* on the group alone: its cost, or the bound the limits left
};

namespace detail {

// The squares of `squares` as the board's cells, each a box of the level and named once;
// `error` says which is not.
inline std::vector<std::uint16_t> group_cells(const Board& board, const std::vector<std::pair<int, int>>& squares,
                                              std::string& error) {
  std::vector<std::uint16_t> cells;
  for (const auto& [r, c] : squares) {
    const std::uint16_t cell = board.cell_at(r, c);
    bool box = false;
    for (const std::uint16_t b : board.initial_boxes()) box = box || b == cell;
    std::string where = "(";
    where += std::to_string(r);
    where += ',';
    where += std::to_string(c);
    where += ')';
    if (cell == kNoCell && board.level().at(r, c) == '*') {
      error = where + " holds a box frozen on its goal, a wall of the board (board.hpp)";
      return {};
    }
    if (cell == kNoCell || !box) {
      error = where + " holds no box of the level";
      return {};
    }
    for (const std::uint16_t seen : cells) {
      if (seen == cell) {
        error = where + " is named twice";
        return {};
      }
    }
    cells.push_back(cell);
  }
  if (cells.empty()) error = "no box named";
  return cells;
}

}  // namespace detail

// The group of boxes on `squares` ((row, col), from 0 as in the level's text), searched by A*
// within `limits`.
inline BoxGroupCost box_group_cost(const Level& level, const std::vector<std::pair<int, int>>& squares,
                                   const Limits& limits) {
  BoxGroupCost out;
  const Board board(level);
  const std::vector<std::uint16_t> cells = detail::group_cells(board, squares, out.error);
  if (!out.error.empty()) return out;
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

// B(P) for the group on `squares` at the level's start (joint_bound.hpp), within `limits`
// (expansions, seconds, bytes, the stop flag). A level with more goals than boxes has no
// joint bound: `error` says so.
inline JointBound box_group_joint_bound(const Level& level, const std::vector<std::pair<int, int>>& squares,
                                        const Limits& limits, std::string& error) {
  LimitGuard guard(limits);
  JointBound out;
  const Board board(level);
  const std::vector<std::uint16_t> cells = detail::group_cells(board, squares, error);
  if (!error.empty()) return out;
  with_cell_set_for(board.cell_count(), [&]<class Set>(Set) {
    BasicJointBound<Set> joint(board);
    if (!joint.usable()) {
      error = "the joint bound needs as many boxes as goals";
      return;
    }
    const BasicSokobanDomain<Set> whole(board);
    const auto start = whole.initial_state();
    if (is_dead_end(start.h)) {
      out.exact = out.dead = true;
      return;
    }
    Set group;
    for (const std::uint16_t c : cells) group.set(c);
    out = joint.bound(start, group, [&](std::uint64_t expanded) {
      return guard.should_stop(expanded) || guard.over_memory(joint.bytes());
    });
  });
  return out;
}

}  // namespace hsearch::sokoban
