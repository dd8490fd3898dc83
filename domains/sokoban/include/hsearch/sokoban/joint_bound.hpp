#pragma once
// The joint bound of a group P of a state's boxes: a lower bound on the pushes that solve the
// state which keeps the other boxes R in the count while P is solved exactly.
//
// Any solution of a state S brings P's boxes onto some set of goals G and R's boxes onto the
// other goals. P's pushes number at least c(P -> G), the fewest pushes that bring P alone
// (R taken off the board, S's player) onto G: removing boxes never makes pushes illegal (the
// replay argument of penalty_table.hpp). R's pushes number at least M_R(goals \ G), R's
// minimum-cost matching onto the other goals under S's own push distances (each box's from
// the side class the player is in, boxes frozen on goals as walls: neither changes while the
// box stays put, and a frozen box never moves). The two kinds of pushes are disjoint, so
//     pushes >= B(P, S) = min over G of [ c(P -> G) + M_R(goals \ G) ].
// The penalty table's sum c(P) + M(R) lets R take the goals P needs; B(P, S) does not.
//
// B(P, S) is found by A* on P alone. A sub-state t costs the pushes made plus the joint
// matching of P's boxes where they stand (their distances in the P-only board) and R's where
// they stand in S: a lower bound on what is left (P and R share the goals). A sub-state
// with P's boxes on goals G may stop, for M_R(goals \ G) more. The first stop taken off the
// open list is B(P, S). When the node limit stops the search first, the largest f taken off
// the open list so far is still a lower bound on it (each was the open list's smallest f, and
// some state of an optimal way to a stop was on the list). With no stop reachable at all, no
// set of goals can take P's boxes: S is a dead end.
//
// The sub-search's moves are the P-only domain's (sokoban_domain.hpp): its dead-end tests and
// PI-corral cuts hold whichever goals P ends on (an ordinary solution of P keeps its final
// boxes under them), so c(P -> G) is kept for every G. It needs as many boxes as goals (R's
// matching onto the goals P leaves is then square).
//
// One object per thread: it reuses its tables from call to call, and allocates only while
// they grow (the largest sub-search so far) and once per group size (its P-only domain).
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "hsearch/core/cost.hpp"
#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/cell_set.hpp"
#include "hsearch/sokoban/hungarian.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"

namespace hsearch::sokoban {

struct JointBound {
  int start = 0;       // the joint matching at S itself
  int bound = 0;       // B(P, S) when `exact`, else a lower bound on it
  bool exact = false;  // the sub-search reached its first stop
  bool dead = false;   // no set of goals takes P's boxes: S has no solution
  std::uint64_t expanded = 0;
};

template <class Set>
class BasicJointBound {
 public:
  using Domain = BasicSokobanDomain<Set>;
  using State = typename Domain::State;

  explicit BasicJointBound(const Board& board)
      : board_(&board), goals_(static_cast<int>(board.goals().size())), domains_(kMaxBoxes + 1) {}

  // Whether the level has as many boxes as goals (otherwise there is no joint bound here).
  bool usable() const { return static_cast<int>(board_->initial_boxes().size()) == goals_; }

