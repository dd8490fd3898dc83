// Fuzz target: the reference-table reader of sokoban --oracle (TSV with a header naming the
// columns 'level' and 'optimal_pushes'). Any input gives rows or a std::runtime_error
// naming the line.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>

#include "hsearch/sokoban/oracle.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  try {
    for (const auto& [level, row] : hsearch::sokoban::read_oracle(in, "fuzz.tsv")) {
      if (row.pushes < 0) __builtin_trap();  // the reader refuses negative push counts
    }
  } catch (const std::runtime_error&) {
  }
  return 0;
}
