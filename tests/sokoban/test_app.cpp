// The `sokoban` program: default level, JSON, exit codes, error messages for bad input, the
// shared options, the --oracle comparison, and `sokoban serve`'s start and stop.
#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "../data_dir.hpp"
#include "../signalled_run.hpp"
#include "../trace_events.hpp"

namespace {

struct ProgramRun {
  int status = -1;
  std::string out;  // stdout and stderr together
};

// `with_stderr` false: stdout only (stderr dropped).
// `prefix`: a command that runs the program (e.g. env with a changed environment).
ProgramRun run(const std::string& args, bool with_stderr = true, const std::string& prefix = "") {
  const std::string program = std::string(HSEARCH_BINARY_DIR) + "/bin/sokoban";
  ProgramRun r;
  const std::string cmd = (prefix.empty() ? "" : prefix + " ") + program + " " + args + (with_stderr ? " 2>&1" : " 2>/dev/null");
  FILE* pipe = popen(cmd.c_str(), "r");
  if (pipe == nullptr) return r;
  std::array<char, 4096> buf;
  while (std::fgets(buf.data(), buf.size(), pipe) != nullptr) r.out += buf.data();
  const int st = pclose(pipe);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

// A usage error: exit status 2, and the message contains `names`.
void expect_usage_error(const std::string& args, const std::string& names) {
  const ProgramRun r = run(args);
  EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
  EXPECT_NE(r.out.find(names), std::string::npos) << args << "\n" << r.out;
}

std::string temp_file(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / ("hsearch_sokoban_" + name);
  std::ofstream(path) << text;
  return path.string();
}

class App : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(std::string(HSEARCH_BINARY_DIR) + "/bin/sokoban")) {
      GTEST_SKIP() << "the sokoban program is not built";
    }
  }
};

}  // namespace

TEST_F(App, DefaultLevelIsSolved) {
  const ProgramRun r = run("");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("solved (push-optimal), 7 pushes"), std::string::npos) << r.out;
}

// --resume keeps each level's learned file in the cache directory and reads it on the next run.
TEST_F(App, ResumeStartsFromWhatTheLastRunKept) {
  const auto dir = std::filesystem::temp_directory_path() / ("hsearch_sokoban_resume_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const ProgramRun first = run("--resume --json --cache-dir " + dir.string(), false);
  EXPECT_EQ(first.status, 0) << first.out;
  EXPECT_NE(first.out.find("\"resumed\":null"), std::string::npos) << first.out;
  EXPECT_NE(first.out.find("\"learned_saved\":true"), std::string::npos) << first.out;
  const ProgramRun second = run("--resume --cache-dir " + dir.string());
  EXPECT_EQ(second.status, 0) << second.out;
  EXPECT_NE(second.out.find("solved (push-optimal), 7 pushes"), std::string::npos) << second.out;
  EXPECT_NE(second.out.find("resumed from bound 7"), std::string::npos) << second.out;
  // Without any cache directory there is nowhere to keep it: a usage error, nothing searched.
  const ProgramRun nowhere = run("--resume", true, "env -u HOME -u XDG_CACHE_HOME -u HSEARCH_CACHE_DIR");
  EXPECT_EQ(nowhere.status, 2) << nowhere.out;
  EXPECT_NE(nowhere.out.find("--resume"), std::string::npos) << nowhere.out;
  std::filesystem::remove_all(dir);
}

// The switches that measure one technique each (bench/sokoban/techniques.py) keep the optimum.
TEST_F(App, EachTechniqueSwitchedOffKeepsTheOptimum) {
  for (const char* flag : {"--no-pattern-search", "--no-pi-corrals", "--tunnel-macros", "--goal-macros", "--goal-macros=off", "--no-frozen-goals",
                           "--no-corral-test", "--corral-depth 2", "--no-newer-first", "--no-revalue", "--no-goal-room", "--no-area-entry", "--no-entry-neighbours",
                           "--pattern-start-boxes 0", "--pattern-start-after 0", "--goal-set-slack 10",
                           "--goal-room-states 1024", "--pattern-start-after 0 --pattern-start-nodes 100",
                           "--joint-nodes 0", "--joint-after 0", "--joint-after 0 --joint-min-raised 0"}) {
    const ProgramRun r = run(flag);
    EXPECT_EQ(r.status, 0) << flag << ": " << r.out;
    EXPECT_NE(r.out.find("solved (push-optimal), 7 pushes"), std::string::npos) << flag << ": " << r.out;
  }
}

TEST_F(App, JsonHasTheRequiredFields) {
  const ProgramRun r = run("--json");
  EXPECT_EQ(r.status, 0);
  for (const char* key : {"\"level\":1", "\"title\":", "\"status\":\"solved\"", "\"pushes\":7", "\"moves\":",
                          "\"solution\":\"", "\"optimal\":true", "\"expanded\":", "\"generated\":", "\"seconds\":"}) {
    EXPECT_NE(r.out.find(key), std::string::npos) << key << " in " << r.out;
  }
}

// The goal-room bound reports its area and table; switched off, it reports nothing.
TEST_F(App, JsonReportsTheGoalRoomTable) {
  const ProgramRun on = run("--json");
  EXPECT_EQ(on.status, 0) << on.out;
  EXPECT_NE(on.out.find("\"goal_room\":{\"squares\":"), std::string::npos) << on.out;
  EXPECT_NE(on.out.find("\"complete\":true"), std::string::npos) << on.out;
  const ProgramRun off = run("--json --no-goal-room");
  EXPECT_EQ(off.status, 0) << off.out;
  EXPECT_EQ(off.out.find("\"goal_room\""), std::string::npos) << off.out;
}

// The core keys every program prints, in this order, then Sokoban's own.
TEST_F(App, JsonStartsWithTheCoreKeysInOrder) {
  const ProgramRun r = run("--json --quiet");
  ASSERT_EQ(r.status, 0) << r.out;
  std::size_t at = 0;
  for (const char* key :
       {"{\"program\":\"sokoban\"", "\"domain\":\"sokoban\"", "\"instance\":\"<built-in>#1\"",
        "\"algorithm\":\"astar\"", "\"heuristic\":\"matching\"", "\"status\":\"solved\"", "\"cost\":7",
        "\"optimal\":true", "\"lower_bound\":7", "\"expanded\":", "\"generated\":", "\"seconds\":",
        "\"solution\":\"", "\"level\":1", "\"title\":", "\"pushes\":7", "\"moves\":22", "\"seconds_push_optimum\":",
        "\"moves_pass\":{"}) {
    const std::size_t next = r.out.find(key, at);
    ASSERT_NE(next, std::string::npos) << key << " after position " << at << " in " << r.out;
    at = next;
  }
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;  // one line, nothing else
}

TEST_F(App, HelpListsTheSharedOptionsAndTheExitStatusTable) {
  const ProgramRun r = run("--help");
  EXPECT_EQ(r.status, 0) << r.out;
  for (const char* option : {"--algorithm", "--heuristic", "--time-limit", "--node-limit", "--memory-limit", "--json",
                             "--stats", "--trace", "--dot", "--dot-max-nodes", "--quiet", "--version", "--level",
                             "--levels", "--oracle", "--no-solution", "--no-pattern-search"}) {
    EXPECT_NE(r.out.find(option), std::string::npos) << option << " in " << r.out;
  }
  for (const char* line : {"Exit status:", "0    solved", "1    proven unsolvable", "2    bad input",
                           "3    a limit", "70   internal error", "130  interrupted"}) {
    EXPECT_NE(r.out.find(line), std::string::npos) << line << " in " << r.out;
  }
}

TEST_F(App, MalformedLevelFilesExitWithTwoAndAMessageNamingTheFile) {
  const std::string prose = temp_file("prose.xsb", "this is not a level\njust words\n");
  ProgramRun r = run(prose);
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_EQ(r.out.rfind("sokoban: " + prose + ": no level found", 0), 0U) << r.out;
  // Two boxes, one goal: the message names the file, the line and the problem.
  const std::string boxes = temp_file("boxes.xsb", "; two boxes\n######\n#@$$.#\n######\n");
  r = run(boxes + " --json");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("sokoban: " + boxes + ":2: level 1 (two boxes)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"status\":\"invalid\""), std::string::npos) << r.out;
}

