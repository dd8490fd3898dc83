// fifteen-puzzle: optimal solutions of sliding-tile puzzles.
//
// Reads one board on stdin (W*H integers, 0 = blank) and prints FAILURE when it cannot reach
// 0 1 2 ... W*H-1 (decided by parity), else "OK n" and the n+1 configurations from the board to
// the goal, one per line; --json prints one JSON object instead. Progress, --stats, --trace and
// messages go to stderr. Exit status: the table of hsearch::app (FAILURE is 1, unsolvable).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <iterator>
#include <memory>
#include <new>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "hsearch/app/exit_status.hpp"
#include "hsearch/app/json.hpp"
#include "hsearch/app/machine.hpp"
#include "hsearch/app/messages.hpp"
#include "hsearch/app/mpi_batch.hpp"
#include "hsearch/app/options.hpp"
#include "hsearch/app/progress.hpp"
#include "hsearch/app/trace_json.hpp"
#include "hsearch/core/checked_file.hpp"
#include "hsearch/core/interrupt.hpp"
#include "hsearch/fifteen_puzzle/board_io.hpp"
#include "hsearch/fifteen_puzzle/solver.hpp"

namespace app = hsearch::app;
using namespace hsearch;
using namespace hsearch::fifteen;

namespace {

constexpr const char* kProgram = "fifteen-puzzle";

struct Run {
  unsigned width = 4, height = 4;
  bool quiet_batch = false;  // a batch over ranks: no progress lines from the child processes
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

// One instance of a batch (--instances): its number (1-based line order) and what the summary
// needs of it.
struct BatchItem {
  std::size_t number = 0;
  std::string outcome;  // the status word, or "invalid"
  bool optimal = false;
  std::uint64_t expanded = 0;
  double seconds = 0;
  int cost = 0;
};

template <class Board>
app::ExitStatus solve_board(const Run& run, const Solver<Board>& solver, const std::vector<unsigned>& tiles,
                            BatchItem* item = nullptr) {
  const app::CommonOptions& common = *run.common;
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
  // A batch's instances run quietly when they run in child processes (a batch over ranks).
  app::ProgressLines progress(item != nullptr ? "instance " + std::to_string(item->number) : std::string(),
                              common.quiet || (item != nullptr && run.quiet_batch));
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
    if (item != nullptr) item->outcome = "error";
    app::print_error(kProgram, "internal error: the plan failed its replay check (not printed)");
    return app::ExitStatus::internal_error;
  }
  const app::ExitStatus status = app::exit_status(r);
  if (item != nullptr) {
    item->outcome = r.outcome();
    item->optimal = r.solved() && r.optimal;
    item->expanded = r.stats.expanded;
    item->seconds = r.stats.seconds;
    item->cost = r.cost;
  }
  if (common.json) {
    app::CoreRecord record = core_record(run, format_tiles(tiles), report.heuristic);
    app::fill_from_result(record, r);
    if (r.solved()) record.solution = plan_letters(r.plan);
    app::Json json = app::core_json(record);
    if (item != nullptr) json["number"] = item->number;
    json["size"] = std::to_string(run.width) + "x" + std::to_string(run.height);
    if (r.stats.rounds > 0) {
      json["rounds"] = r.stats.rounds;
      json["messages_sent"] = r.stats.messages_sent;
      json["bytes_sent"] = r.stats.bytes_sent;
      json["rank_expanded"] = r.stats.rank_expanded;
    }
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
  } else if (item != nullptr) {
    // A batch: one line per instance.
    std::ostringstream out;
    out << item->number << ": " << (r.solved() ? "OK " + std::to_string(r.cost) : r.status == Status::unsolvable
                                                                                      ? std::string("FAILURE")
                                                                                      : std::string(r.outcome()));
    if (r.solved()) out << (r.optimal ? " (optimal)" : " (not proven optimal)");
    if (r.status == Status::stopped) out << ", optimal length >= " << r.lower_bound;
    out << ", " << r.stats.expanded << " expanded, " << std::fixed << std::setprecision(3) << r.stats.seconds
        << " s";
    if (r.solved()) out << ", " << plan_letters(r.plan);
    std::cout << out.str() << "\n";
  } else if (r.solved()) {
    std::ostringstream out;
    out << "OK " << r.cost << "\n";
    for (const auto& c : report.configurations) out << format_tiles(c) << "\n";
    std::cout << out.str();
  } else if (r.status == Status::unsolvable) {
    std::cout << "FAILURE\n";
  }
  if (r.status == Status::stopped) {
    app::print_error(kProgram, (item != nullptr ? "instance " + std::to_string(item->number) + ": " : std::string()) +
                                   std::string("stopped (") + r.outcome() + ") after " +
                                   std::to_string(r.stats.expanded) + " expansions; optimal length >= " +
                                   std::to_string(r.lower_bound));
  }
  return status;
}

// --instances FILE: one board per line (blank lines and lines starting with '#' skipped), each
// solved as if given alone, one line (or JSON object) each, then a summary. Under mpirun the
// boards are handed out over the ranks (mpi_batch.hpp) and printed in the same order.
template <class Board>
int run_instances(Run& run, const app::MpiSession& mpi, const std::string& file) {
  const app::CommonOptions& common = *run.common;
  std::ifstream in(file);
  if (!in) {
    app::print_error(kProgram, file + ": cannot open the instance file");
    return app::code(app::ExitStatus::bad_input);
  }
  struct Line {
    std::size_t line = 0;
    std::string text;
  };
  std::vector<Line> lines;
  std::string text;
  for (std::size_t n = 1; std::getline(in, text); ++n) {
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string::npos || text[first] == '#') continue;
    lines.push_back({n, text});
  }
  if (lines.empty()) {
    app::print_error(kProgram, file + ": no instance found (one board per line)");
    return app::code(app::ExitStatus::bad_input);
  }
  const unsigned cells = run.width * run.height;
  const Solver<Board> solver(run.width, run.height, run.request, run.options);
  // The tables once, before the batch: a batch over ranks shares them with its child processes.
  try {
    solver.prepare();
  } catch (const StoppedByLimit&) {
    // Each instance then reports the limit itself.
  }
  run.quiet_batch = mpi.parallel();
  app::ExitStatus status = app::ExitStatus::solved;
  std::vector<BatchItem> items;
  auto solve_one = [&](std::size_t i) {
    BatchItem item;
    item.number = i + 1;
    const ParseResult board = parse_tiles(lines[i].text, cells);
    app::ExitStatus one = app::ExitStatus::bad_input;
    if (!board.ok()) {
      app::print_error(kProgram, file + ":" + std::to_string(lines[i].line) + ": " + board.error);
      item.outcome = "invalid";
      if (common.json) {
        app::CoreRecord record =
            core_record(run, lines[i].text, resolve_heuristic(common.heuristic, run.width, run.height));
        app::Json json = app::core_json(record);
        json["number"] = item.number;
        app::print_json_line(std::cout, json);
      } else {
        std::cout << item.number << ": invalid\n";
      }
    } else {
      one = solve_board<Board>(run, solver, board.tiles, &item);
    }
    return std::pair(one, item);
  };
  auto add = [&](app::ExitStatus one, const BatchItem& item) {
    status = app::worst(status, one);
    items.push_back(item);
  };
  const bool rank0 = app::run_batch_over_ranks(
      mpi, lines.size(),
      [&](std::size_t i) {
        const auto [one, item] = solve_one(i);
        if (!mpi.parallel()) {
          add(one, item);
          return std::string();
        }
        return app::Json{{"status", app::code(one)}, {"outcome", item.outcome}, {"optimal", item.optimal},
                         {"expanded", item.expanded}, {"seconds", item.seconds}, {"cost", item.cost}}
            .dump();
      },
      [&](std::size_t i, const app::BatchOutcome& outcome) {
        if (!mpi.parallel()) return;
        BatchItem item;
        item.number = i + 1;
        if (!outcome.ran) {
          // The instance's process or rank died: that instance alone is lost.
          app::print_error(kProgram, file + ":" + std::to_string(lines[i].line) + ": internal error: " +
                                         outcome.failure);
          item.outcome = "error";
          if (common.json) {
            app::CoreRecord record =
                core_record(run, lines[i].text, resolve_heuristic(common.heuristic, run.width, run.height));
            record.status = "error";
            app::Json json = app::core_json(record);
            json["number"] = item.number;
            json["message"] = outcome.failure;
            app::print_json_line(std::cout, json);
          } else {
            std::cout << item.number << ": error (" << outcome.failure << ")\n";
          }
          add(app::ExitStatus::internal_error, item);
          return;
        }
        const app::Json j = app::Json::parse(outcome.data);
        item.outcome = j.at("outcome").get<std::string>();
        item.optimal = j.at("optimal").get<bool>();
        item.expanded = j.at("expanded").get<std::uint64_t>();
        item.seconds = j.at("seconds").get<double>();
        item.cost = j.at("cost").get<int>();
        add(static_cast<app::ExitStatus>(j.at("status").get<int>()), item);
      },
      [] { return interrupt_flag().load(); });
  if (!rank0) return 0;
  std::size_t solved = 0, optimal = 0, unsolvable = 0, stopped = 0, invalid = 0, errors = 0;
  std::uint64_t expanded = 0;
  double seconds = 0;
  long cost = 0;
  for (const BatchItem& item : items) {
    expanded += item.expanded;
    seconds += item.seconds;
    if (item.outcome == "solved") {
      ++solved;
      optimal += item.optimal;
      cost += item.cost;
    } else if (item.outcome == "unsolvable") {
      ++unsolvable;
    } else if (item.outcome == "invalid") {
      ++invalid;
    } else if (item.outcome == "error") {
      ++errors;
    } else {
      ++stopped;
    }
  }
  std::ostream& out = common.json ? std::cerr : std::cout;
  out << "Summary: " << items.size() << " instance(s): " << solved << " solved (" << optimal << " optimal), "
      << unsolvable << " unsolvable, " << stopped << " not finished, " << invalid << " invalid";
  if (errors > 0) out << ", " << errors << " internal errors";
  out << "; total " << std::fixed << std::setprecision(3) << seconds << " s, " << expanded << " expanded, " << cost
      << " moves over the solved instances\n";
  if (items.size() < lines.size()) out << "Interrupted (Ctrl-C): instances after " << items.size() << " not run\n";
  return app::code(status);
}

}  // namespace

