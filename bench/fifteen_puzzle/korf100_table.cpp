// fifteen-korf100: solves Korf's 100 15-puzzle instances with one configuration and writes a
// table (instance, length, expanded, generated, seconds) with totals. Every plan is replayed and
// its length compared with the published optimum (korf100_meta.tsv) before it is counted.
//
//   fifteen-korf100 --heuristic linear-conflict --pruning inverse --output lc.tsv
//   fifteen-korf100 --heuristic pdb-78 --first 1 --last 100
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

int main(int argc, char** argv) {
  SolverConfig config;
  std::string pruning = "inverse", output, data_dir;
  int first = 1, last = 100;
  double max_seconds = 0;
  {
    const char* env = std::getenv("HSEARCH_DATA_DIR");
    data_dir = (env != nullptr && *env != '\0') ? env : HSEARCH_DEFAULT_DATA_DIR;
  }
  po::options_description desc(
      "Usage: fifteen-korf100 [options]\nSolves Korf's 100 instances and prints a table with "
      "totals.\n\nOptions");
  desc.add_options()("help,h", "show this help")(
      "heuristic", po::value(&config.heuristic)->default_value("linear-conflict"),
      "manhattan | linear-conflict | pdb-555 | pdb-663 | pdb-78")(
      "pruning", po::value(&pruning)->default_value("inverse"), "none | inverse | learned=FILE")(
      "algorithm", po::value(&config.algorithm)->default_value("ida"), "ida | astar")(
      "no-reflect", "pattern databases without the reflected lookup")(
      "pdb-dir", po::value<std::string>(), "pattern database cache directory")(
      "first", po::value(&first)->default_value(1), "first instance (1-100)")(
      "last", po::value(&last)->default_value(100), "last instance (1-100)")(
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
  if (first < 1 || last > 100 || first > last) {
    std::cerr << "fifteen-korf100: need 1 <= --first <= --last <= 100\n";
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

  std::vector<std::vector<unsigned>> boards;
  std::vector<int> optimum;
  {
    std::ifstream in(data_dir + "/fifteen/korf100.txt");
    for (std::string line; std::getline(in, line);) {
      const ParseResult p = parse_tiles(line, 16);
      if (!line.empty() && p.ok()) boards.push_back(p.tiles);
    }
    std::ifstream meta(data_dir + "/fifteen/korf100_meta.tsv");
    std::string line;
    std::getline(meta, line);
    while (std::getline(meta, line)) {
      std::istringstream s(line);
      int id = 0, opt = 0;
      s >> id >> opt;
      optimum.push_back(opt);
    }
  }
  if (boards.size() != 100 || optimum.size() != 100) {
    std::cerr << "fifteen-korf100: cannot read " << data_dir
              << "/fifteen/korf100.txt and korf100_meta.tsv (100 instances each)\n";
    return 2;
  }
  try {
    const auto t_tables = std::chrono::steady_clock::now();
    const Solver<PackedBoard> solver(4, 4, config, &std::cerr);
    const double table_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t_tables).count();
    install_interrupt_handler();
    Limits limits;
    limits.max_seconds = max_seconds;
    limits.stop_flag = &interrupt_flag();
    std::ostringstream table;
    table << "instance\tlength\texpanded\tgenerated\tseconds\n";
    std::cout << "# heuristic=" << solver.config().heuristic << " pruning=" << config.pruning
              << " algorithm=" << config.algorithm << " (tables ready in " << table_seconds
              << " s)\n"
              << "instance\tlength\texpanded\tgenerated\tseconds\n";
    std::uint64_t total_expanded = 0, total_generated = 0;
    double total_seconds = 0;
    int solved = 0, wrong = 0;
    for (int id = first; id <= last; ++id) {
      const auto& tiles = boards[static_cast<std::size_t>(id - 1)];
      const auto r = solver.solve(tiles, limits);
      std::ostringstream row;
      if (!r.solved()) {
        row << id << "\tstopped(" << to_string(r.stop_reason) << ")\t" << r.stats.expanded << "\t"
            << r.stats.generated << "\t" << r.stats.seconds << "\n";
      } else {
        const bool ok = !replay_plan(tiles, 4, 4, r.plan).empty() &&
                        r.cost == optimum[static_cast<std::size_t>(id - 1)];
        if (ok) {
          ++solved;
        } else {
          ++wrong;
        }
        row << id << "\t" << r.cost << (ok ? "" : " WRONG") << "\t" << r.stats.expanded << "\t"
            << r.stats.generated << "\t" << std::fixed << std::setprecision(3) << r.stats.seconds
            << "\n";
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
  } catch (const std::exception& e) {
    std::cerr << "fifteen-korf100: " << e.what() << "\n";
    return 2;
  }
}
