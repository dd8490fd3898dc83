// hanoi: solve a multi-tower Tower of Hanoi problem (seed 003). See `hanoi --help` and
// docs/hanoi.md. Exit status: 0 solved, 1 bad input, 2 proven unsolvable, 3 stopped by a limit,
// 4 internal error (a plan that failed its replay check; never printed).
#include <sys/resource.h>

#include <algorithm>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "hsearch/compare/run_search.hpp"
#include "hsearch/core/interrupt.hpp"
#include "hsearch/hanoi/belfort_heuristic.hpp"
#include "hsearch/hanoi/display.hpp"
#include "hsearch/hanoi/manhattan_heuristic.hpp"
#include "hsearch/hanoi/off_goal_peg_heuristic.hpp"
#include "hsearch/hanoi/pdb_heuristic.hpp"
#include "hsearch/hanoi/random_position.hpp"
#include "hsearch/hanoi/symmetric_solver.hpp"
#include "hsearch/heuristics/combinators.hpp"
#include "hsearch/pruning/inverse_move.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/search/bfs.hpp"
#include "hsearch/search/ida_star.hpp"

namespace po = boost::program_options;
using namespace hsearch;
using namespace hsearch::hanoi;

namespace {

constexpr const char* kUsage = R"(Usage: hanoi [options]

Solves a multi-tower Tower of Hanoi problem: P >= 3 pegs, towers a, b, c... each of its own
height; a disk is a tower letter and a radius; a disk may sit on a disk of greater or EQUAL
radius. Start and goal are given by the user.

Position notation: pegs separated by '|', each peg listed bottom to top, a disk written as its
tower letter and radius, spaces ignored. Pegs are named A, B, C... Example with 4 pegs:
    --start "a3a2a1|||b3b2b1" --goal "b3b2b1|||a3a2a1"
A problem file (--problem) holds the lines  start: <position>  and  goal: <position>
('#' starts a comment).

Heuristics (--heuristic):
  pdb        additive pattern databases over disk groups, max over partitions (admissible;
             the default). --pdb SIZES: e.g. --pdb 5,13 = the 5 largest disks, then the 13
             next (disks ordered by decreasing radius, then tower); --pdb towers: one group
             per tower; --pdb window:S: for every offset, S consecutive disks + the rest.
             Repeat --pdb for the max over several partitions. Default: automatic sizes,
             the largest group within 2^24 entries (16 MiB). With the symmetric
             method (below) the sizes describe the half problem (n-1 disks) and
             the default is the max over all windows of the automatic size.
  towers     sum over towers of the exact single-tower distance (a table per tower;
             admissible).
  goalpeg    number of disks off their goal peg (admissible, weak).
  zero       h = 0 (Dijkstra / iterative deepening).
  manhattan  the seed's Manhattan distance |dx| + |dy| per disk. NOT ADMISSIBLE (one move can
             cross several pegs): results are never called optimal.
  belfort    the seed's "Belfort" distance: Manhattan times the disks above both positions.
             NOT ADMISSIBLE: results are never called optimal.
Pattern databases are cached in --pdb-dir (default $HSEARCH_HANOI_PDB_DIR, else
$XDG_CACHE_HOME/hsearch/hanoi, else ~/.cache/hsearch/hanoi), in versioned checksummed files.

Algorithms (--algorithm): astar (A* with reopening; --weights G,H for weighted A*, e.g. the
seed's 3,2: a weighted result is not called optimal), ida (IDA* with a transposition table;
--prune on forbids moving the same disk twice in a row), bfs (breadth-first, optimal, memory hungry).

Symmetric method (automatic): when all disks start on one peg A, the same stack must end on
another peg D and the largest disk is unique (the classic problem), the optimum is 2H + 1 where
H = the fewest moves taking the other disks from A to "none on A or D" (proof in docs/hanoi.md).
hanoi then searches only that half problem (a goal set; pattern databases with the same goal
set), and prints the whole plan: the half plan, the largest disk's move, the half plan mirrored.
Used with --heuristic pdb, towers or zero (and bfs); --no-symmetry forces the plain search.

