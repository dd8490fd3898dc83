#include "hsearch/app/machine.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>

namespace hsearch::app {

namespace {
std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v != nullptr ? std::string(v) : std::string();
}
}  // namespace

std::size_t default_search_memory() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  std::size_t total = pages > 0 && page > 0 ? static_cast<std::size_t>(pages) * static_cast<std::size_t>(page) : 0;
  for (const char* path : {"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"}) {
    std::ifstream in(path);
    unsigned long long limit = 0;
    if (in >> limit && limit > 0 && limit < total) total = static_cast<std::size_t>(limit);
  }
  return std::max<std::size_t>(std::size_t{2048} << 20, total / 4);
}

std::filesystem::path cache_dir(const std::string& option) {
  if (!option.empty()) return option;
  if (auto d = env("HSEARCH_CACHE_DIR"); !d.empty()) return d;
  if (auto d = env("XDG_CACHE_HOME"); !d.empty()) return std::filesystem::path(d) / "hsearch";
  if (auto d = env("HOME"); !d.empty()) return std::filesystem::path(d) / ".cache" / "hsearch";
  return {};
}

std::filesystem::path data_dir() {
  if (auto d = env("XDG_DATA_HOME"); !d.empty() && std::filesystem::path(d).is_absolute()) {
    return std::filesystem::path(d) / "hsearch";
  }
  if (auto d = env("HOME"); !d.empty()) return std::filesystem::path(d) / ".local" / "share" / "hsearch";
  return {};
}

double process_cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

std::size_t peak_rss_bytes() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<std::size_t>(u.ru_maxrss) * 1024;  // Linux: kilobytes
}

}  // namespace hsearch::app
