// Registers the Tower of Hanoi adapter (compiled when hsearch::hanoi exists).
#include "adapters/hanoi.hpp"
#include "hsearch/compare/registry.hpp"

namespace hsearch::compare {
namespace {

const AdapterRegistrar registrar{"hanoi", [] { return std::make_unique<HanoiAdapter>(); }};

}  // namespace
}  // namespace hsearch::compare
