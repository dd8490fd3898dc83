// `sokoban play` end to end: the program runs in a private tmux server (its own socket, an
// 80x24 window, HOME and XDG_DATA_HOME in a temporary folder), keys go in with send-keys, the
// screen comes back with capture-pane, polled until the expected text appears (no fixed
// sleeps). Skipped when tmux is not installed (Debian package: tmux).
#include <array>
#include <cctype>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include "data_dir.hpp"

namespace fs = std::filesystem;

namespace {

std::string quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Runs a shell command; its stdout (and stderr) in `out`; returns the exit status.
int shell(const std::string& cmd, std::string* out = nullptr) {
  FILE* pipe = popen((cmd + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return -1;
  std::array<char, 4096> buf;
  std::string text;
  while (std::fgets(buf.data(), buf.size(), pipe) != nullptr) text += buf.data();
  const int st = pclose(pipe);
  if (out) *out = text;
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

const std::string kProgram = std::string(HSEARCH_BINARY_DIR) + "/bin/sokoban";

// Level 1: one step, then one push onto the goal. Level 2: a push into a dead column.
const char* kLevels =
    "; corridor\n"
    "######\n"
    "#@ $.#\n"
    "######\n"
    "\n"
    "; dead column\n"
    "#######\n"
    "#    .#\n"
    "# $@  #\n"
    "#     #\n"
    "#######\n";

class PlayInTmux : public ::testing::Test {
 protected:
  void SetUp() override {
    if (shell("command -v tmux") != 0) GTEST_SKIP() << "tmux is not installed (Debian package: tmux)";
    if (!fs::exists(kProgram)) GTEST_SKIP() << "the sokoban program is not built";
    const std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    socket_ = "hsearch_play_" + std::to_string(::getpid()) + "_" + name;
    dir_ = fs::temp_directory_path() / socket_;
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    level_file_ = (dir_ / "levels.xsb").string();
    std::ofstream(level_file_) << kLevels;
  }
  void TearDown() override {
    if (started_) {
      // kill-server leaves the socket file behind: remove it too.
      std::string path;
      tmux("display-message -p '#{socket_path}'", &path);
      tmux("kill-server");
      while (!path.empty() && path.back() == '\n') path.pop_back();
      if (path.find(socket_) != std::string::npos) fs::remove(path);
    }
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  int tmux(const std::string& args, std::string* out = nullptr) {
    return shell("tmux -L " + socket_ + " -f /dev/null " + args, out);
  }

  // Starts `sh -c script` in a new 80x24 session; the pane stays after the program exits.
  void start(const std::string& script_body) {
    fs::remove(exit_file());
    const std::string script = script_body + "; echo $? > " + quote(exit_file().string());
    const std::string env = "env HOME=" + quote(dir_.string()) + " XDG_DATA_HOME=" + quote((dir_ / "data").string()) +
                            " TERM=xterm ";
    std::string out;
    if (started_) {  // the same pane again (killing the session would race with the server's exit)
      ASSERT_EQ(tmux("respawn-pane -k -t play " + quote(env + "sh -c " + quote(script)), &out), 0) << out;
      return;
    }
    ASSERT_EQ(tmux("new-session -d -x 80 -y 24 -s play " + quote(env + "sh -c " + quote(script)) +
                   " \\; set-option -t play remain-on-exit on", &out),
              0)
        << out;
    started_ = true;
  }
  void play(const std::string& args) { start(kProgram + " play " + args); }

  std::string screen() {
    std::string out;
    tmux("capture-pane -p -t play", &out);
    return out;
  }
  // Polls the screen until it contains `text` (at most 10 s); returns the last screen.
  std::string wait_for(const std::string& text) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    std::string s;
    while (std::chrono::steady_clock::now() < end) {
      s = screen();
      if (s.find(text) != std::string::npos) return s;
      std::this_thread::sleep_for(std::chrono::milliseconds(30));
    }
    ADD_FAILURE() << "timed out waiting for \"" << text << "\"; the screen:\n" << s;
    return s;
  }
  void keys(const std::string& k) { tmux("send-keys -t play " + k); }
  // The shell in the pane writes the script's exit status to a file when it ends (tmux's own
  // pane_dead_status is not always filled in): waits for it, returns it.
  int wait_exit() {
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (std::chrono::steady_clock::now() < end) {
      const std::string status = slurp(exit_file());
      if (!status.empty() && status.back() == '\n') return std::stoi(status);
      std::this_thread::sleep_for(std::chrono::milliseconds(30));
    }
    ADD_FAILURE() << "the program did not exit; the screen:\n" << screen();
    return -1;
  }
  fs::path exit_file() const { return dir_ / "exit_status"; }

  std::string socket_;
  bool started_ = false;
  fs::path dir_;
  std::string level_file_;
};

}  // namespace

TEST_F(PlayInTmux, CountersUndoWinDeadlockWarningAndProgress) {
  play(quote(level_file_));
  std::string s = wait_for("Moves: 0  Pushes: 0");
  EXPECT_NE(s.find("level 1/2"), std::string::npos) << s;
  EXPECT_NE(s.find("#@ $.#"), std::string::npos) << s;
  keys("Right");  // a step (arrow key)
  wait_for("Moves: 1  Pushes: 0");
  keys("q");  // ZQSD left
  wait_for("Moves: 2  Pushes: 0");
  keys("u");
  wait_for("Moves: 1  Pushes: 0");
  keys("u");
  s = wait_for("Moves: 0  Pushes: 0");
  EXPECT_NE(s.find("#@ $.#"), std::string::npos) << "undo goes back to the start\n" << s;
  keys("d");  // WASD right
  wait_for("Moves: 1  Pushes: 0");
  keys("Right");  // the push onto the goal
  s = wait_for("Level solved in 2 moves, 1 pushes!");
  EXPECT_NE(s.find("Moves: 2  Pushes: 1"), std::string::npos) << s;
  EXPECT_NE(s.find("SOLVED"), std::string::npos) << s;
  EXPECT_NE(s.find("#  @*#"), std::string::npos) << s;
  EXPECT_NE(s.find("[solved: best 2/1]"), std::string::npos) << s;

  keys("n");
  s = wait_for("level 2/2");
  EXPECT_NE(s.find("Moves: 0  Pushes: 0"), std::string::npos) << s;
  EXPECT_EQ(s.find("WARNING"), std::string::npos) << s;
  keys("Left");  // the box into the dead column
  s = wait_for("WARNING deadlock");
  EXPECT_NE(s.find("Moves: 1  Pushes: 1"), std::string::npos) << s;
  keys("x");
  EXPECT_EQ(wait_exit(), 0);

  // The progress file: level 1 solved with 2 moves and 1 push, level 2 last played.
  const std::string progress = slurp(dir_ / "data" / "hsearch" / "progress");
  const std::string key = fs::weakly_canonical(level_file_).string();
  EXPECT_NE(progress.find("hsearch-sokoban-progress 1\n"), std::string::npos) << progress;
  EXPECT_NE(progress.find("solved\t1\t2\t1\t" + key + "\n"), std::string::npos) << progress;
  EXPECT_NE(progress.find("last\t2\tL\t" + key + "\n"), std::string::npos) << progress;

  // Started again, it resumes on level 2 with the move made.
  play(quote(level_file_));
  s = wait_for("resumed level 2");
  EXPECT_NE(s.find("Moves: 1  Pushes: 1"), std::string::npos) << s;
  EXPECT_NE(s.find("WARNING deadlock"), std::string::npos) << s;
  keys("Escape");
  EXPECT_EQ(wait_exit(), 0);
}

TEST_F(PlayInTmux, TheTerminalIsRestoredAfterQuitAndAfterCtrlC) {
  const std::string before = (dir_ / "before").string(), after = (dir_ / "after").string();
  const std::string run = kProgram + " play " + quote(level_file_) + " --level 1";
  start("stty -a > " + quote(before) + "; " + run + "; echo status=$? > " + quote(after) + ".status; stty -a > " +
        quote(after) + "; " + run + "; stty -a > " + quote(after) + "2");
  wait_for("Moves: 0  Pushes: 0");
  keys("x");
  // The second run: Ctrl-C.
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!fs::exists(after) && std::chrono::steady_clock::now() < end)
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
  wait_for("Moves: 0  Pushes: 0");
  keys("C-c");
  EXPECT_EQ(wait_exit(), 0);
  EXPECT_EQ(slurp(after + ".status"), "status=0\n");
  EXPECT_FALSE(slurp(before).empty());
  EXPECT_EQ(slurp(after), slurp(before));
  EXPECT_EQ(slurp(after + "2"), slurp(before));
}

TEST_F(PlayInTmux, HintRaceAndTheBuiltInLevels) {
  play("--level 2");  // built-in level 2
  std::string s = wait_for("built-in levels  level 2/3");
  keys("h");
  s = wait_for("hint: push the highlighted box");
  EXPECT_NE(s.find("push-optimal"), std::string::npos) << s;
  keys("h");  // plays it: one push made
  wait_for("Pushes: 1");
  keys("c");  // race, step mode: the level restarts, the solver answers each move
  s = wait_for("Solver  Moves: 0");
  keys("Left");
  wait_for("Solver  Moves: 1");
  keys("x");
  EXPECT_EQ(wait_exit(), 0);
}

TEST_F(PlayInTmux, ALevelTallerThanTheScreenScrollsWithThePlayer) {
  // 32 rows: more than the 18 board rows of an 80x24 screen.
  std::string tall = "#####\n#@  #\n# $ #\n";
  for (int i = 0; i < 27; ++i) tall += "#   #\n";
  tall += "# . #\n#####\n";
  const std::string file = (dir_ / "tall.xsb").string();
  std::ofstream(file) << tall;
  play(quote(file));
  std::string s = wait_for("the level is larger than the screen: the view follows the player");
  EXPECT_NE(s.find("#@  #"), std::string::npos) << s;
  EXPECT_EQ(s.find("# . #"), std::string::npos) << "the goal is far below, out of view\n" << s;
  keys("Right");
  for (int i = 0; i < 20; ++i) keys("Down");
  s = wait_for("Moves: 21  Pushes: 20");  // the box below is pushed along
  EXPECT_NE(s.find("# @ #\n                                     # $ #"), std::string::npos) << "the player stays in view\n" << s;
  keys("x");
  EXPECT_EQ(wait_exit(), 0);
}

TEST_F(PlayInTmux, StaysResponsiveWhileTheSolverSearches) {
  // XSokoban level 2 takes the solver far longer than this test: the hint search runs while
  // the player moves (which cancels it), and quitting during a search exits at once.
  const fs::path xsokoban = hsearch::testing::data_file("sokoban/xsokoban/XSokoban.xsb");
  if (!fs::exists(xsokoban)) GTEST_SKIP() << "data not found: " << xsokoban.string();
  play(quote(xsokoban.string()) + " --level 2 --hint-time 60");
  wait_for("Moves: 0  Pushes: 0");
  keys("h");
  std::string s = wait_for("searching for a push-optimal solution from here (up to 60 s");
  EXPECT_NE(s.find("[solver searching...]"), std::string::npos) << s;
  keys("Left");  // a step: the screen answers, the search for the old position is dropped
  s = wait_for("Moves: 1  Pushes: 0");
  wait_for("search cancelled: the position changed");
  keys("h");
  wait_for("[solver searching...]");
  const auto t0 = std::chrono::steady_clock::now();
  keys("x");
  EXPECT_EQ(wait_exit(), 0);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 5.0);
}

TEST_F(PlayInTmux, ASignalEndsTheGameWithStatus130AndSavesTheProgress) {
  // exec keeps the shell's process id, so the pid file names the game itself.
  const std::string pid_file = (dir_ / "pid").string();
  start("sh -c " + quote("echo $$ > " + quote(pid_file) + "; exec " + kProgram + " play " + quote(level_file_)));
  wait_for("Moves: 0  Pushes: 0");
  keys("Right");
  wait_for("Moves: 1  Pushes: 0");
  const std::string pid = slurp(pid_file);
  ASSERT_FALSE(pid.empty());
  ASSERT_EQ(::kill(std::stoi(pid), SIGTERM), 0);
  EXPECT_EQ(wait_exit(), 130);
  const std::string progress = slurp(dir_ / "data" / "hsearch" / "progress");
  const std::string key = fs::weakly_canonical(level_file_).string();
  EXPECT_NE(progress.find("last\t1\tr\t" + key + "\n"), std::string::npos) << progress;
}

TEST(PlayWithoutTerminal, HelpListsTheOptionsAndTheExitStatuses) {
  std::string out;
  EXPECT_EQ(shell(kProgram + " play --help < /dev/null", &out), 0) << out;
  for (const char* text : {"Usage: sokoban play [FILE]", "--level N", "--hint-time S", "--race MODE", "--race-time S",
                           "--race-speed MS", "Exit status: 0", "2 bad usage", "130"})
    EXPECT_NE(out.find(text), std::string::npos) << text << " missing in:\n" << out;
}

TEST(PlayWithoutTerminal, SaysSoAndExits2) {
  std::string out;
  const int st = shell(kProgram + " play < /dev/null", &out);
  EXPECT_EQ(st, 2) << out;
  EXPECT_NE(out.find("needs a terminal"), std::string::npos) << out;
}

TEST(PlayWithoutTerminal, BadArgumentsAreReportedBeforeTheScreen) {
  std::string out;
  EXPECT_EQ(shell(kProgram + " play /nonexistent/levels.xsb < /dev/null", &out), 2);
  EXPECT_NE(out.find("/nonexistent/levels.xsb: cannot open the file"), std::string::npos) << out;
  EXPECT_EQ(shell(kProgram + " play --level 9 < /dev/null", &out), 2);
  EXPECT_NE(out.find("the collection has 3 levels"), std::string::npos) << out;
  EXPECT_EQ(shell(kProgram + " play --race sideways < /dev/null", &out), 2);
  EXPECT_NE(out.find("sokoban play: --race needs step or clock, not 'sideways'"), std::string::npos) << out;
  EXPECT_EQ(shell(kProgram + " play --level 0 < /dev/null", &out), 2);
  EXPECT_NE(out.find("sokoban play: --level must be at least 1"), std::string::npos) << out;
  EXPECT_EQ(shell(kProgram + " play --level x < /dev/null", &out), 2);
  EXPECT_EQ(out.rfind("sokoban play: ", 0), 0U) << out;
  EXPECT_EQ(shell(kProgram + " play --hint-time 0 < /dev/null", &out), 2);
  EXPECT_NE(out.find("sokoban play: --hint-time must be a positive number"), std::string::npos) << out;
  EXPECT_EQ(shell(kProgram + " play --race-speed 0 < /dev/null", &out), 2);
  EXPECT_NE(out.find("sokoban play: --race-speed must be a positive number"), std::string::npos) << out;
  EXPECT_EQ(shell(kProgram + " play --no-such-option < /dev/null", &out), 2);
  EXPECT_EQ(out.rfind("sokoban play: ", 0), 0U) << out;
  EXPECT_EQ(shell(kProgram + " play a.xsb b.xsb < /dev/null", &out), 2);
  EXPECT_EQ(out.rfind("sokoban play: ", 0), 0U) << out;
}
