#pragma once
// A search-compare adapter over the toy weighted grid (tests/framework/toy_domains.hpp): lets
// the runner, table, CSV and report tests run without any real domain. Instance k of
// generate_instances(n, seed) is the 7 x 7 grid of seed + k (obstacle ratio 0.2).
#include <string>
#include <vector>

#include "framework/toy_domains.hpp"
#include "hsearch/compare/domain_adapter.hpp"
#include "hsearch/compare/run_search.hpp"
#include "hsearch/heuristics/combinators.hpp"

namespace hsearch::testing {

class GridAdapter : public compare::DomainAdapter {
 public:
  using Grid = toy::GridDomain<true>;

  std::string name() const override { return "toy-grid"; }
  std::vector<Algorithm> algorithms() const override {
    return {Algorithm::astar, Algorithm::ida, Algorithm::bfs, Algorithm::dfs};
  }
  std::vector<std::string> heuristics() const override { return {"manhattan", "zero"}; }
  std::vector<std::string> prunings() const override { return {"none", "inverse"}; }
  std::string instance_format() const override { return "(generated only)"; }
  std::vector<std::string> load_instances(const std::string& path) override {
    throw compare::InputError(path + ": the toy grid has no instance files");
  }
  std::vector<std::string> generate_instances(std::size_t n, std::uint64_t seed) override {
    seeds_.clear();
    std::vector<std::string> names;
    for (std::size_t i = 0; i < n; ++i) {
      seeds_.push_back(seed + i);
      names.push_back("grid " + std::to_string(seed + i));
    }
    return names;
  }
  Grid grid(std::size_t instance) const { return Grid(7, 7, 0.2, seeds_.at(instance)); }

  compare::RunRecord run(std::size_t instance, const compare::Configuration& c, const Limits& limits,
                         const Teaching& teaching) const override {
    const Grid g = grid(instance);
    compare::RunRecord record;
    record.algorithm = c.algorithm;
    record.heuristic = c.heuristic;
    record.pruning = c.pruning;
    SearchSettings settings;
    settings.limits = limits;
    const auto with_h = [&](const auto& h) {
      if (c.pruning == "inverse") {
        compare::run_search(record, g, g.start(), h, toy::PairedInversePruner{}, settings, teaching);
      } else {
        compare::run_search(record, g, g.start(), h, NoPruning{}, settings, teaching);
      }
    };
    if (c.heuristic == "manhattan") {
      with_h(toy::GridManhattan{g.width(), g.goal_cell()});
    } else {
      with_h(ZeroHeuristic{});
    }
    return record;
  }

 private:
  std::vector<std::uint64_t> seeds_;
};

}  // namespace hsearch::testing
