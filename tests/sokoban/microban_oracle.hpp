#pragma once
// microban_optimal_pushes.tsv through the program's reader (hsearch/sokoban/oracle.hpp): per
// proven level, the optimal pushes and the fewest moves among push-optimal solutions.
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "collection_file.hpp"
#include "data_dir.hpp"
#include "hsearch/sokoban/level_reader.hpp"
#include "hsearch/sokoban/oracle.hpp"

namespace hsearch::sokoban::testing {

struct MicrobanRow {
  int pushes = 0;
  int moves = 0;
};

inline std::map<int, MicrobanRow> read_microban_table(const std::string& path) {
  std::ifstream in(path);
  std::map<int, MicrobanRow> out;
  for (const auto& [level, row] : read_oracle(in, path)) out[level] = MicrobanRow{row.pushes, row.moves};
  return out;
}

// Level -> proven optimal push count.
inline std::map<int, int> read_microban_oracle(const std::string& path) {
  std::map<int, int> out;
  for (const auto& [level, row] : read_microban_table(path)) out[level] = row.pushes;
  return out;
}

// The 155 Microban levels and the table (the caller checks the data is there:
// HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb")).
struct Microban {
  std::vector<LevelEntry> entries;
  std::map<int, MicrobanRow> table;
  const Level& level(int n) const { return entries[static_cast<std::size_t>(n - 1)].level; }
};

inline Microban read_microban() {
  return Microban{read_collection("sokoban/microban/microban_155.xsb"),
                  read_microban_table(hsearch::testing::data_file("sokoban/microban/microban_optimal_pushes.tsv"))};
}

}  // namespace hsearch::sokoban::testing
