#include "hsearch/app/options.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "hsearch/app/exit_status.hpp"
#include "hsearch/app/messages.hpp"
#include "hsearch/core/interrupt.hpp"

namespace hsearch::app {

namespace {

// Old spelling -> current name. Kept for one release, with a warning.
struct OldSpelling {
  const char* old_name;
  const char* new_name;
  unsigned group;
};
constexpr OldSpelling kOldSpellings[] = {
    {"max-seconds", "time-limit", kLimitOptions}, {"max-nodes", "node-limit", kLimitOptions},
    {"max-expanded", "node-limit", kLimitOptions}, {"max-memory", "memory-limit", kLimitOptions},
    {"algorithms", "algorithm", kAlgorithmOption}, {"prune", "pruning", kPruningOption},
    {"weights", "weight", kWeightOption},          {"pdb-dir", "cache-dir", kCacheDirOption},
};

bool all_digits(const std::string& text) {
  if (text.empty()) return false;
  for (char c : text) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

// The whole number `text` spells, or nothing: digits only, since strtoull would wrap "-5"
// around to 2^64 - 5, and at most 19 of them, which always fit.
std::optional<std::uint64_t> whole_number(const std::string& text) {
  if (!all_digits(text) || text.size() > 19) return std::nullopt;
  return std::strtoull(text.c_str(), nullptr, 10);
}

}  // namespace

double parse_seconds(const std::string& option, const std::string& text) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(v) || v < 0) {
    throw std::invalid_argument("--" + option + " wants a number of seconds >= 0 (0: no limit), not '" + text + "'");
  }
  if (v > 1e9) throw std::invalid_argument("--" + option + " " + text + " is more than 1e9 seconds (0: no limit)");
  return v;
}

std::uint64_t parse_count(const std::string& option, const std::string& text) {
  const auto v = whole_number(text);
  if (!v) throw std::invalid_argument("--" + option + " wants a whole number >= 0, not '" + text + "'");
  return *v;
}

std::uint64_t parse_count_in(const std::string& option, const std::string& text, std::uint64_t lo, std::uint64_t hi) {
  // Not a number and out of range get the same message: the one that names the range.
  const auto v = whole_number(text);
  if (!v || *v < lo || *v > hi) {
    throw std::invalid_argument("--" + option + " wants a whole number from " + std::to_string(lo) + " to " +
                                std::to_string(hi) + ", not '" + text + "'");
  }
  return *v;
}

bool parse_range(const std::string& text, int& first, int& last) {
  const auto dash = text.find('-');
  const std::string a = text.substr(0, dash);
  const std::string b = dash == std::string::npos ? a : text.substr(dash + 1);
  if (!all_digits(a) || !all_digits(b) || a.size() > 9 || b.size() > 9) return false;
  first = std::stoi(a);
  last = std::stoi(b);
  return first >= 1 && last >= first;
}

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::string item;
  std::istringstream in(text);
  while (std::getline(in, item, ',')) {
    item.erase(0, item.find_first_not_of(" \t"));
    item.erase(item.find_last_not_of(" \t") + 1);
    if (!item.empty()) out.push_back(item);
  }
  return out;
}

Limits CommonOptions::limits() const {
  Limits l;
  l.max_seconds = time_limit;
  l.max_expanded = node_limit;
  l.max_bytes = static_cast<std::size_t>(memory_limit_mib) << 20;
  l.stop_flag = &interrupt_flag();
  return l;
}

CommandLine::CommandLine(std::string program, std::string usage, std::string description, CommandLineSpec spec)
    : program_(std::move(program)),
      usage_(std::move(usage)),
      description_(std::move(description)),
      spec_(std::move(spec)),
      own_("Options of " + program_) {
  add_shared();
}

