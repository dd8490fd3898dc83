#pragma once
// IDA* (Korf 1985): depth-first searches bounded by f = g + h.
//
// - A node is entered (and goal-tested) only when its f is within the bound.
// - The next bound is the smallest f that exceeded the current one; when nothing exceeded it,
//   the space below the start is exhausted: no solution (proven).
// - The search applies and undoes moves on a single state in place: nothing is allocated per
//   node (the path vector grows only when the search reaches a new depth).
// - Optional: a move-pruning automaton (pruning/), a transposition table (duplicates within an
//   iteration are skipped), an observer (core/observer.hpp).
// - Without a transposition table IDA* cannot prove a cyclic space unsolvable (cycles always
//   exceed the bound); with a table large enough for the reachable space it can, since states
//   reached again at no smaller g no longer raise the next bound.
// Optimal when the heuristic is admissible. Korf's node count = stats.generated + 1 (the root).
#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "hsearch/core/cost.hpp"
#include "hsearch/core/domain.hpp"
#include "hsearch/core/limits.hpp"
#include "hsearch/core/observer.hpp"
#include "hsearch/core/result.hpp"
#include "hsearch/heuristics/heuristic.hpp"
#include "hsearch/pruning/pruner.hpp"
#include "hsearch/search/detail/transposition_table.hpp"

namespace hsearch {

struct IdaStarOptions {
  Limits limits;
  // Entries of the transposition table (rounded down to a power of two); 0 = no table.
  // The table is allocated once; with a memory limit it is shrunk to fit under the limit.
  std::size_t transposition_entries = 0;
  // The first iteration's bound when it exceeds h(start) (0: h(start)): a bound already proven,
  // e.g. by an A* run its memory limit stopped, so that the iterations below it, which could
  // only come back empty, are skipped. Every solution then costs at least it, so the first one
  // found still has the least cost.
  std::int64_t first_bound = 0;
};

namespace detail {

template <Domain D, Heuristic<D> H, MovePruner P, class O>
class IdaStarSearch {
  using State = typename D::State;
  using Move = typename D::Move;
  using Cost = typename D::Cost;
  static constexpr bool kPruning = pruner_enabled<P>();
  static constexpr bool kMayDeadEnd = may_return_dead_end<H>();
  static constexpr bool kMemo = MemoHeuristic<H, D>;
  struct NoMemo {};
  using Memo = typename std::conditional_t<kMemo, MemoOf<H>, std::type_identity<NoMemo>>::type;
  // Without a Memo, visit's memo argument is an empty value: no register, no load.
  using MemoArg = std::conditional_t<kMemo, const Memo&, NoMemo>;
  static_assert(!kPruning || LabelledDomain<D>, "a pruning automaton needs move labels");

 public:
  IdaStarSearch(const D& domain, const H& h, const P& pruner, O& observer,
                const IdaStarOptions& options)
      : domain_(domain),
        h_(h),
        pruner_(pruner),
        observer_(observer),
        guard_(options.limits),
        tt_(capped_entries(options)),
        first_bound_(options.first_bound) {}

