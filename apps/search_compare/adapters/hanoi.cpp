// The runs of the Tower of Hanoi adapter, and its registration (compiled when hsearch::hanoi exists).
#include "adapters/hanoi.hpp"
#include "hsearch/compare/registry.hpp"

namespace hsearch::compare {

RunRecord HanoiAdapter::run(std::size_t instance, const Configuration& c, const Limits& limits,
                            const Teaching& teaching) const {
  const hanoi::Problem& pr = problems_.at(instance);
  const hanoi::HanoiDomain domain(pr.layout, pr.goal);  // one domain object per run
  const auto start = domain.make_state(pr.start);
  RunRecord record;
  record.algorithm = c.algorithm;
  record.heuristic = c.heuristic;
  record.pruning = c.pruning;
  SearchSettings settings;
  settings.limits = limits.with_clock_started();  // the run's time covers its tables
  const auto with_heuristic = [&](const auto& h) {
    if (c.pruning == "same-disk") {
      run_search(record, domain, start, h, hanoi::SameDiskPruner{}, settings, teaching);
    } else {
      run_search(record, domain, start, h, NoPruning{}, settings, teaching);
    }
  };
  if (c.heuristic == "-") {
    with_heuristic(ZeroHeuristic{});
  } else if (c.heuristic == "goalpeg") {
    with_heuristic(hanoi::OffGoalPegHeuristic(domain));
  } else if (c.heuristic == "pdb" || c.heuristic == "towers") {
    hanoi::PdbOptions pdb;
    pdb.cache_dir.clear();  // in memory: parallel runs never race on cache files
    pdb.max_entries = kPdbMaxEntries;
    pdb.limits = settings.limits;
    const std::vector<hanoi::Partition> parts = {
        c.heuristic == "towers"
            ? hanoi::partition_by_towers(pr.layout)
            : hanoi::partition_by_sizes(pr.layout,
                                        hanoi::automatic_sizes(pr.layout, kPdbMaxEntries))};
    try {
      with_heuristic(hanoi::PdbHeuristic(domain, parts, pdb));
    } catch (const StoppedByLimit& stopped) {  // its tables were not finished: no search
      record.status = Status::stopped;
      record.stop_reason = stopped.reason;
    }
  } else {
    record.error = "unknown heuristic '" + c.heuristic + "'";
  }
  return record;
}

namespace {

const AdapterRegistrar registrar{"hanoi", [] { return std::make_unique<HanoiAdapter>(); }};

}  // namespace
}  // namespace hsearch::compare
