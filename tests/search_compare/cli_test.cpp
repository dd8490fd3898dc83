// The search-compare program: --help, exit statuses and messages for bad command lines and
// files, a run stopped by its time limit, the --json lines, old option spellings, and a small
// end-to-end run writing CSV, report and DOT files. Skipped when the program is absent.
#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
#include <sys/wait.h>

#include "hsearch/app/json.hpp"
#include "signalled_run.hpp"

namespace {

const std::string kProgram = std::string(HSEARCH_BINARY_DIR) + "/bin/search-compare";

struct Outcome {
  int status = -1;
  std::string out;  // stdout
  std::string err;  // stderr
  std::string output() const { return out + err; }
};

std::string read_file(const std::filesystem::path& path) {
  std::stringstream text;
  text << std::ifstream(path).rdbuf();
  return text.str();
}

// Runs the program with stdout and stderr kept apart (stderr through a file).
Outcome run(const std::string& args) {
  Outcome o;
  const auto err = std::filesystem::temp_directory_path() /
                   ("hsearch_cli_err_" + std::to_string(::getpid()) + ".txt");
  const std::string command = kProgram + " " + args + " 2>" + err.string();
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return o;
  std::array<char, 4096> buf{};
  std::size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) o.out.append(buf.data(), n);
  const int raw = pclose(pipe);
  o.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  o.err = read_file(err);
  std::filesystem::remove(err);
  return o;
}

std::filesystem::path temp_file(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("hsearch_cli_" + std::to_string(::getpid()) + "_" + name);
  std::ofstream(path) << text;
  return path;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

class SearchCompareProgram : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(kProgram)) GTEST_SKIP() << kProgram << " is not built";
  }
  bool has_domain(const std::string& name) {
    const auto help = run("--help");
    return help.out.find("\n  " + name + "\n") != std::string::npos;
  }
};

TEST_F(SearchCompareProgram, HelpListsTheSharedOptionsAndTheExitStatusTable) {
  const auto o = run("--help");
  EXPECT_EQ(o.status, 0);
  for (const char* option : {"--algorithm", "--heuristic", "--pruning", "--time-limit", "--node-limit",
                             "--memory-limit", "--cache-dir", "--json", "--stats", "--trace", "--dot",
                             "--dot-max-nodes", "--quiet", "--version", "--domain", "--instances", "--random",
                             "--seed", "--first", "--jobs", "--csv", "--report", "--summary-only"}) {
    EXPECT_NE(o.out.find(std::string(option) + " "), std::string::npos) << option;
  }
  EXPECT_NE(o.out.find("Exit status:"), std::string::npos) << o.out;
  for (const char* code : {"  0 ", "  1 ", "  2 ", "  3 ", "  70 ", "  130 "}) {
    EXPECT_NE(o.out.find(code), std::string::npos) << code;
  }
  EXPECT_EQ(o.err, "");
}

TEST_F(SearchCompareProgram, BadCommandLinesExitWithStatus2AndSayWhy) {
  auto o = run("--no-such-option");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err.rfind("search-compare: ", 0), 0u) << o.err;
  EXPECT_NE(o.err.find("no-such-option"), std::string::npos) << o.err;
  o = run("--domain chess --random 2");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("search-compare: unknown domain 'chess'"), std::string::npos) << o.err;
  o = run("--random 2");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("search-compare: --domain is required"), std::string::npos) << o.err;
  o = run("--domain hanoi --random 2 --time-limit -1");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("--time-limit"), std::string::npos) << o.err;
  o = run("--domain hanoi --random 2 --jobs 0");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("--jobs"), std::string::npos) << o.err;
  if (!has_domain("fifteen-puzzle")) GTEST_SKIP() << "fifteen-puzzle not in this build";
  o = run("--domain fifteen-puzzle --random 1 --algorithm dijkstra");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("unknown algorithm 'dijkstra'"), std::string::npos) << o.err;
  o = run("--domain fifteen-puzzle --random 1 --heuristic euclid");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("unknown heuristic 'euclid'"), std::string::npos) << o.err;
  // A grid with nothing left to run is refused before any run.
  o = run("--domain fifteen-puzzle --random 1 -a astar --pruning inverse");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("no configuration left to run"), std::string::npos) << o.err;
  EXPECT_EQ(o.out, "");
  o = run("--domain fifteen-puzzle");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("exactly one of --instances FILE and --random N"), std::string::npos);
}

