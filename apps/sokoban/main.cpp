// sokoban: push-optimal Sokoban solver (or move-optimal, or any solution: --objective);
// `sokoban play`: the terminal game; `sokoban serve`: the browser game.
//
//   sokoban [FILE] [--level N | --levels A-B] [--oracle TSV] [--objective pushes|moves|any]
//           [the shared options: --algorithm, --weight (with --objective any),
//           --heuristic, --time-limit, --node-limit, --memory-limit, --json, --stats, --trace,
//           --dot FILE, --quiet]
//
// Without FILE it solves a small built-in level. A run over several levels is a batch: one
// result per level, then a summary table (with --oracle, each proven optimum compared with a
// reference table); the batch exits with the worst status of its levels.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "hsearch/app/exit_status.hpp"
#include "hsearch/app/json.hpp"
#include "hsearch/app/machine.hpp"
#include "hsearch/app/messages.hpp"
#include "hsearch/app/mpi_batch.hpp"
#include "hsearch/app/options.hpp"
#include "hsearch/app/progress.hpp"
#include "hsearch/app/svg_chart.hpp"
#include "hsearch/app/trace_json.hpp"
#include "hsearch/core/interrupt.hpp"
#include "hsearch/sokoban/bound_profile.hpp"
#include "hsearch/sokoban/box_group.hpp"
#include "hsearch/sokoban/level_reader.hpp"
#include "hsearch/sokoban/oracle.hpp"
#include "hsearch/sokoban/solver.hpp"
#include "play/play_main.hpp"
#include "web/serve_main.hpp"

namespace po = boost::program_options;
using namespace hsearch;
using namespace hsearch::sokoban;
using hsearch::app::ExitStatus;

