// The `hanoi` program end to end: exit codes, messages, output formats.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

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
           Case{"--pegs 4 --disks 3 --pdb 1,1", "add up to 2"},
           Case{"--pegs 4 --disks 20 --pdb 20", "more than the limit"},
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

}  // namespace
