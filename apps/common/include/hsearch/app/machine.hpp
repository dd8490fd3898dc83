#pragma once
// Defaults that depend on the machine or the user's environment. They live in the program
// layer: the framework and the domains take sizes and paths as arguments and never probe.
#include <cstddef>
#include <filesystem>
#include <string>

namespace hsearch::app {

// The default memory budget of a best-first search: a quarter of the machine's memory (or of
// the container's cgroup limit, v2 or v1, when lower), at least 2 GiB, so that two runs side
// by side and the tables' growth stay well inside it.
std::size_t default_search_memory();

// The cache root for tables (pattern databases): `option` when given, else
// $HSEARCH_CACHE_DIR, else $XDG_CACHE_HOME/hsearch, else ~/.cache/hsearch; empty when none
// of them is set (tables are then built and not saved).
std::filesystem::path cache_dir(const std::string& option);

// Where a user's files (game progress) are kept: $XDG_DATA_HOME/hsearch when absolute, else
// ~/.local/share/hsearch; empty when neither is set.
std::filesystem::path data_dir();

// CPU seconds of the whole process (user + system): on a loaded machine wall time overstates
// the work, so reports can give both.
double process_cpu_seconds();

// The process's peak resident memory in bytes.
std::size_t peak_rss_bytes();

}  // namespace hsearch::app
