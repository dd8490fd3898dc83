#pragma once
// Feature-space search, for a first solution of problems a best-first search on a distance
// bound gets lost in (after Shoham and Schaeffer's FESS, 2020).
//
// - The domain's features project each state onto a cell of a small feature space (for a
//   puzzle: how much of the goal is built, how the free space is cut up, ...). The features
//   say where a state stands; they need not estimate a distance.
// - Each move has a weight: 0 for a move that some advisor recommends (one that improves a
//   feature, say), 1 for the others. A node's weight is the sum along the path that reached it.
// - The search cycles through the cells that hold unexpanded nodes, one after the other, and in
//   each cell expands the node of least weight (ties: the smaller h, then the newer node). So
//   no region of the feature space starves: a plateau in one cell costs one expansion per
//   cycle, and the other cells go on meanwhile.
// - A goal is taken as soon as it is generated. A state reached again with less weight before
//   its expansion takes the lighter path; after it, the new path is dropped. h serves only to
//   break ties and to say dead end (dead ends are cut): nothing is optimal, and the result
//   never says it is. When every cell runs out of nodes, every reachable state that is no dead
//   end has been expanded: the problem is unsolvable.
//
// Features F provides:
//   std::uint64_t cell(const State& s) const;   the cell of s (any encoding of its features)
//   int weight(const State& parent, std::uint64_t parent_cell, const Move* last, const Move& m,
//              const State& child, std::uint64_t child_cell) const;   >= 0
//       (`last`: the move that reached the parent on its path, nullptr at the start; a move that
//       goes on with what the last one did can be a macro move's next step)
// and, for FeatureSpaceOptions::ranked_cells, a RankedFeatureSpace also provides
//   bool better(std::uint64_t a, std::uint64_t b) const;   a state of cell a is further on than
//       one of cell b (a strict order on the cells that hold states)
#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

#include "hsearch/core/cost.hpp"
#include "hsearch/core/domain.hpp"
#include "hsearch/core/limits.hpp"
#include "hsearch/core/observer.hpp"
#include "hsearch/core/result.hpp"
#include "hsearch/core/stored_state.hpp"
#include "hsearch/heuristics/heuristic.hpp"
#include "hsearch/search/detail/chunked_array.hpp"
#include "hsearch/search/detail/node_index.hpp"
#include "hsearch/search/detail/parent_links.hpp"

namespace hsearch {

template <class F, class D>
concept FeatureSpace = Domain<D> && requires(const F& f, const typename D::State& s, const typename D::Move& m,
                                             std::uint64_t cell) {
  { f.cell(s) } -> std::convertible_to<std::uint64_t>;
  { f.weight(s, cell, &m, m, s, cell) } -> std::convertible_to<int>;
};

template <class F, class D>
concept RankedFeatureSpace = FeatureSpace<F, D> && requires(const F& f, std::uint64_t cell) {
  { f.better(cell, cell) } -> std::convertible_to<bool>;
};

struct FeatureSpaceOptions {
  Limits limits;
  // For a RankedFeatureSpace (ignored otherwise), after Shoham's Festival:
  // - a child is filed in the better of its own cell and the cell its parent is filed in (the
  //   best cell on its path), so a move that makes things worse opens no worse cell: the child
  //   waits in its ancestor's cell, carrying the weight of the move. Without it, every state
  //   that worsens some feature opens a cell of its own, and each such cell takes a turn as
  //   often as the cells where the search makes progress. The weights still compare each
  //   state's own cell with its parent's.
  // - every other turn goes to the best cell that holds unexpanded nodes, the others go round
  //   (unless best_cell_turns is off: then the cells only go round).
  bool ranked_cells = false;
  // With ranked_cells: every other turn to the best cell. Off, the ranking only files states
  // (the first point above), and a search that makes progress in many cells at once is not
  // drawn to one of them.
  bool best_cell_turns = true;
  // Only solutions cheaper than this are wanted (0: no bound): a child with g + h >= cost_bound
  // is dropped, and a state reached again by a cheaper path takes it (and is expanded again),
  // since its g now decides what it may reach. With an admissible heuristic, a search that
  // runs out of nodes has proven that no solution costs less than cost_bound (its result's
  // lower_bound), as A*'s cost_bound. Given a proven lower bound L, a bound of L + 1 makes any
  // solution found optimal.
  std::int64_t cost_bound = 0;
};

namespace detail {

// Numbers the distinct cell ids in the order they first come (0, 1, ...), so that nodes hold
// a 32-bit number for a 64-bit id.
class CellNumbering {
 public:
  // The id's number, and whether it is new.
  std::pair<std::uint32_t, bool> number(std::uint64_t id) {
    const auto [it, added] = number_of_.try_emplace(id, static_cast<std::uint32_t>(ids_.size()));
    if (added) ids_.push_back(id);
    return {it->second, added};
  }
  std::uint64_t id(std::uint32_t number) const { return ids_[number]; }
  std::size_t bytes() const { return number_of_.size() * 4 * sizeof(std::uint64_t) + ids_.capacity() * sizeof(std::uint64_t); }

