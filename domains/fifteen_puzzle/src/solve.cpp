// The one instantiation of the sliding-tile search for observers of progress only (solver.hpp
// declares it extern), for both board representations.
#include "hsearch/fifteen_puzzle/solver.hpp"

namespace hsearch::fifteen {

template SolveReport Solver<PackedBoard>::solve_observed<AnyProgressObserver>(const std::vector<unsigned>&,
                                                                             const Teaching&,
                                                                             AnyProgressObserver*) const;
template SolveReport Solver<ByteBoard>::solve_observed<AnyProgressObserver>(const std::vector<unsigned>&,
                                                                           const Teaching&,
                                                                           AnyProgressObserver*) const;

}  // namespace hsearch::fifteen