Teaching: --trace prints one line per IDA* iteration (bound, expanded, next bound) and one per
A* reopen event; --dot FILE writes the search tree (nodes labelled f, g, h) as Graphviz DOT,
at most --dot-max-nodes nodes (meant for tiny instances). With the symmetric method both show
the half search.

Output: the move count, the moves as 'disk from->to' (e.g. 'a1 A->C'), and whether the plan is
proven optimal. Every plan is replayed and checked before it is printed.
Exit status: 0 solved, 1 bad input, 2 no solution, 3 stopped by a limit, 4 internal error.

Options)";

struct Config {
  std::string algorithm = "astar";
  std::string heuristic = "pdb";
  int weight_g = 1, weight_h = 1;
  Limits limits;
  std::size_t tt_entries = std::size_t{1} << 20;
  bool pruning = true;
  bool stats = false, json = false, show = false;
  bool symmetry = true, trace = false;
  std::string dot_file;
  std::size_t dot_max_nodes = 200;
  std::vector<std::string> pdb_specs;
  PdbOptions pdb;
};

struct BadInput : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string json_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::vector<int> parse_int_list(const std::string& text, const std::string& option) {
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
      throw BadInput(option + ": '" + text + "' is not a comma-separated list of integers");
    }
    values.push_back(v);
  }
  if (values.empty()) throw BadInput(option + ": empty list");
  return values;
}

// start/goal lines of a problem file.
void read_problem_file(const std::string& path, std::string& start, std::string& goal) {
  std::ifstream in(path);
  if (!in) throw BadInput(path + ": cannot open");
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    const std::string where = path + ":" + std::to_string(number);
    if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos) continue;
    line = line.substr(first);
    const auto colon = line.find(':');
    const std::string key = colon == std::string::npos ? line : line.substr(0, colon);
    if (colon == std::string::npos || (key != "start" && key != "goal")) {
      throw BadInput(where + ": expected 'start: <position>' or 'goal: <position>'");
    }
    std::string& target = key == "start" ? start : goal;
    if (!target.empty()) throw BadInput(where + ": second '" + key + "' line");
    target = line.substr(colon + 1);
    if (target.find_first_not_of(" \t\r") == std::string::npos) throw BadInput(where + ": empty " + key);
  }
  if (start.empty()) throw BadInput(path + ": no 'start:' line");
  if (goal.empty()) throw BadInput(path + ": no 'goal:' line");
}

// CPU seconds of the whole process (user + system; tables included): on a loaded machine wall
// times overstate the work, so reports give both.
double process_cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

double search_cpu_seconds = 0;  // CPU time of the search call (set by search())

std::size_t peak_rss_bytes() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<std::size_t>(u.ru_maxrss) * 1024;  // Linux: kilobytes
}

struct Extra {  // what the heuristic and the method add to the report
  std::string description;
  std::string method = "plain";  // or "symmetric"
  std::string method_note;       // the symmetric method's half problem, for the text output
  long half_moves = -1;          // symmetric: H (the half plan's length), when solved
  std::vector<std::string> table_lines;
  double table_seconds = 0;
  std::size_t table_bytes = 0;
};

template <class D, class H, class O>
Result<HanoiDomain::Move, int> run_algorithm(const D& d, const HanoiDomain::State& start, const H& h,
                                             const Config& cfg, O& observer) {
  if (cfg.algorithm == "astar") {
    AStarOptions o;
    o.limits = cfg.limits;
    o.weight_g = cfg.weight_g;
    o.weight_h = cfg.weight_h;
    return astar(d, start, h, o, observer);
  }
  if (cfg.algorithm == "ida") {
    IdaStarOptions o;
    o.limits = cfg.limits;
    o.transposition_entries = cfg.tt_entries;
    if (cfg.pruning) {
      // label = disk moved, inverse_label(l) = l: never the same disk twice in a row.
      return ida_star(d, start, h, o, make_inverse_move_automaton(d), observer);
    }
    return ida_star(d, start, h, o, NoPruning{}, observer);
  }
  BfsOptions o;
  o.limits = cfg.limits;
  return bfs(d, start, o, observer);
}

