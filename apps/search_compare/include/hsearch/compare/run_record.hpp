#pragma once
// What one run of search-compare is (a configuration on an instance) and what it measured.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "hsearch/app/exit_status.hpp"
#include "hsearch/core/result.hpp"
#include "hsearch/search/by_name.hpp"

namespace hsearch::compare {

// Bad command-line input (unknown domain, algorithm, heuristic, pruning): exit status 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Bad input data (an instance file): the message names the file, the line and the problem.
// Exit status 2 as well.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One cell of the grid: an algorithm with a heuristic and a move pruning.
struct Configuration {
  Algorithm algorithm = Algorithm::astar;
  std::string heuristic;  // a domain heuristic name, or "-" for blind algorithms
  std::string pruning;    // "none" or a domain pruning name (depth-first algorithms only)

  std::string label() const { return std::string(to_string(algorithm)) + " / " + heuristic + " / " + pruning; }
  bool operator==(const Configuration&) const = default;
};

struct RunRecord {
  std::string instance;  // the instance's name (file line, level number, seed number)
  std::size_t instance_index = 0;
  Algorithm algorithm = Algorithm::astar;
  std::string heuristic, pruning;
  // How the search ended (the framework's result); `error` overrides it when not empty.
  Status status = Status::stopped;
  StopReason stop_reason = StopReason::none;
  std::string error;             // the run failed: an exception, or a plan that failed its replay
  std::int64_t cost = -1;        // plan cost when solved, else -1
  bool optimal = false;          // proven optimal (see hsearch::Result::optimal)
  std::int64_t lower_bound = 0;  // proven lower bound on the optimal cost
  std::uint64_t expanded = 0, generated = 0, reopened = 0, pruned = 0, duplicates = 0;
  std::vector<IterationStats> iterations;  // IDA* / DFS iterations
  std::size_t plan_length = 0;
  double seconds = 0;
  std::size_t peak_bytes = 0;  // the search's own data structures (Statistics::peak_bytes)
  bool verified = false;       // the plan was replayed from the start and reached a goal

  Configuration configuration() const { return {algorithm, heuristic, pruning}; }
  bool failed() const { return !error.empty(); }
  bool solved() const { return !failed() && status == Status::solved; }
  // The framework's outcome word (solved, unsolvable, time_limit, node_limit, memory_limit,
  // interrupted), or "error".
  std::string status_word() const { return failed() ? "error" : outcome_name(status, stop_reason); }
  // The run's line of the exit-status table; a batch exits with the worst of its runs.
  app::ExitStatus exit_status() const {
    return failed() ? app::ExitStatus::internal_error : app::exit_status(status, stop_reason);
  }
};

}  // namespace hsearch::compare
