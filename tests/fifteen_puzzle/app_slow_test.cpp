// SLOW: the program's default configuration (pattern databases 6-6-3, built into the build
// tree's cache on first use) on the example board of the docs and on Korf instances.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>

#include "korf_data.hpp"

namespace {

std::string run_default(const std::string& input, int& exit_code) {
  const auto in = std::filesystem::temp_directory_path() / ("fifteen-slow-" + std::to_string(::getpid()));
  std::ofstream(in) << input;
  const std::string cmd = std::string(HSEARCH_BINARY_DIR) + "/bin/fifteen-puzzle --cache-dir " +
                          HSEARCH_BINARY_DIR + "/fifteen-pdb-cache < " + in.string() + " 2>/dev/null";
  std::string out;
  FILE* p = popen(cmd.c_str(), "r");
  char buf[4096];
  while (p != nullptr && fgets(buf, sizeof buf, p) != nullptr) out += buf;
  const int status = p ? pclose(p) : -1;
  exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::filesystem::remove(in);
  return out;
}

TEST(ProgramDefault, SeedExampleAndKorfInstancesWithPdb663) {
  int code = 0;
  const std::string out = run_default("10 6 4 12 1 14 3 7 5 15 11 13 8 0 2 9\n", code);
  EXPECT_EQ(code, 0);
  EXPECT_EQ(out.substr(0, 6), "OK 50\n");
  HSEARCH_REQUIRE_DATA("fifteen/korf100.txt");
  const auto all = hsearch::fifteen::testing::load_korf100();
  for (int id : {1, 3, 12, 60, 88}) {
    const auto& k = all.at(static_cast<std::size_t>(id - 1));
    std::string board;
    for (unsigned t : k.tiles) board += std::to_string(t) + " ";
    const std::string o = run_default(board + "\n", code);
    EXPECT_EQ(code, 0);
    EXPECT_EQ(o.substr(0, o.find('\n')), "OK " + std::to_string(k.opt)) << "#" << id;
    EXPECT_EQ(std::count(o.begin(), o.end(), '\n'), k.opt + 2) << "#" << id;
  }
}

}  // namespace
