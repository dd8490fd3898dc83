#pragma once
// "Never move the same disk twice in a row" as a move-pruning automaton (pruning/pruner.hpp):
// automaton state = 1 + the disk moved last (0 at the start); a move is refused when its label
// (the disk) equals the last one. It is exactly the inverse-move automaton of HanoiDomain,
// whose inverse_label(l) is l (see domain.hpp for why no optimal plan is lost).
#include <cstdint>

namespace hsearch::hanoi {

struct SameDiskPruner {
  std::uint32_t start() const { return 0; }
  bool allows(std::uint32_t s, unsigned label) const { return s != label + 1; }
  std::uint32_t next(std::uint32_t, unsigned label) const { return label + 1; }
};

}  // namespace hsearch::hanoi