 private:
  std::vector<std::uint64_t> ids_;
  std::unordered_map<std::uint64_t, std::uint32_t> number_of_;
};

template <Domain D, Heuristic<D> H, FeatureSpace<D> F, class O>
class FeatureSpaceSearch {
  using State = typename D::State;
  using Move = typename D::Move;
  using Cost = typename D::Cost;
  using Store = StoredState<D>;
  static constexpr std::uint32_t kNoParent = kNoParentLink;

  struct Node {
    typename Store::type stored;
    std::uint64_t hash;
    Cost g;
    Cost h;
    std::uint32_t weight;
    std::uint32_t parent;
    std::uint32_t cell;      // index into cells_: where the node waits for its turn
    std::uint32_t features;  // own_cells_'s number of the node's own cell
    bool expanded;
    Move move;  // the move from the parent
  };
  // A cell's unexpanded nodes as a binary heap, lightest on top. A node whose weight drops is
  // pushed again; the stale entry is skipped when it comes up (its weight no longer matches).
  // The entry holds the node's h (which never changes) for the ties, so ordering the heap
  // touches no node: the nodes are scattered in memory, and a heap's comparisons are many.
  struct Entry {
    std::uint32_t weight;
    Cost h;
    std::uint32_t node;
  };
  struct Cell {
    std::uint64_t id;
    std::vector<Entry> heap;
  };

 public:
  FeatureSpaceSearch(const D& domain, const H& h, const F& features, O& observer, const FeatureSpaceOptions& options)
      : domain_(domain), h_(h), features_(features), observer_(observer), guard_(options.limits),
        cost_bound_(options.cost_bound), ranked_(RankedFeatureSpace<F, D> && options.ranked_cells),
        best_turns_(ranked_ && options.best_cell_turns) {}

  Result<Move, Cost> run(const State& start) {
    Result<Move, Cost> result;
    result.algorithm = "feature-space";
    const Cost h0 = static_cast<Cost>(h_.estimate(start));
    if (is_dead_end(h0)) {
      ++stats_.dead_ends;
      result.status = Status::unsolvable;
      return finish(std::move(result));
    }
    if (cost_bound_ > 0 && h0 >= cost_bound_) {
      result.status = Status::unsolvable;
      return finish(std::move(result));
    }
    if (domain_.is_goal(start)) {
      result.status = Status::solved;
      return finish(std::move(result));
    }
    if (guard_.over_memory(bytes() + growth_bytes())) return stopped(std::move(result));
    const std::uint64_t cell = features_.cell(start);
    add_node(start, domain_.hash(start), 0, h0, 0, kNoParent, Move{}, cell, cell);
    return search(std::move(result));
  }

  // Calls f(cell id) for each cell the search has filed a node in: for a caller that shows how
  // far the search has come (the furthest cell it reached, say).
  template <class Visit>
  void for_each_cell(Visit&& f) const {
    for (const Cell& c : cells_) f(c.id);
  }

