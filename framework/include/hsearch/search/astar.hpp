#pragma once
// A* (Hart, Nilsson & Raphael 1968) with reopening of closed nodes reached by a cheaper path, and weighted A*.
//
// - Priority f = w_g * g + w_h * h; ties go to the larger g (deeper nodes first).
// - A child reaching a known state by a cheaper path updates it: an open node's g is lowered
//   in place (decrease-key in the binary heap), a closed node is reopened (put back on the
//   open list, counted in Statistics::reopened). Both are needed for optimality with an
//   admissible but inconsistent heuristic.
// - The goal test happens when a node is selected for expansion.
// - Optimal when w_g == w_h and the heuristic is admissible; any other weighting is reported
//   as not optimal (weighted A*, e.g. g:h weighted 3:2).
// Nodes live in one chunked array (parent links by index; chunks so that growing never holds
// two copies); the domain's compact Key is stored when it has pack/unpack. The open list is an
// indexed binary heap whose entries hold each node's sort key (f, g, parent); the closed/open
// lookup is an open-addressing index of node numbers.
// A domain with a two-step apply (DeferredApplyDomain) finishes a child (its bound, say) only
// when the child is new: duplicates, often half of the children, cost only the lookup.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "hsearch/core/cost.hpp"
#include "hsearch/core/domain.hpp"
#include "hsearch/core/limits.hpp"
#include "hsearch/core/observer.hpp"
#include "hsearch/core/result.hpp"
#include "hsearch/core/stored_state.hpp"
#include "hsearch/heuristics/heuristic.hpp"
#include "hsearch/search/detail/chunked_array.hpp"
#include "hsearch/search/detail/indexed_heap.hpp"
#include "hsearch/search/detail/node_index.hpp"
#include "hsearch/search/detail/parent_links.hpp"

namespace hsearch {

struct AStarOptions {
  Limits limits;
  int weight_g = 1;  // w_g >= 0
  int weight_h = 1;  // w_h >= 0; w_g == w_h keeps A* optimal (with an admissible heuristic)
  // Among nodes of equal f and g, expand first the children of the newest parent (usually the
  // node expanded last: a depth-first walk along a plateau of equal f, which reaches a goal
  // there sooner), and among siblings the one the domain listed first (its move ordering, as a
  // depth-first search would take them). Only the order of ties changes, so optimality does not.
  bool newer_first_on_ties = false;
  // A cheaper path to a node already expanded puts it back on the open list (reopening): with
  // an admissible heuristic that an inconsistent bound or unequal weights can fool, it is what
  // keeps the cost found (or the bound proven) exact. A search that only wants a solution
  // (greedy, weighted) may skip it: the cheaper path is then dropped as a duplicate.
  bool reopen_closed = true;
  // Only solutions cheaper than this are wanted (0: no bound), e.g. an anytime search that
  // holds one already: a child with g + h >= cost_bound (unweighted) is dropped. With an
  // admissible heuristic and reopening, a search that ends without a solution has proven that
  // none costs less than cost_bound (its result's lower_bound).
  std::int64_t cost_bound = 0;
  // A lower bound on the cost of every solution that the caller has already proven (0: none),
  // e.g. by an earlier run on the same instance. Nodes are ordered as if no f were below it:
  // the layers under it, which a search from scratch would close first, become one layer
  // searched deepest-first, so a solution of that cost is met sooner. Optimality is kept: an
  // open node on an optimal path has f <= C*, and so max(f, bound) <= C* as the bound is
  // <= C*; a goal is taken only when nothing open is ordered below it. (Unweighted A* only.)
  std::int64_t known_lower_bound = 0;
  // With a domain whose bound grows as it learns (LearningBoundDomain), a node taken off the
  // open list is valued again before it is expanded: what the domain learnt since the node
  // was generated may raise its h. A node whose f rises goes back on the open list unexpanded
  // (Statistics::revalued); one the domain now calls a dead end is dropped (dead_ends). The
  // larger of two admissible bounds is admissible, so optimality and the proven bound are
  // kept; what changes is that a layer's stale nodes are no longer expanded in it.
  bool revalue_before_expanding = false;
};

namespace detail {

template <Domain D, Heuristic<D> H, class O>
class AStarSearch {
  using State = typename D::State;
  using Move = typename D::Move;
  using Cost = typename D::Cost;
  using Undo = typename D::Undo;
  using Store = StoredState<D>;
  static constexpr std::uint32_t kClosed = 0xFFFFFFFFu;
  static constexpr std::uint32_t kNoParent = kNoParentLink;

