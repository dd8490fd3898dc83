#pragma once
// A teaching trace: one line per IDA* / iterative-deepening iteration (bound, expanded,
// generated, pruned, next bound) and one line per A* reopen event (state, old g, new g).
//
//   hsearch::TraceObserver trace(domain, std::cout);
//   auto r = hsearch::ida_star(domain, start, h, {}, hsearch::NoPruning{}, trace);
//
// The lines carry no timings, so a trace of the same search is the same text on every run
// (students can diff them). Reopen lines stop after `max_reopen_lines` (the total is still in
// Statistics::reopened); the observer then says how many it left out in finish().
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>

#include "hsearch/core/domain.hpp"
#include "hsearch/core/observer.hpp"
#include "hsearch/core/result.hpp"

namespace hsearch {

// Multi-line state pictures (boards) flattened onto one trace line.
inline std::string one_line(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == '\n') {
      out += " / ";
    } else if (c != '\r') {
      out += c;
    }
  }
  return out;
}

template <Domain D>
class TraceObserver : public NullObserver {
 public:
  TraceObserver(const D& domain, std::ostream& out, std::size_t max_reopen_lines = 1000)
      : domain_(domain), out_(out), max_reopen_lines_(max_reopen_lines) {}

  void on_iteration_begin(std::int64_t /*bound*/) { ++iteration_; }

  void on_iteration_end(const IterationStats& it) {
    out_ << "iteration " << iteration_ << ": bound " << it.bound << ", expanded " << it.expanded
         << ", generated " << it.generated << ", pruned " << it.pruned << ", next bound ";
    if (it.stopped) {
      out_ << "unknown (stopped by a limit)";
    } else if (it.next_bound < 0) {
      out_ << "none";
    } else {
      out_ << it.next_bound;
    }
    out_ << '\n';
  }

  void on_reopen(const typename D::State& s, std::int64_t old_g, std::int64_t new_g) {
    ++reopens_;
    if (reopens_ > max_reopen_lines_) return;
    out_ << "reopen " << reopens_ << ": g " << old_g << " -> " << new_g << "  "
         << one_line(state_string(domain_, s)) << '\n';
  }

  // Call after the search: notes the reopen lines that were left out.
  void finish() {
    if (reopens_ > max_reopen_lines_) {
      out_ << "(" << (reopens_ - max_reopen_lines_) << " further reopen events not shown)\n";
    }
  }

  std::size_t iterations() const { return iteration_; }
  std::size_t reopens() const { return reopens_; }

 private:
  const D& domain_;
  std::ostream& out_;
  std::size_t max_reopen_lines_;
  std::size_t iteration_ = 0;
  std::size_t reopens_ = 0;
};

}  // namespace hsearch
