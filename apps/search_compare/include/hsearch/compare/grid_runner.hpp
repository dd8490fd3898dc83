#pragma once
// The experiment grid: algorithms x heuristics x prunings (validated against what the domain
// offers) run over every instance, in parallel over runs with --jobs threads.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <functional>
#include <iomanip>
#include <mutex>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "hsearch/app/mpi_batch.hpp"
#include "hsearch/compare/domain_adapter.hpp"
#include "hsearch/compare/json_record.hpp"
#include "hsearch/compare/run_record.hpp"
#include "hsearch/core/interrupt.hpp"
#include "hsearch/core/limits.hpp"

namespace hsearch::compare {

struct Grid {
  std::vector<Configuration> configurations;
  std::vector<std::string> notes;  // combinations left out, and why
};

inline std::string join(const std::vector<std::string>& items, const char* sep = ", ") {
  std::string out;
  for (const auto& item : items) {
    if (!out.empty()) out += sep;
    out += item;
  }
  return out;
}

inline std::string join(const std::vector<Algorithm>& items, const char* sep = ", ") {
  std::vector<std::string> names;
  for (Algorithm a : items) names.emplace_back(to_string(a));
  return join(names, sep);
}

// The configurations to run. Algorithm names are read by hsearch::parse_algorithm (so the
// other spellings, such as idastar or iddfs, are accepted); unknown names throw UsageError
// (listing what is known); blind algorithms (bfs, dfs) get heuristic "-" once; refused
// combinations become notes, and a grid with nothing left to run is a UsageError.
inline Grid make_grid(const DomainAdapter& adapter, const std::vector<std::string>& algorithm_names,
                      const std::vector<std::string>& heuristics,
                      const std::vector<std::string>& prunings) {
  const auto check = [&](const std::string& kind, const std::string& name,
                         const std::vector<std::string>& known) {
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      throw UsageError("unknown " + kind + " '" + name + "' for domain " + adapter.name() +
                       " (known: " + join(known) + ")");
    }
  };
  const std::vector<Algorithm> offered = adapter.algorithms();
  std::vector<Algorithm> algorithms;
  for (const auto& name : algorithm_names) {
    const auto a = parse_algorithm(name);
    if (!a || std::find(offered.begin(), offered.end(), *a) == offered.end()) {
      throw UsageError("unknown algorithm '" + name + "' for domain " + adapter.name() +
                       " (known: " + join(offered) + ")");
    }
    algorithms.push_back(*a);
  }
  for (const auto& h : heuristics) check("heuristic", h, adapter.heuristics());
  for (const auto& p : prunings) check("pruning", p, adapter.prunings());
  if (algorithms.empty() || heuristics.empty() || prunings.empty()) {
    throw UsageError("empty algorithm, heuristic or pruning list");
  }
  Grid grid;
  for (const Algorithm a : algorithms) {
    const std::vector<std::string> hs =
        uses_heuristic(a) ? heuristics : std::vector<std::string>{"-"};
    for (const auto& h : hs) {
      for (const auto& p : prunings) {
        const Configuration c{a, h, p};
        if (std::find(grid.configurations.begin(), grid.configurations.end(), c) !=
            grid.configurations.end()) {
          continue;
        }
        if (const std::string why = adapter.refuse(c); !why.empty()) {
          const std::string note = c.label() + " left out: " + why;
          if (std::find(grid.notes.begin(), grid.notes.end(), note) == grid.notes.end()) {
            grid.notes.push_back(note);
          }
          continue;
        }
        grid.configurations.push_back(c);
      }
    }
  }
  if (grid.configurations.empty()) {
    throw UsageError("no configuration left to run: " + join(grid.notes, "; "));
  }
  return grid;
}

struct RunOptions {
  Limits limits;
  unsigned jobs = 1;
  Teaching teaching;        // forces one job, so traces do not interleave
  // Called after each run, one call at a time (runs finish in any order when jobs > 1):
  // progress lines, --stats, --json lines.
  std::function<void(const RunRecord&, std::size_t done, std::size_t total)> finished;
};

// One line per finished run, for the progress stream.
inline std::string progress_line(const RunRecord& r, std::size_t done, std::size_t total) {
  std::ostringstream line;
  line << "[" << done << "/" << total << "] " << r.instance << "  " << r.configuration().label()
       << ": " << r.status_word();
  if (r.solved()) line << " cost " << r.cost << (r.optimal ? " (optimal)" : "");
  if (r.failed()) line << ": " << r.error;
  line << ", " << r.expanded << " expanded, " << std::fixed << std::setprecision(3) << r.seconds
       << " s\n";
  return line.str();
}

