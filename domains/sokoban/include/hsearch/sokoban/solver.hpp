#pragma once
// One call from a level to a verified push-optimal solution (or an honest status): the
// validation, the static analysis, the framework's IDA* (with a transposition table, as the
// thesis) or A* (with reopening), the LURD string, and its replay check.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <string>

#include <unistd.h>

#include "hsearch/core/limits.hpp"
#include "hsearch/core/observer.hpp"
#include "hsearch/core/result.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/search/ida_star.hpp"
#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/fewer_moves_domain.hpp"
#include "hsearch/sokoban/level.hpp"
#include "hsearch/sokoban/pattern_search.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"
#include "hsearch/sokoban/solution.hpp"

namespace hsearch::sokoban {

enum class Algorithm { ida, astar };

// A*'s memory limit when none is given: a quarter of the machine's memory (or of the
// container's limit, cgroup v2 or v1, when lower), at least 2 GiB: two collections side by
// side, plus the tables' growth, stay well inside it.
inline std::size_t default_astar_memory() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  std::size_t total = pages > 0 && page > 0 ? static_cast<std::size_t>(pages) * static_cast<std::size_t>(page) : 0;
  for (const char* path : {"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"}) {
    std::ifstream in(path);
    unsigned long long limit = 0;
    if (in >> limit && limit > 0 && limit < total) total = static_cast<std::size_t>(limit);
  }
  return std::max<std::size_t>(std::size_t{2048} << 20, total / 4);
}

struct SolveOptions {
  // A* is the default: on Microban it needs far fewer expansions than IDA*, which re-searches
  // the tree at every bound (measured with bench/sokoban; see docs/sokoban.md).
  Algorithm algorithm = Algorithm::astar;
  Limits limits;  // max_bytes also sizes IDA*'s transposition table (half of it)
  // The frozen-corral deadlock test (corral.hpp); sound, so on by default.
  bool corral_test = true;
  // PI-corral pruning (pi_corral.hpp); keeps push-optimality, so on by default.
  bool pi_corrals = true;
  // Push distances that treat boxes frozen on goals as walls (frozen_goals.hpp); admissible,
  // so on by default.
  bool frozen_goal_distances = true;
  // Pattern search (pattern_search.hpp): sub-states around each pushed box solved exactly;
  // their deadlocks and extra costs raise the bound. Admissible (penalty_table.hpp), so on by
  // default since its budget became small (docs/sokoban.md, "Pattern search").
  bool pattern_search = true;
  PatternSearchOptions patterns;
  // Fewer moves (fewer_moves_domain.hpp, fewer_moves_pass below): once the push optimum is
  // known, a second search over (pushes, then moves) with the rest of the time and a node
  // budget of max(this, the first search's expansions); its plan replaces the first when it
  // finishes and needs fewer moves.
  bool fewer_moves = true;
  std::uint64_t fewer_moves_min_nodes = 600000;
  // A*: among equal f and g, expand the newest node first (AStarOptions; order of ties only).
  bool newer_first_on_ties = true;
  // A*: the domain's table of recently generated states (SokobanDomain::enable_state_cache),
  // 2^bits entries of about 1 KB; only speed depends on it.
  int state_cache_bits = 12;
  // A*'s memory limit when limits.max_bytes is 0.
  std::size_t default_astar_bytes = default_astar_memory();
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
  // Fewer-moves pass: its expansions (not in stats), whether it finished, the first plan's moves.
  std::uint64_t moves_pass_expanded = 0;
  bool moves_pass_finished = false;
  bool moves_minimal = false;  // the fewest moves among all push-optimal solutions (proven)
  double seconds_before_moves_pass = 0;
  int moves_first_plan = 0;
  // Pattern search: sub-searches run, their expansions (not in stats), patterns learned.
  std::uint64_t pattern_searches = 0;
  std::uint64_t pattern_expanded = 0;
  std::size_t deadlock_patterns = 0;
  std::size_t penalty_patterns = 0;
  bool solved() const { return status == "solved"; }
};

inline const char* status_name(const Result<SokobanDomain::Move, int>& r) {
  if (r.status == Status::solved) return "solved";
  if (r.status == Status::unsolvable) return "unsolvable";
  switch (r.stop_reason) {
    case StopReason::time_limit: return "timeout";
    case StopReason::node_limit: return "node_limit";
    case StopReason::memory_limit: return "memory_limit";
    case StopReason::interrupted: return "interrupted";
    default: return "stopped";
  }
}

