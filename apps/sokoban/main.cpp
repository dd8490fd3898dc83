// sokoban: push-optimal Sokoban solver.
//
//   sokoban [FILE] [--level N | --levels A-B] [--algorithm ida|astar] [--time-limit S]
//           [--node-limit N] [--memory-limit MB] [--json] [--no-solution]
//           [--trace] [--dot FILE [--dot-max-nodes N]] [--no-pattern-search]
//
// Without FILE it solves a small built-in level. Exit status: 0 when every selected level was
// solved; 1 when some level was not (proven unsolvable, a limit, Ctrl-C); 2 for a bad command
// line, an unreadable file or an invalid level (the other levels of a batch still run).
#include <algorithm>
#include <cstdint>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "hsearch/core/interrupt.hpp"
#include "hsearch/core/observer.hpp"
#include "hsearch/observers/dot_observer.hpp"
#include "hsearch/observers/trace_observer.hpp"
#include "hsearch/sokoban/level_reader.hpp"
#include "hsearch/sokoban/solver.hpp"
#include "play/play_main.hpp"

namespace po = boost::program_options;
using namespace hsearch;
using namespace hsearch::sokoban;

namespace {

// Written for this project: three boxes, solved in milliseconds.
constexpr const char* kDefaultLevel =
    "; hsearch default level (3 boxes)\n"
    " #######\n"
    " # .   ###\n"
    "## $$#   #\n"
    "#.  @ $  #\n"
    "#  ##.  ##\n"
    "####  ###\n"
    "   ####\n";

std::string json_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          std::ostringstream hex;
          hex << "\\u" << std::hex << std::setw(4) << std::setfill('0') << static_cast<int>(c);
          out += hex.str();
        } else {
          out += c;
        }
    }
  }
  return out;
}

// Progress lines on stderr once a level has run for more than a second.
class Progress : public NullObserver {
 public:
  static constexpr bool kWantsProgress = true;
  explicit Progress(std::string name) : name_(std::move(name)), clock_(Limits{}) {}

  void on_iteration_begin(std::int64_t bound) { bound_ = bound; }
  void on_iteration_end(const IterationStats& it) {
    const double t = clock_.seconds();
    if (t < 1.0) return;
    std::cerr << "  [" << name_ << "] bound " << it.bound << " searched: " << it.expanded << " expanded in "
              << std::fixed << std::setprecision(2) << it.seconds << " s; next bound " << it.next_bound
              << " (" << t << " s)\n";
    last_ = t;
  }
  // The solver's second pass begins (printed only on runs that already show progress).
  void on_phase(const std::string& what) {
    if (clock_.seconds() >= 1.0) std::cerr << "  [" << name_ << "] " << what << "\n";
    bound_ = -1;
    phase_ = "fewer moves: ";
    last_ = 0;
  }
  void on_progress(const Statistics& stats, double seconds) {
    if (seconds < 1.0 || seconds - last_ < 1.0) return;
    const double rate = seconds > 0 ? static_cast<double>(stats.expanded) / seconds : 0;
    std::cerr << "  [" << name_ << "] " << phase_;
    if (bound_ >= 0) std::cerr << "bound " << bound_ << ", ";
    std::cerr << stats.expanded << " expanded, " << std::fixed << std::setprecision(0) << rate
              << " nodes/s, " << std::setprecision(1) << seconds << " s\n";
    last_ = seconds;
  }

 private:
  std::string name_;
  LimitGuard clock_;
  std::int64_t bound_ = -1;
  double last_ = 0;
  std::string phase_;
};

// --trace and --dot: forwards the search's events to a TraceObserver and/or a DotObserver
// (either may be absent). kWantsNodes only when a DOT tree is recorded, since preparing the
// node events costs a state copy per child.
template <bool Nodes>
class Teaching : public NullObserver {
 public:
  static constexpr bool kWantsNodes = Nodes;
  using State = SokobanDomain::State;
  Teaching(TraceObserver<SokobanDomain>* trace, DotObserver<SokobanDomain>* dot) : trace_(trace), dot_(dot) {}

  void on_iteration_begin(std::int64_t bound) {
    if (trace_) trace_->on_iteration_begin(bound);
    if (dot_) dot_->on_iteration_begin(bound);
  }
  void on_iteration_end(const IterationStats& it) {
    if (trace_) trace_->on_iteration_end(it);
  }
  void on_expand(const State& s, std::int64_t g, std::int64_t h) {
    if (dot_) dot_->on_expand(s, g, h);
  }
  void on_generate(const State& parent, const State& child, const SokobanDomain::Move& m, std::int64_t g,
                   std::int64_t h) {
    if (dot_) dot_->on_generate(parent, child, m, g, h);
  }
  void on_reopen(const State& s, std::int64_t old_g, std::int64_t new_g) {
    if (trace_) trace_->on_reopen(s, old_g, new_g);
  }

