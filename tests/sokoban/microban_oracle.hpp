#pragma once
// Reads microban_optimal_pushes.tsv: per proven level, the optimal pushes and fewest moves.
#include <fstream>
#include <map>
#include <sstream>
#include <string>

namespace hsearch::sokoban::testing {

// One proven row of the table: the optimal push count and the fewest moves among push-optimal
// solutions.
struct MicrobanRow {
  int pushes = 0;
  int moves = 0;
};

inline std::map<int, MicrobanRow> read_microban_table(const std::string& path) {
  std::map<int, MicrobanRow> out;
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);  // header: level optimal_pushes min_moves status states
  while (std::getline(in, line)) {
    std::istringstream row(line);
    std::string level, pushes, moves, status;
    std::getline(row, level, '\t');
    std::getline(row, pushes, '\t');
    std::getline(row, moves, '\t');
    std::getline(row, status, '\t');
    if (status == "proven_optimal" && !pushes.empty()) {
      out[std::stoi(level)] = MicrobanRow{std::stoi(pushes), std::stoi(moves)};
    }
  }
  return out;
}

// Level -> proven optimal push count.
inline std::map<int, int> read_microban_oracle(const std::string& path) {
  std::map<int, int> out;
  for (const auto& [level, row] : read_microban_table(path)) out[level] = row.pushes;
  return out;
}

}  // namespace hsearch::sokoban::testing
