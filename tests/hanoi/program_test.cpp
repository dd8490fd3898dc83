// The `hanoi` program end to end: exit codes, messages, options, output formats.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "signalled_run.hpp"
#include "trace_events.hpp"

namespace {

struct ProgramRun {
  int status = -1;
  std::string out;  // stdout and stderr together
  std::string stdout_text, stderr_text;
};

std::string slurp(const std::filesystem::path& file) {
  std::ifstream in(file);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// Runs bin/hanoi (tables in memory unless `cache` is true) with `env` before the command.
ProgramRun hanoi(const std::string& args, bool cache = false, const std::string& env = "") {
  const auto err_file = std::filesystem::temp_directory_path() / ("hanoi_program_test_" + std::to_string(getpid()) + ".err");
  const std::string cmd = env + " " + std::string(HSEARCH_BINARY_DIR) + "/bin/hanoi " +
                          (cache ? "" : "--no-pdb-cache ") + args + " 2>" + err_file.string();
  ProgramRun r;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (pipe == nullptr) return r;
  std::array<char, 4096> buf{};
  while (fgets(buf.data(), static_cast<int>(buf.size()), pipe) != nullptr) r.stdout_text += buf.data();
  const int raw = pclose(pipe);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.stderr_text = slurp(err_file);
  std::filesystem::remove(err_file);
  r.out = r.stdout_text + r.stderr_text;
  return r;
}

bool has(const ProgramRun& r, const std::string& text) { return r.out.find(text) != std::string::npos; }

std::size_t count_lines(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

TEST(HanoiProgram, SolvesAndSaysWhetherOptimal) {
  const ProgramRun r = hanoi("--pegs 3 --disks 3");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(has(r, "solved: 7 moves, proven optimal")) << r.out;
  EXPECT_TRUE(has(r, "1. a1 A->C")) << r.out;
  const ProgramRun multi = hanoi("--start 'a2a1|||b2b1' --goal 'b2b1|||a2a1' -a ida -H towers");
  EXPECT_EQ(multi.status, 0) << multi.out;
  EXPECT_TRUE(has(multi, "solved: 7 moves, proven optimal")) << multi.out;  // table: 7 at h = 2
}

TEST(HanoiProgram, InadmissibleAndWeightedResultsAreNotCalledOptimal) {
  const ProgramRun b = hanoi("--pegs 4 --disks 4 -H belfort");
  EXPECT_EQ(b.status, 0) << b.out;
  EXPECT_TRUE(has(b, "NOT admissible")) << b.out;
  EXPECT_TRUE(has(b, "NOT proven optimal")) << b.out;
  EXPECT_FALSE(has(b, "proven optimal\n") && !has(b, "NOT proven optimal")) << b.out;
  EXPECT_TRUE(b.stderr_text.find("hanoi: warning: heuristic 'belfort' is NOT admissible") != std::string::npos)
      << b.out;
  const ProgramRun m = hanoi("--pegs 4 --disks 4 -H manhattan --json");
  EXPECT_TRUE(has(m, "\"optimal\":false,\"lower_bound\":0,")) << m.out;
  EXPECT_TRUE(has(m, "\"admissible\":false")) << m.out;
  // IDA* with an overestimating heuristic: not optimal either (its last bound proves nothing).
  const ProgramRun mi = hanoi("--start 'a2a1|||b2b1' --goal 'b2b1|||a2a1' -a ida -H manhattan --json");
  EXPECT_EQ(mi.status, 0) << mi.out;
  EXPECT_TRUE(has(mi, "\"optimal\":false,\"lower_bound\":0,")) << mi.out;
  const ProgramRun w = hanoi("--pegs 4 --disks 4 --weight 3,2");
  EXPECT_EQ(w.status, 0) << w.out;
  EXPECT_TRUE(has(w, "NOT proven optimal (weighted A*)")) << w.out;
  // The old spelling still works, with a warning.
  const ProgramRun old = hanoi("--pegs 4 --disks 4 --weights 3,2");
  EXPECT_EQ(old.status, 0) << old.out;
  EXPECT_TRUE(has(old, "NOT proven optimal (weighted A*)")) << old.out;
  EXPECT_TRUE(has(old, "hanoi: warning: --weights is the old spelling of --weight")) << old.out;
  const ProgramRun help = hanoi("--help");
  EXPECT_EQ(help.status, 0);
  EXPECT_TRUE(has(help, "belfort")) << help.out;
  EXPECT_TRUE(has(help, "NOT ADMISSIBLE")) << help.out;
}

TEST(HanoiProgram, JsonAndShow) {
  const ProgramRun j = hanoi("--pegs 3 --disks 2 --json");
  EXPECT_EQ(j.status, 0);
  EXPECT_TRUE(has(j, "\"cost\":3,\"optimal\":true,\"lower_bound\":3,")) << j.out;
  EXPECT_TRUE(has(j, "\"solution\":\"a1 A->B, a2 A->C, a1 B->C\"")) << j.out;
  EXPECT_EQ(j.stderr_text, "");
  EXPECT_EQ(count_lines(j.stdout_text), 1u) << j.out;
  const ProgramRun s = hanoi("--pegs 3 --disks 1 --show");
  EXPECT_TRUE(has(s, " a|a\n")) << s.out;
  EXPECT_TRUE(has(s, "=====")) << s.out;
}

TEST(HanoiProgram, RandomPositionsAreSeeded) {
  const ProgramRun a = hanoi("--pegs 4 --disks 3 --towers 2 --random-start --random-goal --seed 9 -H towers");
  const ProgramRun b = hanoi("--pegs 4 --disks 3 --towers 2 --random-start --random-goal --seed 9 -H towers");
  EXPECT_EQ(a.status, 0) << a.out;
  EXPECT_EQ(a.out, b.out);
  const ProgramRun c = hanoi("--pegs 4 --disks 3 --towers 2 --random-start --random-goal --seed 10 -H towers");
  EXPECT_NE(a.out, c.out);
}

TEST(HanoiProgram, BadInputIsRejectedWithAMessage) {
  struct Case {
    const char* args;
    const char* message;
  };
  for (const Case& c : {
           Case{"--frobnicate", "unrecognised option"},
           Case{"--start 'a2a1|?||' --goal '|||a2a1'", "unknown token '?'"},
           Case{"--start 'a2a1|a1||' --goal '|||a2a1'", "a1 appears twice"},
           Case{"--start 'a3a1|||' --goal '|||a3a1'", "a2 missing"},
           Case{"--start 'a1a2|||' --goal '|||a2a1'", "a2 on the smaller disk a1"},
           Case{"--start 'a2a1|||' --goal '||a2a1'", "3 pegs but the start has 4"},
           Case{"--start 'a2a1|||' --goal '|||a2a1b1'", "b1 that the start does not have"},
           Case{"--start 'a2a1|||'", "no goal"},
           Case{"--pegs 2 --disks 3", "between 3 and"},
           Case{"--pegs 4 --disks 3 --towers 2", "--random-start"},
           Case{"--pegs 4 --disks 3 -a ida --weight 3,2", "astar only"},
           Case{"--pegs 4 --disks 3 --weight x", "--weight wants a whole number"},
           Case{"--pegs 4 --disks 3 -H nope", "--heuristic nope: unknown; hanoi offers pdb, towers"},
           Case{"--pegs 4 --disks 3 -a nope", "--algorithm nope: hanoi offers astar, ida, bfs, dfs"},
           Case{"--pegs 4 --disks 3 -a ida --pruning nope", "--pruning nope: unknown; hanoi offers"},
           Case{"--pegs 4 --disks 3 -H goalpeg --pdb 2,1", "--pdb applies to --heuristic pdb"},
           Case{"--pegs 4 --disks 3 --seed -1", "--seed wants a whole number"},
           Case{"--pegs 4 --disks 3 --time-limit -1", "--time-limit wants a number"},
           Case{"--pegs 4 --disks 3 --pdb 1,1,1", "add up to 3"},  // symmetric: a 2-disk half problem
           Case{"--pegs 4 --disks 3 --no-symmetry --pdb 1,1", "add up to 2"},
           Case{"--pegs 4 --disks 20 --pdb 19", "more than the limit"},  // symmetric: 19-disk half problem
           Case{"--pegs 4 --disks 20 --no-symmetry --pdb 20", "more than the limit"},
           Case{"--pegs 4 --disks 3 --dot /nonexistent/dir/t.dot", "cannot write"},
           Case{"--problem /nonexistent/file", "cannot open"},
           Case{"--pegs 4 --disks 3 -a bfs -H towers", "uses no heuristic"},
           Case{"--pegs 4 --disks 3 --max-memory -5", "--memory-limit wants a whole number"},
           Case{"--pegs 4 --disks 3 -a dfs -H goalpeg", "--algorithm dfs uses no heuristic"},
       }) {
    const ProgramRun r = hanoi(c.args);
    EXPECT_EQ(r.status, 2) << c.args << "\n" << r.out;
    EXPECT_TRUE(has(r, c.message)) << c.args << "\n" << r.out;
    // The last line of stderr is the error, from the program, by name; stdout stays empty.
    const std::string& err = r.stderr_text;
    const auto last = err.rfind('\n', err.size() >= 2 ? err.size() - 2 : 0);
    const std::string line = last == std::string::npos ? err : err.substr(last + 1);
    EXPECT_EQ(line.rfind("hanoi: ", 0), 0u) << c.args << "\n" << err;
    EXPECT_EQ(r.stdout_text, "") << c.args;
  }
}

TEST(HanoiProgram, ProblemFiles) {
  const auto dir = std::filesystem::temp_directory_path();
  const auto good = dir / "hanoi_program_test_good.txt";
  const auto bad = dir / "hanoi_program_test_bad.txt";
  std::ofstream(good) << "# two towers\nstart: a2a1|||b2b1\ngoal:  b2b1|||a2a1\n";
  std::ofstream(bad) << "start: a2a1|||\nfinish: |||a2a1\n";
  const ProgramRun g = hanoi("--problem " + good.string());
  EXPECT_EQ(g.status, 0) << g.out;
  EXPECT_TRUE(has(g, "solved: 7 moves, proven optimal")) << g.out;
  const ProgramRun b = hanoi("--problem " + bad.string());
  EXPECT_EQ(b.status, 2);
  EXPECT_EQ(b.stderr_text.rfind("hanoi: " + bad.string() + ":2: expected", 0), 0u) << b.out;
  // --json: the unreadable instance is one line with status invalid.
  const ProgramRun bj = hanoi("--problem " + bad.string() + " --json");
  EXPECT_EQ(bj.status, 2);
  EXPECT_TRUE(has(bj, "\"instance\":\"" + bad.string() + "\"")) << bj.out;
  EXPECT_TRUE(has(bj, "\"status\":\"invalid\"")) << bj.out;
  EXPECT_EQ(count_lines(bj.stdout_text), 1u) << bj.out;
  std::filesystem::remove(good);
  std::filesystem::remove(bad);
}

TEST(HanoiProgram, StartEqualToGoalAndBfs) {
  const ProgramRun same = hanoi("--start 'a2a1||' --goal 'a2a1||'");
  EXPECT_EQ(same.status, 0) << same.out;
  EXPECT_TRUE(has(same, "solved: 0 moves, proven optimal")) << same.out;
  const ProgramRun b = hanoi("--pegs 4 --disks 5 -a bfs --json");
  EXPECT_EQ(b.status, 0) << b.out;
  EXPECT_TRUE(has(b, "\"heuristic\":\"none\",\"status\":\"solved\",\"cost\":13,\"optimal\":true")) << b.out;
  const ProgramRun i = hanoi("--pegs 4 --disks 4 -a dfs --json");  // iterative deepening
  EXPECT_EQ(i.status, 0) << i.out;
  EXPECT_TRUE(has(i, "\"algorithm\":\"dfs\"")) << i.out;
  EXPECT_TRUE(has(i, "\"cost\":9,\"optimal\":true")) << i.out;
  EXPECT_TRUE(has(i, "\"pruning\":\"same-disk\"")) << i.out;
}

TEST(HanoiProgram, LimitsStopWithALowerBound) {
  const ProgramRun r = hanoi("--pegs 4 --disks 12 -H goalpeg --node-limit 1000");
  EXPECT_EQ(r.status, 3) << r.out;
  EXPECT_TRUE(has(r, "stopped (node_limit)")) << r.out;
  EXPECT_TRUE(has(r, "proven lower bound")) << r.out;
  const ProgramRun old = hanoi("--pegs 4 --disks 12 -H goalpeg --max-expanded 1000 --json");
  EXPECT_EQ(old.status, 3) << old.out;
  EXPECT_TRUE(has(old, "\"status\":\"node_limit\",\"cost\":null,\"optimal\":false")) << old.out;
  EXPECT_TRUE(has(old, "hanoi: warning: --max-expanded is the old spelling of --node-limit")) << old.out;
}

TEST(HanoiProgram, SymmetricMethodForTheClassicShape) {
  const ProgramRun r = hanoi("--pegs 4 --disks 10 --stats");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(has(r, "method: symmetric")) << r.out;
  EXPECT_TRUE(has(r, "solved: 49 moves, proven optimal")) << r.out;  // Frame-Stewart
  EXPECT_TRUE(has(r, "(half plan 24 moves)")) << r.out;
  EXPECT_TRUE(has(r, "   49. a1 ")) << r.out;  // the whole plan is printed, not only the half
  const ProgramRun plain = hanoi("--pegs 4 --disks 10 --no-symmetry --json");
  EXPECT_TRUE(has(plain, "\"cost\":49,")) << plain.out;
  EXPECT_TRUE(has(plain, "\"method\":\"plain\"")) << plain.out;
  const ProgramRun j = hanoi("--pegs 3 --disks 6 --json");
  EXPECT_TRUE(has(j, "\"cost\":63,\"optimal\":true")) << j.out;
  EXPECT_TRUE(has(j, "\"method\":\"symmetric\",\"half_moves\":31")) << j.out;
  // Start peg C, goal peg A, five pegs: still the classic shape.
  const ProgramRun c = hanoi("--start '||a6a5a4a3a2a1||' --goal 'a6a5a4a3a2a1||||' -a ida --json");
  EXPECT_TRUE(has(c, "\"cost\":15,")) << c.out;  // FS(6, 5 pegs) in frame_stewart.tsv
  EXPECT_TRUE(has(c, "\"method\":\"symmetric\"")) << c.out;
  // A heuristic that needs the goal position: plain search.
  const ProgramRun g = hanoi("--pegs 4 --disks 5 -H goalpeg --json");
  EXPECT_TRUE(has(g, "\"method\":\"plain\"")) << g.out;
  EXPECT_TRUE(has(g, "\"cost\":13,")) << g.out;
  // A stopped symmetric search reports 2b + 1 from the half problem's bound b (odd).
  const ProgramRun s = hanoi("--pegs 4 --disks 12 -H zero -a ida --node-limit 50 --json");
  EXPECT_EQ(s.status, 3) << s.out;
  long bound = 0;
  const auto at = s.stdout_text.find("\"lower_bound\":");
  ASSERT_NE(at, std::string::npos) << s.out;
  bound = std::stol(s.stdout_text.substr(at + 14));
  EXPECT_GE(bound, 1) << s.out;
  EXPECT_EQ(bound % 2, 1) << s.out;
}

// Lines "iteration K: bound B, expanded E, generated G, pruned P, next bound N".
struct TraceLine {
  long k, bound, next;
};
std::vector<TraceLine> trace_lines(const std::string& out) {
  std::vector<TraceLine> lines;
  std::istringstream in(out);
  std::string line;
  while (std::getline(in, line)) {
    TraceLine t{};
    long e = 0, g = 0, p = 0;
    if (std::sscanf(line.c_str(), "iteration %ld: bound %ld, expanded %ld, generated %ld, pruned %ld, next bound %ld",
                    &t.k, &t.bound, &e, &g, &p, &t.next) == 6) {
      lines.push_back(t);
    } else if (std::sscanf(line.c_str(), "iteration %ld: bound %ld, expanded %ld, generated %ld, pruned %ld, next bound none",
                           &t.k, &t.bound, &e, &g, &p) == 5) {
      t.next = -1;
      lines.push_back(t);
    }
  }
  return lines;
}

TEST(HanoiProgram, TraceShowsIdaIterations) {
  // Two towers swapped (not the classic shape): IDA* on the whole problem. goalpeg: h = 4.
  const ProgramRun r = hanoi("--start 'a2a1|||b2b1' --goal 'b2b1|||a2a1' -a ida -H goalpeg --trace");
  EXPECT_EQ(r.status, 0) << r.out;
  const auto lines = trace_lines(r.out);
  ASSERT_GE(lines.size(), 2u) << r.out;
  EXPECT_EQ(lines.front().bound, 4) << r.out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    EXPECT_EQ(lines[i].k, static_cast<long>(i) + 1);
    if (i + 1 < lines.size()) {
      EXPECT_EQ(lines[i].next, lines[i + 1].bound) << r.out;
    }
  }
  EXPECT_EQ(lines.back().bound, 7) << r.out;  // the last bound is the optimum
  EXPECT_EQ(r.stdout_text.find("iteration "), std::string::npos) << "the trace goes to stderr";
  EXPECT_TRUE(has(r, "solved: 7 moves, proven optimal")) << r.out;
  // With the symmetric method the trace is the half search's: H = 40 for 12 disks (81 = 2H + 1).
  const ProgramRun s = hanoi("--pegs 4 --disks 12 -a ida --trace");
  const auto half = trace_lines(s.out);
  ASSERT_FALSE(half.empty()) << s.out;
  EXPECT_EQ(half.back().bound, 40) << s.out;
  // A*: reopen events of an inconsistent heuristic, one line each, g decreasing.
  const ProgramRun a = hanoi("--start 'a4a3a2a1|||b4b3b2b1' --goal 'b4b3b2b1|||a4a3a2a1' -H belfort --trace --stats");
  EXPECT_EQ(a.status, 0) << a.out;
  std::istringstream in(a.out);
  std::string line;
  long reopen_lines = 0, reopened = -1;
  while (std::getline(in, line)) {
    long k = 0, from = 0, to = 0;
    if (std::sscanf(line.c_str(), "reopen %ld: g %ld -> %ld", &k, &from, &to) == 3) {
      ++reopen_lines;
      EXPECT_EQ(k, reopen_lines);
      EXPECT_LT(to, from) << line;
    }
    std::sscanf(line.c_str(), "reopened: %ld", &reopened);
  }
  EXPECT_EQ(reopen_lines, std::min(reopened, 1000L)) << a.out;
}

TEST(HanoiProgram, DotWritesTheSearchTree) {
  const auto file = std::filesystem::temp_directory_path() / "hanoi_program_test_tree.dot";
  const auto read = [&] {
    std::ifstream in(file);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  };
  const auto count_nodes = [](const std::string& dot) {
    std::size_t nodes = 0;
    for (std::size_t at = dot.find("[label=\"f = "); at != std::string::npos; at = dot.find("[label=\"f = ", at + 1)) ++nodes;
    return nodes;
  };
  // 3 pegs, 3 disks, plain A* with goalpeg: 17 expansions, 50 children, 51 nodes.
  std::filesystem::remove(file);
  const ProgramRun r = hanoi("--pegs 3 --disks 3 --no-symmetry -H goalpeg --stats --dot " + file.string());
  EXPECT_EQ(r.status, 0) << r.out;
  const std::string dot = read();
  EXPECT_NE(dot.find("digraph search_tree {"), std::string::npos) << dot;
  EXPECT_NE(dot.find("f = 3  (g = 0, h = 3)"), std::string::npos) << dot;  // the root: 3 disks off C
  EXPECT_NE(dot.find("-> n1 [label=\"a1 A->"), std::string::npos) << dot;
  EXPECT_NE(dot.find("GOAL"), std::string::npos) << dot;
  EXPECT_NE(dot.find("g = 7, h = 0"), std::string::npos) << dot;  // the goal node, at depth 7
  EXPECT_EQ(dot.substr(dot.size() - 2), "}\n");
  EXPECT_EQ(dot.find("truncated"), std::string::npos);
  EXPECT_EQ(count_nodes(dot), 51u) << dot;
  EXPECT_TRUE(has(r, "generated: 50")) << r.out;
  // Bounded: the same search with --dot-max-nodes 20 keeps 20 nodes and says it stopped.
  const ProgramRun t = hanoi("--pegs 3 --disks 3 --no-symmetry -H goalpeg --dot-max-nodes 20 --dot " + file.string());
  EXPECT_EQ(t.status, 0) << t.out;
  const std::string cut = read();
  EXPECT_EQ(count_nodes(cut), 20u) << cut;
  EXPECT_NE(cut.find("recording stopped after 20 nodes"), std::string::npos) << cut;
  std::filesystem::remove(file);
}

TEST(HanoiProgram, TraceJsonWritesTheRunEventByEvent) {
  const auto file = std::filesystem::temp_directory_path() / ("hanoi-trace-" + std::to_string(::getpid()) + ".json");
  const ProgramRun r = hanoi("--pegs 3 --disks 3 --no-symmetry -H goalpeg --json --trace-json " + file.string());
  ASSERT_EQ(r.status, 0) << r.out;
  std::ifstream in(file);
  const auto trace = nlohmann::json::parse(in);
  std::filesystem::remove(file);
  EXPECT_EQ(trace["format"], "hsearch-trace");
  EXPECT_EQ(trace["program"], "hanoi");
  EXPECT_EQ(trace["domain"], "hanoi");
  EXPECT_EQ(trace["algorithm"], "astar");
  EXPECT_EQ(trace["method"], "plain");
  EXPECT_EQ(trace["truncated"], false);
  EXPECT_EQ(hsearch::testing::count_events(trace, "expand"), trace["result"]["expanded"].get<std::size_t>());
  EXPECT_EQ(hsearch::testing::count_events(trace, "generate"), trace["result"]["generated"].get<std::size_t>());
  // The program's own JSON line: the same counts, and the 7 moves of the trace's solution.
  const auto json = nlohmann::json::parse(r.stdout_text.substr(0, r.stdout_text.find('\n')));
  EXPECT_EQ(json["expanded"], trace["result"]["expanded"]);
  EXPECT_EQ(json["cost"], 7);
  EXPECT_EQ(trace["solution"]["moves"].size(), 7u);
  EXPECT_EQ(trace["path"].size(), 8u);
  // A file that cannot be written is bad input, before any search.
  const ProgramRun bad = hanoi("--pegs 3 --disks 3 --trace-json /nonexistent-dir/trace.json");
  EXPECT_EQ(bad.status, 2) << bad.out;
  EXPECT_TRUE(has(bad, "--trace-json")) << bad.out;
}

TEST(HanoiProgram, HelpListsTheSharedOptionsAndTheExitTable) {
  const ProgramRun h = hanoi("--help");
  EXPECT_EQ(h.status, 0) << h.out;
  for (const char* option :
       {"--algorithm", "--heuristic", "--pruning", "--weight", "--time-limit", "--node-limit", "--memory-limit",
        "--cache-dir", "--json", "--stats", "--trace", "--dot", "--dot-max-nodes", "--quiet", "--help", "--version",
        "--pegs", "--disks", "--start", "--goal", "--problem", "--pdb", "--no-symmetry", "--no-pdb-cache"}) {
    EXPECT_NE(h.stdout_text.find(option), std::string::npos) << option;
  }
  for (const char* line : {"Exit status:", "  0    solved", "  1    proven unsolvable", "  2    bad input",
                           "  3    a limit", "  70   internal error", "  130  interrupted"}) {
    EXPECT_NE(h.stdout_text.find(line), std::string::npos) << line;
  }
}

TEST(HanoiProgram, MalformedInputExitsTwoWithTheProgramsName) {
  const ProgramRun r = hanoi("--start 'a2a1|?||' --goal '|||a2a1'");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_EQ(r.stderr_text.rfind("hanoi: start: column 6: unknown token '?'", 0), 0u) << r.out;
  EXPECT_EQ(r.stdout_text, "");
}

TEST(HanoiProgram, TimeLimitStopsAHardInstance) {
  // Plain A* with a weak heuristic on 30 disks: far beyond one second.
  const ProgramRun r = hanoi("--pegs 4 --disks 30 -H goalpeg --time-limit 1 --json");
  EXPECT_EQ(r.status, 3) << r.out;
  EXPECT_EQ(count_lines(r.stdout_text), 1u) << r.out;
  EXPECT_TRUE(has(r, "\"status\":\"time_limit\",\"cost\":null,\"optimal\":false")) << r.out;
  // The limit also stops a table being built (a 2^24-entry table of the 18-disk half problem,
  // built in memory), before any search.
  const ProgramRun t = hanoi("--pegs 4 --disks 18 --pdb 5,12 --time-limit 0.05 --json");
  EXPECT_EQ(t.status, 3) << t.out;
  EXPECT_TRUE(has(t, "\"status\":\"time_limit\",\"cost\":null,\"optimal\":false,\"lower_bound\":1,")) << t.out;
  EXPECT_TRUE(has(t, "\"expanded\":0,")) << t.out;
}

// Ctrl-C while a table is built (a 2^26-entry table of the 18-disk half problem): the build
// stops, the JSON record says interrupted with 0 expansions, the exit status is 130, and the
// cache directory holds no part of that table.
TEST(HanoiProgram, CtrlCDuringATableBuildStopsWithTheRecordAndNoFile) {
  const auto dir = std::filesystem::temp_directory_path() / ("hanoi-ctrl-c-" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  const auto r = hsearch::testing::run_and_interrupt(
      std::string(HSEARCH_BINARY_DIR) + "/bin/hanoi --pegs 4 --disks 18 --pdb 4,13 --pdb-max-entries 67108864 --json "
                                        "--cache-dir " + dir.string(),
      std::chrono::milliseconds(300));
  EXPECT_FALSE(r.killed) << "still building long after Ctrl-C";
  EXPECT_EQ(r.exit_code, 130) << r.err;
  EXPECT_EQ(count_lines(r.out), 1u) << r.out;
  EXPECT_NE(r.out.find("\"status\":\"interrupted\",\"cost\":null,\"optimal\":false,\"lower_bound\":1,"),
            std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"expanded\":0,"), std::string::npos) << r.out;
  // The 4-disk table was finished and saved; the 13-disk one (64 MiB) was not, under any name.
  if (std::filesystem::exists(dir / "hanoi")) {
    for (const auto& entry : std::filesystem::directory_iterator(dir / "hanoi")) {
      EXPECT_LT(entry.file_size(), 1u << 20) << entry.path();
      EXPECT_EQ(entry.path().filename().string().find(".tmp"), std::string::npos) << entry.path();
    }
  }
  std::filesystem::remove_all(dir);
}

// The exit status and the JSON status always tell the same story (hanoi has no unsolvable
// problem: NoProblemIsUnsolvable).
TEST(HanoiProgram, ExitStatusAndJsonStatusAgree) {
  const struct {
    std::string args, status;
    int exit_code;
  } cases[] = {
      {"--pegs 4 --disks 5", "solved", 0},
      {"--start 'a2a1||' --goal '||a2a1b1'", "invalid", 2},
      {"--pegs 4 --disks 12 -H goalpeg --node-limit 1000", "node_limit", 3},
      {"--pegs 4 --disks 30 -H goalpeg --time-limit 0.2", "time_limit", 3},
      {"--pegs 4 --disks 30 -H goalpeg --memory-limit 1", "memory_limit", 3},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.args);
    const ProgramRun r = hanoi(c.args + " --json");
    EXPECT_EQ(r.status, c.exit_code) << r.out;
    EXPECT_EQ(count_lines(r.stdout_text), 1u) << r.out;
    EXPECT_TRUE(has(r, "\"status\":\"" + c.status + "\"")) << r.out;
  }
  const auto r = hsearch::testing::run_and_interrupt(
      std::string(HSEARCH_BINARY_DIR) + "/bin/hanoi --pegs 4 --disks 30 -H goalpeg --no-pdb-cache --json",
      std::chrono::milliseconds(300));
  EXPECT_EQ(r.exit_code, 130) << r.err;
  EXPECT_EQ(count_lines(r.out), 1u) << r.out;
  EXPECT_NE(r.out.find("\"status\":\"interrupted\""), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\"expanded\":0,"), std::string::npos) << r.out;  // stopped in the search
}

