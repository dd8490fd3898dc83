// The runs of the 15-puzzle adapter, and its registration (compiled when
// hsearch::fifteen_puzzle exists).
#include "adapters/fifteen_puzzle.hpp"
#include "hsearch/compare/registry.hpp"

namespace hsearch::compare {

RunRecord FifteenPuzzleAdapter::run(std::size_t instance, const Configuration& c, const Limits& limits,
                                    const Teaching& teaching) const {
  const Puzzle puzzle(4, 4);  // one domain object per run
  const Board start = fifteen::make_board<Board>(boards_.at(instance));
  RunRecord record;
  record.algorithm = c.algorithm;
  record.heuristic = c.heuristic;
  record.pruning = c.pruning;
  SearchSettings settings;
  settings.limits = limits;
  const auto with_heuristic = [&](const auto& h) {
    if (c.pruning == "inverse") {
      run_search(record, puzzle, start, h, fifteen::InverseMovePruner{}, settings, teaching);
    } else {
      run_search(record, puzzle, start, h, NoPruning{}, settings, teaching);
    }
  };
  if (c.heuristic == "-") {
    with_heuristic(ZeroHeuristic{});
  } else if (c.heuristic == "manhattan") {
    with_heuristic(fifteen::Manhattan<Board>(puzzle));
  } else if (c.heuristic == "linear-conflict") {
    with_heuristic(fifteen::LinearConflict<Board>(puzzle));
  } else if (const auto it = pdbs_.find(c.heuristic); it != pdbs_.end()) {
    with_heuristic(fifteen::AdditivePdb<Board>(puzzle, it->second, /*reflect=*/true));
  } else if (const auto stop = stopped_.find(c.heuristic); stop != stopped_.end()) {
    record.status = Status::stopped;  // its tables were not finished: no search
    record.stop_reason = stop->second;
  } else {
    record.error = "heuristic '" + c.heuristic + "' was not prepared";
  }
  return record;
}

namespace {

const AdapterRegistrar registrar{"fifteen-puzzle", [] { return std::make_unique<FifteenPuzzleAdapter>(); }};

}  // namespace
}  // namespace hsearch::compare
