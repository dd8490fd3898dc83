// Fuzz target: the sliding-tile pattern-database file (fifteen_puzzle/pattern_database.hpp,
// PatternDatabase::load, kind "sliding-tile-additive-pdb"), fed as a whole file and as the
// payload behind a valid header (table_file_input.hpp), for three small patterns: 2x2 tiles
// 1,2; 2x3 tiles 1,2,3; 2x3 tiles 1..5 (every tile). A loaded database must be ready, with one
// entry per placement, and answer for the goal placement.
#include <cstddef>
#include <cstdint>
#include <istream>
#include <vector>

#include "hsearch/fifteen_puzzle/pattern_database.hpp"
#include "table_file_input.hpp"

namespace {

using hsearch::fifteen::Geometry;
using hsearch::fifteen::PatternDatabase;

void feed(const std::uint8_t* data, std::size_t size, unsigned width, unsigned height,
          const std::vector<unsigned>& tiles) {
  const Geometry geometry(width, height);
  const PatternDatabase shape(geometry, tiles);
  hsearch::fuzz::feed_table_file(data, size, PatternDatabase::kKind, shape.params(),
                                 [&](std::istream& in) {
                                   PatternDatabase pdb(geometry, tiles);
                                   pdb.load(in, hsearch::fuzz::kInputName);
                                   if (!pdb.ready() || pdb.table().size() != pdb.size()) {
                                     __builtin_trap();
                                   }
                                   std::vector<std::uint8_t> goal(tiles.begin(), tiles.end());
                                   (void)pdb.value(pdb.rank(goal.data()));
                                 });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  feed(data, size, 2, 2, {1, 2});
  feed(data, size, 3, 2, {1, 2, 3});
  feed(data, size, 3, 2, {1, 2, 3, 4, 5});
  return 0;
}
