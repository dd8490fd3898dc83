#pragma once
// Runs one framework search (A*, IDA*, BFS, IDDFS) chosen by name on a domain, with the
// teaching observers when asked, replays the plan, and fills a RunRecord. Adapters call it
// after building their domain object, heuristic and pruner.
#include <concepts>
#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "hsearch/compare/run_record.hpp"
#include "hsearch/core/domain.hpp"
#include "hsearch/core/limits.hpp"
#include "hsearch/core/observer.hpp"
#include "hsearch/core/result.hpp"
#include "hsearch/heuristics/heuristic.hpp"
#include "hsearch/observers/dot_observer.hpp"
#include "hsearch/observers/trace_observer.hpp"
#include "hsearch/pruning/pruner.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/search/bfs.hpp"
#include "hsearch/search/dfs.hpp"
#include "hsearch/search/ida_star.hpp"

namespace hsearch::compare {

// Replays `plan` from `start`: every move must be one the domain offers in that state, the end
// must be a goal, and the costs must add up to `cost`.
template <Domain D>
bool replay_reaches_goal(const D& domain, typename D::State state,
                         const std::vector<typename D::Move>& plan, std::int64_t cost) {
  using Move = typename D::Move;
  std::int64_t total = 0;
  for (const Move& m : plan) {
    bool offered = false;
    domain.for_each_move(state, [&](const Move& candidate) {
      if constexpr (std::equality_comparable<Move>) {
        offered = offered || candidate == m;
      } else {
        offered = offered || move_name(domain, candidate) == move_name(domain, m);
      }
    });
    if (!offered) return false;
    total += domain.cost(state, m);
    domain.apply(state, m);
  }
  return domain.is_goal(state) && total == cost;
}

struct SearchOptions {
  Limits limits;
  std::size_t transposition_entries = 0;  // IDA*
  bool newer_first_on_ties = false;       // A*: AStarOptions::newer_first_on_ties
};

// The trace's last line: how the search ended.
template <class Move, class Cost>
std::string result_summary(const Result<Move, Cost>& r) {
  std::string line = std::string("result: ") + to_string(r.status);
  if (r.solved()) line += ", cost " + std::to_string(r.cost) + (r.optimal ? " (optimal)" : "");
  if (r.status == Status::stopped) line += std::string(" (") + to_string(r.stop_reason) + ")";
  line += ", expanded " + std::to_string(r.stats.expanded) + ", generated " +
          std::to_string(r.stats.generated) + ", reopened " + std::to_string(r.stats.reopened);
  return line;
}

// Fills the record's outcome and counters from a framework result.
template <class Move, class Cost>
void record_result(RunRecord& record, const Result<Move, Cost>& r) {
  record.status = to_string(r.status);
  record.stop_reason = to_string(r.stop_reason);
  record.cost = r.solved() ? static_cast<std::int64_t>(r.cost) : -1;
  record.optimal = r.solved() && r.optimal;
  record.lower_bound = static_cast<std::int64_t>(r.lower_bound);
  record.expanded = r.stats.expanded;
  record.generated = r.stats.generated;
  record.reopened = r.stats.reopened;
  record.pruned = r.stats.pruned;
  record.duplicates = r.stats.duplicates;
  record.iterations = r.stats.iterations.size();
  record.plan_length = r.plan.size();
  record.seconds = r.stats.seconds;
  record.peak_bytes = r.stats.peak_bytes;
}

// The observer of a teaching run: forwards to a trace and/or a DOT recorder (either may be
// absent). One type for all teaching runs keeps the number of search instantiations down.
template <Domain D>
class TeachingObserver : public NullObserver {
 public:
  static constexpr bool kWantsNodes = true;

  TeachingObserver(TraceObserver<D>* trace, DotObserver<D>* dot) : trace_(trace), dot_(dot) {}

  void on_iteration_begin(std::int64_t bound) {
    if (trace_ != nullptr) trace_->on_iteration_begin(bound);
    if (dot_ != nullptr) dot_->on_iteration_begin(bound);
  }
  void on_iteration_end(const IterationStats& it) {
    if (trace_ != nullptr) trace_->on_iteration_end(it);
  }
  void on_expand(const typename D::State& s, std::int64_t g, std::int64_t h) {
    if (dot_ != nullptr) dot_->on_expand(s, g, h);
  }
  void on_generate(const typename D::State& parent, const typename D::State& child,
                   const typename D::Move& m, std::int64_t g, std::int64_t h) {
    if (dot_ != nullptr) dot_->on_generate(parent, child, m, g, h);
  }
  void on_reopen(const typename D::State& s, std::int64_t old_g, std::int64_t new_g) {
    if (trace_ != nullptr) trace_->on_reopen(s, old_g, new_g);
  }

 private:
  TraceObserver<D>* trace_;
  DotObserver<D>* dot_;
};

// Runs record.algorithm (astar | idastar | bfs | iddfs) with heuristic h and pruner p. The
// record's instance and configuration fields must be set by the caller. The pruner is only
// used by the depth-first searches (the grid never pairs it with the others).
template <Domain D, Heuristic<D> H, MovePruner P>
void run_search(RunRecord& record, const D& domain, const typename D::State& start, const H& h,
                const P& pruner, const SearchOptions& options, const Teaching& teaching) {
  const std::string& a = record.algorithm;
  auto search = [&](auto& observer) {
    if (a == "astar") {
      AStarOptions astar_options{options.limits, 1, 1};
      astar_options.newer_first_on_ties = options.newer_first_on_ties;
      return astar(domain, start, h, astar_options, observer);
    }
    if (a == "bfs") return bfs(domain, start, BfsOptions{options.limits}, observer);
    if (a == "iddfs") {
      IddfsOptions o;
      o.limits = options.limits;
      return iterative_deepening_dfs(domain, start, o, pruner, observer);
    }
    IdaStarOptions o;
    o.limits = options.limits;
    o.transposition_entries = options.transposition_entries;
    return ida_star(domain, start, h, o, pruner, observer);
  };
  if (a != "astar" && a != "bfs" && a != "iddfs" && a != "idastar") {
    record.status = "error";
    record.error = "unknown algorithm '" + a + "'";
    return;
  }
  Result<typename D::Move, typename D::Cost> result;
  if (!teaching.active()) {
    NullObserver none;
    result = search(none);
  } else {
    std::ostream null_stream(nullptr);  // a stream that discards what it is given
    TraceObserver<D> trace(domain, teaching.trace != nullptr ? *teaching.trace : null_stream);
    DotObserver<D> dot(domain, teaching.dot != nullptr ? teaching.dot_max_nodes : 0);
    TeachingObserver<D> observer(teaching.trace != nullptr ? &trace : nullptr,
                                 teaching.dot != nullptr ? &dot : nullptr);
    result = search(observer);
    if (teaching.trace != nullptr) {
      trace.finish();
      *teaching.trace << result_summary(result) << "\n";
    }
    if (teaching.dot != nullptr) dot.write(*teaching.dot);
  }
  record_result(record, result);
  if (result.solved()) {
    record.verified = replay_reaches_goal(domain, start, result.plan, record.cost);
    if (!record.verified) {
      record.status = "error";
      record.error = "the plan failed its replay (illegal move, no goal, or wrong cost)";
    }
  }
}

}  // namespace hsearch::compare
