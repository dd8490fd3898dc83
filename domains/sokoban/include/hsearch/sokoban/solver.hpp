#pragma once
// One call from a level to a verified push-optimal solution (or an honest status): the
// validation, the static analysis, the framework's A* (with reopening) or IDA* (with a
// transposition table, as the thesis), the LURD string, and its replay check.
//
//   SolveReport solve(const Level&, const SolveRequest&, const Teaching& = {}, Observer* progress = nullptr);
//   SolveReport solve(const Level&, const SolveRequest&, const SolveOptions&, const Teaching& = {}, Observer* = nullptr);
//
// The request names the algorithm (astar | ida), the heuristic ("matching", the default) and
// the limits, as for every domain; SolveOptions holds what only Sokoban has (pattern search,
// the fewer-moves pass, the deadlock tests). solve_level(level, options) is the same search
// with every setting in SolveOptions.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "hsearch/core/limits.hpp"
#include "hsearch/core/observer.hpp"
#include "hsearch/core/result.hpp"
#include "hsearch/core/solve_request.hpp"
#include "hsearch/observers/teaching_observer.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/search/by_name.hpp"
#include "hsearch/search/feature_space_search.hpp"
#include "hsearch/search/hda_star.hpp"
#include "hsearch/search/ida_star.hpp"
#include "hsearch/search/restarting_weighted_astar.hpp"
#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/feature_space.hpp"
#include "hsearch/sokoban/fewer_moves_domain.hpp"
#include "hsearch/sokoban/learned_file.hpp"
#include "hsearch/sokoban/level.hpp"
#include "hsearch/sokoban/packing_order.hpp"
#include "hsearch/sokoban/pattern_search.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"
#include "hsearch/sokoban/solution.hpp"

