// Fuzz target: the move-automaton file (pruning/automaton_file.hpp, load_move_automaton), fed
// as a whole file and as the payload behind a valid header (table_file_input.hpp), for the
// sliding-tile puzzle's 4 labels and for the label count the payload itself states. A loaded
// automaton must hold TableAutomaton's invariants (every allowed label leads to a state, every
// refused one to none, no label beyond the count), its sequences must use labels in range and,
// when it says it was built from them, be the automaton they build.
#include <cstddef>
#include <cstdint>
#include <istream>
#include <vector>

#include "hsearch/pruning/aho_corasick.hpp"
#include "hsearch/pruning/automaton_file.hpp"
#include "table_file_input.hpp"

namespace {

using hsearch::MoveAutomatonData;
using hsearch::TableAutomaton;

void check(const MoveAutomatonData& d, unsigned labels) {
  const TableAutomaton& a = d.automaton;
  if (a.label_count() != labels || a.state_count() == 0) __builtin_trap();
  if (a.next_table().size() != a.state_count() * labels) __builtin_trap();
  const std::uint64_t mask = TableAutomaton::label_mask(labels);
  for (std::size_t s = 0; s < a.state_count(); ++s) {
    if ((a.allowed_masks()[s] & ~mask) != 0) __builtin_trap();
    for (unsigned l = 0; l < labels; ++l) {
      const auto t = a.next_table()[s * labels + l];
      if (a.allows(static_cast<TableAutomaton::StateId>(s), l) ? t >= a.state_count()
                                                               : t != TableAutomaton::kNoState) {
        __builtin_trap();
      }
    }
  }
  for (const auto& seq : d.forbidden) {
    if (seq.empty()) __builtin_trap();
    for (unsigned l : seq) {
      if (l >= labels) __builtin_trap();
    }
  }
  if (d.built_from_forbidden && hsearch::build_aho_corasick(labels, d.forbidden) != a) {
    __builtin_trap();
  }
  (void)a.sequence_counts(8);  // walks every allowed transition
}

void feed(const std::uint8_t* data, std::size_t size, unsigned labels) {
  const char* tag = "sliding-tile";  // the sliding-tile puzzle's automata (solver.hpp)
  hsearch::fuzz::feed_table_file(data, size, hsearch::kMoveAutomatonKind,
                                 hsearch::move_automaton_params(tag, labels),
                                 [&](std::istream& in) {
                                   check(hsearch::load_move_automaton(
                                             in, hsearch::fuzz::kInputName, tag, labels),
                                         labels);
                                 });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  feed(data, size, 4);
  // The payload's own label count (bytes 4..7), when another valid one: lets the fuzzer reach
  // automata of up to 64 labels.
  if (size >= 8) {
    const unsigned labels = data[4] | data[5] << 8 | data[6] << 16 | static_cast<unsigned>(data[7]) << 24;
    if (labels != 4 && labels >= 1 && labels <= TableAutomaton::kMaxLabels) feed(data, size, labels);
  }
  return 0;
}
