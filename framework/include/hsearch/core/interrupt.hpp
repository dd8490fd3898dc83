#pragma once
// Ctrl-C support: a process-wide stop flag that a SIGINT handler raises. Pass
// `&interrupt_flag()` as Limits::stop_flag; the search then stops cleanly at its next
// check and returns what it learnt (status stopped / interrupted, lower bound, statistics).
#include <atomic>
#include <csignal>

namespace hsearch {

inline std::atomic<bool>& interrupt_flag() {
  static std::atomic<bool> flag{false};
  return flag;
}

namespace detail {
extern "C" inline void hsearch_on_sigint(int) {
  // A second Ctrl-C falls back to the default action (terminate) in case the program is stuck.
  interrupt_flag().store(true, std::memory_order_relaxed);
  std::signal(SIGINT, SIG_DFL);
}
}  // namespace detail

inline void install_interrupt_handler() {
  static_assert(std::atomic<bool>::is_always_lock_free, "the flag must be signal-safe");
  std::signal(SIGINT, detail::hsearch_on_sigint);
}

}  // namespace hsearch
