#include "hsearch/app/trace_json.hpp"

#include <fstream>
#include <stdexcept>

namespace hsearch::app {

namespace {

// A JSON string (bytes that are not UTF-8 replaced, never an exception).
std::string quoted(const std::string& text) {
  return Json(text).dump(-1, ' ', false, Json::error_handler_t::replace);
}

void add_number(std::string& out, const char* key, std::int64_t value) {
  out += ",\"";
  out += key;
  out += "\":";
  out += std::to_string(value);
}

// One event as compact JSON text (written directly: a trace holds up to the cap's events, and
// a JSON object per event would take several times the text's memory).
void append_event(std::string& out, const RecordedEvent& e) {
  using K = RecordedEvent::Kind;
  out += "{\"t\":\"";
  out += to_string(e.kind);
  out += '"';
  switch (e.kind) {
    case K::iteration_begin:
      add_number(out, "bound", e.other);
      out += '}';
      return;
    case K::iteration_end:
      add_number(out, "bound", e.other);
      add_number(out, "next_bound", e.next_bound);
      out += ",\"expanded\":" + std::to_string(e.expanded) + ",\"generated\":" + std::to_string(e.generated) + "}";
      return;
    case K::prune:
      add_number(out, "parent", e.parent);
      out += ",\"m\":" + quoted(e.move) + "}";
      return;
    default: break;
  }
  add_number(out, "id", e.node);
  add_number(out, "parent", e.parent);
  add_number(out, "g", e.g);
  if (e.dead_end) {
    out += ",\"h\":null";
  } else {
    add_number(out, "h", e.h);
  }
  add_number(out, "d", e.depth);
  add_number(out, "s", e.state);
  if (e.kind == K::generate) {
    out += ",\"m\":" + quoted(e.move);
    if (e.other >= 0) add_number(out, "replaces", e.other);
  }
  if (e.kind == K::reopen) add_number(out, "reopens", e.other);
  if (e.kind == K::solution) add_number(out, "cost", e.other);
  out += '}';
}

}  // namespace

std::string trace_json_text(const Recording& rec, const TraceInfo& info, const Json& extra) {
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
  j["path"] = rec.path;
  j["solution"] = Json{{"states", rec.solution_states}, {"moves", rec.solution_moves}};
  for (const auto& [key, value] : extra.items()) j[key] = value;
  std::string out = j.dump(-1, ' ', false, Json::error_handler_t::replace);
  out.pop_back();  // the closing brace: the states and events follow
  out.reserve(out.size() + rec.events.size() * 72 + rec.states.size() * 24);
  out += ",\"states\":[";
  for (std::size_t i = 0; i < rec.states.size(); ++i) {
    if (i > 0) out += ',';
    out += quoted(rec.states[i]);
  }
  out += "],\"events\":[";
  for (std::size_t i = 0; i < rec.events.size(); ++i) {
    if (i > 0) out += ',';
    append_event(out, rec.events[i]);
  }
  out += "]}";
  return out;
}

Json trace_json(const Recording& recording, const TraceInfo& info) {
  return Json::parse(trace_json_text(recording, info));
}

void write_trace_json(const std::string& path, const Recording& recording, const TraceInfo& info) {
  std::ofstream out(path, std::ios::binary);
  if (!out) throw std::runtime_error("cannot write the trace file " + path);
  out << trace_json_text(recording, info) << "\n";
  out.close();
  if (!out) throw std::runtime_error("writing the trace file " + path + " failed");
}

}  // namespace hsearch::app
