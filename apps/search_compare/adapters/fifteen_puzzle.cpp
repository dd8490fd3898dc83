// Registers the 15-puzzle adapter (compiled when hsearch::fifteen_puzzle exists).
#include "adapters/fifteen_puzzle.hpp"
#include "hsearch/compare/registry.hpp"

namespace hsearch::compare {
namespace {

const AdapterRegistrar registrar{"fifteen-puzzle", [] { return std::make_unique<FifteenPuzzleAdapter>(); }};

}  // namespace
}  // namespace hsearch::compare
