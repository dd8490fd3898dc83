#include "hsearch/app/trace_json.hpp"

#include <fstream>
#include <stdexcept>

namespace hsearch::app {

namespace {

Json event_json(const RecordedEvent& e) {
  using K = RecordedEvent::Kind;
  Json j;
  j["t"] = to_string(e.kind);
  switch (e.kind) {
    case K::iteration_begin:
      j["bound"] = e.other;
      return j;
    case K::iteration_end:
      j["bound"] = e.other;
      j["next_bound"] = e.next_bound;
      j["expanded"] = e.expanded;
      j["generated"] = e.generated;
      return j;
    case K::prune:
      j["parent"] = e.parent;
      j["m"] = e.move;
      return j;
    default: break;
  }
  j["id"] = e.node;
  j["parent"] = e.parent;
  j["g"] = e.g;
  if (e.dead_end) {
    j["h"] = nullptr;
  } else {
    j["h"] = e.h;
  }
  j["d"] = e.depth;
  j["s"] = e.state;
  if (e.kind == K::generate) {
    j["m"] = e.move;
    if (e.other >= 0) j["replaces"] = e.other;
  }
  if (e.kind == K::reopen) j["reopens"] = e.other;
  if (e.kind == K::solution) j["cost"] = e.other;
  return j;
}

}  // namespace

Json trace_json(const Recording& rec, const TraceInfo& info) {
  Json j;
  j["format"] = "hsearch-trace";
  j["version"] = 1;
  j["program"] = info.program;
  j["domain"] = info.domain;
  j["instance"] = info.instance;
  j["algorithm"] = info.algorithm;
  j["heuristic"] = info.heuristic;
  j["pruning"] = info.pruning;
  j["weight"] = Json::array({info.weight_g, info.weight_h});
  j["cap"] = rec.cap;
  j["truncated"] = rec.truncated;
  j["tree"] = rec.tree;
  Json result;
  result["status"] = rec.finished ? rec.outcome : std::string("unfinished");
  result["cost"] = rec.cost >= 0 ? Json(rec.cost) : Json(nullptr);
  result["optimal"] = rec.optimal;
  result["expanded"] = rec.stats.expanded;
  result["generated"] = rec.stats.generated;
  result["duplicates"] = rec.stats.duplicates;
  result["reopened"] = rec.stats.reopened;
  result["pruned"] = rec.stats.pruned;
  result["dead_ends"] = rec.stats.dead_ends;
  result["seconds"] = rec.stats.seconds;
  Json iterations = Json::array();
  for (const auto& it : rec.stats.iterations) {
    iterations.push_back(Json{{"bound", it.bound},
                              {"expanded", it.expanded},
                              {"generated", it.generated},
                              {"pruned", it.pruned},
                              {"next_bound", it.next_bound}});
  }
  result["iterations"] = std::move(iterations);
  j["result"] = std::move(result);
  j["states"] = rec.states;
  Json events = Json::array();
  for (const auto& e : rec.events) events.push_back(event_json(e));
  j["events"] = std::move(events);
  j["path"] = rec.path;
  j["solution"] = Json{{"states", rec.solution_states}, {"moves", rec.solution_moves}};
  return j;
}

void write_trace_json(const std::string& path, const Recording& recording, const TraceInfo& info) {
  std::ofstream out(path, std::ios::binary);
  if (!out) throw std::runtime_error("cannot write the trace file " + path);
  out << trace_json(recording, info).dump() << "\n";
  out.close();
  if (!out) throw std::runtime_error("writing the trace file " + path + " failed");
}

}  // namespace hsearch::app
