#pragma once
// Depth-first search: depth-limited, and depth-first iterative deepening (Korf 1985).
//
// Both apply and undo moves on one state in place and keep no record of visited states (only
// the current path), so memory is linear in the depth. Cycles are cut only by the depth limit
// and by an optional move-pruning automaton (e.g. inverse moves).
//
// depth_limited_dfs: returns the first plan found within max_depth moves (not optimal). When
//   no branch was cut by the limit and no goal was found, the space is exhausted: unsolvable
//   (proven); otherwise status stopped with reason depth_limit.
// iterative_deepening_dfs: depth limits 0, 1, 2, ... — the first plan found has the fewest
//   moves, hence is optimal on unit-cost domains (kUnitCost); one IterationStats per depth.
#include <cstdint>
#include <vector>

#include "hsearch/core/domain.hpp"
#include "hsearch/core/limits.hpp"
#include "hsearch/core/observer.hpp"
#include "hsearch/core/result.hpp"
#include "hsearch/pruning/pruner.hpp"

namespace hsearch {

struct DfsOptions {
  Limits limits;
  unsigned max_depth = 64;  // moves
};

struct IddfsOptions {
  Limits limits;
  unsigned max_depth = 1u << 20;  // give up (stopped, depth_limit) past this depth
};

namespace detail {

template <Domain D, MovePruner P, class O>
class DepthFirstSearch {
  using State = typename D::State;
  using Move = typename D::Move;
  using Cost = typename D::Cost;
  static constexpr bool kPruning = pruner_enabled<P>();
  static_assert(!kPruning || LabelledDomain<D>, "a pruning automaton needs move labels");

 public:
  DepthFirstSearch(const D& domain, const P& pruner, O& observer, const Limits& limits)
      : domain_(domain), pruner_(pruner), observer_(observer), guard_(limits) {}

  enum class Outcome { found, exhausted, cut, stopped };

  // One depth-limited pass from `start`; the plan is in path() when found.
  Outcome search(const State& start, unsigned depth_limit) {
    state_ = start;
    path_.clear();
    cut_ = false;
    stopped_ = false;
    if (visit(0, depth_limit, pruner_.start())) return Outcome::found;
    if (stopped_) return Outcome::stopped;
    return cut_ ? Outcome::cut : Outcome::exhausted;
  }

  const std::vector<Move>& path() const { return path_; }
  Statistics& stats() { return stats_; }
  LimitGuard& guard() { return guard_; }

  Cost path_cost(const State& start) const {
    State s = start;
    Cost total = 0;
    for (const Move& m : path_) {
      total = static_cast<Cost>(total + domain_.cost(s, m));
      domain_.apply(s, m);
    }
    return total;
  }

  std::size_t bytes() const { return path_.capacity() * sizeof(Move) + peak_depth_ * sizeof(State); }
  std::uint64_t withheld() const { return withheld_moves(domain_) - withheld_at_start_; }

 private:
  bool visit(Cost g, unsigned remaining, std::uint32_t automaton) {
    if (domain_.is_goal(state_)) return true;
    if (remaining == 0) {
      cut_ = true;
      return false;
    }
    if (guard_.should_stop(stats_.expanded)) {
      stopped_ = true;
      return false;
    }
    ++stats_.expanded;
    if constexpr (O::kWantsNodes) observer_.on_expand(state_, g, 0);
    bool found = false;
    domain_.for_each_move(state_, [&](const Move& m) {
      if (found || stopped_) return;
      std::uint32_t child_automaton = 0;
      if constexpr (kPruning) {
        if (!pruner_step(pruner_, domain_, automaton, m, child_automaton, stats_.pruned)) {
          if constexpr (O::kWantsNodes) observer_.on_prune(state_, m);
          return;
        }
      }
      const Cost gc = static_cast<Cost>(g + domain_.cost(state_, m));
      [[maybe_unused]] State parent_copy;
      if constexpr (O::kWantsNodes) parent_copy = state_;
      const auto undo = domain_.apply(state_, m);
      ++stats_.generated;
      if constexpr (O::kWantsNodes) observer_.on_generate(parent_copy, state_, m, gc, 0);
      path_.push_back(m);
      if (path_.size() > peak_depth_) peak_depth_ = path_.size();
      if (visit(gc, remaining - 1, child_automaton)) {
        found = true;
      } else {
        path_.pop_back();
      }
      domain_.undo(state_, m, undo);
    });
    return found;
  }

