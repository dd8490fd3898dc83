// search-compare's domain-independent parts on the toy grid: the grid reads every algorithm
// spelling, the runner's records equal the framework's own statistics, the tables print them,
// the CSV parses back, the JSON lines carry the core keys in order, the HTML report is
// well-formed with one series per configuration, and (when Chromium is installed) a headless
// browser builds the charts without script errors. The adapter registry lists the domains.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "hsearch/compare/csv_writer.hpp"
#include "hsearch/compare/grid_runner.hpp"
#include "hsearch/compare/html_report.hpp"
#include "hsearch/compare/json_record.hpp"
#include "hsearch/compare/registry.hpp"
#include "hsearch/compare/summary_table.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/search/bfs.hpp"
#include "hsearch/search/ida_star.hpp"
#include "search_compare/grid_adapter.hpp"

namespace {

using namespace hsearch::compare;
using hsearch::testing::GridAdapter;

constexpr std::uint64_t kNodeLimit = 20000;  // IDA* on an unsolvable toy grid never ends

std::vector<RunRecord> toy_runs(GridAdapter& adapter, unsigned jobs) {
  const auto instances = adapter.generate_instances(6, 40);
  const Grid grid = make_grid(adapter, {"astar", "ida*", "bfs"}, {"manhattan", "zero"},
                              {"none", "inverse"});
  RunOptions options;
  options.limits.max_expanded = kNodeLimit;
  options.jobs = jobs;
  return run_grid(adapter, instances, grid.configurations, options);
}

TEST(Grid, BlindAlgorithmsRunOnceAndPruningOnlyWithDepthFirst) {
  GridAdapter adapter;
  const Grid grid = make_grid(adapter, {"astar", "ida", "bfs"}, {"manhattan", "zero"},
                              {"none", "inverse"});
  std::vector<std::string> labels;
  for (const auto& c : grid.configurations) labels.push_back(c.label());
  EXPECT_EQ(labels, (std::vector<std::string>{
                        "astar / manhattan / none", "astar / zero / none",
                        "ida / manhattan / none", "ida / manhattan / inverse",
                        "ida / zero / none", "ida / zero / inverse", "bfs / - / none"}));
  EXPECT_FALSE(grid.notes.empty());  // astar and bfs with inverse pruning were left out
}

TEST(Grid, OldAlgorithmSpellingsGiveTheCurrentNames) {
  GridAdapter adapter;
  const Grid grid = make_grid(adapter, {"a*", "idastar", "iddfs", "dfs"}, {"zero"}, {"none"});
  std::vector<std::string> labels;
  for (const auto& c : grid.configurations) labels.push_back(c.label());
  // iddfs and dfs are one algorithm: it runs once.
  EXPECT_EQ(labels, (std::vector<std::string>{"astar / zero / none", "ida / zero / none", "dfs / - / none"}));
}

TEST(Grid, UnknownNamesAreUsageErrors) {
  GridAdapter adapter;
  EXPECT_THROW(make_grid(adapter, {"dijkstra"}, {"zero"}, {"none"}), UsageError);
  EXPECT_THROW(make_grid(adapter, {"astar"}, {"euclid"}, {"none"}), UsageError);
  EXPECT_THROW(make_grid(adapter, {"astar"}, {"zero"}, {"learned"}), UsageError);
  EXPECT_THROW(make_grid(adapter, {"bfs"}, {"zero"}, {"inverse"}), UsageError);  // nothing left
}

// Every record equals what the framework reports when the same search is run directly.
TEST(Runner, RecordsEqualTheFrameworksOwnStatistics) {
  GridAdapter adapter;
  const auto records = toy_runs(adapter, 2);
  ASSERT_EQ(records.size(), 6u * 7u);
  std::size_t solved = 0;
  for (const auto& r : records) {
    const auto g = adapter.grid(r.instance_index);
    const hsearch::toy::GridManhattan manhattan{g.width(), g.goal_cell()};
    hsearch::Limits limits;
    limits.max_expanded = kNodeLimit;
    hsearch::Result<GridAdapter::Grid::Move, int> direct;
    if (r.algorithm == hsearch::Algorithm::astar) {
      direct = r.heuristic == "manhattan"
                   ? hsearch::astar(g, g.start(), manhattan, hsearch::AStarOptions{limits, 1, 1})
                   : hsearch::astar(g, g.start(), hsearch::ZeroHeuristic{},
                                    hsearch::AStarOptions{limits, 1, 1});
    } else if (r.algorithm == hsearch::Algorithm::bfs) {
      direct = hsearch::bfs(g, g.start(), hsearch::BfsOptions{limits});
    } else {
      hsearch::IdaStarOptions o;
      o.limits = limits;
      const hsearch::toy::PairedInversePruner inverse;
      if (r.heuristic == "manhattan") {
        direct = r.pruning == "inverse" ? hsearch::ida_star(g, g.start(), manhattan, o, inverse)
                                        : hsearch::ida_star(g, g.start(), manhattan, o);
      } else {
        direct = r.pruning == "inverse"
                     ? hsearch::ida_star(g, g.start(), hsearch::ZeroHeuristic{}, o, inverse)
                     : hsearch::ida_star(g, g.start(), hsearch::ZeroHeuristic{}, o);
      }
    }
    SCOPED_TRACE(r.instance + " " + r.configuration().label());
    EXPECT_EQ(r.status_word(), direct.outcome());
    EXPECT_EQ(r.exit_status(), hsearch::app::exit_status(direct));
    EXPECT_EQ(r.expanded, direct.stats.expanded);
    EXPECT_EQ(r.generated, direct.stats.generated);
    EXPECT_EQ(r.reopened, direct.stats.reopened);
    EXPECT_EQ(r.pruned, direct.stats.pruned);
    EXPECT_EQ(r.iterations.size(), direct.stats.iterations.size());
    EXPECT_EQ(r.optimal, direct.optimal);
    if (direct.solved()) {
      ++solved;
      EXPECT_EQ(r.cost, direct.cost);
      EXPECT_TRUE(r.verified);
    }
  }
  EXPECT_GT(solved, 0u);
}

// Each run's line of the exit-status table, and a failed run counts as an internal error.
TEST(Runner, StatusWordsAndExitStatusesComeFromTheFramework) {
  GridAdapter adapter;
  const auto records = toy_runs(adapter, 1);
  bool limited = false;
  for (const auto& r : records) {
    if (r.status_word() == "node_limit") {
      limited = true;
      EXPECT_EQ(r.exit_status(), hsearch::app::ExitStatus::limit);
    }
    if (r.solved()) {
      EXPECT_EQ(r.exit_status(), hsearch::app::ExitStatus::solved);
    }
  }
  EXPECT_TRUE(limited) << "IDA* on an unsolvable toy grid should hit the node limit";
  RunRecord failed = records.front();
  failed.error = "the plan failed its replay";
  EXPECT_EQ(failed.status_word(), "error");
  EXPECT_FALSE(failed.solved());
  EXPECT_EQ(failed.exit_status(), hsearch::app::ExitStatus::internal_error);
}

TEST(Runner, ThreadCountDoesNotChangeTheCounters) {
  GridAdapter a1, a2;
  const auto one = toy_runs(a1, 1);
  const auto two = toy_runs(a2, 2);
  ASSERT_EQ(one.size(), two.size());
  for (std::size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i].instance, two[i].instance);
    EXPECT_EQ(one[i].configuration(), two[i].configuration());
    EXPECT_EQ(one[i].expanded, two[i].expanded);
    EXPECT_EQ(one[i].cost, two[i].cost);
  }
}

