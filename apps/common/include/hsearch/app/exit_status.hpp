#pragma once
// The one exit-status table of every hsearch program (also printed by every --help).
#include <algorithm>

#include "hsearch/core/result.hpp"

namespace hsearch::app {

enum class ExitStatus : int {
  solved = 0,           // every instance solved
  unsolvable = 1,       // proven: no solution exists
  bad_input = 2,        // bad command line or bad input (the message names file, line, problem)
  limit = 3,            // a limit (time, nodes, memory) stopped the search before an answer
  internal_error = 70,  // the program found itself wrong: a plan failed its replay, a proven
                        // optimum disagrees with a reference table, a run failed
  interrupted = 130,    // Ctrl-C
};

constexpr int code(ExitStatus s) { return static_cast<int>(s); }

// How bad a status is, for a batch: the worst of its instances is the batch's status.
constexpr int severity(ExitStatus s) {
  switch (s) {
    case ExitStatus::solved: return 0;
    case ExitStatus::unsolvable: return 1;
    case ExitStatus::limit: return 2;
    case ExitStatus::bad_input: return 3;
    case ExitStatus::internal_error: return 4;
    case ExitStatus::interrupted: return 5;
  }
  return 4;
}

constexpr ExitStatus worst(ExitStatus a, ExitStatus b) { return severity(b) > severity(a) ? b : a; }

constexpr ExitStatus exit_status(Status status, StopReason reason) {
  if (status == Status::solved) return ExitStatus::solved;
  if (status == Status::unsolvable) return ExitStatus::unsolvable;
  return reason == StopReason::interrupted ? ExitStatus::interrupted : ExitStatus::limit;
}

template <class Move, class Cost>
ExitStatus exit_status(const Result<Move, Cost>& r) {
  return exit_status(r.status, r.stop_reason);
}

// The table as --help prints it.
inline const char* exit_status_help() {
  return "Exit status:\n"
         "  0    solved (a batch: every instance solved)\n"
         "  1    proven unsolvable: no solution exists\n"
         "  2    bad input or bad usage (the message names the file, line and problem)\n"
         "  3    a limit (time, nodes, memory) stopped the search before an answer\n"
         "  70   internal error (e.g. a plan failed its replay check: it is not printed)\n"
         "  130  interrupted (Ctrl-C)\n"
         "  A batch exits with the worst status of its instances\n"
         "  (130, then 70, 2, 3, 1, 0).\n";
}

}  // namespace hsearch::app
