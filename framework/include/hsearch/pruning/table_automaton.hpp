#pragma once
// A move-pruning automaton stored as tables (the layout of Rokicki's cube20 solver): states
// 0..n-1, start state 0, a next-state table next[state * labels + label] and, per state, a
// 64-bit mask of the labels allowed there. The search asks `allows` (one mask test) before a
// move and carries `next` to the child; `for_each_allowed` walks the mask with bit tricks.
//
// A disallowed transition has no target (kNoState): the path is pruned, never continued.
// Built by pruning/aho_corasick.hpp (from forbidden label sequences), pruning/inverse_move.hpp,
// pruning/learner.hpp, or loaded from a file (pruning/automaton_file.hpp). Satisfies MovePruner.
#include <algorithm>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "hsearch/pruning/pruner.hpp"

namespace hsearch {

class TableAutomaton {
 public:
  using StateId = std::uint32_t;
  static constexpr StateId kNoState = std::numeric_limits<StateId>::max();
  static constexpr unsigned kMaxLabels = 64;

  // The one-state automaton of `labels` labels that allows everything.
  static TableAutomaton allow_all(unsigned labels) {
    check_label_count(labels);
    return TableAutomaton(labels, std::vector<StateId>(labels, 0), {label_mask(labels)});
  }

  // next.size() must be allowed.size() * labels; an allowed label's target must be a state,
  // a disallowed label's target must be kNoState, masks hold only labels < `labels`.
  // Throws std::invalid_argument naming the first violation.
  TableAutomaton(unsigned labels, std::vector<StateId> next, std::vector<std::uint64_t> allowed)
      : labels_(labels), next_(std::move(next)), allowed_(std::move(allowed)) {
    if (const std::string problem = validate(); !problem.empty()) {
      throw std::invalid_argument("invalid move automaton: " + problem);
    }
  }

  // The default automaton allows every label of a 64-label alphabet (like NoPruning, but counted).
  TableAutomaton() : TableAutomaton(allow_all(kMaxLabels)) {}

  // --- MovePruner ---
  StateId start() const { return 0; }
  bool allows(StateId s, unsigned label) const {
    assert(s < allowed_.size() && label < labels_);
    return (allowed_[s] >> label) & 1u;
  }
  StateId next(StateId s, unsigned label) const {
    assert(allows(s, label));
    return next_[static_cast<std::size_t>(s) * labels_ + label];
  }

  std::uint64_t allowed_mask(StateId s) const { return allowed_[s]; }
  unsigned allowed_count(StateId s) const {
    return static_cast<unsigned>(std::popcount(allowed_[s]));
  }

  // Calls f(label) for each allowed label of s, in increasing order.
  template <class F>
  void for_each_allowed(StateId s, F&& f) const {
    for (std::uint64_t m = allowed_[s]; m != 0; m &= m - 1) {
      f(static_cast<unsigned>(std::countr_zero(m)));
    }
  }

  std::size_t state_count() const { return allowed_.size(); }
  unsigned label_count() const { return labels_; }
  const std::vector<StateId>& next_table() const { return next_; }
  const std::vector<std::uint64_t>& allowed_masks() const { return allowed_; }

  // The branching the automaton allows: counts[k] = number of label sequences of length k it
  // accepts from the start (k = 0..max_length), as doubles since they grow exponentially.
  // counts[k] / counts[k-1] tends to the automaton's asymptotic branching factor (an upper
  // bound on the domain's, as the domain may refuse some of those moves).
  std::vector<double> sequence_counts(unsigned max_length) const {
    std::vector<double> counts(max_length + 1, 0.0);
    std::vector<double> at(state_count(), 0.0), next_at(state_count(), 0.0);
    at[start()] = 1.0;
    for (unsigned k = 0;; ++k) {
      double total = 0;
      for (double x : at) total += x;
      counts[k] = total;
      if (k == max_length) break;
      std::fill(next_at.begin(), next_at.end(), 0.0);
      for (StateId s = 0; s < state_count(); ++s) {
        if (at[s] == 0) continue;
        for_each_allowed(s, [&](unsigned l) { next_at[next(s, l)] += at[s]; });
      }
      at.swap(next_at);
    }
    return counts;
  }

  // counts[max_length] / counts[max_length - 1]: the branching factor deep in the tree.
  double branching_factor(unsigned max_length = 40) const {
    if (max_length == 0) max_length = 1;
    const std::vector<double> c = sequence_counts(max_length);
    return c[max_length - 1] == 0 ? 0.0 : c[max_length] / c[max_length - 1];
  }

  // Follows `labels` from the start; false as soon as one is refused.
  template <class Sequence>
  bool accepts(const Sequence& sequence) const {
    StateId s = start();
    for (unsigned l : sequence) {
      if (l >= labels_ || !allows(s, l)) return false;
      s = next(s, l);
    }
    return true;
  }

  bool operator==(const TableAutomaton&) const = default;

  static std::uint64_t label_mask(unsigned labels) {
    return labels >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << labels) - 1;
  }

 private:
  static void check_label_count(unsigned labels) {
    if (labels == 0 || labels > kMaxLabels) {
      throw std::invalid_argument("invalid move automaton: label count " + std::to_string(labels) +
                                  " (must be 1..64)");
    }
  }

  // Empty when the tables are consistent; otherwise what is wrong.
  std::string validate() const {
    if (labels_ == 0 || labels_ > kMaxLabels) {
      return "label count " + std::to_string(labels_) + " (must be 1..64)";
    }
    if (allowed_.empty()) return "no states";
    if (allowed_.size() >= kNoState) return "too many states";
    if (next_.size() != allowed_.size() * labels_) {
      return "next-state table has " + std::to_string(next_.size()) + " entries, expected " +
             std::to_string(allowed_.size() * labels_);
    }
    const std::uint64_t outside = ~label_mask(labels_);
    for (std::size_t s = 0; s < allowed_.size(); ++s) {
      if (allowed_[s] & outside) {
        return "state " + std::to_string(s) + " allows a label >= " + std::to_string(labels_);
      }
      for (unsigned l = 0; l < labels_; ++l) {
        const StateId t = next_[s * labels_ + l];
        const bool allowed = (allowed_[s] >> l) & 1u;
        if (allowed && t >= allowed_.size()) {
          return "state " + std::to_string(s) + " label " + std::to_string(l) + " goes to state " +
                 std::to_string(t) + " of " + std::to_string(allowed_.size());
        }
        if (!allowed && t != kNoState) {
          return "state " + std::to_string(s) + " label " + std::to_string(l) +
                 " is refused but has a target";
        }
      }
    }
    return {};
  }

  unsigned labels_;
  std::vector<StateId> next_;           // state * labels_ + label -> state, kNoState when refused
  std::vector<std::uint64_t> allowed_;  // per state: bit l set when label l is allowed
};

static_assert(MovePruner<TableAutomaton>);

}  // namespace hsearch
