#pragma once
// search-compare adapter for multi-tower Tower of Hanoi over the hanoi domain's public headers.
// Heuristics: goalpeg (disks off their goal peg), pdb (additive pattern databases, automatic
// disk groups of at most 2^22 entries), towers (one pattern database per tower). Pruning:
// same-disk (never move one disk twice in a row; IDA* / DFS only; loses no optimal plan, see
// hanoi/domain.hpp). Pattern databases are built in memory for each run (their build time is
// not part of the run's seconds, which count the search only).
//
// Instance file, one problem per line ('#' starts a comment):
//   classic P N              one tower of N disks from the first peg to the last, P pegs
//   START -> GOAL            positions in the hanoi notation, e.g. a3a2a1|||b2b1 -> |b2b1||a3a2a1
// --random N: a single tower of 8 disks on 4 pegs, random start and random goal positions.
#include <fstream>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "hsearch/compare/domain_adapter.hpp"
#include "hsearch/compare/run_search.hpp"
#include "hsearch/hanoi/domain.hpp"
#include "hsearch/hanoi/notation.hpp"
#include "hsearch/hanoi/off_goal_peg_heuristic.hpp"
#include "hsearch/hanoi/pdb_heuristic.hpp"
#include "hsearch/hanoi/random_position.hpp"
#include "hsearch/hanoi/same_disk_pruner.hpp"
#include "hsearch/heuristics/combinators.hpp"

namespace hsearch::compare {

class HanoiAdapter : public DomainAdapter {
 public:
  static constexpr std::uint64_t kPdbMaxEntries = std::uint64_t{1} << 22;

  std::string name() const override { return "hanoi"; }
  std::vector<Algorithm> algorithms() const override {
    return {Algorithm::astar, Algorithm::ida, Algorithm::bfs, Algorithm::dfs};
  }
  std::vector<std::string> heuristics() const override { return {"goalpeg", "pdb", "towers"}; }
  std::vector<std::string> prunings() const override { return {"none", "same-disk"}; }
  std::vector<Algorithm> default_algorithms() const override { return {Algorithm::astar, Algorithm::bfs}; }
  std::vector<std::string> default_heuristics() const override { return {"goalpeg", "pdb"}; }
  std::string instance_format() const override {
    return "one problem per line: 'classic PEGS DISKS' or 'START -> GOAL' in the hanoi notation";
  }

  std::vector<std::string> load_instances(const std::string& path) override {
    std::ifstream in(path);
    if (!in) throw InputError(path + ": cannot open the instance file");
    problems_.clear();
    std::vector<std::string> names;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
      if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
      const auto first = line.find_first_not_of(" \t\r");
      if (first == std::string::npos) continue;
      const std::string where = path + ":" + std::to_string(number);
      try {
        std::istringstream words(line);
        std::string word;
        words >> word;
        if (word == "classic") {
          int pegs = 0, disks = 0;
          std::string extra;
          if (!(words >> pegs >> disks) || (words >> extra)) {
            throw InputError(where + ": expected 'classic PEGS DISKS'");
          }
          if (pegs < 3 || pegs > hanoi::kMaxPegs || disks < 1 || disks > hanoi::kMaxDisks) {
            throw InputError(where + ": classic needs 3.." + std::to_string(hanoi::kMaxPegs) +
                             " pegs and 1.." + std::to_string(hanoi::kMaxDisks) + " disks");
          }
          problems_.push_back(hanoi::classic_problem(pegs, disks));
          names.push_back("P" + std::to_string(pegs) + " n" + std::to_string(disks));
        } else {
          const auto arrow = line.find("->");
          if (arrow == std::string::npos) {
            throw InputError(where + ": expected 'classic PEGS DISKS' or 'START -> GOAL'");
          }
          problems_.push_back(hanoi::make_problem(line.substr(0, arrow), line.substr(arrow + 2)));
          names.push_back(numbered_name(problems_.size()));
        }
      } catch (const InputError&) {
        throw;
      } catch (const std::exception& e) {  // notation and layout errors
        throw InputError(where + ": " + e.what());
      }
    }
    if (problems_.empty()) throw InputError(path + ": no problem in the file");
    return names;
  }

  std::vector<std::string> generate_instances(std::size_t n, std::uint64_t seed) override {
    std::mt19937_64 rng(seed);
    problems_.clear();
    std::vector<std::string> names;
    for (std::size_t i = 0; i < n; ++i) {
      hanoi::Problem pr;
      pr.layout = hanoi::Layout::towers(4, {8});
      pr.start = hanoi::random_position(pr.layout, rng);
      pr.goal = hanoi::random_position(pr.layout, rng);
      problems_.push_back(std::move(pr));
      names.push_back("r" + std::to_string(i + 1));
    }
    return names;
  }

  // Defined in the .cpp: the searches it instantiates are compiled there once, not in every
  // file that includes this header (the program's tests do).
  RunRecord run(std::size_t instance, const Configuration& c, const Limits& limits,
                const Teaching& teaching) const override;

 private:
  std::vector<hanoi::Problem> problems_;
};

}  // namespace hsearch::compare
