// hanoi: solves a multi-tower Tower of Hanoi problem (`hanoi --help`, docs/hanoi.md). This is
// the program layer: options, the problem (positions, a problem file, the shortcut, random
// positions), printing and the exit status. The search is hanoi::solve (solver.hpp).
#include <cstdint>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <new>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "hsearch/app/exit_status.hpp"
#include "hsearch/app/json.hpp"
#include "hsearch/app/machine.hpp"
#include "hsearch/app/messages.hpp"
#include "hsearch/app/options.hpp"
#include "hsearch/app/progress.hpp"
#include "hsearch/app/trace_json.hpp"
#include "hsearch/core/replay.hpp"
#include "hsearch/hanoi/display.hpp"
#include "hsearch/hanoi/random_position.hpp"
#include "hsearch/hanoi/solver.hpp"

namespace app = hsearch::app;
namespace po = boost::program_options;
using namespace hsearch;
using namespace hsearch::hanoi;

namespace {

constexpr const char* kProgram = "hanoi";

constexpr const char* kDescription = R"(
Solves a multi-tower Tower of Hanoi problem: P >= 3 pegs, towers a, b, c... each of its own
height; a disk is a tower letter and a radius; a disk may sit on a disk of greater or EQUAL
radius. Start and goal are given by the user.

Position notation: pegs separated by '|', each peg listed bottom to top, a disk written as its
tower letter and radius, spaces ignored. Pegs are named A, B, C... Example with 4 pegs:
    --start "a3a2a1|||b3b2b1" --goal "b3b2b1|||a3a2a1"
A problem file (--problem) holds the lines  start: <position>  and  goal: <position>
('#' starts a comment).)";

constexpr const char* kEpilogue = R"(Heuristics (--heuristic):
  pdb        additive pattern databases over disk groups, max over partitions (admissible;
             the default). --pdb SIZES: e.g. --pdb 5,13 = the 5 largest disks, then the 13
             next (disks ordered by decreasing radius, then tower); --pdb towers: one group
             per tower; --pdb window:S: for every offset, S consecutive disks + the rest.
             Repeat --pdb for the max over several partitions. Default: automatic sizes,
             every group within 2^24 entries (16 MiB). With the symmetric method
             (below) the sizes describe the half problem (n-1 disks) and the default is
             the max over all windows of the automatic size (the other disks in groups
             within 2^24 entries too).
  towers     sum over towers of the exact single-tower distance (a table per tower;
             admissible). A tower whose table would exceed --pdb-max-entries is cut
             into groups within 2^24 entries (a weaker bound; said on stderr).
  goalpeg    number of disks off their goal peg (admissible, weak).
  zero       h = 0 (Dijkstra / iterative deepening).
  manhattan  the seed's Manhattan distance |dx| + |dy| per disk. NOT ADMISSIBLE (one move can
             cross several pegs): results are never called optimal.
  belfort    the seed's "Belfort" distance: Manhattan times the disks above both positions.
             NOT ADMISSIBLE: results are never called optimal.
bfs and dfs use no heuristic. Pattern databases are cached under --cache-dir (in hanoi/), in
versioned checksummed files; the time limit covers building them.

Algorithms (--algorithm): astar (A* with reopening; --weight G,H for weighted A*, e.g. the
seed's 3,2: a weighted result is not called optimal), ida (IDA* with a transposition table of
--tt-entries), bfs (breadth-first, optimal, memory hungry), dfs (iterative deepening).
--pruning same-disk never moves the same disk twice in a row (ida, dfs; no optimal plan is
lost); auto (the default) uses it when there is no transposition table.

Symmetric method (automatic): when all disks start on one peg A, the same stack must end on
another peg D and the largest disk is unique (the classic problem), the optimum is 2H + 1 where
H = the fewest moves taking the other disks from A to "none on A or D" (proof in docs/hanoi.md).
hanoi then searches only that half problem (a goal set; pattern databases with the same goal
set), and prints the whole plan: the half plan, the largest disk's move, the half plan mirrored.
Used with --heuristic pdb, towers or zero (and bfs, dfs); --no-symmetry forces the plain search.

Teaching: --trace prints on stderr one line per IDA* iteration (bound, expanded, next bound)
and one per A* reopen event; --dot FILE writes the search tree (nodes labelled f, g, h) as
Graphviz DOT, at most --dot-max-nodes nodes (meant for tiny instances); --trace-json FILE
writes the run event by event as JSON, the trace the search lab plays back (docs/search_lab.md).
With the symmetric method all three show the half search.

