#pragma once
// Anytime search by restarting weighted A* (after Richter, Thayer & Ruml 2010): a first
// solution fast, then shorter ones until the limits, each restart with a smaller weight on h.
//
// - Runs the framework's A* once per weight pair (w_g, w_h) of the schedule, in order; the
//   default is the paper's weights on h (5, 3, 2, 1.5, then 1: A* itself). (0, 1) is greedy
//   search on h alone.
// - Every restart after the first solution only looks for cheaper ones: children whose
//   g + h (unweighted) reaches the best cost so far are dropped (AStarOptions::cost_bound).
// - A weighted restart neither reopens closed nodes (its solution is only a candidate) nor
//   proves anything when it ends without a cheaper solution; the schedule goes on. The exact
//   restart (w_g == w_h) reopens, so with an admissible heuristic its end is a proof: either
//   its solution is optimal, or no solution is cheaper than the best one held.
// - A restart stopped by a limit ends the run (a smaller weight would not get further).
// - Without a solution held, a restart that runs out of nodes has proven the problem
//   unsolvable (every reachable state was expanded; no bound was used).
// The result is the best solution found (optimal only when proven), its lower bound the
// best proven, its statistics the sum over restarts (peak bytes the largest).
// `on_solution(result, w_g, w_h)` is called for each solution found, cheaper than the last.
// A guide (the overload with one more heuristic) orders the restarts that run while no
// solution is held, instead of h: it need not be admissible (a domain's knowledge of what to do
// first, say), since those restarts prove nothing; h takes over once a solution is held, for
// the cost bound and the proof. The guide's dead ends must be dead ends: a guided restart that
// runs out of nodes is reported unsolvable, as one on h is.
// A solution found beforehand by another search (`held`, the last overload) is the best held
// from the start: every restart looks only for cheaper ones, and the result is it, proven
// optimal or not, when none is found.
#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "hsearch/core/domain.hpp"
#include "hsearch/core/limits.hpp"
#include "hsearch/core/observer.hpp"
#include "hsearch/core/result.hpp"
#include "hsearch/heuristics/heuristic.hpp"
#include "hsearch/search/astar.hpp"

