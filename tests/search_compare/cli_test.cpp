// The search-compare program: exit statuses and messages for bad command lines and files, and
// a small end-to-end run writing CSV, report and DOT files. Skipped when the program is absent.
#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>

namespace {

const std::string kProgram = std::string(HSEARCH_BINARY_DIR) + "/bin/search-compare";

struct Outcome {
  int status = -1;
  std::string output;  // stdout and stderr
};

Outcome run(const std::string& args) {
  Outcome o;
  const std::string command = kProgram + " " + args + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return o;
  std::array<char, 4096> buf{};
  std::size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) o.output.append(buf.data(), n);
  const int raw = pclose(pipe);
  o.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return o;
}

class SearchCompareProgram : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(kProgram)) GTEST_SKIP() << kProgram << " is not built";
  }
  bool has_domain(const std::string& name) {
    const auto help = run("--help");
    return help.output.find("\n  " + name + "\n") != std::string::npos;
  }
};

TEST_F(SearchCompareProgram, BadCommandLinesExitWithStatus2AndSayWhy) {
  auto o = run("--no-such-option");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("no-such-option"), std::string::npos) << o.output;
  o = run("--domain chess --random 2");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("unknown domain 'chess'"), std::string::npos) << o.output;
  o = run("--random 2");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("--domain is required"), std::string::npos) << o.output;
  if (!has_domain("fifteen-puzzle")) GTEST_SKIP() << "fifteen-puzzle not in this build";
  o = run("--domain fifteen-puzzle --random 1 --algorithms dijkstra");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("unknown algorithm 'dijkstra'"), std::string::npos) << o.output;
  o = run("--domain fifteen-puzzle --random 1 --heuristics euclid");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("unknown heuristic 'euclid'"), std::string::npos) << o.output;
  o = run("--domain fifteen-puzzle");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("exactly one of --instances FILE and --random N"), std::string::npos);
}

TEST_F(SearchCompareProgram, BadInstanceFileExitsWithStatus1NamingFileAndLine) {
  if (!has_domain("fifteen-puzzle")) GTEST_SKIP() << "fifteen-puzzle not in this build";
  const auto path = std::filesystem::temp_directory_path() /
                    ("hsearch_cli_" + std::to_string(::getpid()) + ".txt");
  std::ofstream(path) << "# a comment\n1 2 3\n";
  const auto o = run("--domain fifteen-puzzle --instances " + path.string());
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.output.find(path.string() + ":2: expected 16 tiles"), std::string::npos) << o.output;
  std::filesystem::remove(path);
}

TEST_F(SearchCompareProgram, WritesCsvReportAndDot) {
  if (!has_domain("hanoi")) GTEST_SKIP() << "hanoi not in this build";
  const auto dir = std::filesystem::temp_directory_path() /
                   ("hsearch_cli_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "p.txt") << "classic 4 4\nclassic 3 3\n";
  const auto o = run("--domain hanoi --instances " + (dir / "p.txt").string() +
                     " -a astar,ida,bfs -H goalpeg -p none,same-disk --jobs 2 -q --csv " +
                     (dir / "r.csv").string() + " --report " + (dir / "r.html").string() +
                     " --dot " + (dir / "t.dot").string() + " --dot-max-nodes 50");
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("astar / goalpeg / none"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("idastar / goalpeg / same-disk"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("bfs / - / none"), std::string::npos) << o.output;
  std::ifstream csv(dir / "r.csv");
  std::string line;
  int lines = 0;
  while (std::getline(csv, line)) ++lines;
  EXPECT_EQ(lines, 1 + 2 * 4);  // header + 2 instances x 4 configurations
  std::stringstream dot;
  dot << std::ifstream(dir / "t.dot").rdbuf();
  EXPECT_NE(dot.str().find("digraph search_tree {"), std::string::npos);
  EXPECT_TRUE(std::filesystem::exists(dir / "r.html"));
  std::filesystem::remove_all(dir);
}

TEST_F(SearchCompareProgram, TracePrintsIterationsOfIdaStar) {
  if (!has_domain("hanoi")) GTEST_SKIP() << "hanoi not in this build";
  const auto path = std::filesystem::temp_directory_path() /
                    ("hsearch_cli_trace_" + std::to_string(::getpid()) + ".txt");
  std::ofstream(path) << "classic 3 3\n";
  const auto o = run("--domain hanoi --instances " + path.string() +
                     " -a ida -H goalpeg -q --trace --summary-only");
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("== P3 n3  idastar / goalpeg / none"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("iteration 1: bound 3, expanded"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("result: solved, cost 7 (optimal)"), std::string::npos) << o.output;
  std::filesystem::remove(path);
}

}  // namespace
