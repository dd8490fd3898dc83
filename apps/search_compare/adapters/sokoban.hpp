#pragma once
// search-compare adapter for push-optimal Sokoban over the sokoban domain's public headers.
// One heuristic: "matching" (the domain's minimum-cost box-to-goal matching lower bound kept in
// each state). Algorithms: astar (with reopening) and ida (IDA*, with a transposition table of
// 2^20 entries, shrunk under a memory limit, as the sokoban program does). No move pruning.
// Without --memory-limit, A* runs are capped at 2 GiB like the sokoban program's default.
//
// Instance file: a level collection in the XSB format (e.g. Microban); levels are named by
// their number in the file. Levels that cannot be read or played are reported with file and
// line when the file is loaded, and so are levels wider than the 256-cell states the adapter
// runs (sokoban::kMaxCells).
// --random is not offered (there is no level generator).
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "hsearch/compare/domain_adapter.hpp"
#include "hsearch/compare/run_search.hpp"
#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/level.hpp"
#include "hsearch/sokoban/level_reader.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"
#include "hsearch/sokoban/solver.hpp"

namespace hsearch::compare {

class SokobanAdapter : public DomainAdapter {
 public:
  static constexpr std::size_t kTranspositionEntries = std::size_t{1} << 20;
  static constexpr std::size_t kDefaultAStarBytes = std::size_t{2048} << 20;

  std::string name() const override { return "sokoban"; }
  std::vector<Algorithm> algorithms() const override { return {Algorithm::astar, Algorithm::ida}; }
  std::vector<std::string> heuristics() const override { return {"matching"}; }
  std::vector<std::string> prunings() const override { return {"none"}; }
  std::string instance_format() const override {
    return "a level collection in the XSB format (e.g. microban_155.xsb); no --random";
  }

  std::vector<std::string> load_instances(const std::string& path) override {
    std::ifstream in(path);
    if (!in) throw InputError(path + ": cannot open the level file");
    const auto entries = sokoban::read_levels(in, path);
    levels_.clear();
    std::vector<std::string> names;
    for (const auto& e : entries) {
      if (!e.ok()) throw InputError(e.error);
      try {
        const sokoban::Board board(e.level);  // refuses unplayable levels now, not mid-grid
        // The comparison runs the domain at the usual collections' cell-set width only (the
        // sokoban program picks a wider one for larger levels): one copy of every algorithm.
        if (board.cell_count() > sokoban::kMaxCells) {
          throw InputError(e.level.where() + ": too large for search-compare: " + std::to_string(board.cell_count()) +
                           " floor squares (at most " + std::to_string(sokoban::kMaxCells) +
                           "; the sokoban program solves it)");
        }
      } catch (const sokoban::InvalidLevel& invalid) {
        throw InputError(invalid.what());  // names the file, line and problem
      }
      levels_.push_back(e.level);
      names.push_back(numbered_name(e.level.number));
    }
    if (levels_.empty()) throw InputError(path + ": no level in the file");
    return names;
  }

  std::vector<std::string> generate_instances(std::size_t, std::uint64_t) override {
    throw UsageError("sokoban has no random level generator: give --instances FILE");
  }

  // Defined in the .cpp: the searches it instantiates are compiled there once, not in every
  // file that includes this header (the program's tests do).
  RunRecord run(std::size_t instance, const Configuration& c, const Limits& limits,
                const Teaching& teaching) const override;

 private:
  std::vector<sokoban::Level> levels_;
};

}  // namespace hsearch::compare
