#include "adapters/sokoban.hpp"

namespace hsearch::compare {

std::unique_ptr<DomainAdapter> make_sokoban_adapter() { return std::make_unique<SokobanAdapter>(); }

}  // namespace hsearch::compare
