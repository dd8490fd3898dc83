#pragma once
// The bound-probe tests' solver run: A* cut into parts of 8 expansions, so that the probes
// between them run on small levels too; no fewer-moves pass (the pushes are what is compared).
#include "hsearch/sokoban/level.hpp"
#include "hsearch/sokoban/solver.hpp"

namespace hsearch::sokoban::testing {

inline SolveReport solve_probing(const Level& level, bool probes, GoalMacros goal_macros = GoalMacros::off,
                                 FeatureCells cells = FeatureCells::packing_connectivity) {
  SolveOptions options;
  options.probe_cells = cells;
  options.bound_probes = probes;
  options.bound_probe_first_part = 8;
  options.goal_macros = goal_macros;
  options.fewer_moves = false;
  options.limits.max_expanded = 400000;
  return solve_level(level, options);
}

}  // namespace hsearch::sokoban::testing