  struct Node {
    typename Store::type stored;
    std::uint64_t hash;
    Cost g;
    Cost h;
    std::uint32_t parent;
    std::uint32_t heap_pos;  // position in open_, or kClosed
    Move move;               // the move from the parent
  };

 public:
  AStarSearch(const D& domain, const H& h, O& observer, const AStarOptions& options)
      : domain_(domain), h_(h), observer_(observer), options_(options), guard_(options.limits) {}

  Result<Move, Cost> run(const State& start) {
    Result<Move, Cost> result = named_result();
    const Cost h0 = static_cast<Cost>(h_.estimate(start));
    if (is_dead_end(h0)) {
      ++stats_.dead_ends;
      result.status = Status::unsolvable;
      return finish(std::move(result));
    }
    // (a limit below the tables' first allocation, with what the domain holds, stops here)
    if (guard_.over_memory(bytes() + growth_bytes())) return stopped(std::move(result), kNoParent);
    add_node(start, domain_.hash(start), 0, h0, kNoParent, Move{});
    return search(std::move(result), start);
  }

  // Goes on after a run (or resume) that a limit stopped, under new limits (a node limit
  // counts the expansions of every part; the statistics add up). Nothing is lost between the
  // parts: the search continues as if it had never stopped.
  Result<Move, Cost> resume(const Limits& limits) {
    seconds_before_ = stats_.seconds;
    guard_ = LimitGuard(limits);
    if (open_.empty()) return finish(named_result());
    return search(named_result(), Store::load(domain_, nodes_[open_.top()].stored));
  }

 private:
  Result<Move, Cost> named_result() const {
    Result<Move, Cost> result;
    result.algorithm = exact() ? "astar" : "weighted-astar";
    return result;
  }
  bool exact() const { return options_.weight_g == options_.weight_h && options_.weight_g > 0; }

  // The main loop; `current` is only the buffer each node is loaded into.
  Result<Move, Cost> search(Result<Move, Cost> result, State current) {
    while (!open_.empty()) {
      const std::uint32_t n = pop();
      current = load(nodes_[n]);
      const Cost g = nodes_[n].g;
      if (domain_.is_goal(current)) {
        result.status = Status::solved;
        result.cost = g;
        result.plan = plan_to(n);
        result.optimal = exact() && is_admissible(h_);
        result.lower_bound = result.optimal ? g : 0;
        return finish(std::move(result));
      }
      if (guard_.should_stop(stats_.expanded)) return stopped(std::move(result), n);
      if constexpr (LearningBoundDomain<D>) {
        if (options_.revalue_before_expanding && revalued(n, current)) continue;
      }
      const Cost h = nodes_[n].h;  // (after the revaluation, which may have raised it)
      ++stats_.expanded;
      stats_.f_reached = std::max(stats_.f_reached, static_cast<std::int64_t>(g) + static_cast<std::int64_t>(h));
      if constexpr (O::kWantsNodes) observer_.on_expand(current, g, h);
      if constexpr (O::kWantsProgress) {
        if ((stats_.expanded & 0xFFFF) == 0) observer_.on_progress(stats_, seconds_before_ + guard_.seconds());
      }
      domain_.for_each_move(current, [&](const Move& m) {
        const Cost gc = static_cast<Cost>(g + domain_.cost(current, m));
        [[maybe_unused]] State parent_copy;
        if constexpr (O::kWantsNodes) parent_copy = current;
        const auto undo = apply_for_lookup(domain_, current, m);
        ++stats_.generated;
        relax(current, m, n, gc, h, parent_copy);
        domain_.undo(current, m, undo);
      });
      // (the next expansion's growth counted: see kGrowthLookahead)
      if (guard_.over_memory(bytes() + growth_bytes())) return stopped(std::move(result), kNoParent);
    }
    result.status = Status::unsolvable;
    if (options_.cost_bound > 0 && options_.reopen_closed && is_admissible(h_)) {
      result.lower_bound = static_cast<Cost>(options_.cost_bound);
    }
    return finish(std::move(result));
  }

