#pragma once
// The hand-written five-state automaton that refuses the words UD, DU, LR and RL (a move
// straight back to the parent). State 0 is the start; state 1 + l means "the
// last move had label l". Satisfies hsearch::MovePruner.
#include <cstdint>

namespace hsearch::fifteen {

struct InverseMovePruner {
  using StateId = std::uint32_t;
  StateId start() const { return 0; }
  bool allows(StateId s, unsigned label) const { return s != 1 + (label ^ 1u); }
  StateId next(StateId, unsigned label) const { return 1 + label; }
};

}  // namespace hsearch::fifteen