Output: the move count, whether the plan is proven optimal, and the moves as 'disk from->to'
(e.g. 'a1 A->C'); --json: one object (core keys, then pegs, disks, towers, method,
half_moves, admissible, pruning, tables, ...). Every plan is replayed and checked before it is
printed. hanoi has no unsolvable problem: every legal position reaches every other.)";

// The problem and how it was written.
struct Instance {
  Problem problem;
  std::string name;  // "start -> goal" in the notation
};

// The problem from the options: positions, a problem file, or the --pegs/--disks shortcut,
// with random positions where asked.
Instance read_instance(const app::CommandLine& cli) {
  const po::variables_map& vm = cli.values();
  const auto text = [&](const char* name) { return vm.count(name) ? vm[name].as<std::string>() : std::string(); };
  std::string start_text = text("start"), goal_text = text("goal");
  const std::string problem_file = text("problem");
  const bool random_start = vm["random-start"].as<bool>(), random_goal = vm["random-goal"].as<bool>();
  const std::uint64_t seed = app::parse_count("seed", vm["seed"].as<std::string>());
  if (!problem_file.empty()) {
    if (!start_text.empty() || !goal_text.empty()) throw std::invalid_argument("--problem excludes --start and --goal");
    std::ifstream in(problem_file);
    if (!in) throw std::invalid_argument(problem_file + ": cannot open");
    ProblemText text = read_problem_text(in, problem_file);
    start_text = std::move(text.start);
    goal_text = std::move(text.goal);
  }
  if (random_start && !start_text.empty()) throw std::invalid_argument("--random-start excludes a given start");
  if (random_goal && !goal_text.empty()) throw std::invalid_argument("--random-goal excludes a given goal");
  const bool shortcut = vm.count("pegs") || vm.count("disks") || vm.count("towers");
  Layout layout;
  std::optional<Position> start, goal;
  if (!start_text.empty() || !goal_text.empty()) {
    if (shortcut) throw std::invalid_argument("--pegs/--disks/--towers cannot be combined with given positions");
    const std::string& first = !start_text.empty() ? start_text : goal_text;
    const char* first_name = !start_text.empty() ? "start" : "goal";
    const DiskStacks stacks = parse_stacks(first, first_name);
    layout = layout_of(stacks, first_name);
    if (!start_text.empty()) start = to_position(layout, stacks, "start");
    if (!goal_text.empty()) goal = goal_for(layout, parse_stacks(goal_text, "goal"), "goal");
    if (start_text.empty() && !random_start) throw std::invalid_argument("no start: give --start or --random-start");
    if (goal_text.empty() && !random_goal) throw std::invalid_argument("no goal: give --goal or --random-goal");
  } else {
    if (!vm.count("pegs") || !vm.count("disks")) {
      throw std::invalid_argument("no problem: give --start and --goal, --problem FILE, or --pegs P --disks N");
    }
    const int pegs = vm["pegs"].as<int>(), disks = vm["disks"].as<int>();
    const int towers = vm.count("towers") ? vm["towers"].as<int>() : 1;
    layout = Layout::towers(pegs, std::vector<int>(static_cast<std::size_t>(std::max(towers, 0)), disks));
    if (towers > 1 && (!random_start || !random_goal)) {
      throw std::invalid_argument(
          "with --towers > 1 the shortcut has no standard start and goal: add --random-start and "
          "--random-goal, or give positions with --start/--goal");
    }
    if (!random_start) start = stacked_on(layout, 0);
    if (!random_goal) goal = stacked_on(layout, pegs - 1);
  }
  std::mt19937_64 rng(seed);
  if (random_start) start = random_position(layout, rng);
  if (random_goal) goal = random_position(layout, rng);
  Instance instance{Problem{layout, *start, *goal}, {}};
  instance.name = format_position(layout, *start) + " -> " + format_position(layout, *goal);
  return instance;
}

std::string plan_text(const HanoiDomain& d, const std::vector<HanoiDomain::Move>& plan) {
  std::string out;
  for (const auto& m : plan) out += (out.empty() ? "" : ", ") + d.move_name(m);
  return out;
}

app::CoreRecord core_record(const std::string& instance, const std::string& algorithm, const std::string& heuristic) {
  return app::named_record(kProgram, "hanoi", instance, algorithm, heuristic);
}

