#pragma once
// The solver on a thread of its own, so that the game stays responsive while it searches (the
// hint, watching the solution, the race). start() launches solve_level on a copy of a position
// with a time limit; the game polls done() between key presses and takes the report. cancel()
// raises the search's stop flag (Limits::stop_flag, checked every few thousand expansions) and
// waits for the thread, so quitting or starting another search never leaves one running.
#include <atomic>
#include <optional>
#include <thread>

#include "hsearch/sokoban/level.hpp"
#include "hsearch/sokoban/solver.hpp"

namespace hsearch::sokoban::play {

class BackgroundSolver {
 public:
  BackgroundSolver() = default;
  BackgroundSolver(const BackgroundSolver&) = delete;
  BackgroundSolver& operator=(const BackgroundSolver&) = delete;
  ~BackgroundSolver() { cancel(); }

  // Starts a search from `position` (cancelling any running one). `seconds` > 0 limits the
  // wall-clock time; `max_bytes` the search's memory (a game should not take the machine's).
  void start(const Level& position, double seconds, std::size_t max_bytes = std::size_t{256} << 20) {
    cancel();
    stop_.store(false);
    done_.store(false);
    running_ = true;
    thread_ = std::thread([this, position, seconds, max_bytes] {
      SolveOptions options;
      options.limits.max_seconds = seconds;
      options.limits.max_bytes = max_bytes;
      options.limits.stop_flag = &stop_;
      report_ = solve_level(position, options);
      done_.store(true, std::memory_order_release);
    });
  }

  // True while a search has been started and its report not yet taken.
  bool busy() const { return running_; }

  // The report once the search has finished (then the solver is idle again), else nothing.
  std::optional<SolveReport> take() {
    if (!running_ || !done_.load(std::memory_order_acquire)) return std::nullopt;
    thread_.join();
    running_ = false;
    return std::move(report_);
  }

  // Stops the search (if any) and waits for its thread; the report is dropped.
  void cancel() {
    if (!running_) return;
    stop_.store(true);
    thread_.join();
    running_ = false;
  }

 private:
  std::thread thread_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> done_{false};
  bool running_ = false;
  SolveReport report_;
};

}  // namespace hsearch::sokoban::play
