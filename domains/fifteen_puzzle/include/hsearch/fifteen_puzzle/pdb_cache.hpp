#pragma once
// Where pattern databases are cached, and load-or-build.
//
// Cache directory, first that applies: an explicit directory (program option --pdb-dir),
// $HSEARCH_CACHE_DIR, $XDG_CACHE_HOME/hsearch, $HOME/.cache/hsearch, ./hsearch-cache.
// A cached file is used only when its header (kind, board, tiles, format version) and checksum
// match; otherwise the table is rebuilt and the file rewritten.
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <ostream>
#include <string>

#include "hsearch/fifteen_puzzle/pattern_database.hpp"

namespace hsearch::fifteen {

inline std::filesystem::path default_cache_dir() {
  const auto env = [](const char* name) -> std::string {
    const char* v = std::getenv(name);
    return (v != nullptr) ? std::string(v) : std::string();
  };
  if (auto d = env("HSEARCH_CACHE_DIR"); !d.empty()) return d;
  if (auto d = env("XDG_CACHE_HOME"); !d.empty()) return std::filesystem::path(d) / "hsearch";
  if (auto d = env("HOME"); !d.empty()) return std::filesystem::path(d) / ".cache" / "hsearch";
  return "hsearch-cache";
}

// Loads the table from `dir` or builds it (and tries to save it). Messages go to `log`
// (may be null); `verbose` adds one line per breadth-first depth. Throws only when the table
// cannot be built.
inline std::shared_ptr<const PatternDatabase> load_or_build_pdb(const Geometry& geometry,
                                                                std::vector<unsigned> tiles,
                                                                const std::filesystem::path& dir,
                                                                std::ostream* log,
                                                                bool verbose = false) {
  auto pdb = std::make_shared<PatternDatabase>(geometry, std::move(tiles));
  const auto file = dir / pdb->file_name();
  if (std::filesystem::exists(file)) {
    try {
      pdb->load(file);
      return pdb;
    } catch (const TableFileError& e) {
      if (log != nullptr) *log << "pattern database cache rejected, rebuilding: " << e.what() << "\n";
    }
  }
  if (log != nullptr) {
    *log << "building pattern database " << pdb->file_name() << " (" << pdb->size()
         << " entries) into " << dir.string() << "\n";
  }
  const auto t0 = std::chrono::steady_clock::now();
  pdb->build(verbose ? log : nullptr);
  if (log != nullptr) {
    *log << "built " << pdb->file_name() << " in "
         << std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() << " s\n";
  }
  try {
    pdb->save(file);
  } catch (const TableFileError& e) {
    if (log != nullptr) *log << "warning: cannot cache pattern database: " << e.what() << "\n";
  }
  return pdb;
}

}  // namespace hsearch::fifteen
