// The teaching observers on the toy domains: the trace repeats the search's own iteration
// statistics and reopen events; the DOT tree is well-formed and bounded; the samples are every
// k-th expansion with its g, h and f.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "framework/toy_domains.hpp"
#include "hsearch/observers/dot_observer.hpp"
#include "hsearch/observers/sample_observer.hpp"
#include "hsearch/observers/teaching_observer.hpp"
#include "hsearch/observers/trace_observer.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/search/bfs.hpp"
#include "hsearch/search/dfs.hpp"
#include "hsearch/search/ida_star.hpp"

namespace {

using hsearch::toy::GraphDomain;
using hsearch::toy::GridDomain;
using hsearch::toy::GridManhattan;
using hsearch::toy::TableHeuristic;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// S=0 -> A=1 (5), S -> B=2 (1), B -> A (1), A -> G=3 (10); h(B) = 4 > c(B,A) + h(A) = 1:
// admissible but inconsistent, so A* closes A with g 5 and reopens it with g 2.
GraphDomain reopening_graph() {
  return GraphDomain({{{1, 5}, {2, 1}}, {{3, 10}}, {{1, 1}}, {}}, 3);
}

TEST(TraceObserver, IdaStarLinesRepeatTheIterationStatistics) {
  GridDomain<false> grid(9, 9, 0.25, 7);
  GridManhattan h{grid.width(), grid.goal_cell()};
  std::ostringstream out;
  hsearch::TraceObserver trace(grid, out);
  const auto r = hsearch::ida_star(grid, grid.start(), h, {}, hsearch::NoPruning{}, trace);
  trace.finish();
  ASSERT_TRUE(r.solved() || r.status == hsearch::Status::stopped);
  const auto lines = lines_of(out.str());
  ASSERT_EQ(lines.size(), r.stats.iterations.size());
  ASSERT_GE(lines.size(), 1u);
  const std::regex line_re(
      R"(iteration (\d+): bound (-?\d+), expanded (\d+), generated (\d+), pruned (\d+), next bound (\d+|none))");
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::smatch m;
    ASSERT_TRUE(std::regex_match(lines[i], m, line_re)) << lines[i];
    const auto& it = r.stats.iterations[i];
    EXPECT_EQ(std::stoul(m[1]), i + 1);
    EXPECT_EQ(std::stoll(m[2]), it.bound);
    EXPECT_EQ(std::stoull(m[3]), it.expanded);
    EXPECT_EQ(std::stoull(m[4]), it.generated);
    EXPECT_EQ(std::stoull(m[5]), it.pruned);
    if (it.next_bound < 0) {
      EXPECT_EQ(m[6], "none");
    } else {
      EXPECT_EQ(std::stoll(m[6]), it.next_bound);
    }
  }
}

TEST(TraceObserver, IterativeDeepeningWithPruningCountsPrunedMoves) {
  GridDomain<false> grid(6, 6, 0.0, 3);
  std::ostringstream out;
  hsearch::TraceObserver trace(grid, out);
  const auto r = hsearch::iterative_deepening_dfs(grid, grid.start(), hsearch::IddfsOptions{},
                                                  hsearch::toy::PairedInversePruner{}, trace);
  ASSERT_TRUE(r.solved());
  const auto lines = lines_of(out.str());
  ASSERT_EQ(lines.size(), r.stats.iterations.size());
  std::uint64_t pruned = 0;
  for (const auto& line : lines) {
    std::smatch m;
    ASSERT_TRUE(std::regex_search(line, m, std::regex(R"(pruned (\d+))")));
    pruned += std::stoull(m[1]);
  }
  EXPECT_EQ(pruned, r.stats.pruned);
}

TEST(TraceObserver, AStarReopenEventsShowOldAndNewG) {
  const GraphDomain graph = reopening_graph();
  const TableHeuristic h{{0, 0, 4, 0}};
  std::ostringstream out;
  hsearch::TraceObserver trace(graph, out);
  const auto r = hsearch::astar(graph, graph.start(), h, {}, trace);
  trace.finish();
  ASSERT_TRUE(r.solved());
  EXPECT_EQ(r.cost, 12);
  ASSERT_EQ(r.stats.reopened, 1u);
  const auto lines = lines_of(out.str());
  ASSERT_EQ(lines.size(), 1u) << out.str();
  EXPECT_EQ(lines[0].rfind("reopen 1: g 5 -> 2", 0), 0u) << lines[0];
}

