// The progress file: where it lives (XDG), what it keeps, atomic saves, corrupt files.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <unistd.h>

#include "hsearch/sokoban/play/progress.hpp"

using hsearch::sokoban::play::Progress;
namespace fs = std::filesystem;

namespace {

class ProgressFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("hsearch_progress_test_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    file_ = dir_ / "hsearch" / "progress";
  }
  void TearDown() override { fs::remove_all(dir_); }
  void write(const std::string& text) {
    fs::create_directories(file_.parent_path());
    std::ofstream(file_) << text;
  }
  std::string read() const {
    std::ifstream in(file_);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  fs::path dir_, file_;
};

// Sets an environment variable for one scope.
struct EnvVar {
  std::string name;
  std::optional<std::string> old;
  EnvVar(std::string n, const char* value) : name(std::move(n)) {
    if (const char* v = std::getenv(name.c_str())) old = v;
    if (value) ::setenv(name.c_str(), value, 1);
    else ::unsetenv(name.c_str());
  }
  ~EnvVar() {
    if (old) ::setenv(name.c_str(), old->c_str(), 1);
    else ::unsetenv(name.c_str());
  }
};

}  // namespace

TEST(ProgressPath, FollowsXdgDataHomeThenHome) {
  {
    EnvVar xdg("XDG_DATA_HOME", "/data/x");
    EnvVar home("HOME", "/home/p");
    EXPECT_EQ(Progress::default_path()->string(), "/data/x/hsearch/progress");
  }
  {
    EnvVar xdg("XDG_DATA_HOME", nullptr);
    EnvVar home("HOME", "/home/p");
    EXPECT_EQ(Progress::default_path()->string(), "/home/p/.local/share/hsearch/progress");
  }
  {
    EnvVar xdg("XDG_DATA_HOME", "relative/dir");  // not absolute: ignored (XDG rules)
    EnvVar home("HOME", "/home/p");
    EXPECT_EQ(Progress::default_path()->string(), "/home/p/.local/share/hsearch/progress");
  }
  {
    EnvVar xdg("XDG_DATA_HOME", nullptr);
    EnvVar home("HOME", nullptr);
    EXPECT_FALSE(Progress::default_path().has_value());
  }
}

TEST_F(ProgressFile, AMissingFileIsAnEmptyProgress) {
  Progress p;
  EXPECT_EQ(p.load(file_), "");
  EXPECT_EQ(p.solved("/a.xsb", 1), nullptr);
  EXPECT_EQ(p.last("/a.xsb"), nullptr);
}

TEST_F(ProgressFile, SavesAndLoadsBack) {
  Progress p;
  p.record_solved("/levels/micro ban.xsb", 3, 40, 10);
  p.record_solved("/levels/micro ban.xsb", 3, 50, 9);  // more moves: not better
  p.record_solved("/levels/micro ban.xsb", 3, 36, 12);  // fewer moves: kept
  p.record_solved("/levels/other.xsb", 1, 5, 2);
  p.set_last("/levels/micro ban.xsb", 4, "rrUldD");
  p.set_last("/levels/other.xsb", 2, "");
  ASSERT_EQ(p.save(file_), "");
  const std::string text = read();
  EXPECT_EQ(text.rfind("hsearch-sokoban-progress 1\n", 0), 0U) << text;
  EXPECT_NE(text.find("solved\t3\t36\t12\t/levels/micro ban.xsb\n"), std::string::npos) << text;
  EXPECT_NE(text.find("last\t4\trrUldD\t/levels/micro ban.xsb\n"), std::string::npos) << text;
  EXPECT_NE(text.find("last\t2\t-\t/levels/other.xsb\n"), std::string::npos) << text;

  Progress q;
  ASSERT_EQ(q.load(file_), "");
  ASSERT_NE(q.solved("/levels/micro ban.xsb", 3), nullptr);
  EXPECT_EQ(q.solved("/levels/micro ban.xsb", 3)->best_moves, 36);
  EXPECT_EQ(q.solved("/levels/micro ban.xsb", 3)->best_pushes, 12);
  EXPECT_EQ(q.solved("/levels/micro ban.xsb", 4), nullptr);
  EXPECT_EQ(q.solved_count("/levels/micro ban.xsb"), 1);
  ASSERT_NE(q.last("/levels/micro ban.xsb"), nullptr);
  EXPECT_EQ(q.last("/levels/micro ban.xsb")->level, 4);
  EXPECT_EQ(q.last("/levels/micro ban.xsb")->lurd, "rrUldD");
  EXPECT_EQ(q.last("/levels/other.xsb")->lurd, "");
}

TEST_F(ProgressFile, SaveIsAtomicAndLeavesNoTemporaryFile) {
  Progress p;
  p.set_last("/a.xsb", 1, "");
  ASSERT_EQ(p.save(file_), "");
  p.set_last("/a.xsb", 2, "u");
  ASSERT_EQ(p.save(file_), "");
  int files = 0;
  for (const auto& e : fs::directory_iterator(file_.parent_path())) {
    ++files;
    EXPECT_EQ(e.path().filename(), "progress");
  }
  EXPECT_EQ(files, 1);
}

TEST_F(ProgressFile, ACorruptFileIsReportedWithItsLineAndIgnored) {
  write("hsearch-sokoban-progress 1\nsolved\t1\t5\t2\t/a.xsb\nsolved\tx\t5\t2\t/a.xsb\n");
  Progress p;
  const std::string problem = p.load(file_);
  EXPECT_NE(problem.find(file_.string() + ":3:"), std::string::npos) << problem;
  EXPECT_NE(problem.find("ignored"), std::string::npos) << problem;
  EXPECT_EQ(p.solved("/a.xsb", 1), nullptr);  // nothing half-loaded
  // It is replaced by the next save.
  p.record_solved("/b.xsb", 1, 3, 1);
  ASSERT_EQ(p.save(file_), "");
  Progress q;
  EXPECT_EQ(q.load(file_), "");
  EXPECT_NE(q.solved("/b.xsb", 1), nullptr);
}

TEST_F(ProgressFile, OtherKindsOfDamageAreReportedToo) {
  for (const char* text : {"", "garbage\n", "hsearch-sokoban-progress 2\n",
                           "hsearch-sokoban-progress 1\nlast\t1\tlurdX\t/a.xsb\n",
                           "hsearch-sokoban-progress 1\nsolved\t1\t2\t5\t/a.xsb\n",  // fewer moves than pushes
                           "hsearch-sokoban-progress 1\nwhat\t1\n", "\x01\x02\xff\n"}) {
    write(text);
    Progress p;
    EXPECT_FALSE(p.load(file_).empty()) << "accepted: " << text;
  }
}

TEST_F(ProgressFile, AnUnwritableFolderIsAMessageNotACrash) {
  write("x");  // a file where the folder should be
  Progress p;
  p.set_last("/a.xsb", 1, "");
  EXPECT_FALSE(p.save(file_ / "sub" / "progress").empty());
}
