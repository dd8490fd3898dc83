#pragma once
// The observer of a teaching run (--trace, --dot in every program): forwards the search's
// events to a TraceObserver, a DotObserver, a RecordingObserver and a SampleObserver, any of
// which may be absent, and to an optional `Also` observer (progress lines, iteration printers)
// that sees every hook too.
//
//   hsearch::Teaching teaching{&std::cerr, &dot_file, 200};
//   auto r = hsearch::run_teaching(domain, teaching, [&](auto& observer) {
//     return hsearch::astar(domain, start, h, options, observer);
//   });
//
// Node events (on_expand, on_generate) cost a state copy per child to prepare; a teaching run
// always asks for them (one observer type per domain keeps the search instantiations down),
// plain runs never do.
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>

#include "hsearch/core/domain.hpp"
#include "hsearch/core/observer.hpp"
#include "hsearch/core/result.hpp"
#include "hsearch/observers/dot_observer.hpp"
#include "hsearch/observers/recording_observer.hpp"
#include "hsearch/observers/sample_observer.hpp"
#include "hsearch/observers/trace_observer.hpp"

namespace hsearch {

// What a run should record for a student; both streams optional.
struct Teaching {
  std::ostream* trace = nullptr;  // IDA* iterations and A* reopen events (TraceObserver lines)
  std::ostream* dot = nullptr;    // the search tree as Graphviz DOT (DotObserver)
  std::size_t dot_max_nodes = 200;
  Recording* recording = nullptr;  // the run event by event (RecordingObserver; --trace-json)
  std::ostream* samples = nullptr;  // every sample_every-th expanded state (SampleObserver)
  std::uint64_t sample_every = 10000;
  std::string sample_prefix;        // before each sample's header line (a comment of the format)
  bool active() const { return trace != nullptr || dot != nullptr || recording != nullptr || samples != nullptr; }
};

template <Domain D, bool Nodes = true, class Also = NullObserver>
class TeachingObserver : public NullObserver {
 public:
  static constexpr bool kWantsNodes = Nodes || Also::kWantsNodes;
  static constexpr bool kWantsProgress = Also::kWantsProgress;

  TeachingObserver(TraceObserver<D>* trace, DotObserver<D>* dot, Also* also = nullptr,
                   RecordingObserver<D>* recording = nullptr, SampleObserver<D>* samples = nullptr)
      : trace_(trace), dot_(dot), also_(also), rec_(recording), samples_(samples) {}

  void on_iteration_begin(std::int64_t bound) {
    if (trace_ != nullptr) trace_->on_iteration_begin(bound);
    if (dot_ != nullptr) dot_->on_iteration_begin(bound);
    if (rec_ != nullptr) rec_->on_iteration_begin(bound);
    if (also_ != nullptr) also_->on_iteration_begin(bound);
  }
  void on_iteration_end(const IterationStats& it) {
    if (trace_ != nullptr) trace_->on_iteration_end(it);
    if (rec_ != nullptr) rec_->on_iteration_end(it);
    if (also_ != nullptr) also_->on_iteration_end(it);
  }
  void on_expand(const typename D::State& s, std::int64_t g, std::int64_t h) {
    if (dot_ != nullptr) dot_->on_expand(s, g, h);
    if (rec_ != nullptr) rec_->on_expand(s, g, h);
    if (samples_ != nullptr) samples_->on_expand(s, g, h);
    if (also_ != nullptr) also_->on_expand(s, g, h);
  }
  void on_generate(const typename D::State& parent, const typename D::State& child, const typename D::Move& m,
                   std::int64_t g, std::int64_t h) {
    if (dot_ != nullptr) dot_->on_generate(parent, child, m, g, h);
    if (rec_ != nullptr) rec_->on_generate(parent, child, m, g, h);
    if (also_ != nullptr) also_->on_generate(parent, child, m, g, h);
  }
  void on_reopen(const typename D::State& s, std::int64_t old_g, std::int64_t new_g) {
    if (trace_ != nullptr) trace_->on_reopen(s, old_g, new_g);
    if (rec_ != nullptr) rec_->on_reopen(s, old_g, new_g);
    if (also_ != nullptr) also_->on_reopen(s, old_g, new_g);
  }
  void on_duplicate(const typename D::State& s, std::int64_t g) {
    if (rec_ != nullptr) rec_->on_duplicate(s, g);
    if (also_ != nullptr) also_->on_duplicate(s, g);
  }
  void on_prune(const typename D::State& parent, const typename D::Move& m) {
    if (rec_ != nullptr) rec_->on_prune(parent, m);
    if (also_ != nullptr) also_->on_prune(parent, m);
  }
  void on_progress(const Statistics& stats, double seconds) {
    if (also_ != nullptr) also_->on_progress(stats, seconds);
  }

 private:
  TraceObserver<D>* trace_;
  DotObserver<D>* dot_;
  Also* also_;
  RecordingObserver<D>* rec_;
  SampleObserver<D>* samples_;
};

// The trace's last line: how the search ended.
template <class Move, class Cost>
std::string result_summary(const Result<Move, Cost>& r) {
  std::string line = std::string("result: ") + r.outcome();
  if (r.solved()) line += ", cost " + std::to_string(r.cost) + (r.optimal ? " (optimal)" : "");
  line += ", expanded " + std::to_string(r.stats.expanded) + ", generated " + std::to_string(r.stats.generated) +
          ", reopened " + std::to_string(r.stats.reopened);
  return line;
}

// Runs `search(observer)` with the trace and DOT recorders `teaching` asks for (plain `also`
// when it asks for none), then finishes the trace with the result line and writes the DOT
// tree, and finishes the recording (its outcome, counters and solution path). `search` must
// return a Result.
template <Domain D, class Search, class Also = NullObserver>
auto run_teaching(const D& domain, const Teaching& teaching, Search&& search, Also* also = nullptr) {
  if (!teaching.active()) {
    if (also != nullptr) return search(*also);
    NullObserver none;
    return search(none);
  }
  std::ostream discard(nullptr);
  TraceObserver<D> trace(domain, teaching.trace != nullptr ? *teaching.trace : discard);
  DotObserver<D> dot(domain, teaching.dot != nullptr ? teaching.dot_max_nodes : 0);
  Recording unused;
  RecordingObserver<D> recording(domain, teaching.recording != nullptr ? *teaching.recording : unused);
  SampleObserver<D> samples(domain, teaching.samples != nullptr ? *teaching.samples : discard, teaching.sample_every,
                            teaching.sample_prefix);
  TeachingObserver<D, true, Also> observer(teaching.trace != nullptr ? &trace : nullptr,
                                           teaching.dot != nullptr ? &dot : nullptr, also,
                                           teaching.recording != nullptr ? &recording : nullptr,
                                           teaching.samples != nullptr ? &samples : nullptr);
  auto result = search(observer);
  if (teaching.recording != nullptr) recording.finish(result);
  if (teaching.trace != nullptr) {
    trace.finish();
    *teaching.trace << result_summary(result) << "\n";
  }
  if (teaching.dot != nullptr) dot.write(*teaching.dot);
  return result;
}

}  // namespace hsearch