// The search, with the teaching observers when --trace / --dot ask for them.
template <class D, class H>
Result<HanoiDomain::Move, int> search(const D& d, const HanoiDomain::State& start, const H& h,
                                      const Config& cfg) {
  const double cpu0 = process_cpu_seconds();
  if (!cfg.trace && cfg.dot_file.empty()) {
    NullObserver none;
    auto r = run_algorithm(d, start, h, cfg, none);
    search_cpu_seconds = process_cpu_seconds() - cpu0;
    return r;
  }
  std::ostream discard(nullptr);
  TraceObserver<D> trace(d, cfg.trace ? std::cout : discard);
  DotObserver<D> dot(d, cfg.dot_file.empty() ? 0 : cfg.dot_max_nodes);
  compare::TeachingObserver<D> observer(cfg.trace ? &trace : nullptr, cfg.dot_file.empty() ? nullptr : &dot);
  auto r = run_algorithm(d, start, h, cfg, observer);
  search_cpu_seconds = process_cpu_seconds() - cpu0;
  if (cfg.trace) trace.finish();
  if (!cfg.dot_file.empty()) {
    std::ofstream out(cfg.dot_file);
    dot.write(out);
    out.close();
    if (!out) {
      std::cerr << "hanoi: cannot write " << cfg.dot_file << "\n";
    } else if (!cfg.json) {
      std::cout << "DOT: " << cfg.dot_file << " (" << dot.node_count() << " nodes"
                << (dot.truncated() ? ", truncated at --dot-max-nodes" : "") << ")\n";
    }
  }
  return r;
}

// The symmetric method: search the half problem, then assemble and return the full result
// (optimal when the half result is; a half lower bound b gives 2b + 1).
template <class H>
Result<HanoiDomain::Move, int> solve_symmetric(const OffPegsDomain& half, const HanoiDomain::State& half_start,
                                               const H& h, const ClassicShape& shape, const Config& cfg,
                                               Extra& extra) {
  auto r = search(half, half_start, h, cfg);
  if (r.solved()) {
    extra.half_moves = r.cost;
    r.plan = assemble_symmetric_plan(r.plan, shape);
    r.cost = 2 * r.cost + 1;
    r.lower_bound = r.optimal ? r.cost : 1;
  } else if (r.status == Status::stopped) {
    r.lower_bound = 2 * r.lower_bound + 1;
  }
  return r;
}

int report(const HanoiDomain& d, const HanoiDomain::State& start, const Result<HanoiDomain::Move, int>& r,
           bool heuristic_admissible, const Config& cfg, const Extra& extra);

template <class H>
int solve(const HanoiDomain& d, const HanoiDomain::State& start, const H& h, const Config& cfg,
          const Extra& extra) {
  return report(d, start, search(d, start, h, cfg), is_admissible(h), cfg, extra);
}