std::vector<std::string> split_cells(const std::string& row) {
  std::vector<std::string> cells;
  std::istringstream in(row);
  std::string cell;
  // Cells are separated by two or more blanks (a cell such as "total (7 runs)" has one).
  std::regex sep(R"(\s{2,})");
  std::string trimmed = std::regex_replace(row, std::regex(R"(^\s+|\s+$)"), "");
  std::sregex_token_iterator it(trimmed.begin(), trimmed.end(), sep, -1), end;
  for (; it != end; ++it) cells.push_back(*it);
  return cells;
}

// The per-configuration tables show each record's numbers, and the totals add them up.
TEST(Tables, RowsAndTotalsShowTheRecordsNumbers) {
  GridAdapter adapter;
  const auto records = toy_runs(adapter, 2);
  std::ostringstream out;
  print_configuration_tables(out, records);
  std::istringstream in(out.str());
  std::string line, section;
  std::size_t rows = 0, totals = 0;
  std::uint64_t expanded_sum = 0;
  while (std::getline(in, line)) {
    if (line.find(" / ") != std::string::npos && line[0] != ' ') {
      section = line;
      expanded_sum = 0;
      continue;
    }
    const auto cells = split_cells(line);
    if (cells.size() != 9) continue;
    if (cells[0].rfind("grid ", 0) == 0) {
      const auto it = std::find_if(records.begin(), records.end(), [&](const RunRecord& r) {
        return r.instance == cells[0] && r.configuration().label() == section;
      });
      ASSERT_NE(it, records.end()) << line;
      EXPECT_EQ(cells[1], status_cell(*it));
      EXPECT_EQ(cells[2], it->solved() ? std::to_string(it->cost) : "-");
      EXPECT_EQ(cells[4], std::to_string(it->expanded));
      EXPECT_EQ(cells[5], std::to_string(it->generated));
      EXPECT_EQ(cells[6], std::to_string(it->reopened));
      expanded_sum += it->expanded;
      ++rows;
    } else if (cells[0].rfind("total", 0) == 0) {
      EXPECT_EQ(cells[4], std::to_string(expanded_sum)) << section;
      ++totals;
    }
  }
  EXPECT_EQ(rows, records.size());
  EXPECT_EQ(totals, 7u);
  std::ostringstream comparison;
  print_comparison_table(comparison, records);
  EXPECT_NE(comparison.str().find("bfs / - / none"), std::string::npos);
}

