#pragma once
// Observer hooks for progress lines and teaching traces.
//
// Every search takes an observer (default NullObserver). Derive from NullObserver and
// override (hide) only the hooks you need; the others stay empty inline functions that the
// compiler removes, so an unused observer costs nothing.
//
// Hooks (all optional):
//   on_iteration_begin(bound)                  IDA* / IDDFS: an iteration starts
//   on_iteration_end(const IterationStats&)    IDA* / IDDFS: an iteration ended
//   on_expand(state, g, h)                     a node is expanded
//   on_generate(parent, child, move, g, h)     a child was generated (h may be dead_end)
//   on_reopen(state, old_g, new_g)             A*: a closed node was reopened
//   on_duplicate(state, g)                     the child just generated was dropped as a
//                                              duplicate (closed/open list, transposition table)
//   on_prune(parent, move)                     the pruning automaton refused a move (the
//                                              child was never applied nor generated)
//   on_progress(const Statistics&, seconds)    every 2^16 expansions (A*, HDA*), 2^20 (IDA*)
// `kWantsNodes` tells searches whether to call on_expand / on_generate / on_duplicate /
// on_prune at all (they can be
// costly to prepare); `kWantsProgress` likewise for on_progress.
#include <cstdint>
#include <string>
#include <type_traits>

#include "hsearch/core/result.hpp"

namespace hsearch {

struct NullObserver {
  static constexpr bool kWantsNodes = false;
  static constexpr bool kWantsProgress = false;

  void on_iteration_begin(std::int64_t /*bound*/) {}
  void on_iteration_end(const IterationStats& /*it*/) {}
  template <class State>
  void on_expand(const State& /*s*/, std::int64_t /*g*/, std::int64_t /*h*/) {}
  template <class State, class Move>
  void on_generate(const State& /*parent*/, const State& /*child*/, const Move& /*m*/,
                   std::int64_t /*g*/, std::int64_t /*h*/) {}
  template <class State>
  void on_reopen(const State& /*s*/, std::int64_t /*old_g*/, std::int64_t /*new_g*/) {}
  template <class State>
  void on_duplicate(const State& /*s*/, std::int64_t /*g*/) {}
  template <class State, class Move>
  void on_prune(const State& /*parent*/, const Move& /*m*/) {}
  void on_progress(const Statistics& /*stats*/, double /*seconds*/) {}
};

// The progress hooks behind virtual calls (they run once per 65,536 expansions or once per
// iteration, so the call costs nothing measurable): a solver entry compiled once for
// AnyProgressObserver serves every caller whose observer wants progress only, instead of one
// instantiation of the whole search per observer type. `on_phase(text)` is a solver's
// announcement of its next stage ("fewer moves: ..."). Observers that want every node
// (kWantsNodes) are not served this way: they need the search compiled for them.
class AnyProgressObserver : public NullObserver {
 public:
  static constexpr bool kWantsProgress = true;
  AnyProgressObserver() = default;
  AnyProgressObserver(const AnyProgressObserver&) = delete;
  AnyProgressObserver& operator=(const AnyProgressObserver&) = delete;
  virtual ~AnyProgressObserver() = default;
  virtual void on_iteration_begin(std::int64_t /*bound*/) {}
  virtual void on_iteration_end(const IterationStats& /*it*/) {}
  virtual void on_phase(const std::string& /*what*/) {}
  virtual void on_progress(const Statistics& /*stats*/, double /*seconds*/) {}
};

// A solver's announcement of its next stage to `observer`, when it takes them (on_phase); the
// one way every solver announces, so an observer without the hook needs nothing.
template <class Observer>
void announce_phase(Observer& observer, const std::string& what) {
  if constexpr (requires { observer.on_phase(what); }) observer.on_phase(what);
}

// `observer`'s progress hooks as an AnyProgressObserver.
template <class Observer>
class ProgressObserverOf final : public AnyProgressObserver {
 public:
  explicit ProgressObserverOf(Observer& observer) : observer_(observer) {}
  void on_iteration_begin(std::int64_t bound) override { observer_.on_iteration_begin(bound); }
  void on_iteration_end(const IterationStats& it) override { observer_.on_iteration_end(it); }
  void on_phase(const std::string& what) override {
    if constexpr (requires { observer_.on_phase(what); }) observer_.on_phase(what);
  }
  void on_progress(const Statistics& stats, double seconds) override {
    if constexpr (Observer::kWantsProgress) observer_.on_progress(stats, seconds);
  }

 private:
  Observer& observer_;
};

// Calls `run(observer*)` with `progress` seen through AnyProgressObserver (null stays null): how a
// solver entry compiled once, for AnyProgressObserver, serves a caller's observer of any type.
// An observer of every node (kWantsNodes) is passed as it is: the search is compiled for it.
template <class Observer, class Run>
decltype(auto) with_any_progress(Observer* progress, Run&& run) {
  if constexpr (Observer::kWantsNodes) {
    return run(progress);
  } else if constexpr (std::is_base_of_v<AnyProgressObserver, Observer>) {
    return run(static_cast<AnyProgressObserver*>(progress));
  } else {
    if constexpr (!std::is_same_v<Observer, NullObserver>) {
      if (progress != nullptr) {
        ProgressObserverOf<Observer> any(*progress);
        return run(static_cast<AnyProgressObserver*>(&any));
      }
    }
    return run(static_cast<AnyProgressObserver*>(nullptr));
  }
}

}  // namespace hsearch
