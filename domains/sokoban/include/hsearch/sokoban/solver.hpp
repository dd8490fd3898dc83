#pragma once
// One call from a level to a verified push-optimal solution (or an honest status): the
// validation, the static analysis, the framework's IDA* (with a transposition table, as the
// thesis) or A* (with reopening), the LURD string, and its replay check.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "hsearch/core/limits.hpp"
#include "hsearch/core/observer.hpp"
#include "hsearch/core/result.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/search/ida_star.hpp"
#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/level.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"
#include "hsearch/sokoban/solution.hpp"

namespace hsearch::sokoban {

enum class Algorithm { ida, astar };

struct SolveOptions {
  // A* is the default: on Microban it needs far fewer expansions than IDA*, which re-searches
  // the tree at every bound (measured with bench/sokoban; see docs/sokoban.md).
  Algorithm algorithm = Algorithm::astar;
  Limits limits;  // max_bytes also sizes IDA*'s transposition table (half of it)
  // The frozen-corral deadlock test (corral.hpp); sound, so on by default.
  bool corral_test = true;
  // PI-corral pruning (pi_corral.hpp); keeps push-optimality, so on by default.
  bool pi_corrals = true;
  // A*: among equal f and g, expand the newest node first (AStarOptions; order of ties only).
  bool newer_first_on_ties = true;
  // A*: the domain's table of recently generated states (SokobanDomain::enable_state_cache),
  // 2^bits entries of about 1 KB; only speed depends on it.
  int state_cache_bits = 12;
  // A*'s memory limit when limits.max_bytes is 0.
  std::size_t default_astar_bytes = std::size_t{2048} << 20;
  // IDA*'s transposition table when no memory limit is given (entries, power of two).
  std::size_t default_transposition_entries = std::size_t{1} << 20;
};

struct SolveReport {
  // solved | unsolvable | timeout | node_limit | memory_limit | interrupted | invalid | error
  std::string status;
  std::string message;  // for invalid / error: what is wrong
  bool optimal = false;
  int pushes = 0;
  int moves = 0;
  std::string lurd;
  int lower_bound = 0;  // a proven lower bound on the pushes (the optimum when solved optimally)
  Statistics stats;
  double seconds = 0;   // the whole call: analysis + search + solution
  bool solved() const { return status == "solved"; }
};

inline const char* status_name(const Result<SokobanDomain::Move, int>& r) {
  if (r.status == Status::solved) return "solved";
  if (r.status == Status::no_solution) return "unsolvable";
  switch (r.stop_reason) {
    case StopReason::time_limit: return "timeout";
    case StopReason::node_limit: return "node_limit";
    case StopReason::memory_limit: return "memory_limit";
    case StopReason::interrupted: return "interrupted";
    default: return "stopped";
  }
}

template <class Observer = NullObserver>
SolveReport solve_level(const Level& level, const SolveOptions& options, Observer& observer) {
  SolveReport report;
  const LimitGuard clock(Limits{});
  try {
    const Board board(level);
    SokobanDomain domain(board);
    domain.set_corral_test(options.corral_test);
    domain.set_pi_corrals(options.pi_corrals);
    const SokobanDomain::State start = domain.initial_state();
    const PushLowerBound h;
    Result<SokobanDomain::Move, int> result;
    if (options.algorithm == Algorithm::ida) {
      IdaStarOptions ida;
      ida.limits = options.limits;
      const std::size_t full_table =
          options.limits.max_bytes != 0 ? options.limits.max_bytes / 2 / 64 : options.default_transposition_entries;
      // Most levels need few nodes: a first try with a small table avoids clearing tens of
      // megabytes for them. Only when it runs out of its node budget does the full search run.
      constexpr std::uint64_t kFirstTryNodes = 20000;
      if (options.limits.max_expanded == 0 || options.limits.max_expanded > kFirstTryNodes) {
        IdaStarOptions first = ida;
        first.limits.max_expanded = kFirstTryNodes;
        first.transposition_entries = std::min<std::size_t>(full_table, std::size_t{1} << 14);
        result = ida_star(domain, start, h, first, NoPruning{}, observer);
        if (result.status == Status::stopped && result.stop_reason == StopReason::node_limit) {
          const Statistics spent = result.stats;
          if (ida.limits.max_seconds > 0) ida.limits.max_seconds = std::max(1e-3, ida.limits.max_seconds - spent.seconds);
          if (ida.limits.max_expanded > 0) ida.limits.max_expanded -= spent.expanded;
          ida.transposition_entries = full_table;
          result = ida_star(domain, start, h, ida, NoPruning{}, observer);
          result.stats.expanded += spent.expanded;
          result.stats.generated += spent.generated;
          result.stats.duplicates += spent.duplicates;
          result.stats.dead_ends += spent.dead_ends;
          result.stats.seconds += spent.seconds;
        }
      } else {
        ida.transposition_entries = full_table;
        result = ida_star(domain, start, h, ida, NoPruning{}, observer);
      }
    } else {
      domain.enable_state_cache(options.state_cache_bits);
      AStarOptions astar_options;
      astar_options.limits = options.limits;
      astar_options.newer_first_on_ties = options.newer_first_on_ties;
      if (astar_options.limits.max_bytes == 0) astar_options.limits.max_bytes = options.default_astar_bytes;
      result = astar(domain, start, h, astar_options, observer);
    }
    report.status = status_name(result);
    report.stats = result.stats;
    report.lower_bound = result.lower_bound;
    if (result.solved()) {
      const Solution solution = plan_to_lurd(board, result.plan);
      int pushes = -1, moves = -1;
      const std::string problem = verify_lurd(level, solution.lurd, &pushes, &moves);
      if (!problem.empty() || pushes != result.cost) {
        report.status = "error";
        report.message = "internal error: the solution found does not replay (" +
                         (problem.empty() ? std::string("push count differs") : problem) + ")";
      } else {
        report.optimal = result.optimal;
        report.pushes = pushes;
        report.moves = moves;
        report.lurd = solution.lurd;
      }
    }
  } catch (const InvalidLevel& e) {
    report.status = "invalid";
    report.message = e.what();
  } catch (const std::exception& e) {
    report.status = "error";
    report.message = level.where() + ": " + e.what();
  }
  report.seconds = clock.seconds();
  return report;
}

inline SolveReport solve_level(const Level& level, const SolveOptions& options = {}) {
  NullObserver observer;
  return solve_level(level, options, observer);
}

}  // namespace hsearch::sokoban