// A small RFC 4180 reader: quoted fields, doubled quotes, CRLF records.
std::vector<std::vector<std::string>> parse_csv(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> row;
  std::string field;
  bool quoted = false, at_field_start = true;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c == '"' && at_field_start) {
      quoted = true;
      at_field_start = false;
    } else if (c == ',') {
      row.push_back(field);
      field.clear();
      at_field_start = true;
    } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
      row.push_back(field);
      rows.push_back(row);
      row.clear();
      field.clear();
      at_field_start = true;
      ++i;
    } else {
      EXPECT_NE(c, '"') << "stray quote at " << i;
      EXPECT_NE(c, '\n') << "bare LF at " << i;
      field += c;
      at_field_start = false;
    }
  }
  EXPECT_FALSE(quoted) << "unterminated quoted field";
  EXPECT_TRUE(field.empty() && row.empty()) << "last record lacks CRLF";
  return rows;
}

TEST(Csv, ParsesBackFieldForField) {
  GridAdapter adapter;
  auto records = toy_runs(adapter, 2);
  records[0].instance = "odd, \"quoted\"\nname";
  records[1].error = "a,b";
  std::ostringstream out;
  write_csv(out, records);
  const auto rows = parse_csv(out.str());
  ASSERT_EQ(rows.size(), records.size() + 1);
  EXPECT_EQ(rows[0], csv_columns());
  for (std::size_t i = 0; i < records.size(); ++i) {
    const auto& row = rows[i + 1];
    ASSERT_EQ(row.size(), csv_columns().size());
    EXPECT_EQ(row[0], records[i].instance);
    EXPECT_EQ(row[1], hsearch::to_string(records[i].algorithm));
    EXPECT_EQ(row[4], records[i].status_word());
    EXPECT_EQ(row[5], records[i].solved() ? std::to_string(records[i].cost) : "");
    EXPECT_EQ(row[8], std::to_string(records[i].expanded));
    EXPECT_EQ(row[9], std::to_string(records[i].generated));
    EXPECT_EQ(row[10], std::to_string(records[i].reopened));
    EXPECT_NEAR(std::stod(row[15]), records[i].seconds, 1e-6);
    EXPECT_EQ(row[18], records[i].error);
  }
  EXPECT_EQ(rows[2][18], "a,b");
  EXPECT_EQ(rows[2][4], "error");  // a run with an error message failed
}