int report(const HanoiDomain& d, const HanoiDomain::State& start, const Result<HanoiDomain::Move, int>& r,
           bool heuristic_admissible, const Config& cfg, const Extra& extra) {
  const bool admissible = cfg.algorithm == "bfs" || heuristic_admissible;

  // Replay before printing anything about the plan.
  if (r.solved()) {
    HanoiDomain::State s = start;
    for (const auto& m : r.plan) {
      if (!d.legal(s, m)) {
        std::cerr << "hanoi: internal error: the plan found has an illegal move (" << d.move_name(m)
                  << "); not printed\n";
        return 4;
      }
      d.apply(s, m);
    }
    if (!d.is_goal(s) || static_cast<int>(r.plan.size()) != r.cost) {
      std::cerr << "hanoi: internal error: the plan found does not reach the goal; not printed\n";
      return 4;
    }
  }
  const std::size_t rss = peak_rss_bytes();
  if (cfg.json) {
    std::cout << "{\"status\": \"" << to_string(r.status) << "\"";
    if (r.status == Status::stopped) std::cout << ", \"stop_reason\": \"" << to_string(r.stop_reason) << "\"";
    std::cout << ", \"moves\": " << (r.solved() ? std::to_string(r.cost) : "null") << ", \"plan\": [";
    for (std::size_t i = 0; i < r.plan.size(); ++i) {
      std::cout << (i ? ", " : "") << "\"" << json_escape(d.move_name(r.plan[i])) << "\"";
    }
    std::cout << "], \"optimal\": " << (r.solved() && r.optimal ? "true" : "false")
              << ", \"lower_bound\": " << r.lower_bound << ", \"algorithm\": \"" << r.algorithm
              << "\", \"method\": \"" << extra.method << "\", \"half_moves\": "
              << (extra.half_moves >= 0 ? std::to_string(extra.half_moves) : "null")
              << ", \"heuristic\": \"" << cfg.heuristic << "\", \"admissible\": " << (admissible ? "true" : "false")
              << ", \"expanded\": " << r.stats.expanded << ", \"generated\": " << r.stats.generated
              << ", \"pruned\": " << r.stats.pruned << ", \"duplicates\": " << r.stats.duplicates
              << ", \"reopened\": " << r.stats.reopened << ", \"seconds\": " << r.stats.seconds
              << ", \"search_peak_bytes\": " << r.stats.peak_bytes << ", \"table_bytes\": " << extra.table_bytes
              << ", \"table_seconds\": " << extra.table_seconds << ", \"peak_rss_bytes\": " << rss << ", \"search_cpu_seconds\": " << search_cpu_seconds << ", \"process_cpu_seconds\": " << process_cpu_seconds() << "}\n";
  } else {
    if (!admissible) {
      std::cout << "note: heuristic '" << cfg.heuristic
                << "' is NOT admissible: the plan below is not proven optimal\n";
    }
    if (!extra.method_note.empty()) std::cout << extra.method_note << "\n";
    if (r.solved()) {
      std::cout << "solved: " << r.cost << " moves, "
                << (r.optimal ? "proven optimal"
                              : (cfg.weight_g != cfg.weight_h && cfg.algorithm == "astar"
                                     ? "NOT proven optimal (weighted A*)"
                                     : "NOT proven optimal"))
                << "\n";
      HanoiDomain::State s = start;
      if (cfg.show) std::cout << "\nstart:\n" << draw_position(d.layout(), d.position(s));
      for (std::size_t i = 0; i < r.plan.size(); ++i) {
        d.apply(s, r.plan[i]);
        std::cout << std::setw(5) << i + 1 << ". " << d.move_name(r.plan[i]) << "\n";
        if (cfg.show) std::cout << draw_position(d.layout(), d.position(s)) << "\n";
      }
    } else if (r.status == Status::unsolvable) {
      std::cout << "no solution: the goal is unreachable (proven)\n";
    } else {
      std::cout << "stopped (" << to_string(r.stop_reason) << ") after " << r.stats.expanded
                << " expansions; proven lower bound: " << r.lower_bound << " moves\n";
    }
    if (cfg.stats) {
      std::cout << "method: " << extra.method;
      if (extra.half_moves >= 0) std::cout << " (half plan " << extra.half_moves << " moves)";
      std::cout << "\nalgorithm: " << r.algorithm << "\nheuristic: " << extra.description << "\n";
      for (const auto& line : extra.table_lines) std::cout << "  " << line << "\n";
      std::cout << "expanded: " << r.stats.expanded << "\ngenerated: " << r.stats.generated
                << "\npruned: " << r.stats.pruned << "\nduplicates: " << r.stats.duplicates
                << "\nreopened: " << r.stats.reopened << "\nsearch seconds: " << r.stats.seconds
                << "\nsearch peak bytes: " << r.stats.peak_bytes << "\ntable bytes: " << extra.table_bytes
                << "\ntable seconds: " << extra.table_seconds << "\npeak RSS bytes: " << rss
                << "\nsearch CPU seconds: " << search_cpu_seconds << "\nprocess CPU seconds: " << process_cpu_seconds() << "\n";
      if (!r.stats.iterations.empty()) {
        std::cout << "iterations:";
        for (const auto& it : r.stats.iterations) std::cout << " " << it.bound;
        std::cout << "\n";
      }
    }
  }
  if (r.solved()) return 0;
  return r.status == Status::unsolvable ? 2 : 3;
}