// A hard level stopped by the time limit: exit 3 and the framework's word for it. (No
// assertion on the wall time: the machine may be loaded.)
TEST_F(App, AHardLevelStoppedByTheTimeLimitExitsWithThree) {
  HSEARCH_REQUIRE_DATA("sokoban/xsokoban/XSokoban.xsb");
  const std::string file = hsearch::testing::data_file("sokoban/xsokoban/XSokoban.xsb").string();
  const ProgramRun r = run(file + " --level 50 --time-limit 1 --json --quiet");
  EXPECT_EQ(r.status, 3) << r.out;
  EXPECT_NE(r.out.find("\"status\":\"time_limit\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"cost\":null"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"instance\":\"" + file + "#50\""), std::string::npos) << r.out;
}

TEST_F(App, PiCorralCutsAreReportedAsWithheld) {
  HSEARCH_REQUIRE_DATA("sokoban/xsokoban/XSokoban.xsb");
  const std::string file = hsearch::testing::data_file("sokoban/xsokoban/XSokoban.xsb").string();
  const ProgramRun r = run(file + " --level 1 --json --quiet");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto at = r.out.find("\"withheld\":");
  ASSERT_NE(at, std::string::npos) << r.out;
  EXPECT_GT(std::stoull(r.out.substr(at + 11)), 0u) << r.out;  // XSokoban 1 has PI-corrals
}

TEST_F(App, ANodeLimitExitsWithThree) {
  const ProgramRun r = run("--node-limit 2 --json --no-pattern-search");
  EXPECT_EQ(r.status, 3) << r.out;
  EXPECT_NE(r.out.find("\"status\":\"node_limit\""), std::string::npos) << r.out;
}

// The box can never reach the goal (it is against the wall beyond it).
TEST_F(App, ALevelWhoseBoxCanNeverReachAGoalIsUnsolvable) {
  const ProgramRun r = run(temp_file("never.xsb", "#######\n#.@$  #\n#######\n") + " --json");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("\"status\":\"unsolvable\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"solution\":null"), std::string::npos) << r.out;
}

TEST_F(App, OracleReportsMatchesOnMicroban) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_optimal_pushes.tsv");
  const std::string dir = hsearch::testing::data_file("sokoban/microban").string();
  const ProgramRun r =
      run(dir + "/microban_155.xsb --levels 1-3 --oracle " + dir + "/microban_optimal_pushes.tsv --no-solution");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("reference 8: match"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("3 solved, 3 optimal, 3 checked: 3 matches, 0 below the table, 0 mismatches"),
            std::string::npos)
      << r.out;
  const ProgramRun json = run(dir + "/microban_155.xsb --levels 1-3 --oracle " + dir +
                              "/microban_optimal_pushes.tsv --json");
  EXPECT_EQ(json.status, 0) << json.out;
  EXPECT_NE(json.out.find("\"reference_pushes\":13,\"reference_proven\":true,\"oracle\":\"match\""),
            std::string::npos)
      << json.out;
}

