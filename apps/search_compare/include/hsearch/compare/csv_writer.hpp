#pragma once
// The runs as CSV (RFC 4180): a header line, one record per run, CRLF line ends, fields that
// hold a comma, a double quote, CR or LF enclosed in double quotes with inner quotes doubled.
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

#include "hsearch/compare/run_record.hpp"

namespace hsearch::compare {

inline std::string csv_field(const std::string& value) {
  if (value.find_first_of(",\"\r\n") == std::string::npos) return value;
  std::string out = "\"";
  for (char c : value) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

inline const std::vector<std::string>& csv_columns() {
  static const std::vector<std::string> columns = {
      "instance", "algorithm",  "heuristic",  "pruning",     "status",  "cost",
      "optimal",  "lower_bound", "expanded",  "generated",   "reopened", "pruned",
      "duplicates", "iterations", "plan_length", "seconds", "peak_bytes", "verified",
      "error"};
  return columns;
}

inline void write_csv(std::ostream& out, const std::vector<RunRecord>& records) {
  const auto line = [&out](const std::vector<std::string>& fields) {
    for (std::size_t i = 0; i < fields.size(); ++i) {
      if (i != 0) out << ',';
      out << csv_field(fields[i]);
    }
    out << "\r\n";
  };
  line(csv_columns());
  for (const auto& r : records) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.6f", r.seconds);
    line({r.instance, to_string(r.algorithm), r.heuristic, r.pruning, r.status_word(),
          r.solved() ? std::to_string(r.cost) : "", r.optimal ? "true" : "false",
          std::to_string(r.lower_bound), std::to_string(r.expanded), std::to_string(r.generated),
          std::to_string(r.reopened), std::to_string(r.pruned), std::to_string(r.duplicates),
          std::to_string(r.iterations.size()), std::to_string(r.plan_length), seconds,
          std::to_string(r.peak_bytes), r.verified ? "true" : "false", r.error});
  }
}

}  // namespace hsearch::compare