namespace hsearch {

struct RestartingWeightedAStarOptions {
  // The whole run's time, node and stop-flag limits; max_bytes bounds each restart's tables.
  Limits limits;
  // (w_g, w_h) per restart, in order; each w >= 0 and not both 0.
  std::vector<std::pair<int, int>> schedule = {{1, 5}, {1, 3}, {1, 2}, {2, 3}, {1, 1}};
  bool newer_first_on_ties = true;
};

namespace restarting_detail {

// guide == nullptr: h orders every restart.
template <Domain D, Heuristic<D> H, Heuristic<D> G, class O, class OnSolution>
Result<typename D::Move, typename D::Cost> run(const D& domain, const typename D::State& start, const H& h,
                                               const G* guide, const RestartingWeightedAStarOptions& options,
                                               O& observer, OnSolution&& on_solution,
                                               Result<typename D::Move, typename D::Cost> held = {}) {
  using R = Result<typename D::Move, typename D::Cost>;
  const LimitGuard clock(Limits{});
  const bool held_solution = held.solved();
  Statistics total;
  if (held_solution) total = held.stats;  // (the earlier search's work counts too)
  const double held_seconds = held_solution ? held.stats.seconds : 0.0;
  R best = std::move(held);
  bool have = held_solution;
  // A lower bound on the optimal cost: h of the start, then what the exact restart proves.
  typename D::Cost proven = 0;
  if (is_admissible(h)) {
    const auto h0 = static_cast<typename D::Cost>(h.estimate(start));
    if (!is_dead_end(h0)) proven = h0;
  }
  bool last_stopped = false;
  StopReason last_reason = StopReason::none;
  // One clock for every restart: the time limit covers the whole run.
  const Limits limits = options.limits.with_clock_started();
  for (const auto& [wg, wh] : options.schedule) {
    if (have && proven >= best.cost) break;  // (a held solution that h of the start proves)
    if (LimitGuard before(limits); before.check_slow()) {  // (a search checks its clock only now and then)
      last_stopped = true;
      last_reason = before.reason();
      break;
    }
    AStarOptions run;
    run.limits = limits;
    if (run.limits.max_expanded > 0) {
      if (total.expanded >= run.limits.max_expanded) {
        last_stopped = true;
        last_reason = StopReason::node_limit;
        break;
      }
      run.limits.max_expanded -= total.expanded;
    }
    run.weight_g = wg;
    run.weight_h = wh;
    const bool exact = wg == wh && wg > 0;
    run.reopen_closed = exact;
    run.newer_first_on_ties = options.newer_first_on_ties;
    run.cost_bound = have ? static_cast<std::int64_t>(best.cost) : 0;
    announce_phase(observer, "weighted A* " + std::to_string(wg) + ":" + std::to_string(wh) +
                                 (have ? ", cheaper than " + std::to_string(best.cost) : std::string()));
    const bool guided = !have && guide != nullptr;
    R r = guided ? astar(domain, start, *guide, run, observer) : astar(domain, start, h, run, observer);
    const bool exact_on_h = exact && !guided;
    if (guided) {  // a guided restart proves nothing, whatever the guide claims
      r.optimal = false;
      r.lower_bound = 0;
    }
    total += r.stats;
    if (exact_on_h && is_admissible(h)) proven = std::max(proven, r.lower_bound);
    if (r.solved()) {
      best = std::move(r);
      have = true;
      on_solution(best, wg, wh);
      if (best.optimal) break;
      continue;
    }
    if (r.status == Status::unsolvable) {
      if (!have) {  // no bound was used: every reachable state was expanded
        best = std::move(r);
        break;
      }
      if (exact_on_h && is_admissible(h)) break;  // nothing cheaper than the best held
      continue;
    }
    last_stopped = true;
    last_reason = r.stop_reason;
    if (!have) best = std::move(r);
    break;
  }
  total.seconds = clock.seconds() + held_seconds;
  if (have) {
    best.status = Status::solved;
    best.stop_reason = StopReason::none;
    if (proven >= best.cost) best.optimal = true;
    best.lower_bound = best.optimal ? best.cost : std::min(best.cost, proven);
  } else if (last_stopped) {
    best.status = Status::stopped;
    best.stop_reason = last_reason;
    best.lower_bound = proven;
  }
  best.algorithm = "restarting-weighted-astar";
  best.stats = std::move(total);
  return best;
}

}  // namespace restarting_detail

template <Domain D, Heuristic<D> H, class O, class OnSolution>
Result<typename D::Move, typename D::Cost> restarting_weighted_astar(const D& domain, const typename D::State& start,
                                                                     const H& h,
                                                                     const RestartingWeightedAStarOptions& options,
                                                                     O& observer, OnSolution&& on_solution) {
  return restarting_detail::run(domain, start, h, static_cast<const H*>(nullptr), options, observer, on_solution);
}

// The restarts without a solution held are ordered by `guide`.
template <Domain D, Heuristic<D> H, Heuristic<D> G, class O, class OnSolution>
Result<typename D::Move, typename D::Cost> restarting_weighted_astar(const D& domain, const typename D::State& start,
                                                                     const H& h, const G& guide,
                                                                     const RestartingWeightedAStarOptions& options,
                                                                     O& observer, OnSolution&& on_solution) {
  return restarting_detail::run(domain, start, h, &guide, options, observer, on_solution);
}

template <Domain D, Heuristic<D> H, class OnSolution>
Result<typename D::Move, typename D::Cost> restarting_weighted_astar(const D& domain, const typename D::State& start,
                                                                     const H& h,
                                                                     const RestartingWeightedAStarOptions& options,
                                                                     OnSolution&& on_solution) {
  NullObserver observer;
  return restarting_weighted_astar(domain, start, h, options, observer, on_solution);
}

template <Domain D, Heuristic<D> H, Heuristic<D> G, class OnSolution>
Result<typename D::Move, typename D::Cost> restarting_weighted_astar(const D& domain, const typename D::State& start,
                                                                     const H& h, const G& guide,
                                                                     const RestartingWeightedAStarOptions& options,
                                                                     OnSolution&& on_solution) {
  NullObserver observer;
  return restarting_detail::run(domain, start, h, &guide, options, observer, on_solution);
}

// Starts from a solution another search found (held.solved()): only cheaper ones are sought.
template <Domain D, Heuristic<D> H, class O, class OnSolution>
Result<typename D::Move, typename D::Cost> restarting_weighted_astar(const D& domain, const typename D::State& start,
                                                                     const H& h,
                                                                     const RestartingWeightedAStarOptions& options,
                                                                     O& observer, OnSolution&& on_solution,
                                                                     Result<typename D::Move, typename D::Cost> held) {
  return restarting_detail::run(domain, start, h, static_cast<const H*>(nullptr), options, observer, on_solution,
                                std::move(held));
}

}  // namespace hsearch
