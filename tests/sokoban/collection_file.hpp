#pragma once
// Test helper: a level collection of the data directory (data_dir.hpp), read whole; the
// entries' source is the path relative to that directory.
#include <fstream>
#include <string>
#include <vector>

#include "data_dir.hpp"
#include "hsearch/sokoban/level_reader.hpp"

namespace hsearch::sokoban::testing {

inline std::vector<LevelEntry> read_collection(const std::string& relative) {
  std::ifstream in(hsearch::testing::data_file(relative));
  return read_levels(in, relative);
}

}  // namespace hsearch::sokoban::testing