// A valid problem never gets "bad input": when the default tables would be too big, hanoi
// picks groups that fit, says so on stderr, and searches (here until the time limit).
TEST(HanoiProgram, BigProblemsGetTablesThatFit) {
  for (const std::string args : {"--pegs 4 --disks 28", "--pegs 4 --disks 28 -H towers", "--pegs 3 --disks 32",
                                 "--pegs 16 --disks 32"}) {
    SCOPED_TRACE(args);
    const ProgramRun r = hanoi(args + " --time-limit 0.3 --json");
    EXPECT_EQ(r.status, 3) << r.out;
    EXPECT_TRUE(has(r, "\"status\":\"time_limit\"")) << r.out;
    EXPECT_FALSE(has(r, "smaller groups")) << r.out;
  }
  EXPECT_TRUE(has(hanoi("--pegs 4 --disks 28 --time-limit 0.3"), "hanoi: note: --heuristic pdb: windows of 12 disks"));
  const ProgramRun towers = hanoi("--pegs 4 --disks 28 -H towers --time-limit 0.3");
  EXPECT_TRUE(has(towers, "hanoi: note: --heuristic towers: a tower's table would have more than 268435456 entries"))
      << towers.out;
}

TEST(HanoiProgram, JsonCoreKeysInOrderThenHanoiKeys) {
  const ProgramRun r = hanoi("--pegs 4 --disks 5 -a ida --json");
  EXPECT_EQ(r.status, 0) << r.out;
  ASSERT_EQ(count_lines(r.stdout_text), 1u) << r.out;
  const std::string& j = r.stdout_text;
  EXPECT_EQ(j.rfind("{\"program\":\"hanoi\",\"domain\":\"hanoi\",\"instance\":\"a5a4a3a2a1||| -> |||a5a4a3a2a1\","
                    "\"algorithm\":\"ida\",\"heuristic\":\"pdb\",\"status\":\"solved\",\"cost\":13,"
                    "\"optimal\":true,\"lower_bound\":13,\"expanded\":",
                    0),
            0u)
      << j;
  std::size_t at = 0;
  for (const char* key : {"\"expanded\":", "\"generated\":", "\"seconds\":", "\"solution\":\"a1 A->B, ",
                          "\"pegs\":4,", "\"disks\":5,", "\"towers\":1,", "\"method\":\"symmetric\",",
                          "\"half_moves\":6,", "\"admissible\":true,", "\"pruning\":", "\"tables\":",
                          "\"table_bytes\":", "\"table_seconds\":", "\"cpu_seconds\":", "\"peak_rss_bytes\":"}) {
    const auto next = j.find(key, at);
    ASSERT_NE(next, std::string::npos) << key << " after offset " << at << " in " << j;
    at = next;
  }
}

