#pragma once
// Per-configuration tables (one row per instance, then totals and geometric means) and the
// comparison table (one row per configuration), as aligned plain text.
//
// Totals add up every run of a configuration (peak memory: the largest). Geometric means in
// the comparison table are taken over the instances that every configuration solved, so that
// configurations are compared on the same instances; in a configuration's own table they are
// over all its runs. Zero counts enter geometric means as 1 (and seconds as 1 microsecond).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

#include "hsearch/compare/run_record.hpp"

namespace hsearch::compare {

inline std::string format_bytes(std::size_t bytes) {
  char buf[32];
  const double b = static_cast<double>(bytes);
  if (bytes < 1024) {
    std::snprintf(buf, sizeof buf, "%zu B", bytes);
  } else if (b < 1024.0 * 1024) {
    std::snprintf(buf, sizeof buf, "%.1f KiB", b / 1024);
  } else if (b < 1024.0 * 1024 * 1024) {
    std::snprintf(buf, sizeof buf, "%.1f MiB", b / (1024.0 * 1024));
  } else {
    std::snprintf(buf, sizeof buf, "%.2f GiB", b / (1024.0 * 1024 * 1024));
  }
  return buf;
}

inline std::string format_seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", s);
  return buf;
}

inline std::string format_count(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.0f", v);
  return buf;
}

class GeometricMean {
 public:
  void add(double v, double floor) {
    log_sum_ += std::log(std::max(v, floor));
    ++n_;
  }
  double value() const { return n_ == 0 ? 0.0 : std::exp(log_sum_ / static_cast<double>(n_)); }
  std::size_t count() const { return n_; }

 private:
  double log_sum_ = 0;
  std::size_t n_ = 0;
};

// What the tables say about one configuration.
struct ConfigurationSummary {
  Configuration configuration;
  std::size_t runs = 0, solved = 0, optimal = 0;
  std::int64_t cost = 0;  // sum over solved runs
  std::uint64_t expanded = 0, generated = 0, reopened = 0;
  double seconds = 0;
  std::size_t peak_bytes = 0;  // largest of the runs
  GeometricMean gm_expanded, gm_generated, gm_seconds;  // over the instances all solved
};

inline std::vector<Configuration> configurations_of(const std::vector<RunRecord>& records) {
  std::vector<Configuration> out;
  for (const auto& r : records) {
    if (std::find(out.begin(), out.end(), r.configuration()) == out.end()) {
      out.push_back(r.configuration());
    }
  }
  return out;
}

// Instance indices solved by every configuration.
inline std::vector<bool> solved_by_all(const std::vector<RunRecord>& records) {
  std::size_t n = 0;
  for (const auto& r : records) n = std::max(n, r.instance_index + 1);
  std::vector<bool> all(n, true);
  std::vector<bool> seen(n, false);
  for (const auto& r : records) {
    seen[r.instance_index] = true;
    if (!r.solved()) all[r.instance_index] = false;
  }
  for (std::size_t i = 0; i < n; ++i) all[i] = all[i] && seen[i];
  return all;
}

inline std::vector<ConfigurationSummary> summarize(const std::vector<RunRecord>& records) {
  const auto common = solved_by_all(records);
  std::vector<ConfigurationSummary> out;
  for (const auto& c : configurations_of(records)) {
    ConfigurationSummary s;
    s.configuration = c;
    for (const auto& r : records) {
      if (!(r.configuration() == c)) continue;
      ++s.runs;
      if (r.solved()) {
        ++s.solved;
        s.cost += r.cost;
        if (r.optimal) ++s.optimal;
      }
      s.expanded += r.expanded;
      s.generated += r.generated;
      s.reopened += r.reopened;
      s.seconds += r.seconds;
      s.peak_bytes = std::max(s.peak_bytes, r.peak_bytes);
      if (common[r.instance_index]) {
        s.gm_expanded.add(static_cast<double>(r.expanded), 1);
        s.gm_generated.add(static_cast<double>(r.generated), 1);
        s.gm_seconds.add(r.seconds, 1e-6);
      }
    }
    out.push_back(s);
  }
  return out;
}