  // Goes on after a run (or resume) that a limit stopped, under new limits (a node limit
  // counts the expansions of every part; the statistics add up), as if it had never stopped.
  Result<Move, Cost> resume(const Limits& limits) {
    seconds_before_ = stats_.seconds;
    guard_ = LimitGuard(limits);
    Result<Move, Cost> result;
    result.algorithm = "feature-space";
    return search(std::move(result));
  }

 private:
  Result<Move, Cost> search(Result<Move, Cost> result) {
    while (empty_in_a_row_ < cells_.size()) {
      std::uint32_t taken_from = kNoCell;
      std::uint32_t n = kNoParent;
      if (best_turns_ && (stats_.expanded & 1) != 0) {  // every other turn: the best cell
        taken_from = best_cell();
        if (taken_from != kNoCell) n = take_lightest(cells_[taken_from]);
      }
      const bool in_turn = n == kNoParent;
      if (in_turn) {
        if (next_cell_ >= cells_.size()) next_cell_ = 0;
        taken_from = static_cast<std::uint32_t>(next_cell_++);
        n = take_lightest(cells_[taken_from]);
        if (n == kNoParent) {
          ++empty_in_a_row_;
          continue;
        }
      }
      empty_in_a_row_ = 0;
      if (guard_.should_stop(stats_.expanded)) {
        push(taken_from, Entry{nodes_[n].weight, nodes_[n].h, n});  // (for resume(): the next part takes it)
        if (in_turn) --next_cell_;
        return stopped(std::move(result));
      }
      nodes_[n].expanded = true;
      ++stats_.expanded;
      State current = Store::load(domain_, nodes_[n].stored);
      const State parent = current;
      const std::uint64_t parent_cell = own_cells_.id(nodes_[n].features);
      const Move last_move = nodes_[n].move;
      const Move* last = nodes_[n].parent != kNoParent ? &last_move : nullptr;
      const Cost g = nodes_[n].g;
      const std::uint32_t weight = nodes_[n].weight;
      if constexpr (O::kWantsNodes) observer_.on_expand(current, g, nodes_[n].h);
      if constexpr (O::kWantsProgress) {
        if ((stats_.expanded & 0xFFFF) == 0) observer_.on_progress(stats_, seconds_before_ + guard_.seconds());
      }
      bool solved = false;
      domain_.for_each_move(parent, [&](const Move& m) {
        if (solved) return;
        const Cost gc = static_cast<Cost>(g + domain_.cost(parent, m));
        const auto undo = apply_for_lookup(domain_, current, m);
        ++stats_.generated;
        solved = relax(parent, parent_cell, last, current, m, n, gc, weight);
        if (solved) {
          result.status = Status::solved;
          result.cost = gc;
          result.plan = plan_to(n);
          result.plan.push_back(m);
        }
        domain_.undo(current, m, undo);
      });
      if (solved) return finish(std::move(result));
      if (guard_.over_memory(bytes() + growth_bytes())) return stopped(std::move(result));
    }
    result.status = Status::unsolvable;
    return finish(std::move(result));
  }

  bool within_bound(Cost g, Cost h) const {
    return cost_bound_ == 0 || static_cast<std::int64_t>(g) + static_cast<std::int64_t>(h) < cost_bound_;
  }