namespace hsearch::sokoban {

// The framework's algorithm names; Sokoban offers astar and ida.
using hsearch::Algorithm;

// A*'s memory limit when the caller gives none: the program passes the machine's figure
// (hsearch::app::default_search_memory()); this fixed one is for callers that do not.
inline constexpr std::size_t kDefaultAStarBytes = std::size_t{2048} << 20;

// The one heuristic: the minimum-cost matching of boxes to goals by push distance
// (PushLowerBound, kept in each state), raised by the pattern search's penalties.
inline constexpr const char* kDefaultHeuristic = "matching";

// What a solution must minimise. `pushes` (the default): the fewest pushes, proven. `moves`:
// the fewest player moves, then the fewest pushes, proven (A* over FewerMovesDomain, moves
// first, without PI-corral pruning, which keeps push counts but not move counts). `any`: a
// solution fast (weighted A*, h weighted 5), then shorter ones in pushes until the limits
// (restarting weighted A*, restarting_weighted_astar.hpp); proven push-optimal only if its
// last, exact restart finishes.
enum class Objective { pushes, moves, any };

// Where goal macros (goal_macro.hpp) are offered: nowhere, only in the bound probes (the
// searches of A*'s last layer, see astar_with_bound_probes), or in every push search.
enum class GoalMacros { off, probes, everywhere };

inline const char* goal_macros_name(GoalMacros g) {
  switch (g) {
    case GoalMacros::off: return "off";
    case GoalMacros::probes: return "probes";
    case GoalMacros::everywhere: return "everywhere";
  }
  return "?";
}

inline GoalMacros parse_goal_macros(const std::string& name) {
  for (const GoalMacros g : {GoalMacros::off, GoalMacros::probes, GoalMacros::everywhere}) {
    if (name == goal_macros_name(g)) return g;
  }
  throw std::invalid_argument("--goal-macros " + name + ": sokoban offers off, probes, everywhere");
}

inline const char* to_string(Objective o) {
  return o == Objective::any ? "any" : o == Objective::moves ? "moves" : "pushes";
}

// "pushes" | "moves" | "any"; anything else throws std::invalid_argument naming what is offered.
inline Objective parse_objective(const std::string& name) {
  if (name == "pushes") return Objective::pushes;
  if (name == "moves") return Objective::moves;
  if (name == "any") return Objective::any;
  throw std::invalid_argument("--objective " + name + ": sokoban offers pushes, moves, any");
}

struct SolveOptions {
  Objective objective = Objective::pushes;
  // Objective::any: the (w_g, w_h) of each restart; empty: RestartingWeightedAStarOptions's
  // (1:5 first, A* last; on XSokoban at 10 s per level 1:5 first solved 16 levels, 1:3 first
  // 15, greedy (0:1) first 11: docs/sokoban.md).
  std::vector<std::pair<int, int>> any_schedule;
  // A* is the default: on Microban it needs far fewer expansions than IDA*, which re-searches
  // the tree at every bound (measured with bench/sokoban; see docs/sokoban.md). solve() takes
  // the algorithm and the limits from its SolveRequest instead of these two fields.
  Algorithm algorithm = Algorithm::astar;
  // Algorithm::hda: the ranks the push search is spread over (none: one rank, A* in rounds).
  HdaTransport* transport = nullptr;
  Limits limits;  // max_bytes also sizes IDA*'s transposition table (half of it)
  // The frozen-corral deadlock test (corral.hpp); sound, so on by default.
  bool corral_test = true;
  // How many pushes deep the frozen-corral test looks ahead through itself (corral.hpp).
  int corral_depth = 0;
  // Deadlock tables for small windows (window_deadlocks.hpp); sound, so on by default, for
  // levels of at least `window_min_boxes` boxes: on smaller ones the whole search takes less
  // time than classifying the windows (Microban's median rose from 8.6 to 11.1 ms with them
  // on every level: docs/sokoban.md). Not used by Objective::any: what they prune reorders the
  // first-solution search, and on Microban at 10 s it then lost level 144 (154 levels against
  // 155 without them).
  bool window_deadlocks = true;
  int window_min_boxes = 6;
  // Objective::any: the pattern sub-search's expansions (in place of patterns.node_limit, whose
  // 3 000 is chosen for push proofs). With 3 000 the first-solution search loses Microban 144
  // at 10 s, which it solves in 3.5 s with 2 000: the penalties learned first steer its order.
  std::uint64_t any_pattern_nodes = 2000;
  WindowDeadlockOptions window_options;
  // PI-corral pruning (pi_corral.hpp); keeps push-optimality, so on by default.
  bool pi_corrals = true;
  // Tunnel macros (tunnel_macro.hpp): a box pushed into a corridor that the player can only
  // cross through goes on to its end in one move. Keeps push-optimality; used by the searches
  // that add up move costs (A*, IDA*) for the pushes objective. Off by default: measured on
  // XSokoban they save expansions on some levels and cost more on others (docs/sokoban.md).
  bool tunnel_macros = false;
  // Goal macros (goal_macro.hpp): beside the ordinary pushes, a box's pushes onto one of the
  // most enclosed empty goals as one move. Keeps push-optimality (nothing is left out); used as
  // the tunnel macros are. `probes`: only the bound probes offer them (A* with bound probes;
  // with any other search, the same as off). Off by default (docs/sokoban.md has the measurement).
  GoalMacros goal_macros = GoalMacros::off;
  // The start's boxes frozen on goals are walls of the board (board.hpp, BoardOptions): the
  // same states and solutions, so on by default; off only to measure it. Not for
  // Objective::any (board_options below).
  bool start_frozen_walls = true;
  // Push distances that treat boxes frozen on goals as walls (frozen_goals.hpp); admissible,
  // so on by default.
  bool frozen_goal_distances = true;
  // Every bound rounded up to the parity of the pushes left (push_parity.hpp); admissible, so
  // on by default. Only levels with as many goals as boxes have such a parity.
  bool push_parity = true;
  // Pattern search (pattern_search.hpp): sub-states around each pushed box solved exactly;
  // their deadlocks and extra costs raise the bound. Admissible (penalty_table.hpp), and on by
  // default since its budget is small (docs/sokoban.md, "Pattern search").
  bool pattern_search = true;
  PatternSearchOptions patterns;
  // The goal-room bound (goal_room_bound.hpp): the pushes to fill the goals' area, solved
  // exactly on an abstraction of the level; the larger of it and the matching is the bound.
  // Admissible, and on by default: its table takes at most about a second to fill, and it
  // proves levels the matching alone cannot (docs/sokoban.md, "The goal-room bound").
  bool goal_room = true;
  GoalRoomOptions goal_room_options;
  // Objective::any: the search for the first solution follows the goals' packing order
  // (packing_order.hpp; not admissible, so used only until a solution is held). Off by
  // default: on XSokoban it solved fewer levels than the push bound alone (docs/sokoban.md).
  bool packing_order = false;
  // Objective::any: the first solution comes from the feature-space search
  // (feature_space_search.hpp over feature_space.hpp's features), and the weighted restarts
  // then look for cheaper ones. Off: the restarts find the first one too.
  bool feature_space = true;
  // Its cells: (packing, out of plan, connectivity), packing alone, (packing, connectivity), or
  // both (the first two, one search over each in turn: first_solution_by_features below), which
  // solves the most XSokoban levels (docs/sokoban.md).
  FeatureCells feature_cells = FeatureCells::both;
  // Their packing advisor (feature_space.hpp): a push that brings the box nearest to the
  // plan's next goals nearer weighs 0. On: it solves more XSokoban levels (docs/sokoban.md).
  bool packing_advisor = true;
  // Their cells are ranked (FeatureSpaceOptions::ranked_cells, PushFeatures::better): a state
  // waits in the best cell on its path, and every other turn goes to the best cell. With
  // FeatureCells::both, the finer cells only file the states so: with the best cell's turns
  // too, they solve other XSokoban levels than the packing cells' search does, and fewer of
  // them; filing alone solves the most (docs/sokoban.md).
  bool ranked_cells = true;
  // Objective::pushes with A*: bound probes (astar_with_bound_probes below). Each time A* has
  // doubled its expansions (from 2^16 on), a feature-space search bounded by the push bound A*
  // has proven looks for a solution of exactly that many pushes: one it finds is push-optimal.
  // Push-optimality is kept; off, A* alone must close its last layer (to measure them).
  bool bound_probes = true;
  // The probes' cells (PushFeatures; one space, not FeatureCells::both). Any of them keeps
  // push-optimality (the cost bound does); they differ in which levels they solve sooner
  // (docs/sokoban.md, "Search and guarantees").
  FeatureCells probe_cells = FeatureCells::packing_connectivity;
  // A*'s expansions before the first probe (then each part doubles them). Tests make it small.
  std::uint64_t bound_probe_first_part = std::uint64_t{1} << 16;
  // Fewer moves (fewer_moves_domain.hpp, fewer_moves_pass below): once the push optimum is
  // known, a second search over (pushes, then moves) with the rest of the time and a node
  // budget of max(this, the first search's expansions); its plan replaces the first when it
  // finishes and needs fewer moves. On levels of a wider cell set (more than 256 floor
  // squares), this floor is divided by the width's multiple of 256.
  bool fewer_moves = true;
  std::uint64_t fewer_moves_min_nodes = 600000;
  // A*: among equal f and g, expand the newest node first (AStarOptions; order of ties only).
  bool newer_first_on_ties = true;
  // A*: value each node again before expanding it, with the patterns and groups learnt since it
  // was generated (AStarOptions::revalue_before_expanding; keeps push-optimality).
  bool revalue_before_expanding = true;
  // A*: symmetry reduction (SokobanDomain::set_symmetry): on a level whose board has mirror or
  // rotation symmetries, A* keeps one of the states they map onto each other (keeps
  // push-optimality; the bound probes use it too, the memory fallback does not).
  bool symmetry = true;
  // A*: the domain's table of recently generated states (SokobanDomain::enable_state_cache),
  // 2^bits entries of about 1 KB; only speed depends on it.
  int state_cache_bits = 12;
  // When A*'s memory limit stops it before its time or node limit, go on with IDA* (with a
  // transposition table in half that memory) from the bound A* proved: still push-optimal.
  bool memory_fallback = true;
  // The memory limit when limits.max_bytes is 0 (memory_shares below).
  std::size_t default_astar_bytes = kDefaultAStarBytes;
  // IDA*'s transposition table when no memory limit is given (entries, power of two).
  std::size_t default_transposition_entries = std::size_t{1} << 20;
  // The cell-set width (cell_set.hpp) is the narrowest that holds the level's player's area;
  // a larger value here asks for a width that holds at least this many cells (tests check that
  // a wider state finds the same optimum). Only speed and memory depend on it.
  int min_cell_set_cells = 0;
  // Where this level's search keeps what it learns between runs (empty: nowhere). When the
  // file exists it is read first (learned_file.hpp: patterns and sub-states of the pattern
  // search, the push bound proven before), and the search starts from it; at the end it is
  // written back with what this run added. A file made for another level, by other pattern
  // options, or damaged is ignored (SolveReport::learned_note says why) and replaced.
  std::filesystem::path learned_file;
};

// The board a search under `options` runs on. The first-solution search keeps the start's
// frozen boxes as boxes, as its sub-searches do (PatternSearchOptions::frozen_walls): on
// Microban 144 its first solution came after 36 s with them as walls, 2.6 s without
// (docs/sokoban.md, "Static analysis").
inline BoardOptions board_options(const SolveOptions& options) {
  return BoardOptions{options.start_frozen_walls && options.objective != Objective::any};
}

// A memory limit covers everything a level's search holds (docs/programs.md, "Memory"): the
// search's tables and, counted as they grow, the domain's own memory
// (BasicSokobanDomain::held_bytes): the frozen-goal tables, kept to `frozen_goals`, and what the
// pattern search learns. Each pattern sub-search runs while all of that is held, so its limit,
// `sub_search`, is set apart and the search gets the rest.
struct MemoryShares {
  std::size_t search = 0;
  std::size_t frozen_goals = 0;
  std::size_t sub_search = 0;
  std::size_t probe = 0;  // a bound probe's tables, held beside A*'s
};

inline MemoryShares memory_shares(const SolveOptions& options) {
  const std::size_t total = options.limits.max_bytes != 0 ? options.limits.max_bytes : options.default_astar_bytes;
  MemoryShares shares;
  shares.frozen_goals = std::min(std::size_t{128} << 20, total / 8);
  shares.sub_search = options.pattern_search ? std::min(std::size_t{256} << 20, total / 8) : 0;
  const bool probes = options.bound_probes && options.objective == Objective::pushes &&
                      options.algorithm == Algorithm::astar;
  shares.probe = probes ? std::min(std::size_t{512} << 20, total / 8) : 0;
  shares.search = total - shares.sub_search - shares.probe;
  return shares;
}

// SolveOptions::state_cache_bits, fewer while the cache would take more than a sixteenth of the
// search's memory (the cache counts against it: a tight limit leaves room for the nodes).
template <class State>
int state_cache_bits_within(const SolveOptions& options) {
  int bits = options.state_cache_bits;
  while (bits > 0 && (std::size_t{1} << bits) * sizeof(State) > memory_shares(options).search / 16) --bits;
  return bits;
}

struct SolveReport {
  // The search: status, cost (pushes; moves for Objective::moves), plan (pushes), proven lower
  // bound (in the same unit), statistics.
  Result<Push, int> result;
  bool invalid = false;         // the level failed validation: `message` says where and why
  bool internal_error = false;  // the solution found did not replay: never reported as solved
  std::string message;          // for invalid / internal_error: what is wrong
  // When solved: the verified solution (after the fewer-moves pass) and its counts.
  std::string lurd;
  int pushes = 0;
  int moves = 0;
  double seconds = 0;  // the whole call: analysis + search + fewer-moves pass + replay
  // Fewer-moves pass: its expansions (not in result.stats), whether it finished, the first plan's moves.
  std::uint64_t moves_pass_expanded = 0;
  bool moves_pass_finished = false;
  bool moves_minimal = false;  // the fewest moves among all push-optimal solutions (proven)
  double seconds_before_moves_pass = 0;
  int moves_first_plan = 0;
  // --objective any: how many solutions the anytime search found (each cheaper than the last),
  // and when it found the first (seconds since the call began).
  int solutions_found = 0;
  double seconds_first_solution = 0;
  // The feature space whose search found the first solution ("plan-connectivity", "packing", ...;
  // empty when the weighted restarts found it).
  std::string first_solution_cells;
  // --objective any: the most boxes packed in the fill order (packing_order.hpp) in a state the
  // feature-space searches reached, how far they came (-1: they did not run).
  int most_packed = -1;
  int boxes = 0;  // the level's boxes (0: the level did not load)
  // Bound probes (SolveOptions::bound_probes): how many ran, their expansions (also counted in
  // result.stats), and whether one found the solution.
  int bound_probes = 0;
  std::uint64_t probe_expanded = 0;
  bool solved_by_probe = false;
  // A*'s memory limit stopped it and IDA* went on from its bound (SolveOptions::memory_fallback).
  bool memory_fallback = false;
  // The board's symmetries other than the identity that A* reduced by (SolveOptions::symmetry;
  // 0: none, or not asked).
  int symmetries = 0;
  // The goal-room bound (SolveOptions::goal_room): its area's squares (0: not used), its
  // table's states, whether that table is complete, and the seconds it took to fill.
  int goal_room_squares = 0;
  std::size_t goal_room_states = 0;
  bool goal_room_complete = false;
  double goal_room_seconds = 0;
  // The window deadlock tables (SolveOptions::window_deadlocks): windows placed (0: not used),
  // those a state was tested against (each classified then), and the states they called dead
  // ends.
  std::size_t window_count = 0;
  std::size_t window_classified = 0;
  std::uint64_t window_cuts = 0;
  // Pattern search: sub-searches run, their expansions (not in result.stats), patterns learned.
  std::uint64_t pattern_searches = 0;
  std::uint64_t pattern_expanded = 0;
  std::uint64_t pattern_corral_searches = 0;  // (of pattern_searches) a corral's fence
  // Corral fences searched on their own budget once the one above is spent (not in
  // pattern_searches), their expansions (not in pattern_expanded), the deadlocks they found,
  // their pauses, and the push from which their deadlocks were learnt (0: never).
  std::uint64_t quick_fence_searches = 0;
  std::uint64_t quick_fence_expanded = 0;
  std::uint64_t quick_fence_deadlocks = 0;
  std::uint64_t quick_fence_pauses = 0;
  std::uint64_t quick_fence_learning_from = 0;
  std::uint64_t pattern_wall_searches = 0;    // (of pattern_searches) beside boxes frozen on goals
  std::uint64_t pattern_start_searches = 0;   // (of pattern_searches) the start's groups, onto goals
  std::uint64_t area_entry_searches = 0;      // (of pattern_searches) groups into the goals' area
  std::size_t area_entry_groups = 0;          // of those, the ones that raise the room bound
  std::uint64_t goal_set_searches = 0;        // patterns searched for their cost onto each goal set
  std::uint64_t goal_set_expanded = 0;        // their expansions (not in pattern_expanded)
  std::uint64_t joint_bounds = 0;             // joint bounds found at expansion (sub-searches)
  std::uint64_t joint_unions = 0;             // of those, of the union of disjoint patterns
  std::uint64_t joint_expanded = 0;           // their expansions (not in pattern_expanded)
  std::uint64_t joint_raised = 0;             // states whose bound they raised
  std::uint64_t joint_skipped = 0;            // states left without one (held more already)
  std::uint64_t joint_pauses = 0;             // times they paused, having raised too few
  std::uint64_t joint_paused = 0;             // states left without one during the pauses
  std::size_t deadlock_patterns = 0;
  std::size_t penalty_patterns = 0;
  // SolveOptions::learned_file: what was read (-1: nothing; else the push bound proven by the
  // earlier runs, 0 when they proved none) and how many patterns, whether it was written
  // back, and why a file was ignored or not written.
  int resumed_bound = -1;
  std::size_t resumed_patterns = 0;
  std::size_t resumed_entry_groups = 0;  // area-entry groups with a gain, read back
  bool learned_saved = false;
  std::string learned_note;