  void relax(State& child, const Move& m, std::uint32_t parent, Cost gc, Cost parent_h,
             [[maybe_unused]] const State& parent_state) {
    const std::uint64_t hash = domain_.hash(child);
    const auto stored = Store::store(domain_, child);
    const std::uint32_t known = index_.find(hash, [&](std::uint32_t i) {
      return nodes_[i].hash == hash && nodes_[i].stored == stored;
    });
    if (known != NodeIndex::kEmpty) {
      Node& node = nodes_[known];
      if constexpr (O::kWantsNodes) observer_.on_generate(parent_state, child, m, gc, node.h);
      if (gc >= node.g || (node.heap_pos == kClosed && !options_.reopen_closed)) {
        ++stats_.duplicates;
        if constexpr (O::kWantsNodes) observer_.on_duplicate(child, static_cast<std::int64_t>(gc));
        return;
      }
      const Cost old_g = node.g;
      node.g = gc;
      node.parent = parent;
      node.move = m;
      if (node.heap_pos == kClosed) {
        ++stats_.reopened;
        observer_.on_reopen(child, static_cast<std::int64_t>(old_g), static_cast<std::int64_t>(gc));
        push(known);
      } else {
        open_.decreased(known, open_key(node), OpenAccess{this});
      }
      return;
    }
    if constexpr (DeferredApplyDomain<D>) domain_.complete(child, m);
    const Cost hc = evaluate_child<D>(h_, child, m, parent_h);
    if constexpr (O::kWantsNodes) observer_.on_generate(parent_state, child, m, gc, hc);
    if (is_dead_end(hc)) {
      ++stats_.dead_ends;
      return;
    }
    if (options_.cost_bound > 0 && static_cast<std::int64_t>(gc) + hc >= options_.cost_bound) return;
    add_node(child, hash, gc, hc, parent, m);
  }

  // Node n, just taken off the open list, valued again with what the domain knows now
  // (revalue_before_expanding). True when it is not to be expanded now: put back on the open
  // list with its higher f, or a dead end. A dead end stays closed with g = 0, so that no
  // later path reopens it (none can reach a goal through it).
  bool revalued(std::uint32_t n, const State& current) {
    Node& node = nodes_[n];
    const Cost now = bound_now(node, current);
    if (is_dead_end(now)) {
      ++stats_.dead_ends;
      node.g = 0;
      return true;
    }
    if (now <= node.h) return false;
    const std::int64_t before = f(node);
    node.h = now;
    if (f(node) == before) return false;
    ++stats_.revalued;
    push(n);
    return true;
  }

  // What the domain says of the node's state now: with the move that reached it and the bound
  // the node holds when the domain learns at expansion (ExpandLearningDomain), which the start
  // has none of.
  Cost bound_now(const Node& node, const State& current) {
    if constexpr (ExpandLearningDomain<D>) {
      if (node.parent != kNoParent) return domain_.bound_before_expanding(current, node.move, node.h);
    }
    return domain_.current_bound(current);
  }

  // A node's state, told the move that reached it (the start has none).
  State load(const Node& node) const {
    if (node.parent == kNoParent) return Store::load(domain_, node.stored);
    return Store::load(domain_, node.stored, node.move);
  }

  void add_node(const State& s, std::uint64_t hash, Cost g, Cost h, std::uint32_t parent,
                const Move& m) {
    const auto n = static_cast<std::uint32_t>(nodes_.size());
    nodes_.push_back(Node{Store::store(domain_, s), hash, g, h, parent, kClosed, m});
    index_.insert(hash, n, [&](std::uint32_t i) { return nodes_[i].hash; });
    push(n);
  }

  std::int64_t f(const Node& n) const {
    return std::max(options_.known_lower_bound, static_cast<std::int64_t>(options_.weight_g) * n.g +
                                                    static_cast<std::int64_t>(options_.weight_h) * n.h);
  }
  // What the open list orders a node by, copied into its heap entry: the comparisons of a sift
  // then read the heap array only, instead of two nodes at random places in the node store and
  // f recomputed from the options each time. A node's g, h and parent change only in relax(),
  // which passes the new key (push() or decreased()) before any comparison sees the node, so
  // the entries always hold what the nodes would give.
  struct OpenKey {
    std::int64_t f;
    Cost g;
    std::uint32_t parent;
  };
  using Open = KeyedIndexedHeap<OpenKey>;
  OpenKey open_key(const Node& n) const { return OpenKey{f(n), n.g, n.parent}; }