  // B(P, s) for P = `group`, a non-empty subset of s's boxes, s a state of the
  // whole level from a BasicSokobanDomain on the same board. `stop(expanded)` is asked before
  // each expansion; true ends the search with a lower bound.
  template <class Stop>
  JointBound bound(const State& s, const Set& group, Stop&& stop) {
    JointBound out;
    rest_ = 0;
    for (int i = 0; i < goals_; ++i) {
      const std::size_t b = static_cast<std::size_t>(i);
      if (group.test(s.box_cell[b])) continue;
      rest_costs_[static_cast<std::size_t>(rest_++)] = s.goal_costs(b, static_cast<std::size_t>(goals_));
    }
    const int size = goals_ - rest_;
    Domain& domain = domain_for(size);
    nodes_.clear();
    open_.clear();
    index_.assign(64, kEmpty);
    Node first;
    first.state = domain.unpack(BasicPushKey<Set>{group, s.player});
    first.g = 0;
    warm_start(s, first);
    if (!add(std::move(first), out.start)) {
      out.exact = out.dead = true;
      return out;
    }
    out.bound = out.start;
    while (!open_.empty()) {
      std::pop_heap(open_.begin(), open_.end(), Later{});
      const Open top = open_.back();
      open_.pop_back();
      out.bound = std::max(out.bound, top.f);
      if (top.stop) {
        out.exact = true;
        return out;
      }
      if (nodes_[top.node].g != top.g) continue;  // reached again in fewer pushes since
      if (stop(out.expanded)) return out;
      ++out.expanded;
      // (a copy: adding children may move the nodes)
      parent_ = nodes_[top.node];
      if (domain.is_goal(parent_.state)) push({top.g + rest_onto_free_goals(parent_.state), top.g, top.node, true});
      domain.for_each_move(parent_.state, [&](const auto& m) {
        Node child;
        child.state = parent_.state;
        domain.apply(child.state, m);
        if (is_dead_end(child.state.h)) return;
        child.g = parent_.g + 1;
        child.joint = parent_.joint;
        if (child.state.dist != parent_.state.dist) {
          solve_assignment(child.joint, goals_, cost_fn(child.state));  // the push froze boxes
        } else {
          reassign_row(child.joint, goals_, rest_ + child.state.last_box, cost_fn(child.state));
        }
        int estimate = 0;
        add(std::move(child), estimate);
      });
    }
    out.exact = out.dead = true;  // nothing left to expand and no stop: no goal set takes P
    return out;
  }

  // The P-only domains' memory and this object's tables.
  std::size_t bytes() const {
    std::size_t total = nodes_.capacity() * sizeof(Node) + index_.capacity() * sizeof(std::uint32_t) +
                        open_.capacity() * sizeof(Open) + columns_.capacity() * sizeof(int);
    for (const auto& d : domains_) total += d ? sizeof(Domain) + d->held_bytes() : 0;
    return total;
  }

 private:
  static constexpr std::uint32_t kEmpty = ~std::uint32_t{0};
  static constexpr std::int32_t kFar = kNoPushPathCost;

  struct Node {
    State state;
    Assignment<kMaxBoxes> joint;  // R's rows first, then P's in the state's box order
    int g = 0;
  };
  struct Open {
    int f, g;
    std::uint32_t node;
    bool stop;  // the step that ends with P's boxes where they stand
  };
  struct Later {
    bool operator()(const Open& a, const Open& b) const { return a.f != b.f ? a.f > b.f : a.g < b.g; }
  };

  // The joint matching's costs at sub-state t: R's rows from S, P's from t.
  auto cost_fn(const State& t) const {
    return [this, &t](int row, int col) -> std::int32_t {
      const std::uint16_t d = row < rest_ ? rest_costs_[static_cast<std::size_t>(row)][col]
                                          : t.goal_costs(static_cast<std::size_t>(row - rest_),
                                                         static_cast<std::size_t>(goals_))[col];
      return d == kUnreachable ? kFar : static_cast<std::int32_t>(d);
    };
  }

  // Keeps `node` unless it was reached before in no more pushes, and queues it; its f in
  // `estimate`. False when no goal set can be reached from it.
  bool add(Node&& node, int& estimate) {
    const std::int64_t h = assignment_cost(node.joint, goals_, cost_fn(node.state));
    if (h >= kFar || is_dead_end(node.state.h)) return false;
    estimate = node.g + static_cast<int>(h);
    std::uint32_t& slot = find(node.state);
    if (slot != kEmpty) {
      Node& seen = nodes_[slot];
      if (seen.g <= node.g) return true;
      seen = std::move(node);
      push({estimate, seen.g, slot, false});
      return true;
    }
    slot = static_cast<std::uint32_t>(nodes_.size());
    nodes_.push_back(std::move(node));
    push({estimate, nodes_.back().g, slot, false});
    if (2 * nodes_.size() > index_.size()) grow_index();
    return true;
  }