TEST(Json, CoreKeysInOrderThenTheProgramsOwn) {
  GridAdapter adapter;
  const auto records = toy_runs(adapter, 1);
  const auto solved = std::find_if(records.begin(), records.end(), [](const RunRecord& r) { return r.solved(); });
  ASSERT_NE(solved, records.end());
  const auto j = run_json(*solved, "toy-grid");
  std::vector<std::string> keys;
  for (const auto& item : j.items()) keys.push_back(item.key());
  const std::vector<std::string> expected = {
      "program", "domain", "instance", "algorithm", "heuristic", "status", "cost", "optimal", "lower_bound",
      "expanded", "generated", "seconds", "solution", "pruning", "reopened", "pruned", "duplicates",
      "iterations", "plan_length", "peak_bytes", "verified", "error"};
  EXPECT_EQ(keys, expected);
  EXPECT_EQ(j["program"], "search-compare");
  EXPECT_EQ(j["algorithm"], hsearch::to_string(solved->algorithm));
  EXPECT_EQ(j["status"], "solved");
  EXPECT_EQ(j["cost"], solved->cost);
  EXPECT_EQ(j["expanded"], solved->expanded);
  EXPECT_TRUE(j["solution"].is_null());
  EXPECT_EQ(j["plan_length"], solved->plan_length);
  EXPECT_TRUE(j["error"].is_null());
  const auto stopped = std::find_if(records.begin(), records.end(), [](const RunRecord& r) { return !r.solved(); });
  ASSERT_NE(stopped, records.end());
  const auto s = run_json(*stopped, "toy-grid");
  EXPECT_EQ(s["status"], stopped->status_word());
  EXPECT_TRUE(s["cost"].is_null());
}

// A run's fields go from a worker rank's process to rank 0 as JSON (run_grid_over_ranks) and
// come back whole: the tables, CSV and report rank 0 writes are those of one process.
TEST(Json, ARunsFieldsComeBackWholeFromTheirTransferText) {
  GridAdapter adapter;
  const auto records = toy_runs(adapter, 1);
  ASSERT_FALSE(records.empty());
  RunRecord failed = records.front();
  failed.error = "internal error: \"quoted\", and a\nnew line";
  std::vector<RunRecord> all = records;
  all.push_back(failed);
  bool some_iterations = false;
  for (const RunRecord& sent : all) {
    RunRecord got;
    read_run_fields(hsearch::app::Json::parse(run_fields_json(sent).dump()), got);
    some_iterations = some_iterations || !sent.iterations.empty();
    EXPECT_EQ(got.status, sent.status);
    EXPECT_EQ(got.stop_reason, sent.stop_reason);
    EXPECT_EQ(got.error, sent.error);
    EXPECT_EQ(got.cost, sent.cost);
    EXPECT_EQ(got.optimal, sent.optimal);
    EXPECT_EQ(got.lower_bound, sent.lower_bound);
    EXPECT_EQ(got.expanded, sent.expanded);
    EXPECT_EQ(got.generated, sent.generated);
    EXPECT_EQ(got.reopened, sent.reopened);
    EXPECT_EQ(got.pruned, sent.pruned);
    EXPECT_EQ(got.duplicates, sent.duplicates);
    ASSERT_EQ(got.iterations.size(), sent.iterations.size());
    for (std::size_t k = 0; k < sent.iterations.size(); ++k) {
      EXPECT_EQ(got.iterations[k].bound, sent.iterations[k].bound);
      EXPECT_EQ(got.iterations[k].expanded, sent.iterations[k].expanded);
      EXPECT_EQ(got.iterations[k].next_bound, sent.iterations[k].next_bound);
      EXPECT_DOUBLE_EQ(got.iterations[k].seconds, sent.iterations[k].seconds);
    }
    EXPECT_EQ(got.plan_length, sent.plan_length);
    EXPECT_DOUBLE_EQ(got.seconds, sent.seconds);
    EXPECT_EQ(got.peak_bytes, sent.peak_bytes);
    EXPECT_EQ(got.verified, sent.verified);
  }
  EXPECT_TRUE(some_iterations);  // IDA*'s runs carry their iterations
  RunRecord broken;
  EXPECT_THROW(read_run_fields(hsearch::app::Json::parse("{\"status\": 1}"), broken), std::exception);
}