  // Files the child; true when it is a goal.
  bool relax(const State& parent, std::uint64_t parent_cell, const Move* last, State& child, const Move& m,
             std::uint32_t from, Cost gc, std::uint32_t parent_weight) {
    const std::uint64_t hash = domain_.hash(child);
    const auto stored = Store::store(domain_, child);
    const std::uint32_t known = index_.find(hash, [&](std::uint32_t i) {
      return nodes_[i].hash == hash && nodes_[i].stored == stored;
    });
    if (known != NodeIndex::kEmpty) {
      Node& node = nodes_[known];
      ++stats_.duplicates;
      // Under a cost bound a cheaper path always wins (reopening the node if need be): what
      // the node may reach within the bound depends on its g. Otherwise the lighter path wins
      // while the node waits, and an expanded node keeps the path it had.
      const bool cheaper = cost_bound_ > 0 && gc < node.g;
      if (node.expanded && !cheaper) return false;
      if (cost_bound_ > 0 && gc > node.g) return false;  // (it could leave the bound)
      // The child's own cell is the known node's; its weight depends on the path.
      const std::uint64_t cell = own_cells_.id(node.features);
      const std::uint32_t w = parent_weight + static_cast<std::uint32_t>(features_.weight(parent, parent_cell, last, m, child, cell));
      if (!cheaper && w >= node.weight) return false;
      if (node.expanded) {
        node.expanded = false;
        ++stats_.reopened;
      }
      node.weight = w;
      node.g = gc;
      node.parent = from;
      node.move = m;
      push(node.cell, Entry{w, node.h, known});
      return false;
    }
    if constexpr (DeferredApplyDomain<D>) domain_.complete(child, m);
    const Cost hc = static_cast<Cost>(h_.estimate(child));
    if constexpr (O::kWantsNodes) observer_.on_generate(parent, child, m, gc, hc);
    if (is_dead_end(hc)) {
      ++stats_.dead_ends;
      return false;
    }
    if (!within_bound(gc, hc)) return false;
    if (domain_.is_goal(child)) return true;
    const std::uint64_t cell = features_.cell(child);
    const std::uint32_t w = parent_weight + static_cast<std::uint32_t>(features_.weight(parent, parent_cell, last, m, child, cell));
    std::uint64_t filed = cell;
    if constexpr (RankedFeatureSpace<F, D>) {
      const std::uint64_t parents = cells_[nodes_[from].cell].id;
      if (ranked_ && !features_.better(cell, parents)) filed = parents;
    }
    add_node(child, hash, gc, hc, w, from, m, cell, filed);
    return false;
  }

  void add_node(const State& s, std::uint64_t hash, Cost g, Cost h, std::uint32_t weight, std::uint32_t parent,
                const Move& m, std::uint64_t own_cell, std::uint64_t filed_cell) {
    const auto n = static_cast<std::uint32_t>(nodes_.size());
    const std::uint32_t cell = cell_index(filed_cell);
    const std::uint32_t features = own_cells_.number(own_cell).first;
    nodes_.push_back(Node{Store::store(domain_, s), hash, g, h, weight, parent, cell, features, false, m});
    index_.insert(hash, n, [&](std::uint32_t i) { return nodes_[i].hash; });
    push(cell, Entry{weight, h, n});
  }

  std::uint32_t cell_index(std::uint64_t id) {
    const auto [c, added] = cell_numbers_.number(id);
    if (added) cells_.push_back(Cell{id, {}});
    return c;
  }

  // The best cell that holds unexpanded nodes (kNoCell: none). best_ is kept as nodes are filed;
  // when its cell runs dry, the others are looked through.
  std::uint32_t best_cell() {
    if constexpr (RankedFeatureSpace<F, D>) {
      if (best_ != kNoCell && !cells_[best_].heap.empty()) return best_;
      best_ = kNoCell;
      for (std::uint32_t c = 0; c < cells_.size(); ++c) {
        if (!cells_[c].heap.empty() && (best_ == kNoCell || features_.better(cells_[c].id, cells_[best_].id))) best_ = c;
      }
    }
    return best_;
  }

  // Heap order: lighter first, then the smaller h, then the newer node.
  bool after(const Entry& a, const Entry& b) const {
    if (a.weight != b.weight) return a.weight > b.weight;
    if (a.h != b.h) return a.h > b.h;
    return a.node < b.node;
  }
  void push(std::uint32_t c, Entry e) {
    if constexpr (RankedFeatureSpace<F, D>) {
      if (best_turns_ && best_ != kNoCell && features_.better(cells_[c].id, cells_[best_].id)) best_ = c;
    }
    Cell& cell = cells_[c];
    heap_bytes_ -= cell.heap.capacity() * sizeof(Entry);
    cell.heap.push_back(e);
    std::push_heap(cell.heap.begin(), cell.heap.end(), [this](const Entry& a, const Entry& b) { return after(a, b); });
    heap_bytes_ += cell.heap.capacity() * sizeof(Entry);
  }
  // The cell's lightest unexpanded node (kNoParent: none), stale entries dropped on the way.
  std::uint32_t take_lightest(Cell& cell) {
    while (!cell.heap.empty()) {
      std::pop_heap(cell.heap.begin(), cell.heap.end(), [this](const Entry& a, const Entry& b) { return after(a, b); });
      const Entry e = cell.heap.back();
      cell.heap.pop_back();
      const Node& node = nodes_[e.node];
      if (!node.expanded && node.weight == e.weight) return e.node;
    }
    return kNoParent;
  }

