#pragma once
// The command-line convention of every hsearch program, written once. A program creates a
// CommandLine with the shared option groups it offers, adds its own options, and parses:
//
//   hsearch::app::CommandLine cli("hanoi", "hanoi [options]", "Solves ...",
//                                 {.groups = kSolveOptions | kWeightOption, .algorithm = "astar"});
//   cli.options().add_options()("pegs", po::value<int>(), "number of pegs");
//   const auto& vm = cli.parse(argc, argv);   // --help, --version and bad usage handled here
//   hsearch::Limits limits = cli.common().limits();
//
// Shared names: --algorithm/-a, --heuristic/-H, --pruning, --weight, --time-limit SECONDS,
// --node-limit EXPANSIONS, --memory-limit MIB, --cache-dir, --json, --stats, --trace,
// --dot FILE, --dot-max-nodes, --quiet/-q, --help/-h, --version. Numbers are checked here
// (finite, not negative, no wrap-around), so every program refuses the same bad values with
// the same message. Old spellings of earlier releases (--max-seconds, --max-nodes,
// --max-expanded, --max-memory, --algorithms, --prune, --weights, --pdb-dir) still work, with
// a warning on stderr.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "hsearch/core/limits.hpp"
#include "hsearch/search/by_name.hpp"

namespace hsearch::app {

namespace po = boost::program_options;

enum OptionGroup : unsigned {
  kAlgorithmOption = 1u << 0,  // --algorithm/-a NAME
  kHeuristicOption = 1u << 1,  // --heuristic/-H NAME
  kPruningOption = 1u << 2,    // --pruning NAME
  kWeightOption = 1u << 3,     // --weight W or G,H (weighted A*)
  kLimitOptions = 1u << 4,     // --time-limit, --node-limit, --memory-limit
  kJsonOption = 1u << 5,       // --json
  kStatsOption = 1u << 6,      // --stats
  kTeachingOptions = 1u << 7,  // --trace, --dot FILE, --dot-max-nodes N
  kQuietOption = 1u << 8,      // --quiet/-q
  kCacheDirOption = 1u << 9,   // --cache-dir DIR
  kTraceJsonOption = 1u << 10, // --trace-json FILE, --trace-json-cap N (app/trace_json.hpp)
  // What a program that solves instances offers.
  kSolveOptions = kAlgorithmOption | kHeuristicOption | kLimitOptions | kJsonOption | kStatsOption |
                  kTeachingOptions | kQuietOption,
};

// What the program offers and its defaults (shown in --help).
struct CommandLineSpec {
  unsigned groups = kSolveOptions;
  std::string algorithm = "astar";
  std::string algorithm_help = "astar | ida | bfs | dfs";
  std::string heuristic;  // empty: "the domain's default"
  std::string heuristic_help = "the heuristic, by name";
  std::string pruning = "none";
  std::string pruning_help = "the move-pruning automaton, by name (depth-first algorithms only)";
  std::string memory_help = "MiB for the search's own tables (0: no limit)";
  // --help ends with the project's exit-status table; a program that solves nothing (the
  // game) describes its own statuses in the epilogue instead.
  bool exit_status_table = true;
};

// The shared options after parsing.
struct CommonOptions {
  std::string algorithm;
  std::string heuristic;
  std::string pruning;
  int weight_g = 1, weight_h = 1;
  bool weight_given = false;
  double time_limit = 0;              // seconds; 0: none
  std::uint64_t node_limit = 0;       // expansions; 0: none
  std::uint64_t memory_limit_mib = 0; // 0: none (or the program's default)
  bool json = false, stats = false, trace = false, quiet = false;
  std::string dot_file;               // empty: no --dot
  std::size_t dot_max_nodes = 200;
  std::string trace_json_file;        // empty: no --trace-json
  std::size_t trace_json_cap = 200000;
  std::string cache_dir;              // --cache-dir as given (see cache_dir() in machine.hpp)

  // The limits, with Ctrl-C wired to the stop flag (the handler is installed by parse()).
  Limits limits() const;
};

class CommandLine {
 public:
  // `usage`: the synopsis line(s) after "Usage: "; `description`: what the program does.
  CommandLine(std::string program, std::string usage, std::string description, CommandLineSpec spec = {});

  const std::string& program() const { return program_; }
  // The program's own options (listed in --help under "Options of <program>").
  po::options_description& options() { return own_; }
  // Options not listed in --help (positional targets).
  po::options_description& hidden() { return hidden_; }
  po::positional_options_description& positional() { return positional_; }
  // A paragraph printed after the options in --help (before the exit-status table).
  void set_epilogue(std::string text) { epilogue_ = std::move(text); }

  // Parses argv. --help and --version print and exit 0; a bad command line prints
  // "<program>: <problem> (see <program> --help)" and exits 2. Installs the Ctrl-C handler.
  const po::variables_map& parse(int argc, const char* const argv[]);
  const po::variables_map& parse(int argc, char* argv[]) {
    return parse(argc, const_cast<const char* const*>(argv));
  }

  const CommonOptions& common() const { return common_; }
  const po::variables_map& values() const { return vm_; }
  // True when the user gave the option on the command line (not its default), under its
  // current name or an old spelling.
  bool given(const std::string& name) const;
  // --algorithm checked against what the program offers (any spelling parse_algorithm knows);
  // anything else is a usage error that lists the offered names.
  Algorithm algorithm(const std::vector<Algorithm>& offered) const;

  // "<program>: <message> (see <program> --help)" on stderr, exit 2.
  [[noreturn]] void usage_error(const std::string& message) const;
  void print_help(std::ostream& out) const;

 private:
  void add_shared();
  void read_shared();

  std::string program_, usage_, description_, epilogue_;
  CommandLineSpec spec_;
  po::options_description shared_{"Common options"};
  po::options_description own_;
  po::options_description hidden_;
  po::options_description old_spellings_;
  po::positional_options_description positional_;
  po::variables_map vm_;
  std::set<std::string> given_by_old_spelling_;  // current names set through an old spelling
  CommonOptions common_;
  // Raw text of the numeric options, checked in read_shared().
  std::string time_text_ = "0", node_text_ = "0", memory_text_ = "0", weight_text_, dot_nodes_text_ = "200",
              trace_cap_text_ = "200000";
};

// Number parsing with the project's rules (used by programs for their own options too).
// Throws std::invalid_argument with a message naming the option.
double parse_seconds(const std::string& option, const std::string& text);                  // finite, >= 0
std::uint64_t parse_count(const std::string& option, const std::string& text);             // digits only
std::uint64_t parse_count_in(const std::string& option, const std::string& text, std::uint64_t lo,
                             std::uint64_t hi);                                            // lo..hi
// "A-B" or "A" with 1 <= A <= B.
bool parse_range(const std::string& text, int& first, int& last);
// "a,b, c" -> {"a","b","c"} (blanks trimmed, empty items dropped).
std::vector<std::string> split_list(const std::string& text);

}  // namespace hsearch::app