TEST_F(SearchCompareProgram, MalformedInstanceFileExitsWithStatus2NamingFileAndLine) {
  if (!has_domain("fifteen-puzzle")) GTEST_SKIP() << "fifteen-puzzle not in this build";
  const auto path = temp_file("bad.txt", "# a comment\n1 2 3\n");
  const auto o = run("--domain fifteen-puzzle --instances " + path.string());
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err.rfind("search-compare: ", 0), 0u) << o.err;
  EXPECT_NE(o.err.find(path.string() + ":2: expected 16 tiles"), std::string::npos) << o.err;
  EXPECT_EQ(o.out, "");
  std::filesystem::remove(path);
}

TEST_F(SearchCompareProgram, HardInstanceWithTimeLimitExitsWith3AndJsonStatusTimeLimit) {
  if (!has_domain("fifteen-puzzle")) GTEST_SKIP() << "fifteen-puzzle not in this build";
  // Korf's instance 1 (57 moves): IDA* with Manhattan distance needs far more than a second.
  const auto path = temp_file("hard.txt", "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n");
  const auto o = run("--domain fifteen-puzzle --instances " + path.string() +
                     " -a ida -H manhattan --time-limit 1 --json -q");
  EXPECT_EQ(o.status, 3) << o.output();
  const auto lines = lines_of(o.out);
  ASSERT_EQ(lines.size(), 1u) << o.out;
  const auto j = hsearch::app::Json::parse(lines[0]);
  EXPECT_EQ(j["status"], "time_limit");
  EXPECT_EQ(j["algorithm"], "ida");
  EXPECT_TRUE(j["cost"].is_null());
  EXPECT_GT(j["lower_bound"].get<int>(), 0);
  std::filesystem::remove(path);
}

// Ctrl-C during the runs: every run not finished says interrupted, and the program exits 130
// (the worst status of its runs), in the table and in the JSON lines.
TEST_F(SearchCompareProgram, CtrlCExits130AndTheRunsSayInterrupted) {
  if (!has_domain("fifteen-puzzle")) GTEST_SKIP() << "fifteen-puzzle not in this build";
  const auto path = temp_file("ctrl-c.txt", "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n");
  const auto r = hsearch::testing::run_and_interrupt(
      kProgram + " --domain fifteen-puzzle --instances " + path.string() + " -a ida,astar -H manhattan --json -q",
      std::chrono::milliseconds(300));
  EXPECT_FALSE(r.killed);
  EXPECT_EQ(r.exit_code, 130) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  for (const auto& line : lines) EXPECT_EQ(hsearch::app::Json::parse(line)["status"], "interrupted") << line;
  std::filesystem::remove(path);
}

// Pattern databases are built before the runs, under the stop flag and one run's time limit:
// Ctrl-C or the limit stops the build (pdb-78's first table takes far longer), its runs record
// the reason with 0 expansions, and the cache holds no half-built table.
TEST_F(SearchCompareProgram, CtrlCAndTheTimeLimitStopATableBuild) {
  if (!has_domain("fifteen-puzzle")) GTEST_SKIP() << "fifteen-puzzle not in this build";
  const auto path = temp_file("build.txt", "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n");
  const auto dir = std::filesystem::temp_directory_path() / ("hsearch_cli_cache_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const std::string args =
      " --domain fifteen-puzzle --instances " + path.string() + " -a ida -H pdb-78 --json -q --cache-dir " + dir.string();
  const auto r = hsearch::testing::run_and_interrupt(kProgram + args, std::chrono::milliseconds(300));
  EXPECT_FALSE(r.killed) << "still building long after Ctrl-C";
  EXPECT_EQ(r.exit_code, 130) << r.err;
  ASSERT_EQ(lines_of(r.out).size(), 1u) << r.out;
  auto j = hsearch::app::Json::parse(r.out);
  EXPECT_EQ(j["status"], "interrupted");
  EXPECT_EQ(j["expanded"], 0);
  const auto o = run(args + " --time-limit 0.5");
  EXPECT_EQ(o.status, 3) << o.output();
  ASSERT_EQ(lines_of(o.out).size(), 1u) << o.out;
  j = hsearch::app::Json::parse(o.out);
  EXPECT_EQ(j["status"], "time_limit");
  EXPECT_EQ(j["expanded"], 0);
  EXPECT_TRUE(!std::filesystem::exists(dir) || std::filesystem::is_empty(dir));
  std::filesystem::remove_all(dir);
  std::filesystem::remove(path);
}

// The exit status and each run's JSON status agree (a batch: the worst of its runs).
TEST_F(SearchCompareProgram, ExitStatusAndJsonStatusAgree) {
  if (!has_domain("hanoi")) GTEST_SKIP() << "hanoi not in this build";
  const auto path = temp_file("agree.txt", "classic 3 3\n");
  const struct {
    std::string args, status;
    int exit_code;
  } cases[] = {
      {"-a astar -H goalpeg", "solved", 0},
      {"-a astar -H goalpeg --node-limit 2", "node_limit", 3},
      {"-a astar -H goalpeg --memory-limit 0.001", "", 2},  // a bad number: no run at all
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.args);
    const auto o = run("--domain hanoi --instances " + path.string() + " " + c.args + " --json -q");
    EXPECT_EQ(o.status, c.exit_code) << o.output();
    if (c.status.empty()) {
      EXPECT_EQ(o.out, "");
      continue;
    }
    ASSERT_EQ(lines_of(o.out).size(), 1u) << o.out;
    EXPECT_EQ(hsearch::app::Json::parse(o.out)["status"], c.status);
  }
  std::filesystem::remove(path);
}

