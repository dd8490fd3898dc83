#pragma once
// Builds the TableAutomaton that refuses every label sequence containing one of a list of
// forbidden sequences, with Aho & Corasick's construction (1975):
//   1. a trie of the forbidden sequences;
//   2. failure links (the longest proper suffix of a node that is also a trie node), computed
//      breadth-first, which complete the goto function on every label;
//   3. a node is forbidden when a forbidden sequence ends there or at a suffix reached through
//      its failure links;
//   4. a label is allowed from a node iff its target is not forbidden. Forbidden nodes, and
//      nodes only reachable through them, are dropped; the rest are renumbered breadth-first,
//      so the start (the empty sequence) is state 0.
// The automaton's state after a path is the longest suffix of the path that is a proper prefix
// of a forbidden sequence: exactly the memory needed to recognise them all.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "hsearch/pruning/table_automaton.hpp"

namespace hsearch {

using LabelSequence = std::vector<unsigned>;

struct AhoCorasickBuild {
  TableAutomaton automaton;
  // Trie nodes including the forbidden ones (the usual way to count an automaton's size: the
  // 4 inverse pairs and 4 words of length 6 make a 29-state automaton).
  std::size_t trie_states = 0;
  // Trie nodes dropped because a forbidden sequence ends there or at one of their suffixes.
  std::size_t forbidden_states = 0;
};

// Throws std::invalid_argument for a label >= labels or an empty forbidden sequence (which would
// forbid the empty path, i.e. everything).
inline AhoCorasickBuild build_aho_corasick_detailed(unsigned labels,
                                                    const std::vector<LabelSequence>& forbidden) {
  using StateId = TableAutomaton::StateId;
  constexpr StateId kNone = TableAutomaton::kNoState;
  if (labels == 0 || labels > TableAutomaton::kMaxLabels) {
    throw std::invalid_argument("Aho-Corasick: label count " + std::to_string(labels) +
                                " (must be 1..64)");
  }
  const std::size_t L = labels;

  // 1. The trie; goto_[node * L + label].
  std::vector<StateId> goto_(L, kNone);
  std::vector<char> terminal(1, 0);
  for (std::size_t i = 0; i < forbidden.size(); ++i) {
    const LabelSequence& seq = forbidden[i];
    if (seq.empty()) {
      throw std::invalid_argument("Aho-Corasick: forbidden sequence #" + std::to_string(i) +
                                  " is empty (it would forbid every path)");
    }
    StateId node = 0;
    for (unsigned l : seq) {
      if (l >= labels) {
        throw std::invalid_argument("Aho-Corasick: forbidden sequence #" + std::to_string(i) +
                                    " has label " + std::to_string(l) + ", expected < " +
                                    std::to_string(labels));
      }
      StateId& child = goto_[node * L + l];
      if (child == kNone) {
        child = static_cast<StateId>(terminal.size());
        terminal.push_back(0);
        goto_.resize(goto_.size() + L, kNone);
      }
      node = goto_[node * L + l];
    }
    terminal[node] = 1;
  }
  const std::size_t nodes = terminal.size();

  // 2 + 3. Failure links breadth-first: a node's failure target is shallower, so it is final
  // (goto completed, forbidden flag propagated) when the node is reached.
  std::vector<StateId> fail(nodes, 0);
  std::vector<char> bad = terminal;
  std::vector<StateId> queue;
  queue.reserve(nodes);
  for (std::size_t l = 0; l < L; ++l) {
    StateId& child = goto_[l];
    if (child == kNone) {
      child = 0;
    } else {
      fail[child] = 0;
      queue.push_back(child);
    }
  }
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const StateId u = queue[head];
    if (bad[fail[u]]) bad[u] = 1;
    for (std::size_t l = 0; l < L; ++l) {
      StateId& v = goto_[u * L + l];
      const StateId via_fail = goto_[fail[u] * L + l];
      if (v == kNone) {
        v = via_fail;
      } else {
        fail[v] = via_fail;
        queue.push_back(v);
      }
    }
  }

  // 4. Keep the non-forbidden nodes reachable from the root through allowed labels, numbered
  // breadth-first.
  std::vector<StateId> number(nodes, kNone);
  std::vector<StateId> order;
  order.reserve(nodes);
  number[0] = 0;
  order.push_back(0);
  for (std::size_t head = 0; head < order.size(); ++head) {
    const StateId u = order[head];
    for (std::size_t l = 0; l < L; ++l) {
      const StateId v = goto_[u * L + l];
      if (!bad[v] && number[v] == kNone) {
        number[v] = static_cast<StateId>(order.size());
        order.push_back(v);
      }
    }
  }
  std::vector<StateId> next(order.size() * L, kNone);
  std::vector<std::uint64_t> allowed(order.size(), 0);
  for (std::size_t s = 0; s < order.size(); ++s) {
    for (std::size_t l = 0; l < L; ++l) {
      const StateId v = goto_[order[s] * L + l];
      if (bad[v]) continue;
      allowed[s] |= std::uint64_t{1} << l;
      next[s * L + l] = number[v];
    }
  }
  std::size_t forbidden_count = 0;
  for (char b : bad) forbidden_count += b ? 1 : 0;
  return AhoCorasickBuild{TableAutomaton(labels, std::move(next), std::move(allowed)), nodes,
                          forbidden_count};
}

inline TableAutomaton build_aho_corasick(unsigned labels,
                                         const std::vector<LabelSequence>& forbidden) {
  return build_aho_corasick_detailed(labels, forbidden).automaton;
}

}  // namespace hsearch
