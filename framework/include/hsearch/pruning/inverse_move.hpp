#pragma once
// The inverse-move automaton: refuses a move that undoes the previous one,
// i.e. every pair "l inverse(l)". A path containing such a pair reaches the same state as the
// path without it, one or two moves shorter and no dearer (costs are >= 0), so pruning the pair
// never loses an optimal solution in DFS/IDA*. On the 15-puzzle this is the 5-state automaton
// of the seed (H B G D and their inverses), which cuts the worst-case branching from 4 to 3.
//
// Assumption, which the domain states by providing inverse_label: wherever the pair
// "l inverse_label(l)" is applicable, some path no longer and no dearer reaches the same state
// without that pair — e.g. applying l then inverse_label(l) returns to the state before l
// (sliding tiles), or, in Hanoi with label = disk moved and inverse_label(l) = l, two moves of
// one disk in a row are matched by a single move of it (or none).
#include <stdexcept>
#include <string>
#include <vector>

#include "hsearch/core/domain.hpp"
#include "hsearch/pruning/aho_corasick.hpp"
#include "hsearch/pruning/table_automaton.hpp"

namespace hsearch {

// The forbidden pairs {l, inverse(l)}, one per label. Throws std::invalid_argument when the
// domain's inverse_label returns a label out of range.
template <InvertibleLabels D>
std::vector<LabelSequence> inverse_move_sequences(const D& domain) {
  std::vector<LabelSequence> pairs;
  for (unsigned l = 0; l < D::kLabelCount; ++l) {
    const unsigned inv = static_cast<unsigned>(domain.inverse_label(l));
    if (inv >= D::kLabelCount) {
      throw std::invalid_argument("inverse_label(" + std::to_string(l) +
                                  ") = " + std::to_string(inv) + ", expected < " +
                                  std::to_string(D::kLabelCount));
    }
    pairs.push_back({l, inv});
  }
  return pairs;
}

template <InvertibleLabels D>
TableAutomaton make_inverse_move_automaton(const D& domain) {
  return build_aho_corasick(D::kLabelCount, inverse_move_sequences(domain));
}

}  // namespace hsearch