int main(int argc, char** argv) {
  // Under mpirun: --instances goes over the ranks, --algorithm hda spreads each search over them.
  app::MpiSession mpi(argc, argv);
  app::CommandLineSpec spec;
  spec.groups = app::kSolveOptions | app::kPruningOption | app::kCacheDirOption | app::kTraceJsonOption;
  spec.algorithm = "ida";
  spec.algorithm_help = "ida | astar | bfs | hda (all optimal; astar, bfs and hda keep every state in memory; hda: "
                        "hash-distributed A* over mpirun's ranks)";
  spec.heuristic = kDefaultHeuristic;
  spec.heuristic_help =
      "auto | manhattan | linear-conflict | pdb-555 | pdb-663 | pdb-78 (4x4) | pdb-6666 | pdb-6666-mirror | pdb-7755 | pdb-6666+7755 (5x5) | "
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
  std::string size = "4x4", random_text, seed_text = "1", transposition_text = "0", instances_file;
  Run run;
  cli.options().add_options()
      ("size", app::po::value(&size)->default_value("4x4"), "board size WxH, from 2x2 up to 7x7 cells")
      ("random", app::po::value(&random_text),
       "print N random solvable boards (uniform, by parity) of --size, one per line, and exit")
      ("seed", app::po::value(&seed_text)->default_value("1"), "random seed for --random")
      ("no-reflect", "pattern databases: do not add the reflected lookup")
      ("move-order", app::po::value(&run.options.move_order)->default_value("ULRD"),
       "order in which blank moves are tried (U up, D down, L left, R right)")
      ("instances", app::po::value(&instances_file),
       "solve every board of FILE (one per line; '#' lines skipped): one line or JSON object each, then a "
       "summary (on stderr with --json); under mpirun the boards are handed out over the ranks")
      ("transposition", app::po::value(&transposition_text)->default_value("0"),
       "IDA* transposition table entries (0 = none)");
  const auto& vm = cli.parse(argc, argv);
  const app::CommonOptions& common = cli.common();
  run.common = &common;
  run.request.algorithm = cli.algorithm({Algorithm::ida, Algorithm::astar, Algorithm::bfs, Algorithm::hda});
  const std::unique_ptr<HdaTransport> hda_transport =
      run.request.algorithm == Algorithm::hda ? mpi.transport() : nullptr;
  run.options.transport = hda_transport.get();
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

  if (!instances_file.empty()) {
    if (!common.dot_file.empty()) cli.usage_error("--dot records one search tree: give one board on stdin");
    if (mpi.parallel() && run.request.algorithm == Algorithm::hda) {
      cli.usage_error("--instances under mpirun hands the boards out over the ranks: use another --algorithm, or "
                      "one board with --algorithm hda");
    }
    try {
      if (cells <= PackedBoard::kMaxCells) return run_instances<PackedBoard>(run, mpi, instances_file);
      return run_instances<ByteBoard>(run, mpi, instances_file);
    } catch (const std::invalid_argument& e) {
      cli.usage_error(e.what());
    } catch (const TableFileError& e) {
      app::print_error(kProgram, e.what());
      return app::code(app::ExitStatus::bad_input);
    }
  }
  // One board under mpirun without hda: rank 0 solves it (mpirun gives stdin to rank 0 only).
  if (mpi.parallel() && hda_transport == nullptr && mpi.rank() != 0) return 0;
  // Under HDA* over ranks, rank 0 alone prints (every rank computes the same result).
  if (hda_transport != nullptr && mpi.rank() != 0) {
    std::cout.setstate(std::ios::badbit);
    std::cerr.setstate(std::ios::badbit);
  }
  // Under HDA* every rank reads the board (mpirun gives stdin to rank 0 only): rank 0 broadcasts it.
  std::string input;
  if (mpi.rank() == 0) input.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  if (hda_transport != nullptr && mpi.parallel()) {
    std::vector<std::byte> bytes(input.size());
    std::memcpy(bytes.data(), input.data(), input.size());
    hda_transport->broadcast(bytes, 0);
    input.assign(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  }
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
    if (cells <= PackedBoard::kMaxCells) {
      const Solver<PackedBoard> solver(run.width, run.height, run.request, run.options);
      return app::code(solve_board<PackedBoard>(run, solver, board.tiles));
    }
    const Solver<ByteBoard> solver(run.width, run.height, run.request, run.options);
    return app::code(solve_board<ByteBoard>(run, solver, board.tiles));
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
