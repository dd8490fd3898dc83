#pragma once
// One JSON object per instance, the same core keys in every program, in this order:
//   program, domain, instance, algorithm, heuristic, status, cost, optimal, lower_bound,
//   expanded, generated, seconds, solution
// then the domain's own keys (Sokoban: pushes, moves, ...). `status` is the framework's
// outcome word (solved, unsolvable, time_limit, node_limit, memory_limit, interrupted),
// "invalid" for an instance that could not be read, or "error" for an internal error; `cost` and `solution` are null unless
// solved. Written with nlohmann::json (keys kept in insertion order).
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "hsearch/core/result.hpp"

namespace hsearch::app {

using Json = nlohmann::ordered_json;

struct CoreRecord {
  std::string program, domain, instance, algorithm, heuristic;
  std::string status = "invalid";
  std::optional<std::int64_t> cost;  // when solved
  bool optimal = false;              // proven
  std::int64_t lower_bound = 0;      // proven
  std::uint64_t expanded = 0, generated = 0;
  double seconds = 0;
  std::optional<std::string> solution;  // when solved: the plan in the domain's notation
};

// A record with its names; the outcome is filled by fill_from_result (or by hand).
inline CoreRecord named_record(std::string program, std::string domain, std::string instance, std::string algorithm,
                               std::string heuristic) {
  CoreRecord r;
  r.program = std::move(program);
  r.domain = std::move(domain);
  r.instance = std::move(instance);
  r.algorithm = std::move(algorithm);
  r.heuristic = std::move(heuristic);
  return r;
}

// The outcome and counters of a framework result (status, cost, optimal, lower_bound,
// expanded, generated, seconds); the caller fills the names and the solution.
template <class Move, class Cost>
void fill_from_result(CoreRecord& record, const Result<Move, Cost>& r) {
  record.status = r.outcome();
  record.cost = r.solved() ? std::optional<std::int64_t>(static_cast<std::int64_t>(r.cost)) : std::nullopt;
  record.optimal = r.solved() && r.optimal;
  record.lower_bound = static_cast<std::int64_t>(r.lower_bound);
  record.expanded = r.stats.expanded;
  record.generated = r.stats.generated;
  record.seconds = r.stats.seconds;
}

// The core keys, in order; add the domain's keys to the returned object.
Json core_json(const CoreRecord& record);

// One line, flushed (a batch's consumer sees each instance as soon as it ends).
void print_json_line(std::ostream& out, const Json& object);

}  // namespace hsearch::app