// Names `record` after task `task`: its instance and configuration (tasks go in the order of
// run_grid's records, configuration-major).
inline RunRecord& name_task(RunRecord& record, const std::vector<std::string>& instances,
                            const std::vector<Configuration>& configurations, std::size_t task) {
  const std::size_t ci = task / instances.size(), ii = task % instances.size();
  record.instance = instances[ii];
  record.instance_index = ii;
  record.algorithm = configurations[ci].algorithm;
  record.heuristic = configurations[ci].heuristic;
  record.pruning = configurations[ci].pruning;
  return record;
}

// Runs every configuration on every instance. Records come back configuration-major
// (all instances of the first configuration, then the second...) whatever the thread count.
inline std::vector<RunRecord> run_grid(const DomainAdapter& adapter,
                                       const std::vector<std::string>& instances,
                                       const std::vector<Configuration>& configurations,
                                       const RunOptions& options) {
  const std::size_t total = instances.size() * configurations.size();
  std::vector<RunRecord> records(total);
  if (total == 0) return records;
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> done{0};
  std::mutex finished_mutex;
  const auto worker = [&] {
    for (std::size_t task = next++; task < total; task = next++) {
      const std::size_t ci = task / instances.size(), ii = task % instances.size();
      const Configuration& c = configurations[ci];
      RunRecord record;
      if (options.teaching.trace != nullptr) {
        *options.teaching.trace << "== " << instances[ii] << "  " << c.label() << "\n";
      }
      // Teaching output (the DOT tree, the JSON trace) is recorded for the first run only.
      Teaching teaching = options.teaching;
      if (task != 0) {
        teaching.dot = nullptr;
        teaching.recording = nullptr;
      }
      try {
        record = adapter.run(ii, c, options.limits, teaching);
      } catch (const std::exception& e) {
        record.error = e.what();
      }
      records[task] = std::move(name_task(record, instances, configurations, task));
      const std::size_t finished = ++done;
      if (options.finished) {
        const std::lock_guard<std::mutex> lock(finished_mutex);
        options.finished(records[task], finished, total);
      }
    }
  };
  const unsigned jobs = options.teaching.active()
                            ? 1u
                            : static_cast<unsigned>(std::clamp<std::size_t>(options.jobs, 1, total));
  if (jobs <= 1) {
    worker();
  } else {
    std::vector<std::thread> threads;
    for (unsigned j = 0; j < jobs; ++j) threads.emplace_back(worker);
    for (auto& t : threads) t.join();
  }
  return records;
}

// run_grid over MPI ranks (app/mpi_batch.hpp): each run is a task that rank 0 hands out, runs
// in a worker's solving process, and reports in the task order, so `finished` sees the runs in
// the order of one process with one job. A run whose process or rank died is a failed record
// (its error says what happened); after Ctrl-C the runs not started are records stopped as
// interrupted, as one process's would be. Teaching output is one process's business: the caller
// does not pass it. Returns the records on rank 0, nothing on the other ranks.
inline std::optional<std::vector<RunRecord>> run_grid_over_ranks(const app::MpiSession& session,
                                                                 const DomainAdapter& adapter,
                                                                 const std::vector<std::string>& instances,
                                                                 const std::vector<Configuration>& configurations,
                                                                 const RunOptions& options) {
  const std::size_t total = instances.size() * configurations.size();
  std::vector<RunRecord> records;
  records.reserve(total);
  const bool rank0 = app::run_batch_over_ranks(
      session, total,
      [&](std::size_t task) {
        RunRecord record;
        try {
          record = adapter.run(task % instances.size(), configurations[task / instances.size()], options.limits,
                               Teaching{});
        } catch (const std::exception& e) {
          record.error = e.what();
        }
        return run_fields_json(record).dump();
      },
      [&](std::size_t task, const app::BatchOutcome& outcome) {
        RunRecord record;
        name_task(record, instances, configurations, task);
        if (!outcome.ran) {
          record.error = "internal error: " + outcome.failure;
        } else {
          try {
            read_run_fields(app::Json::parse(outcome.data), record);
          } catch (const std::exception& e) {
            record.error = std::string("internal error: a worker's record could not be read (") + e.what() + ")";
          }
        }
        records.push_back(std::move(record));
        if (options.finished) options.finished(records.back(), records.size(), total);
      },
      [] { return interrupt_flag().load(); });
  if (!rank0) return std::nullopt;
  while (records.size() < total) {
    RunRecord record;
    name_task(record, instances, configurations, records.size());
    record.status = Status::stopped;
    record.stop_reason = StopReason::interrupted;
    records.push_back(std::move(record));
    if (options.finished) options.finished(records.back(), records.size(), total);
  }
  return records;
}

}  // namespace hsearch::compare