void print_json(const Instance& instance, const HanoiDomain& d, const SolveReport& report) {
  const auto& r = report.result;
  app::CoreRecord record = core_record(instance.name, report.algorithm, report.heuristic);
  app::fill_from_result(record, r);
  if (r.solved()) record.solution = plan_text(d, r.plan);
  app::Json j = app::core_json(record);
  const Layout& layout = instance.problem.layout;
  j["pegs"] = layout.pegs();
  j["disks"] = layout.disks();
  j["towers"] = layout.towers();
  j["method"] = report.method;
  j["half_moves"] = report.half_moves >= 0 ? app::Json(report.half_moves) : app::Json(nullptr);
  j["admissible"] = report.admissible;
  j["pruning"] = report.pruning;
  j["pruned"] = r.stats.pruned;
  j["duplicates"] = r.stats.duplicates;
  j["reopened"] = r.stats.reopened;
  j["search_peak_bytes"] = r.stats.peak_bytes;
  app::Json tables = app::Json::array();
  for (const TableInfo& t : report.tables) {
    tables.push_back({{"disks", t.disks}, {"entries", t.entries}, {"bytes", t.bytes},
                      {"loaded", t.loaded}, {"seconds", t.seconds}});
  }
  j["tables"] = tables;
  j["table_bytes"] = report.table_bytes;
  j["table_seconds"] = report.table_seconds;
  j["cpu_seconds"] = app::process_cpu_seconds();
  j["peak_rss_bytes"] = app::peak_rss_bytes();
  app::print_json_line(std::cout, j);
}

void print_text(const Instance& instance, const HanoiDomain& d, const SolveReport& report, bool weighted, bool show) {
  const auto& r = report.result;
  if (!report.method_note.empty()) std::cout << report.method_note << "\n";
  if (r.solved()) {
    std::cout << "solved: " << r.cost << " moves, "
              << (r.optimal ? "proven optimal" : weighted ? "NOT proven optimal (weighted A*)" : "NOT proven optimal")
              << "\n";
    HanoiDomain::State s = d.make_state(instance.problem.start);
    if (show) std::cout << "\nstart:\n" << draw_position(d.layout(), d.position(s));
    for (std::size_t i = 0; i < r.plan.size(); ++i) {
      d.apply(s, r.plan[i]);
      std::cout << std::setw(5) << i + 1 << ". " << d.move_name(r.plan[i]) << "\n";
      if (show) std::cout << draw_position(d.layout(), d.position(s)) << "\n";
    }
  } else if (r.status == Status::unsolvable) {
    std::cout << "no solution: the goal is unreachable (proven)\n";
  } else {
    std::cout << "stopped (" << r.outcome() << ") after " << r.stats.expanded
              << " expansions; proven lower bound: " << r.lower_bound << " moves\n";
  }
}

// --stats, on stderr.
void print_stats(const SolveReport& report) {
  const auto& r = report.result;
  std::ostream& out = std::cerr;
  out << "method: " << report.method;
  if (report.half_moves >= 0) out << " (half plan " << report.half_moves << " moves)";
  out << "\nalgorithm: " << r.algorithm << "\nheuristic: " << report.description << "\npruning: " << report.pruning
      << "\n";
  for (const TableInfo& t : report.tables) {
    out << "  table " << t.disks << ": " << t.entries << " entries, " << t.bytes << " bytes, "
        << (t.loaded ? "loaded" : "built") << " in " << t.seconds << " s"
        << (t.file.empty() ? "" : ", file " + t.file.string());
    if (!t.note.empty()) out << " (" << t.note << ")";
    out << "\n";
  }
  if (report.shared_tables > 0) {
    out << "  " << report.shared_tables << " more group(s) use the tables above (same shape and goal)\n";
  }
  out << "expanded: " << r.stats.expanded << "\ngenerated: " << r.stats.generated << "\npruned: " << r.stats.pruned
      << "\nduplicates: " << r.stats.duplicates << "\nreopened: " << r.stats.reopened
      << "\nsearch seconds: " << r.stats.seconds << "\nsearch peak bytes: " << r.stats.peak_bytes
      << "\ntable bytes: " << report.table_bytes << "\ntable seconds: " << report.table_seconds
      << "\npeak RSS bytes: " << app::peak_rss_bytes() << "\nprocess CPU seconds: " << app::process_cpu_seconds()
      << "\n";
  if (!r.stats.iterations.empty()) {
    out << "iterations:";
    for (const auto& it : r.stats.iterations) out << " " << it.bound;
    out << "\n";
  }
}

