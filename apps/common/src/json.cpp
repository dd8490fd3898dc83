#include "hsearch/app/json.hpp"

#include <cmath>

namespace hsearch::app {

Json core_json(const CoreRecord& r) {
  Json j;
  j["program"] = r.program;
  j["domain"] = r.domain;
  j["instance"] = r.instance;
  j["algorithm"] = r.algorithm;
  j["heuristic"] = r.heuristic;
  j["status"] = r.status;
  j["cost"] = r.cost ? Json(*r.cost) : Json(nullptr);
  j["optimal"] = r.optimal;
  j["lower_bound"] = r.lower_bound;
  j["expanded"] = r.expanded;
  j["generated"] = r.generated;
  // Milliseconds are what a person compares; more digits are clock noise.
  j["seconds"] = std::round(r.seconds * 1000.0) / 1000.0;
  j["solution"] = r.solution ? Json(*r.solution) : Json(nullptr);
  return j;
}

void print_json_line(std::ostream& out, const Json& object) {
  out << object.dump() << std::endl;
}

}  // namespace hsearch::app
