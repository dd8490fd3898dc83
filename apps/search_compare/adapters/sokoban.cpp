// The runs of the Sokoban adapter, and its registration (compiled when hsearch::sokoban exists).
#include "adapters/sokoban.hpp"
#include "hsearch/compare/registry.hpp"

namespace hsearch::compare {

RunRecord SokobanAdapter::run(std::size_t instance, const Configuration& c, const Limits& limits,
                              const Teaching& teaching) const {
  const sokoban::Level& level = levels_.at(instance);
  RunRecord record;
  record.algorithm = c.algorithm;
  record.heuristic = c.heuristic;
  record.pruning = c.pruning;
  const sokoban::Board board(level);  // load_instances checked that it builds
  sokoban::SokobanDomain domain(board);  // one domain object per run
  const auto start = domain.initial_state();
  SearchSettings settings;
  settings.limits = limits;
  if (c.algorithm == Algorithm::astar && settings.limits.max_bytes == 0) {
    settings.limits.max_bytes = kDefaultAStarBytes;
  }
  settings.transposition_entries = kTranspositionEntries;
  // The same A* set-up as the sokoban program (tie order, state table: it keeps the last
  // pushed box, which orders the moves), so both report the same counts.
  const sokoban::SolveOptions solver_defaults;
  settings.newer_first_on_ties = solver_defaults.newer_first_on_ties;
  if (c.algorithm == Algorithm::astar) domain.enable_state_cache(solver_defaults.state_cache_bits);
  run_search(record, domain, start, sokoban::PushLowerBound{}, NoPruning{}, settings, teaching);
  return record;
}

namespace {

const AdapterRegistrar registrar{"sokoban", [] { return std::make_unique<SokobanAdapter>(); }};

}  // namespace
}  // namespace hsearch::compare