// The built-in level needs 7 pushes: a best-known 8 is a find, a proven 6 or a best-known 6 a
// mismatch (exit 70, a message on stderr).
TEST_F(App, OracleReportsFindsAndMismatches) {
  ProgramRun r = run("--oracle " + temp_file("best8.tsv", "level\tbest_pushes\n1\t8\n"));
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("fewer than the table's best known 8"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1 below the table, 0 mismatches"), std::string::npos) << r.out;
  r = run("--oracle " + temp_file("proven6.tsv", "level\toptimal_pushes\tstatus\n1\t6\tproven_optimal\n"));
  EXPECT_EQ(r.status, 70) << r.out;
  EXPECT_NE(r.out.find("sokoban: <built-in>:2: level 1 (hsearch default level (3 boxes)): mismatch"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("0 matches, 0 below the table, 1 mismatches"), std::string::npos) << r.out;
  // Rows not proven are not checked.
  r = run("--oracle " + temp_file("open6.tsv", "level\toptimal_pushes\tstatus\n1\t6\topen\n"));
  EXPECT_EQ(r.status, 0) << r.out;
  r = run("--oracle " + temp_file("bad.tsv", "lvl\tpushes\n1\t7\n"));
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("bad.tsv:1: the header needs"), std::string::npos) << r.out;
}

TEST_F(App, PatternSearchIsOnByDefaultKeepsTheOptimumAndReportsWhatItLearned) {
  const ProgramRun plain = run("--json --no-pattern-search");
  EXPECT_EQ(plain.status, 0) << plain.out;
  EXPECT_NE(plain.out.find("\"pushes\":7"), std::string::npos) << plain.out;
  const ProgramRun r = run("--json");
  EXPECT_EQ(r.status, 0) << r.out;
  for (const char* key : {"\"pushes\":7", "\"optimal\":true", "\"pattern_searches\":", "\"deadlock_patterns\":",
                          "\"penalty_patterns\":"}) {
    EXPECT_NE(r.out.find(key), std::string::npos) << key << " in " << r.out;
  }
  EXPECT_EQ(plain.out.find("pattern_searches"), std::string::npos) << plain.out;
}

// The exit status and the JSON status always tell the same story, for every outcome.
TEST_F(App, ExitStatusAndJsonStatusAgree) {
  const std::string never = temp_file("agree-never.xsb", "#######\n#.@$  #\n#######\n");
  const std::string no_player = temp_file("agree-invalid.xsb", "#####\n# $.#\n#####\n");
  struct Case {
    std::string args, status;
    int exit_code;
  };
  std::vector<Case> cases = {
      {"", "solved", 0},
      {never, "unsolvable", 1},
      {no_player, "invalid", 2},
      {"--node-limit 2 --no-pattern-search", "node_limit", 3},
  };
  const auto x = hsearch::testing::data_file("sokoban/xsokoban/XSokoban.xsb");
  const bool have_x = std::filesystem::exists(x);
  if (have_x) {
    cases.push_back({x.string() + " --level 50 --time-limit 0.3", "time_limit", 3});
    cases.push_back({x.string() + " --level 50 --memory-limit 1 --no-memory-fallback", "memory_limit", 3});
  }
  for (const auto& c : cases) {
    SCOPED_TRACE(c.args);
    const ProgramRun r = run(c.args + " --json --quiet", /*with_stderr=*/false);
    EXPECT_EQ(r.status, c.exit_code) << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
    EXPECT_NE(r.out.find("\"status\":\"" + c.status + "\""), std::string::npos) << r.out;
  }
  if (!have_x) GTEST_SKIP() << "XSokoban not found: time, memory and Ctrl-C cases skipped";
  const auto r = hsearch::testing::run_and_interrupt(
      std::string(HSEARCH_BINARY_DIR) + "/bin/sokoban " + x.string() + " --level 50 --json --quiet",
      std::chrono::milliseconds(300));
  EXPECT_EQ(r.exit_code, 130) << r.err;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
  EXPECT_NE(r.out.find("\"status\":\"interrupted\""), std::string::npos) << r.out;
}

TEST_F(App, BatchWithAnInvalidLevelRunsTheOthersAndFails) {
  const std::string file = temp_file("batch.xsb",
                                     "; good\n#####\n#@$.#\n#####\n\n; no player\n#####\n# $.#\n#####\n\n"
                                     "; good too\n######\n#@$ .#\n######\n");
  const ProgramRun r = run(file);
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find(file + ":7: level 2 (no player): no player"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Level 3 \"good too\": solved"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Summary: 3 level(s): 2 solved"), std::string::npos) << r.out;
}

TEST_F(App, LevelsLargerThan256SquaresAreSolvedAndTooLargeOnesRefused) {
  // A 30 x 30 room (784 floor squares), one box two pushes from its goal; then a 70 x 70 room
  // (4624 floor squares), more than the widest states hold: exit 2, the file, line and size.
  auto room = [](int n) {
    const std::size_t w = static_cast<std::size_t>(n);
    std::string t(w, '#');
    t += "\n#@ $  .";
    t.append(w - 8, ' ');
    t += "#\n";
    for (int r = 2; r < n - 1; ++r) {
      t += '#';
      t.append(w - 2, ' ');
      t += "#\n";
    }
    t.append(w, '#');
    return t + "\n";
  };
  const ProgramRun big = run(temp_file("big.xsb", room(30)) + " --json --no-solution");
  EXPECT_EQ(big.status, 0) << big.out;
  EXPECT_NE(big.out.find("\"status\":\"solved\""), std::string::npos) << big.out;
  EXPECT_NE(big.out.find("\"pushes\":3"), std::string::npos) << big.out;
  const std::string huge = temp_file("huge.xsb", room(70));
  const ProgramRun refused = run(huge);
  EXPECT_EQ(refused.status, 2) << refused.out;
  EXPECT_NE(refused.out.find(huge + ":1: level 1"), std::string::npos) << refused.out;
  EXPECT_NE(refused.out.find("too large: 4624 floor squares (at most 4096)"), std::string::npos) << refused.out;
}

TEST_F(App, UnsolvableLevelExitsWithOne) {
  const ProgramRun r = run(temp_file("unsolvable.xsb", "#######\n#.@$  #\n#######\n"));
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("unsolvable"), std::string::npos);
}

TEST_F(App, LimitsAndLevelSelection) {
  const std::string file = temp_file("two.xsb", "#####\n#@$.#\n#####\n\n######\n#@$ .#\n######\n");
  ProgramRun r = run(file + " --level 2 --no-solution");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("Level 2"), std::string::npos);
  EXPECT_EQ(r.out.find("Level 1"), std::string::npos);
  r = run(file + " --levels 1-3");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("does not exist"), std::string::npos) << r.out;
}

