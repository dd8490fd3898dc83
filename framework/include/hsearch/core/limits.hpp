#pragma once
// Search limits and the guard that enforces them without slowing the inner loop.
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "hsearch/core/result.hpp"

namespace hsearch {

struct Limits {
  // Stop after this many expansions (0 = no limit).
  std::uint64_t max_expanded = 0;
  // Stop after this many wall-clock seconds (0 = no limit).
  double max_seconds = 0;
  // Stop when the search's own data structures would exceed this many bytes (0 = no limit).
  std::size_t max_bytes = 0;
  // Stop when this flag becomes true (set it from a SIGINT handler: see interrupt.hpp).
  const std::atomic<bool>* stop_flag = nullptr;
  // When the time limit's clock started. Default (the clock's epoch): when the guard is made,
  // i.e. when the search starts. A solve entry that builds tables before it searches sets it
  // once (with_clock_started()), so every phase and the search share one clock and the time
  // limit covers them all.
  std::chrono::steady_clock::time_point clock_start{};

  // These limits with the clock started now, unless it already runs.
  Limits with_clock_started() const {
    Limits l = *this;
    if (l.clock_start == std::chrono::steady_clock::time_point{}) l.clock_start = std::chrono::steady_clock::now();
    return l;
  }
};

// Thrown by LimitGuard::poll(): a long phase that is not a search (a table build) was stopped
// by the time limit or the stop flag. The caller reports it as a stopped search with this
// reason; the phase keeps nothing half done (no table, no file).
struct StoppedByLimit {
  StopReason reason = StopReason::none;
};

// Checks the limits. The node limit is checked on every expansion (one compare); the clock
// and the stop flag only every kCheckInterval expansions, so the guard costs almost nothing.
// Searches call should_stop(); every other long phase (pattern-database builds, ...) calls
// poll() in its inner loop, so Ctrl-C and the time limit stop them the same way.
class LimitGuard {
 public:
  static constexpr std::uint32_t kCheckInterval = 4096;
  using Clock = std::chrono::steady_clock;

  explicit LimitGuard(const Limits& limits)
      : limits_(limits),
        start_(Clock::now()),
        clock_start_(limits.clock_start == Clock::time_point{} ? start_ : limits.clock_start) {}

  // Call once per expansion with the total expansions so far; true when the search must stop.
  bool should_stop(std::uint64_t expanded) {
    if (limits_.max_expanded != 0 && expanded >= limits_.max_expanded) {
      reason_ = StopReason::node_limit;
      return true;
    }
    if (++countdown_ < kCheckInterval) return false;
    countdown_ = 0;
    return check_slow();
  }

  // Memory check, called by searches when their tables grow.
  bool over_memory(std::size_t bytes) {
    if (limits_.max_bytes != 0 && bytes > limits_.max_bytes) {
      reason_ = StopReason::memory_limit;
      return true;
    }
    return false;
  }

  // Clock and stop flag, checked now (also used between iterations).
  bool check_slow() {
    if (limits_.stop_flag != nullptr && limits_.stop_flag->load(std::memory_order_relaxed)) {
      reason_ = StopReason::interrupted;
      return true;
    }
    if (limits_.max_seconds > 0 &&
        std::chrono::duration<double>(Clock::now() - clock_start_).count() >= limits_.max_seconds) {
      reason_ = StopReason::time_limit;
      return true;
    }
    return false;
  }

  // For a phase that is not a search: call once per unit of work (a table entry, a layer
  // entry). Every kCheckInterval calls it checks the clock and the stop flag and throws
  // StoppedByLimit when one of them says stop.
  void poll() {
    if (++countdown_ < kCheckInterval) return;
    countdown_ = 0;
    if (check_slow()) throw StoppedByLimit{reason_};
  }

  // Seconds since this guard was made (the statistics of its search or phase).
  double seconds() const {
    return std::chrono::duration<double>(Clock::now() - start_).count();
  }
  StopReason reason() const { return reason_; }

 private:
  Limits limits_;
  Clock::time_point start_;
  Clock::time_point clock_start_;  // the time limit's clock
  std::uint32_t countdown_ = 0;
  StopReason reason_ = StopReason::none;
};

}  // namespace hsearch
