#pragma once
// The push lower bound of a state: the minimum-cost perfect matching of boxes to goals
// (Hungarian method, hungarian.hpp) over pusher-aware push distances — each box's costs are
// counted from the side of the box the player can get to (Board::distance_with_player). Once
// boxes are frozen on goals (freeze.hpp), the distances are those of the board where the
// frozen boxes are walls (frozen_goals.hpp), which only raise the bound and stay admissible.
// No perfect matching means no solution: the bound is then dead_end.
//
// Why the matching is kept in the state and warm-started: a push changes only the pushed box's
// row of costs — every other box keeps its player side (Board::player_side) — so one
// augmentation (Assignment's reassign_row) restores the optimum exactly, instead of solving
// the matching afresh. A push that freezes boxes on goals changes the whole table: then the
// matching is solved afresh.
#include <cstddef>
#include <cstdint>
#include <memory>

#include "hsearch/core/cost.hpp"
#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/cell_set.hpp"
#include "hsearch/sokoban/freeze.hpp"
#include "hsearch/sokoban/frozen_goals.hpp"
#include "hsearch/sokoban/hungarian.hpp"
#include "hsearch/sokoban/push_state.hpp"

namespace hsearch::sokoban {

// Cost of a box-goal pair with no push path: larger than any real total.
inline constexpr std::int32_t kNoPushPathCost = 1 << 20;

// One row of a matching's costs read from a box's push distances (kUnreachable costs
// kNoPushPathCost; no distances: a dummy row, all zeros), for the cost functions' row(i)
// (hungarian.hpp), which finds the row once per augmentation step.
struct PushDistanceRow {
  const std::uint16_t* distances = nullptr;
  std::int32_t operator[](int col) const {
    if (distances == nullptr) return 0;
    const std::uint16_t d = distances[col];
    return d == kUnreachable ? kNoPushPathCost : static_cast<std::int32_t>(d);
  }
};

// Set: the cell-set width of the states (cell_set.hpp).
template <class Set>
class BasicPushMatching {
 public:
  using PushState = BasicPushState<Set>;

  // `boxes`: how many boxes the states have (the matching's size is the number of goals).
  BasicPushMatching(const Board& board, int boxes)
      : board_(&board),
        boxes_(boxes),
        size_(static_cast<int>(board.goals().size())),
        frozen_tables_(std::make_shared<BasicFrozenGoalTables<Set>>(board)) {}

  // Distances that treat boxes frozen on goals as walls: on by default.
  void set_frozen_goal_distances(bool on) { use_frozen_goals_ = on; }
  // The frozen-goal tables' memory budget (BasicFrozenGoalTables), and what they hold now.
  void set_frozen_goal_bytes(std::size_t max_bytes) { frozen_tables_->set_max_bytes(max_bytes); }
  std::size_t frozen_goal_bytes() const { return frozen_tables_->bytes(); }

  // Each box's player side (Board::player_side), from the normalised player.
  void set_box_sides(PushState& s) const {
    for (int i = 0; i < boxes_; ++i) {
      const std::size_t b = static_cast<std::size_t>(i);
      s.box_side[b] = static_cast<std::int8_t>(board_->player_side(s.box_cell[b], s.player));
    }
  }

  // The board's own distances (what a state reads before anything is frozen).
  const std::uint16_t* plain_distances() const { return board_->distances_from_side(0, 0); }

  // The frozen boxes of a state built from scratch: none when the frozen-goal distances are
  // off. (A frozen box off its goal makes the state a dead end before this is asked.)
  Set frozen_on_goals(const Set& boxes) const {
    return use_frozen_goals_ ? frozen_boxes(*board_, boxes) : Set{};
  }

  // Whether the states get a matching at all (on by default). Off, a state keeps its
  // distances (what goal_costs reads) and value() is 0: for a sub-search that bounds its states
  // by a matching of its own (joint_bound.hpp) and would pay for this one at every push.
  void set_assignments(bool on) { assignments_ = on; }

  // The matching from scratch, for s.frozen: its distances, then the Hungarian method.
  void solve(PushState& s) const {
    set_distances(s);
    if (assignments_) solve_assignment(s.match, size_, cost_fn(s));
  }

  // After the push that moved box `row` onto `to`, with `frozen` the frozen boxes around it
  // (freeze.hpp's frozen_cluster, all on goals): the warm start, or a fresh matching when the
  // push froze boxes on goals.
  void after_push(PushState& s, int row, std::uint16_t to, const Set& frozen) const {
    if (use_frozen_goals_ && frozen.test(to)) {
      s.frozen |= frozen;
      solve(s);
    } else if (assignments_) {
      reassign_row(s.match, size_, row, cost_fn(s));
    }
  }

  // The matching's total, or dead_end when some box has no goal left (0 without assignments).
  PushCost value(const PushState& s) const {
    if (!assignments_) return 0;
    const std::int64_t total = assignment_cost(s.match, size_, cost_fn(s));
    return total >= kNoPushPathCost ? dead_end<PushCost>() : static_cast<PushCost>(total);
  }

  // Every goal must receive a box (as many boxes as goals): the dead-end and corral tests need
  // to know whether an empty goal can be left empty.
  bool every_goal_needed() const { return boxes_ == size_; }

 private:
  // The matching's cost of box `row` to goal `col`; rows past the boxes are dummies of cost 0
  // (more goals than boxes).
  struct CostFn {
    const BasicPushMatching* matching;
    const PushState* state;
    std::int32_t operator()(int row, int col) const { return this->row(row)[col]; }
    PushDistanceRow row(int row) const {
      if (row >= matching->boxes_) return {};
      return {state->goal_costs(static_cast<std::size_t>(row), static_cast<std::size_t>(matching->size_))};
    }
  };
  CostFn cost_fn(const PushState& s) const { return CostFn{this, &s}; }

  // s.dist for s.frozen: the board's own distances when nothing is frozen (or when the tables'
  // memory budget is spent — weaker, still admissible).
  void set_distances(PushState& s) const {
    const std::uint16_t* table = s.frozen.any() ? frozen_tables_->distances(s.frozen) : nullptr;
    s.dist = table != nullptr ? table : plain_distances();
  }

  const Board* board_;
  int boxes_;
  int size_;  // the matching's size: the number of goals (>= boxes)
  bool use_frozen_goals_ = true;
  bool assignments_ = true;
  // Shared by copies (the states' `dist` point into it): same thread only.
  std::shared_ptr<BasicFrozenGoalTables<Set>> frozen_tables_;
};

using PushMatching = BasicPushMatching<CellSet>;

}  // namespace hsearch::sokoban
