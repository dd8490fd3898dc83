// fifteen-puzzle: optimal solutions of sliding-tile puzzles.
//
// Reads one board on stdin (W*H integers, 0 = blank) and prints FAILURE when it cannot reach
// 0 1 2 ... W*H-1 (decided by parity), else "OK n" and the n+1 configurations from the board to
// the goal, one per line; --json prints one JSON object instead. Progress, --stats, --trace and
// messages go to stderr. Exit status: the table of hsearch::app (FAILURE is 1, unsolvable).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <iterator>
#include <new>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "hsearch/app/exit_status.hpp"
#include "hsearch/app/json.hpp"
#include "hsearch/app/machine.hpp"
#include "hsearch/app/messages.hpp"
#include "hsearch/app/options.hpp"
#include "hsearch/app/progress.hpp"
#include "hsearch/app/trace_json.hpp"
#include "hsearch/core/checked_file.hpp"
#include "hsearch/fifteen_puzzle/board_io.hpp"
#include "hsearch/fifteen_puzzle/solver.hpp"

namespace app = hsearch::app;
using namespace hsearch;
using namespace hsearch::fifteen;

namespace {

constexpr const char* kProgram = "fifteen-puzzle";

struct Run {
  unsigned width = 4, height = 4;
  SolveRequest request;
  SolverOptions options;
  const app::CommonOptions* common = nullptr;
};

// "WxH" with 2 <= W, H and W*H <= 49; anything else is a usage error.
void parse_size(const app::CommandLine& cli, const std::string& text, unsigned& w, unsigned& h) {
  const auto x = text.find('x');
  try {
    if (x == std::string::npos) throw std::invalid_argument("");
    w = static_cast<unsigned>(app::parse_count_in("size", text.substr(0, x), 2, 7 * 7 / 2));
    h = static_cast<unsigned>(app::parse_count_in("size", text.substr(x + 1), 2, 7 * 7 / 2));
    if (w * h > ByteBoard::kMaxCells) throw std::invalid_argument("");
  } catch (const std::invalid_argument&) {
    cli.usage_error("--size wants WxH with 2 <= W, H and W*H <= 49, not '" + text + "'");
  }
}

app::Json tiles_json(const std::vector<unsigned>& tiles) { return app::Json(tiles); }

app::CoreRecord core_record(const Run& run, const std::string& instance, const std::string& heuristic) {
  return app::named_record(kProgram, "fifteen-puzzle", instance, to_string(run.request.algorithm), heuristic);
}

// --stats: the IDA* iterations and one summary line, on stderr.
void print_stats(const SolveReport& report) {
  const auto& r = report.result;
  for (const auto& it : r.stats.iterations) {
    std::cerr << "iteration bound=" << it.bound << " expanded=" << it.expanded << " generated=" << it.generated
              << " pruned=" << it.pruned << " next_bound=" << it.next_bound << " seconds=" << it.seconds << "\n";
  }
  std::cerr << "algorithm=" << r.algorithm << " heuristic=" << report.heuristic << " pruning=" << report.pruning
            << " status=" << r.outcome() << " cost=" << r.cost << " expanded=" << r.stats.expanded
            << " generated=" << r.stats.generated << " pruned=" << r.stats.pruned
            << " duplicates=" << r.stats.duplicates << " seconds=" << r.stats.seconds
            << " peak_bytes=" << r.stats.peak_bytes << "\n";
}

template <class Board>
app::ExitStatus solve_board(const Run& run, const std::vector<unsigned>& tiles) {
  const app::CommonOptions& common = *run.common;
  const Solver<Board> solver(run.width, run.height, run.request, run.options);
  Teaching teaching;
  std::ofstream dot;
  if (!common.dot_file.empty()) {
    dot.open(common.dot_file);
    if (!dot) {
      app::print_error(kProgram, "cannot write --dot file '" + common.dot_file + "'");
      return app::ExitStatus::bad_input;
    }
    teaching.dot = &dot;
    teaching.dot_max_nodes = common.dot_max_nodes;
  }
  if (common.trace) teaching.trace = &std::cerr;
  Recording recording;
  recording.cap = common.trace_json_cap;
  std::ofstream trace_json;
  if (!common.trace_json_file.empty()) {
    trace_json.open(common.trace_json_file, std::ios::binary);
    if (!trace_json) {
      app::print_error(kProgram, "cannot write --trace-json file '" + common.trace_json_file + "'");
      return app::ExitStatus::bad_input;
    }
    teaching.recording = &recording;
  }
  app::ProgressLines progress("", common.quiet);
  const SolveReport report = solver.solve(tiles, teaching, &progress);
  if (trace_json.is_open()) {
    app::TraceInfo info;
    info.program = kProgram;
    info.domain = "fifteen-puzzle";
    info.instance = format_tiles(tiles);
    info.algorithm = to_string(run.request.algorithm);
    info.heuristic = report.heuristic;
    info.pruning = report.pruning;
    trace_json << app::trace_json_text(recording, info) << "\n";
    trace_json.close();
    if (!trace_json) {
      app::print_error(kProgram, "error while writing --trace-json file '" + common.trace_json_file + "'");
      return app::ExitStatus::bad_input;
    }
  }
  if (dot.is_open()) {
    dot.close();
    if (!dot) {
      app::print_error(kProgram, "error while writing --dot file '" + common.dot_file + "'");
      return app::ExitStatus::bad_input;
    }
  }
  const auto& r = report.result;
  if (common.stats) print_stats(report);
  if (!report.plan_replayed) {
    app::print_error(kProgram, "internal error: the plan failed its replay check (not printed)");
    return app::ExitStatus::internal_error;
  }
  const app::ExitStatus status = app::exit_status(r);
  if (common.json) {
    app::CoreRecord record = core_record(run, format_tiles(tiles), report.heuristic);
    app::fill_from_result(record, r);
    if (r.solved()) record.solution = plan_letters(r.plan);
    app::Json json = app::core_json(record);
    json["size"] = std::to_string(run.width) + "x" + std::to_string(run.height);
    json["pruning"] = report.pruning;
    json["pruned"] = r.stats.pruned;
    app::Json iterations = app::Json::array();
    for (const auto& it : r.stats.iterations) {
      iterations.push_back({{"bound", it.bound},
                            {"expanded", it.expanded},
                            {"generated", it.generated},
                            {"seconds", std::round(it.seconds * 1e6) / 1e6}});
    }
    json["iterations"] = std::move(iterations);
    app::Json configurations = r.solved() ? app::Json::array() : app::Json(nullptr);
    for (const auto& c : report.configurations) configurations.push_back(tiles_json(c));
    json["configurations"] = std::move(configurations);
    app::print_json_line(std::cout, json);
  } else if (r.solved()) {
    std::ostringstream out;
    out << "OK " << r.cost << "\n";
    for (const auto& c : report.configurations) out << format_tiles(c) << "\n";
    std::cout << out.str();
  } else if (r.status == Status::unsolvable) {
    std::cout << "FAILURE\n";
  }
  if (r.status == Status::stopped) {
    app::print_error(kProgram, std::string("stopped (") + r.outcome() + ") after " +
                                   std::to_string(r.stats.expanded) + " expansions; optimal length >= " +
                                   std::to_string(r.lower_bound));
  }
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  app::CommandLineSpec spec;
  spec.groups = app::kSolveOptions | app::kPruningOption | app::kCacheDirOption | app::kTraceJsonOption;
  spec.algorithm = "ida";
  spec.algorithm_help = "ida | astar | bfs (all optimal; astar and bfs keep every state in memory)";
  spec.heuristic = kDefaultHeuristic;
  spec.heuristic_help =
      "auto | manhattan | linear-conflict | pdb-555 | pdb-663 | pdb-78 (4x4) | pdb-6666 | pdb-6666-mirror (5x5) | "
      "pdb-333 (3x3) (auto: pdb-663 on 4x4, linear-conflict otherwise). Pattern databases are built on first "
      "use and cached (see --cache-dir); pdb-78 and the 5x5 ones take minutes and GBs to build once "
      "(fifteen-build-pdb builds them ahead)";
  spec.pruning = kDefaultPruning;
  spec.pruning_help =
      "none | inverse | learned[=FILE]: move-pruning automaton for ida (learned without FILE: the automaton "
      "shipped in domains/fifteen_puzzle/data/)";
  spec.memory_help = "MiB for the states astar and bfs keep (0: a quarter of the machine's memory, at least 2 GiB)";
  app::CommandLine cli(kProgram, "fifteen-puzzle [options] < board",
                       "Reads a board (W*H integers, 0 = blank, row-major) on stdin and prints FAILURE or\n"
                       "\"OK n\" followed by the n+1 configurations of an optimal solution.\n"
                       "Goal: 0 1 2 ... W*H-1. Moves are named by the blank's direction: U D L R.",
                       spec);
  std::string size = "4x4", random_text, seed_text = "1", transposition_text = "0";
  Run run;
  cli.options().add_options()
      ("size", app::po::value(&size)->default_value("4x4"), "board size WxH, from 2x2 up to 7x7 cells")
      ("random", app::po::value(&random_text),
       "print N random solvable boards (uniform, by parity) of --size, one per line, and exit")
      ("seed", app::po::value(&seed_text)->default_value("1"), "random seed for --random")
      ("no-reflect", "pattern databases: do not add the reflected lookup")
      ("move-order", app::po::value(&run.options.move_order)->default_value("ULRD"),
       "order in which blank moves are tried (U up, D down, L left, R right)")
      ("transposition", app::po::value(&transposition_text)->default_value("0"),
       "IDA* transposition table entries (0 = none)");
  const auto& vm = cli.parse(argc, argv);
  const app::CommonOptions& common = cli.common();
  run.common = &common;
  run.request.algorithm = cli.algorithm({Algorithm::ida, Algorithm::astar, Algorithm::bfs});
  parse_size(cli, size, run.width, run.height);
  std::uint64_t random_count = 0, seed = 1;
  try {
    if (vm.count("random") != 0) random_count = app::parse_count("random", random_text);
    seed = app::parse_count("seed", seed_text);
    run.options.transposition_entries = static_cast<std::size_t>(
        app::parse_count_in("transposition", transposition_text, 0, std::uint64_t{1} << 34));
  } catch (const std::invalid_argument& e) {
    cli.usage_error(e.what());
  }
  run.request.heuristic = common.heuristic;
  // Empty: the solver's default, which astar and bfs replace by none without complaint.
  const bool pruning_given = cli.given("pruning") || vm.count("prune") != 0;
  run.request.pruning = pruning_given ? common.pruning : std::string();
  run.request.limits = common.limits();
  const std::size_t memory_mib =
      common.memory_limit_mib != 0 ? common.memory_limit_mib : app::default_search_memory() >> 20;
  run.request.limits.max_bytes = memory_mib << 20;
  run.request.cache_dir = app::cache_dir(common.cache_dir);
  run.options.reflect = vm.count("no-reflect") == 0;
  run.options.automaton_file = HSEARCH_FIFTEEN_DEFAULT_AUTOMATON;
  run.options.log = common.quiet ? nullptr : &std::cerr;
  const unsigned cells = run.width * run.height;

  if (vm.count("random") != 0) {
    std::mt19937_64 rng(seed);
    for (std::uint64_t i = 0; i < random_count; ++i) {
      std::cout << format_tiles(random_solvable_tiles(run.width, run.height, rng)) << "\n";
    }
    return 0;
  }

  const std::string input{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
  const ParseResult board = parse_tiles(input, cells);
  if (!board.ok()) {
    app::print_error(kProgram, "stdin" + (board.line > 0 ? ":" + std::to_string(board.line) : std::string()) + ": " + board.error);
    if (common.json) {
      std::istringstream words(input);
      std::string instance, word;
      while (words >> word) instance += (instance.empty() ? "" : " ") + word;
      const std::string heuristic = resolve_heuristic(common.heuristic, run.width, run.height);
      app::print_json_line(std::cout, app::core_json(core_record(run, instance, heuristic)));
    }
    return app::code(app::ExitStatus::bad_input);
  }
  try {
    if (cells <= PackedBoard::kMaxCells) return app::code(solve_board<PackedBoard>(run, board.tiles));
    return app::code(solve_board<ByteBoard>(run, board.tiles));
  } catch (const std::invalid_argument& e) {
    cli.usage_error(e.what());
  } catch (const TableFileError& e) {
    app::print_error(kProgram, e.what());
    return app::code(app::ExitStatus::bad_input);
  } catch (const std::bad_alloc&) {
    app::print_error(kProgram, "out of memory (see --memory-limit)");
    return app::code(app::ExitStatus::limit);
  }
}
