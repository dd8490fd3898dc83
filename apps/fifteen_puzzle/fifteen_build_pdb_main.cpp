// fifteen-build-pdb: builds (or checks) the pattern databases of a partition into the cache
// directory ahead of time, reporting size and build time. pdb-78's 8-tile table has
// 16!/8! = 518,918,400 entries; building it takes minutes and about 2 GB of memory. The 5x5
// 6-tile tables have 25!/19! = 127,512,000 entries each. Exit status: the table of hsearch::app
// (70 when --verify-shared finds a shared lookup that differs from the pattern's own table).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "hsearch/app/exit_status.hpp"
#include "hsearch/app/machine.hpp"
#include "hsearch/app/options.hpp"
#include "hsearch/fifteen_puzzle/pdb_cache.hpp"
#include "hsearch/fifteen_puzzle/pdb_heuristic.hpp"

namespace app = hsearch::app;
using namespace hsearch::fifteen;

namespace {

// Entries where `own` (pattern s(P), built directly) differs from `source` (pattern P) read at
// the placement moved back by s: what AdditivePdb does for a shared term.
std::uint64_t count_mismatches(const PatternDatabase& own, const PatternDatabase& source,
                               const BoardSymmetry& s) {
  const auto& own_tiles = own.tiles();
  const auto& src_tiles = source.tiles();
  const std::size_t k = std::min<std::size_t>(src_tiles.size(), PatternDatabase::kMaxPatternTiles);
  std::size_t slot[PatternDatabase::kMaxPatternTiles];  // source tile m is own tile slot[m]
  for (std::size_t m = 0; m < k; ++m) {
    slot[m] = static_cast<std::size_t>(
        std::find(own_tiles.begin(), own_tiles.end(), s.cell[src_tiles[m]]) - own_tiles.begin());
    if (slot[m] >= own_tiles.size()) return own.size();  // not the image pattern at all
  }
  std::uint64_t mismatches = 0;
  std::uint8_t pos[PatternDatabase::kMaxPatternTiles], mapped[PatternDatabase::kMaxPatternTiles];
  for (std::uint64_t i = 0; i < own.size(); ++i) {
    own.unrank(i, pos);
    for (std::size_t m = 0; m < k; ++m) mapped[m] = s.inverse[pos[slot[m]]];
    mismatches += own.value(i) != source.value(source.rank(mapped));
  }
  return mismatches;
}

}  // namespace

int main(int argc, char** argv) {
  constexpr const char* kProgram = "fifteen-build-pdb";
  std::string partition_name;
  bool verbose = false, verify_shared = false;
  app::CommandLineSpec spec;
  spec.groups = app::kCacheDirOption;
  app::CommandLine cli(kProgram, "fifteen-build-pdb --partition NAME [--cache-dir DIR]",
                       "Builds the partition's pattern databases into the cache directory (or loads and checks\n"
                       "the cached ones), reporting size and build time.",
                       spec);
  cli.options().add_options()
      ("partition", app::po::value(&partition_name),
       "pdb-555 | pdb-663 | pdb-78 | pdb-6666 | pdb-6666-mirror | pdb-7755 | pdb-6666+7755 | pdb-333")
      ("verbose,v", app::po::bool_switch(&verbose), "one line per BFS depth")
      ("verify-shared", app::po::bool_switch(&verify_shared),
       "also get the own table of every pattern that reads another's table through a board symmetry "
       "(loaded when cached, else built in memory and not saved) and compare the two entry by entry "
       "(a difference exits 70)");
  cli.parse(argc, argv);
  if (partition_name.empty()) cli.usage_error("--partition NAME is required");
  const Partition* part = find_partition(partition_name);
  if (part == nullptr) cli.usage_error("unknown partition '" + partition_name + "'");
  const auto dir = app::cache_dir(cli.common().cache_dir);
  if (dir.empty()) {
    cli.usage_error("no cache directory: give --cache-dir (or set HSEARCH_CACHE_DIR, XDG_CACHE_HOME or HOME)");
  }
  const Geometry geometry(part->width, part->height);
  const auto symmetries = board_symmetries(geometry);
  // A partition that takes the max with others (max_with) needs their tables too.
  std::vector<const Partition*> parts = {part};
  for (const std::string& other : part->max_with) parts.push_back(find_partition(other));
  int failures = 0;
  // Ctrl-C stops a build within a second (the stop flag is polled as a search polls it); the
  // tables finished before it stay in the cache directory, the one being built is not written.
  const hsearch::Limits limits = cli.common().limits();
  try {
    for (const Partition* current : parts) {
      const auto share = shared_tables(*current);
      std::vector<std::shared_ptr<const PatternDatabase>> tables(current->patterns.size());
      for (std::size_t i = 0; i < current->patterns.size(); ++i) {
        const auto& tiles = current->patterns[i];
        if (share[i].source >= 0) {  // read through an earlier table (board_symmetry.hpp)
          const auto& s = symmetries[share[i].symmetry];
          std::cout << "pattern " << i + 1 << " is the " << s.name << " image of pattern "
                    << share[i].source + 1 << ": reads its table\n";
          if (verify_shared) {
            const auto t0 = std::chrono::steady_clock::now();
            PatternDatabase own(geometry, tiles);
            const auto file = dir / own.file_name();
            bool loaded = false;
            if (std::filesystem::exists(file)) {  // a table our BFS wrote earlier (checksummed)
              try {
                own.load(file);
                loaded = true;
              } catch (const hsearch::TableFileError&) {
              }
            }
            if (!loaded) own.build(verbose ? &std::cerr : nullptr, limits);
            const std::uint64_t mismatches =
                count_mismatches(own, *tables[static_cast<std::size_t>(share[i].source)], s);
            std::cout << "  verified: own table " << (loaded ? "loaded from " + file.string() : "built")
                      << " in "
                      << std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count()
                      << " s, " << mismatches << " of " << own.size()
                      << " entries differ from the shared lookup\n";
            failures += mismatches != 0;
          }
          continue;
        }
        const auto t0 = std::chrono::steady_clock::now();
        const auto pdb = load_or_build_pdb(geometry, tiles, dir, &std::cerr, verbose, limits);
        if (verify_shared) tables[i] = pdb;  // kept only to compare shared terms
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        unsigned max = 0;
        double sum = 0;
        for (std::uint8_t v : pdb->table()) {
          if (v == PatternDatabase::kUnset) continue;
          max = std::max<unsigned>(max, v);
          sum += v;
        }
        std::cout << (dir / pdb->file_name()).string() << ": " << pdb->size() << " entries, max "
                  << max << ", mean " << sum / static_cast<double>(pdb->size()) << ", "
                  << (pdb->reachable() ? "built" : "loaded") << " in " << s << " s\n";
      }
    }
  } catch (const hsearch::StoppedByLimit& stopped) {
    std::cerr << kProgram << ": stopped (" << hsearch::to_string(stopped.reason)
              << "): the table being built is not saved; finished ones are in " << dir.string() << "\n";
    return app::code(app::ExitStatus::interrupted);
  }
  return app::code(failures == 0 ? app::ExitStatus::solved : app::ExitStatus::internal_error);
}

