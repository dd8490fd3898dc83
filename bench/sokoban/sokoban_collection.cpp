// sokoban_collection: runs the solver over a level collection with a per-level limit and
// writes the table behind the README's Sokoban figures.
//
//   sokoban_collection FILE [--levels A-B] [--time-limit S] [--algorithm ida|astar]
//                      [--memory-limit MB] [--oracle TSV] [--out TABLE.md]
//
// One row per level (level, status, pushes, moves, expanded, seconds, and with --oracle the
// reference push count and a check mark), then totals: solved, median and total seconds,
// expanded nodes. --oracle reads a TSV with a header: either `optimal_pushes` (+ `status`;
// only rows whose status starts with "proven" are checked: pushes must be equal) or
// `best_pushes` (best known: pushes must not exceed it; fewer is reported as a note).
// Exit status 1 when a solved level disagrees with the oracle.
#include <algorithm>
#include <cstdint>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "hsearch/core/interrupt.hpp"
#include "hsearch/sokoban/level_reader.hpp"
#include "hsearch/sokoban/solver.hpp"

namespace po = boost::program_options;
using namespace hsearch;
using namespace hsearch::sokoban;

namespace {

struct OracleRow {
  int pushes = -1;
  bool exact = false;  // a proven optimum (else a best-known upper bound)
};

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> out;
  std::string cell;
  std::istringstream in(line);
  while (std::getline(in, cell, '\t')) out.push_back(cell);
  return out;
}

