// fifteen-korf100: solves Korf's 100 15-puzzle instances (or, with --set kf24, Korf & Felner's
// 50 24-puzzle instances) with one configuration and writes a table (instance, length,
// expanded, generated, seconds) with totals. Every plan is replayed and its length compared with
// the published optimum (korf100_meta.tsv, korf_felner_24puzzle_50_meta.tsv) before it is
// counted. For kf24 a last column gives Korf & Felner's node count (kf02_nodes) for comparison.
//
//   fifteen-korf100 --heuristic linear-conflict --pruning inverse --output lc.tsv
//   fifteen-korf100 --heuristic pdb-78 --first 1 --last 100
//   fifteen-korf100 --set kf24 --heuristic pdb-6666 --first 38 --last 38
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "hsearch/app/exit_status.hpp"
#include "hsearch/app/machine.hpp"
#include "hsearch/app/messages.hpp"
#include "hsearch/app/options.hpp"
#include "hsearch/core/interrupt.hpp"
#include "hsearch/fifteen_puzzle/board_io.hpp"
#include "hsearch/fifteen_puzzle/solver.hpp"

namespace app = hsearch::app;
using namespace hsearch;
using namespace hsearch::fifteen;

namespace {

// Solves instances first..last of `boards` (w x w) and prints the table; returns the exit code.
template <class Board>
int run_set(unsigned w, const SolveRequest& request, const SolverOptions& options,
            const std::vector<std::vector<unsigned>>& boards, const std::vector<int>& optimum,
            const std::vector<std::string>& reference, int first, int last, const std::string& output) {
  const auto t_tables = std::chrono::steady_clock::now();
  const Solver<Board> solver(w, w, request, options);
  solver.prepare();
  const double table_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t_tables).count();
  const std::string configuration = "# heuristic=" + solver.heuristic_name() + " pruning=" + solver.pruning_name() +
                                    " algorithm=" + to_string(request.algorithm);
  std::ostringstream table;
  const std::string header = std::string("instance\tlength\texpanded\tgenerated\tseconds") +
                             (reference.empty() ? "\n" : "\tkf02_nodes\n");
  table << header;
  std::cout << configuration << " (tables ready in " << table_seconds << " s)\n" << header;
  std::uint64_t total_expanded = 0, total_generated = 0;
  double total_seconds = 0;
  int solved = 0, wrong = 0;
  app::ExitStatus status = app::ExitStatus::solved;  // worst over the instances
  for (int id = first; id <= last; ++id) {
    const auto& tiles = boards[static_cast<std::size_t>(id - 1)];
    const std::string ref =
        reference.empty() ? std::string() : "\t" + reference[static_cast<std::size_t>(id - 1)];
    const auto report = solver.solve(tiles);
    const auto& r = report.result;
    std::ostringstream row;
    if (!r.solved() && report.plan_replayed) {
      status = app::worst(status, app::exit_status(r));
      row << id << "\tstopped(" << to_string(r.stop_reason) << ")\t" << r.stats.expanded << "\t"
          << r.stats.generated << "\t" << r.stats.seconds << ref << "\n";
    } else {
      const bool ok = report.plan_replayed && r.cost == optimum[static_cast<std::size_t>(id - 1)];
      if (ok) {
        ++solved;
      } else {
        ++wrong;
      }
      row << id << "\t" << r.cost << (ok ? "" : " WRONG") << "\t" << r.stats.expanded << "\t"
          << r.stats.generated << "\t" << std::fixed << std::setprecision(3) << r.stats.seconds
          << ref << "\n";
    }
    total_expanded += r.stats.expanded;
    total_generated += r.stats.generated;
    total_seconds += r.stats.seconds;
    std::cout << row.str() << std::flush;
    table << row.str();
    if (interrupt_flag().load()) break;
  }
  std::ostringstream totals;
  totals << "total\t" << solved << " optimal" << (wrong ? ", " + std::to_string(wrong) + " WRONG" : "")
         << "\t" << total_expanded << "\t" << total_generated << "\t" << std::fixed
         << std::setprecision(3) << total_seconds << "\n";
  std::cout << totals.str();
  table << totals.str();
  if (!output.empty()) {
    std::ofstream out(output);
    out << configuration << "\n" << table.str();
    if (!out) {
      app::print_error("fifteen-korf100", "cannot write " + output);
      return app::code(app::ExitStatus::bad_input);
    }
  }
  if (wrong != 0) status = app::worst(status, app::ExitStatus::internal_error);
  if (interrupt_flag().load()) status = app::worst(status, app::ExitStatus::interrupted);
  return app::code(status);
}

}  // namespace