TEST(TraceObserver, ReopenLinesAreCappedAndTheRestCounted) {
  const GraphDomain graph = reopening_graph();
  const TableHeuristic h{{0, 0, 4, 0}};
  std::ostringstream out;
  hsearch::TraceObserver trace(graph, out, /*max_reopen_lines=*/0);
  const auto r = hsearch::astar(graph, graph.start(), h, {}, trace);
  trace.finish();
  ASSERT_EQ(r.stats.reopened, 1u);
  EXPECT_EQ(out.str(), "(1 further reopen events not shown)\n");
}

// What a DOT file holds, read back with a small parser of the subset DotObserver writes.
struct DotFile {
  bool braces_balanced = false;
  int clusters = 0;
  std::set<std::string> nodes;                             // declared node ids
  std::vector<std::pair<std::string, std::string>> edges;  // from -> to
  int duplicate_declarations = 0;
  bool truncated_note = false;
};

DotFile parse_dot(const std::string& text) {
  DotFile dot;
  int depth = 0;
  bool in_string = false, ok = true;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}') {
      if (--depth < 0) ok = false;
    }
  }
  dot.braces_balanced = ok && depth == 0 && !in_string;
  const std::regex node_re(R"(^\s*(n\d+|truncated) \[.*\];$)");
  const std::regex edge_re(R"(^\s*(n\d+) -> (n\d+) \[.*\];$)");
  for (const auto& line : lines_of(text)) {
    std::smatch m;
    if (std::regex_match(line, m, edge_re)) {
      dot.edges.emplace_back(m[1], m[2]);
    } else if (std::regex_match(line, m, node_re)) {
      if (m[1] == "truncated") {
        dot.truncated_note = true;
      } else if (!dot.nodes.insert(m[1]).second) {
        ++dot.duplicate_declarations;
      }
    } else if (line.find("subgraph cluster_") != std::string::npos) {
      ++dot.clusters;
    }
  }
  return dot;
}

void expect_well_formed(const DotFile& dot) {
  EXPECT_TRUE(dot.braces_balanced);
  EXPECT_EQ(dot.duplicate_declarations, 0);
  for (const auto& [from, to] : dot.edges) {
    EXPECT_TRUE(dot.nodes.count(from)) << from;
    EXPECT_TRUE(dot.nodes.count(to)) << to;
  }
}

TEST(DotObserver, AStarTreeIsWellFormedWithOneNodePerGeneration) {
  GridDomain<true> grid(5, 5, 0.2, 11);
  GridManhattan h{grid.width(), grid.goal_cell()};
  hsearch::DotObserver rec(grid, 10000);
  const auto r = hsearch::astar(grid, grid.start(), h, {}, rec);
  ASSERT_FALSE(rec.truncated());
  std::ostringstream out;
  rec.write(out);
  const DotFile dot = parse_dot(out.str());
  expect_well_formed(dot);
  EXPECT_EQ(dot.nodes.size(), rec.node_count());
  // The root plus one node per generated child; one edge per generated child.
  EXPECT_EQ(rec.node_count(), r.stats.generated + 1);
  EXPECT_EQ(dot.edges.size(), r.stats.generated);
  EXPECT_EQ(dot.clusters, 0);
  EXPECT_FALSE(dot.truncated_note);
  if (r.solved()) {
    EXPECT_NE(out.str().find("GOAL"), std::string::npos);
    EXPECT_NE(out.str().find("f = "), std::string::npos);
  }
}

TEST(DotObserver, IdaStarIterationsBecomeClusters) {
  GridDomain<false> grid(5, 5, 0.0, 5);  // no obstacles: solvable, IDA* ends quickly
  GridManhattan h{grid.width(), grid.goal_cell()};
  hsearch::DotObserver rec(grid, 100000);
  hsearch::IdaStarOptions options;
  options.limits.max_expanded = 20000;
  const auto r = hsearch::ida_star(grid, grid.start(), h, options, hsearch::NoPruning{}, rec);
  ASSERT_TRUE(r.solved());
  ASSERT_GE(r.stats.iterations.size(), 1u);
  ASSERT_FALSE(rec.truncated());
  std::ostringstream out;
  rec.write(out);
  const DotFile dot = parse_dot(out.str());
  expect_well_formed(dot);
  EXPECT_EQ(dot.nodes.size(), rec.node_count());
  // Each iteration re-grows the tree from a new root.
  EXPECT_EQ(rec.node_count(), r.stats.generated + r.stats.iterations.size());
  EXPECT_EQ(dot.clusters, static_cast<int>(r.stats.iterations.size()));
}