  bool solved() const { return result.solved() && !invalid && !internal_error; }
  // The framework's outcome word (solved, unsolvable, time_limit, node_limit, memory_limit,
  // interrupted), "invalid" for a level that failed validation, "error" for an internal error.
  std::string status() const { return invalid ? "invalid" : internal_error ? "error" : result.outcome(); }
};

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
// Set: the cell-set width of the level's states (cell_set.hpp).
template <class Set = CellSet, class Observer>
void fewer_moves_pass(const Board& board, const SolveOptions& options, const Result<Push, int>& pushes,
                      Solution& solution, SolveReport& report, Observer& observer) {
  const LimitGuard clock(Limits{});
  // Nodes of wider states cost more memory and time (keys of the width's size, floods and walks
  // over more cells): the floor of the budget shrinks with the width, so that the pass's nodes
  // take about the memory they take on the usual levels.
  const std::uint64_t min_nodes =
      options.fewer_moves_min_nodes / static_cast<std::uint64_t>(Set::kCapacity / CellSet::kCapacity);
  std::uint64_t budget = std::max(min_nodes, pushes.stats.expanded);
  // A node limit of the caller bounds both searches together.
  if (options.limits.max_expanded > 0) {
    if (options.limits.max_expanded <= pushes.stats.expanded + 1) return;
    budget = std::min(budget, options.limits.max_expanded - pushes.stats.expanded);
  }
  announce_phase(observer, "fewer moves: push-optimal " + std::to_string(pushes.cost) + " pushes, " +
                               std::to_string(solution.moves) + " moves; looking for fewer moves");
  ProgressOnly<Observer> progress;
  progress.observer = &observer;
  for (const bool pruned : {false, true}) {
    BasicSokobanDomain<Set> graph(board);
    graph.set_corral_test(options.corral_test);
    graph.set_pi_corrals(pruned);
    graph.set_frozen_goal_distances(options.frozen_goal_distances);
    graph.set_push_parity(options.push_parity);
    graph.set_frozen_goal_bytes(memory_shares(options).frozen_goals);
    graph.enable_state_cache(state_cache_bits_within<typename BasicSokobanDomain<Set>::State>(options));
    const BasicFewerMovesDomain<BasicSokobanDomain<Set>> moves_domain(graph);
    AStarOptions stage;
    stage.limits = options.limits;
    stage.limits.clock_start = {};  // its own clock, on what is left (below)
    if (stage.limits.max_seconds > 0) {
      stage.limits.max_seconds -= report.seconds_before_moves_pass + clock.seconds();
      if (stage.limits.max_seconds <= 0) return;
    }
    // (0 would mean "no limit" to the search: a spent budget ends the pass instead.)
    const std::uint64_t stage_nodes = pruned ? budget - std::min(budget, report.moves_pass_expanded) : budget / 2;
    if (stage_nodes == 0) return;
    stage.limits.max_expanded = stage_nodes;
    stage.limits.max_bytes = memory_shares(options).search;
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

namespace detail {

// Objective::moves: A* over (pushes, player square) with moves first, on `domain` (whose
// PI-corral pruning must be off). The result in moves: cost and lower bound are the moves.
template <class PushDomain, class Observer>
Result<Push, int> fewest_moves_search(const PushDomain& domain, const SolveOptions& options, const Teaching& teaching,
                                      Observer* progress) {
  using MovesDomain = BasicFewerMovesDomain<PushDomain>;
  const MovesDomain moves_domain(domain, MovesPriority::moves_then_pushes);
  const BasicFewestMovesLowerBound<MovesDomain> h{&moves_domain};
  AStarOptions astar_options;
  astar_options.limits = options.limits;
  astar_options.newer_first_on_ties = options.newer_first_on_ties;
  astar_options.limits.max_bytes = memory_shares(options).search;
  const auto found = run_teaching(
      moves_domain, teaching,
      [&](auto& observer) { return astar(moves_domain, moves_domain.initial_state(), h, astar_options, observer); },
      progress);
  Result<Push, int> result;
  result.status = found.status;
  result.stop_reason = found.stop_reason;
  result.algorithm = found.algorithm;
  result.optimal = found.optimal;
  result.plan = found.plan;
  result.cost = static_cast<int>(found.cost / FewerMovesDomain::kPushWeight);
  result.lower_bound = static_cast<int>(found.lower_bound / FewerMovesDomain::kPushWeight);
  result.stats = found.stats;
  return result;
}

// A* with bound probes (SolveOptions::bound_probes). A* runs in parts; each part ends when its
// expansions have doubled (the first at `first_part`, 2^16 by default). Between parts, A* has proven a push bound L (no
// open node has g + h below it), and a feature-space search (feature_space_search.hpp, over
// PushFeatures' `cells`: packing and connectivity by default) looks for a solution of at most
// L pushes: every child with g + h > L is cut, so its search space is A*'s last layer, taken in
// another order, the feature space's, which fills goal rooms box by box where A*'s ties go
// deepest-first.
// - A solution it finds has at most L pushes and no solution has fewer than L: it is
//   push-optimal, proven by A*'s bound.
// - While L stays the same, the probe goes on where it stopped; a new L starts a new probe.
//   A probe that runs out of nodes has proven L + 1 (it searched every path within L, with
//   reopening).
// - Each part of a probe gets an eighth of A*'s expansions so far: the probes expand at most
//   about a quarter of what A* does. Their nodes count in the result's statistics (a node limit
//   covers both); a time limit or Ctrl-C stops either.
// - `goal_macros_in_probes`: the probes offer goal macros and A* does not. A* closes layers
//   below the optimum, where a macro is one more child to walk for and weigh; a probe searches
//   a layer that may hold a solution, where a macro takes a box home in one move. The domain
//   is switched before each part of either search (the two never run at once).
template <class SokobanDomain, class Observer>
Result<Push, int> astar_with_bound_probes(const Board& board, SokobanDomain& domain,
                                          const typename SokobanDomain::State& start, const PushLowerBound& h,
                                          AStarOptions options, std::uint64_t first_part, FeatureCells cells,
                                          std::size_t probe_bytes, bool goal_macros_in_probes, Observer& observer,
                                          SolveReport& report, std::ostream* trace) {
  using Probe = FeatureSpaceSearch<SokobanDomain, PushLowerBound, PushFeatures, Observer>;
  constexpr std::uint64_t kLeastProbe = 10000;
  const Limits limits = options.limits;
  const PushFeatures features(board, cells);
  Statistics ended;    // the statistics of the probes that have ended
  Statistics running;  // the running probe's, up to its last part
  auto probes_expanded = [&] { return ended.expanded + running.expanded; };
  const std::uint64_t withheld_at_start = withheld_moves(domain);
  // A*'s result with the probes' work added (their tables were held beside A*'s: peaks add up;
  // the domain counts the pushes it withheld for both searches at once).
  auto with_probes = [&](Result<Push, int> r, const Statistics& astar) {
    r.stats = astar;
    r.stats += ended;
    r.stats += running;
    r.stats.peak_bytes = astar.peak_bytes + std::max(ended.peak_bytes, running.peak_bytes);
    r.stats.withheld = withheld_moves(domain) - withheld_at_start;
    return r;
  };
  // The limits of an A* part that ends at `until` of its expansions, within the caller's node limit.
  auto part = [&](std::uint64_t until) {
    Limits l = limits;
    if (limits.max_expanded != 0) until = std::min(until, limits.max_expanded - std::min(limits.max_expanded - 1, probes_expanded()));
    l.max_expanded = until;
    return l;
  };
  std::uint64_t until = std::max<std::uint64_t>(first_part, 1);
  options.limits = part(until);
  AStarSearch<SokobanDomain, PushLowerBound, Observer> search(domain, h, observer, options);
  Result<Push, int> result = search.run(start);
  std::optional<Probe> probe;
  int probe_bound = -1;
  int proven_above = -1;    // the highest bound a probe searched to the end (so L + 1 is proven)
  int memory_full_at = -1;  // a bound whose probe reached its memory limit
  // What the probes have proven: no solution within proven_above, so at least one push more,
  // rounded up to the start's parity of the pushes left (with SolveOptions::push_parity).
  auto probe_proven = [&] { return proven_above < 0 ? -1 : domain.with_parity_of(start, proven_above + 1); };
  while (result.status == Status::stopped && result.stop_reason == StopReason::node_limit &&
         (limits.max_expanded == 0 || result.stats.expanded + probes_expanded() < limits.max_expanded)) {
    const int bound = result.lower_bound;
    if (bound > proven_above && bound != memory_full_at) {
      Limits probe_limits = limits;
      probe_limits.max_bytes = probe_bytes;
      std::uint64_t budget = std::max(kLeastProbe, result.stats.expanded / 8);
      if (limits.max_expanded != 0) budget = std::min(budget, limits.max_expanded - result.stats.expanded - probes_expanded());
      Result<Push, int> found;
      // Long runs show where they are: each probe part and each A* part is announced, so the
      // progress lines say which search they count and the bound A* has proven.
      announce_phase(observer, "probe at " + std::to_string(bound) + ": looking for a solution of " +
                                   std::to_string(bound) + " pushes");
      if (goal_macros_in_probes) domain.set_goal_macros(true);
      if (probe && probe_bound == bound) {
        probe_limits.max_expanded = running.expanded + budget;
        found = probe->resume(probe_limits);
      } else {
        probe.reset();
        ended += running;
        running = Statistics{};
        FeatureSpaceOptions probe_options;
        probe_options.limits = probe_limits;
        probe_options.limits.max_expanded = budget;
        probe_options.cost_bound = bound + 1;
        probe.emplace(domain, h, features, observer, probe_options);
        probe_bound = bound;
        ++report.bound_probes;
        found = probe->run(start);
      }
      if (goal_macros_in_probes) domain.set_goal_macros(false);
      running = found.stats;
      report.probe_expanded = probes_expanded();
      if (trace != nullptr) {
        *trace << "bound probe at " << bound << " pushes: " << found.outcome() << ", expanded "
               << found.stats.expanded << " (A*: " << result.stats.expanded << ")\n";
      }
      if (found.solved()) {
        // (cost <= bound by the cut, and >= bound by A*'s proof)
        found.optimal = true;
        found.lower_bound = found.cost;
        found.algorithm = result.algorithm;
        report.solved_by_probe = true;
        return with_probes(std::move(found), result.stats);
      }
      if (found.status == Status::unsolvable && found.lower_bound > bound) {
        proven_above = bound;
        probe.reset();
      } else if (found.status == Status::stopped && found.stop_reason == StopReason::memory_limit) {
        probe.reset();  // no more probes at this bound: the next would fill its memory again
        memory_full_at = bound;
      }
    }
    until *= 2;
    const std::string proven = std::to_string(std::max(bound, probe_proven()));
    announce_phase(observer, "A* at " + proven + ": no solution below " + proven + " pushes (" +
                                 std::to_string(result.stats.expanded) + " expanded)");
    result = search.resume(part(until));
  }
  if (result.status == Status::stopped) result.lower_bound = std::max(result.lower_bound, probe_proven());
  const Statistics astar_stats = result.stats;
  return with_probes(std::move(result), astar_stats);
}

// --objective any's first solution: the feature-space search over `cells`. With
// FeatureCells::both, one search over kFinerCells and one over packing alone take
// turns of kSlice expansions each, sharing the domain (so the deadlocks the pattern search
// learns in one prune the other) and half of limits.max_bytes each. The first to end decides:
// solved, or unsolvable (each search alone expands every reachable state that is no dead end
// before it says so). A turn the caller's limits stop ends the run; a search that fills its
// memory leaves the turns to the other. The result's statistics are both searches' together;
// `found_by` names the space that solved it, `most_packed` the most boxes packed in a state
// either search reached (every box when solved). A turn that takes a search further in the
// packing is announced as a phase (on_phase), so a long run shows how far it has come.
// The cells, the packing advisor and the ranking are `options`' (feature_cells, packing_advisor,
// ranked_cells); with FeatureCells::both the finer cells' search has no best cell's turns (see
// ranked_cells).
template <class SokobanDomain, class Observer>
Result<Push, int> first_solution_by_features(const Board& board, const SokobanDomain& domain,
                                             const typename SokobanDomain::State& start, const PushLowerBound& h,
                                             const Limits& limits, const SolveOptions& solve_options,
                                             Observer& observer, std::string& found_by, int& most_packed) {
  const FeatureCells cells = solve_options.feature_cells;
  const bool packing_advisor = solve_options.packing_advisor;
  using Search = FeatureSpaceSearch<SokobanDomain, PushLowerBound, PushFeatures, Observer>;
  const int boxes = static_cast<int>(board.initial_boxes().size());
  auto packed_in = [&](const Search& search) {
    int most = 0;
    search.for_each_cell([&](std::uint64_t cell) { most = std::max(most, PushFeatures::packed_of(cell)); });
    return most;
  };
  if (cells != FeatureCells::both) {
    FeatureSpaceOptions options;
    options.limits = limits;
    options.ranked_cells = solve_options.ranked_cells;
    const PushFeatures features(board, cells, packing_advisor);
    Search search(domain, h, features, observer, options);
    auto found = search.run(start);
    if (found.solved()) found_by = feature_cells_name(cells);
    most_packed = found.solved() ? boxes : packed_in(search);
    return found;
  }
  // About a second of search on XSokoban: switching costs nothing (both stay in memory), and a
  // level one space solves in seconds is not held up long by the other.
  constexpr std::uint64_t kSlice = std::uint64_t{1} << 15;
  const std::uint64_t withheld_at_start = withheld_moves(domain);
  const std::array<FeatureCells, 2> spaces = {kFinerCells, FeatureCells::packing};
  const bool ranked = solve_options.ranked_cells;
  const std::array<bool, 2> best_cell_turns = {false, true};
  const std::array<PushFeatures, 2> features = {PushFeatures(board, spaces[0], packing_advisor),
                                                PushFeatures(board, spaces[1], packing_advisor)};
  Limits each = limits;
  each.max_bytes = limits.max_bytes / 2;
  std::array<std::optional<Search>, 2> searches;
  std::array<Result<Push, int>, 2> last;
  std::array<bool, 2> out_of_memory = {false, false};
  std::array<int, 2> packed = {0, 0};
  auto together = [&](Result<Push, int> r) {
    r.stats = last[0].stats;
    r.stats += last[1].stats;
    // Both searches are held at once, and each counts the domain's tables in its peak: they are
    // held once (a search that never ran has a peak of 0 and counted nothing).
    const std::size_t a = last[0].stats.peak_bytes, b = last[1].stats.peak_bytes;
    r.stats.peak_bytes = a + b - std::min({held_bytes(domain), a, b});
    r.stats.withheld = withheld_moves(domain) - withheld_at_start;
    return r;
  };
  for (int turn = 0;; turn ^= 1) {
    if (out_of_memory[turn]) {
      if (out_of_memory[turn ^ 1]) return together(last[turn]);
      continue;
    }
    const std::uint64_t done = last[turn].stats.expanded;
    Limits part = each;
    part.max_expanded = done + kSlice;
    if (limits.max_expanded != 0) {
      const std::uint64_t spent = last[0].stats.expanded + last[1].stats.expanded;
      part.max_expanded = done + std::min(kSlice, limits.max_expanded - std::min(limits.max_expanded, spent));
      if (part.max_expanded == done) {  // the caller's node limit: both have spent it
        Result<Push, int> r = last[turn];
        r.status = Status::stopped;
        r.stop_reason = StopReason::node_limit;
        return together(std::move(r));
      }
    }
    if (!searches[turn]) {
      FeatureSpaceOptions options;
      options.limits = part;
      options.ranked_cells = ranked;
      options.best_cell_turns = best_cell_turns[static_cast<std::size_t>(turn)];
      searches[turn].emplace(domain, h, features[static_cast<std::size_t>(turn)], observer, options);
      last[turn] = searches[turn]->run(start);
    } else {
      last[turn] = searches[turn]->resume(part);
    }
    const Result<Push, int>& r = last[turn];
    const int before = packed[turn];
    packed[turn] = packed_in(*searches[turn]);
    most_packed = r.solved() ? boxes : std::max(packed[0], packed[1]);
    if (r.status == Status::stopped && packed[turn] != before) {
      announce_phase(observer, "feature space: at most " + std::to_string(packed[0]) + " of " + std::to_string(boxes) +
                                   " boxes packed in the " + feature_cells_name(spaces[0]) + " cells, " +
                                   std::to_string(packed[1]) + " in the " + feature_cells_name(spaces[1]) + " cells");
    }
    if (r.solved()) found_by = feature_cells_name(spaces[static_cast<std::size_t>(turn)]);
    if (r.status != Status::stopped) return together(r);
    if (r.stop_reason == StopReason::memory_limit) {
      out_of_memory[turn] = true;
      continue;
    }
    // A stop at this turn's own node limit passes the turn; any other limit is the caller's.
    const bool slice_over = r.stop_reason == StopReason::node_limit && r.stats.expanded == part.max_expanded &&
                            (limits.max_expanded == 0 ||
                             last[0].stats.expanded + last[1].stats.expanded < limits.max_expanded);
    if (!slice_over) return together(r);
  }
}

// The search of solve_with on the states of cell-set width Set (cell_set.hpp): the push search
// (or the moves search), then the fewer-moves pass; fills `report`'s search fields and returns
// the plan as LURD (empty unless solved).
template <class Set, class Observer>
Solution search_with(const Board& board, const SolveOptions& options, const Teaching& teaching, Observer* progress,
                     const LimitGuard& clock, SolveReport& report) {
  using SokobanDomain = BasicSokobanDomain<Set>;
  using PatternSearch = BasicPatternSearch<Set>;
  report.boxes = static_cast<int>(board.initial_boxes().size());
  SokobanDomain domain(board);
  domain.set_corral_test(options.corral_test);
  domain.set_corral_depth(options.corral_depth);
  domain.set_pi_corrals(options.pi_corrals);
  const bool cost_adding = options.objective == Objective::pushes &&
                           (options.algorithm == Algorithm::astar || options.algorithm == Algorithm::ida);
  domain.set_tunnel_macros(options.tunnel_macros && cost_adding);
  domain.set_goal_macros(options.goal_macros == GoalMacros::everywhere && cost_adding);
  domain.set_frozen_goal_distances(options.frozen_goal_distances);
  domain.set_push_parity(options.push_parity);
  const MemoryShares memory = memory_shares(options);
  domain.set_frozen_goal_bytes(memory.frozen_goals);
  PatternSearchOptions pattern_options = options.patterns;
  pattern_options.sub_search_bytes = memory.sub_search;
  if (options.objective == Objective::any) {
    pattern_options.node_limit = options.any_pattern_nodes;
    // Nor does it take frozen boxes as walls of fences and start groups: the penalties they
    // find first steer its order, and on Microban 144 its first solution then came 4 times later
    // (docs/sokoban.md, "Pattern search").
    pattern_options.frozen_walls = false;
  }
  // Sub-searches at expansion need A*'s revaluation, which is where they run; any other search
  // has them at each push.
  pattern_options.at_expansion = options.patterns.at_expansion && options.algorithm == Algorithm::astar &&
                                 options.revalue_before_expanding && options.objective == Objective::pushes;
  PatternSearch patterns(board, pattern_options);
  if (options.pattern_search) domain.set_bound_hook(&patterns);
  // The groups of boxes (the start's, those on their way into the goal room) tighten the proof
  // of a push count; for a first solution they only shift the order, at the time of their
  // sub-searches.
  const bool push_bound_groups = options.objective != Objective::any;
  std::optional<WindowDeadlockTable> windows;
  if (options.window_deadlocks && options.objective != Objective::any &&
      domain.box_count() >= options.window_min_boxes) {
    windows.emplace(board, options.window_options);
    domain.set_window_deadlocks(&*windows);
    report.window_count = windows->windows();
  }
  std::optional<GoalRoomBound> room;
  if (options.goal_room && domain.box_count() == static_cast<int>(board.goals().size())) {
    const double started = clock.seconds();
    room.emplace(board, options.goal_room_options);
    if (room->usable()) {
      domain.set_goal_room(&*room);
      if (push_bound_groups) patterns.set_goal_room(&*room);
      report.goal_room_squares = room->squares();
      report.goal_room_states = room->states();
      report.goal_room_complete = room->complete();
    }
    report.goal_room_seconds = clock.seconds() - started;
  }
  // A push bound proven by earlier runs of this level (0: none): A* orders nodes as if no f
  // were below it, IDA* starts there, and the result's bound is never below it.
  int known_bound = 0;
  // The file is keyed by the options' own sub-search budget, not Objective::any's, so that a
  // push run and an any run of a level share one file (what either learned is sound for both),
  // except on a level whose start has boxes frozen on goals: their boards differ (board_options).
  if (!options.learned_file.empty()) {
    if (const auto learned = read_learned_file(options.learned_file, board, options.patterns, report.learned_note)) {
      try {
        patterns.restore(learned->patterns, options.learned_file.string());
        known_bound = options.objective == Objective::moves ? 0 : learned->push_bound;
        report.resumed_bound = learned->push_bound;
        report.resumed_patterns = patterns.table().size();
        report.resumed_entry_groups = patterns.entry_table().size();
      } catch (const TableFileError& e) {
        report.learned_note = std::string("ignored: ") + e.what();
      }
    }
  }
  const typename SokobanDomain::State start = domain.initial_state();
  LimitGuard start_limits(options.limits);
  if (options.pattern_search && push_bound_groups && !is_dead_end(start.h)) {
    patterns.schedule_start(start, [&] { return start_limits.check_slow(); });
  }
  const PushLowerBound h;
  if (options.algorithm == Algorithm::astar || options.algorithm == Algorithm::hda) {
    domain.enable_state_cache(state_cache_bits_within<typename SokobanDomain::State>(options));
  }
  auto search = [&](auto& observer) {
    Result<Push, int> result;
    if (options.objective == Objective::any) {
      RestartingWeightedAStarOptions anytime;
      anytime.limits = options.limits;
      anytime.limits.max_bytes = memory.search;
      anytime.newer_first_on_ties = options.newer_first_on_ties;
      if (!options.any_schedule.empty()) anytime.schedule = options.any_schedule;
      auto on_solution = [&](const auto& found, int wg, int wh) {
        const bool guided = options.packing_order && report.solutions_found == 0;
        if (report.solutions_found++ == 0) report.seconds_first_solution = clock.seconds();
        if (teaching.trace != nullptr) {
          *teaching.trace << "solution: " << found.cost << " pushes" << (found.optimal ? " (optimal)" : "")
                          << ", weighted A* " << wg << ":" << wh << (guided ? " on the packing order" : "")
                          << ", expanded " << found.stats.expanded << ", after " << clock.seconds() << " s\n";
        }
      };
      if (options.feature_space) {
        // Both searches share one clock: the time limit covers the whole run.
        anytime.limits = anytime.limits.with_clock_started();
        auto found = first_solution_by_features(board, domain, start, h, anytime.limits, options, observer,
                                                report.first_solution_cells, report.most_packed);
        if (!found.solved()) return found;  // unsolvable (every state seen) or stopped by a limit
        if (report.solutions_found++ == 0) report.seconds_first_solution = clock.seconds();
        if (teaching.trace != nullptr) {
          *teaching.trace << "solution: " << found.cost << " pushes, feature-space search ("
                          << report.first_solution_cells << " cells), expanded " << found.stats.expanded
                          << ", after " << clock.seconds() << " s\n";
        }
        return restarting_weighted_astar(domain, start, h, anytime, observer, on_solution, std::move(found));
      }
      if (!options.packing_order) return restarting_weighted_astar(domain, start, h, anytime, observer, on_solution);
      const PackingGuide guide(board);
      if (teaching.trace != nullptr) {
        *teaching.trace << "packing order (each goal's layer; layer 0 is filled first):\n"
                        << goal_layers_text(board, guide.layers());
      }
      return restarting_weighted_astar(domain, start, h, guide, anytime, observer, on_solution);
    }
    const std::size_t full_table =
        options.limits.max_bytes != 0 ? memory.search / 2 / 64 : options.default_transposition_entries;
    if (options.algorithm == Algorithm::hda) {
      HdaOptions hda;
      hda.limits = options.limits.with_clock_started();
      hda.limits.max_bytes = memory.search;
      LocalTransport one_rank;
      return hda_star(domain, start, h, hda, options.transport != nullptr ? *options.transport : one_rank, observer);
    }
    if (options.algorithm != Algorithm::ida) {
      AStarOptions astar_options;
      astar_options.limits = options.limits.with_clock_started();
      astar_options.newer_first_on_ties = options.newer_first_on_ties;
      astar_options.known_lower_bound = known_bound;
      astar_options.revalue_before_expanding = options.revalue_before_expanding;
      astar_options.limits.max_bytes = memory.search;
      // A recorded tree or run shows one search, each edge as its push: no probes then, and no
      // symmetry reduction (whose edges lead to stored images). Samples are A*'s expansions
      // only, not a probe's; an image is a state of the level like any other.
      const bool recorded = teaching.dot != nullptr || teaching.recording != nullptr;
      domain.set_symmetry(options.symmetry && !recorded);
      report.symmetries = domain.symmetry() ? domain.symmetries() : 0;
      if (options.bound_probes && !recorded && teaching.samples == nullptr) {
        result = astar_with_bound_probes(board, domain, start, h, astar_options, options.bound_probe_first_part,
                                         options.probe_cells, memory.probe,
                                         options.goal_macros == GoalMacros::probes && cost_adding, observer, report,
                                         teaching.trace);
      } else {
        result = astar(domain, start, h, astar_options, observer);
      }
      // (A probe stores its nodes through the same keys: its plan is mapped the same way.)
      if (result.solved() && domain.symmetry()) {
        result.plan = domain.plan_from_start(start, result.plan);
      }
      domain.set_symmetry(false);
      if (!options.memory_fallback || result.status != Status::stopped ||
          result.stop_reason != StopReason::memory_limit) {
        return result;
      }
      // The memory is full, not the time: go on depth-first from the bound A* proved, with
      // a transposition table in half the memory A* had (its nodes are freed by now).
      report.memory_fallback = true;
      announce_phase(observer, "memory limit reached at bound " + std::to_string(result.lower_bound) +
                                   ": going on with IDA* from there");
      IdaStarOptions fallback;
      fallback.limits = astar_options.limits;
      if (fallback.limits.max_expanded > 0) {
        if (result.stats.expanded >= fallback.limits.max_expanded) return result;
        fallback.limits.max_expanded -= result.stats.expanded;
      }
      fallback.transposition_entries = astar_options.limits.max_bytes / 2 / 64;
      fallback.first_bound = result.lower_bound;
      patterns.set_at_expansion(false);  // (IDA* revalues nothing)
      Statistics spent = result.stats;
      const int proven = result.lower_bound;
      result = ida_star(domain, start, h, fallback, NoPruning{}, observer);
      result.lower_bound = std::max(result.lower_bound, proven);
      result.stats = std::move(spent += result.stats);
      return result;
    }
    IdaStarOptions ida;
    ida.limits = options.limits;
    ida.first_bound = known_bound;
    // Most levels need few nodes: a first try with a small table avoids clearing tens of
    // megabytes for them. Only when it runs out of its node budget does the full search run.
    // A teaching run searches once, so its trace and tree show one search.
    constexpr std::uint64_t kFirstTryNodes = 20000;
    if ((options.limits.max_expanded != 0 && options.limits.max_expanded <= kFirstTryNodes) || teaching.active()) {
      ida.transposition_entries = full_table;
      return ida_star(domain, start, h, ida, NoPruning{}, observer);
    }
    IdaStarOptions first = ida;
    first.limits.max_expanded = kFirstTryNodes;
    first.transposition_entries = std::min<std::size_t>(full_table, std::size_t{1} << 14);
    result = ida_star(domain, start, h, first, NoPruning{}, observer);
    if (result.status == Status::stopped && result.stop_reason == StopReason::node_limit) {
      Statistics spent = result.stats;
      if (ida.limits.max_seconds > 0) ida.limits.max_seconds = std::max(1e-3, ida.limits.max_seconds - spent.seconds);
      if (ida.limits.max_expanded > 0) ida.limits.max_expanded -= spent.expanded;
      ida.transposition_entries = full_table;
      result = ida_star(domain, start, h, ida, NoPruning{}, observer);
      result.stats = std::move(spent += result.stats);
    }
    return result;
  };
  if (options.objective == Objective::moves) {
    domain.set_pi_corrals(false);
    report.result = fewest_moves_search(domain, options, teaching, progress);
  } else {
    report.result = run_teaching(domain, teaching, search, progress);
  }
  if (known_bound > 0 && report.result.status == Status::stopped) {
    report.result.lower_bound = std::max(report.result.lower_bound, known_bound);
  }
  const Result<Push, int>& result = report.result;
  if (!options.learned_file.empty()) {
    // Only a push search's bound is kept (moves count otherwise); a solved level keeps its
    // optimum as the bound, so the next run goes straight for a solution of that length.
    int bound = std::max(known_bound, report.resumed_bound);
    if (options.objective != Objective::moves) {
      if (result.solved() && result.optimal) bound = std::max(bound, result.cost);
      if (result.status == Status::stopped) bound = std::max(bound, result.lower_bound);
    }
    std::string problem;
    report.learned_saved = write_learned_file(options.learned_file, board, options.patterns,
                                              LearnedFile{std::max(bound, 0), patterns.learned()}, problem);
    if (!report.learned_saved) report.learned_note += (report.learned_note.empty() ? "" : "; ") + problem;
  }
  if (windows) {
    report.window_classified = windows->classified();
    report.window_cuts = windows->cuts();
  }
  report.pattern_searches = patterns.stats().searches;
  report.pattern_expanded = patterns.stats().expanded;
  report.pattern_corral_searches = patterns.stats().corral_searches;
  report.quick_fence_searches = patterns.stats().quick_searches;
  report.quick_fence_expanded = patterns.stats().quick_expanded;
  report.quick_fence_deadlocks = patterns.stats().quick_deadlocks;
  report.quick_fence_pauses = patterns.stats().quick_pauses;
  report.quick_fence_learning_from = patterns.stats().quick_learning_from;
  report.pattern_wall_searches = patterns.stats().wall_searches;
  report.pattern_start_searches = patterns.stats().start_searches;
  report.area_entry_searches = patterns.stats().entry_searches;
  report.area_entry_groups = patterns.entry_table().size();
  report.goal_set_searches = patterns.stats().goal_set_searches;
  report.goal_set_expanded = patterns.stats().goal_set_expanded;
  report.joint_bounds = patterns.stats().joint_bounds;
  report.joint_unions = patterns.stats().joint_unions;
  report.joint_expanded = patterns.stats().joint_expanded;
  report.joint_raised = patterns.stats().joint_raised;
  report.joint_skipped = patterns.stats().joint_skipped;
  report.joint_pauses = patterns.stats().joint_pauses;
  report.joint_paused = patterns.stats().joint_paused;
  report.deadlock_patterns = patterns.table().deadlocks();
  report.penalty_patterns = patterns.table().penalties();
  Solution solution;
  if (result.solved()) {
    solution = plan_to_lurd(board, result.plan);
    report.moves_first_plan = solution.moves;
    const double left = options.limits.max_seconds > 0 ? options.limits.max_seconds - clock.seconds() : 1.0;
    report.seconds_before_moves_pass = clock.seconds();
    if (options.fewer_moves && options.objective != Objective::moves && result.optimal && left > 0 &&
        static_cast<std::int64_t>(result.cost + 1) * (board.cell_count() + 1) < FewerMovesDomain::kPushWeight) {
      if (progress != nullptr) {
        fewer_moves_pass<Set>(board, options, result, solution, report, *progress);
      } else {
        NullObserver none;
        fewer_moves_pass<Set>(board, options, result, solution, report, none);
      }
    }
  }
  return solution;
}

// The push search of `level` under `options` (algorithm and limits included), observed by the
// teaching recorders and `progress` (either may be absent), then the fewer-moves pass and the
// replay check. The states' cell-set width is the narrowest that holds the level's player's
// area (or SolveOptions::min_cell_set_cells), chosen here, once the board is analysed.
template <class Observer>
SolveReport solve_observed(const Level& level, const SolveOptions& options, const Teaching& teaching,
                           Observer* progress) {
  SolveReport report;
  const LimitGuard clock(Limits{});
  // One clock for the tables built before the search (the goal room, the start's patterns)
  // and the search: the time limit covers them all.
  SolveOptions timed = options;
  timed.limits = options.limits.with_clock_started();
  try {
    const Board board(level, board_options(options));
    const Solution solution = with_cell_set_for(
        board.cell_count(),
        [&]<class Set>(Set) { return search_with<Set>(board, timed, teaching, progress, clock, report); },
        options.min_cell_set_cells);
    const Result<Push, int>& result = report.result;
    if (result.solved()) {
      int pushes = -1, moves = -1;
      const std::string problem = verify_lurd(level, solution.lurd, &pushes, &moves);
      const int counted = options.objective == Objective::moves ? moves : pushes;
      if (!problem.empty() || counted != result.cost ||
          pushes != plan_pushes(result.plan)) {
        report.internal_error = true;
        report.message = level.where() + ": internal error: the solution found does not replay (" +
                         (problem.empty() ? std::string("the count differs") : problem) + ")";
      } else {
        report.pushes = pushes;
        report.moves = moves;
        report.lurd = solution.lurd;
      }
    }
  } catch (const InvalidLevel& e) {
    report.invalid = true;
    report.message = e.what();
  } catch (const std::exception& e) {
    report.internal_error = true;
    report.message = level.where() + ": " + e.what();
  }
  report.seconds = clock.seconds();
  return report;
}

// The push search for observers of progress only is compiled once, in the hsearch::sokoban
// library (src/solve.cpp): it instantiates the whole search for three cell-set widths, with and
// without the teaching recorders, a minute of compile time (more under the sanitizers) that every
// file calling solve() would otherwise pay again for its own observer type.
extern template SolveReport solve_observed<AnyProgressObserver>(const Level&, const SolveOptions&, const Teaching&,
                                                                AnyProgressObserver*);

// `progress` (may be null) sees the search's progress through that one instantiation, unless it
// wants every node (kWantsNodes): the search is then compiled for it.
template <class Observer>
SolveReport solve_with(const Level& level, const SolveOptions& options, const Teaching& teaching, Observer* progress) {
  return with_any_progress(progress, [&](auto* observer) { return solve_observed(level, options, teaching, observer); });
}

}  // namespace detail

// The options `request` asks for, on top of `options` (the Sokoban-specific settings). Names
// Sokoban does not offer throw std::invalid_argument naming the option and what is offered.
inline SolveOptions options_for(const SolveRequest& request, SolveOptions options = {}) {
  if (request.algorithm != Algorithm::astar && request.algorithm != Algorithm::ida &&
      request.algorithm != Algorithm::hda) {
    throw std::invalid_argument(std::string("--algorithm ") + to_string(request.algorithm) +
                                ": sokoban offers astar, ida, hda");
  }
  if (!request.heuristic.empty() && request.heuristic != kDefaultHeuristic) {
    throw std::invalid_argument("--heuristic " + request.heuristic + ": sokoban offers " + kDefaultHeuristic);
  }
  if (!request.pruning.empty() && request.pruning != "none") {
    throw std::invalid_argument("--pruning " + request.pruning + ": sokoban offers none");
  }
  if ((request.weight_g != 1 || request.weight_h != 1) && options.objective != Objective::any) {
    throw std::invalid_argument("--weight: sokoban takes weights only with --objective any (the first restart's)");
  }
  if (options.objective == Objective::any && (request.weight_g != 1 || request.weight_h != 1)) {
    // The given weighting first, then the default restarts that weigh h less, A* last.
    const int wg = request.weight_g, wh = request.weight_h;
    options.any_schedule = {{wg, wh}};
    for (const auto& [g, h] : RestartingWeightedAStarOptions{}.schedule) {
      if (static_cast<std::int64_t>(h) * wg < static_cast<std::int64_t>(wh) * g) options.any_schedule.push_back({g, h});
    }
  }
  if (options.objective == Objective::any && request.algorithm != Algorithm::astar) {
    throw std::invalid_argument("--objective any runs its own schedule of weighted A* searches; it takes no --algorithm " +
                                std::string(to_string(request.algorithm)));
  }
  if (options.objective == Objective::moves && request.algorithm != Algorithm::astar) {
    throw std::invalid_argument("--objective moves searches with A*; it takes no --algorithm " +
                                std::string(to_string(request.algorithm)));
  }
  if (options.probe_cells == FeatureCells::both) {
    throw std::invalid_argument(std::string("--probe-cells both: the bound probes search one space; sokoban offers ") +
                                "packing, packing-connectivity, plan-connectivity, plan-rooms");
  }
  options.algorithm = request.algorithm;
  options.limits = request.limits;
  return options;
}

template <class Observer = NullObserver>
SolveReport solve(const Level& level, const SolveRequest& request, const SolveOptions& options,
                  const Teaching& teaching = {}, Observer* progress = nullptr) {
  return detail::solve_with(level, options_for(request, options), teaching, progress);
}

template <class Observer = NullObserver>
SolveReport solve(const Level& level, const SolveRequest& request, const Teaching& teaching = {},
                  Observer* progress = nullptr) {
  return detail::solve_with(level, options_for(request), teaching, progress);
}

// Every setting in `options` (the algorithm and the limits too); `observer` sees the progress.
template <class Observer = NullObserver>
SolveReport solve_level(const Level& level, const SolveOptions& options, Observer& observer) {
  return detail::solve_with(level, options, Teaching{}, &observer);
}

inline SolveReport solve_level(const Level& level, const SolveOptions& options = {}) {
  NullObserver observer;
  return solve_level(level, options, observer);
}

}  // namespace hsearch::sokoban
