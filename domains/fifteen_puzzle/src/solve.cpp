// The one instantiation of the sliding-tile search without a progress observer (solver.hpp
// declares it extern), for both board representations.
#include "hsearch/fifteen_puzzle/solver.hpp"

namespace hsearch::fifteen {

template SolveReport Solver<PackedBoard>::solve<NullObserver>(const std::vector<unsigned>&, const Teaching&,
                                                              NullObserver*) const;
template SolveReport Solver<ByteBoard>::solve<NullObserver>(const std::vector<unsigned>&, const Teaching&,
                                                            NullObserver*) const;

}  // namespace hsearch::fifteen
