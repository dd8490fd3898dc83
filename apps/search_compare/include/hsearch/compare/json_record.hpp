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

// Every field a run's process fills (adapter.run), for a batch over MPI ranks: a worker's
// process sends these and rank 0 rebuilds the record (the instance and the configuration are
// rank 0's, from the task). Enums go as their numbers: both ends are the same binary.
inline app::Json run_fields_json(const RunRecord& r) {
  app::Json iterations = app::Json::array();
  for (const IterationStats& it : r.iterations) {
    iterations.push_back({it.bound, it.expanded, it.generated, it.pruned, it.next_bound, it.seconds, it.stopped});
  }
  return {{"status", static_cast<int>(r.status)},
          {"stop_reason", static_cast<int>(r.stop_reason)},
          {"error", r.error},
          {"cost", r.cost},
          {"optimal", r.optimal},
          {"lower_bound", r.lower_bound},
          {"counts", {r.expanded, r.generated, r.reopened, r.pruned, r.duplicates}},
          {"iterations", std::move(iterations)},
          {"plan_length", r.plan_length},
          {"seconds", r.seconds},
          {"peak_bytes", r.peak_bytes},
          {"verified", r.verified}};
}

// The fields run_fields_json wrote, into `r` (throws nlohmann's exceptions on a malformed text).
inline void read_run_fields(const app::Json& j, RunRecord& r) {
  r.status = static_cast<Status>(j.at("status").get<int>());
  r.stop_reason = static_cast<StopReason>(j.at("stop_reason").get<int>());
  r.error = j.at("error").get<std::string>();
  r.cost = j.at("cost").get<std::int64_t>();
  r.optimal = j.at("optimal").get<bool>();
  r.lower_bound = j.at("lower_bound").get<std::int64_t>();
  const app::Json& counts = j.at("counts");
  r.expanded = counts.at(0).get<std::uint64_t>();
  r.generated = counts.at(1).get<std::uint64_t>();
  r.reopened = counts.at(2).get<std::uint64_t>();
  r.pruned = counts.at(3).get<std::uint64_t>();
  r.duplicates = counts.at(4).get<std::uint64_t>();
  r.iterations.clear();
  for (const app::Json& it : j.at("iterations")) {
    r.iterations.push_back({it.at(0).get<std::int64_t>(), it.at(1).get<std::uint64_t>(), it.at(2).get<std::uint64_t>(),
                            it.at(3).get<std::uint64_t>(), it.at(4).get<std::int64_t>(), it.at(5).get<double>(),
                            it.at(6).get<bool>()});
  }
  r.plan_length = j.at("plan_length").get<std::size_t>();
  r.seconds = j.at("seconds").get<double>();
  r.peak_bytes = j.at("peak_bytes").get<std::size_t>();
  r.verified = j.at("verified").get<bool>();
}

}  // namespace hsearch::compare
