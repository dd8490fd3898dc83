// Fuzz target: the sliding-tile board text (fifteen-puzzle's stdin, korf100.txt lines), read
// for the 3x3, 4x4 and 5x5 boards. A board read must be a permutation of 0..N-1 that prints
// back to itself; anything else must be refused with a message.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "hsearch/fifteen_puzzle/board_io.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace hsearch::fifteen;
  const std::string text(reinterpret_cast<const char*>(data), size);
  for (const unsigned side : {3u, 4u, 5u}) {
    const unsigned cells = side * side;
    const ParseResult r = parse_tiles(text, cells);
    if (!r.ok()) {
      if (r.error.empty()) __builtin_trap();  // a refusal always says why
      continue;
    }
    std::vector<bool> seen(cells, false);
    if (r.tiles.size() != cells) __builtin_trap();
    for (const unsigned t : r.tiles) {
      if (t >= cells || seen[t]) __builtin_trap();
      seen[t] = true;
    }
    (void)solvable(r.tiles, side);
    if (parse_tiles(format_tiles(r.tiles), cells).tiles != r.tiles) __builtin_trap();
  }
  return 0;
}
