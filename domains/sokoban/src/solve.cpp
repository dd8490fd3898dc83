// The one instantiation of the push search for observers of progress only (solver.hpp declares
// it extern): the three cell-set widths' searches are compiled here and nowhere else.
#include "hsearch/sokoban/solver.hpp"

namespace hsearch::sokoban::detail {

template SolveReport solve_observed<AnyProgressObserver>(const Level&, const SolveOptions&, const Teaching&,
                                                         AnyProgressObserver*);

}  // namespace hsearch::sokoban::detail
