// The one instantiation of the push search without a progress observer (solver.hpp declares
// it extern): the three cell-set widths' searches are compiled here and nowhere else.
#include "hsearch/sokoban/solver.hpp"

namespace hsearch::sokoban::detail {

template SolveReport solve_with<NullObserver>(const Level&, const SolveOptions&, const Teaching&, NullObserver*);

}  // namespace hsearch::sokoban::detail