std::map<int, OracleRow> read_oracle(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open oracle '" + path + "'");
  std::string line;
  std::getline(in, line);
  const auto header = split_tabs(line);
  int level_col = -1, pushes_col = -1, status_col = -1;
  bool exact = false;
  for (int i = 0; i < static_cast<int>(header.size()); ++i) {
    if (header[static_cast<std::size_t>(i)] == "level") level_col = i;
    if (header[static_cast<std::size_t>(i)] == "optimal_pushes") pushes_col = i, exact = true;
    if (header[static_cast<std::size_t>(i)] == "best_pushes") pushes_col = i;
    if (header[static_cast<std::size_t>(i)] == "status") status_col = i;
  }
  if (level_col < 0 || pushes_col < 0) {
    throw std::runtime_error(path + ": header needs 'level' and 'optimal_pushes' or 'best_pushes'");
  }
  std::map<int, OracleRow> out;
  while (std::getline(in, line)) {
    const auto cells = split_tabs(line);
    if (static_cast<int>(cells.size()) <= std::max(level_col, pushes_col)) continue;
    const std::string& p = cells[static_cast<std::size_t>(pushes_col)];
    if (p.empty()) continue;
    OracleRow row;
    row.pushes = std::stoi(p);
    row.exact = exact && (status_col < 0 || (status_col < static_cast<int>(cells.size()) &&
                                             cells[static_cast<std::size_t>(status_col)].rfind("proven", 0) == 0));
    if (exact && !row.exact) continue;
    out[std::stoi(cells[static_cast<std::size_t>(level_col)])] = row;
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  po::options_description opts("Options");
  opts.add_options()("help,h", "help")("file", po::value<std::string>(), "level collection")(
      "levels", po::value<std::string>(), "A-B (default: all)")("time-limit", po::value<double>()->default_value(10),
                                                                 "seconds per level")(
      "algorithm", po::value<std::string>()->default_value("astar"), "astar or ida")(
      "memory-limit", po::value<std::size_t>()->default_value(0), "MB per level (0: solver default)")(
      "no-corral-test", "switch the frozen-corral deadlock test off (to measure it)")(
      "no-pattern-search", "switch pattern search off (see docs/sokoban.md)")(
      "pattern-boxes", po::value<int>()->default_value(PatternSearchOptions{}.max_boxes), "largest pattern searched")(
      "pattern-nodes", po::value<std::uint64_t>()->default_value(PatternSearchOptions{}.node_limit),
      "expansions per pattern sub-search")(
      "pattern-effort", po::value<double>()->default_value(PatternSearchOptions{}.effort),
      "pattern sub-search expansions allowed per push of the main search")(
      "oracle", po::value<std::string>(), "reference TSV (see source)")("out", po::value<std::string>(),
                                                                         "also write the table to this file");
  po::positional_options_description pos;
  pos.add("file", 1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(opts).positional(pos).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "sokoban_collection: " << e.what() << "\n";
    return 2;
  }
  if (vm.count("help") || !vm.count("file")) {
    std::cout << "Usage: sokoban_collection FILE [options]\n" << opts;
    return vm.count("help") ? 0 : 2;
  }
  const std::string file = vm["file"].as<std::string>();
  std::ifstream in(file);
  if (!in) {
    std::cerr << "sokoban_collection: cannot open '" << file << "'\n";
    return 2;
  }
  const auto entries = read_levels(in, file);
  int first = 1, last = static_cast<int>(entries.size());
  if (vm.count("levels")) {
    const std::string r = vm["levels"].as<std::string>();
    const auto dash = r.find('-');
    try {
      first = std::stoi(r.substr(0, dash));
      last = dash == std::string::npos ? first : std::stoi(r.substr(dash + 1));
    } catch (const std::exception&) {
      std::cerr << "sokoban_collection: bad --levels '" << r << "'\n";
      return 2;
    }
    if (first < 1 || last > static_cast<int>(entries.size()) || first > last) {
      std::cerr << "sokoban_collection: --levels out of range (1-" << entries.size() << ")\n";
      return 2;
    }
  }
  std::map<int, OracleRow> oracle;
  if (vm.count("oracle")) {
    try {
      oracle = read_oracle(vm["oracle"].as<std::string>());
    } catch (const std::exception& e) {
      std::cerr << "sokoban_collection: " << e.what() << "\n";
      return 2;
    }
  }
  SolveOptions options;
  options.algorithm = vm["algorithm"].as<std::string>() == "astar" ? Algorithm::astar : Algorithm::ida;
  options.limits.max_seconds = vm["time-limit"].as<double>();
  options.corral_test = vm.count("no-corral-test") == 0;
  options.pattern_search = vm.count("no-pattern-search") == 0;
  options.patterns.max_boxes = vm["pattern-boxes"].as<int>();
  options.patterns.node_limit = vm["pattern-nodes"].as<std::uint64_t>();
  options.patterns.effort = vm["pattern-effort"].as<double>();
  options.limits.max_bytes = vm["memory-limit"].as<std::size_t>() * 1024 * 1024;
  options.limits.stop_flag = &interrupt_flag();
  install_interrupt_handler();

  std::ostringstream table;
  table << "| level | status | pushes | moves | expanded | seconds |" << (oracle.empty() ? "" : " reference | check |")
        << "\n|---|---|---|---|---|---|" << (oracle.empty() ? "" : "---|---|") << "\n";
  int solved = 0, optimal = 0, mismatches = 0, better = 0, checked = 0;
  std::uint64_t expanded = 0;
  double total_seconds = 0;
  std::vector<double> times;
  std::vector<std::string> notes;
  int run = 0;
  for (int n = first; n <= last; ++n) {
    const LevelEntry& e = entries[static_cast<std::size_t>(n - 1)];
    SolveReport r;
    if (!e.ok()) {
      r.status = "invalid";
      r.message = e.error;
    } else {
      r = solve_level(e.level, options);
    }
    ++run;
    if (r.status == "interrupted") break;
    expanded += r.stats.expanded;
    total_seconds += r.seconds;
    times.push_back(r.solved() ? r.seconds : 1e300);  // unsolved levels count as slowest
    table << "| " << n << " | " << r.status << " | " << (r.solved() ? std::to_string(r.pushes) : "-") << " | "
          << (r.solved() ? std::to_string(r.moves) : "-") << " | " << r.stats.expanded << " | " << std::fixed
          << std::setprecision(3) << r.seconds << " |";
    if (r.solved()) {
      ++solved;
      optimal += r.optimal;
    }
    if (!oracle.empty()) {
      const auto it = oracle.find(n);
      std::string check = "";
      if (it == oracle.end()) {
        table << " - |";
      } else {
        table << " " << it->second.pushes << " |";
        if (r.solved()) {
          ++checked;
          if (it->second.exact ? r.pushes != it->second.pushes : r.pushes > it->second.pushes) {
            ++mismatches;
            check = " MISMATCH";
            notes.push_back("level " + std::to_string(n) + ": " + std::to_string(r.pushes) + " pushes, reference " +
                            std::to_string(it->second.pushes));
          } else if (!it->second.exact && r.pushes < it->second.pushes) {
            ++better;
            check = " fewer than best known (replay-verified)";
          } else {
            check = " ok";
          }
        }
      }
      table << check << " |";
    }
    table << "\n";
    std::cerr << "level " << n << ": " << r.status << " " << std::fixed << std::setprecision(3) << r.seconds << " s";
    if (r.solved()) std::cerr << " (push optimum after " << r.seconds_before_moves_pass << " s)";
    std::cerr << ", bound " << r.lower_bound << ", " << r.pattern_searches << " pattern searches ("
              << r.pattern_expanded << " expanded), " << r.deadlock_patterns << " deadlock and " << r.penalty_patterns
              << " penalty patterns\n";
    if (!r.message.empty()) std::cerr << "  " << r.message << "\n";
  }
  std::sort(times.begin(), times.end());
  const double median = times.empty() ? 0 : times[times.size() / 2];
  std::ostringstream totals;
  totals << "\nCollection: " << file << " levels " << first << "-" << (first + run - 1) << ", algorithm "
         << vm["algorithm"].as<std::string>() << (options.corral_test ? "" : ", no corral test") << (options.pattern_search ? ", pattern search" : "") << ", time limit " << options.limits.max_seconds << " s per level\n"
         << "Solved: " << solved << " / " << run << " (" << optimal << " proven push-optimal)\n"
         << "Median seconds per level (unsolved count as slowest): ";
  if (median > 1e299) {
    totals << "unsolved\n";
  } else {
    totals << std::fixed << std::setprecision(4) << median << "\n";
  }
  totals << "Total seconds: " << std::fixed << std::setprecision(1) << total_seconds << ", total expanded: " << expanded
         << "\n";
  if (!oracle.empty()) {
    totals << "Checked against the reference: " << checked << " solved levels, " << mismatches << " mismatches";
    if (better > 0) totals << ", " << better << " with fewer pushes than best known";
    totals << "\n";
    for (const auto& note : notes) totals << "  " << note << "\n";
  }
  std::cout << table.str() << totals.str();
  if (vm.count("out")) {
    std::ofstream out(vm["out"].as<std::string>());
    out << table.str() << totals.str();
  }
  return mismatches > 0 ? 1 : 0;
}
