#pragma once
// Reads microban_optimal_pushes.tsv: level -> proven optimal push count.
#include <fstream>
#include <map>
#include <sstream>
#include <string>

namespace hsearch::sokoban::testing {

inline std::map<int, int> read_microban_oracle(const std::string& path) {
  std::map<int, int> out;
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
    if (status == "proven_optimal" && !pushes.empty()) out[std::stoi(level)] = std::stoi(pushes);
  }
  return out;
}

}  // namespace hsearch::sokoban::testing
