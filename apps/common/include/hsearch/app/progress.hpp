#pragma once
// The one progress observer of the programs: once a run has taken more than a second it
// prints lines on stderr (never stdout, which carries results only): each IDA* iteration
// (bound, expanded, next bound), about once a second the expansions and the node rate, and
// the phases a solver announces (on_phase). Quiet runs pass quiet = true and print nothing.
#include <chrono>
#include <cstdint>
#include <iomanip>
#include <iostream>
#include <ostream>
#include <sstream>
#include <string>

#include "hsearch/core/observer.hpp"
#include "hsearch/core/result.hpp"

namespace hsearch::app {

class ProgressLines : public NullObserver {
 public:
  static constexpr bool kWantsProgress = true;

  // `name` prefixes every line ("[level 3]"); empty: no prefix.
  explicit ProgressLines(std::string name, bool quiet = false, std::ostream& out = std::cerr, double after = 1.0)
      : name_(std::move(name)), quiet_(quiet), out_(out), after_(after), start_(Clock::now()) {}

  void on_iteration_begin(std::int64_t bound) { bound_ = bound; }
  void on_iteration_end(const IterationStats& it) {
    const double t = elapsed();
    if (quiet_ || t < after_) return;
    std::ostringstream line;
    if (it.stopped) {
      line << "bound " << it.bound << " stopped by a limit before its end: " << it.expanded << " expanded in "
           << std::fixed << std::setprecision(2) << it.seconds << " s (" << t << " s)";
    } else {
      line << "bound " << it.bound << " searched: " << it.expanded << " expanded in " << std::fixed
           << std::setprecision(2) << it.seconds << " s; next bound " << it.next_bound << " (" << t << " s)";
    }
    print(line.str());
    last_ = t;
  }
  // A solver announces its next phase as "label: details" (printed only on runs that already
  // show progress); the later rate lines start with the label.
  void on_phase(const std::string& what) {
    if (!quiet_ && elapsed() >= after_) print(what);
    bound_ = -1;
    phase_ = what.substr(0, what.find(':')) + ": ";
    last_ = 0;
  }
  // `seconds` is the search's own clock (it restarts with each search): it gives the rate; when
  // to print is decided on this observer's clock.
  void on_progress(const Statistics& stats, double seconds) {
    const double t = elapsed();
    if (quiet_ || t < after_ || t - last_ < 1.0) return;
    const double rate = seconds > 0 ? static_cast<double>(stats.expanded) / seconds : 0;
    std::ostringstream line;
    line << phase_;
    if (bound_ >= 0) line << "bound " << bound_ << ", ";
    line << stats.expanded << " expanded, " << std::fixed << std::setprecision(0) << rate << " nodes/s, "
         << std::setprecision(1) << t << " s";
    print(line.str());
    last_ = t;
  }

 private:
  using Clock = std::chrono::steady_clock;
  // One whole line, formatted apart so the shared stream's number format is left as it was.
  void print(const std::string& text) {
    out_ << "  " << (name_.empty() ? std::string() : "[" + name_ + "] ") << text << "\n";
    out_.flush();
  }
  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

  std::string name_;
  bool quiet_;
  std::ostream& out_;
  double after_;
  Clock::time_point start_;
  std::int64_t bound_ = -1;
  double last_ = 0;
  std::string phase_;
};

}  // namespace hsearch::app