  Result<Move, Cost> run(const State& start) {
    Result<Move, Cost> result;
    result.algorithm = "ida*";
    state_ = start;
    path_.assign(256, Move{});
    Memo root_memo{};
    Cost h0;
    if constexpr (kMemo) {
      h0 = static_cast<Cost>(h_.estimate(state_, root_memo));
    } else {
      h0 = static_cast<Cost>(h_.estimate(state_));
    }
    if (is_dead_end(h0)) {
      ++stats_.dead_ends;
      result.status = Status::unsolvable;
      return finish(std::move(result));
    }
    bound_ = std::max(h0, static_cast<Cost>(first_bound_));
    for (;;) {
      tt_.next_iteration();
      next_bound_ = dead_end<Cost>();
      const Statistics before = stats_;
      const double t0 = guard_.seconds();
      observer_.on_iteration_begin(static_cast<std::int64_t>(bound_));
      const bool found =
          (tt_.enabled() ? visit<true>(0, h0, root_memo, pruner_.start(), 0)
                         : visit<false>(0, h0, root_memo, pruner_.start(), 0)) &&
          !stopped_;
      IterationStats it;
      it.bound = static_cast<std::int64_t>(bound_);
      it.expanded = stats_.expanded - before.expanded;
      it.generated = stats_.generated - before.generated;
      it.pruned = stats_.pruned - before.pruned;
      it.next_bound = is_dead_end(next_bound_) ? -1 : static_cast<std::int64_t>(next_bound_);
      it.seconds = guard_.seconds() - t0;
      it.stopped = stopped_ && !found;
      stats_.iterations.push_back(it);
      observer_.on_iteration_end(it);
      if (found) {
        result.status = Status::solved;
        result.plan.assign(path_.begin(), path_.begin() + static_cast<std::ptrdiff_t>(solution_depth_));
        result.cost = path_cost(start, result.plan);
        result.lower_bound = result.cost;
        result.optimal = is_admissible(h_);
        return finish(std::move(result));
      }
      if (stopped_) {
        result.status = Status::stopped;
        result.stop_reason = guard_.reason();
        result.lower_bound = bound_;
        return finish(std::move(result));
      }
      if (is_dead_end(next_bound_)) {
        result.status = Status::unsolvable;
        return finish(std::move(result));
      }
      bound_ = next_bound_;
      if (guard_.check_slow()) {  // between iterations: the time and Ctrl-C limits
        result.status = Status::stopped;
        result.stop_reason = guard_.reason();
        result.lower_bound = bound_;
        return finish(std::move(result));
      }
    }
  }

 private:
  static std::size_t capped_entries(const IdaStarOptions& o) {
    std::size_t n = o.transposition_entries;
    if (o.limits.max_bytes != 0) {
      const std::size_t per_entry = sizeof(typename StoredState<D>::type) + 24;
      n = std::min(n, o.limits.max_bytes / 2 / per_entry);
    }
    return n;
  }

  // The current state is state_, reached with cost g at `depth`, heuristic value h, f <= bound_;
  // path_[0, depth) holds the moves that led here. Returns true when the search must unwind:
  // a goal was found (solution_depth_ says where) or a limit stopped it (stopped_).
  // Written to compile to a hand-written loop for the cheap domains: the transposition table's
  // test is a template parameter, the dead-end test and the saturating sum disappear for
  // heuristics that never return dead ends, the path is an array indexed by depth (nothing to
  // pop), and the limits cost one countdown per expansion.
  template <bool kTable>
  bool visit(Cost g, Cost h, [[maybe_unused]] MemoArg memo, std::uint32_t automaton, std::size_t depth) {
    if (domain_.is_goal(state_)) {
      solution_depth_ = depth;
      return true;
    }
    if (guard_.should_stop(stats_.expanded)) [[unlikely]] {
      stopped_ = true;
      return true;
    }
    ++stats_.expanded;
    if constexpr (O::kWantsNodes) observer_.on_expand(state_, g, h);
    if constexpr (O::kWantsProgress) {
      if ((stats_.expanded & 0xFFFFF) == 0) observer_.on_progress(stats_, guard_.seconds());
    }
    if (depth >= deepest_) [[unlikely]] {  // a depth not reached before
      deepest_ = depth + 1;
      if (deepest_ > path_.size()) path_.resize(2 * deepest_);
    }
    bool unwind = false;
    domain_.for_each_move(state_, [&](const Move& m) {
      if (unwind) return;
      std::uint32_t child_automaton = 0;
      if constexpr (kPruning) {
        if (!pruner_step(pruner_, domain_, automaton, m, child_automaton, stats_.pruned)) {
          if constexpr (O::kWantsNodes) observer_.on_prune(state_, m);
          return;
        }
      }
      const Cost c = domain_.cost(state_, m);
      [[maybe_unused]] State parent_copy;
      if constexpr (O::kWantsNodes) parent_copy = state_;
      const auto undo = domain_.apply(state_, m);
      ++stats_.generated;
      [[maybe_unused]] Memo child_memo;
      Cost hc;
      if constexpr (kMemo) {
        hc = static_cast<Cost>(h_.estimate_after(state_, m, memo, child_memo));
      } else {
        hc = evaluate_child<D>(h_, state_, m, h);
      }
      const Cost child_g = static_cast<Cost>(g + c);
      if constexpr (O::kWantsNodes) observer_.on_generate(parent_copy, state_, m, child_g, hc);
      if (kMayDeadEnd && is_dead_end(hc)) {
        ++stats_.dead_ends;
      } else if (kTable && tt_.seen(domain_, state_, domain_.hash(state_), child_automaton, child_g)) {
        // Reached before in this iteration at no greater g: its f was no greater either, and
        // it was either searched or already counted toward the next bound.
        ++stats_.duplicates;
        if constexpr (O::kWantsNodes) observer_.on_duplicate(state_, static_cast<std::int64_t>(child_g));
      } else if (const Cost f = kMayDeadEnd ? saturating_add(child_g, hc) : static_cast<Cost>(child_g + hc);
                 f > bound_) {
        if (f < next_bound_) next_bound_ = f;
      } else {
        path_[depth] = m;
        unwind = visit<kTable>(child_g, hc, child_memo, child_automaton, depth + 1);
      }
      domain_.undo(state_, m, undo);
    });
    return unwind;
  }

