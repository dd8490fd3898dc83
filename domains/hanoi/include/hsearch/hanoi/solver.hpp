#pragma once
// The one way into the Hanoi domain: solve(problem, request, options, teaching, progress) picks
// the method (the symmetric decomposition for the classic shape, else the plain search), builds
// the heuristic by name (pattern databases included), runs the framework's algorithm by name
// and returns the framework's Result with the Hanoi extras (method, half plan length, tables).
//
// Names offered:
//   algorithm  astar | ida | bfs | dfs (dfs: iterative deepening)
//   heuristic  pdb (default) | towers | goalpeg | zero | manhattan | belfort
//              (manhattan and belfort are NOT admissible: their results are never optimal)
//   pruning    auto (default: same-disk for a depth-first search without a transposition
//              table, else none) | none | same-disk
// Machine state is the caller's: the table cache directory is SolveRequest::cache_dir, the
// limits come in the request. The time limit covers the building of the tables too.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "hsearch/core/observer.hpp"
#include "hsearch/core/result.hpp"
#include "hsearch/core/solve_request.hpp"
#include "hsearch/hanoi/belfort_heuristic.hpp"
#include "hsearch/hanoi/domain.hpp"
#include "hsearch/hanoi/manhattan_heuristic.hpp"
#include "hsearch/hanoi/notation.hpp"
#include "hsearch/hanoi/off_goal_peg_heuristic.hpp"
#include "hsearch/hanoi/off_pegs_domain.hpp"
#include "hsearch/hanoi/pdb_heuristic.hpp"
#include "hsearch/hanoi/same_disk_pruner.hpp"
#include "hsearch/hanoi/symmetric_solver.hpp"
#include "hsearch/heuristics/combinators.hpp"
#include "hsearch/heuristics/heuristic.hpp"
#include "hsearch/observers/teaching_observer.hpp"
#include "hsearch/pruning/pruner.hpp"
#include "hsearch/search/by_name.hpp"

