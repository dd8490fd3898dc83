#pragma once
// The move-pruner contract consulted by depth-first searches on every move.
//
// A pruner is a finite automaton over move labels. The search keeps one automaton state per
// depth: it starts in start(), refuses a move whose label is not allows(state, label) (counting
// it in Statistics::pruned, never applying it), and passes next(state, label) to the child.
//
//   using StateId = std::uint32_t;
//   StateId start() const;
//   bool    allows(StateId s, unsigned label) const;
//   StateId next(StateId s, unsigned label) const;   // defined for allowed labels
//
// Pruning removes redundant move sequences, i.e. paths for which an equivalent preferable path
// is kept. With duplicate detection (A*, BFS) that combination can lose optimality, so only
// DFS, IDDFS and IDA* take a pruner.
#include <concepts>
#include <cstdint>

#include "hsearch/core/domain.hpp"

namespace hsearch {

template <class P>
concept MovePruner = requires(const P& p, std::uint32_t s, unsigned label) {
  { p.start() } -> std::convertible_to<std::uint32_t>;
  { p.allows(s, label) } -> std::convertible_to<bool>;
  { p.next(s, label) } -> std::convertible_to<std::uint32_t>;
};

// The pruner that prunes nothing; the searches compile it away (kEnabled = false).
struct NoPruning {
  static constexpr bool kEnabled = false;
  std::uint32_t start() const { return 0; }
  bool allows(std::uint32_t, unsigned) const { return true; }
  std::uint32_t next(std::uint32_t, unsigned) const { return 0; }
};

template <class P>
constexpr bool pruner_enabled() {
  if constexpr (requires { P::kEnabled; }) {
    return static_cast<bool>(P::kEnabled);
  } else {
    return true;
  }
}

// One automaton step for move m, as the depth-first searches take it: false (and one more
// `pruned`) when the label is refused; otherwise true with the child's automaton state.
template <class P, LabelledDomain D>
inline bool pruner_step(const P& pruner, const D& domain, std::uint32_t automaton,
                        const typename D::Move& m, std::uint32_t& child, std::uint64_t& pruned) {
  const unsigned label = domain.label(m);
  if (!pruner.allows(automaton, label)) {
    ++pruned;
    return false;
  }
  child = pruner.next(automaton, label);
  return true;
}

}  // namespace hsearch
