#pragma once
// The push cost of a group of a level's boxes alone: the other boxes taken off the board, the
// player where the level puts him, solved when each box of the group stands on a goal (any
// goals). It is the sub-problem pattern search solves (pattern_search.hpp), asked for one
// group by hand: its cost c(P) against the matching M(P) is the group's penalty, and the sum
// c(P) + M(rest) is what a pattern adds to the bound (penalty_table.hpp). Removing boxes
// never makes a level harder, so c(P) is at most the pushes P's boxes take in any solution of
// the whole level.
//
// The joint bound keeps the other boxes in the count. Any solution of the level brings P's
// boxes onto some set of goals G, in at least c(P -> G) pushes (P alone), and the rest onto
// the other goals, in at least their matching onto those goals, M_rest(goals \ G) (the push
// distances of the walls alone, the player anywhere). The two kinds of pushes are disjoint, so
//   pushes >= B(P) = min over G of [c(P -> G) + M_rest(goals \ G)].
// c(P) + M(rest) lets the rest take the goals P needs; B(P) does not. It is found by A* on P
// alone where a state costs the pushes made plus the joint matching of P's boxes where they
// stand and the rest's where they stand (a lower bound on what is left: the rest's boxes and
// P's share the goals), and a state with P's boxes on goals G may stop, for M_rest(goals \ G)
// more. The first stop taken off the open list is B(P); when the limits stop the search, the
// smallest f on the open list is a lower bound on it.
#include <algorithm>
#include <cstdint>
#include <queue>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "hsearch/core/cost.hpp"
#include "hsearch/core/limits.hpp"
#include "hsearch/core/result.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/cell_set.hpp"
#include "hsearch/sokoban/hungarian.hpp"
#include "hsearch/sokoban/level.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"

namespace hsearch::sokoban {

struct BoxGroupCost {
  std::string error;   // not empty: a square that holds no box of the level (nothing searched)
  int matching = 0;    // the group's bound at the start (the matching onto any goals; -1: dead)
  Result<Push, int> result;  // A* on the group alone: its cost, or the bound the limits left
};

struct JointBound {
  int start = 0;       // the joint matching of all the boxes at the start
  int bound = 0;       // B(P) when `exact`, else a lower bound on it
  bool exact = false;  // the search finished
  bool dead = false;   // the group alone reaches no set of goals: no solution of the level
  std::uint64_t expanded = 0;
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

// B(P) for the group on `squares` (see the top of this file), within `limits` (expansions,
// seconds, bytes of states kept, the stop flag). A level with more goals than boxes has no
// joint bound here: `error` says so. A tool, not a search of the solver: it allocates per
// state.
inline JointBound box_group_joint_bound(const Level& level, const std::vector<std::pair<int, int>>& squares,
                                        const Limits& limits, std::string& error) {
  LimitGuard guard(limits);
  JointBound out;
  const Board board(level);
  const std::vector<std::uint16_t> cells = detail::group_cells(board, squares, error);
  if (!error.empty()) return out;
  const int goals = static_cast<int>(board.goals().size());
  if (static_cast<int>(board.initial_boxes().size()) != goals) {
    error = "the joint bound needs as many boxes as goals";
    return out;
  }
  std::vector<std::uint16_t> rest;
  for (const std::uint16_t b : board.initial_boxes()) {
    bool in_group = false;
    for (const std::uint16_t c : cells) in_group = in_group || c == b;
    if (!in_group) rest.push_back(b);
  }
  // Pushes from a square to a goal with the walls alone, the player on whichever side.
  constexpr int kFar = 1 << 20;
  auto distance = [&](int cell, int goal) {
    int best = kFar;
    for (int d = 0; d < 4; ++d) {
      const int x = board.distance_from_side(goal, cell, d);
      if (x != kUnreachable) best = std::min(best, x);
    }
    return best;
  };
  auto matching = [&](const std::vector<int>& boxes, const std::vector<int>& goal_ids) {
    Assignment<kMaxBoxes> a;
    const int n = static_cast<int>(boxes.size());
    auto cost = [&](int i, int j) {
      return distance(boxes[static_cast<std::size_t>(i)], goal_ids[static_cast<std::size_t>(j)]);
    };
    solve_assignment<kMaxBoxes>(a, n, cost);
    return static_cast<int>(std::min<std::int64_t>(assignment_cost<kMaxBoxes>(a, n, cost), kFar));
  };
  std::vector<int> every_goal;
  for (int g = 0; g < goals; ++g) every_goal.push_back(g);
  with_cell_set_for(board.cell_count(), [&]<class Set>(Set) {
    using Domain = BasicSokobanDomain<Set>;
    using State = typename Domain::State;
    Domain group(board, cells.data(), static_cast<int>(cells.size()), board.initial_player());
    const int n = static_cast<int>(cells.size());
    auto joint = [&](const State& s) {
      std::vector<int> boxes(rest.begin(), rest.end());
      for (int i = 0; i < n; ++i) boxes.push_back(s.box_cell[static_cast<std::size_t>(i)]);
      return matching(boxes, every_goal);
    };
    auto stop_cost = [&](const State& s) {
      std::vector<int> free_goals;
      for (int g = 0; g < goals; ++g)
        if (!s.boxes.test(board.goals()[static_cast<std::size_t>(g)])) free_goals.push_back(g);
      return matching(std::vector<int>(rest.begin(), rest.end()), free_goals);
    };
    struct Open {
      int f, g;
      std::uint32_t state;
      bool stop;  // the step that ends with P's boxes where they stand
    };
    auto later = [](const Open& a, const Open& b) { return a.f != b.f ? a.f > b.f : a.g < b.g; };
    std::priority_queue<Open, std::vector<Open>, decltype(later)> open(later);
    std::vector<State> states;
    std::unordered_map<std::uint64_t, std::vector<std::pair<typename Domain::Key, int>>> best_g;
    auto improves = [&](const State& s, int g) {  // records g when it is the fewest pushes yet
      for (auto& [key, seen] : best_g[s.hash]) {
        if (key == key_of(s)) {
          if (seen <= g) return false;
          seen = g;
          return true;
        }
      }
      best_g[s.hash].emplace_back(key_of(s), g);
      return true;
    };
    const State start = group.initial_state();
    out.start = joint(start);
    out.bound = out.start;
    if (is_dead_end(start.h)) {
      out.exact = out.dead = true;
      return;
    }
    states.push_back(start);
    improves(start, 0);
    open.push({out.start, 0, 0, false});
    while (!open.empty()) {
      const Open top = open.top();
      open.pop();
      out.bound = std::max(out.bound, top.f);
      if (top.stop) {
        out.exact = true;
        return;
      }
      const State s = states[top.state];
      bool current = false;
      for (const auto& [key, seen] : best_g[s.hash]) current = current || (key == key_of(s) && seen == top.g);
      if (!current) continue;
      if (guard.should_stop(out.expanded) || guard.over_memory(states.size() * sizeof(State))) return;
      ++out.expanded;
      if (group.is_goal(s)) open.push({top.g + stop_cost(s), top.g, top.state, true});
      group.for_each_move(s, [&](const auto& m) {
        State t = s;
        group.apply(t, m);
        if (is_dead_end(t.h) || !improves(t, top.g + 1)) return;
        states.push_back(t);
        open.push({top.g + 1 + joint(t), top.g + 1, static_cast<std::uint32_t>(states.size() - 1), false});
      });
    }
    out.exact = out.dead = true;  // nothing left: no set of goals is reachable
  });
  return out;
}

}  // namespace hsearch::sokoban