int run(int argc, char** argv) {
  app::CommandLineSpec spec;
  spec.groups = app::kSolveOptions | app::kPruningOption | app::kWeightOption | app::kCacheDirOption |
                app::kTraceJsonOption;
  spec.algorithm = "astar";
  spec.algorithm_help = "astar | ida | bfs | dfs (below)";
  spec.heuristic = "pdb";
  spec.heuristic_help = "pdb | towers | goalpeg | zero | manhattan | belfort (below)";
  spec.pruning = "auto";
  spec.pruning_help = "ida, dfs: auto | none | same-disk (never the same disk twice in a row; auto: "
                      "same-disk when there is no transposition table)";
  spec.memory_help = "MiB for the search's own tables (default: a quarter of the machine's memory, "
                     "at least 2048; 0: no limit); tables are bounded by --pdb-max-entries";
  app::CommandLine cli(kProgram, "hanoi [options]", kDescription, spec);
  cli.options().add_options()
      ("start", po::value<std::string>(), "start position (notation above)")
      ("goal", po::value<std::string>(), "goal position")
      ("problem", po::value<std::string>(), "file with 'start:' and 'goal:' lines")
      ("pegs", po::value<int>(), "shortcut: number of pegs (with --disks)")
      ("disks", po::value<int>(), "shortcut: disks per tower; default start = all on the first peg, goal = all on the last")
      ("towers", po::value<int>(), "shortcut: number of towers of --disks disks (default 1; > 1 needs random or given positions)")
      ("random-start", po::bool_switch(), "uniformly random legal start")
      ("random-goal", po::bool_switch(), "uniformly random legal goal")
      ("seed", po::value<std::string>()->default_value("1"), "seed of the random positions")
      ("pdb", po::value<std::vector<std::string>>(), "one partition: sizes (largest disks first, e.g. 5,13), 'towers' or 'window:S'; repeatable (max)")
      ("pdb-max-entries", po::value<std::string>()->default_value("268435456"), "refuse --pdb groups whose tables have more entries (2^28; 1 byte per entry)")
      ("no-pdb-cache", po::bool_switch(), "build tables in memory only (no cache files)")
      ("tt-entries", po::value<std::string>()->default_value("1048576"), "IDA* transposition-table entries (2^20, about 40 MB; 0: none)")
      ("no-symmetry", po::bool_switch(), "never use the symmetric method (search the whole classic problem)")
      ("show", po::bool_switch(), "draw every position of the solution");
  cli.set_epilogue(kEpilogue);
  const po::variables_map& vm = cli.parse(argc, argv);
  const app::CommonOptions& common = cli.common();

  SolveRequest request;
  request.algorithm = cli.algorithm({Algorithm::astar, Algorithm::ida, Algorithm::bfs, Algorithm::dfs});
  request.heuristic = common.heuristic;
  request.pruning = common.pruning;
  if (request.pruning == "on" || request.pruning == "off") {  // the values of the old --prune
    const std::string now = request.pruning == "on" ? "same-disk" : "none";
    app::print_warning(kProgram, "--pruning " + request.pruning + " is the old name of --pruning " + now);
    request.pruning = now;
  }
  request.weight_g = common.weight_g;
  request.weight_h = common.weight_h;
  request.limits = common.limits();
  if (!cli.given("memory-limit") && vm.count("max-memory") == 0) {
    request.limits.max_bytes = app::default_search_memory();
  }
  if (!vm["no-pdb-cache"].as<bool>()) {
    if (const auto root = app::cache_dir(common.cache_dir); !root.empty()) request.cache_dir = root / "hanoi";
  }
  if (!uses_heuristic(request.algorithm) && cli.given("heuristic")) {
    cli.usage_error(std::string("--algorithm ") + to_string(request.algorithm) + " uses no heuristic");
  }
  if (common.weight_given && request.algorithm != Algorithm::astar) {
    cli.usage_error("--weight applies to --algorithm astar only");
  }

  HanoiOptions options;
  options.symmetry = !vm["no-symmetry"].as<bool>();
  if (vm.count("pdb")) options.pdb_specs = vm["pdb"].as<std::vector<std::string>>();
  try {
    options.pdb_max_entries = app::parse_count("pdb-max-entries", vm["pdb-max-entries"].as<std::string>());
    options.tt_entries = static_cast<std::size_t>(app::parse_count("tt-entries", vm["tt-entries"].as<std::string>()));
    app::parse_count("seed", vm["seed"].as<std::string>());
  } catch (const std::invalid_argument& e) {
    cli.usage_error(e.what());
  }

  std::ofstream dot_file;
  Teaching teaching;
  teaching.dot_max_nodes = common.dot_max_nodes;
  if (common.trace) teaching.trace = &std::cerr;
  if (!common.dot_file.empty()) {  // fail before searching when the file cannot be written
    dot_file.open(common.dot_file);
    if (!dot_file) throw std::invalid_argument("--dot " + common.dot_file + ": cannot write");
    teaching.dot = &dot_file;
  }
  Recording recording;
  recording.cap = common.trace_json_cap;
  std::ofstream trace_json;
  if (!common.trace_json_file.empty()) {  // the same: fail before searching
    trace_json.open(common.trace_json_file, std::ios::binary);
    if (!trace_json) throw std::invalid_argument("--trace-json " + common.trace_json_file + ": cannot write");
    teaching.recording = &recording;
  }

  std::optional<Instance> instance;
  try {
    instance = read_instance(cli);
  } catch (const std::invalid_argument& e) {
    if (common.json) {
      const std::string heuristic = uses_heuristic(request.algorithm) ? common.heuristic : "none";
      const auto given = [&](const char* name) { return vm.count(name) ? vm[name].as<std::string>() : std::string(); };
      const std::string name = vm.count("problem") ? given("problem") : given("start") + " -> " + given("goal");
      app::print_json_line(std::cout, app::core_json(core_record(name, to_string(request.algorithm), heuristic)));
    }
    throw;
  }
  const Problem& problem = instance->problem;
  const HanoiDomain d(problem.layout, problem.goal);
  app::ProgressLines progress("", common.quiet);
  const SolveReport report = solve(problem, request, options, teaching, &progress);
  const auto& r = report.result;
  for (const std::string& note : report.notes) app::print_note(kProgram, note);
  if (teaching.dot != nullptr) {
    dot_file.close();
    if (!dot_file) app::print_error(kProgram, "cannot write " + common.dot_file);
  }
  if (trace_json.is_open()) {
    // With the symmetric method (report.method) the search recorded is the one to the midpoint.
    app::TraceInfo info;
    info.program = kProgram;
    info.domain = "hanoi";
    info.instance = format_position(problem.layout, problem.start) + " -> " + format_position(problem.layout, problem.goal);
    info.algorithm = report.algorithm;
    info.heuristic = report.heuristic;
    info.pruning = report.pruning;
    info.weight_g = request.weight_g;
    info.weight_h = request.weight_h;
    trace_json << app::trace_json_text(recording, info, app::Json{{"method", report.method}}) << "\n";
    trace_json.close();
    if (!trace_json) app::print_error(kProgram, "cannot write " + common.trace_json_file);
  }

  // Replay before printing anything about the plan.
  if (r.solved() && !plan_replays(d, d.make_state(problem.start), r.plan, r.cost)) {
    app::print_error(kProgram, "internal error: the plan found does not replay from the start to the goal; not printed");
    return app::code(app::ExitStatus::internal_error);
  }
  if (!report.admissible) {
    app::print_warning(kProgram, "heuristic '" + report.heuristic +
                                     "' is NOT admissible: a plan found with it is not proven optimal");
  }
  if (common.json) {
    print_json(*instance, d, report);
  } else {
    std::cout << "pegs: " << problem.layout.pegs() << ", disks: " << problem.layout.disks()
              << ", towers: " << problem.layout.towers() << "\nstart: " << format_position(problem.layout, problem.start)
              << "\ngoal:  " << format_position(problem.layout, problem.goal) << "\n";
    if (vm["show"].as<bool>()) std::cout << "\ngoal:\n" << draw_position(problem.layout, problem.goal) << "\n";
    print_text(*instance, d, report, request.weight_g != request.weight_h, vm["show"].as<bool>());
  }
  if (common.stats) print_stats(report);
  return app::code(app::exit_status(r));
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::invalid_argument& e) {  // bad input: notation, layout, names, files
    app::print_error(kProgram, e.what());
    return app::code(app::ExitStatus::bad_input);
  } catch (const std::bad_alloc&) {
    app::print_error(kProgram, "out of memory (try smaller --pdb groups or a lower --memory-limit)");
    return app::code(app::ExitStatus::limit);
  } catch (const std::exception& e) {
    app::print_error(kProgram, std::string("internal error: ") + e.what());
    return app::code(app::ExitStatus::internal_error);
  }
}