TEST(HanoiProgram, NoProblemIsUnsolvable) {
  // Every legal position reaches every other (equal radii included), so hanoi never exits 1;
  // a goal with other disks than the start is bad input, not an unsolvable problem.
  const ProgramRun r = hanoi("--start 'a2a1||' --goal '||a2a1b1' --json");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_TRUE(has(r, "\"status\":\"invalid\"")) << r.out;
}

TEST(HanoiProgram, CacheDirectoryAndOldPruneValues) {
  const auto dir = std::filesystem::temp_directory_path() / ("hanoi_program_test_cache_" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  const auto tables_in = [](const std::filesystem::path& d) {
    std::size_t n = 0;
    if (std::filesystem::exists(d)) {
      for (const auto& e : std::filesystem::directory_iterator(d)) n += e.path().extension() == ".tbl";
    }
    return n;
  };
  const ProgramRun a = hanoi("--pegs 4 --disks 6 --cache-dir " + (dir / "a").string(), true);
  EXPECT_EQ(a.status, 0) << a.out;
  EXPECT_GE(tables_in(dir / "a" / "hanoi"), 1u);
  const ProgramRun b = hanoi("--pegs 4 --disks 6 --pdb-dir " + (dir / "b").string(), true);
  EXPECT_EQ(b.status, 0) << b.out;
  EXPECT_TRUE(has(b, "--pdb-dir is the old spelling of --cache-dir")) << b.out;
  EXPECT_GE(tables_in(dir / "b" / "hanoi"), 1u);
  const ProgramRun c = hanoi("--pegs 4 --disks 6", true, "HSEARCH_CACHE_DIR=" + (dir / "c").string());
  EXPECT_EQ(c.status, 0) << c.out;
  EXPECT_GE(tables_in(dir / "c" / "hanoi"), 1u);
  const ProgramRun n = hanoi("--pegs 4 --disks 6 --cache-dir " + (dir / "n").string());  // --no-pdb-cache
  EXPECT_EQ(n.status, 0) << n.out;
  EXPECT_EQ(tables_in(dir / "n" / "hanoi"), 0u);
  std::filesystem::remove_all(dir);

  const ProgramRun on = hanoi("--pegs 4 --disks 5 -a ida --prune on --json");
  EXPECT_EQ(on.status, 0) << on.out;
  EXPECT_TRUE(has(on, "\"pruning\":\"same-disk\"")) << on.out;
  EXPECT_TRUE(has(on, "hanoi: warning: --pruning on is the old name of --pruning same-disk")) << on.out;
  const ProgramRun off = hanoi("--pegs 4 --disks 5 -a ida --tt-entries 0 --prune off --json");
  EXPECT_EQ(off.status, 0) << off.out;
  EXPECT_TRUE(has(off, "\"pruning\":\"none\"")) << off.out;
}

}  // namespace