TEST_F(SearchCompareProgram, SolvedRunsPrintTheCoreJsonKeysInOrder) {
  if (!has_domain("hanoi")) GTEST_SKIP() << "hanoi not in this build";
  const auto path = temp_file("json.txt", "classic 3 3\nclassic 4 4\n");
  const auto o = run("--domain hanoi --instances " + path.string() + " -a astar,bfs -H goalpeg --json -q");
  EXPECT_EQ(o.status, 0) << o.output();
  const auto lines = lines_of(o.out);
  ASSERT_EQ(lines.size(), 4u) << o.out;  // 2 instances x 2 configurations, nothing else on stdout
  const std::vector<std::string> core = {"program", "domain", "instance", "algorithm", "heuristic",
                                         "status", "cost", "optimal", "lower_bound", "expanded",
                                         "generated", "seconds", "solution"};
  const std::vector<int> cost = {7, 9, 7, 9};
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto j = hsearch::app::Json::parse(lines[i]);
    std::vector<std::string> keys;
    for (const auto& item : j.items()) keys.push_back(item.key());
    ASSERT_GE(keys.size(), core.size());
    EXPECT_EQ(std::vector<std::string>(keys.begin(), keys.begin() + core.size()), core) << lines[i];
    EXPECT_EQ(j["program"], "search-compare");
    EXPECT_EQ(j["domain"], "hanoi");
    EXPECT_EQ(j["algorithm"], i < 2 ? "astar" : "bfs");
    EXPECT_EQ(j["heuristic"], i < 2 ? "goalpeg" : "-");
    EXPECT_EQ(j["status"], "solved");
    EXPECT_EQ(j["cost"], cost[i]);
    EXPECT_EQ(j["optimal"], true);
    EXPECT_EQ(j["plan_length"], cost[i]);
    EXPECT_EQ(j["verified"], true);
  }
  std::filesystem::remove(path);
}

TEST_F(SearchCompareProgram, OldSpellingsStillWorkWithAWarning) {
  if (!has_domain("hanoi")) GTEST_SKIP() << "hanoi not in this build";
  const auto path = temp_file("old.txt", "classic 3 3\n");
  const auto o = run("--domain hanoi --instances " + path.string() +
                     " --algorithms idastar --heuristics goalpeg --prunings same-disk --max-nodes 100000 -q");
  EXPECT_EQ(o.status, 0) << o.output();
  EXPECT_NE(o.err.find("search-compare: warning: --algorithms is the old spelling of --algorithm"),
            std::string::npos) << o.err;
  EXPECT_NE(o.err.find("search-compare: warning: --heuristics is the old spelling of --heuristic"),
            std::string::npos) << o.err;
  EXPECT_NE(o.err.find("search-compare: warning: --prunings (-p) is the old spelling of --pruning"),
            std::string::npos) << o.err;
  EXPECT_NE(o.out.find("ida / goalpeg / same-disk"), std::string::npos) << o.out;
  EXPECT_EQ(o.out.find("idastar"), std::string::npos) << o.out;
  std::filesystem::remove(path);
}