// Passes the progress lines of the caller's observer on to the fewer-moves pass (whose states
// are of another domain, so node-level hooks such as traces are not passed on).
template <class Observer>
struct ProgressOnly : NullObserver {
  static constexpr bool kWantsProgress = Observer::kWantsProgress;
  Observer* observer;
  void on_progress(const Statistics& stats, double seconds) { observer->on_progress(stats, seconds); }
};

// The fewer-moves pass (fewer_moves_domain.hpp), in two stages that share one budget (the rest
// of the time limit; max(fewer_moves_min_nodes, the push search's expansions) expansions, half
// each): first over every legal push — when it finishes, the moves are the fewest among all
// push-optimal solutions (report.moves_minimal) — then, if it did not, over the PI-corral-pruned
// pushes (a smaller graph; the fewest moves among the plans the pruning keeps). Replaces
// `solution` by a finished stage's plan when it has fewer moves.
template <class Observer>
void fewer_moves_pass(const Board& board, const SolveOptions& options, const Result<SokobanDomain::Move, int>& pushes,
                      Solution& solution, SolveReport& report, Observer& observer) {
  const LimitGuard clock(Limits{});
  std::uint64_t budget = std::max(options.fewer_moves_min_nodes, pushes.stats.expanded);
  // A node limit of the caller bounds both searches together.
  if (options.limits.max_expanded > 0) {
    if (options.limits.max_expanded <= pushes.stats.expanded + 1) return;
    budget = std::min(budget, options.limits.max_expanded - pushes.stats.expanded);
  }
  if constexpr (requires { observer.on_phase(std::string()); }) {
    observer.on_phase("push-optimal: " + std::to_string(pushes.cost) + " pushes, " + std::to_string(solution.moves) +
                      " moves; looking for fewer moves");
  }
  ProgressOnly<Observer> progress;
  progress.observer = &observer;
  for (const bool pruned : {false, true}) {
    SokobanDomain graph(board);
    graph.set_corral_test(options.corral_test);
    graph.set_pi_corrals(pruned);
    graph.set_frozen_goal_distances(options.frozen_goal_distances);
    graph.enable_state_cache(options.state_cache_bits);
    const FewerMovesDomain moves_domain(graph);
    AStarOptions stage;
    stage.limits = options.limits;
    if (stage.limits.max_seconds > 0) {
      stage.limits.max_seconds -= report.seconds_before_moves_pass + clock.seconds();
      if (stage.limits.max_seconds <= 0) return;
    }
    // (0 would mean "no limit" to the search: a spent budget ends the pass instead.)
    const std::uint64_t stage_nodes = pruned ? budget - std::min(budget, report.moves_pass_expanded) : budget / 2;
    if (stage_nodes == 0) return;
    stage.limits.max_expanded = stage_nodes;
    if (stage.limits.max_bytes == 0) stage.limits.max_bytes = options.default_astar_bytes;
    stage.newer_first_on_ties = true;
    const auto better = astar(moves_domain, moves_domain.initial_state(), FewerMovesLowerBound{}, stage, progress);
    report.moves_pass_expanded += better.stats.expanded;
    if (!better.solved() || !better.optimal || better.cost / FewerMovesDomain::kPushWeight != pushes.cost) continue;
    report.moves_pass_finished = true;
    report.moves_minimal = !pruned;
    Solution candidate = plan_to_lurd(board, better.plan);
    if (candidate.moves < solution.moves) solution = std::move(candidate);
    return;
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
    domain.set_frozen_goal_distances(options.frozen_goal_distances);
    PatternSearch patterns(board, options.patterns);
    if (options.pattern_search) domain.set_bound_hook(&patterns);
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
    report.pattern_searches = patterns.stats().searches;
    report.pattern_expanded = patterns.stats().expanded;
    report.deadlock_patterns = patterns.table().deadlocks();
    report.penalty_patterns = patterns.table().penalties();
    report.stats = result.stats;
    report.lower_bound = result.lower_bound;
    if (result.solved()) {
      Solution solution = plan_to_lurd(board, result.plan);
      report.moves_first_plan = solution.moves;
      const double left = options.limits.max_seconds > 0 ? options.limits.max_seconds - clock.seconds() : 1.0;
      report.seconds_before_moves_pass = clock.seconds();
      if (options.fewer_moves && result.optimal && left > 0 &&
          static_cast<std::int64_t>(result.cost + 1) * (board.cell_count() + 1) < FewerMovesDomain::kPushWeight) {
        fewer_moves_pass(board, options, result, solution, report, observer);
      }
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