  // The sub-search's first joint matching from s's own: the same rows in the joint's order (R's
  // first, as they are in s, then P's in the sub-state's order), and P's rows re-inserted, as
  // P alone may have fewer boxes frozen on goals and so shorter distances. |P| augmentations
  // instead of a matching from scratch.
  void warm_start(const State& s, Node& first) const {
    std::array<std::uint8_t, kMaxBoxes> row_of_box{};  // s's box number -> the joint's row
    int r = 0;
    for (int i = 0; i < goals_; ++i) {
      const std::size_t b = static_cast<std::size_t>(i);
      if (first.state.boxes.test(s.box_cell[b])) {
        for (int k = 0; k < goals_ - rest_; ++k) {
          if (first.state.box_cell[static_cast<std::size_t>(k)] == s.box_cell[b]) row_of_box[b] = static_cast<std::uint8_t>(rest_ + k);
        }
      } else {
        row_of_box[b] = static_cast<std::uint8_t>(r++);
      }
    }
    Assignment<kMaxBoxes>& a = first.joint;
    a.v = s.match.v;
    for (int i = 0; i < goals_; ++i) {
      const std::size_t b = static_cast<std::size_t>(i);
      const std::size_t row = row_of_box[b];
      a.u[row] = s.match.u[b];
      a.col_of_row[row] = s.match.col_of_row[b];
      a.row_of_col[s.match.col_of_row[b]] = static_cast<std::uint8_t>(row);
    }
    for (int row = rest_; row < goals_; ++row) reassign_row(a, goals_, row, cost_fn(first.state));
  }

  // The index slot of t's key: the node that holds it, or the empty slot where it goes.
  std::uint32_t& find(const State& t) {
    const std::size_t mask = index_.size() - 1;
    for (std::size_t i = t.hash & mask;; i = (i + 1) & mask) {
      std::uint32_t& slot = index_[i];
      if (slot == kEmpty || nodes_[slot].state == t) return slot;
    }
  }

  void grow_index() {
    index_.assign(index_.size() * 2, kEmpty);
    for (std::uint32_t n = 0; n < nodes_.size(); ++n) find(nodes_[n].state) = n;
  }

  void push(const Open& o) {
    open_.push_back(o);
    std::push_heap(open_.begin(), open_.end(), Later{});
  }

  // M_R(goals \ G), G the goals under t's boxes.
  int rest_onto_free_goals(const State& t) {
    columns_.clear();
    for (int g = 0; g < goals_; ++g) {
      if (!t.boxes.test(board_->goals()[static_cast<std::size_t>(g)])) columns_.push_back(g);
    }
    auto cost = [&](int row, int col) -> std::int32_t {
      const std::uint16_t d = rest_costs_[static_cast<std::size_t>(row)][columns_[static_cast<std::size_t>(col)]];
      return d == kUnreachable ? kFar : static_cast<std::int32_t>(d);
    };
    Assignment<kMaxBoxes> a;
    solve_assignment(a, rest_, cost);
    return static_cast<int>(std::min<std::int64_t>(assignment_cost(a, rest_, cost), kFar));
  }

  Domain& domain_for(int size) {
    auto& d = domains_[static_cast<std::size_t>(size)];
    if (!d) {
      // Its start is never used: states are made from keys (unpack).
      d = std::make_unique<Domain>(*board_, board_->initial_boxes().data(), size, board_->initial_player());
      d->set_frozen_goal_bytes(std::size_t{16} << 20);
      d->set_matching(false);  // (the joint matching bounds its states)
    }
    return *d;
  }

  const Board* board_;
  int goals_;
  int rest_ = 0;
  std::array<const std::uint16_t*, kMaxBoxes> rest_costs_{};  // R's rows of S's distances
  std::vector<std::unique_ptr<Domain>> domains_;            // the P-only domain by group size
  std::vector<Node> nodes_;
  std::vector<std::uint32_t> index_;  // open addressing on the states' hashes
  std::vector<Open> open_;  // a heap (Later)
  Node parent_;             // the node being expanded
  std::vector<int> columns_;
};

}  // namespace hsearch::sokoban