  std::vector<Move> plan_to(std::uint32_t n) const { return detail::plan_to<Move>(nodes_, n); }

  std::size_t bytes() const {
    return nodes_.bytes() + index_.bytes() + heap_bytes_ + cells_.capacity() * sizeof(Cell) + cell_numbers_.bytes() +
           own_cells_.bytes() + held_bytes(domain_);
  }
  std::size_t growth_bytes() const {
    return nodes_.growth_bytes(kGrowthLookahead) + index_.growth_bytes(kGrowthLookahead) +
           kGrowthLookahead * sizeof(Entry) * 2;
  }

  Result<Move, Cost> stopped(Result<Move, Cost> result) {
    result.status = Status::stopped;
    result.stop_reason = guard_.reason();
    return finish(std::move(result));
  }

  Result<Move, Cost> finish(Result<Move, Cost> result) {
    result.optimal = false;
    result.lower_bound = 0;
    if (result.status == Status::unsolvable && cost_bound_ > 0 && is_admissible(h_)) {
      result.lower_bound = static_cast<Cost>(cost_bound_);
    }
    stats_.seconds = seconds_before_ + guard_.seconds();
    stats_.withheld = withheld_moves(domain_) - withheld_at_start_;
    stats_.peak_bytes = std::max(stats_.peak_bytes, bytes());
    result.stats = stats_;
    return result;
  }

  const D& domain_;
  std::uint64_t withheld_at_start_ = withheld_moves(domain_);
  const H& h_;
  const F& features_;
  O& observer_;
  LimitGuard guard_;
  ChunkedArray<Node> nodes_;
  NodeIndex index_;
  std::vector<Cell> cells_;
  CellNumbering cell_numbers_;  // the index into cells_ of each cell a node is filed in
  // The distinct own cells of the nodes (a node filed in a better ancestor's cell keeps its own
  // for the weights of its moves).
  CellNumbering own_cells_;
  std::size_t heap_bytes_ = 0;
  std::int64_t cost_bound_;
  bool ranked_;
  bool best_turns_;
  static constexpr std::uint32_t kNoCell = ~std::uint32_t{0};
  std::uint32_t best_ = kNoCell;    // (best_turns_) the best cell that held unexpanded nodes when last looked at
  std::size_t next_cell_ = 0;       // the cell whose turn is next
  std::size_t empty_in_a_row_ = 0;  // cells found empty since the last expansion
  Statistics stats_;
  double seconds_before_ = 0;  // the parts before a resume()
};

}  // namespace detail

// The search as an object, for a caller that runs it in parts: run(start) under
// options.limits, then, after a stop, resume(limits) as often as wanted.
template <Domain D, Heuristic<D> H, FeatureSpace<D> F, class O>
using FeatureSpaceSearch = detail::FeatureSpaceSearch<D, H, F, O>;

template <Domain D, Heuristic<D> H, FeatureSpace<D> F, class O>
Result<typename D::Move, typename D::Cost> feature_space_search(const D& domain, const typename D::State& start,
                                                                const H& h, const F& features,
                                                                const FeatureSpaceOptions& options, O& observer) {
  detail::FeatureSpaceSearch<D, H, F, O> search(domain, h, features, observer, options);
  return search.run(start);
}

template <Domain D, Heuristic<D> H, FeatureSpace<D> F>
Result<typename D::Move, typename D::Cost> feature_space_search(const D& domain, const typename D::State& start,
                                                                const H& h, const F& features,
                                                                const FeatureSpaceOptions& options = {}) {
  NullObserver observer;
  return feature_space_search(domain, start, h, features, options, observer);
}

}  // namespace hsearch