TEST_F(App, BadCommandLines) {
  EXPECT_EQ(run("--frobnicate").status, 2);
  EXPECT_EQ(run("--algorithm bfs").status, 2);
  EXPECT_EQ(run("--level 1 --levels 1-2").status, 2);
  EXPECT_EQ(run("--heuristic manhattan").status, 2);
  EXPECT_EQ(run("--time-limit -1").status, 2);
  EXPECT_EQ(run("--levels 3-1").status, 2);
  EXPECT_EQ(run("--pattern-start-after -5").status, 2);
  EXPECT_EQ(run("--pattern-start-after lots").status, 2);
  EXPECT_EQ(run("--goal-set-slack -1").status, 2);
  EXPECT_EQ(run("--goal-set-slack 1001").status, 2);
  EXPECT_EQ(run("--pattern-start-nodes lots").status, 2);
  EXPECT_EQ(run("--goal-room-states 1023").status, 2);
  const ProgramRun big = run("--goal-room-states 268435457");
  EXPECT_EQ(big.status, 2);
  EXPECT_NE(big.out.find("goal-room-states"), std::string::npos) << big.out;
  const ProgramRun r = run("/nonexistent/file.xsb");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("sokoban: /nonexistent/file.xsb: cannot open"), std::string::npos) << r.out;
}

// --trace: IDA*'s iterations, one line each, on stderr before the level's result.
TEST_F(App, TraceShowsIdaIterations) {
  const ProgramRun r = run("--trace --algorithm ida --no-solution");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("iteration 1: bound 7, expanded "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(", next bound "), std::string::npos) << r.out;
  EXPECT_LT(r.out.find("iteration 1:"), r.out.find("solved (push-optimal), 7 pushes")) << r.out;
  const ProgramRun out = run("--trace --algorithm ida --no-solution", false);  // stdout: results only
  EXPECT_EQ(out.out.find("iteration"), std::string::npos) << out.out;
  EXPECT_NE(out.out.find("solved (push-optimal), 7 pushes"), std::string::npos) << out.out;
  // A level whose first bound (4, the matching's: the goal-room bound and the pattern search,
  // switched off here, see 6 at once) is too low: the second iteration, at bound 6, solves it.
  const std::string level = temp_file("trace.xsb",
                                      "#######\n"
                                      "# . . #\n"
                                      "#@ $$ #\n"
                                      "#   $ #\n"
                                      "# # . #\n"
                                      "#######\n");
  const ProgramRun two = run(level + " --trace --algorithm ida --no-solution --no-goal-room --no-pattern-search");
  EXPECT_EQ(two.status, 0) << two.out;
  EXPECT_NE(two.out.find("iteration 1: bound 4, expanded 3, generated 10, pruned 0, next bound 6"), std::string::npos)
      << two.out;
  EXPECT_NE(two.out.find("iteration 2: bound 6,"), std::string::npos) << two.out;
  EXPECT_NE(two.out.find("solved (push-optimal), 6 pushes"), std::string::npos) << two.out;
  // A* has no iterations: the trace only lists reopen events (none needed here), and solves.
  const ProgramRun astar = run(level + " --trace --no-solution");
  EXPECT_EQ(astar.status, 0) << astar.out;
  EXPECT_EQ(astar.out.find("iteration"), std::string::npos) << astar.out;
}

