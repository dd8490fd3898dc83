// Writes the seed corpora of the table-file fuzz targets with the project's own writers
// (docs/fuzzing.md):
//   cmake --build build-fuzz --target fuzz_seeds && build-fuzz/bin/fuzz_seeds tests/fuzz/corpus
// Each table is written twice: the whole file (NAME.tbl) and its payload alone (NAME.payload),
// the input the targets wrap in a valid header.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "hsearch/fifteen_puzzle/pattern_database.hpp"
#include "hsearch/hanoi/notation.hpp"
#include "hsearch/hanoi/pattern_database.hpp"
#include "hsearch/pruning/aho_corasick.hpp"
#include "hsearch/pruning/automaton_file.hpp"

namespace fs = std::filesystem;

namespace {

// Keeps the file and writes its payload (the bytes after the header's blank line) beside it.
void add_payload(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto end = text.find("\n\n");
  if (end == std::string::npos) throw std::runtime_error(file.string() + ": no header");
  fs::path payload = file;
  payload.replace_extension(".payload");
  std::ofstream(payload, std::ios::binary) << text.substr(end + 2);
}

void automaton(const fs::path& dir, const std::string& name, unsigned labels,
               const std::vector<hsearch::LabelSequence>& forbidden, bool from_forbidden) {
  hsearch::MoveAutomatonData data{from_forbidden ? hsearch::build_aho_corasick(labels, forbidden)
                                                 : hsearch::TableAutomaton::allow_all(labels),
                                  from_forbidden ? forbidden : std::vector<hsearch::LabelSequence>{},
                                  from_forbidden, from_forbidden ? 2u : 0u};
  const fs::path file = dir / (name + ".tbl");
  hsearch::save_move_automaton(file, "sliding-tile", data);
  add_payload(file);
}

void sliding_tile(const fs::path& dir, const std::string& name, unsigned width, unsigned height,
                  std::vector<unsigned> tiles) {
  hsearch::fifteen::PatternDatabase pdb(hsearch::fifteen::Geometry(width, height), std::move(tiles));
  pdb.build();
  const fs::path file = dir / (name + ".tbl");
  pdb.save(file);
  add_payload(file);
}

void hanoi(const fs::path& dir, const std::string& name, int pegs, int disks) {
  using namespace hsearch::hanoi;
  const fs::path scratch = dir / "scratch";
  const Problem pr = classic_problem(pegs, disks);
  const HanoiDomain domain(pr.layout, pr.goal);
  std::vector<int> group;
  for (int d = 0; d < disks; ++d) group.push_back(d);
  PdbOptions options;
  options.cache_dir = scratch;
  const PatternDatabase pdb(domain, group, options);
  const fs::path file = dir / (name + ".tbl");
  fs::rename(pdb.path(), file);
  fs::remove(scratch);
  add_payload(file);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: fuzz_seeds CORPUS_DIR (tests/fuzz/corpus)\n";
    return 2;
  }
  const fs::path root = argv[1];
  try {
    const fs::path a = root / "automaton_file";
    fs::create_directories(a);
    // The 15-puzzle's labels (U, L, R, D = 0..3): no move undoing the last one.
    automaton(a, "inverse4", 4, {{0, 3}, {3, 0}, {1, 2}, {2, 1}}, true);
    automaton(a, "allow_all4", 4, {}, false);
    automaton(a, "six_labels", 6, {{0, 1, 2}, {5}, {2, 2}}, true);
    const fs::path s = root / "sliding_tile_pdb";
    fs::create_directories(s);
    sliding_tile(s, "2x2_1_2", 2, 2, {1, 2});
    sliding_tile(s, "3x2_1_2_3", 3, 2, {1, 2, 3});
    sliding_tile(s, "3x2_all", 3, 2, {1, 2, 3, 4, 5});
    const fs::path h = root / "hanoi_pdb";
    fs::create_directories(h);
    hanoi(h, "3pegs_3disks", 3, 3);
    hanoi(h, "4pegs_2disks", 4, 2);
  } catch (const std::exception& e) {
    std::cerr << "fuzz_seeds: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
