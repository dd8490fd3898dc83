// The fifteen-puzzle program: the text output (OK n + boards, FAILURE by parity), the exit-status
// table (1 unsolvable, 2 bad input, 3 limit), one-line errors naming the program, the core JSON
// keys, --help, --random, other board sizes, the --trace and --dot teaching output.
// Runs the built binary.
#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <vector>

#include "hsearch/app/json.hpp"
#include "hsearch/fifteen_puzzle/board_io.hpp"
#include "hsearch/fifteen_puzzle/manhattan.hpp"
#include "signalled_run.hpp"
#include "trace_events.hpp"

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
                          " --cache-dir " + HSEARCH_BINARY_DIR + "/fifteen-pdb-cache < " +
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

TEST(Program, ExampleBoardTextFormat) {
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

TEST(Program, UnsolvableIsFailureByParityExitOne) {
  const ProgramRun r = run_program("", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 15 14\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "FAILURE\n");
  // The reversed board is solvable (78 moves); with two tiles swapped it is not, and the
  // answer comes at once (no search).
  const ProgramRun j = run_program("--json", "15 14 13 12 11 10 9 8 7 6 5 4 3 1 2 0\n");
  EXPECT_EQ(j.exit_code, 1);
  ASSERT_EQ(lines(j.out).size(), 1u) << j.out;
  const auto json = app::Json::parse(j.out);
  EXPECT_EQ(json["status"], "unsolvable");
  EXPECT_TRUE(json["cost"].is_null());
  EXPECT_TRUE(json["solution"].is_null());
  EXPECT_EQ(json["expanded"], 0);
  EXPECT_EQ(json["instance"], "15 14 13 12 11 10 9 8 7 6 5 4 3 1 2 0");
}

TEST(Program, BadInputOneLineOnStderrExitTwo) {
  for (const std::string input :
       {"0 1 2 3", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 14", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 16",
        "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 x", "", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 3"}) {
    const ProgramRun r = run_program("", input);
    EXPECT_EQ(r.exit_code, 2) << input;
    EXPECT_EQ(r.out, "") << input;
    EXPECT_EQ(lines(r.err).size(), 1u) << r.err;
    EXPECT_EQ(r.err.rfind("fifteen-puzzle: stdin", 0), 0u) << r.err;
  }
  // A problem inside the input names its line.
  const ProgramRun second = run_program("", "0 1 2 3 4 5 6 7\n8 9 10 11 12 13 14 x\n");
  EXPECT_EQ(second.err.rfind("fifteen-puzzle: stdin:2: value 16 is not a tile number", 0), 0u) << second.err;
  for (const std::string args :
       {"--algorithm dijkstra", "--algorithm dfs", "--heuristic nope", "--heuristic pdb-6666", "--size 9x9",
        "--size 4", "--size -2x-2", "--size 4x-4", "--size 1x4", "--random -1", "--random 2x",
        "--seed -3 --random 1", "--transposition -1", "--time-limit -1", "--node-limit 1e3",
        "--memory-limit -5", "--move-order HGDB", "--move-order ULR", "--bogus",
        "--algorithm astar --pruning inverse", "--pruning maybe", "--pruning learned=/nonexistent/file",
        "--dot-max-nodes 0 --dot x.dot"}) {
    const ProgramRun r = run_program(args, "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15");
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_EQ(r.out, "") << args;
    EXPECT_EQ(lines(r.err).size(), 1u) << args << ": " << r.err;
    EXPECT_EQ(r.err.rfind("fifteen-puzzle: ", 0), 0u) << args << ": " << r.err;
  }
  // --json: the unreadable board is still one object, with status "invalid".
  const ProgramRun j = run_program("--json", "0 1 2 x");
  EXPECT_EQ(j.exit_code, 2);
  ASSERT_EQ(lines(j.out).size(), 1u) << j.out;
  const auto json = app::Json::parse(j.out);
  EXPECT_EQ(json["status"], "invalid");
  EXPECT_EQ(json["instance"], "0 1 2 x");
  EXPECT_EQ(j.err.rfind("fifteen-puzzle: stdin:1: value 4 is not a tile number", 0), 0u) << j.err;
}

TEST(Program, HelpListsTheSharedOptionsAndTheExitTable) {
  const ProgramRun r = run_program("--help", "");
  EXPECT_EQ(r.exit_code, 0);
  for (const std::string option :
       {"--algorithm", "--heuristic", "--pruning", "--time-limit", "--node-limit", "--memory-limit",
        "--cache-dir", "--json", "--stats", "--trace", "--dot", "--dot-max-nodes", "--quiet", "--help",
        "--version", "--size", "--random", "--seed", "--no-reflect", "--move-order", "--transposition"}) {
    EXPECT_NE(r.out.find(option + " "), std::string::npos) << option;
  }
  EXPECT_NE(r.out.find("Exit status:"), std::string::npos);
  for (const std::string row : {"  0 ", "  1 ", "  2 ", "  3 ", "  70 ", "  130 "}) {
    EXPECT_NE(r.out.find(row), std::string::npos) << row;
  }
  EXPECT_NE(r.out.find("ULRD"), std::string::npos);  // the move-order default, in U D L R
  // The old spellings are hidden.
  EXPECT_EQ(r.out.find("--max-seconds"), std::string::npos);
  EXPECT_EQ(r.out.find("--pdb-dir"), std::string::npos);
  const ProgramRun v = run_program("--version", "");
  EXPECT_EQ(v.exit_code, 0);
  EXPECT_EQ(v.out.rfind("fifteen-puzzle ", 0), 0u) << v.out;
}

TEST(Program, JsonHasTheCoreKeysInOrderThenTheDomainKeys) {
  const std::string board = "10 6 4 12 1 14 3 7 5 15 11 13 8 0 2 9";
  const ProgramRun r = run_program("--json --stats --heuristic linear-conflict", board);
  EXPECT_EQ(r.exit_code, 0);
  ASSERT_EQ(lines(r.out).size(), 1u);
  const auto json = app::Json::parse(r.out);
  std::vector<std::string> keys;
  for (const auto& item : json.items()) keys.push_back(item.key());
  const std::vector<std::string> expected = {
      "program",  "domain",    "instance", "algorithm", "heuristic", "status",     "cost",
      "optimal",  "lower_bound", "expanded", "generated", "seconds",   "solution",   "size",
      "pruning",  "pruned",    "iterations", "configurations"};
  EXPECT_EQ(keys, expected);
  EXPECT_EQ(json["program"], "fifteen-puzzle");
  EXPECT_EQ(json["domain"], "fifteen-puzzle");
  EXPECT_EQ(json["instance"], board);
  EXPECT_EQ(json["algorithm"], "ida");
  EXPECT_EQ(json["heuristic"], "linear-conflict");
  EXPECT_EQ(json["status"], "solved");
  EXPECT_EQ(json["cost"], 50);
  EXPECT_EQ(json["optimal"], true);
  EXPECT_EQ(json["lower_bound"], 50);
  EXPECT_EQ(json["size"], "4x4");
  EXPECT_EQ(json["pruning"], "inverse");
  EXPECT_GT(json["expanded"].get<std::uint64_t>(), 0u);
  EXPECT_EQ(json["iterations"].back()["bound"], 50);
  // The solution's letters (U D L R: the blank's direction) replay the configurations.
  const std::string solution = json["solution"];
  ASSERT_EQ(solution.size(), 50u);
  const auto configurations = json["configurations"];
  ASSERT_EQ(configurations.size(), 51u);
  auto tiles = parse_tiles(board, 16).tiles;
  EXPECT_EQ(configurations[0].get<std::vector<unsigned>>(), tiles);
  for (std::size_t i = 0; i < solution.size(); ++i) {
    const auto blank = static_cast<unsigned>(std::find(tiles.begin(), tiles.end(), 0u) - tiles.begin());
    const char c = solution[i];
    ASSERT_TRUE(c == 'U' || c == 'D' || c == 'L' || c == 'R') << solution;
    const unsigned next = c == 'U' ? blank - 4 : c == 'D' ? blank + 4 : c == 'L' ? blank - 1 : blank + 1;
    std::swap(tiles[blank], tiles[next]);
    EXPECT_EQ(configurations[i + 1].get<std::vector<unsigned>>(), tiles) << "move " << i;
  }
  EXPECT_NE(r.err.find("iteration bound="), std::string::npos);
  EXPECT_NE(r.err.find("status=solved cost=50"), std::string::npos) << r.err;
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
  const std::string korf1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";
  const ProgramRun r = run_program("--heuristic manhattan --node-limit 1000", korf1);
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("fifteen-puzzle: stopped (node_limit)"), std::string::npos) << r.err;
  // The old spelling still works, with a warning.
  const ProgramRun old = run_program("--heuristic manhattan --max-nodes 1000", korf1);
  EXPECT_EQ(old.exit_code, 3);
  EXPECT_NE(old.err.find("fifteen-puzzle: warning: --max-nodes is the old spelling of --node-limit"),
            std::string::npos)
      << old.err;
}

// Korf #1 takes Manhattan IDA* minutes: one second of it stops with exit 3 and one JSON line.
TEST(Program, TimeLimitJsonExitsThree) {
  const auto t0 = std::chrono::steady_clock::now();
  const ProgramRun r =
      run_program("--heuristic manhattan --time-limit 1 --json", "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(r.exit_code, 3) << r.err;
  ASSERT_EQ(lines(r.out).size(), 1u) << r.out;
  const auto json = app::Json::parse(r.out);
  EXPECT_EQ(json["status"], "time_limit");
  EXPECT_TRUE(json["cost"].is_null());
  EXPECT_TRUE(json["solution"].is_null());
  EXPECT_EQ(json["optimal"], false);
  EXPECT_GE(json["lower_bound"].get<int>(), 41);  // Manhattan of Korf #1
  EXPECT_LE(json["lower_bound"].get<int>(), 57);  // its optimal length
  EXPECT_LT(seconds, 30.0);  // a hang, not a timing: the limit is one second
}

// A cache directory of its own (empty), and Korf #1 in a file, for the runs below.
struct FreshCache {
  std::filesystem::path dir, board;
  explicit FreshCache(const std::string& name) {
    const auto tmp = std::filesystem::temp_directory_path();
    dir = tmp / ("fifteen-cache-" + name + "-" + std::to_string(::getpid()));
    board = tmp / ("fifteen-board-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::ofstream(board) << "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n";
  }
  ~FreshCache() {
    std::filesystem::remove_all(dir);
    std::filesystem::remove(board);
  }
  bool empty() const { return !std::filesystem::exists(dir) || std::filesystem::is_empty(dir); }
  std::string command(const std::string& args) const {
    return std::string(HSEARCH_BINARY_DIR) + "/bin/fifteen-puzzle " + args + " --cache-dir " + dir.string() + " < " +
           board.string();
  }
};

// Ctrl-C while a pattern database is built (pdb-78's first table takes far longer than the
// delay): the build stops, the JSON record says interrupted with 0 expansions and the Manhattan
// bound, the exit status is 130, and no table file is left in the cache.
TEST(Program, CtrlCDuringATableBuildStopsWithTheRecordAndNoFile) {
  const FreshCache cache("ctrl-c");
  const auto r = testing::run_and_interrupt(cache.command("--heuristic pdb-78 --json"), std::chrono::milliseconds(300));
  EXPECT_FALSE(r.killed) << "still building long after Ctrl-C";
  EXPECT_EQ(r.exit_code, 130) << r.err;
  ASSERT_EQ(lines(r.out).size(), 1u) << r.out;
  const auto json = app::Json::parse(r.out);
  EXPECT_EQ(json["status"], "interrupted");
  EXPECT_EQ(json["heuristic"], "pdb-78");
  EXPECT_EQ(json["expanded"], 0);
  EXPECT_EQ(json["lower_bound"], 41);  // Manhattan of Korf #1
  EXPECT_NE(r.err.find("fifteen-puzzle: stopped (interrupted)"), std::string::npos) << r.err;
  EXPECT_TRUE(cache.empty());
}

// The time limit covers building the tables: a first run with an empty cache stops at the
// limit (exit 3, time_limit) instead of building for minutes, and saves nothing half built.
TEST(Program, TimeLimitCoversTheTableBuild) {
  const FreshCache cache("time-limit");
  const auto t0 = std::chrono::steady_clock::now();
  const auto out_file = cache.dir.string() + ".out";
  const int status =
      std::system((cache.command("--heuristic pdb-78 --time-limit 0.5 --json") + " > " + out_file + " 2>/dev/null").c_str());
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::stringstream out;
  out << std::ifstream(out_file).rdbuf();
  std::filesystem::remove(out_file);
  EXPECT_EQ(WIFEXITED(status) ? WEXITSTATUS(status) : -1, 3);
  const auto json = app::Json::parse(out.str());
  EXPECT_EQ(json["status"], "time_limit");
  EXPECT_EQ(json["expanded"], 0);
  EXPECT_TRUE(cache.empty());
  EXPECT_LT(seconds, 30.0);  // a hang, not a timing: the limit is half a second
}

// The exit status and the JSON status always tell the same story.
TEST(Program, ExitStatusAndJsonStatusAgree) {
  const std::string korf1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";
  const struct {
    std::string args, input, status;
    int exit_code;
  } cases[] = {
      {"--size 3x3", "1 2 0 3 4 5 6 7 8", "solved", 0},
      {"", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 15 14", "unsolvable", 1},
      {"", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 14", "invalid", 2},
      {"--heuristic manhattan --node-limit 1000", korf1, "node_limit", 3},
      {"--heuristic manhattan --time-limit 0.2", korf1, "time_limit", 3},
      {"-a astar --heuristic manhattan --memory-limit 1", korf1, "memory_limit", 3},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.args + " < " + c.input);
    const ProgramRun r = run_program(c.args + " --json", c.input);
    EXPECT_EQ(r.exit_code, c.exit_code) << r.err;
    ASSERT_EQ(lines(r.out).size(), 1u) << r.out;
    EXPECT_EQ(app::Json::parse(r.out)["status"], c.status);
  }
  // Interrupted: Ctrl-C during the search (Manhattan IDA* on Korf #1 runs for minutes).
  const FreshCache cache("agree");
  const auto r =
      testing::run_and_interrupt(cache.command("--heuristic manhattan --json"), std::chrono::milliseconds(300));
  EXPECT_EQ(r.exit_code, 130) << r.err;
  ASSERT_EQ(lines(r.out).size(), 1u) << r.out;
  const auto json = app::Json::parse(r.out);
  EXPECT_EQ(json["status"], "interrupted");
  EXPECT_GT(json["expanded"].get<std::uint64_t>(), 0u);
}

// --trace: one line per IDA* iteration on stderr, stdout unchanged. Checked against the
// Manhattan start value (first bound), the optimal length (last bound), and the chaining of
// "next bound" into the following iteration's bound.
TEST(Program, TraceListsTheIdaIterations) {
  const std::string start = "2 5 1 4 7 3 8 6 0";  // 24 moves, Manhattan 12
  const ProgramRun plain = run_program("--size 3x3 --heuristic manhattan", start);
  const ProgramRun r = run_program("--size 3x3 --heuristic manhattan --trace --quiet", start);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, plain.out);  // the trace goes to stderr only
  check_ok_output(r.out, start, 24, 3, 3);
  const FifteenPuzzle puzzle(3, 3);
  const int h0 = Manhattan<PackedBoard>(puzzle).estimate(make_board<PackedBoard>(parse_tiles(start, 9).tiles));
  ASSERT_EQ(h0, 12);
  std::vector<long> bounds, next, expanded;
  const auto err = lines(r.err);
  ASSERT_FALSE(err.empty());
  EXPECT_EQ(err.back().rfind("result: solved, cost 24 (optimal)", 0), 0u) << err.back();
  for (const auto& line : std::vector<std::string>(err.begin(), err.end() - 1)) {
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
  const std::string start = "1 2 0 3 4 5 6 7 8";  // two moves: L L
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
  EXPECT_NE(dot.find("n0 -> n1 [label=\"L"), std::string::npos) << dot;
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

TEST(Program, TraceJsonWritesTheRunEventByEvent) {
  const auto file = std::filesystem::temp_directory_path() / ("fifteen-trace-" + std::to_string(::getpid()) + ".json");
  const auto r = run_program("--size 3x3 -q -a astar -H manhattan --trace-json " + file.string(), "8 1 3 4 0 2 7 6 5\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::ifstream in(file);
  const auto trace = app::Json::parse(in);
  std::filesystem::remove(file);
  EXPECT_EQ(trace["format"], "hsearch-trace");
  EXPECT_EQ(trace["program"], "fifteen-puzzle");
  EXPECT_EQ(trace["algorithm"], "astar");
  EXPECT_EQ(trace["truncated"], false);
  EXPECT_EQ(hsearch::testing::count_events(trace, "expand"), trace["result"]["expanded"].get<std::size_t>());
  EXPECT_EQ(hsearch::testing::count_events(trace, "generate"), trace["result"]["generated"].get<std::size_t>());
  // The solution's moves are the ones the program prints ("OK n").
  EXPECT_EQ("OK " + std::to_string(trace["solution"]["moves"].size()), lines(r.out).at(0));
  EXPECT_EQ(trace["path"].size(), trace["solution"]["moves"].size() + 1);
}

TEST(Program, TraceJsonCapCutsTheRecordingAndSaysSo) {
  const auto file = std::filesystem::temp_directory_path() / ("fifteen-cap-" + std::to_string(::getpid()) + ".json");
  const auto r = run_program("--size 3x3 -q -a ida -H manhattan --trace-json " + file.string() + " --trace-json-cap 50",
                             "8 1 3 4 0 2 7 6 5\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;  // the search itself went on to its solution
  std::ifstream in(file);
  const auto trace = app::Json::parse(in);
  std::filesystem::remove(file);
  EXPECT_EQ(trace["truncated"], true);
  EXPECT_EQ(trace["events"].size(), 50u);
  EXPECT_EQ(trace["result"]["status"], "solved");
}

TEST(Program, TraceJsonToAnUnwritableFileIsBadInput) {
  const auto r = run_program("--size 3x3 -q --trace-json /nonexistent-dir/trace.json", "8 1 3 4 0 2 7 6 5\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("fifteen-puzzle: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--trace-json"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace hsearch::fifteen