// A plain-text table with right-aligned columns (the first column left-aligned).
class TextTable {
 public:
  explicit TextTable(std::vector<std::string> header) { rows_.push_back(std::move(header)); }
  void add(std::vector<std::string> row) { rows_.push_back(std::move(row)); }
  void rule() { rules_.push_back(rows_.size()); }
  void print(std::ostream& out) const {
    std::vector<std::size_t> width;
    for (const auto& row : rows_) {
      width.resize(std::max(width.size(), row.size()), 0);
      for (std::size_t i = 0; i < row.size(); ++i) width[i] = std::max(width[i], row[i].size());
    }
    std::size_t line = 0;
    for (std::size_t w : width) line += w + 2;
    for (std::size_t k = 0; k < rows_.size(); ++k) {
      if (std::find(rules_.begin(), rules_.end(), k) != rules_.end()) {
        out << "  " << std::string(line > 2 ? line - 2 : 0, '-') << '\n';
      }
      const auto& row = rows_[k];
      out << ' ';
      for (std::size_t i = 0; i < row.size(); ++i) {
        const std::string pad(width[i] - row[i].size(), ' ');
        out << ' ' << (i == 0 ? row[i] + pad : pad + row[i]) << ' ';
      }
      out << '\n';
      if (k == 0) out << "  " << std::string(line > 2 ? line - 2 : 0, '-') << '\n';
    }
  }

 private:
  std::vector<std::vector<std::string>> rows_;
  std::vector<std::size_t> rules_;
};

inline std::string status_cell(const RunRecord& r) { return r.status_word(); }

// One table per configuration: a row per instance, then totals and geometric means.
inline void print_configuration_tables(std::ostream& out, const std::vector<RunRecord>& records) {
  for (const auto& c : configurations_of(records)) {
    out << "\n" << c.label() << "\n";
    TextTable t({"instance", "status", "cost", "optimal", "expanded", "generated", "reopened",
                 "seconds", "peak memory"});
    std::size_t runs = 0, solved = 0, optimal = 0, peak = 0;
    std::int64_t cost = 0;
    std::uint64_t expanded = 0, generated = 0, reopened = 0;
    double seconds = 0;
    GeometricMean ge, gg, gr, gs, gp;
    for (const auto& r : records) {
      if (!(r.configuration() == c)) continue;
      t.add({r.instance, status_cell(r), r.solved() ? std::to_string(r.cost) : "-",
             r.solved() ? (r.optimal ? "yes" : "no") : "-", std::to_string(r.expanded),
             std::to_string(r.generated), std::to_string(r.reopened), format_seconds(r.seconds),
             format_bytes(r.peak_bytes)});
      ++runs;
      if (r.solved()) {
        ++solved;
        cost += r.cost;
        if (r.optimal) ++optimal;
      }
      expanded += r.expanded;
      generated += r.generated;
      reopened += r.reopened;
      seconds += r.seconds;
      peak = std::max(peak, r.peak_bytes);
      ge.add(static_cast<double>(r.expanded), 1);
      gg.add(static_cast<double>(r.generated), 1);
      gr.add(static_cast<double>(r.reopened), 1);
      gs.add(r.seconds, 1e-6);
      gp.add(static_cast<double>(r.peak_bytes), 1);
    }
    t.rule();
    t.add({"total (" + std::to_string(runs) + " runs)",
           "solved " + std::to_string(solved) + "/" + std::to_string(runs), std::to_string(cost),
           std::to_string(optimal), std::to_string(expanded), std::to_string(generated),
           std::to_string(reopened), format_seconds(seconds), "max " + format_bytes(peak)});
    t.add({"geometric mean", "", "", "", format_count(ge.value()), format_count(gg.value()),
           format_count(gr.value()), format_seconds(gs.value()),
           format_bytes(static_cast<std::size_t>(gp.value()))});
    t.print(out);
  }
}

// One row per configuration.
inline void print_comparison_table(std::ostream& out, const std::vector<RunRecord>& records) {
  const auto summaries = summarize(records);
  const auto common = solved_by_all(records);
  const auto n_common = static_cast<std::size_t>(std::count(common.begin(), common.end(), true));
  out << "\ncomparison (geometric means over the " << n_common
      << " instances solved by every configuration)\n";
  TextTable t({"configuration", "solved", "optimal", "total cost", "expanded", "generated",
               "reopened", "seconds", "gm expanded", "gm generated", "gm seconds", "peak memory"});
  for (const auto& s : summaries) {
    t.add({s.configuration.label(), std::to_string(s.solved) + "/" + std::to_string(s.runs),
           std::to_string(s.optimal), std::to_string(s.cost), std::to_string(s.expanded),
           std::to_string(s.generated), std::to_string(s.reopened), format_seconds(s.seconds),
           n_common ? format_count(s.gm_expanded.value()) : "-",
           n_common ? format_count(s.gm_generated.value()) : "-",
           n_common ? format_seconds(s.gm_seconds.value()) : "-", format_bytes(s.peak_bytes)});
  }
  t.print(out);
}

}  // namespace hsearch::compare
