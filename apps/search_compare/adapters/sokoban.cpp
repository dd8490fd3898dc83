// Registers the Sokoban adapter (compiled when hsearch::sokoban exists).
#include "adapters/sokoban.hpp"
#include "hsearch/compare/registry.hpp"

namespace hsearch::compare {
namespace {

const AdapterRegistrar registrar{"sokoban", [] { return std::make_unique<SokobanAdapter>(); }};

}  // namespace
}  // namespace hsearch::compare
