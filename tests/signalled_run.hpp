#pragma once
// Runs a program as a user at a terminal would and presses Ctrl-C: the shell command starts,
// SIGINT reaches the program after `delay`, and the run's exit status, stdout and stderr come
// back. The program tests of every domain use it for "Ctrl-C stops cleanly with a summary".
// A program that does not stop within `patience` after the signal is killed (killed = true),
// so a broken stop flag fails the test instead of hanging it.
// The delay counts from the moment the program catches SIGINT (read from /proc/PID/status), not
// from the spawn: a program slowed at start-up (a sanitizer build on a loaded machine) would
// otherwise be killed by the default action before it installs its handler.
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

extern char** environ;

namespace hsearch::testing {

struct SignalledRun {
  int exit_code = -1;   // -1: ended by a signal
  bool killed = false;  // did not stop within `patience` of the SIGINT
  std::string out, err;
};

// Waits until `pid` is no longer the shell and catches SIGINT, at most `patience`; false when it
// never did, ended first, or /proc cannot say, and the caller then sends the signal anyway.
inline bool wait_until_catching_sigint(pid_t pid, std::chrono::seconds patience) {
  const auto deadline = std::chrono::steady_clock::now() + patience;
  const std::string status_file = "/proc/" + std::to_string(pid) + "/status";
  while (std::chrono::steady_clock::now() < deadline) {
    std::ifstream in(status_file);
    if (!in) return false;
    std::string line, name;
    unsigned long long caught = 0;
    bool have_mask = false;
    while (std::getline(in, line)) {
      if (line.rfind("State:", 0) == 0 && line.find('Z') != std::string::npos) return false;  // it ended
      if (line.rfind("Name:", 0) == 0) {
        std::istringstream(line.substr(5)) >> name;
      } else if (line.rfind("SigCgt:", 0) == 0) {
        std::istringstream(line.substr(7)) >> std::hex >> caught;
        have_mask = true;
      }
    }
    if (!have_mask) return false;
    const bool shell = name == "sh" || name == "dash" || name == "bash";
    if (!shell && (caught >> (SIGINT - 1)) & 1ULL) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return false;
}

// `command` is run by /bin/sh with `exec`, so the signal reaches the program itself; it may
// redirect stdin ("prog args < file") but must not be a pipeline.
inline SignalledRun run_and_interrupt(const std::string& command, std::chrono::milliseconds delay,
                                      std::chrono::seconds patience = std::chrono::seconds(30)) {
  const auto dir = std::filesystem::temp_directory_path();
  const std::string tag = std::to_string(::getpid()) + "-" + std::to_string(reinterpret_cast<std::uintptr_t>(&command));
  const auto out_file = dir / ("hsearch-signalled-out-" + tag), err_file = dir / ("hsearch-signalled-err-" + tag);
  std::string script = "exec " + command + " > " + out_file.string() + " 2> " + err_file.string();
  char sh[] = "/bin/sh", dash_c[] = "-c";
  char* argv[] = {sh, dash_c, script.data(), nullptr};
  SignalledRun run;
  pid_t pid = 0;
  if (::posix_spawn(&pid, "/bin/sh", nullptr, nullptr, argv, environ) != 0) return run;
  wait_until_catching_sigint(pid, patience);
  std::this_thread::sleep_for(delay);
  ::kill(pid, SIGINT);
  int status = 0;
  const auto deadline = std::chrono::steady_clock::now() + patience;
  while (::waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      run.killed = true;
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::stringstream o, e;
  o << std::ifstream(out_file).rdbuf();
  e << std::ifstream(err_file).rdbuf();
  run.out = o.str();
  run.err = e.str();
  std::filesystem::remove(out_file);
  std::filesystem::remove(err_file);
  return run;
}

}  // namespace hsearch::testing
