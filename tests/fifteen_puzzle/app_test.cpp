// The fifteen-puzzle program: seed 002 §2.1 output format, FAILURE by parity, one-line errors
// with exit code 2, JSON, --random, other board sizes, the --trace and --dot teaching output.
// Runs the built binary.
#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <vector>

#include "hsearch/fifteen_puzzle/board_io.hpp"
#include "hsearch/fifteen_puzzle/manhattan.hpp"

namespace hsearch::fifteen {
namespace {

struct ProgramRun {
  int exit_code = -1;
  std::string out, err;
};

ProgramRun run_program(const std::string& args, const std::string& input) {
  const auto dir = std::filesystem::temp_directory_path();
  const std::string tag = std::to_string(::getpid());
  const auto in = dir / ("fifteen-in-" + tag), out = dir / ("fifteen-out-" + tag),
             err = dir / ("fifteen-err-" + tag);
  std::ofstream(in) << input;
  const std::string cmd = std::string(HSEARCH_BINARY_DIR) + "/bin/fifteen-puzzle " + args +
                          " --pdb-dir " + HSEARCH_BINARY_DIR + "/fifteen-pdb-cache < " +
                          in.string() + " > " + out.string() + " 2> " + err.string();
  const int status = std::system(cmd.c_str());
  ProgramRun r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::stringstream o, e;
  o << std::ifstream(out).rdbuf();
  e << std::ifstream(err).rdbuf();
  r.out = o.str();
  r.err = e.str();
  std::filesystem::remove(in);
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  return r;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> v;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) v.push_back(l);
  return v;
}

// Checks "OK n" + n+1 configurations, consecutive ones one legal move apart, start to goal.
void check_ok_output(const std::string& out, const std::string& start, int expected_length,
                     unsigned w, unsigned h) {
  const auto l = lines(out);
  ASSERT_GE(l.size(), 2u);
  ASSERT_EQ(l[0], "OK " + std::to_string(expected_length));
  ASSERT_EQ(l.size(), static_cast<std::size_t>(expected_length) + 2);
  EXPECT_EQ(parse_tiles(l[1], w * h).tiles, parse_tiles(start, w * h).tiles);
  std::vector<unsigned> goal(w * h);
  for (unsigned i = 0; i < w * h; ++i) goal[i] = i;
  EXPECT_EQ(parse_tiles(l.back(), w * h).tiles, goal);
  for (std::size_t i = 2; i < l.size(); ++i) {
    const auto a = parse_tiles(l[i - 1], w * h), b = parse_tiles(l[i], w * h);
    ASSERT_TRUE(a.ok() && b.ok());
    std::vector<unsigned> diff;
    for (unsigned p = 0; p < w * h; ++p) {
      if (a.tiles[p] != b.tiles[p]) diff.push_back(p);
    }
    ASSERT_EQ(diff.size(), 2u) << "line " << i;
    const unsigned p = diff[0], q = diff[1];
    EXPECT_TRUE(a.tiles[p] == 0 || a.tiles[q] == 0);
    EXPECT_TRUE((q == p + 1 && p / w == q / w) || q == p + w) << "not adjacent, line " << i;
  }
}

TEST(Program, SeedExampleDefaultFormat) {
  const std::string board = "10 6 4 12 1 14 3 7 5 15 11 13 8 0 2 9\n";
  // The default heuristic (pdb-663) is exercised by the SLOW test below: its first run builds
  // 2 x 5.8M-entry tables.
  for (const std::string args : {"--heuristic manhattan", "--heuristic linear-conflict",
                                 "--heuristic pdb-555 --pruning none", "--heuristic pdb-555"}) {
    const ProgramRun r = run_program(args, board);
    EXPECT_EQ(r.exit_code, 0) << args << ": " << r.err;
    check_ok_output(r.out, board, 50, 4, 4);
  }
}

TEST(Program, GoalAndOneMove) {
  ProgramRun r = run_program("--heuristic manhattan", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "OK 0\n0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n");
  r = run_program("--heuristic manhattan", "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15");
  EXPECT_EQ(r.out, "OK 1\n1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n");
}

TEST(Program, UnsolvableIsFailureByParity) {
  const ProgramRun r = run_program("", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 15 14\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "FAILURE\n");
  // The reversed board is solvable (78 moves); with two tiles swapped it is not, and the
  // answer comes at once (no search).
  const ProgramRun j = run_program("--json", "15 14 13 12 11 10 9 8 7 6 5 4 3 1 2 0\n");
  EXPECT_EQ(j.exit_code, 0);
  EXPECT_NE(j.out.find("\"solvable\":false"), std::string::npos) << j.out;
}

TEST(Program, BadInputOneLineOnStderrExitTwo) {
  for (const std::string input :
       {"0 1 2 3", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 14", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 16",
        "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 x", "", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 3"}) {
    const ProgramRun r = run_program("", input);
    EXPECT_EQ(r.exit_code, 2) << input;
    EXPECT_EQ(r.out, "") << input;
    EXPECT_EQ(lines(r.err).size(), 1u) << r.err;
  }
  for (const std::string args : {"--algorithm dijkstra", "--heuristic nope", "--size 9x9",
                                 "--size 4", "--bogus", "--algorithm astar --pruning inverse",
                                 "--pruning learned=/nonexistent/file"}) {
    const ProgramRun r = run_program(args, "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15");
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_EQ(r.out, "") << args;
    EXPECT_EQ(lines(r.err).size(), 1u) << args << ": " << r.err;
  }
}

TEST(Program, JsonAndStats) {
  const std::string board = "10 6 4 12 1 14 3 7 5 15 11 13 8 0 2 9";
  const ProgramRun r = run_program("--json --stats --heuristic linear-conflict", board);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(lines(r.out).size(), 1u);
  EXPECT_NE(r.out.find("\"length\":50"), std::string::npos);
  EXPECT_NE(r.out.find("\"configurations\":[[10,6,4,12"), std::string::npos);
  EXPECT_NE(r.err.find("iteration bound="), std::string::npos);
}

TEST(Program, RandomInstancesAreSolvableAndSolved) {
  const ProgramRun gen = run_program("--random 3 --seed 5 --size 3x3", "");
  EXPECT_EQ(gen.exit_code, 0);
  const auto boards = lines(gen.out);
  ASSERT_EQ(boards.size(), 3u);
  EXPECT_EQ(run_program("--random 3 --seed 5 --size 3x3", "").out, gen.out);  // reproducible
  for (const auto& b : boards) {
    ASSERT_TRUE(solvable(parse_tiles(b, 9).tiles, 3));
    for (const std::string algorithm : {"ida", "astar", "bfs"}) {
      const ProgramRun ida = run_program("--size 3x3 --algorithm " + algorithm, b);
      EXPECT_EQ(ida.exit_code, 0) << ida.err;
      const auto l = lines(ida.out);
      ASSERT_FALSE(l.empty());
      const int n = std::stoi(l[0].substr(3));
      check_ok_output(ida.out, b, n, 3, 3);
    }
  }
}

TEST(Program, OtherSizes) {
  // 5x5: a board three moves from the goal; 2x3 unsolvable.
  const ProgramRun r = run_program("--size 5x5",
                            "1 2 0 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  check_ok_output(r.out, "1 2 0 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24", 2, 5, 5);
  EXPECT_EQ(run_program("--size 3x2", "0 2 1 3 4 5").out, "FAILURE\n");
  const ProgramRun wrong = run_program("--size 3x3", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15");
  EXPECT_EQ(wrong.exit_code, 2);
}

TEST(Program, LimitStopsWithExitThree) {
  const ProgramRun r = run_program("--heuristic manhattan --max-nodes 1000",
                            "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3");  // Korf #1
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("node_limit"), std::string::npos) << r.err;
}

// --trace: one line per IDA* iteration on stderr, stdout unchanged. Checked against the
// Manhattan start value (first bound), the optimal length (last bound), and the chaining of
// "next bound" into the following iteration's bound.
TEST(Program, TraceListsTheIdaIterations) {
  const std::string start = "2 5 1 4 7 3 8 6 0";  // 24 moves, Manhattan 12
  const ProgramRun plain = run_program("--size 3x3 --heuristic manhattan", start);
  const ProgramRun r = run_program("--size 3x3 --heuristic manhattan --trace", start);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, plain.out);  // the trace goes to stderr only
  check_ok_output(r.out, start, 24, 3, 3);
  const FifteenPuzzle puzzle(3, 3);
  const int h0 = Manhattan<PackedBoard>(puzzle).estimate(make_board<PackedBoard>(parse_tiles(start, 9).tiles));
  ASSERT_EQ(h0, 12);
  std::vector<long> bounds, next, expanded;
  for (const auto& line : lines(r.err)) {
    long k = 0, b = 0, e = 0, g = 0, p = 0, n = 0;
    ASSERT_EQ(std::sscanf(line.c_str(),
                          "iteration %ld: bound %ld, expanded %ld, generated %ld, pruned %ld, "
                          "next bound %ld",
                          &k, &b, &e, &g, &p, &n),
              6)
        << line;
    EXPECT_EQ(k, static_cast<long>(bounds.size()) + 1);
    EXPECT_GE(g, e);
    bounds.push_back(b);
    next.push_back(n);
    expanded.push_back(e);
  }
  ASSERT_GE(bounds.size(), 3u) << r.err;
  EXPECT_EQ(bounds.front(), h0);
  EXPECT_EQ(bounds.back(), 24);
  for (std::size_t i = 1; i < bounds.size(); ++i) {
    EXPECT_EQ(bounds[i], next[i - 1]);
    EXPECT_EQ(bounds[i], bounds[i - 1] + 2);  // unit moves keep the parity of f
    // A complete iteration explores a superset of the previous tree (the last one stops early).
    if (i + 1 < bounds.size()) {
      EXPECT_GE(expanded[i], expanded[i - 1]);
    }
  }
}

// --dot: the search tree as Graphviz DOT, f/g/h on every node; bounded by --dot-max-nodes.
TEST(Program, DotWritesTheSearchTree) {
  const auto file = std::filesystem::temp_directory_path() /
                    ("fifteen-tree-" + std::to_string(::getpid()) + ".dot");
  const std::string start = "1 2 0 3 4 5 6 7 8";  // two moves: G G
  const ProgramRun r = run_program("--size 3x3 --heuristic manhattan --dot " + file.string(), start);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  check_ok_output(r.out, start, 2, 3, 3);
  std::stringstream text;
  text << std::ifstream(file).rdbuf();
  const std::string dot = text.str();
  EXPECT_NE(dot.find("digraph search_tree {"), std::string::npos) << dot;
  EXPECT_NE(dot.find("f = 2  (g = 0, h = 2)"), std::string::npos) << dot;  // the root
  EXPECT_NE(dot.find("f = 2  (g = 2, h = 0)"), std::string::npos) << dot;  // the goal
  EXPECT_NE(dot.find("GOAL"), std::string::npos);
  EXPECT_NE(dot.find("n0 -> n1 [label=\"G"), std::string::npos) << dot;
  EXPECT_EQ(dot.find("truncated"), std::string::npos);
  EXPECT_EQ(dot.back(), '\n');
  EXPECT_EQ(dot.substr(dot.size() - 2), "}\n");
  if (std::system("command -v dot > /dev/null 2>&1") == 0) {  // Graphviz, when installed, reads it
    EXPECT_EQ(std::system(("dot -Tsvg " + file.string() + " > /dev/null").c_str()), 0);
  }

  // A longer search: recording stops at the bound and the file says so.
  const ProgramRun big = run_program(
      "--size 3x3 --heuristic manhattan --dot " + file.string() + " --dot-max-nodes 25",
      "2 5 1 4 7 3 8 6 0");
  ASSERT_EQ(big.exit_code, 0) << big.err;
  std::stringstream big_text;
  big_text << std::ifstream(file).rdbuf();
  const std::string big_dot = big_text.str();
  EXPECT_NE(big_dot.find("truncated"), std::string::npos);
  std::size_t node_lines = 0;
  for (const auto& line : lines(big_dot)) node_lines += line.find("[label=\"f = ") != std::string::npos;
  EXPECT_EQ(node_lines, 25u);
  std::filesystem::remove(file);

  // An unwritable file: one line, exit code 2, nothing on stdout.
  const ProgramRun bad = run_program("--size 3x3 --dot /nonexistent-dir/tree.dot", start);
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.out, "");
  EXPECT_EQ(lines(bad.err).size(), 1u) << bad.err;
  EXPECT_EQ(run_program("--size 3x3 --dot x.dot --dot-max-nodes 0", start).exit_code, 2);
}

}  // namespace
}  // namespace hsearch::fifteen
