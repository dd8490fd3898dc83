#include "lab_runner.hpp"

#include <algorithm>
#include <random>
#include <sstream>
#include <vector>

#include "hsearch/app/trace_json.hpp"
#include "hsearch/core/interrupt.hpp"
#include "hsearch/core/replay.hpp"
#include "hsearch/fifteen_puzzle/board_io.hpp"
#include "hsearch/fifteen_puzzle/domain.hpp"
#include "hsearch/fifteen_puzzle/inverse_move_pruner.hpp"
#include "hsearch/fifteen_puzzle/linear_conflict.hpp"
#include "hsearch/fifteen_puzzle/manhattan.hpp"
#include "hsearch/hanoi/domain.hpp"
#include "hsearch/hanoi/notation.hpp"
#include "hsearch/hanoi/off_goal_peg_heuristic.hpp"
#include "hsearch/hanoi/pdb_heuristic.hpp"
#include "hsearch/hanoi/same_disk_pruner.hpp"
#include "hsearch/heuristics/combinators.hpp"
#include "hsearch/observers/teaching_observer.hpp"
#include "hsearch/search/by_name.hpp"
#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/level_reader.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"
#include "hsearch/sokoban/solver.hpp"

namespace hsearch::lab {

namespace {

struct DomainChoices {
  const char* name;
  std::vector<std::string> algorithms, heuristics, prunings;
};

const std::vector<DomainChoices>& domains() {
  static const std::vector<DomainChoices> all = {
      {"fifteen-puzzle", {"astar", "ida", "bfs", "dfs"}, {"manhattan", "linear-conflict"}, {"none", "inverse"}},
      {"hanoi", {"astar", "ida", "bfs", "dfs"}, {"goalpeg", "pdb"}, {"none", "same-disk"}},
      {"sokoban", {"astar", "ida"}, {"matching"}, {"none"}},
  };
  return all;
}

std::string join(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

const DomainChoices& choices_for(const std::string& domain) {
  for (const auto& d : domains()) {
    if (domain == d.name) return d;
  }
  throw LabError("unknown domain '" + domain + "' (the lab has fifteen-puzzle, hanoi, sokoban)");
}

void check_choice(const char* what, const std::string& value, const std::vector<std::string>& allowed,
                  const std::string& domain) {
  if (std::find(allowed.begin(), allowed.end(), value) == allowed.end()) {
    throw LabError(std::string("unknown ") + what + " '" + value + "' for " + domain + " (choose " + join(allowed) +
                   ")");
  }
}

// Runs the search with the recorder and returns the trace.
template <Domain D, Heuristic<D> H, MovePruner P>
std::string record_run(const D& domain, const typename D::State& start, const H& h, const P& pruner,
                       const SearchSettings& settings, const LabRequest& request, const std::string& instance_text) {
  Recording recording;
  recording.cap = request.cap;
  Teaching teaching;
  teaching.recording = &recording;
  const auto result = run_teaching(domain, teaching, [&](auto& observer) {
    return search_by_name(domain, start, h, pruner, settings, observer);
  });
  if (result.solved() && !plan_replays(domain, start, result.plan, static_cast<std::int64_t>(result.cost))) {
    throw std::runtime_error("the plan failed its replay check");  // an internal error: 500
  }
  app::TraceInfo info;
  info.program = "search-compare lab";
  info.domain = request.domain;
  info.instance = instance_text;
  info.algorithm = to_string(settings.algorithm);
  info.heuristic = uses_heuristic(settings.algorithm) ? request.heuristic : "-";
  info.pruning = request.pruning;
  info.weight_g = settings.weight_g;
  info.weight_h = settings.weight_h;
  const app::Json lab{{"node_limit", settings.limits.max_expanded},
                      {"time_limit", settings.limits.max_seconds},
                      {"cap", request.cap}};
  return app::trace_json_text(recording, info, app::Json{{"lab", lab}});
}

std::string run_fifteen(const LabRequest& r, const SearchSettings& settings, const LabLimits& limits) {
  std::istringstream words(r.instance);
  std::vector<std::string> tokens;
  for (std::string w; words >> w;) tokens.push_back(w);
  unsigned width = 0;
  if (tokens.size() == 9) width = 3;
  if (tokens.size() == 16 && limits.max_tiles >= 16) width = 4;
  if (width == 0) {
    throw LabError("a board has 9 numbers (3x3) or 16 (4x4), not " + std::to_string(tokens.size()) +
                   (tokens.size() > limits.max_tiles ? ": larger boards are over the lab's limits" : ""));
  }
  const auto parsed = fifteen::parse_tiles(r.instance, width * width);
  if (!parsed.ok()) throw LabError("malformed board: " + parsed.error);
  if (!fifteen::solvable(parsed.tiles, width)) {
    throw LabError("this board cannot reach the goal (wrong permutation parity)");
  }
  const fifteen::FifteenPuzzle puzzle(width, width);
  const auto start = fifteen::make_board<fifteen::PackedBoard>(parsed.tiles);
  const std::string text = fifteen::format_tiles(parsed.tiles);
  const auto with_heuristic = [&](const auto& h) {
    if (r.pruning == "inverse") return record_run(puzzle, start, h, fifteen::InverseMovePruner{}, settings, r, text);
    return record_run(puzzle, start, h, NoPruning{}, settings, r, text);
  };
  if (!uses_heuristic(settings.algorithm)) return with_heuristic(ZeroHeuristic{});
  if (r.heuristic == "linear-conflict") return with_heuristic(fifteen::LinearConflict<fifteen::PackedBoard>(puzzle));
  return with_heuristic(fifteen::Manhattan<fifteen::PackedBoard>(puzzle));
}

std::string run_hanoi(const LabRequest& r, const SearchSettings& settings, const LabLimits& limits) {
  hanoi::Problem problem;
  try {
    std::istringstream words(r.instance);
    std::string first;
    words >> first;
    if (first == "classic") {
      int pegs = 0, disks = 0;
      std::string extra;
      if (!(words >> pegs >> disks) || (words >> extra)) throw LabError("expected 'classic PEGS DISKS'");
      if (pegs < 3 || pegs > limits.max_pegs || disks < 1 || disks > limits.max_disks) {
        throw LabError("the lab takes 3.." + std::to_string(limits.max_pegs) + " pegs and 1.." +
                       std::to_string(limits.max_disks) + " disks");
      }
      problem = hanoi::classic_problem(pegs, disks);
    } else {
      const auto arrow = r.instance.find("->");
      if (arrow == std::string::npos) throw LabError("expected 'START -> GOAL' (hanoi notation) or 'classic PEGS DISKS'");
      problem = hanoi::make_problem(r.instance.substr(0, arrow), r.instance.substr(arrow + 2));
    }
  } catch (const LabError&) {
    throw;
  } catch (const std::exception& e) {  // the notation's and the layout's own messages
    throw LabError(std::string("malformed position: ") + e.what());
  }
  if (problem.layout.disks() > limits.max_disks || problem.layout.pegs() > limits.max_pegs) {
    throw LabError("the lab takes at most " + std::to_string(limits.max_disks) + " disks and " +
                   std::to_string(limits.max_pegs) + " pegs (this one has " + std::to_string(problem.layout.disks()) +
                   " disks, " + std::to_string(problem.layout.pegs()) + " pegs)");
  }
  const hanoi::HanoiDomain domain(problem.layout, problem.goal);
  const auto start = domain.make_state(problem.start);
  const std::string text = hanoi::format_position(problem.layout, problem.start) + " -> " +
                           hanoi::format_position(problem.layout, problem.goal);
  const auto with_heuristic = [&](const auto& h) {
    if (r.pruning == "same-disk") return record_run(domain, start, h, hanoi::SameDiskPruner{}, settings, r, text);
    return record_run(domain, start, h, NoPruning{}, settings, r, text);
  };
  if (!uses_heuristic(settings.algorithm)) return with_heuristic(ZeroHeuristic{});
  if (r.heuristic == "pdb") {
    hanoi::PdbOptions pdb;
    pdb.cache_dir.clear();  // in memory: small for the lab's disks
    pdb.max_entries = std::uint64_t{1} << 20;
    pdb.limits = settings.limits;
    const std::vector<hanoi::Partition> parts = {
        hanoi::partition_by_sizes(problem.layout, hanoi::automatic_sizes(problem.layout, pdb.max_entries))};
    return with_heuristic(hanoi::PdbHeuristic(domain, parts, pdb));
  }
  return with_heuristic(hanoi::OffGoalPegHeuristic(domain));
}

std::string run_sokoban(const LabRequest& r, SearchSettings settings, const LabLimits& limits) {
  std::istringstream in(r.instance);
  const auto entries = sokoban::read_levels(in, "level");
  if (entries.empty()) throw LabError("no level in the text (XSB: # wall, @ player, $ box, . goal, * box on goal)");
  if (entries.size() > 1) throw LabError("one level at a time, please (the text has " + std::to_string(entries.size()) + ")");
  if (!entries.front().ok()) throw LabError("malformed level: " + entries.front().error);
  const sokoban::Level& level = entries.front().level;
  if (level.width * level.height > limits.max_sokoban_cells) {
    throw LabError("the level is " + std::to_string(level.width) + "x" + std::to_string(level.height) +
                   ": over the lab's limit of " + std::to_string(limits.max_sokoban_cells) + " cells");
  }
  std::unique_ptr<sokoban::Board> board;
  try {
    board = std::make_unique<sokoban::Board>(level);
  } catch (const sokoban::InvalidLevel& e) {
    throw LabError(std::string("unplayable level: ") + e.what());
  }
  if (static_cast<int>(board->initial_boxes().size()) > limits.max_boxes) {
    throw LabError("the lab takes at most " + std::to_string(limits.max_boxes) + " boxes (this level has " +
                   std::to_string(board->initial_boxes().size()) + ")");
  }
  sokoban::SokobanDomain domain(*board);
  const auto start = domain.initial_state();
  settings.transposition_entries = std::size_t{1} << 16;
  std::string text;
  for (const auto& row : level.rows) text += row + "\n";
  return record_run(domain, start, sokoban::PushLowerBound{}, NoPruning{}, settings, r, text);
}

}  // namespace

LabRequest parse_lab_request(const app::Json& body) {
  LabRequest r;
  const auto text = [&](const char* name, std::string& out, bool required) {
    if (!body.contains(name)) {
      if (required) throw LabError(std::string("the request has no '") + name + "'");
      return;
    }
    if (!body[name].is_string()) throw LabError(std::string("'") + name + "' must be a string");
    out = body[name].get<std::string>();
  };
  const auto number = [&](const char* name, long long low, long long high, long long fallback) {
    if (!body.contains(name)) return fallback;
    if (!body[name].is_number_integer()) throw LabError(std::string("'") + name + "' must be an integer");
    const long long v = body[name].get<long long>();
    if (v < low || v > high) {
      throw LabError(std::string("'") + name + "' must be between " + std::to_string(low) + " and " + std::to_string(high));
    }
    return v;
  };
  text("domain", r.domain, true);
  text("instance", r.instance, true);
  text("algorithm", r.algorithm, false);
  text("heuristic", r.heuristic, false);
  text("pruning", r.pruning, false);
  if (r.instance.size() > 4096) throw LabError("the instance text is over the lab's limit of 4096 characters");
  r.weight_g = static_cast<int>(number("weight_g", 0, 100, 1));
  r.weight_h = static_cast<int>(number("weight_h", 0, 100, 1));
  if (r.weight_g == 0 && r.weight_h == 0) throw LabError("the weights cannot both be 0");
  r.cap = static_cast<std::size_t>(number("cap", 1, 100000000, 50000));
  return r;
}

std::string run_lab(const LabRequest& request, const LabLimits& limits) {
  const DomainChoices& choices = choices_for(request.domain);
  LabRequest r = request;
  const auto algorithm = parse_algorithm(r.algorithm);
  if (!algorithm) throw LabError("unknown algorithm '" + r.algorithm + "' (choose " + join(choices.algorithms) + ")");
  check_choice("algorithm", to_string(*algorithm), choices.algorithms, r.domain);
  if (r.heuristic.empty()) r.heuristic = choices.heuristics.front();
  check_choice("heuristic", r.heuristic, choices.heuristics, r.domain);
  check_choice("pruning", r.pruning, choices.prunings, r.domain);
  if (r.pruning != "none" && !is_depth_first(*algorithm)) {
    throw LabError("pruning '" + r.pruning + "' goes with ida or dfs only (with duplicate detection it can lose "
                   "optimality)");
  }
  if (r.cap > limits.max_cap) {
    throw LabError("cap " + std::to_string(r.cap) + " is over the lab's limit of " + std::to_string(limits.max_cap) +
                   " events");
  }
  SearchSettings settings;
  settings.algorithm = *algorithm;
  settings.limits.max_expanded = limits.max_expanded;
  settings.limits.max_seconds = limits.max_seconds;
  settings.limits.max_bytes = limits.max_bytes;
  settings.limits.stop_flag = &interrupt_flag();  // Ctrl-C stops a run in progress too
  settings.limits = settings.limits.with_clock_started();
  settings.weight_g = r.weight_g;
  settings.weight_h = r.weight_h;
  std::string trace;
  try {
    if (r.domain == "fifteen-puzzle") {
      trace = run_fifteen(r, settings, limits);
    } else if (r.domain == "hanoi") {
      trace = run_hanoi(r, settings, limits);
    } else {
      trace = run_sokoban(r, settings, limits);
    }
  } catch (const StoppedByLimit& stopped) {  // a table the heuristic builds before the search
    throw LabError(std::string("the heuristic's tables were not finished within the lab's limits (") +
                   to_string(stopped.reason) + ")");
  }
  return trace;
}

app::Json lab_catalog(const LabLimits& limits) {
  app::Json out;
  app::Json list = app::Json::array();
  for (const auto& d : domains()) {
    list.push_back(app::Json{{"name", d.name},
                             {"algorithms", d.algorithms},
                             {"heuristics", d.heuristics},
                             {"prunings", d.prunings}});
  }
  out["domains"] = std::move(list);
  out["limits"] = app::Json{{"cap", limits.max_cap},
                            {"node_limit", limits.max_expanded},
                            {"time_limit", limits.max_seconds},
                            {"tiles", limits.max_tiles},
                            {"disks", limits.max_disks},
                            {"pegs", limits.max_pegs},
                            {"sokoban_cells", limits.max_sokoban_cells},
                            {"boxes", limits.max_boxes}};
  return out;
}

std::string random_board(unsigned width, unsigned height, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  return fifteen::format_tiles(fifteen::random_solvable_tiles(width, height, rng));
}

}  // namespace hsearch::lab
