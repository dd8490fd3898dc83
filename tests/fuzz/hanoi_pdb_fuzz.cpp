// Fuzz target: the Tower of Hanoi pattern-database cache file (hanoi/pattern_database.hpp,
// kind "hanoi-pdb": read_table_file, then PatternDatabase::load), fed as a whole file and as
// the payload behind a valid header (table_file_input.hpp), for the tables of two small disk
// groups (3 pegs, 3 disks: 27 entries; 4 pegs, 2 disks: 16). A loaded table must hold exactly
// one entry per placement, in the width its first byte states.
#include <cstddef>
#include <cstdint>
#include <istream>
#include <string>
#include <utility>

#include "hsearch/hanoi/notation.hpp"
#include "hsearch/hanoi/pattern_database.hpp"
#include "table_file_input.hpp"

namespace {

using namespace hsearch::hanoi;

struct Shape {
  std::string params;
  std::uint64_t entries;
};

// The params string and size of a group's table, from a table built in memory (no file).
Shape shape_of(int pegs, int disks) {
  const Problem pr = classic_problem(pegs, disks);
  const HanoiDomain domain(pr.layout, pr.goal);
  std::vector<int> group;
  for (int d = 0; d < disks; ++d) group.push_back(d);
  const PatternDatabase pdb(domain, group, PdbOptions{});
  return {pdb.params(), pdb.entries()};
}

void feed(const std::uint8_t* data, std::size_t size, const Shape& shape) {
  hsearch::fuzz::feed_table_file(
      data, size, "hanoi-pdb", shape.params, [&](std::istream& in) {
        PdbTable t;
        t.path = hsearch::fuzz::kInputName;
        PatternDatabase::load(
            t, hsearch::read_table_file(in, hsearch::fuzz::kInputName, "hanoi-pdb", shape.params),
            shape.entries);
        const bool ok = t.is_wide ? t.wide.size() == shape.entries && t.narrow.empty()
                                  : t.narrow.size() == shape.entries && t.wide.empty();
        if (!ok) __builtin_trap();
        (void)t.at(shape.entries - 1);
      });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const Shape three = shape_of(3, 3), four = shape_of(4, 2);
  feed(data, size, three);
  feed(data, size, four);
  return 0;
}