// --dot FILE: the search tree as a Graphviz digraph, nodes labelled with f, g, h and the board.
TEST_F(App, DotWritesTheSearchTree) {
  const auto path = std::filesystem::temp_directory_path() / "hsearch_sokoban_tree.dot";
  std::filesystem::remove(path);
  const ProgramRun r = run("--dot " + path.string() + " --no-solution");
  EXPECT_EQ(r.status, 0) << r.out;
  std::ifstream in(path);
  const std::string dot((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(dot.find("digraph search_tree {"), std::string::npos) << dot;
  EXPECT_NE(dot.find("f = 7  (g = 0, h = 7)"), std::string::npos) << dot;  // the root
  EXPECT_NE(dot.find(" -> n"), std::string::npos) << dot;
  EXPECT_NE(dot.find("GOAL"), std::string::npos) << dot;
  EXPECT_NE(dot.find("## $$#   #"), std::string::npos) << dot;  // a board row of the start
  EXPECT_EQ(dot.find("truncated"), std::string::npos) << dot;
  EXPECT_EQ(dot.substr(dot.size() - 2), "}\n");
  // Bounded: past --dot-max-nodes the file says it stopped recording.
  const ProgramRun small = run("--dot " + path.string() + " --dot-max-nodes 5 --no-solution");
  EXPECT_EQ(small.status, 0) << small.out;
  std::ifstream in2(path);
  const std::string dot2((std::istreambuf_iterator<char>(in2)), std::istreambuf_iterator<char>());
  EXPECT_NE(dot2.find("5 nodes (truncated"), std::string::npos) << dot2;
  // One level only, and a writable file.
  const std::string two = temp_file("two.xsb", "#####\n#@$.#\n#####\n\n#####\n#@$.#\n#####\n");
  const ProgramRun many = run(two + " --dot " + path.string());
  EXPECT_EQ(many.status, 2) << many.out;
  EXPECT_NE(many.out.find("--level N"), std::string::npos) << many.out;
  const ProgramRun bad = run("--dot /nonexistent-dir/x.dot");
  EXPECT_EQ(bad.status, 2) << bad.out;
  EXPECT_NE(bad.out.find("cannot write"), std::string::npos) << bad.out;
}

// --sample-states FILE: every K-th state the push search expands, as levels titled with their
// g, h and f. Solved alone, a sample needs at least h pushes (the bound is admissible), and at
// least the level's optimum minus g (the search reached it in g pushes).
TEST_F(App, SampleStatesWritesExpandedStatesAsLevels) {
  const std::string level = temp_file("sampled.xsb", "  ####\n###  ####\n#     $ #\n# #  #$ #\n# . .#@ #\n#########\n");
  const std::string samples = temp_file("samples_" + std::to_string(::getpid()) + ".xsb", "");
  const ProgramRun r = run(level + " --json -q --sample-states " + samples + " --sample-every 3", false);
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  const int optimum = j.at("pushes").get<int>();
  const std::uint64_t expanded = j.at("expanded").get<std::uint64_t>();
  ASSERT_GE(expanded, 6u);
  const ProgramRun solved = run(samples + " --json -q", false);
  ASSERT_EQ(solved.status, 0) << solved.out;
  const std::regex title(R"(sample (\d+): expansion (\d+), g (\d+), h (\d+), f (\d+))");
  std::uint64_t count = 0;
  std::istringstream lines(solved.out);
  for (std::string line; std::getline(lines, line);) {
    const auto s = nlohmann::json::parse(line);
    std::smatch m;
    const std::string t = s.at("title").get<std::string>();
    ASSERT_TRUE(std::regex_match(t, m, title)) << t;
    ++count;
    EXPECT_EQ(std::stoull(m[2]), 3 * count) << t;
    const int g = std::stoi(m[3]), h = std::stoi(m[4]);
    EXPECT_EQ(g + h, std::stoi(m[5])) << t;
    ASSERT_EQ(s.at("status"), "solved") << t;
    EXPECT_GE(s.at("pushes").get<int>(), h) << t;
    EXPECT_GE(g + s.at("pushes").get<int>(), optimum) << t;
  }
  EXPECT_EQ(count, expanded / 3);
  // Usage: a file, one level, a push search, K >= 1, and --sample-every only with a file.
  expect_usage_error("--sample-every 5", "--sample-states");
  expect_usage_error("--sample-states " + samples + " --sample-every 0", "sample-every");
  expect_usage_error("--sample-states " + samples + " --objective moves", "--objective moves");
  const std::string two = temp_file("two_sampled.xsb", "#####\n#@$.#\n#####\n\n#####\n#@$.#\n#####\n");
  expect_usage_error(two + " --sample-states " + samples, "--level N");
  const ProgramRun bad = run("--sample-states /nonexistent-dir/s.xsb");
  EXPECT_EQ(bad.status, 2) << bad.out;
  EXPECT_NE(bad.out.find("cannot write"), std::string::npos) << bad.out;
}

// --trace-json FILE: the run event by event, the trace the search lab plays back.
TEST_F(App, TraceJsonWritesTheRunEventByEvent) {
  const auto path = std::filesystem::temp_directory_path() / ("hsearch_sokoban_trace_" + std::to_string(::getpid()) + ".json");
  const ProgramRun r = run("--json --trace-json " + path.string(), false);
  ASSERT_EQ(r.status, 0) << r.out;
  std::ifstream in(path);
  const auto trace = nlohmann::json::parse(in);
  std::filesystem::remove(path);
  EXPECT_EQ(trace["format"], "hsearch-trace");
  EXPECT_EQ(trace["program"], "sokoban");
  EXPECT_EQ(trace["domain"], "sokoban");
  EXPECT_EQ(trace["level"], 1);
  EXPECT_EQ(trace["objective"], "pushes");
  EXPECT_EQ(trace["truncated"], false);
  EXPECT_EQ(hsearch::testing::count_events(trace, "expand"), trace["result"]["expanded"].get<std::size_t>());
  // The same search as the program's JSON line: its expansions, and a solution of its pushes.
  const auto json = nlohmann::json::parse(r.out.substr(0, r.out.find('\n')));
  EXPECT_EQ(json["expanded"], trace["result"]["expanded"]);
  EXPECT_EQ(trace["solution"]["moves"].size(), json["pushes"].get<std::size_t>());
  // One level only, not with --objective any, and a writable file.
  const std::string two = temp_file("two_trace.xsb", "#####\n#@$.#\n#####\n\n#####\n#@$.#\n#####\n");
  const ProgramRun many = run(two + " --trace-json " + path.string());
  EXPECT_EQ(many.status, 2) << many.out;
  EXPECT_NE(many.out.find("--level N"), std::string::npos) << many.out;
  EXPECT_EQ(run("--objective any --trace-json " + path.string()).status, 2);
  const ProgramRun bad = run("--trace-json /nonexistent-dir/x.json");
  EXPECT_EQ(bad.status, 2) << bad.out;
  EXPECT_NE(bad.out.find("cannot write"), std::string::npos) << bad.out;
}

// --objective: the JSON names it; moves reports moves as the cost; any traces its solutions.
TEST_F(App, ObjectivesAnyAndMoves) {
  ProgramRun r = run("--objective moves --json", false);
  EXPECT_EQ(r.status, 0) << r.out;
  for (const char* key : {"\"cost\":22,", "\"optimal\":true", "\"objective\":\"moves\"", "\"moves\":22"}) {
    EXPECT_NE(r.out.find(key), std::string::npos) << key << " in " << r.out;
  }
  r = run("--objective moves");
  EXPECT_NE(r.out.find("solved (move-optimal), 7 pushes, 22 moves"), std::string::npos) << r.out;
  r = run("--objective any --trace");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("solution: 7 pushes, feature-space search"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("solved (push-optimal), 7 pushes"), std::string::npos) << r.out;
  // Greedy search alone finds 7 pushes, which the start's bound (7) already proves optimal.
  r = run("--objective any --no-feature-space --weight 0,1 --json --node-limit 8", false);
  EXPECT_NE(r.out.find("\"cost\":7,\"optimal\":true,\"lower_bound\":7"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"objective\":\"any\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"algorithm\":\"restarting-weighted-astar\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"solutions_found\":"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"first_solution_cells\":null"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"most_packed\":null"), std::string::npos) << r.out;
  // Each feature space alone names itself as the one that found the first solution.
  for (const char* cells : {"plan-rooms", "plan-connectivity", "packing", "packing-connectivity"}) {
    r = run(std::string("--objective any --json --feature-cells ") + cells, false);
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find(std::string("\"first_solution_cells\":\"") + cells + "\""), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\"most_packed\":3"), std::string::npos) << r.out;
  }
  // Stopped, it says how far the packing came rather than a bound it never proved.
  r = run("--objective any --node-limit 1");
  EXPECT_EQ(r.status, 3) << r.out;
  EXPECT_NE(r.out.find("node_limit, at most 1 of 3 boxes packed"), std::string::npos) << r.out;
  r = run("--objective any --json --no-packing-advisor", false);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("\"pushes\":7,"), std::string::npos) << r.out;
  r = run("--objective any --json --no-ranked-cells", false);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("\"pushes\":7,"), std::string::npos) << r.out;
}

