#pragma once
// A ready-made observer for command-line programs: once a search has run longer than a
// threshold (1 s by default) it prints progress lines on a stream (stderr): IDA* iterations
// (bound, expanded, generated, next bound) and, about once a second, the node rate.
#include <chrono>
#include <cstdint>
#include <ostream>

#include "hsearch/core/observer.hpp"
#include "hsearch/core/result.hpp"

namespace hsearch {

class ProgressObserver : public NullObserver {
 public:
  static constexpr bool kWantsProgress = true;

  explicit ProgressObserver(std::ostream& out, double after_seconds = 1.0)
      : out_(out), after_(after_seconds), start_(std::chrono::steady_clock::now()) {}

  void on_iteration_end(const IterationStats& it) {
    if (elapsed() < after_) return;
    out_ << "  bound " << it.bound << ": expanded " << it.expanded << ", generated "
         << it.generated << ", next bound " << it.next_bound << " (" << it.seconds << " s)\n";
    out_.flush();
  }

  void on_progress(const Statistics& stats, double seconds) {
    const double now = elapsed();
    if (now < after_ || now - last_ < 1.0) return;
    last_ = now;
    const double rate = seconds > 0 ? static_cast<double>(stats.generated) / seconds : 0.0;
    out_ << "  " << seconds << " s: expanded " << stats.expanded << ", generated "
         << stats.generated << " (" << static_cast<std::uint64_t>(rate) << " nodes/s)\n";
    out_.flush();
  }

 private:
  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  std::ostream& out_;
  double after_;
  std::chrono::steady_clock::time_point start_;
  double last_ = 0;
};

}  // namespace hsearch
