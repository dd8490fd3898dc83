#pragma once
// One run as the JSON object of --json: the core keys every hsearch program prints, in their
// order (hsearch::app::core_json), then search-compare's own keys. search-compare does not
// print plans: "solution" is null and "plan_length" gives the plan's number of moves.
#include <string>

#include "hsearch/app/json.hpp"
#include "hsearch/compare/run_record.hpp"

namespace hsearch::compare {

inline app::Json run_json(const RunRecord& r, const std::string& domain) {
  app::CoreRecord core = app::named_record("search-compare", domain, r.instance, to_string(r.algorithm), r.heuristic);
  core.status = r.status_word();
  if (r.solved()) core.cost = r.cost;
  core.optimal = r.solved() && r.optimal;
  core.lower_bound = r.lower_bound;
  core.expanded = r.expanded;
  core.generated = r.generated;
  core.seconds = r.seconds;
  app::Json j = app::core_json(core);
  j["pruning"] = r.pruning;
  j["reopened"] = r.reopened;
  j["pruned"] = r.pruned;
  j["duplicates"] = r.duplicates;
  j["iterations"] = r.iterations.size();
  j["plan_length"] = r.solved() ? app::Json(r.plan_length) : app::Json(nullptr);
  j["peak_bytes"] = r.peak_bytes;
  j["verified"] = r.verified;
  j["error"] = r.failed() ? app::Json(r.error) : app::Json(nullptr);
  return j;
}

}  // namespace hsearch::compare