void CommandLine::add_shared() {
  const unsigned g = spec_.groups;
  auto add = shared_.add_options();
  add("help,h", "print this help and exit");
  add("version", "print the version and exit");
  if (g & kAlgorithmOption) {
    add("algorithm,a", po::value<std::string>(&common_.algorithm)->default_value(spec_.algorithm),
        spec_.algorithm_help.c_str());
  }
  if (g & kHeuristicOption) {
    if (spec_.heuristic.empty()) {
      add("heuristic,H", po::value<std::string>(&common_.heuristic), spec_.heuristic_help.c_str());
    } else {
      add("heuristic,H", po::value<std::string>(&common_.heuristic)->default_value(spec_.heuristic),
          spec_.heuristic_help.c_str());
    }
  }
  if (g & kPruningOption) {
    add("pruning", po::value<std::string>(&common_.pruning)->default_value(spec_.pruning), spec_.pruning_help.c_str());
  }
  if (g & kWeightOption) {
    add("weight", po::value<std::string>(&weight_text_),
        "weighted A*: W (f = g + W*h) or G,H (f = G*g + H*h), whole numbers; unequal weights "
        "are never called optimal");
  }
  if (g & kLimitOptions) {
    add("time-limit", po::value<std::string>(&time_text_)->default_value("0"),
        "seconds of search per instance (0: no limit)");
    add("node-limit", po::value<std::string>(&node_text_)->default_value("0"),
        "expansions per instance (0: no limit)");
    add("memory-limit", po::value<std::string>(&memory_text_)->default_value("0"), spec_.memory_help.c_str());
  }
  if (g & kCacheDirOption) {
    add("cache-dir", po::value<std::string>(&common_.cache_dir),
        "where tables (pattern databases) are cached (default: $HSEARCH_CACHE_DIR, else "
        "$XDG_CACHE_HOME/hsearch, else ~/.cache/hsearch)");
  }
  if (g & kJsonOption) add("json", po::bool_switch(&common_.json), "one JSON object per instance on stdout");
  if (g & kStatsOption) {
    add("stats", po::bool_switch(&common_.stats),
        "statistics on stderr (per IDA* iteration: bound, expanded, generated, seconds)");
  }
  if (g & kTeachingOptions) {
    add("trace", po::bool_switch(&common_.trace),
        "teaching trace on stderr: one line per IDA* iteration (bound, expanded, next bound), "
        "one per A* reopen event");
    add("dot", po::value<std::string>(&common_.dot_file),
        "write the search tree as Graphviz DOT to FILE (f, g, h per node; for tiny instances)");
    add("dot-max-nodes", po::value<std::string>(&dot_nodes_text_)->default_value("200"),
        "nodes recorded by --dot (the search goes on past them)");
  }
  if (g & kTraceJsonOption) {
    add("trace-json", po::value<std::string>(&common_.trace_json_file),
        "write the search event by event as JSON to FILE (the search lab's trace: "
        "docs/search_lab.md; for small instances)");
    add("trace-json-cap", po::value<std::string>(&trace_cap_text_)->default_value("200000"),
        "events recorded by --trace-json (the search goes on past them; the file says so)");
  }
  if (g & kQuietOption) add("quiet,q", po::bool_switch(&common_.quiet), "no progress lines on stderr");
  auto old = old_spellings_.add_options();
  for (const OldSpelling& o : kOldSpellings) {
    if (g & o.group) old(o.old_name, po::value<std::string>());
  }
}

const po::variables_map& CommandLine::parse(int argc, const char* const argv[]) {
  po::options_description all;
  all.add(own_).add(shared_).add(hidden_).add(old_spellings_);
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional_).run(), vm_);
    po::notify(vm_);
  } catch (const po::error& e) {
    usage_error(e.what());
  }
  if (vm_.count("help")) {
    print_help(std::cout);
    std::exit(0);
  }
  if (vm_.count("version")) {
    std::cout << program_ << " (hsearch) " << HSEARCH_VERSION << "\n";
    std::exit(0);
  }
  try {
    read_shared();
  } catch (const std::invalid_argument& e) {
    usage_error(e.what());
  }
  install_interrupt_handler();
  return vm_;
}