TEST(Registry, ListsTheAdaptersThisBuildRegistered) {
  std::vector<std::string> names;
  for (const auto& f : available_adapters()) {
    names.push_back(f.name);
    EXPECT_EQ(f.make()->name(), f.name);
  }
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
  std::vector<std::string> expected;
#ifdef HSEARCH_COMPARE_HAVE_FIFTEEN_PUZZLE
  expected.push_back("fifteen-puzzle");
#endif
#ifdef HSEARCH_COMPARE_HAVE_HANOI
  expected.push_back("hanoi");
#endif
#ifdef HSEARCH_COMPARE_HAVE_SOKOBAN
  expected.push_back("sokoban");
#endif
  EXPECT_EQ(names, expected);
}

// Checks that every non-void element is closed in order (script and style bodies skipped).
std::string html_problem(const std::string& html) {
  static const std::vector<std::string> void_tags = {"meta", "br", "link", "img", "hr", "input"};
  std::vector<std::string> open;
  std::size_t i = 0;
  if (html.rfind("<!DOCTYPE html>", 0) != 0) return "no doctype";
  i = html.find('>') + 1;
  while ((i = html.find('<', i)) != std::string::npos) {
    const std::size_t end = html.find('>', i);
    if (end == std::string::npos) return "unterminated tag at " + std::to_string(i);
    std::string tag = html.substr(i + 1, end - i - 1);
    i = end + 1;
    const bool closing = !tag.empty() && tag[0] == '/';
    if (closing) tag.erase(0, 1);
    const std::string name = tag.substr(0, tag.find_first_of(" \t\n"));
    if (std::find(void_tags.begin(), void_tags.end(), name) != void_tags.end()) continue;
    if (closing) {
      if (open.empty() || open.back() != name) return "unexpected </" + name + ">";
      open.pop_back();
    } else {
      open.push_back(name);
      if (name == "script" || name == "style") {
        const std::size_t close = html.find("</" + name + ">", i);
        if (close == std::string::npos) return "unclosed <" + name + ">";
        i = close;
      }
    }
  }
  return open.empty() ? "" : "unclosed <" + open.back() + ">";
}

std::string script_data(const std::string& html) {
  const std::string start = "<script type=\"application/json\" id=\"hsearch-data\">";
  const auto a = html.find(start);
  if (a == std::string::npos) return "";
  const auto b = html.find("</script>", a);
  return html.substr(a + start.size(), b - a - start.size());
}