TEST(DotObserver, StopsRecordingAtTheBoundAndSaysSo) {
  GridDomain<false> grid(12, 12, 0.1, 21);
  hsearch::DotObserver rec(grid, 25);
  const auto r = hsearch::bfs(grid, grid.start());
  const auto r2 = hsearch::bfs(grid, grid.start(), hsearch::BfsOptions{}, rec);
  EXPECT_EQ(r.stats.generated, r2.stats.generated);  // recording does not change the search
  ASSERT_GT(r.stats.generated + 1, 25u);
  EXPECT_TRUE(rec.truncated());
  EXPECT_EQ(rec.node_count(), 25u);
  std::ostringstream out;
  rec.write(out);
  const DotFile dot = parse_dot(out.str());
  expect_well_formed(dot);
  EXPECT_EQ(dot.nodes.size(), 25u);
  EXPECT_TRUE(dot.truncated_note);
  EXPECT_NE(out.str().find("truncated"), std::string::npos);
}

// Graphviz itself accepts the file (when it is installed: Debian package graphviz).
TEST(DotObserver, GraphvizRendersTheTree) {
  if (!std::filesystem::exists("/usr/bin/dot")) {
    GTEST_SKIP() << "/usr/bin/dot not installed (Debian package graphviz): check skipped";
  }
  GridDomain<false> grid(5, 5, 0.0, 5);
  GridManhattan h{grid.width(), grid.goal_cell()};
  hsearch::DotObserver rec(grid, 60);
  hsearch::ida_star(grid, grid.start(), h, {}, hsearch::NoPruning{}, rec);
  const auto path = std::filesystem::temp_directory_path() /
                    ("hsearch_dot_test_" + std::to_string(::getpid()) + ".dot");
  {
    std::ofstream f(path);
    rec.write(f);
  }
  const std::string command = "/usr/bin/dot -Tsvg " + path.string() + " -o /dev/null";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  std::filesystem::remove(path);
}

TEST(DotObserver, LabelsWithQuotesAndNewlinesStayInsideTheirStrings) {
  EXPECT_EQ(hsearch::dot_label_text("a\"b\\c\nd"), "a\\\"b\\\\c\\ld\\l");
}

}  // namespace

// Every k-th expansion, numbered, with f = g + h and the state's text; through run_teaching too.
TEST(SampleObserver, WritesEveryKthExpansionWithItsGHAndF) {
  GridDomain<true> grid(7, 7, 0.2, 3);
  GridManhattan h{grid.width(), grid.goal_cell()};
  for (const std::uint64_t every : {1u, 3u, 1000000u}) {
    std::ostringstream out;
    hsearch::SampleObserver samples(grid, out, every, "; ");
    const auto r = hsearch::astar(grid, grid.start(), h, {}, samples);
    ASSERT_GE(r.stats.expanded, 4u);
    EXPECT_EQ(samples.written(), r.stats.expanded / every) << every;
    const std::regex header(R"(; sample (\d+): expansion (\d+), g (-?\d+), h (-?\d+), f (-?\d+))");
    std::uint64_t seen = 0;
    const auto lines = lines_of(out.str());
    for (std::size_t i = 0; i < lines.size(); ++i) {
      std::smatch m;
      if (!std::regex_match(lines[i], m, header)) continue;
      ++seen;
      EXPECT_EQ(std::stoull(m[1]), seen);
      EXPECT_EQ(std::stoull(m[2]), seen * every);
      EXPECT_EQ(std::stoll(m[3]) + std::stoll(m[4]), std::stoll(m[5])) << lines[i];
      ASSERT_LT(i + 2, lines.size());
      EXPECT_FALSE(lines[i + 1].empty());  // the state's text
      EXPECT_TRUE(lines[i + 2].empty());   // and an empty line after it
    }
    EXPECT_EQ(seen, samples.written());
  }
  std::ostringstream through;
  hsearch::Teaching teaching;
  teaching.samples = &through;
  teaching.sample_every = 2;
  ASSERT_TRUE(teaching.active());
  const auto r = hsearch::run_teaching(grid, teaching, [&](auto& observer) {
    return hsearch::astar(grid, grid.start(), h, {}, observer);
  });
  std::size_t headers = 0;
  for (const std::string& line : lines_of(through.str())) headers += line.rfind("sample ", 0) == 0 ? 1 : 0;
  EXPECT_EQ(headers, r.stats.expanded / 2);
}
