#pragma once
// A self-contained HTML report of a comparison: charts (Chart.js, embedded into the file so it
// works offline) and the tables. Charts:
//   1. nodes expanded per instance, one line per configuration, log scale (crosses: unsolved);
//   2. time against nodes expanded, one scatter series per configuration, log-log;
//   3. solved within time: for each configuration, how many instances were solved within t.
// The run data sits in the page as JSON; a small script builds the charts and then writes
// "charts built: 3" into #hsearch-status (tests look for it). Script errors are written into
// #hsearch-errors, so a headless browser's DOM dump shows them.
//
// Chart.js is read at run time from a file (Debian package libjs-chart.js); when it cannot be
// found the report is still written, with the tables only and a banner saying how to get the
// charts (see docs/search_compare.md).
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "hsearch/app/json.hpp"
#include "hsearch/app/markup.hpp"
#include "hsearch/compare/run_record.hpp"
#include "hsearch/compare/summary_table.hpp"

namespace hsearch::compare {

// Where Chart.js is looked for when neither --chartjs nor $HSEARCH_CHARTJS names a file.
inline constexpr const char* kDefaultChartJs = "/usr/share/javascript/chart.js/chart.min.js";

struct ChartLibrary {
  std::string path;     // the file read (or tried)
  std::string text;     // its contents; empty when not found
  std::string problem;  // why it is empty
  bool found() const { return !text.empty(); }
};

// explicit_path (from --chartjs) first, then $HSEARCH_CHARTJS, then kDefaultChartJs.
inline ChartLibrary load_chart_library(const std::string& explicit_path) {
  ChartLibrary lib;
  lib.path = explicit_path;
  if (lib.path.empty()) {
    const char* env = std::getenv("HSEARCH_CHARTJS");
    lib.path = (env != nullptr && *env != '\0') ? env : kDefaultChartJs;
  }
  std::ifstream in(lib.path, std::ios::binary);
  if (!in) {
    lib.problem = "cannot read Chart.js at " + lib.path +
                  " (install the Debian package libjs-chart.js, or give its path with --chartjs "
                  "FILE or HSEARCH_CHARTJS)";
    return lib;
  }
  std::ostringstream text;
  text << in.rdbuf();
  lib.text = text.str();
  if (lib.text.find("Chart") == std::string::npos) {
    lib.problem = lib.path + " does not look like Chart.js";
    lib.text.clear();
  }
  return lib;
}

using app::html_escape;

// JSON text that is also safe inside a <script> element: '<', '>' and '&' can only occur inside
// JSON strings, where their \u escapes mean the same characters.
inline std::string script_json(const app::Json& value) {
  std::string out;
  for (char c : value.dump(-1, ' ', false, app::Json::error_handler_t::replace)) {
    switch (c) {
      case '<': out += "\\u003c"; break;
      case '>': out += "\\u003e"; break;
      case '&': out += "\\u0026"; break;
      default: out += c;
    }
  }
  return out;
}

// A script's text with any "</script" broken up so it cannot end the element early.
inline std::string script_safe(std::string text) {
  for (std::size_t at = 0; (at = text.find("</", at)) != std::string::npos; at += 3) {
    std::string tag = text.substr(at + 2, 6);
    std::transform(tag.begin(), tag.end(), tag.begin(), [](unsigned char c) { return std::tolower(c); });
    if (tag == "script") text.replace(at, 2, "<\\/");
  }
  return text;
}

struct ReportInfo {
  std::string domain;
  std::string command;  // the command line that produced it
  std::string limits;   // a readable summary of the per-run limits
  std::vector<std::string> notes;
};

// The run data for the page script: instances, and per configuration one series.
inline std::string report_json(const std::vector<RunRecord>& records) {
  std::vector<std::string> instances;
  for (const auto& r : records) {
    if (r.instance_index >= instances.size()) instances.resize(r.instance_index + 1);
    instances[r.instance_index] = r.instance;
  }
  app::Json series = app::Json::array();
  for (const auto& c : configurations_of(records)) {
    app::Json runs = app::Json::array();
    for (const auto& r : records) {
      if (!(r.configuration() == c)) continue;
      runs.push_back({{"i", r.instance_index},
                      {"solved", r.solved()},
                      {"status", status_cell(r)},
                      {"cost", r.cost},
                      {"expanded", r.expanded},
                      {"generated", r.generated},
                      {"seconds", r.seconds}});
    }
    series.push_back({{"label", c.label()}, {"runs", std::move(runs)}});
  }
  return script_json(app::Json{{"instances", instances}, {"series", std::move(series)}});
}

// The page script: builds the three charts from #hsearch-data.
inline const char* report_script() {
  return R"JS(
(function () {
  var data = JSON.parse(document.getElementById('hsearch-data').textContent);
  var palette = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2',
                 '#7f7f7f', '#bcbd22', '#17becf'];
  var color = function (k) { return palette[k % palette.length]; };
  var floorTime = function (s) { return Math.max(s, 1e-6); };
  var common = { animation: false, responsive: true, maintainAspectRatio: false,
                 plugins: { legend: { position: 'bottom' } } };
  // Log axes: label the powers of ten only, compactly (1e-5, 0.01, 1, 10k, 3M).
  var isPow10 = function (v) { var l = Math.log10(v); return Math.abs(l - Math.round(l)) < 1e-9; };
  var compact = function (v) {
    if (v >= 1e9) return (v / 1e9) + 'G';
    if (v >= 1e6) return (v / 1e6) + 'M';
    if (v >= 1e3) return (v / 1e3) + 'k';
    if (v >= 1e-3) return String(+v.toPrecision(3));
    return v.toExponential(0);
  };
  var logTicks = { callback: function (v) { return isPow10(v) ? compact(v) : ''; } };
  var built = 0;

  // 1. Nodes expanded per instance (log scale). Unsolved runs are drawn as crosses.
  new Chart(document.getElementById('chart-expanded'), {
    type: 'line',
    data: {
      labels: data.instances,
      datasets: data.series.map(function (s, k) {
        var values = data.instances.map(function () { return null; });
        var styles = data.instances.map(function () { return 'circle'; });
        var sizes = data.instances.map(function () { return 3; });
        s.runs.forEach(function (r) {
          values[r.i] = Math.max(r.expanded, 1);
          if (!r.solved) { styles[r.i] = 'crossRot'; sizes[r.i] = 8; }
        });
        return { label: s.label, data: values, borderColor: color(k), backgroundColor: color(k),
                 pointStyle: styles, pointRadius: sizes, borderWidth: 2, spanGaps: true };
      })
    },
    options: Object.assign({}, common, {
      scales: { y: { type: 'logarithmic', ticks: logTicks, title: { display: true, text: 'nodes expanded (log)' } },
                x: { title: { display: true, text: 'instance' } } },
      plugins: Object.assign({}, common.plugins, { tooltip: { callbacks: {
        afterLabel: function (ctx) {
          var r = data.series[ctx.datasetIndex].runs.filter(function (x) { return x.i === ctx.dataIndex; })[0];
          return r ? r.status + (r.solved ? ', cost ' + r.cost : '') + ', ' + r.seconds.toFixed(3) + ' s' : '';
        } } } })
    })
  });
  built++;

  // 2. Time against nodes expanded, one series per configuration (log-log).
  new Chart(document.getElementById('chart-time-nodes'), {
    type: 'scatter',
    data: { datasets: data.series.map(function (s, k) {
      return { label: s.label, borderColor: color(k), backgroundColor: color(k), pointRadius: 4,
               data: s.runs.map(function (r) {
                 return { x: Math.max(r.expanded, 1), y: floorTime(r.seconds), name: data.instances[r.i] };
               }) };
    }) },
    options: Object.assign({}, common, {
      scales: { x: { type: 'logarithmic', ticks: logTicks, title: { display: true, text: 'nodes expanded (log)' } },
                y: { type: 'logarithmic', ticks: logTicks, title: { display: true, text: 'seconds (log)' } } },
      plugins: Object.assign({}, common.plugins, { tooltip: { callbacks: {
        label: function (ctx) {
          return ctx.dataset.label + ' | ' + ctx.raw.name + ': ' + ctx.raw.x + ' nodes, ' +
                 ctx.raw.y.toFixed(4) + ' s';
        } } } })
    })
  });
  built++;

  // 3. Solved within time: step curves, one per configuration.
  var longest = 0;
  data.series.forEach(function (s) {
    s.runs.forEach(function (r) { longest = Math.max(longest, floorTime(r.seconds)); });
  });
  new Chart(document.getElementById('chart-solved'), {
    type: 'line',
    data: { datasets: data.series.map(function (s, k) {
      var times = s.runs.filter(function (r) { return r.solved; })
                        .map(function (r) { return floorTime(r.seconds); })
                        .sort(function (a, b) { return a - b; });
      var points = times.map(function (t, n) { return { x: t, y: n + 1 }; });
      // Carry the final count on to the longest run of any configuration.
      if (points.length > 0 && longest > points[points.length - 1].x) {
        points.push({ x: longest, y: points.length });
      }
      return { label: s.label, data: points, borderColor: color(k), backgroundColor: color(k),
               stepped: 'before', pointRadius: 2, borderWidth: 2 };
    }) },
    options: Object.assign({}, common, {
      scales: { x: { type: 'logarithmic', ticks: logTicks, title: { display: true, text: 'seconds (log)' } },
                y: { beginAtZero: true, suggestedMax: data.instances.length,
                     title: { display: true, text: 'instances solved' }, ticks: { precision: 0 } } }
    })
  });
  built++;

  var status = document.getElementById('hsearch-status');
  status.textContent = 'charts built: ' + built;
  status.setAttribute('data-charts', String(built));
})();
)JS";
}