TEST_F(App, ObjectiveMisuseExitsWithTwo) {
  expect_usage_error("--objective fastest", "--objective fastest: sokoban offers pushes, moves, any");
  expect_usage_error("--weight 1,3", "only with --objective any");
  EXPECT_EQ(run("--objective any --algorithm ida").status, 2);
  expect_usage_error("--feature-cells packing", "--feature-cells: only with --objective any");
  expect_usage_error("--no-packing-advisor", "--no-packing-advisor: only with --objective any");
  expect_usage_error("--no-ranked-cells", "--no-ranked-cells: only with --objective any");
  expect_usage_error("--objective any --feature-cells rooms",
                     "--feature-cells rooms: sokoban offers both, plan-rooms, plan-connectivity, packing, packing-connectivity");
  EXPECT_EQ(run("--objective moves --algorithm ida").status, 2);
  // The bound probes' cells: one space, and only where there are probes.
  for (const char* misuse : {"--objective any --probe-cells packing", "--objective moves --probe-cells packing",
                             "--algorithm ida --probe-cells packing", "--no-bound-probes --probe-cells packing"}) {
    expect_usage_error(misuse, "--probe-cells: only with the bound probes");
  }
  expect_usage_error("--probe-cells both", "--probe-cells both: the bound probes search one space");
  expect_usage_error("--probe-cells rooms", "--probe-cells rooms: sokoban offers");
  const ProgramRun r = run("--probe-cells packing --json", false);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("\"pushes\":7,"), std::string::npos) << r.out;
  EXPECT_EQ(run("--objective any --dot " + temp_file("any.dot", "")).status, 2);
}

// A*'s memory full: IDA* goes on from its bound (memory_fallback) until the time limit.
TEST_F(App, MemoryLimitHandsOverToIdaStar) {
  const auto x = hsearch::testing::data_file("sokoban/xsokoban/XSokoban.xsb");
  if (!std::filesystem::exists(x)) GTEST_SKIP() << "XSokoban not found";
  const ProgramRun r = run(x.string() + " --level 50 --memory-limit 1 --time-limit 0.5 --json --quiet", false);
  EXPECT_EQ(r.status, 3) << r.out;
  EXPECT_NE(r.out.find("\"status\":\"time_limit\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"memory_fallback\":true"), std::string::npos) << r.out;
}

// `sokoban serve`: the address first on stdout, Ctrl-C stops it with 130; bad usage, an
// unreadable level file, a data folder that cannot be made and a port in use exit 2 with a
// message naming the problem, before anything is served.
TEST_F(App, ServePrintsItsAddressFirstAndStopsOnCtrlC) {
  const auto dir = std::filesystem::temp_directory_path() / ("hsearch_serve_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const auto r = hsearch::testing::run_and_interrupt(
      std::string(HSEARCH_BINARY_DIR) + "/bin/sokoban serve --port 0 --data " + dir.string(),
      std::chrono::milliseconds(1500));
  EXPECT_FALSE(r.killed);
  EXPECT_EQ(r.exit_code, 130) << r.err;
  EXPECT_EQ(r.out.rfind("http://127.0.0.1:", 0), 0u) << r.out;
  EXPECT_TRUE(std::filesystem::exists(dir / "sokoban-web.sqlite"));
  std::filesystem::remove_all(dir);
}

TEST_F(App, ServeRefusesBadUsageAndInputBeforeServing) {
  const auto dir = std::filesystem::temp_directory_path() / ("hsearch_serve_bad_" + std::to_string(::getpid()));
  const std::string data = " --data " + dir.string();
  ProgramRun r = run("serve --port 70000" + data);
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("sokoban serve: --port wants a whole number from 0 to 65535"), std::string::npos) << r.out;
  r = run("serve --solve-time 0" + data);
  EXPECT_EQ(r.status, 2) << r.out;
  r = run("serve /no/such/levels.xsb" + data);
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("sokoban serve: /no/such/levels.xsb: cannot open the file"), std::string::npos) << r.out;
  r = run("serve --port 0 --data /dev/null/sub");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("/dev/null/sub: cannot create the data directory"), std::string::npos) << r.out;

  // A port another program holds.
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  ASSERT_GE(fd, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  ASSERT_EQ(::listen(fd, 1), 0);
  socklen_t length = sizeof address;
  ASSERT_EQ(::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length), 0);
  const std::string port = std::to_string(ntohs(address.sin_port));
  r = run("serve --port " + port + data);
  ::close(fd);
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("sokoban serve: cannot listen on 127.0.0.1:" + port), std::string::npos) << r.out;
  std::filesystem::remove_all(dir);
}

