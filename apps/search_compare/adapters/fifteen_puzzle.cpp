#include "adapters/fifteen_puzzle.hpp"

namespace hsearch::compare {

std::unique_ptr<DomainAdapter> make_fifteen_puzzle_adapter() {
  return std::make_unique<FifteenPuzzleAdapter>();
}

}  // namespace hsearch::compare