 private:
  TraceObserver<SokobanDomain>* trace_;
  DotObserver<SokobanDomain>* dot_;
};

bool parse_range(const std::string& text, int& a, int& b) {
  const auto dash = text.find('-');
  try {
    std::size_t used = 0;
    if (dash == std::string::npos) {
      a = b = std::stoi(text, &used);
      return used == text.size() && a >= 1;
    }
    a = std::stoi(text.substr(0, dash), &used);
    if (used != dash) return false;
    const std::string rest = text.substr(dash + 1);
    b = std::stoi(rest, &used);
    return used == rest.size() && a >= 1 && b >= a;
  } catch (const std::exception&) {
    return false;
  }
}

// A level solved with --trace and/or --dot: the observers need the level's domain for their
// state pictures, so they are built here on a Board of their own (cheap: tiny levels).
SolveReport solve_teaching(const Level& level, const SolveOptions& options, bool trace, std::ofstream* dot,
                           std::size_t dot_max_nodes) {
  std::optional<Board> board;
  try {
    board.emplace(level);
  } catch (const InvalidLevel&) {
    return solve_level(level, options);  // reports the problem the usual way
  }
  const SokobanDomain domain(*board);
  TraceObserver<SokobanDomain> tracer(domain, std::cout);
  DotObserver<SokobanDomain> recorder(domain, dot_max_nodes);
  SolveReport report;
  if (dot != nullptr) {
    Teaching<true> observer(trace ? &tracer : nullptr, &recorder);
    report = solve_level(level, options, observer);
    recorder.write(*dot);
  } else {
    Teaching<false> observer(&tracer, nullptr);
    report = solve_level(level, options, observer);
  }
  if (trace) tracer.finish();
  return report;
}

}  // namespace