int main(int argc, char** argv) {
  std::string output, data_dir, set = "korf100", first_text = "1", last_text;
  {
    const char* env = std::getenv("HSEARCH_DATA_DIR");
    data_dir = (env != nullptr && *env != '\0') ? env : HSEARCH_DEFAULT_DATA_DIR;
  }
  app::CommandLineSpec spec;
  spec.groups = app::kAlgorithmOption | app::kHeuristicOption | app::kPruningOption | app::kLimitOptions |
                app::kCacheDirOption;
  spec.algorithm = "ida";
  spec.algorithm_help = "ida | astar";
  spec.heuristic = "linear-conflict";
  spec.heuristic_help = "manhattan | linear-conflict | pdb-555 | pdb-663 | pdb-78 (korf100) | pdb-6666 | "
                        "pdb-6666-mirror | pdb-7755 | pdb-6666+7755 (kf24)";
  spec.pruning = "inverse";
  spec.pruning_help = "none | inverse | learned=FILE";
  app::CommandLine cli("fifteen-korf100", "fifteen-korf100 [options]",
                       "Solves Korf's 100 instances (or --set kf24) and prints a table with totals.", spec);
  cli.options().add_options()
      ("set", app::po::value(&set)->default_value("korf100"),
       "korf100 (Korf 1985, 4x4) | kf24 (Korf & Felner 2002, 50 instances, 5x5)")
      ("no-reflect", "pattern databases without the reflected lookup")
      ("first", app::po::value(&first_text)->default_value("1"), "first instance (from 1)")
      ("last", app::po::value(&last_text), "last instance (default: the last of the set)")
      ("data-dir", app::po::value(&data_dir), "shared data directory (default: $HSEARCH_DATA_DIR or the configured one)")
      ("output,o", app::po::value(&output), "also write the table (TSV) to this file");
  const auto& vm = cli.parse(argc, argv);
  if (set != "korf100" && set != "kf24") cli.usage_error("unknown --set '" + set + "' (korf100 or kf24)");
  const int count_in_set = set == "kf24" ? 50 : 100;
  int first = 1, last = count_in_set;
  try {
    first = static_cast<int>(app::parse_count_in("first", first_text, 1, static_cast<std::uint64_t>(count_in_set)));
    if (!last_text.empty()) {
      last = static_cast<int>(app::parse_count_in("last", last_text, 1, static_cast<std::uint64_t>(count_in_set)));
    }
  } catch (const std::invalid_argument& e) {
    cli.usage_error(e.what());
  }
  if (first > last) cli.usage_error("need --first <= --last");
  SolveRequest request;
  request.algorithm = cli.algorithm({Algorithm::ida, Algorithm::astar});
  request.heuristic = cli.common().heuristic;
  request.pruning = cli.given("pruning") ? cli.common().pruning : std::string();
  request.limits = cli.common().limits();
  if (request.limits.max_bytes == 0) request.limits.max_bytes = app::default_search_memory();
  request.cache_dir = app::cache_dir(cli.common().cache_dir);
  SolverOptions options;
  options.reflect = vm.count("no-reflect") == 0;
  options.log = &std::cerr;

  const bool kf24 = set == "kf24";
  const unsigned cells = kf24 ? 25 : 16;
  const std::size_t count = kf24 ? 50 : 100;
  const std::string board_file = kf24 ? "korf_felner_24puzzle_50.txt" : "korf100.txt";
  const std::string meta_file = kf24 ? "korf_felner_24puzzle_50_meta.tsv" : "korf100_meta.tsv";
  std::vector<std::vector<unsigned>> boards;
  std::vector<int> optimum;
  std::vector<std::string> reference;  // kf24: Korf & Felner's node counts
  {
    std::ifstream in(data_dir + "/fifteen/" + board_file);
    for (std::string line; std::getline(in, line);) {
      const ParseResult p = parse_tiles(line, cells);
      if (!line.empty() && p.ok()) boards.push_back(p.tiles);
    }
    std::ifstream meta(data_dir + "/fifteen/" + meta_file);
    std::string line;
    std::getline(meta, line);
    while (std::getline(meta, line)) {
      std::istringstream s(line);
      int id = 0, opt = 0, md0 = 0;
      std::string nodes;
      s >> id >> opt >> md0 >> nodes;
      optimum.push_back(opt);
      if (kf24) reference.push_back(nodes);
    }
  }
  if (boards.size() != count || optimum.size() != count) {
    app::print_error("fifteen-korf100", "cannot read " + data_dir + "/fifteen/" + board_file + " and " + meta_file +
                                            " (" + std::to_string(count) + " instances each)");
    return app::code(app::ExitStatus::bad_input);
  }
  try {
    if (set == "kf24") {
      return run_set<ByteBoard>(5, request, options, boards, optimum, reference, first, last, output);
    }
    return run_set<PackedBoard>(4, request, options, boards, optimum, reference, first, last, output);
  } catch (const std::invalid_argument& e) {
    cli.usage_error(e.what());
  } catch (const std::exception& e) {
    app::print_error("fifteen-korf100", e.what());
    return app::code(app::ExitStatus::bad_input);
  }
}
