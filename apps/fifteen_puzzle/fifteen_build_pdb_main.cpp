// fifteen-build-pdb: builds (or checks) the pattern databases of a partition into the cache
// directory ahead of time, reporting size and build time. pdb-78's 8-tile table has
// 16!/8! = 518,918,400 entries; building it takes minutes and about 2 GB of memory.
#include <boost/program_options.hpp>
#include <chrono>
#include <iostream>
#include <sstream>
#include <string>

#include "hsearch/fifteen_puzzle/pdb_cache.hpp"
#include "hsearch/fifteen_puzzle/pdb_heuristic.hpp"

namespace po = boost::program_options;
using namespace hsearch::fifteen;

int main(int argc, char** argv) {
  std::string partition_name;
  bool verbose = false;
  po::options_description desc(
      "Usage: fifteen-build-pdb --partition NAME [--pdb-dir DIR]\n"
      "Builds the partition's pattern databases (or loads and checks the cached ones).\n\nOptions");
  desc.add_options()("help,h", "show this help")(
      "partition", po::value(&partition_name)->required(),
      "pdb-555 | pdb-663 | pdb-78 | pdb-6666 | pdb-333")(
      "pdb-dir", po::value<std::string>(),
      "cache directory (default: $HSEARCH_CACHE_DIR, else $XDG_CACHE_HOME/hsearch, else "
      "~/.cache/hsearch)")("verbose,v", po::bool_switch(&verbose), "one line per BFS depth");
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, desc), vm);
    if (vm.count("help") != 0) {
      std::cout << desc << "\n";
      return 0;
    }
    po::notify(vm);
  } catch (const std::exception& e) {
    std::cerr << "fifteen-build-pdb: " << e.what() << " (see --help)\n";
    return 2;
  }
  const Partition* part = find_partition(partition_name);
  if (part == nullptr) {
    std::cerr << "fifteen-build-pdb: unknown partition '" << partition_name << "'\n";
    return 2;
  }
  const auto dir = vm.count("pdb-dir") ? std::filesystem::path(vm["pdb-dir"].as<std::string>())
                                       : default_cache_dir();
  const Geometry geometry(part->width, part->height);
  for (const auto& tiles : part->patterns) {
    const auto t0 = std::chrono::steady_clock::now();
    const auto pdb = load_or_build_pdb(geometry, tiles, dir, &std::cerr, verbose);
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
  return 0;
}