int main(int argc, char** argv) {
  // `sokoban play ...` is the terminal game; everything else is the solver.
  if (argc > 1 && std::string(argv[1]) == "play") return play::play_main(argc - 1, argv + 1);
  po::options_description visible("Options");
  visible.add_options()
      ("help,h", "show this help")
      ("level", po::value<int>(), "solve only level N of FILE (1-based)")
      ("levels", po::value<std::string>(), "solve levels A-B of FILE")
      ("algorithm", po::value<std::string>()->default_value("astar"), "astar (A* with reopening) or ida (IDA* with a transposition table)")
      ("time-limit", po::value<double>()->default_value(0), "seconds per level (0: none)")
      ("node-limit", po::value<std::uint64_t>()->default_value(0), "expansions per level (0: none)")
      ("memory-limit", po::value<std::size_t>()->default_value(0), ("MB per level for the search's tables (0: A* stops at a quarter of the machine's memory, at least 2048 MB; here " + std::to_string(default_astar_memory() >> 20) + " MB; IDA* uses a 64 MB table)").c_str())
      ("json", "one JSON object per level on stdout")
      ("no-solution", "human output without the LURD strings")
      ("no-pattern-search", "do not learn deadlocks and penalties by solving sub-states around each "
                            "push (pattern search keeps push-optimality and is on by default)")
      ("trace", "print the search's trace: IDA* iterations (bound, expanded, next bound), A* reopen events")
      ("dot", po::value<std::string>(), "write the search tree of the (single) level as Graphviz DOT to FILE")
      ("dot-max-nodes", po::value<std::size_t>()->default_value(200), "node bound of --dot");
  po::options_description hidden;
  hidden.add_options()("file", po::value<std::string>(), "level file");
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "sokoban: " << e.what() << "\n(see sokoban --help)\n";
    return 2;
  }
  if (vm.count("help")) {
    std::cout << "Usage: sokoban [FILE] [options]\n"
                 "Solves Sokoban levels (XSB or Boxoban text) push-optimally and prints verified\n"
                 "LURD solutions (lower case: step, upper case: push). Without FILE it solves a\n"
                 "small built-in level. Exit status: 0 all solved, 1 some level unsolved,\n"
                 "2 bad input.\n\n"
              << visible;
    return 0;
  }
  const std::string algorithm = vm["algorithm"].as<std::string>();
  if (algorithm != "ida" && algorithm != "astar") {
    std::cerr << "sokoban: --algorithm must be 'ida' or 'astar', not '" << algorithm << "'\n";
    return 2;
  }
  if (vm.count("level") && vm.count("levels")) {
    std::cerr << "sokoban: give --level or --levels, not both\n";
    return 2;
  }
  if (vm["time-limit"].as<double>() < 0) {
    std::cerr << "sokoban: --time-limit must be >= 0\n";
    return 2;
  }

  const bool trace = vm.count("trace") != 0;
  const std::string dot_file = vm.count("dot") ? vm["dot"].as<std::string>() : std::string();
  const std::size_t dot_max_nodes = vm["dot-max-nodes"].as<std::size_t>();
  if (vm.count("dot") && dot_file.empty()) {
    std::cerr << "sokoban: --dot needs a file name\n";
    return 2;
  }
  if (dot_max_nodes == 0) {
    std::cerr << "sokoban: --dot-max-nodes must be at least 1\n";
    return 2;
  }

  std::vector<LevelEntry> entries;
  if (vm.count("file")) {
    const std::string file = vm["file"].as<std::string>();
    std::ifstream in(file);
    if (!in) {
      std::cerr << "sokoban: cannot open '" << file << "'\n";
      return 2;
    }
    entries = read_levels(in, file);
    if (entries.empty()) {
      std::cerr << "sokoban: " << file << ": no level found (a board row starts with '#' or a board character and contains '#')\n";
      return 2;
    }
  } else {
    std::istringstream in(kDefaultLevel);
    entries = read_levels(in, "<built-in>");
  }
  int first = 1, last = static_cast<int>(entries.size());
  if (vm.count("level")) {
    first = last = vm["level"].as<int>();
  } else if (vm.count("levels") && !parse_range(vm["levels"].as<std::string>(), first, last)) {
    std::cerr << "sokoban: --levels wants A-B with 1 <= A <= B, not '" << vm["levels"].as<std::string>() << "'\n";
    return 2;
  }
  if (first < 1 || last > static_cast<int>(entries.size())) {
    std::cerr << "sokoban: the file has " << entries.size() << " level(s); level "
              << (first < 1 ? first : last) << " does not exist\n";
    return 2;
  }

  if (!dot_file.empty() && first != last) {
    std::cerr << "sokoban: --dot records one level's search tree: choose one level with --level N\n";
    return 2;
  }
  std::ofstream dot_out;
  if (!dot_file.empty()) {
    dot_out.open(dot_file);
    if (!dot_out) {
      std::cerr << "sokoban: cannot write '" << dot_file << "'\n";
      return 2;
    }
  }

  SolveOptions options;
  options.algorithm = algorithm == "ida" ? Algorithm::ida : Algorithm::astar;
  options.limits.max_seconds = vm["time-limit"].as<double>();
  options.limits.max_expanded = vm["node-limit"].as<std::uint64_t>();
  options.limits.max_bytes = vm["memory-limit"].as<std::size_t>() * 1024 * 1024;
  options.limits.stop_flag = &interrupt_flag();
  options.pattern_search = vm.count("no-pattern-search") == 0;
  install_interrupt_handler();
  const bool json = vm.count("json") != 0;
  const bool show_solution = vm.count("no-solution") == 0;

  struct Row {
    int level;
    std::string title;
    SolveReport report;
  };
  std::vector<Row> rows;
  bool any_invalid = false, any_unsolved = false;
  for (int n = first; n <= last; ++n) {
    const LevelEntry& e = entries[static_cast<std::size_t>(n - 1)];
    SolveReport report;
    if (!e.ok()) {
      report.status = "invalid";
      report.message = e.error;
    } else if (trace || !dot_file.empty()) {
      report = solve_teaching(e.level, options, trace, dot_file.empty() ? nullptr : &dot_out, dot_max_nodes);
      if (!dot_file.empty()) {
        dot_out.close();
        if (!dot_out) {
          std::cerr << "sokoban: could not write '" << dot_file << "'\n";
          any_invalid = true;
        }
      }
    } else {
      Progress progress("level " + std::to_string(n));
      report = solve_level(e.level, options, progress);
    }
    if (report.status == "invalid" || report.status == "error") any_invalid = true;
    if (!report.solved()) any_unsolved = true;
    if (!report.message.empty()) std::cerr << "sokoban: " << report.message << "\n";
    const std::string& title = e.level.title;
    if (json) {
      std::cout << "{\"level\":" << n << ",\"title\":\"" << json_escape(title) << "\",\"status\":\"" << report.status
                << "\",\"pushes\":" << (report.solved() ? std::to_string(report.pushes) : "null")
                << ",\"moves\":" << (report.solved() ? std::to_string(report.moves) : "null")
                << ",\"solution\":" << (report.solved() ? "\"" + report.lurd + "\"" : "null")
                << ",\"optimal\":" << (report.optimal ? "true" : "false")
                << ",\"lower_bound\":" << report.lower_bound << ",\"expanded\":" << report.stats.expanded
                << ",\"generated\":" << report.stats.generated << ",\"dead_ends\":" << report.stats.dead_ends
                << ",\"duplicates\":" << report.stats.duplicates << ",\"seconds\":" << std::fixed
                << std::setprecision(3) << report.seconds << ",\"algorithm\":\"" << algorithm << "\"";
      if (report.solved()) {
        std::cout << ",\"seconds_push_optimum\":" << report.seconds_before_moves_pass;
        std::cout << ",\"moves_pass\":{\"finished\":" << (report.moves_pass_finished ? "true" : "false")
                  << ",\"moves_minimal\":" << (report.moves_minimal ? "true" : "false")
                  << ",\"expanded\":" << report.moves_pass_expanded
                  << ",\"first_plan_moves\":" << report.moves_first_plan << "}";
      }
      if (options.pattern_search) {
        std::cout << ",\"pattern_searches\":" << report.pattern_searches << ",\"pattern_expanded\":"
                  << report.pattern_expanded << ",\"deadlock_patterns\":" << report.deadlock_patterns
                  << ",\"penalty_patterns\":" << report.penalty_patterns;
      }
      if (!report.message.empty()) std::cout << ",\"message\":\"" << json_escape(report.message) << "\"";
      std::cout << "}" << std::endl;
    } else {
      std::cout << "Level " << n;
      if (!title.empty()) std::cout << " \"" << title << "\"";
      std::cout << ": " << report.status;
      if (report.solved()) {
        std::cout << (report.optimal ? " (push-optimal)" : "") << ", " << report.pushes << " pushes, " << report.moves
                  << " moves";
      } else if (report.status != "invalid" && report.status != "error" && report.status != "unsolvable") {
        std::cout << ", at least " << report.lower_bound << " pushes";
      }
      std::cout << ", " << std::fixed << std::setprecision(3) << report.seconds << " s, " << report.stats.expanded
                << " expanded, " << report.stats.generated << " generated";
      if (options.pattern_search) {
        std::cout << "; pattern search: " << report.pattern_searches << " sub-searches (" << report.pattern_expanded
                  << " expanded), " << report.deadlock_patterns << " deadlock and " << report.penalty_patterns
                  << " penalty patterns";
      }
      std::cout << "\n";
      if (report.solved() && show_solution) std::cout << "  " << report.lurd << "\n";
      std::cout.flush();
    }
    rows.push_back(Row{n, title, report});
    if (report.status == "interrupted") break;
  }

  if (!json && (rows.size() > 1 || interrupt_flag().load())) {
    int solved = 0, optimal = 0, unsolvable = 0, stopped = 0, invalid = 0;
    long pushes = 0, moves = 0;
    double seconds = 0;
    std::cout << "\n" << std::left << std::setw(7) << "level" << std::setw(14) << "status" << std::right
              << std::setw(8) << "pushes" << std::setw(8) << "moves" << std::setw(14) << "expanded" << std::setw(10)
              << "seconds" << "\n";
    for (const Row& r : rows) {
      const SolveReport& s = r.report;
      std::cout << std::left << std::setw(7) << r.level << std::setw(14) << s.status << std::right << std::setw(8)
                << (s.solved() ? std::to_string(s.pushes) : "-") << std::setw(8)
                << (s.solved() ? std::to_string(s.moves) : "-") << std::setw(14) << s.stats.expanded << std::setw(10)
                << std::fixed << std::setprecision(3) << s.seconds << "\n";
      seconds += s.seconds;
      if (s.solved()) {
        ++solved;
        optimal += s.optimal;
        pushes += s.pushes;
        moves += s.moves;
      } else if (s.status == "unsolvable") {
        ++unsolvable;
      } else if (s.status == "invalid" || s.status == "error") {
        ++invalid;
      } else {
        ++stopped;
      }
    }
    std::cout << "Summary: " << rows.size() << " level(s): " << solved << " solved (" << optimal << " push-optimal), "
              << unsolvable << " unsolvable, " << stopped << " not finished, " << invalid << " invalid; total "
              << std::fixed << std::setprecision(3) << seconds << " s; " << pushes << " pushes, " << moves
              << " moves over the solved levels\n";
    if (interrupt_flag().load()) std::cout << "Interrupted (Ctrl-C): levels after " << rows.back().level << " not run\n";
  }
  if (any_invalid) return 2;
  return any_unsolved ? 1 : 0;
}
