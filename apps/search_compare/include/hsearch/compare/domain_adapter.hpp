#pragma once
// The one interface search-compare needs from a domain. A domain plugs in by implementing it
// (apps/search_compare/adapters/); the runner, the tables, the CSV and the HTML report are
// domain-independent.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include "hsearch/compare/run_record.hpp"
#include "hsearch/core/limits.hpp"
#include "hsearch/observers/teaching_observer.hpp"
#include "hsearch/search/by_name.hpp"

namespace hsearch::compare {

// An instance's name from its number in its file or collection: "#12".
inline std::string numbered_name(std::size_t number) {
  // (appended, not "#" + ...: GCC 12 warns, wrongly, -Wrestrict, on that operator+ once inlined)
  std::string name = "#";
  name += std::to_string(number);
  return name;
}

class DomainAdapter {
 public:
  virtual ~DomainAdapter() = default;

  // The --domain name.
  virtual std::string name() const = 0;
  // What can be chosen: algorithms, and heuristics and prunings by name.
  virtual std::vector<Algorithm> algorithms() const = 0;
  virtual std::vector<std::string> heuristics() const = 0;
  virtual std::vector<std::string> prunings() const = 0;  // includes "none"
  // Defaults when the user gives no list.
  virtual std::vector<Algorithm> default_algorithms() const { return algorithms(); }
  virtual std::vector<std::string> default_heuristics() const { return {heuristics().front()}; }
  virtual std::vector<std::string> default_prunings() const { return {"none"}; }
  // Why a configuration cannot run (empty: it can). The default refuses pruning outside
  // depth-first searches: with duplicate detection it can lose optimality.
  virtual std::string refuse(const Configuration& c) const {
    if (c.pruning != "none" && !is_depth_first(c.algorithm)) {
      return std::string(to_string(c.algorithm)) + " takes no move pruning (with duplicate detection it can lose "
             "optimality)";
    }
    return {};
  }
  // A short note for --help: the instance file format.
  virtual std::string instance_format() const = 0;

  // Replace the instance list: from a file (throws InputError naming file, line and problem)
  // or n random instances drawn from `seed`. Return the instances' names.
  virtual std::vector<std::string> load_instances(const std::string& path) = 0;
  virtual std::vector<std::string> generate_instances(std::size_t n, std::uint64_t seed) = 0;

  // Called once, single-threaded, before any run: build or load shared read-only tables
  // (pattern databases) the configurations need, cached under `cache_dir` (empty: build, do
  // not save; the program resolves --cache-dir). Progress may be logged on `log`. A build
  // polls `limits` (one run's limits: the stop flag and the time limit, each table on a clock
  // of its own); a table they stop is not made, and every run that needs it records the stop
  // reason (0 expansions) instead of searching.
  virtual void prepare(const std::vector<Configuration>& /*configurations*/,
                       const std::filesystem::path& /*cache_dir*/, std::ostream& /*log*/,
                       const Limits& /*limits*/ = {}) {}

  // One run. Called concurrently from several threads: it builds its own domain object (domain
  // objects keep scratch buffers and are never shared) and only reads the adapter's tables.
  // The plan is replayed before the record says solved.
  virtual RunRecord run(std::size_t instance, const Configuration& c, const Limits& limits,
                        const Teaching& teaching) const = 0;
};

}  // namespace hsearch::compare
