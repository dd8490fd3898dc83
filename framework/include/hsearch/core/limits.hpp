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

// Checks the limits. One countdown serves every limit: when it runs out, and only then, the
// node count, the clock and the stop flag are read. So the inner loop pays one decrement and
// one branch per expansion, and the node limit still stops the search at exactly max_expanded
// expansions (the countdown runs out there if that comes first).
// The countdown's length adapts to the cost of a call, so that checks come about every
// kCheckPeriod of wall time: a 15-puzzle IDA* node costs nanoseconds and a Sokoban expansion
// with its deadlock searches can cost a millisecond (more under a sanitizer), and a fixed count
// would either read the clock for nothing or answer Ctrl-C and the time limit seconds late.
// Searches call should_stop(); every other long phase (pattern-database builds, ...) calls
// poll() in its inner loop, so Ctrl-C and the time limit stop them the same way.
class LimitGuard {
 public:
  // The longest countdown: even on the cheapest calls the clock is read no less often.
  static constexpr std::uint32_t kCheckInterval = 4096;
  using Clock = std::chrono::steady_clock;
  static constexpr std::chrono::microseconds kCheckPeriod{2000};

  explicit LimitGuard(const Limits& limits)
      : limits_(limits),
        start_(Clock::now()),
        clock_start_(limits.clock_start == Clock::time_point{} ? start_ : limits.clock_start),
        last_check_(start_) {}

  // Call once per expansion with the total expansions so far; true when the search must stop.
  // (A caller that counts more than one expansion per call could pass the node limit by the
  // excess; every search here counts one.)
  bool should_stop(std::uint64_t expanded) {
    if (--countdown_ != 0) [[likely]] return false;
    return check_due(expanded);
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
  bool check_slow() { return check_slow(Clock::now()); }

  // For a phase that is not a search: call once per unit of work (a table entry, a layer
  // entry). When the countdown runs out it checks the clock and the stop flag and throws
  // StoppedByLimit when one of them says stop.
  void poll() {
    if (--countdown_ != 0) [[likely]] return;
    const Clock::time_point now = Clock::now();
    countdown_ = next_interval(now);
    if (check_slow(now)) throw StoppedByLimit{reason_};
  }

  // Seconds since this guard was made (the statistics of its search or phase).
  double seconds() const {
    return std::chrono::duration<double>(Clock::now() - start_).count();
  }
  StopReason reason() const { return reason_; }

 private:
  bool check_slow(Clock::time_point now) {
    if (limits_.stop_flag != nullptr && limits_.stop_flag->load(std::memory_order_relaxed)) {
      reason_ = StopReason::interrupted;
      return true;
    }
    if (limits_.max_seconds > 0 &&
        std::chrono::duration<double>(now - clock_start_).count() >= limits_.max_seconds) {
      reason_ = StopReason::time_limit;
      return true;
    }
    return false;
  }

  // The length of the next countdown: the calls that fit in kCheckPeriod at the rate measured
  // since the last check, at most twice the last length (one slow call does not make the next
  // wait long) and between 1 and kCheckInterval.
  std::uint32_t next_interval(Clock::time_point now) {
    const auto took = std::chrono::duration_cast<std::chrono::nanoseconds>(now - last_check_).count();
    last_check_ = now;
    const double fit = took <= 0 ? double(kCheckInterval)
                                 : double(interval_) * double(std::chrono::nanoseconds(kCheckPeriod).count()) / double(took);
    double next = fit < 2.0 * interval_ ? fit : 2.0 * interval_;
    if (next > kCheckInterval) next = kCheckInterval;
    interval_ = next < 1.0 ? 1U : static_cast<std::uint32_t>(next);
    return interval_;
  }

  // The countdown ran out: check every limit and set the next countdown (the next clock check,
  // or the expansion at which the node limit is reached, whichever comes first).
  bool check_due(std::uint64_t expanded) {
    const Clock::time_point now = Clock::now();
    countdown_ = next_interval(now);
    if (limits_.max_expanded != 0) {
      if (expanded >= limits_.max_expanded) {
        reason_ = StopReason::node_limit;
        countdown_ = 1;  // a search that asks again is told again
        return true;
      }
      const std::uint64_t left = limits_.max_expanded - expanded;
      if (left < countdown_) countdown_ = static_cast<std::uint32_t>(left);
    }
    return check_slow(now);
  }

  Limits limits_;
  Clock::time_point start_;
  Clock::time_point clock_start_;  // the time limit's clock
  Clock::time_point last_check_;   // when the countdown last ran out
  std::uint32_t interval_ = 1;     // the last countdown's length
  std::uint32_t countdown_ = 1;  // calls left before the next check (the first call checks)
  StopReason reason_ = StopReason::none;
};

}  // namespace hsearch