  const D& domain_;
  std::uint64_t withheld_at_start_ = withheld_moves(domain_);
  const P& pruner_;
  O& observer_;
  LimitGuard guard_;
  State state_{};
  std::vector<Move> path_;
  std::size_t peak_depth_ = 0;
  bool cut_ = false;
  bool stopped_ = false;
  Statistics stats_;
};

template <class Result, class Search>
Result finish_dfs(Result result, Search& search) {
  search.stats().seconds = search.guard().seconds();
  search.stats().peak_bytes = search.bytes();
  search.stats().withheld = search.withheld();
  result.stats = std::move(search.stats());
  return result;
}

}  // namespace detail

template <Domain D, MovePruner P, class O>
Result<typename D::Move, typename D::Cost> depth_limited_dfs(const D& domain,
                                                             const typename D::State& start,
                                                             const DfsOptions& options,
                                                             const P& pruner, O& observer) {
  using Search = detail::DepthFirstSearch<D, P, O>;
  Search search(domain, pruner, observer, options.limits);
  Result<typename D::Move, typename D::Cost> result;
  result.algorithm = "dfs";
  switch (search.search(start, options.max_depth)) {
    case Search::Outcome::found:
      result.status = Status::solved;
      result.plan = search.path();
      result.cost = search.path_cost(start);
      break;
    case Search::Outcome::exhausted:
      result.status = Status::unsolvable;
      break;
    case Search::Outcome::cut:
      result.status = Status::stopped;
      result.stop_reason = StopReason::depth_limit;
      break;
    case Search::Outcome::stopped:
      result.status = Status::stopped;
      result.stop_reason = search.guard().reason();
      break;
  }
  return detail::finish_dfs(std::move(result), search);
}

template <Domain D, MovePruner P = NoPruning>
Result<typename D::Move, typename D::Cost> depth_limited_dfs(const D& domain,
                                                             const typename D::State& start,
                                                             const DfsOptions& options = {},
                                                             const P& pruner = P{}) {
  NullObserver observer;
  return depth_limited_dfs(domain, start, options, pruner, observer);
}

template <Domain D, MovePruner P, class O>
Result<typename D::Move, typename D::Cost> iterative_deepening_dfs(
    const D& domain, const typename D::State& start, const IddfsOptions& options, const P& pruner,
    O& observer) {
  using Search = detail::DepthFirstSearch<D, P, O>;
  Search search(domain, pruner, observer, options.limits);
  Result<typename D::Move, typename D::Cost> result;
  result.algorithm = "iddfs";
  for (unsigned depth = 0;; ++depth) {
    if (depth > options.max_depth) {
      result.status = Status::stopped;
      result.stop_reason = StopReason::depth_limit;
      break;
    }
    const Statistics before = search.stats();
    const double t0 = search.guard().seconds();
    observer.on_iteration_begin(depth);
    const auto outcome = search.search(start, depth);
    IterationStats it;
    it.bound = depth;
    it.expanded = search.stats().expanded - before.expanded;
    it.generated = search.stats().generated - before.generated;
    it.pruned = search.stats().pruned - before.pruned;
    it.next_bound = outcome == Search::Outcome::cut ? static_cast<std::int64_t>(depth) + 1 : -1;
    it.seconds = search.guard().seconds() - t0;
    it.stopped = outcome == Search::Outcome::stopped;
    search.stats().iterations.push_back(it);
    observer.on_iteration_end(it);
    if (outcome == Search::Outcome::found) {
      result.status = Status::solved;
      result.plan = search.path();
      result.cost = search.path_cost(start);
      result.optimal = has_unit_cost<D>();
      result.lower_bound = result.optimal ? result.cost : 0;
      break;
    }
    if (outcome == Search::Outcome::exhausted) {
      result.status = Status::unsolvable;
      break;
    }
    if (outcome == Search::Outcome::stopped || search.guard().check_slow()) {
      result.status = Status::stopped;
      result.stop_reason = search.guard().reason();
      // All plans of fewer than depth+1 moves were searched; with unit costs that bounds the cost.
      result.lower_bound = has_unit_cost<D>() ? static_cast<typename D::Cost>(depth) : 0;
      break;
    }
  }
  return detail::finish_dfs(std::move(result), search);
}

template <Domain D, MovePruner P = NoPruning>
Result<typename D::Move, typename D::Cost> iterative_deepening_dfs(
    const D& domain, const typename D::State& start, const IddfsOptions& options = {},
    const P& pruner = P{}) {
  NullObserver observer;
  return iterative_deepening_dfs(domain, start, options, pruner, observer);
}

}  // namespace hsearch
