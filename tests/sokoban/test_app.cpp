// The `sokoban` program: default level, JSON, exit codes, error messages for bad input.
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

namespace {

struct ProgramRun {
  int status = -1;
  std::string out;  // stdout and stderr together
};

ProgramRun run(const std::string& args) {
  const std::string program = std::string(HSEARCH_BINARY_DIR) + "/bin/sokoban";
  ProgramRun r;
  const std::string cmd = program + " " + args + " 2>&1";
  FILE* pipe = popen(cmd.c_str(), "r");
  if (pipe == nullptr) return r;
  std::array<char, 4096> buf;
  while (std::fgets(buf.data(), buf.size(), pipe) != nullptr) r.out += buf.data();
  const int st = pclose(pipe);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
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

TEST_F(App, JsonHasTheRequiredFields) {
  const ProgramRun r = run("--json");
  EXPECT_EQ(r.status, 0);
  for (const char* key : {"\"level\":1", "\"title\":", "\"status\":\"solved\"", "\"pushes\":7", "\"moves\":",
                          "\"solution\":\"", "\"optimal\":true", "\"expanded\":", "\"generated\":", "\"seconds\":"}) {
    EXPECT_NE(r.out.find(key), std::string::npos) << key << " in " << r.out;
  }
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
  const ProgramRun r = run("/nonexistent/file.xsb");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("cannot open"), std::string::npos);
}
