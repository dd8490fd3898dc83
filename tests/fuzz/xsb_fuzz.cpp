// Fuzz target: Sokoban level files (XSB text, Boxoban's files are the same format for the
// reader) and the checks of every level read (Board: players, boxes, goals, enclosure). Any
// input must give levels or messages; a crash, a leak, a sanitizer report or an exception
// other than the documented ones is a finding.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/level_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace hsearch::sokoban;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::vector<LevelEntry> levels;
  try {
    levels = read_levels(in, "fuzz.xsb");
  } catch (const LevelFileError&) {
    return 0;
  }
  for (const LevelEntry& entry : levels) {
    if (!entry.ok()) continue;
    try {
      const Board board(entry.level);
      if (board.initial_boxes().size() > board.goals().size()) __builtin_trap();  // Board: enough goals
    } catch (const InvalidLevel&) {
    }
  }
  return 0;
}
