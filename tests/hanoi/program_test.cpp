// The `hanoi` program end to end: exit codes, messages, output formats.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct ProgramRun {
  int status = -1;
  std::string out;  // stdout and stderr together
};

ProgramRun hanoi(const std::string& args) {
  const std::string cmd = std::string(HSEARCH_BINARY_DIR) + "/bin/hanoi --no-pdb-cache " + args + " 2>&1";
  ProgramRun r;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (pipe == nullptr) return r;
  std::array<char, 4096> buf{};
  while (fgets(buf.data(), static_cast<int>(buf.size()), pipe) != nullptr) r.out += buf.data();
  const int raw = pclose(pipe);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return r;
}

bool has(const ProgramRun& r, const std::string& text) { return r.out.find(text) != std::string::npos; }

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
  const ProgramRun m = hanoi("--pegs 4 --disks 4 -H manhattan --json");
  EXPECT_TRUE(has(m, "\"optimal\": false")) << m.out;
  EXPECT_TRUE(has(m, "\"admissible\": false")) << m.out;
  const ProgramRun w = hanoi("--pegs 4 --disks 4 --weights 3,2");
  EXPECT_EQ(w.status, 0) << w.out;
  EXPECT_TRUE(has(w, "NOT proven optimal (weighted A*)")) << w.out;
  const ProgramRun help = hanoi("--help");
  EXPECT_EQ(help.status, 0);
  EXPECT_TRUE(has(help, "belfort")) << help.out;
  EXPECT_TRUE(has(help, "NOT ADMISSIBLE")) << help.out;
}

TEST(HanoiProgram, JsonAndShow) {
  const ProgramRun j = hanoi("--pegs 3 --disks 2 --json");
  EXPECT_EQ(j.status, 0);
  EXPECT_TRUE(has(j, "\"moves\": 3, \"plan\": [\"a1 A->B\", \"a2 A->C\", \"a1 B->C\"], \"optimal\": true")) << j.out;
  EXPECT_TRUE(has(j, "\"expanded\": ")) << j.out;
  EXPECT_TRUE(has(j, "\"generated\": ")) << j.out;
  EXPECT_TRUE(has(j, "\"seconds\": ")) << j.out;
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
           Case{"--pegs 4 --disks 3 -a ida --weights 3,2", "astar only"},
           Case{"--pegs 4 --disks 3 --weights x", "list of integers"},
           Case{"--pegs 4 --disks 3 -H nope", "unknown 'nope'"},
           Case{"--pegs 4 --disks 3 -a dfs", "unknown 'dfs'"},
           Case{"--pegs 4 --disks 3 --pdb 1,1,1", "add up to 3"},  // symmetric: a 2-disk half problem
           Case{"--pegs 4 --disks 3 --no-symmetry --pdb 1,1", "add up to 2"},
           Case{"--pegs 4 --disks 20 --pdb 19", "more than the limit"},  // symmetric: 19-disk half problem
           Case{"--pegs 4 --disks 20 --no-symmetry --pdb 20", "more than the limit"},
           Case{"--pegs 4 --disks 3 --trace --json", "not with --json"},
           Case{"--pegs 4 --disks 3 --dot /nonexistent/dir/t.dot", "cannot write"},
           Case{"--problem /nonexistent/file", "cannot open"},
           Case{"--pegs 4 --disks 3 -a bfs -H towers", "uses no heuristic"},
           Case{"--pegs 4 --disks 3 --max-memory -5", "must be positive"},
       }) {
    const ProgramRun r = hanoi(c.args);
    EXPECT_EQ(r.status, 1) << c.args << "\n" << r.out;
    EXPECT_TRUE(has(r, c.message)) << c.args << "\n" << r.out;
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
  EXPECT_EQ(b.status, 1);
  EXPECT_TRUE(has(b, bad.string() + ":2: expected")) << b.out;
  std::filesystem::remove(good);
  std::filesystem::remove(bad);
}

TEST(HanoiProgram, StartEqualToGoalAndBfs) {
  const ProgramRun same = hanoi("--start 'a2a1||' --goal 'a2a1||'");
  EXPECT_EQ(same.status, 0) << same.out;
  EXPECT_TRUE(has(same, "solved: 0 moves, proven optimal")) << same.out;
  const ProgramRun b = hanoi("--pegs 4 --disks 5 -a bfs --json");
  EXPECT_EQ(b.status, 0) << b.out;
  EXPECT_TRUE(has(b, "\"moves\": 13")) << b.out;
  EXPECT_TRUE(has(b, "\"optimal\": true")) << b.out;
}

TEST(HanoiProgram, LimitsStopWithALowerBound) {
  const ProgramRun r = hanoi("--pegs 4 --disks 12 -H goalpeg --max-expanded 1000");
  EXPECT_EQ(r.status, 3) << r.out;
  EXPECT_TRUE(has(r, "stopped (node_limit)")) << r.out;
  EXPECT_TRUE(has(r, "proven lower bound")) << r.out;
}

TEST(HanoiProgram, SymmetricMethodForTheClassicShape) {
  const ProgramRun r = hanoi("--pegs 4 --disks 10 --stats");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(has(r, "method: symmetric")) << r.out;
  EXPECT_TRUE(has(r, "solved: 49 moves, proven optimal")) << r.out;  // Frame-Stewart
  EXPECT_TRUE(has(r, "(half plan 24 moves)")) << r.out;
  EXPECT_TRUE(has(r, "   49. a1 ")) << r.out;  // the whole plan is printed, not only the half
  const ProgramRun plain = hanoi("--pegs 4 --disks 10 --no-symmetry --json");
  EXPECT_TRUE(has(plain, "\"moves\": 49,")) << plain.out;
  EXPECT_TRUE(has(plain, "\"method\": \"plain\"")) << plain.out;
  const ProgramRun j = hanoi("--pegs 3 --disks 6 --json");
  EXPECT_TRUE(has(j, "\"moves\": 63,")) << j.out;
  EXPECT_TRUE(has(j, "\"optimal\": true")) << j.out;
  EXPECT_TRUE(has(j, "\"method\": \"symmetric\", \"half_moves\": 31")) << j.out;
  // Start peg C, goal peg A, five pegs: still the classic shape.
  const ProgramRun c = hanoi("--start '||a6a5a4a3a2a1||' --goal 'a6a5a4a3a2a1||||' -a ida --json");
  EXPECT_TRUE(has(c, "\"moves\": 15,")) << c.out;  // FS(6, 5 pegs) in frame_stewart.tsv
  EXPECT_TRUE(has(c, "\"method\": \"symmetric\"")) << c.out;
  // A heuristic that needs the goal position: plain search.
  const ProgramRun g = hanoi("--pegs 4 --disks 5 -H goalpeg --json");
  EXPECT_TRUE(has(g, "\"method\": \"plain\"")) << g.out;
  EXPECT_TRUE(has(g, "\"moves\": 13,")) << g.out;
  // A stopped symmetric search reports 2b + 1 from the half problem's bound b (odd).
  const ProgramRun s = hanoi("--pegs 4 --disks 12 -H zero --max-expanded 50");
  EXPECT_EQ(s.status, 3) << s.out;
  EXPECT_TRUE(has(s, "proven lower bound: ")) << s.out;
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
  EXPECT_TRUE(has(t, "truncated at --dot-max-nodes")) << t.out;
  std::filesystem::remove(file);
}

}  // namespace
