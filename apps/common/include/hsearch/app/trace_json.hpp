#pragma once
// The search trace as JSON: what `--trace-json FILE` writes and what the search lab
// (`search-compare lab`, docs/search_lab.md) serves and plays back. One object:
//   format "hsearch-trace", version 1, program, domain, instance, algorithm, heuristic,
//   pruning, weight [w_g, w_h], cap, truncated, tree (depth-first: a node per generation),
//   result {status, cost, optimal, expanded, generated, duplicates, reopened, pruned,
//           dead_ends, seconds, iterations [{bound, expanded, generated, pruned, next_bound}]},
//   path [node ids of the solution, root first], solution {states [...], moves [...]},
//   any extra keys the caller adds, then
//   states [the domain's text of each distinct state],
//   events [{t, id, parent, g, h, d, s, m, ...}: one per recorded event, in order].
// An event's keys: t (root, generate, expand, duplicate, reopen, dead_end, prune,
// iteration_begin, iteration_end, solution), id (node), parent, g, h (null for a dead end),
// d (depth), s (index into states), m (move name), replaces (generate: the node of the same
// state it replaces), reopens (reopen: the closed node put back), bound / next_bound /
// expanded / generated (iteration events), cost (solution).
#include <string>

#include "hsearch/app/json.hpp"
#include "hsearch/observers/recording_observer.hpp"

namespace hsearch::app {

struct TraceInfo {
  std::string program, domain, instance, algorithm, heuristic, pruning;
  int weight_g = 1, weight_h = 1;
};

// The trace as one line of compact JSON text, `extra`'s keys added before the states and
// events. The events are written as text directly (a trace may hold 200,000 of them).
std::string trace_json_text(const Recording& recording, const TraceInfo& info, const Json& extra = Json::object());

// The same, parsed (for tests and small traces).
Json trace_json(const Recording& recording, const TraceInfo& info);

// Writes the trace to `path` (compact JSON and a newline); throws std::runtime_error naming
// the file when it cannot be written.
void write_trace_json(const std::string& path, const Recording& recording, const TraceInfo& info);

}  // namespace hsearch::app