// The pattern-database heuristic of --heuristic pdb/towers for domain d (the full problem, or
// the symmetric method's half problem with cfg.pdb.goal_off_pegs set); fills the report lines.
PdbHeuristic make_pdb(const HanoiDomain& d, const Config& cfg, Extra& extra) {
  const Layout& layout = d.layout();
  std::vector<Partition> parts;
  if (cfg.heuristic == "towers") {
    parts.push_back(partition_by_towers(layout));
  } else if (cfg.pdb_specs.empty()) {
    const auto sizes = automatic_sizes(layout, std::min(cfg.pdb.max_entries, std::uint64_t{1} << 24));
    if (cfg.pdb.goal_off_pegs != 0 && layout.max_class_size() == 1 && sizes.size() > 1) {
      // Symmetric half problem of one tower: every window of the largest automatic group size
      // has the same shape, so the max over all windows costs lookups, not memory (and cut
      // the expansions 6x for 16 disks: docs/hanoi.md).
      parts = window_partitions(layout, *std::max_element(sizes.begin(), sizes.end()));
    } else {
      parts.push_back(partition_by_sizes(layout, sizes));
    }
  } else {
    for (const auto& spec : cfg.pdb_specs) {
      try {
        if (spec.rfind("window:", 0) == 0) {
          const auto size = parse_int_list(spec.substr(7), "--pdb window:");
          if (size.size() != 1) throw BadInput("--pdb window:S takes one size");
          for (auto& p : window_partitions(layout, size[0])) parts.push_back(std::move(p));
        } else {
          parts.push_back(spec == "towers" ? partition_by_towers(layout)
                                           : partition_by_sizes(layout, parse_int_list(spec, "--pdb")));
        }
      } catch (const PdbError& e) {
        throw BadInput(std::string("--pdb ") + spec + ": " + e.what());
      }
    }
  }
  try {
    PdbHeuristic h(d, parts, cfg.pdb);
    extra.description += " (admissible: ";
    for (std::size_t p = 0; p < h.partitions().size(); ++p) {
      extra.description += p ? " max " : "";
      for (std::size_t g = 0; g < h.partitions()[p].size(); ++g) {
        extra.description += (g ? "+" : "") + std::to_string(h.tables()[h.partitions()[p][g]]->group().size());
      }
    }
    extra.description += " disks)";
    std::size_t shared = 0;
    for (const auto& t : h.tables()) {
      if (t->shared()) {
        ++shared;
        continue;
      }
      extra.table_seconds += t->seconds();
      std::ostringstream line;
      line << "table " << t->disks() << ": " << t->entries() << " entries, " << t->bytes() << " bytes, "
           << (t->loaded() ? "loaded" : "built") << " in " << t->seconds() << " s"
           << (t->path().empty() ? "" : ", file " + t->path().string());
      if (!t->note().empty()) line << " (" << t->note() << ")";
      extra.table_lines.push_back(line.str());
    }
    if (shared > 0) {
      extra.table_lines.push_back(std::to_string(shared) + " more group(s) use the tables above (same shape and goal)");
    }
    extra.table_bytes = h.bytes();
    return h;
  } catch (const PdbError& e) {
    throw BadInput(std::string("--heuristic ") + cfg.heuristic + ": " + e.what());
  }
}

