#pragma once
// What the 15-puzzle speed benchmarks share: the ten Korf instances they time, read from the
// data folder (HSEARCH_DATA_DIR overrides the built-in path), and the puzzle and Manhattan
// heuristic they search with.
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "hsearch/fifteen_puzzle/domain.hpp"
#include "hsearch/fifteen_puzzle/manhattan.hpp"

namespace hsearch::fifteen::bench {

// The ten Korf instances (1-based lines of korf100.txt) with the fewest IDA* nodes under
// Manhattan: A* too finishes each within a second.
inline const std::vector<int> kSpeedInstances = {12, 42, 55, 79, 97, 19, 94, 47, 93, 9};

// The tiles of Korf's instances `ids`, in that order; empty when the file is missing or does
// not hold 100 instances.
inline std::vector<std::vector<unsigned>> load_korf_instances(const std::vector<int>& ids) {
  const char* env = std::getenv("HSEARCH_DATA_DIR");
  const std::string dir = (env != nullptr && *env != '\0') ? env : HSEARCH_DEFAULT_DATA_DIR;
  std::ifstream in(dir + "/fifteen/korf100.txt");
  std::vector<std::vector<unsigned>> all;
  for (std::string line; std::getline(in, line);) {
    std::istringstream s(line);
    std::vector<unsigned> t;
    for (unsigned v; s >> v;) t.push_back(v);
    if (t.size() == 16) all.push_back(t);
  }
  std::vector<std::vector<unsigned>> chosen;
  if (all.size() == 100) {
    for (int id : ids) chosen.push_back(all[static_cast<std::size_t>(id - 1)]);
  }
  return chosen;
}

inline const FifteenPuzzle& puzzle() {
  static const FifteenPuzzle p(4, 4, "ULRD");
  return p;
}
inline const Manhattan<PackedBoard>& manhattan() {
  static const Manhattan<PackedBoard> md(puzzle());
  return md;
}

}  // namespace hsearch::fifteen::bench