TEST(HtmlReport, WellFormedWithOneSeriesPerConfiguration) {
  GridAdapter adapter;
  auto records = toy_runs(adapter, 2);
  records[0].instance = "<b>&\"</script>";  // must be escaped everywhere
  ChartLibrary stub;
  stub.path = "stub";
  stub.text = "window.Chart = function () {}; // not Chart.js: </script> must not end the element";
  std::ostringstream out;
  write_html_report(out, records, ReportInfo{"toy-grid", "test", "nodes 20000", {"a note"}}, stub);
  const std::string html = out.str();
  EXPECT_EQ(html_problem(html), "");
  const std::string data = script_data(html);
  ASSERT_FALSE(data.empty());
  EXPECT_EQ(data.find('<'), std::string::npos);
  std::size_t series = 0;
  for (std::size_t at = 0; (at = data.find("{\"label\":", at)) != std::string::npos; ++at) ++series;
  EXPECT_EQ(series, configurations_of(records).size());
  for (const auto& c : configurations_of(records)) {
    EXPECT_NE(data.find("\"" + c.label() + "\""), std::string::npos) << c.label();
  }
  EXPECT_NE(html.find("chart-expanded"), std::string::npos);
  EXPECT_NE(html.find("chart-time-nodes"), std::string::npos);
  EXPECT_NE(html.find("chart-solved"), std::string::npos);
  EXPECT_EQ(html.find("<b>&"), std::string::npos);
  EXPECT_EQ(html.find("http://"), std::string::npos);  // nothing fetched at view time
  EXPECT_EQ(html.find("https://"), std::string::npos);
}

TEST(HtmlReport, WithoutChartJsTheTablesRemainAndABannerSaysWhy) {
  GridAdapter adapter;
  const auto records = toy_runs(adapter, 2);
  const ChartLibrary missing = load_chart_library("/nonexistent/chart.min.js");
  ASSERT_FALSE(missing.found());
  EXPECT_NE(missing.problem.find("libjs-chart.js"), std::string::npos);
  std::ostringstream out;
  write_html_report(out, records, ReportInfo{"toy-grid", "test", "none", {}}, missing);
  const std::string html = out.str();
  EXPECT_EQ(html_problem(html), "");
  EXPECT_EQ(html.find("<canvas"), std::string::npos);
  EXPECT_NE(html.find("No charts in this report"), std::string::npos);
  EXPECT_NE(html.find("<table>"), std::string::npos);
}

TEST(HtmlReport, HeadlessChromiumBuildsTheChartsWithoutScriptErrors) {
  const std::filesystem::path chromium = "/usr/bin/chromium";
  if (!std::filesystem::exists(chromium)) {
    GTEST_SKIP() << "/usr/bin/chromium not installed (Debian package chromium): browser test skipped";
  }
  const ChartLibrary chart = load_chart_library("");
  if (!chart.found()) GTEST_SKIP() << chart.problem;
  GridAdapter adapter;
  const auto records = toy_runs(adapter, 2);
  const auto dir = std::filesystem::temp_directory_path() /
                   ("hsearch_report_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto page = dir / "report.html";
  {
    std::ofstream f(page);
    write_html_report(f, records, ReportInfo{"toy-grid", "test", "nodes 20000", {}}, chart);
  }
  const auto dom = dir / "dom.html";
  const std::string command =
      "timeout 90 " + chromium.string() +
      " --headless --no-sandbox --disable-gpu --disable-background-networking"
      " --disable-component-update --disable-sync --no-first-run --user-data-dir=" +
      (dir / "profile").string() + " --dump-dom file://" + page.string() + " > " + dom.string() +
      " 2>/dev/null";
  const int rc = std::system(command.c_str());
  ASSERT_EQ(rc, 0) << command;
  std::ifstream in(dom);
  std::stringstream text;
  text << in.rdbuf();
  const std::string out = text.str();
  std::filesystem::remove_all(dir);
  EXPECT_NE(out.find("charts built: 3"), std::string::npos) << out.substr(0, 2000);
  EXPECT_NE(out.find("<div id=\"hsearch-errors\"></div>"), std::string::npos)
      << "script errors: " << out.substr(out.find("hsearch-errors"), 400);
}

}  // namespace
