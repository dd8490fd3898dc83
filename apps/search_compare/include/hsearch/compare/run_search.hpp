#pragma once
// Runs one framework search chosen by name (hsearch::search_by_name) on a domain, with the
// teaching recorders when asked (hsearch::run_teaching), replays the plan
// (hsearch::plan_replays), and fills a RunRecord. Adapters call it after building their domain
// object, heuristic and pruner.
#include <cstdint>

#include "hsearch/compare/run_record.hpp"
#include "hsearch/core/domain.hpp"
#include "hsearch/core/replay.hpp"
#include "hsearch/core/result.hpp"
#include "hsearch/heuristics/heuristic.hpp"
#include "hsearch/observers/teaching_observer.hpp"
#include "hsearch/pruning/pruner.hpp"
#include "hsearch/search/by_name.hpp"

namespace hsearch::compare {

// Fills the record's outcome and counters from a framework result.
template <class Move, class Cost>
void record_result(RunRecord& record, const Result<Move, Cost>& r) {
  record.status = r.status;
  record.stop_reason = r.stop_reason;
  record.cost = r.solved() ? static_cast<std::int64_t>(r.cost) : -1;
  record.optimal = r.solved() && r.optimal;
  record.lower_bound = static_cast<std::int64_t>(r.lower_bound);
  record.expanded = r.stats.expanded;
  record.generated = r.stats.generated;
  record.reopened = r.stats.reopened;
  record.pruned = r.stats.pruned;
  record.duplicates = r.stats.duplicates;
  record.iterations = r.stats.iterations;
  record.plan_length = r.plan.size();
  record.seconds = r.stats.seconds;
  record.peak_bytes = r.stats.peak_bytes;
}

// Runs record.algorithm with heuristic h and pruner p (settings: limits and the algorithms'
// options; its algorithm is taken from the record). The record's instance and configuration
// fields must be set by the caller. The pruner is only used by the depth-first searches (the
// grid never pairs it with the others).
template <Domain D, Heuristic<D> H, MovePruner P>
void run_search(RunRecord& record, const D& domain, const typename D::State& start, const H& h,
                const P& pruner, SearchSettings settings, const Teaching& teaching) {
  settings.algorithm = record.algorithm;
  const auto result = run_teaching(domain, teaching, [&](auto& observer) {
    return search_by_name(domain, start, h, pruner, settings, observer);
  });
  record_result(record, result);
  if (result.solved()) {
    record.verified = plan_replays(domain, start, result.plan, record.cost);
    if (!record.verified) {
      record.error = "the plan failed its replay (illegal move, no goal, or wrong cost)";
      record.optimal = false;  // nothing is proven about a plan that does not replay
    }
  }
}

}  // namespace hsearch::compare
