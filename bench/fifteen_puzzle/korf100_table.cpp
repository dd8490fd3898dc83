// fifteen-korf100: solves Korf's 100 15-puzzle instances (or, with --set kf24, Korf & Felner's
// 50 24-puzzle instances) with one configuration and writes a table (instance, length,
// expanded, generated, seconds) with totals. Every plan is replayed and its length compared with
// the published optimum (korf100_meta.tsv, korf_felner_24puzzle_50_meta.tsv) before it is
// counted. For kf24 a last column gives Korf & Felner's node count (kf02_nodes) for comparison.
//
//   fifteen-korf100 --heuristic linear-conflict --pruning inverse --output lc.tsv
//   fifteen-korf100 --heuristic pdb-78 --first 1 --last 100
//   fifteen-korf100 --set kf24 --heuristic pdb-6666 --first 38 --last 38
#include <boost/program_options.hpp>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "hsearch/core/interrupt.hpp"
#include "hsearch/fifteen_puzzle/board_io.hpp"
#include "hsearch/fifteen_puzzle/solver.hpp"

namespace po = boost::program_options;
using namespace hsearch;
using namespace hsearch::fifteen;

namespace {

// Solves instances first..last of `boards` (w x w) and prints the table; returns the exit code.
template <class Board>
int run_set(unsigned w, const SolverConfig& config, const std::vector<std::vector<unsigned>>& boards,
            const std::vector<int>& optimum, const std::vector<std::string>& reference, int first,
            int last, double max_seconds, const std::string& output) {
  const auto t_tables = std::chrono::steady_clock::now();
  const Solver<Board> solver(w, w, config, &std::cerr);
  const double table_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t_tables).count();
  install_interrupt_handler();
  Limits limits;
  limits.max_seconds = max_seconds;
  limits.stop_flag = &interrupt_flag();
  std::ostringstream table;
  const std::string header = std::string("instance\tlength\texpanded\tgenerated\tseconds") +
                             (reference.empty() ? "\n" : "\tkf02_nodes\n");
  table << header;
  std::cout << "# heuristic=" << solver.config().heuristic << " pruning=" << config.pruning
            << " algorithm=" << config.algorithm << " (tables ready in " << table_seconds
            << " s)\n"
            << header;
  std::uint64_t total_expanded = 0, total_generated = 0;
  double total_seconds = 0;
  int solved = 0, wrong = 0;
  for (int id = first; id <= last; ++id) {
    const auto& tiles = boards[static_cast<std::size_t>(id - 1)];
    const std::string ref =
        reference.empty() ? std::string() : "\t" + reference[static_cast<std::size_t>(id - 1)];
    const auto r = solver.solve(tiles, limits);
    std::ostringstream row;
    if (!r.solved()) {
      row << id << "\tstopped(" << to_string(r.stop_reason) << ")\t" << r.stats.expanded << "\t"
          << r.stats.generated << "\t" << r.stats.seconds << ref << "\n";
    } else {
      const bool ok = !replay_plan(tiles, w, w, r.plan).empty() &&
                      r.cost == optimum[static_cast<std::size_t>(id - 1)];
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
    out << "# heuristic=" << solver.config().heuristic << " pruning=" << config.pruning
        << " algorithm=" << config.algorithm << "\n"
        << table.str();
    if (!out) {
      std::cerr << "fifteen-korf100: cannot write " << output << "\n";
      return 2;
    }
  }
  return wrong == 0 ? 0 : 4;
}

}  // namespace

int main(int argc, char** argv) {
  SolverConfig config;
  std::string pruning = "inverse", output, data_dir, set = "korf100";
  int first = 1, last = 0;  // last 0: the whole set
  double max_seconds = 0;
  {
    const char* env = std::getenv("HSEARCH_DATA_DIR");
    data_dir = (env != nullptr && *env != '\0') ? env : HSEARCH_DEFAULT_DATA_DIR;
  }
  po::options_description desc(
      "Usage: fifteen-korf100 [options]\nSolves Korf's 100 instances (or --set kf24) and prints a table with "
      "totals.\n\nOptions");
  desc.add_options()("help,h", "show this help")(
      "heuristic", po::value(&config.heuristic)->default_value("linear-conflict"),
      "manhattan | linear-conflict | pdb-555 | pdb-663 | pdb-78 (korf100) | pdb-6666 | "
      "pdb-6666-mirror (kf24)")(
      "set", po::value(&set)->default_value("korf100"),
      "korf100 (Korf 1985, 4x4) | kf24 (Korf & Felner 2002, 50 instances, 5x5)")(
      "pruning", po::value(&pruning)->default_value("inverse"), "none | inverse | learned=FILE")(
      "algorithm", po::value(&config.algorithm)->default_value("ida"), "ida | astar")(
      "no-reflect", "pattern databases without the reflected lookup")(
      "pdb-dir", po::value<std::string>(), "pattern database cache directory")(
      "first", po::value(&first)->default_value(1), "first instance (from 1)")(
      "last", po::value(&last), "last instance (default: the last of the set)")(
      "max-seconds", po::value(&max_seconds)->default_value(0), "per-instance time limit (0 = none)")(
      "data-dir", po::value(&data_dir), "shared data directory (default: $HSEARCH_DATA_DIR or the configured one)")(
      "output,o", po::value(&output), "also write the table (TSV) to this file");
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, desc), vm);
    po::notify(vm);
  } catch (const std::exception& e) {
    std::cerr << "fifteen-korf100: " << e.what() << " (see --help)\n";
    return 2;
  }
  if (vm.count("help") != 0) {
    std::cout << desc << "\n";
    return 0;
  }
  if (set != "korf100" && set != "kf24") {
    std::cerr << "fifteen-korf100: unknown --set '" << set << "' (korf100 or kf24)\n";
    return 2;
  }
  if (last == 0) last = set == "kf24" ? 50 : 100;
  if (first < 1 || first > last) {
    std::cerr << "fifteen-korf100: need 1 <= --first <= --last\n";
    return 2;
  }
  if (pruning.rfind("learned=", 0) == 0) {
    config.pruning = "learned";
    config.automaton_file = pruning.substr(8);
  } else {
    config.pruning = pruning;
  }
  config.reflect = vm.count("no-reflect") == 0;
  if (vm.count("pdb-dir") != 0) config.pdb_dir = vm["pdb-dir"].as<std::string>();

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
    std::cerr << "fifteen-korf100: cannot read " << data_dir << "/fifteen/" << board_file << " and "
              << meta_file << " (" << count << " instances each)\n";
    return 2;
  }
  if (last > static_cast<int>(count)) {
    std::cerr << "fifteen-korf100: --last is at most " << count << " for this set\n";
    return 2;
  }
  try {
    if (set == "kf24") {
      return run_set<ByteBoard>(5, config, boards, optimum, reference, first, last, max_seconds,
                                output);
    }
    return run_set<PackedBoard>(4, config, boards, optimum, reference, first, last, max_seconds,
                                output);
  } catch (const std::exception& e) {
    std::cerr << "fifteen-korf100: " << e.what() << "\n";
    return 2;
  }
}