// --bound-profile: the bound along a solution read from a file (or standard input), as a table
// or as JSON, with where f rises; a file that is not a solution of the level is bad input and
// the message names the file (and the line of a character that is not LURD).
TEST_F(App, BoundProfilePrintsTheBoundAlongASolution) {
  const std::string level = temp_file("profile.xsb", "#######\n#     #\n#@$  .#\n#     #\n#     #\n#######\n");
  const std::string detour = temp_file("profile.lurd", "urDrddlU\nluRRR\n");
  const ProgramRun table = run(level + " --bound-profile " + detour);
  EXPECT_EQ(table.status, 0) << table.out;
  EXPECT_NE(table.out.find("f: 3 at the start, 5 at the end; 1 rise"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("(2,2)D"), std::string::npos) << table.out;
  const ProgramRun json = run(level + " --level 1 --bound-profile " + detour + " --json", false);
  EXPECT_EQ(json.status, 0) << json.out;
  const auto j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["start_bound"], 3);
  EXPECT_EQ(j["solution_pushes"], 5);
  EXPECT_TRUE(j["dead_at"].is_null());
  ASSERT_EQ(j["rises"].size(), 1U);
  EXPECT_EQ(j["rises"][0]["pushes"], 1);
  EXPECT_EQ(j["rises"][0]["by"], 2);
  ASSERT_EQ(j["steps"].size(), 6U);
  EXPECT_EQ(j["steps"][5]["f"], 5);
  EXPECT_EQ(j["steps"][1]["push"]["dir"], "D");
  const ProgramRun piped = run(level + " --bound-profile - < " + detour);
  EXPECT_EQ(piped.status, 0) << piped.out;

  const std::string short_of_goal = temp_file("profile_short.lurd", "RR\n");
  const ProgramRun not_solution = run(level + " --bound-profile " + short_of_goal);
  EXPECT_EQ(not_solution.status, 2) << not_solution.out;
  EXPECT_NE(not_solution.out.find(short_of_goal + ": not a solution of"), std::string::npos) << not_solution.out;
  const std::string bad_letter = temp_file("profile_letter.lurd", "RR\nRx\n");
  const ProgramRun letter = run(level + " --bound-profile " + bad_letter);
  EXPECT_EQ(letter.status, 2) << letter.out;
  EXPECT_NE(letter.out.find(bad_letter + ":2: 'x' is not one of lurdLURD"), std::string::npos) << letter.out;
  const ProgramRun missing = run(level + " --bound-profile /nonexistent/solution.lurd");
  EXPECT_EQ(missing.status, 2) << missing.out;
  EXPECT_NE(missing.out.find("cannot open the solution file"), std::string::npos) << missing.out;
  const std::string two_levels = temp_file("profile_two.xsb", "#######\n#@$  .#\n#######\n\n#######\n#@$  .#\n#######\n");
  const ProgramRun two = run(two_levels + " --bound-profile " + detour);
  EXPECT_EQ(two.status, 2) << two.out;
  EXPECT_NE(two.out.find("--bound-profile reads a solution of one level"), std::string::npos) << two.out;
}

