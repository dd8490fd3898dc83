#pragma once
// The one result every search returns: status, cost, plan, statistics.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hsearch {

enum class Status {
  solved,       // a plan to a goal was found (see Result::optimal for what is proven about it)
  unsolvable,   // proven: no goal is reachable (the whole relevant space was exhausted)
  stopped,      // a limit stopped the search first: Result::stop_reason names it
};

enum class StopReason {
  none,          // the search was not stopped
  node_limit,    // Limits::max_expanded expansions were reached
  time_limit,    // Limits::max_seconds elapsed
  memory_limit,  // the search's own tables would exceed Limits::max_bytes
  interrupted,   // the stop flag was raised (Ctrl-C)
  depth_limit,   // depth-limited DFS: a branch was cut at the depth limit and no goal was found
};

inline const char* to_string(Status s) {
  switch (s) {
    case Status::solved: return "solved";
    case Status::unsolvable: return "unsolvable";
    case Status::stopped: return "stopped";
  }
  return "?";
}

inline const char* to_string(StopReason r) {
  switch (r) {
    case StopReason::none: return "none";
    case StopReason::node_limit: return "node_limit";
    case StopReason::time_limit: return "time_limit";
    case StopReason::memory_limit: return "memory_limit";
    case StopReason::interrupted: return "interrupted";
    case StopReason::depth_limit: return "depth_limit";
  }
  return "?";
}

// How a search ended, in one word: "solved", "unsolvable", or the limit that stopped it
// ("time_limit", "node_limit", "memory_limit", "interrupted", "depth_limit"). Programs print
// this word (JSON "status", tables) so that every program names an outcome the same way.
inline const char* outcome_name(Status s, StopReason r) {
  if (s != Status::stopped) return to_string(s);
  return r == StopReason::none ? "stopped" : to_string(r);
}

// One IDA* (or iterative-deepening DFS) iteration.
struct IterationStats {
  std::int64_t bound = 0;       // the f-bound (IDA*) or depth/cost bound (IDDFS) of this iteration
  std::uint64_t expanded = 0;   // nodes expanded during this iteration
  std::uint64_t generated = 0;  // children generated during this iteration
  std::uint64_t pruned = 0;     // moves the pruning automaton refused during this iteration
  std::int64_t next_bound = 0;  // smallest f that exceeded the bound (-1: nothing exceeded it)
  double seconds = 0;           // wall time of this iteration
  // A limit stopped it before its end: nothing is proven at its bound, and next_bound is only
  // the smallest f it saw.
  bool stopped = false;
};

// Counters, each with one meaning across all algorithms.
struct Statistics {
  // Nodes whose successors were generated (a goal node found by a goal test is not expanded).
  std::uint64_t expanded = 0;
  // Children created by applying a move (after automaton pruning, before any other test):
  // includes children later dropped as duplicates, dead ends, or beyond the IDA* bound.
  std::uint64_t generated = 0;
  // Moves refused by the move-pruning automaton (never applied, not in `generated`).
  std::uint64_t pruned = 0;
  // Generated children dropped because an equal state was already known at no greater cost
  // (closed/open list in best-first searches, transposition table in IDA*).
  std::uint64_t duplicates = 0;
  // A*: closed nodes put back on the open list because a cheaper path reached them.
  std::uint64_t reopened = 0;
  // A*: nodes taken off the open list and put back unexpanded because the domain's bound,
  // asked again (AStarOptions::revalue_before_expanding), had risen above their f.
  std::uint64_t revalued = 0;
  // Children pruned because the heuristic returned dead_end (proven unable to reach a goal).
  std::uint64_t dead_ends = 0;
  // Legal moves the domain itself withheld from its move lists (e.g. Sokoban's PI-corral
  // pruning; see CountsWithheldMoves): never applied, not in `generated` or `pruned`.
  std::uint64_t withheld = 0;
  // IDA* / iterative deepening: one entry per iteration, in order.
  std::vector<IterationStats> iterations;
  // A*: the largest f = g + h among the nodes expanded so far (-1: none yet), for a progress
  // observer that shows how far the search has come without watching every node.
  std::int64_t f_reached = -1;
  // Wall-clock seconds of the whole search.
  double seconds = 0;
  // Peak bytes held by the search's own data structures (node store, hash table, queue,
  // transposition table, recursion path); excludes the domain's and heuristic's tables.
  std::size_t peak_bytes = 0;
  // HDA* (hda_star.hpp): its rounds (collectives), the batches of states sent between ranks and
  // their bytes (all ranks), and each rank's expansions (the load balance). Zero and empty for
  // the searches of one process.
  std::uint64_t rounds = 0;
  std::uint64_t messages_sent = 0;
  std::uint64_t bytes_sent = 0;
  std::vector<std::uint64_t> rank_expanded;

  // The counts of a search that went on after this one (a restart, a second algorithm from
  // the first's bound) added in: counters and seconds summed, peak bytes and f reached the
  // larger, its iterations after these.
  Statistics& operator+=(const Statistics& later) {
    expanded += later.expanded;
    generated += later.generated;
    pruned += later.pruned;
    duplicates += later.duplicates;
    reopened += later.reopened;
    revalued += later.revalued;
    dead_ends += later.dead_ends;
    withheld += later.withheld;
    iterations.insert(iterations.end(), later.iterations.begin(), later.iterations.end());
    seconds += later.seconds;
    f_reached = f_reached > later.f_reached ? f_reached : later.f_reached;
    peak_bytes = peak_bytes > later.peak_bytes ? peak_bytes : later.peak_bytes;
    rounds += later.rounds;
    messages_sent += later.messages_sent;
    bytes_sent += later.bytes_sent;
    if (rank_expanded.size() < later.rank_expanded.size()) rank_expanded.resize(later.rank_expanded.size());
    for (std::size_t i = 0; i < later.rank_expanded.size(); ++i) rank_expanded[i] += later.rank_expanded[i];
    return *this;
  }
};

template <class Move, class Cost>
struct Result {
  Status status = Status::stopped;
  StopReason stop_reason = StopReason::none;
  Cost cost = 0;                // cost of `plan` when solved
  std::vector<Move> plan;       // moves from the start to a goal when solved
  // True only when the plan is proven of minimum cost: an exact algorithm (A* or IDA* with an
  // admissible heuristic and unit weights; BFS/IDDFS on unit-cost domains) solved it.
  bool optimal = false;
  // A proven lower bound on the optimal cost (IDA*: the last bound fully searched; A*: the
  // smallest f on the open list when stopped). Equals `cost` when solved optimally.
  Cost lower_bound = 0;
  Statistics stats;
  std::string algorithm;        // "astar", "weighted-astar", "ida*", "bfs", "dfs", "iddfs"

  bool solved() const { return status == Status::solved; }
  const char* outcome() const { return outcome_name(status, stop_reason); }
};

}  // namespace hsearch
