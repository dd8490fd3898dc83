#pragma once
// search-compare adapter for the 15-puzzle (4 x 4 boards) over the fifteen_puzzle domain's
// public headers: heuristics manhattan, linear-conflict and the additive pattern databases
// that fit 4 x 4 boards (pdb-555, pdb-663, pdb-78; built once in prepare(), cached on disk as
// the fifteen-puzzle program does); pruning none or inverse (the five-state automaton that
// refuses a move straight back, IDA* / DFS only).
//
// Instance file: one board per line, 16 tile numbers (0 = blank) as in korf100.txt; empty
// lines and lines starting with '#' are skipped. Instances are named #1, #2, ... in file order.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "hsearch/compare/domain_adapter.hpp"
#include "hsearch/compare/run_search.hpp"
#include "hsearch/fifteen_puzzle/board_io.hpp"
#include "hsearch/fifteen_puzzle/domain.hpp"
#include "hsearch/fifteen_puzzle/inverse_move_pruner.hpp"
#include "hsearch/fifteen_puzzle/linear_conflict.hpp"
#include "hsearch/fifteen_puzzle/manhattan.hpp"
#include "hsearch/fifteen_puzzle/pdb_cache.hpp"
#include "hsearch/fifteen_puzzle/pdb_heuristic.hpp"
#include "hsearch/heuristics/combinators.hpp"

namespace hsearch::compare {

class FifteenPuzzleAdapter : public DomainAdapter {
 public:
  using Board = fifteen::PackedBoard;
  using Puzzle = fifteen::FifteenPuzzle;

  std::string name() const override { return "fifteen-puzzle"; }
  std::vector<Algorithm> algorithms() const override {
    return {Algorithm::ida, Algorithm::astar, Algorithm::bfs, Algorithm::dfs};
  }
  std::vector<std::string> heuristics() const override {
    std::vector<std::string> out = {"manhattan", "linear-conflict"};
    for (const auto& p : fifteen::known_partitions()) {
      if (p.width == 4 && p.height == 4) out.push_back(p.name);
    }
    return out;
  }
  std::vector<std::string> prunings() const override { return {"none", "inverse"}; }
  std::vector<Algorithm> default_algorithms() const override { return {Algorithm::ida, Algorithm::astar}; }
  std::vector<std::string> default_heuristics() const override { return {"manhattan"}; }
  std::string instance_format() const override {
    return "one 4x4 board per line: 16 tile numbers, 0 = blank (korf100.txt format)";
  }

  std::vector<std::string> load_instances(const std::string& path) override {
    std::ifstream in(path);
    if (!in) throw InputError(path + ": cannot open the instance file");
    boards_.clear();
    std::vector<std::string> names;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
      const auto first = line.find_first_not_of(" \t\r");
      if (first == std::string::npos || line[first] == '#') continue;
      const auto parsed = fifteen::parse_tiles(line, 16);
      if (!parsed.ok()) {
        throw InputError(path + ":" + std::to_string(number) + ": " + parsed.error);
      }
      if (!fifteen::solvable(parsed.tiles, 4)) {
        throw InputError(path + ":" + std::to_string(number) +
                         ": this board cannot reach the goal (wrong permutation parity)");
      }
      boards_.push_back(parsed.tiles);
      names.push_back(numbered_name(boards_.size()));
    }
    if (boards_.empty()) throw InputError(path + ": no board in the file");
    return names;
  }

  std::vector<std::string> generate_instances(std::size_t n, std::uint64_t seed) override {
    std::mt19937_64 rng(seed);
    boards_.clear();
    std::vector<std::string> names;
    for (std::size_t i = 0; i < n; ++i) {
      boards_.push_back(fifteen::random_solvable_tiles(4, 4, rng));
      names.push_back("r" + std::to_string(i + 1));
    }
    return names;
  }

  // Pattern databases: loaded from the cache or built, once, before the runs.
  void prepare(const std::vector<Configuration>& configurations, const std::filesystem::path& cache_dir,
               std::ostream& log, const Limits& limits = {}) override {
    const Puzzle puzzle(4, 4);
    for (const auto& c : configurations) {
      const fifteen::Partition* part = fifteen::find_partition(c.heuristic);
      if (part == nullptr || pdbs_.count(c.heuristic) != 0 || stopped_.count(c.heuristic) != 0) continue;
      std::vector<std::shared_ptr<const fifteen::PatternDatabase>> tables;
      const Limits clock = limits.with_clock_started();  // one run's time for the partition's tables
      try {
        for (const auto& tiles : part->patterns) {
          tables.push_back(fifteen::load_or_build_pdb(puzzle.geometry(), tiles, cache_dir, &log, false, clock));
        }
      } catch (const StoppedByLimit& stopped) {
        stopped_[c.heuristic] = stopped.reason;
        continue;
      }
      pdbs_[c.heuristic] = std::move(tables);
    }
  }

  const std::vector<unsigned>& tiles(std::size_t instance) const { return boards_.at(instance); }

  // Defined in the .cpp: the searches it instantiates are compiled there once, not in every
  // file that includes this header (the program's tests do).
  RunRecord run(std::size_t instance, const Configuration& c, const Limits& limits,
                const Teaching& teaching) const override;

 private:
  std::vector<std::vector<unsigned>> boards_;
  std::map<std::string, std::vector<std::shared_ptr<const fifteen::PatternDatabase>>> pdbs_;
  std::map<std::string, StopReason> stopped_;  // heuristics whose tables a limit stopped
};

}  // namespace hsearch::compare
