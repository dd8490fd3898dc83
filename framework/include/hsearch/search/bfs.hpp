#pragma once
// Breadth-first search: finds a plan with the fewest moves. It is cost-optimal exactly when
// every move costs the same (the domain declares kUnitCost); otherwise the result says
// optimal = false. Each state is stored once (a chunked node array in FIFO order doubles as
// the queue; chunks, unlike a doubling vector, grow without holding two copies);
// the goal test happens when a state is generated, which is safe for fewest-moves search.
#include <cstdint>
#include <vector>

#include "hsearch/core/domain.hpp"
#include "hsearch/core/limits.hpp"
#include "hsearch/core/observer.hpp"
#include "hsearch/core/result.hpp"
#include "hsearch/core/stored_state.hpp"
#include "hsearch/search/detail/chunked_array.hpp"
#include "hsearch/search/detail/node_index.hpp"
#include "hsearch/search/detail/parent_links.hpp"

namespace hsearch {

struct BfsOptions {
  Limits limits;
};

namespace detail {

template <Domain D, class O>
class BreadthFirstSearch {
  using State = typename D::State;
  using Move = typename D::Move;
  using Cost = typename D::Cost;
  using Store = StoredState<D>;
  static constexpr std::uint32_t kNoParent = kNoParentLink;

  struct Node {
    typename Store::type stored;
    std::uint64_t hash;
    Cost g;
    std::uint32_t parent;
    Move move;
  };

 public:
  BreadthFirstSearch(const D& domain, O& observer, const BfsOptions& options)
      : domain_(domain), observer_(observer), guard_(options.limits) {}

  Result<Move, Cost> run(const State& start) {
    Result<Move, Cost> result;
    result.algorithm = "bfs";
    if (domain_.is_goal(start)) return solved(std::move(result), kNoParent, start);
    // (a limit below the tables' first allocation, with what the domain holds, stops here)
    if (guard_.over_memory(bytes() + growth_bytes())) {
      result.status = Status::stopped;
      result.stop_reason = guard_.reason();
      return finish(std::move(result));
    }
    add(start, domain_.hash(start), 0, kNoParent, Move{});
    State current = start;
    for (std::size_t head = 0; head < nodes_.size(); ++head) {
      if (guard_.should_stop(stats_.expanded) || guard_.over_memory(bytes() + growth_bytes())) {
        result.status = Status::stopped;
        result.stop_reason = guard_.reason();
        result.lower_bound = static_cast<Cost>(has_unit_cost<D>() ? depth_of(head) : 0);
        return finish(std::move(result));
      }
      const auto n = static_cast<std::uint32_t>(head);
      current = Store::load(domain_, nodes_[n].stored);
      const Cost g = nodes_[n].g;
      ++stats_.expanded;
      if constexpr (O::kWantsNodes) observer_.on_expand(current, g, 0);
      bool found = false;
      domain_.for_each_move(current, [&](const Move& m) {
        if (found) return;
        const Cost gc = static_cast<Cost>(g + domain_.cost(current, m));
        [[maybe_unused]] State parent_copy;
        if constexpr (O::kWantsNodes) parent_copy = current;
        const auto undo = domain_.apply(current, m);
        ++stats_.generated;
        if constexpr (O::kWantsNodes) observer_.on_generate(parent_copy, current, m, gc, 0);
        const std::uint64_t hash = domain_.hash(current);
        const auto stored = Store::store(domain_, current);
        const std::uint32_t known = index_.find(hash, [&](std::uint32_t i) {
          return nodes_[i].hash == hash && nodes_[i].stored == stored;
        });
        if (known != NodeIndex::kEmpty) {
          ++stats_.duplicates;
          if constexpr (O::kWantsNodes) observer_.on_duplicate(current, static_cast<std::int64_t>(gc));
        } else {
          add(current, hash, gc, n, m);
          if (domain_.is_goal(current)) found = true;
        }
        domain_.undo(current, m, undo);
      });
      if (found) {
        const auto goal = static_cast<std::uint32_t>(nodes_.size() - 1);
        return solved(std::move(result), goal, current);
      }
    }
    result.status = Status::unsolvable;
    return finish(std::move(result));
  }

 private:
  void add(const State& s, std::uint64_t hash, Cost g, std::uint32_t parent, const Move& m) {
    const auto n = static_cast<std::uint32_t>(nodes_.size());
    nodes_.push_back(Node{Store::store(domain_, s), hash, g, parent, m});
    index_.insert(hash, n, [&](std::uint32_t i) { return nodes_[i].hash; });
  }

  std::size_t depth_of(std::size_t n) const {
    std::size_t depth = 0;
    for (auto i = static_cast<std::uint32_t>(n); nodes_[i].parent != kNoParent; i = nodes_[i].parent) {
      ++depth;
    }
    return depth;
  }

  Result<Move, Cost> solved(Result<Move, Cost> result, std::uint32_t goal, const State&) {
    result.status = Status::solved;
    if (goal != kNoParent) {
      result.cost = nodes_[goal].g;
      result.plan = detail::plan_to<Move>(nodes_, goal);
    }
    result.optimal = has_unit_cost<D>();
    result.lower_bound = result.optimal ? result.cost : 0;
    return finish(std::move(result));
  }

  std::size_t bytes() const { return nodes_.bytes() + index_.bytes() + held_bytes(domain_); }
  // What the next expansion may allocate (kGrowthLookahead).
  std::size_t growth_bytes() const {
    return nodes_.growth_bytes(kGrowthLookahead) + index_.growth_bytes(kGrowthLookahead);
  }

  Result<Move, Cost> finish(Result<Move, Cost> result) {
    stats_.seconds = guard_.seconds();
    stats_.withheld = withheld_moves(domain_) - withheld_at_start_;
    stats_.peak_bytes = bytes();
    result.stats = std::move(stats_);
    return result;
  }

  const D& domain_;
  std::uint64_t withheld_at_start_ = withheld_moves(domain_);
  O& observer_;
  LimitGuard guard_;
  ChunkedArray<Node> nodes_;
  NodeIndex index_;
  Statistics stats_;
};

}  // namespace detail

template <Domain D, class O>
Result<typename D::Move, typename D::Cost> bfs(const D& domain, const typename D::State& start,
                                               const BfsOptions& options, O& observer) {
  detail::BreadthFirstSearch<D, O> search(domain, observer, options);
  return search.run(start);
}

template <Domain D>
Result<typename D::Move, typename D::Cost> bfs(const D& domain, const typename D::State& start,
                                               const BfsOptions& options = {}) {
  NullObserver observer;
  return bfs(domain, start, options, observer);
}

}  // namespace hsearch
