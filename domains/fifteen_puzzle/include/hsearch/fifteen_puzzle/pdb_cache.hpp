#pragma once
// Load-or-build of pattern databases in a cache directory the caller chooses (the programs
// take it from --cache-dir or the environment; the domain never reads either).
// A cached file is used only when its header (kind, board, tiles, format version) and checksum
// match; otherwise the table is rebuilt and the file rewritten.
#include <chrono>
#include <filesystem>
#include <memory>
#include <ostream>
#include <string>

#include "hsearch/fifteen_puzzle/pattern_database.hpp"

namespace hsearch::fifteen {

// Loads the table from `dir` or builds it (and tries to save it there); an empty `dir` means
// build and do not save. Messages go to `log` (may be null); `verbose` adds one line per
// breadth-first depth. Throws only when the table cannot be built, or StoppedByLimit when the
// time limit or the stop flag of `limits` stops the build (nothing is saved then: the file is
// written to a temporary name and renamed only when complete).
inline std::shared_ptr<const PatternDatabase> load_or_build_pdb(const Geometry& geometry,
                                                                std::vector<unsigned> tiles,
                                                                const std::filesystem::path& dir,
                                                                std::ostream* log,
                                                                bool verbose = false,
                                                                const Limits& limits = {}) {
  auto pdb = std::make_shared<PatternDatabase>(geometry, std::move(tiles));
  const auto file = dir.empty() ? std::filesystem::path() : dir / pdb->file_name();
  if (!file.empty() && std::filesystem::exists(file)) {
    try {
      pdb->load(file);
      return pdb;
    } catch (const TableFileError& e) {
      if (log != nullptr) *log << "pattern database cache rejected, rebuilding: " << e.what() << "\n";
    }
  }
  if (log != nullptr) {
    *log << "building pattern database " << pdb->file_name() << " (" << pdb->size() << " entries)"
         << (dir.empty() ? std::string(", not saved: no cache directory") : " into " + dir.string()) << "\n";
  }
  const auto t0 = std::chrono::steady_clock::now();
  try {
    pdb->build(log, limits, verbose);
  } catch (const StoppedByLimit& stopped) {
    if (log != nullptr) {
      *log << "stopped building " << pdb->file_name() << " (" << to_string(stopped.reason) << ") after "
           << std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() << " s: not saved\n";
    }
    throw;
  }
  if (log != nullptr) {
    *log << "built " << pdb->file_name() << " in "
         << std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() << " s\n";
  }
  if (file.empty()) return pdb;
  try {
    pdb->save(file);
  } catch (const TableFileError& e) {
    if (log != nullptr) *log << "warning: cannot cache pattern database: " << e.what() << "\n";
  }
  return pdb;
}

}  // namespace hsearch::fifteen