  Cost path_cost(const State& start, const std::vector<Move>& plan) const {
    State s = start;
    Cost total = 0;
    for (const Move& m : plan) {
      total = static_cast<Cost>(total + domain_.cost(s, m));
      domain_.apply(s, m);
    }
    return total;
  }

  Result<Move, Cost> finish(Result<Move, Cost> result) {
    stats_.seconds = guard_.seconds();
    stats_.withheld = withheld_moves(domain_) - withheld_at_start_;
    // Each depth reached holds a frame of visit (its locals, the undo record, saved registers).
    stats_.peak_bytes = tt_.bytes() + path_.capacity() * sizeof(Move) +
                        deepest_ * (sizeof(State) + 8 * sizeof(void*));
    result.stats = std::move(stats_);
    return result;
  }

  const D& domain_;
  std::uint64_t withheld_at_start_ = withheld_moves(domain_);
  const H& h_;
  const P& pruner_;
  O& observer_;
  LimitGuard guard_;
  TranspositionTable<D> tt_;
  std::int64_t first_bound_;
  State state_{};
  std::vector<Move> path_;  // path_[d]: the move taken at depth d on the current path
  std::size_t solution_depth_ = 0;
  std::size_t deepest_ = 0;  // 1 + the greatest depth expanded so far
  Cost bound_ = 0;
  Cost next_bound_ = 0;
  bool stopped_ = false;
  Statistics stats_;
};

}  // namespace detail

template <Domain D, Heuristic<D> H, MovePruner P, class O>
Result<typename D::Move, typename D::Cost> ida_star(const D& domain,
                                                    const typename D::State& start, const H& h,
                                                    const IdaStarOptions& options, const P& pruner,
                                                    O& observer) {
  detail::IdaStarSearch<D, H, P, O> search(domain, h, pruner, observer, options);
  return search.run(start);
}

template <Domain D, Heuristic<D> H, MovePruner P = NoPruning>
Result<typename D::Move, typename D::Cost> ida_star(const D& domain,
                                                    const typename D::State& start, const H& h,
                                                    const IdaStarOptions& options = {},
                                                    const P& pruner = P{}) {
  NullObserver observer;
  return ida_star(domain, start, h, options, pruner, observer);
}

}  // namespace hsearch
