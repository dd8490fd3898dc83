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
};

// Checks the limits. The node limit is checked on every expansion (one compare); the clock
// and the stop flag only every kCheckInterval expansions, so the guard costs almost nothing.
class LimitGuard {
 public:
  static constexpr std::uint32_t kCheckInterval = 4096;
  using Clock = std::chrono::steady_clock;

  explicit LimitGuard(const Limits& limits) : limits_(limits), start_(Clock::now()) {}

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
    if (limits_.max_seconds > 0 && seconds() >= limits_.max_seconds) {
      reason_ = StopReason::time_limit;
      return true;
    }
    return false;
  }

  double seconds() const {
    return std::chrono::duration<double>(Clock::now() - start_).count();
  }
  StopReason reason() const { return reason_; }

 private:
  Limits limits_;
  Clock::time_point start_;
  std::uint32_t countdown_ = 0;
  StopReason reason_ = StopReason::none;
};

}  // namespace hsearch
