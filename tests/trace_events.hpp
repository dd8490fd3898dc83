#pragma once
// Test helper: the events of one type in a trace written by --trace-json (app/trace_json.hpp).
#include <cstddef>

#include <nlohmann/json.hpp>

namespace hsearch::testing {

inline std::size_t count_events(const nlohmann::json& trace, const char* type) {
  std::size_t n = 0;
  for (const auto& e : trace["events"]) n += e["t"] == type ? 1 : 0;
  return n;
}

}  // namespace hsearch::testing