void CommandLine::read_shared() {
  for (const OldSpelling& o : kOldSpellings) {
    if (!(spec_.groups & o.group) || vm_.count(o.old_name) == 0) continue;
    print_warning(program_, std::string("--") + o.old_name + " is the old spelling of --" + o.new_name +
                                "; it will be removed in the next release");
    if (given(o.new_name)) continue;  // the current spelling wins
    given_by_old_spelling_.insert(o.new_name);
    const std::string value = vm_[o.old_name].as<std::string>();
    const std::string name = o.new_name;
    if (name == "time-limit") time_text_ = value;
    if (name == "node-limit") node_text_ = value;
    if (name == "memory-limit") memory_text_ = value;
    if (name == "algorithm") common_.algorithm = value;
    if (name == "pruning") common_.pruning = value;
    if (name == "weight") weight_text_ = value;
    if (name == "cache-dir") common_.cache_dir = value;
  }
  const unsigned g = spec_.groups;
  if (g & kLimitOptions) {
    common_.time_limit = parse_seconds("time-limit", time_text_);
    common_.node_limit = parse_count("node-limit", node_text_);
    common_.memory_limit_mib = parse_count_in("memory-limit", memory_text_, 0, std::uint64_t{1} << 30);
  }
  if (g & kTeachingOptions) {
    common_.dot_max_nodes = static_cast<std::size_t>(parse_count_in("dot-max-nodes", dot_nodes_text_, 1, 100000000));
    if (vm_.count("dot") && common_.dot_file.empty()) throw std::invalid_argument("--dot needs a file name");
  }
  if (g & kTraceJsonOption) {
    common_.trace_json_cap = static_cast<std::size_t>(parse_count_in("trace-json-cap", trace_cap_text_, 1, 100000000));
    if (vm_.count("trace-json") && common_.trace_json_file.empty()) {
      throw std::invalid_argument("--trace-json needs a file name");
    }
  }
  if ((g & kWeightOption) && !weight_text_.empty()) {
    // W or G,H: exactly one comma at most, no empty part ("3," is a typo, not W = 3).
    const auto comma = weight_text_.find(',');
    const bool pair = comma != std::string::npos;
    const std::vector<std::string> parts =
        pair ? std::vector<std::string>{weight_text_.substr(0, comma), weight_text_.substr(comma + 1)}
             : std::vector<std::string>{weight_text_};
    if (pair && parts[1].find(',') != std::string::npos) {
      throw std::invalid_argument("--weight wants W or G,H (whole numbers), not '" + weight_text_ + "'");
    }
    const std::uint64_t a = parse_count_in("weight", parts[0], pair ? 0 : 1, 1000);
    const std::uint64_t b = pair ? parse_count_in("weight", parts[1], 0, 1000) : a;
    if (pair && a == 0 && b == 0) throw std::invalid_argument("--weight 0,0 leaves nothing to order the search by");
    common_.weight_g = pair ? static_cast<int>(a) : 1;
    common_.weight_h = static_cast<int>(b);
    common_.weight_given = true;
  }
}

bool CommandLine::given(const std::string& name) const {
  return (vm_.count(name) != 0 && !vm_[name].defaulted()) || given_by_old_spelling_.count(name) != 0;
}

Algorithm CommandLine::algorithm(const std::vector<Algorithm>& offered) const {
  const auto a = parse_algorithm(common_.algorithm);
  bool ok = false;
  for (Algorithm o : offered) ok = ok || (a && *a == o);
  if (!ok) {
    std::string names;
    for (Algorithm o : offered) names += std::string(names.empty() ? "" : ", ") + to_string(o);
    usage_error("--algorithm " + common_.algorithm + ": " + program_ + " offers " + names);
  }
  return *a;
}

void CommandLine::usage_error(const std::string& message) const {
  print_error(program_, message + " (see " + program_ + " --help)");
  std::exit(code(ExitStatus::bad_input));
}

void CommandLine::print_help(std::ostream& out) const {
  out << "Usage: " << usage_ << "\n" << description_ << "\n\n";
  if (!own_.options().empty()) out << own_ << "\n";
  out << shared_ << "\n";
  if (!epilogue_.empty()) out << epilogue_ << "\n\n";
  if (spec_.exit_status_table) out << exit_status_help();
}

}  // namespace hsearch::app