TEST_F(SearchCompareProgram, WritesCsvReportAndDot) {
  if (!has_domain("hanoi")) GTEST_SKIP() << "hanoi not in this build";
  const auto dir = std::filesystem::temp_directory_path() /
                   ("hsearch_cli_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "p.txt") << "classic 4 4\nclassic 3 3\n";
  const auto o = run("--domain hanoi --instances " + (dir / "p.txt").string() +
                     " -a astar,ida,bfs -H goalpeg --pruning none,same-disk --jobs 2 -q --csv " +
                     (dir / "r.csv").string() + " --report " + (dir / "r.html").string() +
                     " --dot " + (dir / "t.dot").string() + " --dot-max-nodes 50");
  EXPECT_EQ(o.status, 0) << o.output();
  EXPECT_NE(o.out.find("astar / goalpeg / none"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("ida / goalpeg / same-disk"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("bfs / - / none"), std::string::npos) << o.out;
  EXPECT_NE(o.err.find("search-compare: note: astar / goalpeg / same-disk left out"), std::string::npos) << o.err;
  const auto csv = lines_of(read_file(dir / "r.csv"));
  ASSERT_EQ(csv.size(), 1u + 2 * 4);  // header + 2 instances x 4 configurations
  EXPECT_EQ(csv[0].rfind("instance,algorithm,heuristic,pruning,status,cost,", 0), 0u) << csv[0];
  EXPECT_EQ(csv[1].rfind("P4 n4,astar,goalpeg,none,solved,9,true,", 0), 0u) << csv[1];
  EXPECT_NE(read_file(dir / "t.dot").find("digraph search_tree {"), std::string::npos);
  EXPECT_TRUE(std::filesystem::exists(dir / "r.html"));
  std::filesystem::remove_all(dir);
}

TEST_F(SearchCompareProgram, TraceJsonRecordsTheFirstRun) {
  if (!has_domain("hanoi")) GTEST_SKIP() << "hanoi not in this build";
  const auto instances = temp_file("tj.txt", "classic 3 3\nclassic 4 4\n");
  const auto trace_file = std::filesystem::temp_directory_path() /
                          ("hsearch_cli_" + std::to_string(::getpid()) + "_trace.json");
  const auto o = run("--domain hanoi --instances " + instances.string() + " -a ida,astar -H goalpeg -q --trace-json " +
                     trace_file.string());
  EXPECT_EQ(o.status, 0) << o.output();
  EXPECT_NE(o.err.find("--trace-json record the first run (P3 n3, ida / goalpeg / none)"), std::string::npos) << o.err;
  const auto trace = hsearch::app::Json::parse(read_file(trace_file));
  EXPECT_EQ(trace["program"], "search-compare");
  EXPECT_EQ(trace["domain"], "hanoi");
  EXPECT_EQ(trace["instance"], "P3 n3");
  EXPECT_EQ(trace["algorithm"], "ida");
  EXPECT_EQ(trace["tree"], true);
  EXPECT_EQ(trace["result"]["cost"], 7);
  std::size_t expanded = 0, iterations = 0;
  for (const auto& e : trace["events"]) {
    expanded += e["t"] == "expand" ? 1 : 0;
    iterations += e["t"] == "iteration_begin" ? 1 : 0;
  }
  EXPECT_EQ(expanded, trace["result"]["expanded"].get<std::size_t>());
  EXPECT_EQ(iterations, trace["result"]["iterations"].size());
  std::filesystem::remove(instances);
  std::filesystem::remove(trace_file);
}

TEST_F(SearchCompareProgram, TracePrintsIterationsOfIdaStarOnStderr) {
  if (!has_domain("hanoi")) GTEST_SKIP() << "hanoi not in this build";
  const auto path = std::filesystem::temp_directory_path() /
                    ("hsearch_cli_trace_" + std::to_string(::getpid()) + ".txt");
  std::ofstream(path) << "classic 3 3\n";
  const auto o = run("--domain hanoi --instances " + path.string() +
                     " -a ida -H goalpeg -q --trace --summary-only");
  EXPECT_EQ(o.status, 0) << o.output();
  EXPECT_NE(o.err.find("== P3 n3  ida / goalpeg / none"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("iteration 1: bound 3, expanded"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("result: solved, cost 7 (optimal)"), std::string::npos) << o.err;
  EXPECT_EQ(o.out.find("iteration 1"), std::string::npos) << o.out;
  std::filesystem::remove(path);
}

TEST_F(SearchCompareProgram, StatsGoToStderrWithEachIteration) {
  if (!has_domain("hanoi")) GTEST_SKIP() << "hanoi not in this build";
  const auto path = temp_file("stats.txt", "classic 3 3\n");
  const auto o = run("--domain hanoi --instances " + path.string() + " -a ida -H goalpeg --stats --json -q");
  EXPECT_EQ(o.status, 0) << o.output();
  EXPECT_NE(o.err.find("stats P3 n3  ida / goalpeg / none: solved, expanded "), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("  iteration 1: bound 3, expanded "), std::string::npos) << o.err;
  const auto lines = lines_of(o.out);
  ASSERT_EQ(lines.size(), 1u) << o.out;  // stdout: the JSON line only
  const auto j = hsearch::app::Json::parse(lines[0]);
  EXPECT_GE(j["iterations"].get<int>(), 1);
  std::filesystem::remove(path);
}

}  // namespace