TEST_F(App, ProfileSvgDrawsTheBoundAlongASolution) {
  const std::string level = temp_file("chart.xsb", "#######\n#     #\n#@$  .#\n#     #\n#     #\n#######\n");
  const std::string detour = temp_file("chart.lurd", "urDrddlU\nluRRR\n");
  const std::string svg_path = temp_file("chart.svg", "");
  const ProgramRun drawn = run(level + " --bound-profile " + detour + " --profile-svg " + svg_path);
  EXPECT_EQ(drawn.status, 0) << drawn.out;
  std::ifstream in(svg_path);
  const std::string svg((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0U) << svg;
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  EXPECT_NE(svg.find("along a solution of 5 pushes (start bound 3)"), std::string::npos) << svg;
  EXPECT_NE(svg.find("this solution: 5 pushes"), std::string::npos) << svg;
  EXPECT_NE(svg.find(">+2 at 1</text>"), std::string::npos) << svg;  // the detour's one rise
  // Six states: the start and one per push, one point each.
  const auto points_at = svg.find("points=\"");
  ASSERT_NE(points_at, std::string::npos);
  const std::string points = svg.substr(points_at, svg.find('"', points_at + 8) - points_at);
  EXPECT_EQ(std::count(points.begin(), points.end(), ','), 6) << points;

  // With --resume: the level's learned file is read, its bound drawn too; without one, bad input.
  const auto dir = std::filesystem::temp_directory_path() / ("hsearch_sokoban_chart_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const ProgramRun none = run(level + " --bound-profile " + detour + " --resume --cache-dir " + dir.string());
  EXPECT_EQ(none.status, 2) << none.out;
  EXPECT_NE(none.out.find("no learned file for"), std::string::npos) << none.out;
  ASSERT_EQ(run(level + " --resume --cache-dir " + dir.string()).status, 0);
  const ProgramRun learned = run(level + " --bound-profile " + detour + " --resume --cache-dir " + dir.string() +
                                     " --json --profile-svg " + svg_path,
                                 false);
  EXPECT_EQ(learned.status, 0) << learned.out;
  const auto lj = nlohmann::json::parse(learned.out);
  EXPECT_EQ(lj["learned"]["proven_bound"], 3);
  EXPECT_EQ(lj["learned"]["start_bound"], 3);
  EXPECT_EQ(lj["steps"][1]["learned_f"], 5);
  std::ifstream again(svg_path);
  const std::string two((std::istreambuf_iterator<char>(again)), std::istreambuf_iterator<char>());
  EXPECT_EQ(two.find("<polyline", two.find("<polyline") + 1) != std::string::npos, true) << "two series";
  EXPECT_NE(two.find("proven by --resume runs: 3"), std::string::npos) << two;
  EXPECT_NE(two.find("f with what --resume runs learned"), std::string::npos) << two;
  std::filesystem::remove_all(dir);

  const ProgramRun alone = run(level + " --profile-svg " + svg_path);
  EXPECT_EQ(alone.status, 2) << alone.out;
  EXPECT_NE(alone.out.find("--profile-svg draws the chart of --bound-profile"), std::string::npos) << alone.out;
  const ProgramRun unwritable = run(level + " --bound-profile " + detour + " --profile-svg /nonexistent/dir/chart.svg");
  EXPECT_EQ(unwritable.status, 2) << unwritable.out;
  EXPECT_NE(unwritable.out.find("--profile-svg /nonexistent/dir/chart.svg: cannot write the file"), std::string::npos)
      << unwritable.out;
}

// --joint-nodes (on by default): the solve reports its joint bounds (none asked with 0), and a
// bad count is a usage error that names the option.
TEST_F(App, JointNodesReportsTheJointBounds) {
  const std::string level = temp_file("joint.xsb", "#########\n#@$ $ ..#\n#       #\n#########\n");
  const ProgramRun with = run(level + " --joint-nodes 50 --json -q", false);
  EXPECT_EQ(with.status, 0) << with.out;
  const auto j = nlohmann::json::parse(with.out);
  EXPECT_EQ(j["pushes"], 7);
  EXPECT_EQ(j["optimal"], true);
  ASSERT_TRUE(j.contains("joint_bounds")) << with.out;
  EXPECT_LE(j["joint_raised"].get<int>(), j["joint_bounds"].get<int>());
  EXPECT_LE(j["joint_unions"].get<int>(), j["joint_bounds"].get<int>());
  EXPECT_TRUE(j.contains("joint_skipped")) << with.out;
  // The text summary says what the joint bounds did.
  const ProgramRun text = run(level + " --joint-nodes 50 -q", false);
  EXPECT_NE(text.out.find("; joint bounds: "), std::string::npos) << text.out;
  const ProgramRun without = run(level + " --joint-nodes 0 --json -q", false);
  EXPECT_FALSE(nlohmann::json::parse(without.out).contains("joint_bounds")) << without.out;
  expect_usage_error(level + " --joint-nodes many", "joint-nodes");
  expect_usage_error(level + " --joint-nodes 50 --joint-groups 0", "joint-groups");
  expect_usage_error(level + " --joint-min-raised 101", "joint-min-raised");
  expect_usage_error(level + " --joint-after -1", "joint-after");
  expect_usage_error(level + " --joint-union 65", "joint-union");
}

// A board with all eight symmetries of the square: the JSON says how many A* reduced by, and
// --no-symmetry (or recording the run) leaves the push count as it is.
TEST_F(App, SymmetryIsReportedAndCanBeSwitchedOff) {
  const std::string level = temp_file("square.xsb", "#######\n#.   .#\n# $ $ #\n#  @  #\n# $ $ #\n#.   .#\n#######\n");
  const ProgramRun with = run(level + " --json -q", false);
  EXPECT_EQ(with.status, 0) << with.out;
  const auto j = nlohmann::json::parse(with.out);
  EXPECT_EQ(j["symmetries"], 7);
  EXPECT_EQ(j["optimal"], true);
  const ProgramRun without = run(level + " --no-symmetry --json -q", false);
  const auto k = nlohmann::json::parse(without.out);
  EXPECT_EQ(k["symmetries"], 0);
  EXPECT_EQ(k["pushes"], j["pushes"]);
  // A recorded run shows each edge as its push: no reduction then.
  const std::string events = temp_file("square_events.json", "");
  const ProgramRun recorded = run(level + " --json -q --trace-json " + events, false);
  EXPECT_EQ(recorded.status, 0) << recorded.out;
  EXPECT_EQ(nlohmann::json::parse(recorded.out)["symmetries"], 0) << recorded.out;
}

TEST_F(App, BoxGroupSolvesSomeBoxesAlone) {
  const std::string level = temp_file("group.xsb", "#########\n#@$ $ ..#\n#       #\n#########\n");
  const ProgramRun one = run(level + " --box-group 1,4");
  EXPECT_EQ(one.status, 0) << one.out;
  EXPECT_NE(one.out.find("1 box alone ((1,4)): matching 2, 2 pushes (optimal): penalty 0"), std::string::npos) << one.out;
  const ProgramRun both = run(level + " --box-group '1,2;1,4' --json", false);
  EXPECT_EQ(both.status, 0) << both.out;
  const auto j = nlohmann::json::parse(both.out);
  EXPECT_EQ(j["pushes"], 7);
  EXPECT_EQ(j["optimal"], true);
  EXPECT_EQ(j["boxes"].size(), 2U);
  EXPECT_EQ(j["penalty"], j["pushes"].get<int>() - j["matching"].get<int>());
  EXPECT_EQ(j["joint"]["bound"], 7);
  EXPECT_EQ(j["joint"]["exact"], true);
  EXPECT_NE(one.out.find("with the other boxes kept in the matching"), std::string::npos) << one.out;
  const ProgramRun stopped = run(level + " --box-group '1,2 1,4' --node-limit 1");
  EXPECT_EQ(stopped.status, 3) << stopped.out;
  EXPECT_NE(stopped.out.find("at least"), std::string::npos) << stopped.out;
  expect_usage_error(level + " --box-group 1,3", "(1,3) holds no box of the level");
  expect_usage_error(level + " --box-group 1-3", "--box-group wants squares as ROW,COL");
}