namespace hsearch::hanoi {

inline constexpr const char* kHeuristicNames = "pdb, towers, goalpeg, zero, manhattan, belfort";
inline constexpr const char* kPruningNames = "auto, none, same-disk";
// The largest table the program sizes on its own (1 byte per entry: 16 MiB).
inline constexpr std::uint64_t kAutomaticEntries = std::uint64_t{1} << 24;

// What only Hanoi has to choose.
struct HanoiOptions {
  // Partitions of --heuristic pdb, each "S1,S2,..." (group sizes, largest disks first),
  // "towers" (one group per tower) or "window:S" (every window of S consecutive disks + the
  // rest); the heuristic is the max over them. Empty: automatic sizes.
  std::vector<std::string> pdb_specs;
  std::uint64_t pdb_max_entries = std::uint64_t{1} << 28;  // refuse bigger tables (1 byte each)
  bool symmetry = true;                                    // the symmetric method when it applies
  std::size_t tt_entries = std::size_t{1} << 20;           // IDA* transposition table (0: none)
};

// One pattern database of the heuristic (tables shared by groups of one shape are listed once).
struct TableInfo {
  std::string disks;  // the group, e.g. "a5,a6,a7"
  std::uint64_t entries = 0;
  std::size_t bytes = 0;
  bool loaded = false;  // read from the cache, else built
  double seconds = 0;   // build or load time
  std::filesystem::path file;
  std::string note;     // why a file was rebuilt or not written
};

struct SolveReport {
  Result<HanoiDomain::Move, int> result;
  std::string algorithm;      // to_string(Algorithm)
  std::string heuristic;      // the name used ("none" for bfs and dfs)
  std::string description;    // e.g. "pdb over the half problem (admissible: 3+12 disks)"
  bool admissible = true;     // the heuristic never overestimates (else nothing is called optimal)
  std::string pruning;        // "none" or "same-disk"
  std::string method = "plain";  // or "symmetric"
  std::string method_note;       // the symmetric method's half problem, in words
  long half_moves = -1;          // symmetric: H, the half plan's length, when solved
  std::vector<TableInfo> tables;
  std::size_t shared_tables = 0;  // groups that use a table listed above
  // Choices made for the user that change the heuristic asked for (a tower's table split to
  // fit the entry limit...), one sentence each, for the program to show.
  std::vector<std::string> notes;
  double table_seconds = 0;
  std::size_t table_bytes = 0;
};

namespace detail {

inline std::vector<int> parse_sizes(const std::string& text, const std::string& option) {
  std::vector<int> values;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    std::size_t used = 0;
    int v = 0;
    try {
      v = std::stoi(item, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != item.size()) {
      throw std::invalid_argument(option + ": '" + text + "' is not a comma-separated list of whole numbers");
    }
    values.push_back(v);
  }
  if (values.empty()) throw std::invalid_argument(option + ": empty list");
  return values;
}

// The pattern-database heuristic of `pdb`/`towers` for domain d (the whole problem, or the
// half problem with pdb.goal_off_pegs set); fills the report's table lines.
inline PdbHeuristic make_pdb(const HanoiDomain& d, const std::string& heuristic, const HanoiOptions& options,
                             const PdbOptions& pdb, SolveReport& report) {
  const Layout& layout = d.layout();
  // Tables chosen by the program stay within 2^24 entries; only those the user sizes (--pdb)
  // may go up to --pdb-max-entries.
  const std::uint64_t automatic = std::min(pdb.max_entries, kAutomaticEntries);
  const std::uint64_t largest = std::min<std::uint64_t>(pdb.max_entries, 0xFFFFFFFFu);  // 32-bit indices
  const auto sizes_text = [](const Partition& groups, std::size_t from) {
    std::string text;
    for (std::size_t g = from; g < groups.size(); ++g) {
      if (!text.empty()) text += '+';
      text += std::to_string(groups[g].size());
    }
    return text;
  };
  const auto towers = [&](std::vector<Partition>& parts) {
    parts.push_back(partition_by_towers(layout, largest, automatic));
    if (parts.back() != partition_by_towers(layout)) {
      report.notes.push_back("--heuristic towers: a tower's table would have more than " + std::to_string(largest) +
                             " entries (--pdb-max-entries): the towers are " +
                             "split into groups of " + sizes_text(parts.back(), 0) +
                             " disks, a weaker bound (still admissible)");
    }
  };
  std::vector<Partition> parts;
  if (heuristic == "towers") {
    try {
      towers(parts);
    } catch (const PdbError& e) {
      throw std::invalid_argument("--heuristic towers: " + std::string(e.what()) + " (--pdb-max-entries)");
    }
  } else if (options.pdb_specs.empty()) {
    try {
      const auto sizes = automatic_sizes(layout, automatic);
      if (pdb.goal_off_pegs != 0 && layout.max_class_size() == 1 && sizes.size() > 1) {
        // Half problem of one tower: every window of the largest automatic group size has the
        // same shape, so the max over all windows costs lookups, not memory (6x fewer
        // expansions for 16 disks: docs/hanoi.md). The other disks go in groups that fit too.
        const int window = *std::max_element(sizes.begin(), sizes.end());
        parts = window_partitions(layout, window, automatic);
        if (parts.front().size() > 2) {
          report.notes.push_back("--heuristic pdb: windows of " + std::to_string(window) + " disks, the other " +
                                 std::to_string(layout.disks() - window) + " in groups of " +
                                 sizes_text(parts.back(), 1) + " (every table within " + std::to_string(automatic) +
                                 " entries)");
        }
      } else {
        parts.push_back(partition_by_sizes(layout, sizes));
      }
    } catch (const PdbError& e) {
      throw std::invalid_argument("--heuristic pdb: " + std::string(e.what()) + " (--pdb-max-entries)");
    }
  } else {
    for (const auto& spec : options.pdb_specs) {
      try {
        if (spec.rfind("window:", 0) == 0) {
          const auto size = parse_sizes(spec.substr(7), "--pdb window:");
          if (size.size() != 1) throw std::invalid_argument("--pdb window:S takes one size");
          for (auto& p : window_partitions(layout, size[0], largest)) parts.push_back(std::move(p));
        } else if (spec == "towers") {
          towers(parts);
        } else {
          parts.push_back(partition_by_sizes(layout, parse_sizes(spec, "--pdb")));
        }
      } catch (const PdbError& e) {
        throw std::invalid_argument("--pdb " + spec + ": " + e.what());
      }
    }
  }
  try {
    PdbHeuristic h(d, parts, pdb);
    report.description += " (admissible: ";
    for (std::size_t p = 0; p < h.partitions().size(); ++p) {
      report.description += p ? " max " : "";
      for (std::size_t g = 0; g < h.partitions()[p].size(); ++g) {
        if (g > 0) report.description += '+';
        report.description += std::to_string(h.tables()[h.partitions()[p][g]]->group().size());
      }
    }
    report.description += " disks)";
    for (const auto& t : h.tables()) {
      if (t->shared()) {
        ++report.shared_tables;
        continue;
      }
      report.table_seconds += t->seconds();
      report.tables.push_back({t->disks(), t->entries(), t->bytes(), t->loaded(), t->seconds(), t->path(), t->note()});
    }
    report.table_bytes = h.bytes();
    return h;
  } catch (const PdbError& e) {
    throw std::invalid_argument("--heuristic " + heuristic + ": " + e.what());
  }
}

template <class Observer>
void announce(Observer* progress, const std::string& what) {
  if (progress != nullptr) announce_phase(*progress, what);
}

// The search itself, with the teaching recorders and the progress observer.
template <class D, class H, class Observer>
Result<HanoiDomain::Move, int> run_search(const D& d, const HanoiDomain::State& start, const H& h, bool same_disk,
                                          const SearchSettings& settings, const Teaching& teaching,
                                          Observer* progress) {
  return run_teaching(
      d, teaching,
      [&](auto& observer) {
        if (same_disk) return search_by_name(d, start, h, SameDiskPruner{}, settings, observer);
        return search_by_name(d, start, h, NoPruning{}, settings, observer);
      },
      progress);
}

// solve() for one observer type; the one for AnyProgressObserver, which serves every observer
// of progress only, is compiled in the library (below).
template <class Observer>
SolveReport solve_observed(const Problem& problem, const SolveRequest& request, const HanoiOptions& options,
                           const Teaching& teaching, Observer* progress) {
  const Algorithm algorithm = request.algorithm;
  const bool heuristic_search = uses_heuristic(algorithm);
  const std::string heuristic =
      !heuristic_search ? "none" : (request.heuristic.empty() ? "pdb" : request.heuristic);
  if (heuristic != "none" && heuristic != "pdb" && heuristic != "towers" && heuristic != "goalpeg" &&
      heuristic != "zero" && heuristic != "manhattan" && heuristic != "belfort") {
    throw std::invalid_argument("--heuristic " + heuristic + ": unknown; hanoi offers " + kHeuristicNames);
  }
  if (!options.pdb_specs.empty() && heuristic != "pdb") {
    throw std::invalid_argument("--pdb applies to --heuristic pdb (not " + heuristic + ")");
  }
  const std::string pruning = request.pruning.empty() ? "auto" : request.pruning;
  if (pruning != "auto" && pruning != "none" && pruning != "same-disk") {
    throw std::invalid_argument("--pruning " + pruning + ": unknown; hanoi offers " + kPruningNames);
  }
  if ((request.weight_g != 1 || request.weight_h != 1) && algorithm != Algorithm::astar) {
    throw std::invalid_argument("--weight applies to --algorithm astar only");
  }
  // With IDA*'s transposition table the automaton state is part of each entry's key, which
  // costs far more than the pruning saves (docs/hanoi.md): "auto" prunes only without one.
  const bool depth_first = is_depth_first(algorithm);
  const bool same_disk =
      depth_first && (pruning == "same-disk" ||
                      (pruning == "auto" && (algorithm == Algorithm::dfs || options.tt_entries == 0)));

  SolveReport report;
  report.algorithm = to_string(algorithm);
  report.heuristic = heuristic;
  report.description = heuristic_search ? heuristic : "none (" + report.algorithm + ")";
  report.admissible = heuristic != "manhattan" && heuristic != "belfort";
  report.pruning = same_disk ? "same-disk" : "none";

  SearchSettings settings;
  settings.algorithm = algorithm;
  // One clock for the tables and the search: the time limit covers both.
  settings.limits = request.limits.with_clock_started();
  settings.weight_g = request.weight_g;
  settings.weight_h = request.weight_h;
  settings.transposition_entries = options.tt_entries;

  PdbOptions pdb;
  pdb.cache_dir = request.cache_dir;
  pdb.max_entries = options.pdb_max_entries;
  pdb.limits = settings.limits;
  // Between the tables and the search: a limit reached while loading them stops here.
  const auto tables_done = [&]() -> std::optional<StopReason> {
    LimitGuard guard(settings.limits);
    if (guard.check_slow()) return guard.reason();
    return std::nullopt;
  };
  const auto stopped = [&](StopReason reason, int lower_bound) {
    report.result.status = Status::stopped;
    report.result.stop_reason = reason;
    report.result.lower_bound = lower_bound;
    report.result.algorithm = report.algorithm;
    return report;
  };
  const auto finish = [&](Result<HanoiDomain::Move, int> r) {
    if (!report.admissible) {  // nothing found with an overestimating heuristic is proven
      r.optimal = false;
      r.lower_bound = 0;
    }
    report.result = std::move(r);
    return report;
  };

  const HanoiDomain d(problem.layout, problem.goal);
  const HanoiDomain::State s0 = d.make_state(problem.start);
  const Layout& layout = problem.layout;
  const std::optional<ClassicShape> shape = classic_shape(layout, problem.start, problem.goal);

  if (options.symmetry && shape.has_value() &&
      (!heuristic_search || heuristic == "pdb" || heuristic == "towers" || heuristic == "zero")) {
    report.method = "symmetric";
    if (layout.disks() == 1) {  // no half problem: the single move of the only disk
      Result<HanoiDomain::Move, int> r;
      r.status = Status::solved;
      r.algorithm = report.algorithm;
      r.plan = assemble_symmetric_plan({}, *shape);
      r.cost = 1;
      r.optimal = true;
      r.lower_bound = 1;
      report.half_moves = 0;
      report.method_note = "method: symmetric (one disk: one move)";
      return finish(std::move(r));
    }
    const HalfProblem hp = half_problem(layout, problem.start, *shape);
    const OffPegsDomain half(hp.layout, hp.off);
    const HanoiDomain::State h0 = half.make_state(hp.start);
    report.method_note = "method: symmetric: the " + std::to_string(hp.layout.disks()) + " smaller disks from " +
                         peg_name(shape->from) + " to none on " + peg_name(shape->from) + " or " +
                         peg_name(shape->to) + " (H moves), then " + layout.name(0) + " " + peg_name(shape->from) +
                         "->" + peg_name(shape->to) + ", then the mirror image: 2H + 1 moves";
    // The half result gives the whole one: optimal when the half is, a half bound b gives 2b + 1.
    const auto assemble = [&](Result<HanoiDomain::Move, int> r) {
      if (r.solved()) {
        report.half_moves = r.cost;
        r.plan = assemble_symmetric_plan(r.plan, *shape);
        r.cost = 2 * r.cost + 1;
        r.lower_bound = r.optimal ? r.cost : 1;
      } else if (r.status == Status::stopped) {
        r.lower_bound = 2 * r.lower_bound + 1;
      }
      return finish(std::move(r));
    };
    if (!heuristic_search || heuristic == "zero") {
      return assemble(detail::run_search(half, h0, ZeroHeuristic{}, same_disk, settings, teaching, progress));
    }
    pdb.goal_off_pegs = hp.off;  // tables towards the same goal set
    report.description += " over the half problem";
    detail::announce(progress, "tables: pattern databases of the half problem");
    try {
      const PdbHeuristic h = detail::make_pdb(half, heuristic, options, pdb, report);
      if (const auto reason = tables_done()) return stopped(*reason, 1);
      detail::announce(progress, "search: the half problem");
      return assemble(detail::run_search(half, h0, h, same_disk, settings, teaching, progress));
    } catch (const StoppedByLimit& e) {
      return stopped(e.reason, 1);
    }
  }

  if (heuristic == "pdb" || heuristic == "towers") {
    try {
      detail::announce(progress, "tables: pattern databases");
      const PdbHeuristic h = detail::make_pdb(d, heuristic, options, pdb, report);
      if (const auto reason = tables_done()) return stopped(*reason, 0);
      detail::announce(progress, "search: the whole problem");
      return finish(detail::run_search(d, s0, h, same_disk, settings, teaching, progress));
    } catch (const StoppedByLimit& e) {
      return stopped(e.reason, 0);
    }
  }
  if (heuristic == "goalpeg") {
    return finish(detail::run_search(d, s0, OffGoalPegHeuristic(d), same_disk, settings, teaching, progress));
  }
  if (heuristic == "manhattan") {
    return finish(detail::run_search(d, s0, ManhattanHeuristic(d), same_disk, settings, teaching, progress));
  }
  if (heuristic == "belfort") {
    return finish(detail::run_search(d, s0, BelfortHeuristic(d), same_disk, settings, teaching, progress));
  }
  return finish(detail::run_search(d, s0, ZeroHeuristic{}, same_disk, settings, teaching, progress));  // zero, none
}

// The search for observers of progress only is compiled once, in the hsearch::hanoi library
// (src/solve.cpp): every algorithm with every heuristic and pruning, for the whole and the half
// problem, with and without the teaching recorders, which every file calling solve() would
// otherwise compile again for its own observer type.
extern template SolveReport solve_observed<AnyProgressObserver>(const Problem&, const SolveRequest&,
                                                                const HanoiOptions&, const Teaching&,
                                                                AnyProgressObserver*);

}  // namespace detail

// Solves `problem` (start and goal positions on its layout). Unknown names and impossible
// combinations throw std::invalid_argument naming the option and what is offered.
template <class Observer = NullObserver>
SolveReport solve(const Problem& problem, const SolveRequest& request, const HanoiOptions& options = {},
                  const Teaching& teaching = {}, Observer* progress = nullptr) {
  return with_any_progress(progress, [&](auto* observer) {
    return detail::solve_observed(problem, request, options, teaching, observer);
  });
}

}  // namespace hsearch::hanoi
