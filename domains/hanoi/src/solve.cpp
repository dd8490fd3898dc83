// The one instantiation of the Hanoi search for observers of progress only (solver.hpp declares
// it extern).
#include "hsearch/hanoi/solver.hpp"

namespace hsearch::hanoi::detail {

template SolveReport solve_observed<AnyProgressObserver>(const Problem&, const SolveRequest&, const HanoiOptions&,
                                                         const Teaching&, AnyProgressObserver*);

}  // namespace hsearch::hanoi::detail
