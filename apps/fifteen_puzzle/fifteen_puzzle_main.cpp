// fifteen-puzzle: optimal solutions of sliding-tile puzzles (seed 002 §2.1).
//
// Default: reads 16 integers from stdin (0 = blank), prints FAILURE when the board cannot reach
// 0 1 2 ... 15 (decided by parity), else "OK n" and the n+1 configurations from the board to
// the goal, one per line. Everything else goes to stderr. See --help for the options.
// Exit codes: 0 answered (OK or FAILURE), 2 bad input or options, 3 stopped by a limit,
// 4 internal error (a plan failed its replay check: never printed).
#include <boost/program_options.hpp>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <random>
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

struct Options {
  unsigned width = 4, height = 4;
  SolverConfig solver;
  bool stats = false;
  bool json = false;
  bool trace = false;        // --trace: TraceObserver lines on stderr
  std::string dot_file;      // --dot FILE: the search tree as Graphviz DOT
  std::size_t dot_max_nodes = 200;
  Limits limits;
};

[[noreturn]] void usage_error(const std::string& message) {
  std::cerr << "fifteen-puzzle: " << message << "\n";
  std::exit(2);
}

bool parse_size(const std::string& text, unsigned& w, unsigned& h) {
  const auto x = text.find('x');
  if (x == std::string::npos || x == 0 || x + 1 == text.size()) return false;
  try {
    std::size_t a = 0, b = 0;
    const unsigned long wv = std::stoul(text.substr(0, x), &a);
    const unsigned long hv = std::stoul(text.substr(x + 1), &b);
    if (a != x || b != text.size() - x - 1) return false;
    if (wv < 2 || hv < 2 || wv * hv > ByteBoard::kMaxCells) return false;
    w = static_cast<unsigned>(wv);
    h = static_cast<unsigned>(hv);
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

std::string json_tiles(const std::vector<unsigned>& t) {
  std::string s = "[";
  for (std::size_t i = 0; i < t.size(); ++i) s += (i ? "," : "") + std::to_string(t[i]);
  return s + "]";
}

template <class Board>
int run(const Options& opt, const std::vector<unsigned>& tiles) {
  if (!solvable(tiles, opt.width)) {
    if (opt.json) {
      std::cout << "{\"solvable\":false,\"start\":" << json_tiles(tiles) << "}\n";
    } else {
      std::cout << "FAILURE\n";
    }
    return 0;
  }
  TeachingOutput teaching;
  std::ofstream dot;
  if (!opt.dot_file.empty()) {
    dot.open(opt.dot_file);
    if (!dot) {
      std::cerr << "fifteen-puzzle: cannot write --dot file '" << opt.dot_file << "'\n";
      return 2;
    }
    teaching.dot = &dot;
    teaching.dot_max_nodes = opt.dot_max_nodes;
  }
  if (opt.trace) teaching.trace = &std::cerr;
  std::ostream* log = &std::cerr;
  const Solver<Board> solver(opt.width, opt.height, opt.solver, log);
  const auto r = solver.solve(tiles, opt.limits, opt.stats ? &std::cerr : nullptr, teaching);
  if (dot.is_open()) {
    dot.close();
    if (!dot) {
      std::cerr << "fifteen-puzzle: error while writing --dot file '" << opt.dot_file << "'\n";
      return 2;
    }
  }
  const auto& cfg = solver.config();
  if (opt.stats) {
    std::cerr << "algorithm=" << r.algorithm << " heuristic=" << cfg.heuristic
              << " pruning=" << (cfg.algorithm == "ida" ? cfg.pruning : "none")
              << " status=" << to_string(r.status) << " cost=" << r.cost
              << " expanded=" << r.stats.expanded << " generated=" << r.stats.generated
              << " pruned=" << r.stats.pruned << " duplicates=" << r.stats.duplicates
              << " seconds=" << r.stats.seconds << " peak_bytes=" << r.stats.peak_bytes << "\n";
  }
  if (r.status == Status::stopped) {
    std::cerr << "fifteen-puzzle: stopped (" << to_string(r.stop_reason)
              << ") after " << r.stats.expanded << " expansions; optimal length >= "
              << r.lower_bound << "\n";
    return 3;
  }
  if (r.status != Status::solved) {  // parity said solvable: the search must find a plan
    std::cerr << "fifteen-puzzle: internal error: search found no plan for a solvable board\n";
    return 4;
  }
  const auto configurations = replay_plan(tiles, opt.width, opt.height, r.plan);
  if (configurations.empty() || static_cast<int>(r.plan.size()) != r.cost || !r.optimal) {
    std::cerr << "fifteen-puzzle: internal error: the plan failed its replay check\n";
    return 4;
  }
  if (opt.json) {
    std::string moves;
    for (const auto& m : r.plan) moves += kLabelLetters[m.label];
    std::cout << "{\"solvable\":true,\"length\":" << r.cost << ",\"optimal\":true"
              << ",\"moves\":\"" << moves << "\",\"algorithm\":\"" << r.algorithm
              << "\",\"heuristic\":\"" << cfg.heuristic << "\",\"pruning\":\""
              << (cfg.algorithm == "ida" ? cfg.pruning : "none") << "\",\"expanded\":"
              << r.stats.expanded << ",\"generated\":" << r.stats.generated
              << ",\"pruned\":" << r.stats.pruned << ",\"seconds\":" << r.stats.seconds
              << ",\"iterations\":[";
    for (std::size_t i = 0; i < r.stats.iterations.size(); ++i) {
      const auto& it = r.stats.iterations[i];
      std::cout << (i ? "," : "") << "{\"bound\":" << it.bound << ",\"expanded\":" << it.expanded
                << ",\"generated\":" << it.generated << ",\"seconds\":" << it.seconds << "}";
    }
    std::cout << "],\"configurations\":[";
    for (std::size_t i = 0; i < configurations.size(); ++i) {
      std::cout << (i ? "," : "") << json_tiles(configurations[i]);
    }
    std::cout << "]}\n";
  } else {
    std::ostringstream out;
    out << "OK " << r.cost << "\n";
    for (const auto& c : configurations) out << format_tiles(c) << "\n";
    std::cout << out.str();
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options opt;
  std::string size = "4x4", pruning = "inverse";
  std::uint64_t random_count = 0, seed = 1;
  double max_memory_mb = 4096;
  po::options_description desc(
      "Usage: fifteen-puzzle [options] < board\n"
      "Reads a board (W*H integers, 0 = blank, row-major) on stdin and prints FAILURE or\n"
      "\"OK n\" followed by the n+1 configurations of an optimal solution (seed 002 §2.1).\n"
      "Goal: 0 1 2 ... W*H-1. Diagnostics go to stderr.\n\nOptions");
  desc.add_options()
      ("help,h", "show this help")
      ("algorithm,a", po::value(&opt.solver.algorithm)->default_value("ida"),
       "ida | astar | bfs (all optimal; astar and bfs keep every state in memory)")
      ("heuristic", po::value(&opt.solver.heuristic)->default_value("auto"),
       "auto | manhattan | linear-conflict | pdb-555 | pdb-663 | pdb-78 (4x4) | pdb-6666 | "
       "pdb-6666-mirror (5x5) | pdb-333 (3x3) (auto: pdb-663 on 4x4, linear-conflict otherwise). "
       "Pattern databases are built on first use and cached (see --pdb-dir); pdb-78 and the 5x5 "
       "ones take minutes and GBs to build once (fifteen-build-pdb builds them ahead)")
      ("pruning", po::value(&pruning)->default_value("inverse"),
       "none | inverse | learned[=FILE]: move-pruning automaton for IDA* (learned without FILE "
       "uses the automaton shipped in domains/fifteen_puzzle/data/)")
      ("size", po::value(&size)->default_value("4x4"), "board size WxH, from 2x2 up to 7x7 cells")
      ("stats", po::bool_switch(&opt.stats), "per-iteration bound, expanded, generated, seconds on stderr")
      ("json", po::bool_switch(&opt.json), "print one JSON object instead of the text format")
      ("trace", po::bool_switch(&opt.trace),
       "teaching trace on stderr: one line per IDA* iteration (bound, expanded, generated, "
       "pruned, next bound), one line per A* reopen event")
      ("dot", po::value(&opt.dot_file),
       "write the search tree as Graphviz DOT to FILE (f, g, h on every node; for tiny "
       "instances: recording stops after --dot-max-nodes nodes, the search goes on)")
      ("dot-max-nodes", po::value(&opt.dot_max_nodes)->default_value(200),
       "node bound of --dot")
      ("random", po::value(&random_count),
       "print N random solvable boards (uniform, Archer's parity argument), one per line, and exit")
      ("seed", po::value(&seed)->default_value(1), "random seed for --random")
      ("pdb-dir", po::value<std::string>(),
       "pattern database cache directory (default: $HSEARCH_CACHE_DIR, else "
       "$XDG_CACHE_HOME/hsearch, else ~/.cache/hsearch)")
      ("no-reflect", "pattern databases: do not add the reflected lookup")
      ("move-order", po::value(&opt.solver.move_order)->default_value("HGDB"),
       "order in which blank moves are tried (H up, B down, G left, D right)")
      ("transposition", po::value(&opt.solver.transposition_entries)->default_value(0),
       "IDA* transposition table entries (0 = none)")
      ("max-seconds", po::value(&opt.limits.max_seconds)->default_value(0), "time limit (0 = none)")
      ("max-nodes", po::value(&opt.limits.max_expanded)->default_value(0), "expansion limit (0 = none)")
      ("max-memory", po::value(&max_memory_mb)->default_value(4096),
       "memory limit in MB for the search's own tables (A*, BFS)");
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, desc), vm);
    po::notify(vm);
  } catch (const std::exception& e) {
    usage_error(std::string(e.what()) + " (see --help)");
  }
  if (vm.count("help") != 0) {
    std::cout << desc << "\n";
    return 0;
  }
  if (!parse_size(size, opt.width, opt.height)) {
    usage_error("bad --size '" + size + "': expected WxH with 2 <= W, H and W*H <= 49");
  }
  if (vm.count("pdb-dir") != 0) opt.solver.pdb_dir = vm["pdb-dir"].as<std::string>();
  opt.solver.reflect = vm.count("no-reflect") == 0;
  if (pruning.rfind("learned", 0) == 0) {
    opt.solver.pruning = "learned";
    opt.solver.automaton_file = pruning.size() > 8 && pruning[7] == '='
                                    ? pruning.substr(8)
                                    : std::string(HSEARCH_FIFTEEN_DEFAULT_AUTOMATON);
    if (pruning.size() > 7 && pruning[7] != '=') usage_error("bad --pruning '" + pruning + "'");
  } else {
    opt.solver.pruning = pruning;
  }
  if (opt.solver.algorithm != "ida" && !vm["pruning"].defaulted() && opt.solver.pruning != "none") {
    usage_error("--pruning applies to --algorithm ida only (with the duplicate detection of "
                "astar/bfs, sequence pruning could lose optimality)");
  }
  if (max_memory_mb < 0) usage_error("--max-memory must be >= 0");
  if (opt.dot_max_nodes == 0) usage_error("--dot-max-nodes must be at least 1");
  opt.limits.max_bytes = static_cast<std::size_t>(max_memory_mb * 1024 * 1024);
  install_interrupt_handler();
  opt.limits.stop_flag = &interrupt_flag();
  const unsigned cells = opt.width * opt.height;

  if (vm.count("random") != 0) {
    std::mt19937_64 rng(seed);
    for (std::uint64_t i = 0; i < random_count; ++i) {
      std::cout << format_tiles(random_solvable_tiles(opt.width, opt.height, rng)) << "\n";
    }
    return 0;
  }

  const ParseResult board = parse_tiles(std::cin, cells);
  if (!board.ok()) {
    std::cerr << "fifteen-puzzle: stdin: " << board.error << "\n";
    return 2;
  }
  try {
    if (cells <= PackedBoard::kMaxCells) return run<PackedBoard>(opt, board.tiles);
    return run<ByteBoard>(opt, board.tiles);
  } catch (const std::invalid_argument& e) {
    usage_error(e.what());
  } catch (const TableFileError& e) {
    usage_error(e.what());
  } catch (const std::bad_alloc&) {
    std::cerr << "fifteen-puzzle: out of memory\n";
    return 3;
  }
}