// The symmetric method on a problem of the classic shape (symmetric_solver.hpp): search the
// half problem, report the assembled full plan (replayed on the full problem by report()).
int run_symmetric(const Layout& layout, const Position& start, const Position& goal, const ClassicShape& shape,
                  Config cfg) {
  const HanoiDomain d(layout, goal);
  const HanoiDomain::State s0 = d.make_state(start);
  Extra extra;
  extra.method = "symmetric";
  if (layout.disks() == 1) {  // no half problem: the single move of the only disk
    Result<HanoiDomain::Move, int> r;
    r.status = Status::solved;
    r.algorithm = cfg.algorithm == "ida" ? "ida*" : cfg.algorithm;
    r.plan = assemble_symmetric_plan({}, shape);
    r.cost = 1;
    r.optimal = true;
    r.lower_bound = 1;
    extra.half_moves = 0;
    extra.description = cfg.heuristic;
    extra.method_note = "method: symmetric (one disk: one move)";
    return report(d, s0, r, true, cfg, extra);
  }
  const HalfProblem hp = half_problem(layout, start, shape);
  const OffPegsDomain half(hp.layout, hp.off);
  const HanoiDomain::State h0 = half.make_state(hp.start);
  extra.method_note = "method: symmetric: the " + std::to_string(hp.layout.disks()) + " smaller disks from " +
                      peg_name(shape.from) + " to none on " + peg_name(shape.from) + " or " + peg_name(shape.to) +
                      " (H moves), then " + layout.name(0) + " " + peg_name(shape.from) + "->" +
                      peg_name(shape.to) + ", then the mirror image: 2H + 1 moves (--no-symmetry: plain search)";
  extra.description = cfg.heuristic;
  if (cfg.algorithm == "bfs" || cfg.heuristic == "zero") {
    if (cfg.algorithm == "bfs") extra.description = "none (breadth-first)";
    const auto r = solve_symmetric(half, h0, ZeroHeuristic{}, shape, cfg, extra);
    return report(d, s0, r, true, cfg, extra);
  }
  cfg.pdb.goal_off_pegs = hp.off;  // tables towards the same goal set
  extra.description += " over the half problem";
  const PdbHeuristic h = make_pdb(half, cfg, extra);
  const auto r = solve_symmetric(half, h0, h, shape, cfg, extra);
  return report(d, s0, r, is_admissible(h), cfg, extra);
}