inline void write_html_report(std::ostream& out, const std::vector<RunRecord>& records,
                              const ReportInfo& info, const ChartLibrary& chart) {
  const auto configurations = configurations_of(records);
  std::size_t instance_count = 0;
  for (const auto& r : records) instance_count = std::max(instance_count, r.instance_index + 1);
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<title>search-compare: " << html_escape(info.domain) << "</title>\n"
      << "<style>\n"
         "body { font-family: sans-serif; margin: 1.5em auto; max-width: 1200px; color: #222; }\n"
         "h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.6em; }\n"
         ".meta, .note { color: #555; font-size: 0.9em; }\n"
         ".chart { position: relative; height: 420px; }\n"
         ".banner { background: #fff3cd; border: 1px solid #e0c36c; padding: 0.6em; }\n"
         "#hsearch-errors { color: #b00; white-space: pre-wrap; }\n"
         "table { border-collapse: collapse; font-size: 0.85em; margin: 0.5em 0; }\n"
         "th, td { border: 1px solid #ccc; padding: 2px 6px; text-align: right; }\n"
         "th:first-child, td:first-child { text-align: left; }\n"
         "th { background: #f0f0f0; }\n"
         "</style>\n</head>\n<body>\n"
      << "<script>window.addEventListener('error', function (e) {"
         " document.getElementById('hsearch-errors').textContent += 'script error: ' + e.message + '\\n'; });"
         "</script>\n"
      << "<h1>search-compare: " << html_escape(info.domain) << "</h1>\n"
      << "<p class=\"meta\">" << instance_count << " instances &times; " << configurations.size()
      << " configurations = " << records.size() << " runs. Limits per run: "
      << html_escape(info.limits) << ".<br>Command: <code>" << html_escape(info.command)
      << "</code></p>\n";
  for (const auto& note : info.notes) out << "<p class=\"note\">" << html_escape(note) << "</p>\n";
  out << "<div id=\"hsearch-errors\"></div>\n";
  if (chart.found()) {
    out << "<p id=\"hsearch-status\" class=\"meta\">charts: not built (is JavaScript on?)</p>\n"
        << "<h2>Nodes expanded per instance</h2>\n<p class=\"note\">Log scale. One line per "
           "configuration; a cross marks a run that did not solve its instance (stopped by a "
           "limit: the count is where it stopped). Click a legend entry to hide a series.</p>\n"
        << "<div class=\"chart\"><canvas id=\"chart-expanded\"></canvas></div>\n"
        << "<h2>Time against nodes expanded</h2>\n<p class=\"note\">Log-log; one point per run. "
           "Points on one diagonal share a node rate; points above it are slower per node.</p>\n"
        << "<div class=\"chart\"><canvas id=\"chart-time-nodes\"></canvas></div>\n"
        << "<h2>Solved within time</h2>\n<p class=\"note\">For each configuration, how many "
           "instances it solved within the time on the x axis (higher and further left is "
           "better).</p>\n"
        << "<div class=\"chart\"><canvas id=\"chart-solved\"></canvas></div>\n";
  } else {
    out << "<p id=\"hsearch-status\" class=\"banner\">No charts in this report: "
        << html_escape(chart.problem) << ". The tables below hold all the numbers.</p>\n";
  }

  // The comparison table (one row per configuration).
  const auto summaries = summarize(records);
  const auto common = solved_by_all(records);
  const auto n_common = static_cast<std::size_t>(std::count(common.begin(), common.end(), true));
  out << "<h2>Comparison</h2>\n<p class=\"note\">Totals over all runs of a configuration; "
         "geometric means over the "
      << n_common << " instances every configuration solved.</p>\n<table>\n<tr><th>configuration</th>"
         "<th>solved</th><th>proven optimal</th><th>total cost</th><th>expanded</th><th>generated</th>"
         "<th>reopened</th><th>seconds</th><th>gm expanded</th><th>gm seconds</th>"
         "<th>peak memory</th></tr>\n";
  for (const auto& s : summaries) {
    out << "<tr><td>" << html_escape(s.configuration.label()) << "</td><td>" << s.solved << "/"
        << s.runs << "</td><td>" << s.optimal << "</td><td>" << s.cost << "</td><td>"
        << s.expanded << "</td><td>" << s.generated << "</td><td>" << s.reopened << "</td><td>"
        << format_seconds(s.seconds) << "</td><td>"
        << (n_common ? format_count(s.gm_expanded.value()) : "-") << "</td><td>"
        << (n_common ? format_seconds(s.gm_seconds.value()) : "-") << "</td><td>"
        << html_escape(format_bytes(s.peak_bytes)) << "</td></tr>\n";
  }
  out << "</table>\n";

  // Every run.
  out << "<h2>All runs</h2>\n<details>\n<summary>" << records.size()
      << " runs (click to open)</summary>\n<table>\n<tr><th>instance</th><th>configuration</th>"
         "<th>status</th><th>cost</th><th>optimal</th><th>expanded</th><th>generated</th>"
         "<th>reopened</th><th>seconds</th><th>peak memory</th></tr>\n";
  for (const auto& r : records) {
    out << "<tr><td>" << html_escape(r.instance) << "</td><td>"
        << html_escape(r.configuration().label()) << "</td><td>"
        << html_escape(status_cell(r) + (r.failed() ? ": " + r.error : "")) << "</td><td>"
        << (r.solved() ? std::to_string(r.cost) : "-") << "</td><td>"
        << (r.solved() ? (r.optimal ? "yes" : "no") : "-") << "</td><td>" << r.expanded
        << "</td><td>" << r.generated << "</td><td>" << r.reopened << "</td><td>"
        << format_seconds(r.seconds) << "</td><td>" << html_escape(format_bytes(r.peak_bytes))
        << "</td></tr>\n";
  }
  out << "</table>\n</details>\n";

  if (chart.found()) {
    out << "<script type=\"application/json\" id=\"hsearch-data\">" << report_json(records)
        << "</script>\n"
        << "<script>/* Chart.js, embedded from " << html_escape(chart.path) << " */\n"
        << script_safe(chart.text) << "\n</script>\n"
        << "<script>" << report_script() << "</script>\n";
  }
  out << "</body>\n</html>\n";
}

}  // namespace hsearch::compare