  // a before b: smaller f, then larger g (then, if asked, the child of the newer parent, and
  // of two siblings the one generated first). Nodes are numbered in creation order; a parent
  // created later was usually expanded later too.
  bool before(const typename Open::Entry& a, const typename Open::Entry& b) const {
    if (a.key.f != b.key.f) return a.key.f < b.key.f;
    if (a.key.g != b.key.g) return a.key.g > b.key.g;
    if (!options_.newer_first_on_ties) return false;
    const std::uint32_t pa = a.key.parent, pb = b.key.parent;
    if (pa != pb) return pa > pb;  // (only the start has kNoParent, and it is alone)
    return a.node < b.node;
  }

  // The open list's view of the nodes: their order and where each keeps its heap position.
  struct OpenAccess {
    AStarSearch* search;
    bool before(const typename Open::Entry& a, const typename Open::Entry& b) const { return search->before(a, b); }
    std::uint32_t& position(std::uint32_t n) const { return search->nodes_[n].heap_pos; }
  };
  void push(std::uint32_t n) { open_.push(n, open_key(nodes_[n]), OpenAccess{this}); }
  std::uint32_t pop() { return open_.pop(OpenAccess{this}, kClosed); }

  std::vector<Move> plan_to(std::uint32_t n) const { return detail::plan_to<Move>(nodes_, n); }

  std::size_t bytes() const { return nodes_.bytes() + open_.bytes() + index_.bytes() + held_bytes(domain_); }
  std::size_t growth_bytes() const {
    return nodes_.growth_bytes(kGrowthLookahead) + open_.growth_bytes(kGrowthLookahead) +
           index_.growth_bytes(kGrowthLookahead);
  }

  // Stopped by a limit; `popped` is a node taken off the open list and not expanded.
  // (It goes back on the open list, where resume() finds it.)
  Result<Move, Cost> stopped(Result<Move, Cost> result, std::uint32_t popped) {
    result.status = Status::stopped;
    result.stop_reason = guard_.reason();
    if (popped != kNoParent) push(popped);
    if (exact() && is_admissible(h_)) {
      // Some open node lies on an optimal path with its optimal g: min f over open is a bound.
      const std::int64_t best = open_.empty() ? 0 : nodes_[open_.top()].g + nodes_[open_.top()].h;
      // With a known lower bound the top of the open list need not have the smallest g + h
      // (everything under the bound is ordered as the bound), but the bound itself holds.
      // With a bound that is not consistent, min f over open can fall (a child below its
      // raised parent) after an earlier part proved more: what was proven stays proven.
      proven_ = std::max({proven_, best, options_.known_lower_bound});
      result.lower_bound = static_cast<Cost>(proven_);
    }
    return finish(std::move(result));
  }

  Result<Move, Cost> finish(Result<Move, Cost> result) {
    stats_.seconds = seconds_before_ + guard_.seconds();
    stats_.withheld = withheld_moves(domain_) - withheld_at_start_;
    stats_.peak_bytes = std::max(stats_.peak_bytes, bytes());
    result.stats = stats_;
    return result;
  }

  const D& domain_;
  std::int64_t proven_ = 0;  // the highest lower bound a stop has reported
  std::uint64_t withheld_at_start_ = withheld_moves(domain_);
  const H& h_;
  O& observer_;
  AStarOptions options_;
  LimitGuard guard_;
  ChunkedArray<Node> nodes_;
  Open open_;
  NodeIndex index_;
  Statistics stats_;
  double seconds_before_ = 0;  // the parts before a resume()
};

}  // namespace detail

// A* as an object, for a caller that runs it in parts: run(start) under options.limits, then,
// after a stop, resume(limits) as often as wanted (e.g. to do other work between the parts).
template <Domain D, Heuristic<D> H, class O>
using AStarSearch = detail::AStarSearch<D, H, O>;

template <Domain D, Heuristic<D> H, class O>
Result<typename D::Move, typename D::Cost> astar(const D& domain, const typename D::State& start,
                                                 const H& h, const AStarOptions& options,
                                                 O& observer) {
  detail::AStarSearch<D, H, O> search(domain, h, observer, options);
  return search.run(start);
}

template <Domain D, Heuristic<D> H>
Result<typename D::Move, typename D::Cost> astar(const D& domain, const typename D::State& start,
                                                 const H& h, const AStarOptions& options = {}) {
  NullObserver observer;
  return astar(domain, start, h, options, observer);
}

}  // namespace hsearch