int run(int argc, char** argv) {
  Config cfg;
  std::string start_text, goal_text, problem_file, weights, pdb_dir, prune;
  int pegs = 0, disks = 0, towers = 1;
  std::uint64_t seed = 1, pdb_max_entries = std::uint64_t{1} << 28;
  double max_memory_mb = 4096;
  bool random_start = false, random_goal = false, no_cache = false;

  po::options_description opts(kUsage);
  opts.add_options()
      ("help,h", "show this help")
      ("start", po::value(&start_text), "start position (notation above)")
      ("goal", po::value(&goal_text), "goal position")
      ("problem", po::value(&problem_file), "file with 'start:' and 'goal:' lines")
      ("pegs", po::value(&pegs), "shortcut: number of pegs (with --disks)")
      ("disks", po::value(&disks), "shortcut: disks per tower; default start = all on the first peg, goal = all on the last")
      ("towers", po::value(&towers), "shortcut: number of towers of --disks disks (default 1; > 1 needs random or given positions)")
      ("random-start", po::bool_switch(&random_start), "uniformly random legal start")
      ("random-goal", po::bool_switch(&random_goal), "uniformly random legal goal")
      ("seed", po::value(&seed), "seed of the random positions (default 1)")
      ("algorithm,a", po::value(&cfg.algorithm), "astar | ida | bfs (default astar)")
      ("heuristic,H", po::value(&cfg.heuristic), "pdb | towers | goalpeg | zero | manhattan | belfort (default pdb)")
      ("weights", po::value(&weights), "G,H: A* priority G*g + H*h (default 1,1; the seed uses 3,2)")
      ("pdb", po::value(&cfg.pdb_specs), "one partition: sizes (largest disks first, e.g. 5,13), 'towers' or 'window:S'; repeatable (max)")
      ("pdb-max-entries", po::value(&pdb_max_entries), "refuse tables with more entries (default 2^28; 1 byte per entry)")
      ("pdb-dir", po::value(&pdb_dir), "pattern-database cache directory")
      ("no-pdb-cache", po::bool_switch(&no_cache), "build tables in memory only")
      ("max-expanded", po::value(&cfg.limits.max_expanded), "stop after this many expansions")
      ("max-seconds", po::value(&cfg.limits.max_seconds), "stop after this many seconds")
      ("max-memory", po::value(&max_memory_mb), "stop when the search's tables exceed this many MB (default 4096; 0 = no limit)")
      ("tt-entries", po::value(&cfg.tt_entries), "IDA* transposition-table entries (default 2^20, about 40 MB; 0 = none)")
      ("prune", po::value(&prune)->default_value("auto"),
       "IDA*: never move the same disk twice in a row: on | off | auto (default: on only "
       "without a transposition table, whose entries are keyed by automaton state)")
      ("stats", po::bool_switch(&cfg.stats), "print search statistics and table sizes")
      ("json", po::bool_switch(&cfg.json), "print one JSON object instead of text")
      ("show", po::bool_switch(&cfg.show), "draw every position of the solution")
      ("no-symmetry", "never use the symmetric method (search the whole classic problem)")
      ("trace", po::bool_switch(&cfg.trace), "teaching trace: IDA* iterations (bound, expanded, next bound), A* reopen events")
      ("dot", po::value(&cfg.dot_file), "write the search tree as Graphviz DOT to this file (tiny instances)")
      ("dot-max-nodes", po::value(&cfg.dot_max_nodes), "node bound of --dot (default 200)");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(opts).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    throw BadInput(e.what());
  }
  if (vm.count("help")) {
    std::cout << opts << "\n";
    return 0;
  }
  if (prune != "on" && prune != "off" && prune != "auto") throw BadInput("--prune: on, off or auto");
  cfg.symmetry = vm.count("no-symmetry") == 0;
  if (cfg.trace && cfg.json) throw BadInput("--trace prints text lines: not with --json");
  if (vm.count("dot-max-nodes") && cfg.dot_max_nodes == 0) throw BadInput("--dot-max-nodes must be at least 1");
  if (!cfg.dot_file.empty()) {  // fail before searching when the file cannot be written
    std::ofstream probe(cfg.dot_file);
    if (!probe) throw BadInput("--dot " + cfg.dot_file + ": cannot write");
  }
  cfg.pruning = prune == "on" || (prune == "auto" && cfg.tt_entries == 0);
  if (cfg.algorithm != "astar" && cfg.algorithm != "ida" && cfg.algorithm != "bfs") {
    throw BadInput("--algorithm: unknown '" + cfg.algorithm + "' (astar, ida or bfs)");
  }
  if (!weights.empty()) {
    const auto w = parse_int_list(weights, "--weights");
    if (w.size() != 2 || w[0] < 1 || w[1] < 0) throw BadInput("--weights: expected G,H with G >= 1, H >= 0");
    if (cfg.algorithm != "astar") throw BadInput("--weights applies to --algorithm astar only");
    cfg.weight_g = w[0];
    cfg.weight_h = w[1];
  }
  if (max_memory_mb < 0 || cfg.limits.max_seconds < 0) throw BadInput("limits must be positive");
  cfg.limits.max_bytes = static_cast<std::size_t>(max_memory_mb * 1024 * 1024);
  install_interrupt_handler();
  cfg.limits.stop_flag = &interrupt_flag();
  cfg.pdb.max_entries = pdb_max_entries;
  if (!pdb_dir.empty()) cfg.pdb.cache_dir = pdb_dir;
  if (no_cache) cfg.pdb.cache_dir.clear();

  // The problem.
  if (!problem_file.empty()) {
    if (!start_text.empty() || !goal_text.empty()) throw BadInput("--problem excludes --start and --goal");
    read_problem_file(problem_file, start_text, goal_text);
  }
  if (random_start && !start_text.empty()) throw BadInput("--random-start excludes a given start");
  if (random_goal && !goal_text.empty()) throw BadInput("--random-goal excludes a given goal");
  const bool shortcut = vm.count("pegs") || vm.count("disks") || vm.count("towers");
  Layout layout;
  std::optional<Position> start, goal;
  if (!start_text.empty() || !goal_text.empty()) {
    if (shortcut) throw BadInput("--pegs/--disks/--towers cannot be combined with given positions");
    const std::string& first = !start_text.empty() ? start_text : goal_text;
    const char* first_name = !start_text.empty() ? "start" : "goal";
    const DiskStacks stacks = parse_stacks(first, first_name);
    layout = layout_of(stacks, first_name);
    if (!start_text.empty()) start = to_position(layout, stacks, "start");
    if (!goal_text.empty()) goal = goal_for(layout, parse_stacks(goal_text, "goal"), "goal");
    if (start_text.empty() && !random_start) throw BadInput("no start: give --start or --random-start");
    if (goal_text.empty() && !random_goal) throw BadInput("no goal: give --goal or --random-goal");
  } else {
    if (!vm.count("pegs") || !vm.count("disks")) {
      throw BadInput("no problem: give --start and --goal, --problem FILE, or --pegs P --disks N");
    }
    try {
      layout = Layout::towers(pegs, std::vector<int>(static_cast<std::size_t>(std::max(towers, 0)), disks));
    } catch (const LayoutError& e) {
      throw BadInput(e.what());
    }
    if (towers > 1 && (!random_start || !random_goal)) {
      throw BadInput("with --towers > 1 the shortcut has no standard start and goal: add --random-start and "
                     "--random-goal, or give positions with --start/--goal");
    }
    if (!random_start) start = stacked_on(layout, 0);
    if (!random_goal) goal = stacked_on(layout, pegs - 1);
  }
  std::mt19937_64 rng(seed);
  if (random_start) start = random_position(layout, rng);
  if (random_goal) goal = random_position(layout, rng);

  const HanoiDomain d(layout, *goal);
  const HanoiDomain::State s0 = d.make_state(*start);
  if (!cfg.json) {
    std::cout << "pegs: " << layout.pegs() << ", disks: " << layout.disks() << ", towers: " << layout.towers()
              << "\nstart: " << format_position(layout, *start) << "\ngoal:  " << format_position(layout, *goal)
              << "\n";
    if (cfg.show) std::cout << "\ngoal:\n" << draw_position(layout, *goal) << "\n";
  }

  const std::optional<ClassicShape> shape = classic_shape(layout, *start, *goal);
  const bool symmetric = cfg.symmetry && shape.has_value() &&
                         (cfg.algorithm == "bfs" || cfg.heuristic == "pdb" || cfg.heuristic == "towers" ||
                          cfg.heuristic == "zero");
  if (cfg.algorithm == "bfs") {
    if (vm.count("heuristic") || !cfg.pdb_specs.empty()) throw BadInput("--algorithm bfs uses no heuristic");
    cfg.heuristic = "none";
  } else if (cfg.heuristic != "pdb" && !cfg.pdb_specs.empty()) {
    throw BadInput("--pdb applies to --heuristic pdb");
  }
  if (symmetric) return run_symmetric(layout, *start, *goal, *shape, cfg);

  if (cfg.algorithm == "bfs") {
    Extra extra;
    extra.description = "none (breadth-first)";
    return solve(d, s0, ZeroHeuristic{}, cfg, extra);
  }
  Extra extra;
  extra.description = cfg.heuristic;
  if (cfg.heuristic == "pdb" || cfg.heuristic == "towers") {
    const PdbHeuristic h = make_pdb(d, cfg, extra);
    return solve(d, s0, h, cfg, extra);
  }
  if (cfg.heuristic == "goalpeg") return solve(d, s0, OffGoalPegHeuristic(d), cfg, extra);
  if (cfg.heuristic == "zero") return solve(d, s0, ZeroHeuristic{}, cfg, extra);
  if (cfg.heuristic == "manhattan") return solve(d, s0, ManhattanHeuristic(d), cfg, extra);
  if (cfg.heuristic == "belfort") return solve(d, s0, BelfortHeuristic(d), cfg, extra);
  throw BadInput("--heuristic: unknown '" + cfg.heuristic + "' (pdb, towers, goalpeg, zero, manhattan, belfort)");
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const BadInput& e) {
    std::cerr << "hanoi: " << e.what() << "\n";
  } catch (const NotationError& e) {
    std::cerr << "hanoi: " << e.what() << "\n";
  } catch (const LayoutError& e) {
    std::cerr << "hanoi: " << e.what() << "\n";
  } catch (const std::bad_alloc&) {
    std::cerr << "hanoi: out of memory (try smaller --pdb groups or a --max-memory limit)\n";
    return 4;
  } catch (const std::exception& e) {
    std::cerr << "hanoi: error: " << e.what() << "\n";
    return 4;
  }
  return 1;
}
