#include "adapters/hanoi.hpp"

namespace hsearch::compare {

std::unique_ptr<DomainAdapter> make_hanoi_adapter() { return std::make_unique<HanoiAdapter>(); }

}  // namespace hsearch::compare
