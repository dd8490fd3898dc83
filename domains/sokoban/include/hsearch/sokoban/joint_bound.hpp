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
// they grow (the graph of the P-only states its sub-searches have reached, dropped past
// 64 MB, and the largest sub-search so far) and once per group size (its P-only domain).
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
    size_ = goals_ - rest_;
    Domain& domain = domain_for(size_);
    if (graph_bytes() > kGraphBytes) clear_graph();
    if (++stamp_ == 0) {  // (after 2^32 calls: no vertex may look reached in this one)
      for (Vertex& v : graph_) v.stamp = 0;
      stamp_ = 1;
    }
    nodes_.clear();
    open_.clear();
    Node first;
    first.vertex = vertex_of(BasicPushKey<Set>{group, s.player}, domain);
    first.g = 0;
    warm_start(s, first);
    if (!add(first, out.start)) {
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
      const Node parent = nodes_[top.node];
      if (!graph_[parent.vertex].expanded) expand(parent.vertex, domain);
      const Sub& from = graph_[parent.vertex].sub;
      if (from.boxes.subset_of(board_->goal_set())) {
        push({top.g + rest_onto_free_goals(from), top.g, top.node, true});
      }
      const Vertex& v = graph_[parent.vertex];
      for (std::uint32_t e = v.first_edge; e < v.first_edge + v.edges; ++e) {
        Node child;
        child.vertex = edges_[e];
        child.g = parent.g + 1;
        child.joint = parent.joint;
        after_push(from, graph_[child.vertex].sub, child.joint);
        int estimate = 0;
        add(child, estimate);
      }
    }
    out.exact = out.dead = true;  // nothing left to expand and no stop: no goal set takes P
    return out;
  }

  // The P-only domains' memory and this object's tables.
  std::size_t bytes() const {
    std::size_t total = nodes_.capacity() * sizeof(Node) + open_.capacity() * sizeof(Open) +
                        columns_.capacity() * sizeof(int) + graph_bytes();
    for (const auto& d : domains_) total += d ? sizeof(Domain) + d->held_bytes() : 0;
    return total;
  }

 private:
  static constexpr std::uint32_t kEmpty = ~std::uint32_t{0};
  static constexpr std::int32_t kFar = kNoPushPathCost;
  // The sub-state graph's memory; beyond it, the graph starts again empty.
  static constexpr std::size_t kGraphBytes = std::size_t{64} << 20;

  // A P-only state as the graph keeps it: what the sub-search and the P-only domain's moves
  // read, without the whole-level matching the P-only domain does not keep (a third of a
  // State's size).
  struct Sub {
    Set boxes, reach, frozen;
    const std::uint16_t* dist = nullptr;
    std::uint64_t hash = 0;
    std::uint16_t player = kNoCell;
    std::uint8_t last_box = kNoLastBox, last_dir = 0;
    std::array<std::uint16_t, kMaxBoxes> box_cell{};
    std::array<std::int8_t, kMaxBoxes> box_side{};
    const std::uint16_t* goal_costs(std::size_t b, std::size_t goal_count) const {
      return dist + (static_cast<std::size_t>(box_cell[b]) * 4 + static_cast<std::size_t>(box_side[b])) * goal_count;
    }
  };
  // The sub-searches' moves depend on P's boxes and the player alone, not on R, so every
  // sub-search of a level shares one graph of the P-only states: a vertex's children are
  // generated once (the pushes, their deadlock tests and the player's flood, most of a
  // sub-search's time) and read by every later sub-search that reaches it.
  struct Vertex {
    Sub sub;
    std::uint32_t first_edge = 0;  // its children in edges_, once expanded
    std::uint16_t edges = 0;
    bool expanded = false;
    std::uint32_t stamp = 0;  // the bound() call that reached it last, and its node there
    std::uint32_t node = 0;
  };
  struct Node {
    std::uint32_t vertex = 0;
    int g = 0;
    Assignment<kMaxBoxes> joint;  // R's rows first, then P's in the vertex's box order
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
  // (kFar is kNoPushPathCost, PushDistanceRow's cost of an unreachable goal.)
  struct JointCost {
    const BasicJointBound* joint;
    const Sub* t;
    PushDistanceRow row(int row) const {
      if (row < joint->rest_) return {joint->rest_costs_[static_cast<std::size_t>(row)]};
      return {t->goal_costs(static_cast<std::size_t>(row - joint->rest_), static_cast<std::size_t>(joint->goals_))};
    }
    std::int32_t operator()(int row, int col) const { return this->row(row)[col]; }
  };
  JointCost cost_fn(const Sub& t) const { return JointCost{this, &t}; }

  // What a Sub keeps of a State, copied either way (State and Sub name the fields alike): a
  // vertex made from a state, or the state the P-only domain's moves take from a vertex (its
  // matching left as it is: the P-only domain keeps none).
  template <class From, class To>
  static void copy_sub(const From& from, To& to, int size) {
    to.boxes = from.boxes;
    to.reach = from.reach;
    to.frozen = from.frozen;
    to.dist = from.dist;
    to.hash = from.hash;
    to.player = from.player;
    to.last_box = from.last_box;
    to.last_dir = from.last_dir;
    for (std::size_t b = 0; b < static_cast<std::size_t>(size); ++b) {
      to.box_cell[b] = from.box_cell[b];
      to.box_side[b] = from.box_side[b];
    }
  }

  // Generates vertex v's children once: each push's child that is not a dead end becomes an
  // edge to its vertex (a new one if the graph has not seen its state).
  void expand(std::uint32_t v, Domain& domain) {
    copy_sub(graph_[v].sub, work_, size_);
    work_.h = 0;
    const auto first_edge = static_cast<std::uint32_t>(edges_.size());
    domain.for_each_move(work_, [&](const auto& m) {
      child_ = work_;
      domain.apply(child_, m);
      if (is_dead_end(child_.h)) return;
      const std::uint32_t c = intern(child_);
      edges_.push_back(c);
    });
    Vertex& vertex = graph_[v];  // (interning may move the vertices)
    vertex.first_edge = first_edge;
    vertex.edges = static_cast<std::uint16_t>(edges_.size() - first_edge);
    vertex.expanded = true;
  }

  // The joint matching of `to`, reached from `from` by one push, from `from`'s: P's rows taken
  // to `to`'s box order (a vertex keeps the order of the first path that reached it), then the
  // pushed box's row re-solved. From scratch when the push froze boxes, or when a box that did
  // not move reads other distances in `to` (its player side came from another path): only
  // the pushed box's costs may differ for the one-row repair to stay optimal.
  void after_push(const Sub& from, const Sub& to, Assignment<kMaxBoxes>& joint) const {
    if (to.dist != from.dist) {
      solve_assignment(joint, goals_, cost_fn(to));
      return;
    }
    const Assignment<kMaxBoxes> before = joint;
    int pushed = -1;
    for (int r = 0; r < size_; ++r) {
      const std::size_t row = static_cast<std::size_t>(r);
      int was = -1;
      for (int q = 0; q < size_; ++q) {
        if (from.box_cell[static_cast<std::size_t>(q)] == to.box_cell[row]) was = q;
      }
      if (was < 0) {
        pushed = r;
        // The pushed box's row was the one of `from`'s boxes that `to` no longer holds.
        for (int q = 0; q < size_; ++q) {
          if (!to.boxes.test(from.box_cell[static_cast<std::size_t>(q)])) was = q;
        }
      } else if (from.box_side[static_cast<std::size_t>(was)] != to.box_side[row]) {
        solve_assignment(joint, goals_, cost_fn(to));
        return;
      }
      const std::size_t old_row = static_cast<std::size_t>(rest_ + was), new_row = static_cast<std::size_t>(rest_ + r);
      joint.u[new_row] = before.u[old_row];
      joint.col_of_row[new_row] = before.col_of_row[old_row];
      joint.row_of_col[before.col_of_row[old_row]] = static_cast<std::uint8_t>(new_row);
    }
    reassign_row(joint, goals_, rest_ + pushed, cost_fn(to));
  }

  // Keeps `node` unless its vertex was reached before in this call in no more pushes, and
  // queues it; its f in `estimate`. False when no goal set can be reached from it.
  bool add(const Node& node, int& estimate) {
    const std::int64_t h = assignment_cost(node.joint, goals_, cost_fn(graph_[node.vertex].sub));
    if (h >= kFar) return false;
    estimate = node.g + static_cast<int>(h);
    Vertex& v = graph_[node.vertex];
    if (v.stamp == stamp_) {
      Node& seen = nodes_[v.node];
      if (seen.g <= node.g) return true;
      seen = node;
      push({estimate, seen.g, v.node, false});
      return true;
    }
    v.stamp = stamp_;
    v.node = static_cast<std::uint32_t>(nodes_.size());
    nodes_.push_back(node);
    push({estimate, node.g, v.node, false});
    return true;
  }

  // The sub-search's first joint matching from s's own: the same rows in the joint's order (R's
  // first, as they are in s, then P's in the vertex's order), and P's rows re-inserted, as
  // P alone may have fewer boxes frozen on goals and so shorter distances. |P| augmentations
  // instead of a matching from scratch.
  void warm_start(const State& s, Node& first) const {
    const Sub& t = graph_[first.vertex].sub;
    std::array<std::uint8_t, kMaxBoxes> row_of_box{};  // s's box number -> the joint's row
    int r = 0;
    for (int i = 0; i < goals_; ++i) {
      const std::size_t b = static_cast<std::size_t>(i);
      if (t.boxes.test(s.box_cell[b])) {
        for (int k = 0; k < size_; ++k) {
          if (t.box_cell[static_cast<std::size_t>(k)] == s.box_cell[b]) row_of_box[b] = static_cast<std::uint8_t>(rest_ + k);
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
    for (int row = rest_; row < goals_; ++row) reassign_row(a, goals_, row, cost_fn(t));
  }

  // The vertex of the P-only state with key k, made from the key (a flood and the P-only
  // domain's distances) when the graph does not hold it yet.
  std::uint32_t vertex_of(const BasicPushKey<Set>& k, Domain& domain) {
    const std::uint32_t* slot = find(state_hash(*board_, k.boxes, k.player), k.boxes, k.player);
    if (slot != nullptr && *slot != kEmpty) return *slot;
    return intern(domain.unpack(k));
  }

  // The vertex of state t (made when the graph does not hold it yet).
  std::uint32_t intern(const State& t) {
    if (2 * (graph_.size() + 1) > index_.size()) grow_index();
    std::uint32_t* slot = find(t.hash, t.boxes, t.player);
    if (*slot != kEmpty) return *slot;
    *slot = static_cast<std::uint32_t>(graph_.size());
    graph_.push_back(Vertex{});
    copy_sub(t, graph_.back().sub, size_);
    return *slot;
  }

  // The index slot of the state (boxes, player): the vertex that holds it, or the empty slot
  // where it goes (nullptr only while the index is empty).
  std::uint32_t* find(std::uint64_t hash, const Set& boxes, std::uint16_t player) {
    if (index_.empty()) return nullptr;
    const std::size_t mask = index_.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
      std::uint32_t& slot = index_[i];
      if (slot == kEmpty) return &slot;
      const Sub& t = graph_[slot].sub;
      if (t.player == player && t.boxes == boxes) return &slot;
    }
  }

  void grow_index() {
    index_.assign(std::max<std::size_t>(1024, index_.size() * 2), kEmpty);
    for (std::uint32_t v = 0; v < graph_.size(); ++v) {
      *find(graph_[v].sub.hash, graph_[v].sub.boxes, graph_[v].sub.player) = v;
    }
  }

  std::size_t graph_bytes() const {
    return graph_.capacity() * sizeof(Vertex) + edges_.capacity() * sizeof(std::uint32_t) +
           index_.capacity() * sizeof(std::uint32_t);
  }

  // Drops the graph (its memory too) once it has outgrown kGraphBytes.
  void clear_graph() {
    std::vector<Vertex>().swap(graph_);
    std::vector<std::uint32_t>().swap(edges_);
    std::vector<std::uint32_t>().swap(index_);
  }

  void push(const Open& o) {
    open_.push_back(o);
    std::push_heap(open_.begin(), open_.end(), Later{});
  }

  // M_R(goals \ G), G the goals under t's boxes.
  int rest_onto_free_goals(const Sub& t) {
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
  int size_ = 0;  // |P|
  std::array<const std::uint16_t*, kMaxBoxes> rest_costs_{};  // R's rows of S's distances
  std::vector<std::unique_ptr<Domain>> domains_;            // the P-only domain by group size
  std::vector<Vertex> graph_;  // every P-only state the sub-searches have reached
  std::vector<std::uint32_t> edges_;  // the expanded vertices' children
  std::vector<std::uint32_t> index_;  // open addressing on the vertices' hashes
  std::uint32_t stamp_ = 0;  // this bound() call's number (Vertex::stamp)
  std::vector<Node> nodes_;
  std::vector<Open> open_;  // a heap (Later)
  State work_, child_;      // the vertex being expanded, and its child being made
  std::vector<int> columns_;
};

}  // namespace hsearch::sokoban
