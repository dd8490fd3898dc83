#pragma once
// What one run of search-compare is (a configuration on an instance) and what it measured.
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <stdexcept>
#include <string>

namespace hsearch::compare {

// Bad command-line input (unknown domain, algorithm, heuristic, pruning): exit status 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Bad input data (an instance file): the message names the file, the line and the problem.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One cell of the grid: an algorithm with a heuristic and a move pruning.
struct Configuration {
  std::string algorithm;  // astar | idastar | bfs | iddfs
  std::string heuristic;  // a domain heuristic name, or "-" for blind algorithms
  std::string pruning;    // "none" or a domain pruning name (depth-first algorithms only)

  std::string label() const { return algorithm + " / " + heuristic + " / " + pruning; }
  bool operator==(const Configuration&) const = default;
};

// Teaching output requested for a run (both optional).
struct Teaching {
  std::ostream* trace = nullptr;  // IDA* iterations and A* reopen events (TraceObserver)
  std::ostream* dot = nullptr;    // the search tree as Graphviz DOT (DotObserver)
  std::size_t dot_max_nodes = 200;
  bool active() const { return trace != nullptr || dot != nullptr; }
};

struct RunRecord {
  std::string instance;  // the instance's name (file line, level title, seed number)
  std::size_t instance_index = 0;
  std::string algorithm, heuristic, pruning;
  std::string status = "error";     // solved | no_solution | stopped | error
  std::string stop_reason = "none";  // none | node_limit | time_limit | memory_limit | ...
  std::int64_t cost = -1;           // plan cost when solved, else -1
  bool optimal = false;             // proven optimal (see hsearch::Result::optimal)
  std::int64_t lower_bound = 0;     // proven lower bound on the optimal cost
  std::uint64_t expanded = 0, generated = 0, reopened = 0, pruned = 0, duplicates = 0;
  std::size_t iterations = 0;  // IDA* / IDDFS iterations
  std::size_t plan_length = 0;
  double seconds = 0;
  std::size_t peak_bytes = 0;  // the search's own data structures (Statistics::peak_bytes)
  bool verified = false;       // the plan was replayed from the start and reached a goal
  std::string error;           // what went wrong when status == "error"

  Configuration configuration() const { return {algorithm, heuristic, pruning}; }
  bool solved() const { return status == "solved"; }
};

}  // namespace hsearch::compare