namespace {

constexpr const char* kProgram = "sokoban";

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

constexpr const char* kBuiltInName = "<built-in>";

struct Row {
  int level = 0;
  std::string title;
  SolveReport report;
  std::optional<OracleRow> reference;
  std::optional<OracleCheck> check;  // when the level was solved optimally and the table has it
};

ExitStatus exit_status_of(const SolveReport& r) {
  if (r.invalid) return ExitStatus::bad_input;
  if (r.internal_error) return ExitStatus::internal_error;
  return app::exit_status(r.result);
}

app::Json level_json(const std::string& instance, const std::string& algorithm, const Row& row,
                     const SolveOptions& options) {
  const SolveReport& r = row.report;
  app::CoreRecord core = app::named_record(
      kProgram, "sokoban", instance,
      options.objective == Objective::any ? std::string("restarting-weighted-astar") : algorithm, kDefaultHeuristic);
  if (!r.invalid) app::fill_from_result(core, r.result);
  core.status = r.status();
  core.seconds = r.seconds;
  if (r.solved()) {
    core.cost = options.objective == Objective::moves ? r.moves : r.pushes;
    core.solution = r.lurd;
  } else {
    core.cost.reset();
    core.optimal = false;
  }
  app::Json j = app::core_json(core);
  j["objective"] = to_string(options.objective);
  j["level"] = row.level;
  j["title"] = row.title;
  j["pushes"] = r.solved() ? app::Json(r.pushes) : app::Json(nullptr);
  j["moves"] = r.solved() ? app::Json(r.moves) : app::Json(nullptr);
  j["dead_ends"] = r.result.stats.dead_ends;
  j["duplicates"] = r.result.stats.duplicates;
  j["withheld"] = r.result.stats.withheld;
  j["revalued"] = r.result.stats.revalued;
  j["memory_fallback"] = r.memory_fallback;
  j["symmetries"] = r.symmetries;
  if (r.bound_probes > 0) {
    j["bound_probes"] = {{"probes", r.bound_probes}, {"expanded", r.probe_expanded}, {"found", r.solved_by_probe}};
  }
  if (r.goal_room_squares > 0) {
    j["goal_room"] = {{"squares", r.goal_room_squares},
                      {"states", r.goal_room_states},
                      {"complete", r.goal_room_complete},
                      {"seconds", std::round(r.goal_room_seconds * 1000.0) / 1000.0}};
  }
  if (r.window_count > 0) {
    j["window_deadlocks"] = {{"windows", r.window_count}, {"classified", r.window_classified}, {"cuts", r.window_cuts}};
  }
  if (options.objective == Objective::any) {
    j["solutions_found"] = r.solutions_found;
    j["seconds_first_solution"] =
        r.solutions_found > 0 ? app::Json(std::round(r.seconds_first_solution * 1000.0) / 1000.0) : app::Json(nullptr);
    j["first_solution_cells"] =
        r.first_solution_cells.empty() ? app::Json(nullptr) : app::Json(r.first_solution_cells);
    j["most_packed"] = r.most_packed >= 0 ? app::Json(r.most_packed) : app::Json(nullptr);
  }
  if (r.solved()) {
    // Only a proven push optimum has a time at which it was proven.
    const bool push_optimum = r.result.optimal && options.objective != Objective::moves;
    j["seconds_push_optimum"] =
        push_optimum ? app::Json(std::round(r.seconds_before_moves_pass * 1000.0) / 1000.0) : app::Json(nullptr);
    j["moves_pass"] = {{"finished", r.moves_pass_finished},
                       {"moves_minimal", r.moves_minimal},
                       {"expanded", r.moves_pass_expanded},
                       {"first_plan_moves", r.moves_first_plan}};
  }
  if (options.pattern_search && !r.invalid) {
    j["pattern_searches"] = r.pattern_searches;
    j["pattern_expanded"] = r.pattern_expanded;
    j["pattern_corral_searches"] = r.pattern_corral_searches;
    j["quick_fence_searches"] = r.quick_fence_searches;
    j["quick_fence_expanded"] = r.quick_fence_expanded;
    j["quick_fence_deadlocks"] = r.quick_fence_deadlocks;
    j["quick_fence_pauses"] = r.quick_fence_pauses;
    j["quick_fence_learning_from"] = r.quick_fence_learning_from;
    j["pattern_wall_searches"] = r.pattern_wall_searches;
    j["pattern_start_searches"] = r.pattern_start_searches;
    j["area_entry_searches"] = r.area_entry_searches;
    j["area_entry_groups"] = r.area_entry_groups;
    j["goal_set_searches"] = r.goal_set_searches;
    j["goal_set_expanded"] = r.goal_set_expanded;
    if (options.patterns.joint_nodes > 0) {
      j["joint_bounds"] = r.joint_bounds;
      j["joint_unions"] = r.joint_unions;
      j["joint_expanded"] = r.joint_expanded;
      j["joint_raised"] = r.joint_raised;
      j["joint_skipped"] = r.joint_skipped;
      j["joint_pauses"] = r.joint_pauses;
      j["joint_paused"] = r.joint_paused;
    }
    j["deadlock_patterns"] = r.deadlock_patterns;
    j["penalty_patterns"] = r.penalty_patterns;
  }
  if (!options.learned_file.empty() || r.resumed_bound >= 0 || r.learned_saved) {
    // --resume: what the level's learned file gave this run, and whether it was written back.
    j["resumed"] = r.resumed_bound >= 0
                       ? app::Json{{"bound", r.resumed_bound},
                                   {"patterns", r.resumed_patterns},
                                   {"entry_groups", r.resumed_entry_groups}}
                       : app::Json(nullptr);
    j["learned_saved"] = r.learned_saved;
  }
  if (r.result.stats.rounds > 0) {  // HDA*: its rounds, the batches of states between ranks, the load balance
    j["rounds"] = r.result.stats.rounds;
    j["messages_sent"] = r.result.stats.messages_sent;
    j["bytes_sent"] = r.result.stats.bytes_sent;
    j["rank_expanded"] = r.result.stats.rank_expanded;
  }
  if (row.reference) {
    j["reference_pushes"] = row.reference->pushes;
    j["reference_proven"] = row.reference->exact;
    j["oracle"] = row.check ? app::Json(to_string(*row.check)) : app::Json(nullptr);
  }
  if (!r.message.empty()) j["message"] = r.message;
  return j;
}

void print_level(std::ostream& out, const Row& row, const SolveOptions& options, bool show_solution) {
  const SolveReport& r = row.report;
  out << "Level " << row.level;
  if (!row.title.empty()) out << " \"" << row.title << "\"";
  out << ": " << r.status();
  if (r.solved()) {
    out << (options.objective == Objective::moves ? (r.result.optimal ? " (move-optimal)" : " (not proven move-optimal)")
                                                  : (r.result.optimal ? " (push-optimal)" : " (not proven push-optimal)"))
        << ", " << r.pushes << " pushes, " << r.moves << " moves";
  } else if (!r.invalid && !r.internal_error && r.result.status == Status::stopped) {
    // The feature-space searches prove no bound: how far they came says more.
    if (r.most_packed >= 0) {
      out << ", at most " << r.most_packed << " of " << r.boxes << " boxes packed";
    } else {
      out << ", at least " << r.result.lower_bound << (options.objective == Objective::moves ? " moves" : " pushes");
    }
  }
  out << ", " << std::fixed << std::setprecision(3) << r.seconds << " s, " << r.result.stats.expanded << " expanded, "
      << r.result.stats.generated << " generated";
  if (options.pattern_search && !r.invalid) {
    out << "; pattern search: " << r.pattern_searches << " sub-searches (" << r.pattern_corral_searches
        << " of a corral's fence, " << r.pattern_expanded << " expanded), "
        << r.deadlock_patterns << " deadlock and " << r.penalty_patterns << " penalty patterns";
    if (r.quick_fence_searches > 0) {
      out << "; quick corral fences: " << r.quick_fence_searches << " (" << r.quick_fence_expanded << " expanded), "
          << r.quick_fence_deadlocks << " deadlocks";
      if (r.quick_fence_pauses > 0) out << ", " << r.quick_fence_pauses << " paused";
      out << (r.quick_fence_learning_from > 0 ? ", learnt from push " + std::to_string(r.quick_fence_learning_from)
                                              : std::string(", none learnt"));
    }
    if (options.patterns.joint_nodes > 0) {
      out << "; joint bounds: " << r.joint_bounds << " (" << r.joint_unions << " of unions, " << r.joint_expanded
          << " expanded), " << r.joint_raised
          << " raised, " << r.joint_skipped << " skipped";
      if (r.joint_pauses > 0) out << ", " << r.joint_pauses << " paused (" << r.joint_paused << " left)";
    }
  }
  if (r.bound_probes > 0) {
    out << "; " << r.bound_probes << (r.bound_probes == 1 ? " bound probe" : " bound probes") << " ("
        << r.probe_expanded << " expanded" << (r.solved_by_probe ? ", the last found the solution" : "") << ")";
  }
  if (row.check) {
    out << "; reference " << row.reference->pushes << ": " << to_string(*row.check);
  }
  if (r.resumed_bound >= 0) {
    out << "; resumed from bound " << r.resumed_bound << ", " << r.resumed_patterns << " patterns and "
        << r.resumed_entry_groups << " area-entry groups";
  }
  out << "\n";
  if (r.solved() && show_solution) out << "  " << r.lurd << "\n";
  out.flush();
}

// --stats: the search's counters on stderr, and IDA*'s iterations.
void print_stats(const Row& row, const SolveOptions& options) {
  const SolveReport& r = row.report;
  if (r.invalid) return;
  const Statistics& s = r.result.stats;
  std::cerr << "level " << row.level << ": " << r.status() << ", " << std::fixed << std::setprecision(3) << r.seconds
            << " s (push search " << s.seconds << " s";
  if (r.solved() && r.result.optimal) {
    std::cerr << (options.objective == Objective::moves ? ", move optimum after " : ", push optimum after ")
              << r.seconds_before_moves_pass << " s";
  }
  std::cerr << ")" << (r.memory_fallback ? ", IDA* after A*'s memory limit" : "") << ", lower bound "
            << r.result.lower_bound << ", expanded " << s.expanded << ", generated "
            << s.generated << ", duplicates " << s.duplicates << ", dead ends " << s.dead_ends
            << ", withheld by PI-corrals " << s.withheld << ", reopened "
            << s.reopened << ", peak " << (s.peak_bytes >> 20) << " MiB; pattern search " << r.pattern_searches
            << " sub-searches (" << r.pattern_expanded << " expanded), " << r.deadlock_patterns << " deadlock and "
            << r.penalty_patterns << " penalty patterns";
  if (r.solved()) {
    std::cerr << "; fewer-moves pass " << r.moves_pass_expanded << " expanded"
              << (r.moves_pass_finished ? (r.moves_minimal ? ", fewest moves proven" : ", finished") : ", not finished")
              << ", " << r.moves_first_plan << " -> " << r.moves << " moves";
  }
  std::cerr << "\n";
  for (const IterationStats& it : s.iterations) {
    std::cerr << "  bound " << it.bound << ": expanded " << it.expanded << ", generated " << it.generated
              << (it.stopped ? ", stopped by a limit" : ", next bound " + std::to_string(it.next_bound)) << ", "
              << std::setprecision(3) << it.seconds << " s\n";
  }
}

// The order in which a batch over ranks hands its levels out: the ones likely to take longest
// first (more boxes, then more non-wall squares; invalid levels last), so that the last minutes
// are not one long level running alone (docs/parallel.md has the figures).
std::vector<std::size_t> longest_first(const std::vector<LevelEntry>& entries, int first, int last) {
  struct Guess {
    std::size_t index;
    long boxes, squares;
  };
  std::vector<Guess> guesses;
  for (int n = first; n <= last; ++n) {
    const LevelEntry& e = entries[static_cast<std::size_t>(n - 1)];
    Guess g{static_cast<std::size_t>(n - first), -1, 0};
    if (e.ok()) {
      g.boxes = 0;
      for (const std::string& row : e.level.rows) {
        g.boxes += std::count(row.begin(), row.end(), '$') + std::count(row.begin(), row.end(), '*');
        // The squares between the row's outer walls (the padding outside them is not floor).
        const auto from = row.find('#'), to = row.rfind('#');
        if (from != std::string::npos) {
          g.squares += std::count_if(row.begin() + static_cast<long>(from), row.begin() + static_cast<long>(to),
                                     [](char c) { return c != '#'; });
        }
      }
    }
    guesses.push_back(g);
  }
  std::stable_sort(guesses.begin(), guesses.end(), [](const Guess& a, const Guess& b) {
    return a.boxes != b.boxes ? a.boxes > b.boxes : a.squares > b.squares;
  });
  std::vector<std::size_t> order;
  for (const Guess& g : guesses) order.push_back(g.index);
  return order;
}

// The batch's table and totals (stdout; stderr when stdout carries the JSON lines).
void print_summary(std::ostream& out, const std::vector<Row>& rows, bool table, bool with_oracle,
                   const std::string& oracle_name, std::size_t not_run, Objective objective) {
  int solved = 0, optimal = 0, unsolvable = 0, stopped = 0, invalid = 0, errors = 0;
  int checked = 0, matches = 0, below = 0, mismatches = 0;
  long pushes = 0, moves = 0;
  std::uint64_t expanded = 0;
  double seconds = 0;
  std::vector<double> times;
  if (table) {
    out << "\n" << std::left << std::setw(7) << "level" << std::setw(14) << "status" << std::right << std::setw(8)
        << "pushes" << std::setw(8) << "moves" << std::setw(14) << "expanded" << std::setw(10) << "seconds";
    if (with_oracle) out << std::setw(11) << "reference" << "  check";
    out << "\n";
  }
  for (const Row& row : rows) {
    const SolveReport& s = row.report;
    if (table) {
      out << std::left << std::setw(7) << row.level << std::setw(14) << s.status() << std::right << std::setw(8)
          << (s.solved() ? std::to_string(s.pushes) : "-") << std::setw(8)
          << (s.solved() ? std::to_string(s.moves) : "-") << std::setw(14) << s.result.stats.expanded
          << std::setw(10) << std::fixed << std::setprecision(3) << s.seconds;
      if (with_oracle) {
        out << std::setw(11) << (row.reference ? std::to_string(row.reference->pushes) : "-") << "  "
            << (row.check ? to_string(*row.check) : "-");
      }
      out << "\n";
    }
    seconds += s.seconds;
    expanded += s.result.stats.expanded;
    times.push_back(s.solved() ? s.seconds : 1e300);  // unsolved levels count as the slowest
    if (s.solved()) {
      ++solved;
      optimal += s.result.optimal;
      pushes += s.pushes;
      moves += s.moves;
    } else if (s.invalid) {
      ++invalid;
    } else if (s.internal_error) {
      ++errors;
    } else if (s.result.status == Status::unsolvable) {
      ++unsolvable;
    } else {
      ++stopped;
    }
    if (row.check) {
      ++checked;
      matches += *row.check == OracleCheck::match;
      below += *row.check == OracleCheck::below;
      mismatches += *row.check == OracleCheck::mismatch;
    }
  }
  std::sort(times.begin(), times.end());
  const double median = times.empty() ? 0 : times[times.size() / 2];
  out << "Summary: " << rows.size() << " level(s): " << solved << " solved (" << optimal
      << (objective == Objective::moves ? " move-optimal), " : " push-optimal), ")
      << unsolvable << " unsolvable, " << stopped << " not finished, " << invalid << " invalid";
  if (errors > 0) out << ", " << errors << " internal errors";
  out << "; total " << std::fixed << std::setprecision(3) << seconds << " s, " << expanded << " expanded; median ";
  if (median > 1e299) {
    out << "unsolved";
  } else {
    out << std::setprecision(4) << median << " s";
  }
  out << " per level (unsolved count as the slowest); " << pushes << " pushes, " << moves
      << " moves over the solved levels\n";
  if (with_oracle) {
    out << "Oracle " << oracle_name << ": " << solved << " solved, " << optimal << " optimal, " << checked
        << " checked: " << matches << " matches, " << below << " below the table, " << mismatches << " mismatches\n";
  }
  if (not_run > 0) {  // Ctrl-C left levels (not only the last ones: a batch over ranks hands the longest out first)
    out << "Interrupted (Ctrl-C): " << not_run << " level(s) not run\n";
  }
  out.flush();
}

// What rank 0 needs of a level solved elsewhere (a batch over ranks) for its summary: the
// printed lines travel as text, these fields as JSON.
std::string summary_data(const Row& row, ExitStatus status) {
  const SolveReport& r = row.report;
  app::Json j = {{"status", app::code(status)},
                 {"level", row.level},
                 {"title", row.title},
                 {"invalid", r.invalid},
                 {"internal_error", r.internal_error},
                 {"result_status", static_cast<int>(r.result.status)},
                 {"stop_reason", static_cast<int>(r.result.stop_reason)},
                 {"optimal", r.result.optimal},
                 {"pushes", r.pushes},
                 {"moves", r.moves},
                 {"expanded", r.result.stats.expanded},
                 {"seconds", r.seconds}};
  if (row.reference) j["reference"] = {row.reference->pushes, row.reference->moves, row.reference->exact};
  if (row.check) j["check"] = static_cast<int>(*row.check);
  return j.dump();
}

Row row_from_summary_data(const std::string& data, ExitStatus& status) {
  const app::Json j = app::Json::parse(data);
  Row row;
  status = static_cast<ExitStatus>(j.at("status").get<int>());
  row.level = j.at("level").get<int>();
  row.title = j.at("title").get<std::string>();
  SolveReport& r = row.report;
  r.invalid = j.at("invalid").get<bool>();
  r.internal_error = j.at("internal_error").get<bool>();
  r.result.status = static_cast<Status>(j.at("result_status").get<int>());
  r.result.stop_reason = static_cast<StopReason>(j.at("stop_reason").get<int>());
  r.result.optimal = j.at("optimal").get<bool>();
  r.pushes = j.at("pushes").get<int>();
  r.moves = j.at("moves").get<int>();
  r.result.stats.expanded = j.at("expanded").get<std::uint64_t>();
  r.seconds = j.at("seconds").get<double>();
  if (j.contains("reference")) {
    row.reference = OracleRow{j["reference"][0].get<int>(), j["reference"][1].get<int>(), j["reference"][2].get<bool>()};
  }
  if (j.contains("check")) row.check = static_cast<OracleCheck>(j["check"].get<int>());
  return row;
}

// --box-group: the pushes of a group of the level's boxes alone against their matching
// (box_group.hpp). A square without a box is bad input; the group's own status is the exit
// status (solved, unsolvable, or a limit).
int print_box_group(const Level& level, const std::string& instance, const std::vector<std::pair<int, int>>& squares,
                    const Limits& limits, bool json) {
  const auto started = std::chrono::steady_clock::now();
  const BoxGroupCost group = box_group_cost(level, squares, limits);
  if (!group.error.empty()) {
    app::print_error(kProgram, "--box-group: " + level.where() + ": " + group.error);
    return app::code(ExitStatus::bad_input);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::string joint_problem;
  const JointBound joint = box_group_joint_bound(level, squares, limits, joint_problem);
  const auto& r = group.result;
  const bool exact = r.solved() && r.optimal;
  app::Json joint_json = nullptr;
  if (joint_problem.empty()) {
    joint_json = app::Json{{"start", joint.start}, {"bound", joint.dead ? app::Json(nullptr) : app::Json(joint.bound)},
                           {"exact", joint.exact}, {"dead", joint.dead}, {"expanded", joint.expanded}};
  }
  if (json) {
    app::Json boxes = app::Json::array();
    for (const auto& [row, col] : squares) boxes.push_back(app::Json::array({row, col}));
    app::print_json_line(std::cout, app::Json{{"program", kProgram},
                                              {"instance", instance},
                                              {"boxes", boxes},
                                              {"matching", group.matching < 0 ? app::Json(nullptr) : app::Json(group.matching)},
                                              {"status", r.outcome()},
                                              {"pushes", r.solved() ? app::Json(r.cost) : app::Json(nullptr)},
                                              {"optimal", exact},
                                              {"lower_bound", r.lower_bound},
                                              {"penalty", exact ? app::Json(r.cost - group.matching) : app::Json(nullptr)},
                                              {"expanded", r.stats.expanded},
                                              {"seconds", seconds},
                                              {"joint", joint_json}});
  } else {
    std::cout << instance << ": " << squares.size() << (squares.size() == 1 ? " box" : " boxes") << " alone (";
    for (std::size_t i = 0; i < squares.size(); ++i)
      std::cout << (i ? " " : "") << "(" << squares[i].first << "," << squares[i].second << ")";
    std::cout << "): ";
    if (group.matching < 0) {
      std::cout << "a dead end before any push\n";
    } else if (r.status == Status::unsolvable) {
      std::cout << "matching " << group.matching << ", no solution (a deadlock pattern)\n";
    } else if (exact) {
      std::cout << "matching " << group.matching << ", " << r.cost << " pushes (optimal): penalty "
                << r.cost - group.matching << "; " << r.stats.expanded << " expanded, " << std::fixed
                << std::setprecision(2) << seconds << " s\n";
    } else {
      std::cout << "matching " << group.matching << ", at least " << r.lower_bound << " pushes (" << r.outcome()
                << " after " << r.stats.expanded << " expansions)\n";
    }
    std::cout << "  with the other boxes kept in the matching (the whole level needs at least this many pushes): ";
    if (!joint_problem.empty())
      std::cout << "none (" << joint_problem << ")\n";
    else if (joint.dead)
      std::cout << "no set of goals is reachable\n";
    else
      std::cout << (joint.exact ? "" : "at least ") << joint.bound << ", against the joint matching's " << joint.start
                << " (" << joint.expanded << " expanded" << (joint.exact ? "" : "; stopped by a limit") << ")\n";
  }
  if (r.solved()) return app::code(ExitStatus::solved);
  return app::code(r.status == Status::unsolvable ? ExitStatus::unsolvable : ExitStatus::limit);
}

// The squares of --box-group: "R,C" pairs separated by spaces or semicolons.
std::vector<std::pair<int, int>> parse_box_group(const std::string& text) {
  std::vector<std::pair<int, int>> squares;
  std::string item;
  std::istringstream in(text);
  while (std::getline(in, item, ' ')) {
    std::istringstream parts(item);
    std::string pair;
    while (std::getline(parts, pair, ';')) {
      if (pair.empty()) continue;
      int r = 0, c = 0;
      char comma = 0;
      std::istringstream one(pair);
      if (!(one >> r >> comma >> c) || comma != ',' || !(one >> std::ws).eof())
        throw std::invalid_argument("--box-group wants squares as ROW,COL (from 0) separated by spaces, not '" + pair +
                                    "'");
      squares.emplace_back(r, c);
    }
  }
  if (squares.empty()) throw std::invalid_argument("--box-group names no square");
  return squares;
}

// The rises of f along a profile, as (push, by how much); `f_of` picks the start's f or the
// learned one.
template <class F>
std::vector<std::pair<int, int>> rises_of(const BoundProfile& profile, F f_of) {
  std::vector<std::pair<int, int>> rises;
  for (std::size_t k = 1; k < profile.steps.size(); ++k) {
    const int before = f_of(profile.steps[k - 1]), now = f_of(profile.steps[k]);
    if (before >= 0 && now > before) rises.emplace_back(profile.steps[k].pushes, now - before);
  }
  return rises;
}

// The chart of --profile-svg: f against the pushes made (with --resume, also f with what the
// searches learned), the solution's push count and the proven bound as dashed lines, and the
// rises of the last series drawn marked; rises a few pushes apart share one label so that
// labels do not overlap on a long solution.
std::string bound_profile_svg(const std::string& instance, const BoundProfile& profile, int proven_bound) {
  const bool learned = proven_bound >= 0;
  app::LineChart chart;
  chart.title = std::filesystem::path(instance).filename().string() + ": f = pushes made + bound, along a solution of " +
                std::to_string(profile.pushes) + " pushes (start bound " + std::to_string(profile.steps.front().f()) +
                ")";
  chart.x_label = "pushes made";
  chart.y_label = "f (pushes)";
  app::ChartSeries start{"f with the bound the search starts from", "#1f5fa8", {}};
  app::ChartSeries with_learned{"f with what --resume runs learned (" + std::to_string(profile.learned_patterns) +
                                    " patterns)",
                                "#f5b971",
                                {},
                                6};
  for (const BoundStep& st : profile.steps) {
    if (st.bound >= 0) start.points.emplace_back(st.pushes, st.f());
    if (st.learned_bound >= 0) with_learned.points.emplace_back(st.pushes, st.learned_f());
  }
  // The learned line is never below the start's: drawn wide and pale under it, both show.
  if (learned) chart.series.push_back(std::move(with_learned));
  chart.series.push_back(std::move(start));
  chart.lines.push_back({profile.pushes, "this solution: " + std::to_string(profile.pushes) + " pushes"});
  if (learned && proven_bound > 0 && proven_bound < profile.pushes)
    chart.lines.push_back({proven_bound, "proven by --resume runs: " + std::to_string(proven_bound), "#e67e22"});
  const auto f_of = [learned](const BoundStep& st) { return learned ? st.learned_f() : st.f(); };
  const std::vector<std::pair<int, int>> rises = rises_of(profile, f_of);
  const int near = std::max(1, (profile.pushes + 9) / 10);  // a label is about a tenth of the plot wide
  for (std::size_t k = 0; k < rises.size();) {
    std::size_t j = k;
    int by = rises[k].second;
    while (j + 1 < rises.size() && rises[j + 1].first - rises[j].first <= near) by += rises[++j].second;
    const int at = rises[j].first;
    std::ostringstream label;
    label << '+' << by << " at ";
    if (j != k) label << rises[k].first << "\u2013";
    label << at;
    chart.marks.push_back({at, f_of(profile.steps[static_cast<std::size_t>(at)]), label.str()});
    k = j + 1;
  }
  if (learned) chart.mark_colour = "#a04000";
  return app::to_svg(chart);
}

// --bound-profile FILE: the bound along the solution in FILE (LURD; "-": standard input) on one
// level: g, h and f after each push, and where f rises (bound_profile.hpp); with `learned_file`
// (--resume), also the bound with what that file holds. A solution that does not replay, or a
// learned file that is missing or damaged, is bad input; a state of the solution that the
// deadlock tests or a learned deadlock call dead is the program's error.
int print_bound_profile(const Level& level, const std::string& instance, const std::string& solution_file,
                        const std::string& svg_file, const std::filesystem::path& learned_file,
                        const SolveOptions& options, bool json) {
  std::string lurd;
  {
    std::ifstream file_in;
    std::istream* in = &std::cin;
    if (solution_file != "-") {
      file_in.open(solution_file);
      if (!file_in) {
        app::print_error(kProgram, solution_file + ": cannot open the solution file");
        return app::code(ExitStatus::bad_input);
      }
      in = &file_in;
    }
    std::string line;
    int line_no = 0;
    while (std::getline(*in, line)) {
      ++line_no;
      for (const char ch : line) {
        if (ch == ' ' || ch == '\t' || ch == '\r') continue;
        bool push = false;
        if (lurd_direction(ch, push) < 0) {
          app::print_error(kProgram, solution_file + ":" + std::to_string(line_no) + ": '" + std::string(1, ch) +
                                         "' is not one of lurdLURD (the file holds one solution in LURD)");
          return app::code(ExitStatus::bad_input);
        }
        lurd += ch;
      }
    }
  }
  BoundProfileOptions profile_options;
  profile_options.start_frozen_walls = board_options(options).start_frozen_walls;
  profile_options.frozen_goal_distances = options.frozen_goal_distances;
  profile_options.push_parity = options.push_parity;
  profile_options.goal_room = options.goal_room;
  profile_options.goal_room_options = options.goal_room_options;
  std::optional<LearnedFile> learned;
  if (!learned_file.empty()) {
    std::string note;
    learned = read_learned_file(learned_file, Board(level, board_options(options)), options.patterns, note);
    if (!learned) {
      app::print_error(kProgram, note.empty() ? learned_file.string() + ": no learned file for " + level.where() +
                                                    " (a run with --resume and the same --pattern-nodes writes it)"
                                              : learned_file.string() + ": " + note);
      return app::code(ExitStatus::bad_input);
    }
    profile_options.learned = &learned->patterns;
    profile_options.patterns = options.patterns;
    profile_options.learned_name = learned_file.string();
  }
  BoundProfile profile;
  try {
    profile = bound_profile(level, lurd, profile_options);
  } catch (const TableFileError& e) {
    app::print_error(kProgram, e.what());
    return app::code(ExitStatus::bad_input);
  }
  if (!profile.error.empty()) {
    app::print_error(kProgram, solution_file + ": not a solution of " + level.where() + ": " + profile.error);
    return app::code(ExitStatus::bad_input);
  }
  const std::vector<std::pair<int, int>> rises = rises_of(profile, [](const BoundStep& st) { return st.f(); });
  const std::vector<std::pair<int, int>> learned_rises =
      rises_of(profile, [](const BoundStep& st) { return st.learned_f(); });
  const int start = profile.steps.front().f();
  const int dead = profile.dead_at();
  const int learned_dead = profile.learned_dead_at();
  if (!svg_file.empty()) {
    std::ofstream svg(svg_file);
    if (svg) svg << bound_profile_svg(instance, profile, learned ? learned->push_bound : -1);
    if (!svg) {
      app::print_error(kProgram, "--profile-svg " + svg_file + ": cannot write the file");
      return app::code(ExitStatus::bad_input);
    }
  }
  auto or_null = [](int v) { return v < 0 ? app::Json(nullptr) : app::Json(v); };
  auto rise_json = [](const std::vector<std::pair<int, int>>& list) {
    app::Json out = app::Json::array();
    for (const auto& [at, by] : list) out.push_back(app::Json{{"pushes", at}, {"by", by}});
    return out;
  };
  if (json) {
    app::Json steps = app::Json::array();
    for (const BoundStep& st : profile.steps) {
      app::Json one{{"pushes", st.pushes}, {"bound", or_null(st.bound)}, {"f", or_null(st.f())}};
      if (learned) one["learned_bound"] = or_null(st.learned_bound), one["learned_f"] = or_null(st.learned_f());
      if (st.letter != 0) one["push"] = app::Json{{"row", st.row}, {"col", st.col}, {"dir", std::string(1, st.letter)}};
      steps.push_back(one);
    }
    app::Json record{{"program", kProgram},
                     {"instance", instance},
                     {"solution_pushes", profile.pushes},
                     {"start_bound", start},
                     {"dead_at", or_null(dead)},
                     {"rises", rise_json(rises)}};
    if (learned) {
      record["learned"] = app::Json{{"file", learned_file.string()},
                                    {"patterns", profile.learned_patterns},
                                    {"proven_bound", learned->push_bound},
                                    {"start_bound", or_null(profile.steps.front().learned_bound)},
                                    {"dead_at", or_null(learned_dead)},
                                    {"rises", rise_json(learned_rises)}};
    }
    record["steps"] = steps;
    app::print_json_line(std::cout, record);
  } else {
    std::cout << instance << ": the bound along a solution of " << profile.pushes
              << " pushes (h: the search's start bound at each state";
    if (learned)
      std::cout << "; learned: with the " << profile.learned_patterns << " patterns and the groups of "
                << learned_file.string();
    std::cout << ")\n  push  box       h      f" << (learned ? "         learned h      f" : "") << "\n";
    auto rise_at = [](const std::vector<std::pair<int, int>>& list, int pushes) {
      const auto r = std::find_if(list.begin(), list.end(), [&](const auto& x) { return x.first == pushes; });
      std::string mark;
      if (r != list.end()) mark = '+' + std::to_string(r->second);
      return mark;
    };
    for (const BoundStep& st : profile.steps) {
      std::cout << std::setw(6) << st.pushes << "  ";
      std::ostringstream box;
      if (st.letter != 0) box << "(" << st.row << "," << st.col << ")" << st.letter;
      std::cout << std::left << std::setw(9) << box.str() << std::right;
      if (st.bound < 0) {
        std::cout << "   dead end\n";
        continue;
      }
      std::cout << std::setw(5) << st.bound << "  " << std::setw(5) << st.f();
      if (learned) {
        std::cout << "  " << std::left << std::setw(4) << rise_at(rises, st.pushes) << std::right;
        if (st.learned_bound < 0)
          std::cout << "       dead end";
        else
          std::cout << "   " << std::setw(5) << st.learned_bound << "  " << std::setw(5) << st.learned_f() << "  "
                    << rise_at(learned_rises, st.pushes);
      } else if (const std::string r = rise_at(rises, st.pushes); !r.empty()) {
        std::cout << "  " << r;
      }
      std::cout << "\n";
    }
    if (dead < 0) {
      std::cout << "f: " << start << " at the start, " << profile.steps.back().f() << " at the end; " << rises.size()
                << (rises.size() == 1 ? " rise" : " rises") << ": the start's bound is " << profile.pushes - start
                << " short of this solution\n";
      if (learned && learned_dead < 0) {
        const int learned_start = profile.steps.front().learned_f();
        std::cout << "learned f: " << learned_start << " at the start; " << learned_rises.size()
                  << (learned_rises.size() == 1 ? " rise" : " rises") << "; the push bound proven so far: "
                  << learned->push_bound << " (" << profile.pushes - learned->push_bound << " short of this solution)\n";
      }
    }
  }
  if (dead >= 0) {
    app::print_error(kProgram, level.where() + ": the deadlock tests call the state after push " +
                                   std::to_string(dead) + " of a solution dead: a wrong deadlock test");
    return app::code(ExitStatus::internal_error);
  }
  if (learned_dead >= 0) {
    app::print_error(kProgram, level.where() + ": a learned deadlock pattern calls the state after push " +
                                   std::to_string(learned_dead) + " of a solution dead: a wrong pattern");
    return app::code(ExitStatus::internal_error);
  }
  return app::code(ExitStatus::solved);
}

}  // namespace

int main(int argc, char** argv) {
  // `sokoban play ...` is the terminal game; everything else is the solver.
  if (argc > 1 && std::string(argv[1]) == "play") return play::play_main(argc - 1, argv + 1);
  // `sokoban serve ...` is the browser game.
  if (argc > 1 && std::string(argv[1]) == "serve") return web::serve_main(argc - 1, argv + 1);

  // Under mpirun: a batch goes over the ranks, --algorithm hda spreads each search over them.
  app::MpiSession mpi(argc, argv);
  app::CommandLineSpec spec;
  spec.groups = app::kSolveOptions | app::kWeightOption | app::kTraceJsonOption | app::kCacheDirOption;
  spec.algorithm = "astar";
  spec.algorithm_help = "astar (A* with reopening) | ida (IDA* with a transposition table) | hda (hash-distributed "
                        "A* over mpirun's ranks; plain A* rounds on one process)";
  spec.heuristic = kDefaultHeuristic;
  spec.heuristic_help =
      "matching: the minimum-cost matching of boxes to goals by push distance (the one heuristic)";
  spec.memory_help = "MiB per level for the search's tables (0: A* fills up to " +
                     std::to_string(app::default_search_memory() >> 20) +
                     " MiB here, a quarter of the machine's memory, at least 2048, then goes on with IDA* "
                     "from the bound it proved, in half as much; -a ida uses a 64 MiB table)";
  app::CommandLine cli(kProgram, "sokoban [FILE] [--level N | --levels A-B] [--oracle TSV] [options]\n"
                                 "       sokoban play [FILE] [options]   (the terminal game: sokoban play --help)\n"
                                 "       sokoban serve [FILE...] [options]  (the browser game: sokoban serve --help)",
                       "Solves Sokoban levels (XSB or Boxoban text) push-optimally (--objective moves: the\n"
                       "fewest moves; --objective any: a solution fast, then shorter ones) and prints\n"
                       "verified LURD solutions (lower case: step, upper case: push). Without FILE it solves\n"
                       "a small built-in level. Several levels are a batch: a summary table follows.",
                       spec);
  const PatternSearchOptions pattern_defaults;
  std::ostringstream effort;
  effort << pattern_defaults.effort;
  std::ostringstream quick_effort;
  quick_effort << pattern_defaults.quick_effort;
  cli.options().add_options()
      ("level", po::value<std::string>(), "solve only level N of FILE (1-based)")
      ("levels", po::value<std::string>(), "solve levels A-B of FILE (a batch)")
      ("oracle", po::value<std::string>(),
       "compare each proven optimum with the push counts of a TSV table (columns level and "
       "optimal_pushes [+ status proven...] or best_pushes): match, below the table (a find), or "
       "mismatch (an error)")
      ("objective", po::value<std::string>()->default_value("pushes"),
       "pushes: the fewest pushes, proven (A* or IDA*); moves: the fewest player moves, then the "
       "fewest pushes, proven (A*; slower: the player's square is part of the state); any: a "
       "solution fast (weighted A*), then "
       "shorter ones until the limits (restarting weighted A*, g:h weighted 1:5, 1:3, 1:2, 2:3, 1:1), "
       "proven optimal only when its last restart, plain A*, finishes")
      ("resume", "keep what each level's search learns (pattern search's patterns, the push bound it "
                 "proved) in the cache directory, and start from what earlier --resume runs of the same "
                 "level kept: a long search can be stopped (a limit, Ctrl-C) and continued; push-optimality "
                 "is kept (docs/sokoban.md)")
      ("no-solution", "human output without the LURD strings")
      ("bound-profile", po::value<std::string>(),
       "do not search: read a solution of --level N (LURD) from FILE ('-': standard input) and print the "
       "bound the search starts from at each of its states, with f = pushes made + bound and where f "
       "rises (what the bound misses there; --no-start-frozen-walls, --no-frozen-goals, --no-push-parity, "
       "--no-goal-room apply; "
       "with --resume, also the bound with what the level's --resume runs learned)")
      ("box-group", po::value<std::string>()->value_name("\"R,C R,C ...\""),
       "do not solve the level: solve the group of its boxes on these squares (row, column from 0) "
       "alone, the other boxes off the board, and print its pushes against its matching: the "
       "penalty pattern search would learn for it (--time-limit and --node-limit apply)")
      ("profile-svg", po::value<std::string>()->value_name("FILE"),
       "with --bound-profile: also draw f along the solution, its rises marked, as an SVG chart in FILE")
      ("sample-states", po::value<std::string>()->value_name("FILE"),
       "write every K-th state the push search expands (--sample-every) to FILE as a level titled with "
       "its expansion, g, h and f: solve the file to see how far the bound falls short in the states the "
       "search spends its time on (bench/sokoban/bound_gap.py tables it; one level; A* without its bound "
       "probes, or IDA*)")
      ("sample-every", po::value<std::string>()->value_name("K")->default_value("10000"),
       "with --sample-states: one state per K expansions")
      ("no-pattern-search", "do not learn deadlocks and penalties by solving sub-states around each "
                            "push (pattern search keeps push-optimality and is on by default)")
      ("no-corral-test", "switch the frozen-corral deadlock test off (to measure it)")
      ("corral-depth", po::value<std::string>()->default_value(std::to_string(hsearch::sokoban::SolveOptions{}.corral_depth)),
       "pushes the frozen-corral test looks ahead through itself: a region is also frozen when each "
       "push out of it leaves a frozen region behind, this many pushes deep (0 to 4; keeps "
       "push-optimality: docs/sokoban.md)")
      ("no-window-deadlocks", "switch the deadlock tables of 4x4 windows off (to measure them; "
                              "--objective any never uses them)")
      ("no-pi-corrals", "offer every legal push instead of only a PI-corral's (to measure the pruning; "
                        "both are push-optimal)")
      ("tunnel-macros", "push a box through a corridor the player can only cross through in one move, not "
                        "one square at a time (keeps push-optimality; off by default: it helps some levels "
                        "and slows others)")
      ("goal-macros", po::value<std::string>()->implicit_value("everywhere")->default_value("off"),
       "offer beside the pushes a box's pushes onto one of the most enclosed empty goals as one move: "
       "off, probes (only in A*'s bound probes) or everywhere (the flag alone) (keeps push-optimality; "
       "off by default, see docs/sokoban.md)")
      ("no-start-frozen-walls", "the start's boxes frozen on goals stay boxes of the board instead of walls "
                                "(to measure it; the same states and solutions)")
      ("no-frozen-goals", "push distances that ignore boxes frozen on goals (to measure them; the "
                          "bound is weaker, still admissible)")
      ("no-push-parity", "bounds not rounded up to the parity of the pushes left (to measure it; the "
                         "bound is weaker, still admissible)")
      ("no-feature-space", "--objective any: the first solution comes from the weighted restarts too, not "
                           "from the feature-space searches (--feature-cells) (to measure them)")
      ("feature-cells", po::value<std::string>()->default_value("both"),
       "--objective any: the cells of the feature-space search: packing (the boxes packed in the goals' "
       "fill order), packing-connectivity (and the regions the boxes cut the floor into), plan-connectivity "
       "(packing, the regions, and the boxes on goals the order fills later: out of plan), plan-rooms "
       "(packing, out of plan, and the links between rooms that boxes in doorways and corridors cut), or "
       "both (plan-connectivity and packing, one search over each in turns of 2^15 expansions; docs/sokoban.md "
       "has the figures)")
      ("no-packing-advisor", "--objective any: the feature-space searches without their packing advisor (a "
                             "push that brings the box nearest to the next goals of the fill order nearer "
                             "weighs 0; on by default: docs/sokoban.md) (to measure it)")
      ("no-ranked-cells", "--objective any: the feature-space search files each state in its own cell and "
                          "takes the cells in turn, instead of filing it in the best cell on its path and "
                          "giving every other turn to the best cell (on by default; of the default pair of "
                          "searches the one over the plan-connectivity cells only files the states so: "
                          "docs/sokoban.md) (to measure it)")
      ("packing-order", "--objective any: the search for the first solution is weighted A* that fills the "
                        "goals in a packing order found backwards from the solved position (deepest goals "
                        "of a room first), then follows the push bound; implies --no-feature-space; off by "
                        "default (docs/sokoban.md has its figures)")
      ("no-goal-room", "without the goal-room bound (the pushes to fill the goals' area, solved exactly on an "
                       "abstraction of the level; admissible, on by default: docs/sokoban.md) (to measure it)")
      ("goal-room-states", po::value<std::string>()->default_value(std::to_string(hsearch::sokoban::GoalRoomOptions{}.max_states)),
       "the goal-room bound's table: at most this many abstract states (about 32 bytes and 2 us each: "
       "XSokoban 8 fills 15.3 M in 25 s, 485 MB); "
       "a table that holds them all gives each state's exact cost, one cut short a floor (1024 to 2^28)")
      ("no-bound-probes", "A*: no bound probes (searches between A*'s parts for a solution of exactly the push "
                          "bound A* has proven, in the feature-space search's order; push-optimal, on by "
                          "default: docs/sokoban.md) (to measure them)")
      ("probe-cells", po::value<std::string>()->default_value("packing-connectivity"),
       "A*: the cells of the bound probes' feature-space search (packing, packing-connectivity, "
       "plan-connectivity or plan-rooms, as --feature-cells; all push-optimal: each solves some levels "
       "sooner and others later, docs/sokoban.md has the figures)")
      ("no-newer-first", "A*: among nodes of equal f and g, no preference for the children of the node "
                         "expanded last (to measure the tie rule; only the order of ties changes)")
      ("no-revalue", "A*: expand each node with the bound it got when it was generated, not valued again "
                     "with the patterns learnt since (to measure the revaluation; both are push-optimal)")
      ("no-symmetry", "A*: no symmetry reduction (on a level whose board has mirror or rotation "
                      "symmetries, A* keeps one of the states they map onto each other; push-optimal, "
                      "on by default: docs/sokoban.md) (to measure it)")
      ("no-memory-fallback", "when A*'s memory limit is reached, stop (status memory_limit) instead "
                             "of going on with IDA* from the bound A* proved")
      ("pattern-boxes", po::value<std::string>()->default_value(std::to_string(pattern_defaults.max_boxes)),
       "largest pattern searched (boxes)")
      ("pattern-nodes", po::value<std::string>()->default_value(std::to_string(pattern_defaults.node_limit)),
       ("expansions per pattern sub-search (with --objective any: " +
        std::to_string(SolveOptions{}.any_pattern_nodes) + " unless given)").c_str())
      ("pattern-effort", po::value<std::string>()->default_value(effort.str()),
       "pattern sub-search expansions allowed per push of the main search")
      ("pattern-corral-boxes", po::value<std::string>()->default_value(std::to_string(pattern_defaults.corral_boxes)),
       "also search, after a push, the boxes that fence in the squares next to it that the player "
       "cannot reach, with the boxes next to them, when they are at most this many (0: never)")
      ("pattern-quick-nodes", po::value<std::string>()->default_value(std::to_string(pattern_defaults.quick_nodes)),
       "once --pattern-effort's budget is spent, the corral fence beside the pushed box of a state A* "
       "is about to expand is still searched, stopped after this many expansions, on a budget of its "
       "own; only deadlocks are learnt (0: never; push-optimal: docs/sokoban.md)")
      ("pattern-quick-effort", po::value<std::string>()->default_value(quick_effort.str()),
       "with --pattern-quick-nodes: their expansions allowed per push of the main search")
      ("pattern-quick-min-deadlocks", po::value<std::string>()->default_value(std::to_string(
                                          static_cast<int>(pattern_defaults.quick_min_deadlocks * 100 + 0.5))),
       "with --pattern-quick-nodes: their deadlocks are learnt once this percentage of a window of them "
       "were deadlocks (a trial until then, which changes nothing; a window below it pauses them; "
       "0: learnt from the start, never paused)")
      ("no-pattern-walls", "corral fences and the start's groups take boxes frozen on goals as boxes of "
                           "their own, counted in the limits, instead of as walls beside them (push-optimal "
                           "both ways; --objective any never takes them as walls; docs/sokoban.md) (to measure it)")
      ("pattern-start-boxes", po::value<std::string>()->default_value(std::to_string(pattern_defaults.start_boxes)),
       "before the search, search every group of up to this many of the start's boxes that stand close "
       "together or in each other's way (0: none; docs/sokoban.md)")
      ("pattern-start-nodes", po::value<std::string>()->default_value(std::to_string(pattern_defaults.start_nodes)),
       "the start's groups: expansions of their sub-searches in all (a budget of their own)")
      ("pattern-start-after", po::value<std::string>()->default_value(std::to_string(pattern_defaults.start_after_pushes)),
       "pushes of the main search before the start's groups are searched and area-entry groups grow "
       "from pushed boxes (0: before the search)")
      ("goal-set-slack", po::value<std::string>()->default_value(std::to_string(pattern_defaults.goal_set_slack)),
       "a pattern with a penalty is also searched for its cost onto each set of goals, up to this many "
       "pushes past its cheapest (0: never); the bound combines those costs with the matching's dual "
       "potentials (admissible: docs/sokoban.md)")
      ("joint-nodes", po::value<std::string>()->default_value(std::to_string(pattern_defaults.joint_nodes)),
       "A*: before a state is expanded, its bound is raised to the joint bound of the penalty patterns it "
       "holds (the pattern solved exactly with the other boxes kept in the matching; push-optimal: "
       "docs/sokoban.md), each sub-search stopped after this many expansions (0: never)")
      ("joint-groups", po::value<std::string>()->default_value(std::to_string(pattern_defaults.joint_groups)),
       "with --joint-nodes: how many of a state's penalty patterns get a joint bound, largest penalty first")
      ("joint-union", po::value<std::string>()->default_value(std::to_string(pattern_defaults.joint_union_boxes)),
       "with --joint-nodes: a state holding two or more disjoint penalty patterns gets one joint bound of "
       "their union instead (largest penalty first, up to this many boxes; 0: never)")
      ("joint-after", po::value<std::string>()->default_value(std::to_string(pattern_defaults.joint_after_pushes)),
       "with --joint-nodes: pushes of the main search before joint bounds are asked for (0: from the start)")
      ("joint-min-raised", po::value<std::string>()->default_value(std::to_string(
                               static_cast<int>(pattern_defaults.joint_min_raised * 100 + 0.5))),
       "with --joint-nodes: joint bounds pause when fewer than this percentage of a window of them raised "
       "the state's bound (0: never pause; the pauses double while they keep failing; push-optimal)")
      ("patterns-at-expansion", "A*: run the pattern sub-searches for the states A* is about to expand, "
                                "not for each push as it is generated (the same budget; push-optimal; off by "
                                "default: docs/sokoban.md, \"Pattern search\")")
      ("no-entry-neighbours", "area-entry groups grow from each pushed box alone, not also from it with each "
                              "box beside it (to measure that; docs/sokoban.md)")
      ("no-area-entry", "without the area-entry groups (groups of boxes on their way into the goals' area, "
                        "solved exactly, added to the goal-room bound; admissible, on by default: "
                        "docs/sokoban.md) (to measure them)");
  cli.hidden().add_options()("file", po::value<std::string>(), "level file");
  cli.positional().add("file", 1);
  cli.set_epilogue(
      "JSON (--json): one object per level, the core keys (instance = FILE#N, cost = pushes,\n"
      "solution = LURD) then objective, level, title, pushes, moves, dead_ends, duplicates, withheld,\n"
      "memory_fallback (A*'s memory limit reached: IDA* went on from its bound), bound_probes\n"
      "({probes, expanded, found}: the bound probes' count, expansions, counted in expanded too,\n"
      "and whether one found the solution), goal_room ({squares, states, complete, seconds}: the\n"
      "goal-room bound's area, its table's states, whether the table is complete, the seconds to fill it),\n"
      "solutions_found, seconds_first_solution and first_solution_cells (--objective any: the feature\n"
      "space whose search found the first solution, or null) and most_packed (the most boxes packed in\n"
      "the goals' fill order in a state the feature-space searches reached, or null when they did not\n"
      "run), with --resume resumed ({bound, patterns} read from the level's learned file, or null) and\n"
      "learned_saved, seconds_push_optimum, moves_pass, the pattern search's counts, with --algorithm\n"
      "hda rounds, messages_sent, bytes_sent and rank_expanded (HDA*'s collectives, batches of states\n"
      "sent between ranks, expansions per rank), with --oracle reference_pushes, reference_proven and\n"
      "oracle (match | below | mismatch), and message.\n"
      "With --json the summary goes to stderr. An --oracle mismatch (a proven optimum above the\n"
      "table, or different from a proven one) is reported on stderr and exits 70, like a\n"
      "failed replay check: the solver or the table is wrong.");
  const po::variables_map& vm = cli.parse(argc, argv);
  const app::CommonOptions& common = cli.common();
  const Algorithm algorithm = cli.algorithm({Algorithm::astar, Algorithm::ida, Algorithm::hda});
  const std::unique_ptr<HdaTransport> hda_transport = algorithm == Algorithm::hda ? mpi.transport() : nullptr;

  SolveRequest request;
  request.algorithm = algorithm;
  request.heuristic = common.heuristic;
  request.weight_g = common.weight_g;
  request.weight_h = common.weight_h;
  request.limits = common.limits();
  if ((algorithm == Algorithm::astar || algorithm == Algorithm::hda) && request.limits.max_bytes == 0) {
    request.limits.max_bytes = app::default_search_memory();
  }
  SolveOptions options;
  std::uint64_t sample_every = 0;  // --sample-every, read with the other numbers below
  options.pattern_search = vm.count("no-pattern-search") == 0;
  options.corral_test = vm.count("no-corral-test") == 0;
  options.window_deadlocks = vm.count("no-window-deadlocks") == 0;
  options.pi_corrals = vm.count("no-pi-corrals") == 0;
  options.tunnel_macros = vm.count("tunnel-macros") != 0;
  options.start_frozen_walls = vm.count("no-start-frozen-walls") == 0;
  options.frozen_goal_distances = vm.count("no-frozen-goals") == 0;
  options.push_parity = vm.count("no-push-parity") == 0;
  options.newer_first_on_ties = vm.count("no-newer-first") == 0;
  options.revalue_before_expanding = vm.count("no-revalue") == 0;
  options.symmetry = vm.count("no-symmetry") == 0;
  options.packing_order = vm.count("packing-order") != 0;
  options.feature_space = vm.count("no-feature-space") == 0 && !options.packing_order;
  options.packing_advisor = vm.count("no-packing-advisor") == 0;
  options.ranked_cells = vm.count("no-ranked-cells") == 0;
  options.memory_fallback = vm.count("no-memory-fallback") == 0;
  options.bound_probes = vm.count("no-bound-probes") == 0;
  options.goal_room = vm.count("no-goal-room") == 0;
  try {
    options.objective = parse_objective(vm["objective"].as<std::string>());
    options.feature_cells = parse_feature_cells(vm["feature-cells"].as<std::string>());
    options.goal_macros = parse_goal_macros(vm["goal-macros"].as<std::string>());
    if (!vm["feature-cells"].defaulted() && options.objective != Objective::any) {
      throw std::invalid_argument("--feature-cells: only with --objective any (its first solution's search)");
    }
    options.probe_cells = parse_feature_cells(vm["probe-cells"].as<std::string>(), "--probe-cells");
    if (!vm["probe-cells"].defaulted() &&
        (options.objective != Objective::pushes || !options.bound_probes ||
         algorithm != Algorithm::astar)) {
      throw std::invalid_argument("--probe-cells: only with the bound probes (--objective pushes with A*)");
    }
    if (!options.packing_advisor && options.objective != Objective::any) {
      throw std::invalid_argument("--no-packing-advisor: only with --objective any (its first solution's search)");
    }
    if (!options.ranked_cells && options.objective != Objective::any) {
      throw std::invalid_argument("--no-ranked-cells: only with --objective any (its first solution's search)");
    }
    options = options_for(request, options);  // checks the names before any level is read
    options.patterns.max_boxes =
        static_cast<int>(app::parse_count_in("pattern-boxes", vm["pattern-boxes"].as<std::string>(), 1, 64));
    options.patterns.node_limit = app::parse_count("pattern-nodes", vm["pattern-nodes"].as<std::string>());
    if (!vm["pattern-nodes"].defaulted()) options.any_pattern_nodes = options.patterns.node_limit;
    options.patterns.effort = app::parse_seconds("pattern-effort", vm["pattern-effort"].as<std::string>());
    options.patterns.quick_nodes = app::parse_count("pattern-quick-nodes", vm["pattern-quick-nodes"].as<std::string>());
    options.patterns.quick_effort =
        app::parse_seconds("pattern-quick-effort", vm["pattern-quick-effort"].as<std::string>());
    options.patterns.quick_min_deadlocks =
        static_cast<double>(app::parse_count_in("pattern-quick-min-deadlocks",
                                                vm["pattern-quick-min-deadlocks"].as<std::string>(), 0, 100)) /
        100.0;
    options.patterns.corral_boxes = static_cast<int>(
        app::parse_count_in("pattern-corral-boxes", vm["pattern-corral-boxes"].as<std::string>(), 0, 64));
    options.patterns.start_boxes = static_cast<int>(
        app::parse_count_in("pattern-start-boxes", vm["pattern-start-boxes"].as<std::string>(), 0, 8));
    options.patterns.start_nodes = app::parse_count("pattern-start-nodes", vm["pattern-start-nodes"].as<std::string>());
    options.patterns.start_after_pushes =
        app::parse_count("pattern-start-after", vm["pattern-start-after"].as<std::string>());
    options.patterns.goal_set_slack = static_cast<int>(
        app::parse_count_in("goal-set-slack", vm["goal-set-slack"].as<std::string>(), 0, 1000));
    options.patterns.joint_nodes = app::parse_count("joint-nodes", vm["joint-nodes"].as<std::string>());
    options.patterns.joint_after_pushes = app::parse_count("joint-after", vm["joint-after"].as<std::string>());
    options.patterns.joint_min_raised =
        static_cast<double>(app::parse_count_in("joint-min-raised", vm["joint-min-raised"].as<std::string>(), 0, 100)) /
        100.0;
    options.patterns.joint_groups = static_cast<int>(
        app::parse_count_in("joint-groups", vm["joint-groups"].as<std::string>(), 1, 64));
    options.patterns.joint_union_boxes = static_cast<int>(
        app::parse_count_in("joint-union", vm["joint-union"].as<std::string>(), 0, 64));
    options.corral_depth = static_cast<int>(
        app::parse_count_in("corral-depth", vm["corral-depth"].as<std::string>(), 0, 4));
    options.goal_room_options.max_states = static_cast<std::size_t>(
        app::parse_count_in("goal-room-states", vm["goal-room-states"].as<std::string>(), 1024, std::uint64_t{1} << 28));
    options.patterns.area_entry = vm.count("no-area-entry") == 0;
    options.patterns.entry_neighbours = vm.count("no-entry-neighbours") == 0;
    options.patterns.at_expansion = vm.count("patterns-at-expansion") != 0;
    options.patterns.frozen_walls = vm.count("no-pattern-walls") == 0;
    sample_every = app::parse_count_in("sample-every", vm["sample-every"].as<std::string>(), 1, std::uint64_t{1} << 40);
  } catch (const std::invalid_argument& e) {
    cli.usage_error(e.what());
  }
  if (vm.count("level") && vm.count("levels")) cli.usage_error("give --level or --levels, not both");
  std::filesystem::path learned_dir;
  if (vm.count("resume")) {
    learned_dir = app::cache_dir(common.cache_dir);
    if (learned_dir.empty()) {
      cli.usage_error("--resume keeps its files in the cache directory: give --cache-dir DIR (or set "
                      "HSEARCH_CACHE_DIR, XDG_CACHE_HOME or HOME)");
    }
    learned_dir /= "sokoban";
  }

  std::vector<LevelEntry> entries;
  std::string file = kBuiltInName;
  if (vm.count("file")) {
    file = vm["file"].as<std::string>();
    std::ifstream in(file);
    if (!in) {
      app::print_error(kProgram, file + ": cannot open the level file");
      return app::code(ExitStatus::bad_input);
    }
    entries = read_levels(in, file);
    if (entries.empty()) {
      app::print_error(kProgram, file +
                                     ": no level found (a board row starts with '#' or a board character and "
                                     "contains '#')");
      return app::code(ExitStatus::bad_input);
    }
  } else {
    std::istringstream in(kDefaultLevel);
    entries = read_levels(in, kBuiltInName);
  }
  int first = 1, last = static_cast<int>(entries.size());
  if (vm.count("level")) {
    const std::string text = vm["level"].as<std::string>();
    if (!app::parse_range(text, first, last) || first != last) {
      cli.usage_error("--level wants a level number N >= 1, not '" + text + "'");
    }
  } else if (vm.count("levels") && !app::parse_range(vm["levels"].as<std::string>(), first, last)) {
    cli.usage_error("--levels wants A-B with 1 <= A <= B, not '" + vm["levels"].as<std::string>() + "'");
  }
  if (last > static_cast<int>(entries.size())) {
    app::print_error(kProgram, file + ": the file has " + std::to_string(entries.size()) + " level(s); level " +
                                   std::to_string(last) + " does not exist");
    return app::code(ExitStatus::bad_input);
  }

  if (vm.count("box-group")) {
    if (vm.count("bound-profile")) cli.usage_error("give --box-group or --bound-profile, not both");
    if (first != last) cli.usage_error("--box-group names boxes of one level: choose it with --level N");
    std::vector<std::pair<int, int>> squares;
    try {
      squares = parse_box_group(vm["box-group"].as<std::string>());
    } catch (const std::invalid_argument& e) {
      cli.usage_error(e.what());
    }
    const LevelEntry& entry = entries[static_cast<std::size_t>(first - 1)];
    if (!entry.ok()) {
      app::print_error(kProgram, entry.error);
      return app::code(ExitStatus::bad_input);
    }
    try {
      return print_box_group(entry.level, file + "#" + std::to_string(first), squares, request.limits, common.json);
    } catch (const InvalidLevel& e) {
      app::print_error(kProgram, e.what());
      return app::code(ExitStatus::bad_input);
    }
  }
  if (vm.count("profile-svg") && !vm.count("bound-profile"))
    cli.usage_error("--profile-svg draws the chart of --bound-profile: give both");
  if (vm.count("bound-profile")) {
    if (first != last) cli.usage_error("--bound-profile reads a solution of one level: choose it with --level N");
    const LevelEntry& entry = entries[static_cast<std::size_t>(first - 1)];
    if (!entry.ok()) {
      app::print_error(kProgram, entry.error);
      return app::code(ExitStatus::bad_input);
    }
    try {
      return print_bound_profile(
          entry.level, file + "#" + std::to_string(first), vm["bound-profile"].as<std::string>(),
          vm.count("profile-svg") ? vm["profile-svg"].as<std::string>() : "",
          learned_dir.empty() ? std::filesystem::path() : learned_dir / learned_file_name(entry.level), options,
          common.json);
    } catch (const InvalidLevel& e) {
      app::print_error(kProgram, e.what());
      return app::code(ExitStatus::bad_input);
    }
  }

  std::map<int, OracleRow> oracle;
  const std::string oracle_name = vm.count("oracle") ? vm["oracle"].as<std::string>() : std::string();
  if (!oracle_name.empty()) {
    std::ifstream in(oracle_name);
    if (!in) {
      app::print_error(kProgram, oracle_name + ": cannot open the oracle table");
      return app::code(ExitStatus::bad_input);
    }
    try {
      oracle = read_oracle(in, oracle_name);
    } catch (const std::runtime_error& e) {
      app::print_error(kProgram, e.what());
      return app::code(ExitStatus::bad_input);
    }
  }

  // --dot, --trace-json and --sample-states each record one search: one level, and not the
  // several searches of --objective any. Their files are opened before anything is searched.
  const auto open_record_file = [&](const char* option, const std::string& file, std::ofstream& out) {
    if (file.empty()) return true;
    if (options.objective == Objective::any) {
      cli.usage_error(std::string(option) + " records one search; --objective any runs several searches (use --trace)");
    }
    if (first != last) {
      cli.usage_error(std::string(option) + " records one level's search: choose one level with --level N");
    }
    out.open(file, std::ios::binary);
    if (!out) app::print_error(kProgram, file + ": cannot write the " + option + " file");
    return static_cast<bool>(out);
  };
  const std::string& dot_file = common.dot_file;
  const std::string& trace_json_file = common.trace_json_file;
  const std::string samples_file = vm.count("sample-states") ? vm["sample-states"].as<std::string>() : "";
  if (vm.count("sample-states") && samples_file.empty()) cli.usage_error("--sample-states needs a file name");
  if (!vm["sample-every"].defaulted() && samples_file.empty()) {
    cli.usage_error("--sample-every K: only with --sample-states FILE");
  }
  if (!samples_file.empty() && options.objective == Objective::moves) {
    cli.usage_error("--sample-states samples the push search; --objective moves searches player moves");
  }
  std::ofstream dot_out, trace_json_out, samples_out;
  if (!open_record_file("--dot", dot_file, dot_out) ||
      !open_record_file("--trace-json", trace_json_file, trace_json_out) ||
      !open_record_file("--sample-states", samples_file, samples_out)) {
    return app::code(ExitStatus::bad_input);
  }
  Recording recording;
  recording.cap = common.trace_json_cap;
  Teaching teaching;
  teaching.trace = common.trace ? &std::cerr : nullptr;
  teaching.dot = dot_file.empty() ? nullptr : &dot_out;
  teaching.dot_max_nodes = common.dot_max_nodes;
  teaching.recording = trace_json_file.empty() ? nullptr : &recording;
  teaching.samples = samples_file.empty() ? nullptr : &samples_out;
  teaching.sample_every = sample_every;
  teaching.sample_prefix = "; ";  // an XSB comment: the title of the level that follows

  const bool show_solution = vm.count("no-solution") == 0;
  ExitStatus status = ExitStatus::solved;
  std::vector<Row> rows;
  // One level: its search (quiet: a level of a batch over ranks runs in a child process whose
  // progress lines would interleave with the others').
  auto solve_level = [&](int n, bool quiet) {
    const LevelEntry& e = entries[static_cast<std::size_t>(n - 1)];
    Row row;
    row.level = n;
    row.title = e.level.title;
    if (!e.ok()) {
      row.report.invalid = true;
      row.report.message = e.error;
    } else {
      app::ProgressLines progress("level " + std::to_string(n), quiet);
      if (algorithm == Algorithm::hda) options.transport = hda_transport.get();
      if (!learned_dir.empty()) options.learned_file = learned_dir / learned_file_name(e.level);
      row.report = solve(e.level, request, options, teaching, &progress);
    }
    return row;
  };
  // One level's messages, oracle check and output line; its exit status.
  auto report_level = [&](Row& row) {
    const LevelEntry& e = entries[static_cast<std::size_t>(row.level - 1)];
    const SolveReport& r = row.report;
    ExitStatus level_status = exit_status_of(r);
    if (!r.message.empty()) app::print_error(kProgram, r.message);
    if (!r.learned_note.empty()) app::print_warning(kProgram, e.level.where() + ": " + r.learned_note);
    if (const auto it = oracle.find(row.level); it != oracle.end()) {
      row.reference = it->second;
      // The table counts pushes: only a push-optimal result can match it.
      const bool push_optimal = r.result.optimal && options.objective != Objective::moves;
      if (r.solved()) {
        row.check = push_optimal ? std::optional(check_against(it->second, r.pushes))
                                     : check_unproven(it->second, r.pushes);
      }
      if (row.check) {
        if (*row.check == OracleCheck::mismatch) {
          app::print_error(kProgram, e.level.where() + ": mismatch: " +
                                         (push_optimal ? "proven optimum " : "a solution of ") +
                                         std::to_string(r.pushes) +
                                         " pushes, the table " + oracle_name + " says " +
                                         std::to_string(it->second.pushes) +
                                         (it->second.exact ? " (proven)" : " (best known)"));
          level_status = app::worst(level_status, ExitStatus::internal_error);
        } else if (*row.check == OracleCheck::below) {
          std::cerr << kProgram << ": " << e.level.where() << ": " << r.pushes
                    << " pushes, fewer than the table's best known " << it->second.pushes
                    << " (the solution replays)\n";
        }
      }
    }
    if (common.stats) print_stats(row, options);
    if (common.json) {
      app::print_json_line(std::cout, level_json(file + "#" + std::to_string(row.level), to_string(algorithm), row,
                                                 options));
    } else {
      print_level(std::cout, row, options, show_solution);
    }
    return level_status;
  };
  if (mpi.parallel() && first != last && algorithm != Algorithm::hda) {
    // A batch over ranks: each level in a child process of the rank that took it; rank 0
    // prints the levels in order and the summary.
    const bool rank0 = app::run_batch_over_ranks(
        mpi, static_cast<std::size_t>(last - first + 1),
        [&](std::size_t i) {
          Row row = solve_level(first + static_cast<int>(i), true);
          return summary_data(row, report_level(row));
        },
        [&](std::size_t i, const app::BatchOutcome& outcome) {
          Row row;
          ExitStatus level_status = ExitStatus::internal_error;
          if (outcome.ran) {
            row = row_from_summary_data(outcome.data, level_status);
          } else {
            // The level's process or rank died: that level alone is lost.
            row.level = first + static_cast<int>(i);
            row.title = entries[static_cast<std::size_t>(row.level - 1)].level.title;
            row.report.internal_error = true;
            row.report.message = file + "#" + std::to_string(row.level) + ": internal error: " + outcome.failure;
            level_status = report_level(row);
          }
          status = app::worst(status, level_status);
          rows.push_back(std::move(row));
        },
        [] { return interrupt_flag().load(); }, longest_first(entries, first, last));
    if (!rank0) return 0;
  } else {
    // One level under mpirun without hda: rank 0 solves it, the other ranks have nothing to do.
    if (mpi.rank() != 0 && algorithm != Algorithm::hda) return 0;
    for (int n = first; n <= last; ++n) {
      Row row = solve_level(n, common.quiet || mpi.rank() != 0);
      if (mpi.rank() != 0) {
        // Under HDA* every rank searched the level (and got the same result); rank 0 alone reports.
        if (row.report.result.stop_reason == StopReason::interrupted) break;
        continue;
      }
      const ExitStatus level_status = report_level(row);
      status = app::worst(status, level_status);
      const bool interrupted = row.report.result.stop_reason == StopReason::interrupted;
      rows.push_back(std::move(row));
      if (interrupted) break;
    }
    if (mpi.rank() != 0) return 0;
  }
  if (!dot_file.empty()) {
    dot_out.close();
    if (!dot_out) {
      app::print_error(kProgram, dot_file + ": could not write the DOT file");
      status = app::worst(status, ExitStatus::bad_input);
    }
  }
  if (!samples_file.empty()) {
    samples_out.close();
    if (!samples_out) {
      app::print_error(kProgram, samples_file + ": could not write the sampled states");
      status = app::worst(status, ExitStatus::bad_input);
    }
  }
  if (!trace_json_file.empty() && !rows.empty()) {
    app::TraceInfo info;
    info.program = kProgram;
    info.domain = "sokoban";
    const std::string& title = entries[static_cast<std::size_t>(rows.front().level - 1)].level.title;
    info.instance = title.empty() ? "level " + std::to_string(rows.front().level) : title;
    info.algorithm = rows.front().report.result.algorithm;
    info.heuristic = kDefaultHeuristic;
    info.pruning = "none";
    info.weight_g = request.weight_g;
    info.weight_h = request.weight_h;
    trace_json_out << app::trace_json_text(recording, info,
                                           app::Json{{"level", rows.front().level},
                                                     {"objective", to_string(options.objective)}})
                   << "\n";
    trace_json_out.close();
    if (!trace_json_out) {
      app::print_error(kProgram, trace_json_file + ": could not write the --trace-json file");
      status = app::worst(status, ExitStatus::bad_input);
    }
  }

  const bool interrupted = interrupt_flag().load();
  const std::size_t not_run = interrupted ? static_cast<std::size_t>(last - first + 1) - rows.size() : 0;
  // Levels Ctrl-C left unrun make the batch interrupted, even when the ones running finished.
  if (not_run > 0) status = app::worst(status, ExitStatus::interrupted);
  if (rows.size() > 1 || interrupted || !oracle_name.empty()) {
    print_summary(common.json ? std::cerr : std::cout, rows, !common.json, !oracle_name.empty(), oracle_name,
                  not_run, options.objective);
  }
  return app::code(status);
}
