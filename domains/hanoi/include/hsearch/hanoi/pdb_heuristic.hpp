#pragma once
// Additive pattern databases over disjoint disk groups, maximised over several partitions
// (admissibility: see pattern_database.hpp). The "tower projection" heuristic is the special
// case of one group per tower: the sum over towers of the exact single-tower distance.
#include <algorithm>
#include <map>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include "hsearch/hanoi/pattern_database.hpp"

namespace hsearch::hanoi {

using Partition = std::vector<std::vector<int>>;  // disjoint groups of disk ids

// Groups of consecutive disk ids (largest disks first: ids go by decreasing radius, then tower)
// of the given sizes; the sizes must add up to the number of disks.
inline Partition partition_by_sizes(const Layout& layout, const std::vector<int>& sizes) {
  Partition p;
  int next = 0;
  for (int size : sizes) {
    if (size < 1) throw PdbError("pattern database group sizes must be at least 1");
    if (next + size > layout.disks()) break;
    std::vector<int> g(static_cast<std::size_t>(size));
    std::iota(g.begin(), g.end(), next);
    next += size;
    p.push_back(std::move(g));
  }
  const int total = std::accumulate(sizes.begin(), sizes.end(), 0);
  if (total != layout.disks()) {
    throw PdbError("pattern database group sizes add up to " + std::to_string(total) +
                   " but the problem has " + std::to_string(layout.disks()) + " disks");
  }
  return p;
}

// Sliding windows: for every offset o, the group of `size` consecutive disks starting at o, and
// the group of all the others. With one tower, all windows have the same shape, and so do all
// the complements, so the partitions share two tables (for the classic goal) and the max over
// them costs lookups, not memory.
inline std::vector<Partition> window_partitions(const Layout& layout, int size) {
  if (size < 1 || size >= layout.disks()) {
    throw PdbError("window size must be between 1 and the number of disks - 1");
  }
  std::vector<Partition> parts;
  for (int o = 0; o + size <= layout.disks(); ++o) {
    std::vector<int> window, rest;
    for (int id = 0; id < layout.disks(); ++id) (id >= o && id < o + size ? window : rest).push_back(id);
    parts.push_back({window, rest});
  }
  return parts;
}

// One group per tower.
inline Partition partition_by_towers(const Layout& layout) {
  Partition p(static_cast<std::size_t>(layout.towers()));
  for (int id = 0; id < layout.disks(); ++id) p[static_cast<std::size_t>(layout.disk(id).tower)].push_back(id);
  p.erase(std::remove_if(p.begin(), p.end(), [](const auto& g) { return g.empty(); }), p.end());
  return p;
}

// Default partition: as few groups as the entry limit allows, the largest group holding the
// smallest disks (sizes listed largest disks first, e.g. 18 disks on 4 pegs with 2^26 entries:
// 5,13).
inline std::vector<int> automatic_sizes(const Layout& layout, std::uint64_t max_entries) {
  std::vector<int> sizes;
  int end = layout.disks();
  while (end > 0) {
    int begin = end - 1;
    while (begin > 0) {
      std::vector<int> g;
      for (int id = begin - 1; id < end; ++id) g.push_back(id);
      if (GroupIndexer(layout, g).size() > max_entries) break;
      --begin;
    }
    sizes.push_back(end - begin);
    end = begin;
  }
  std::reverse(sizes.begin(), sizes.end());
  return sizes;
}

class PdbHeuristic {
 public:
  PdbHeuristic(const HanoiDomain& domain, const std::vector<Partition>& partitions,
               const PdbOptions& options)
      : domain_(&domain) {
    if (partitions.empty()) throw PdbError("no partition given");
    std::map<std::vector<int>, std::size_t> known;
    for (const Partition& part : partitions) {
      std::vector<int> used(static_cast<std::size_t>(domain.disks()), 0);
      std::vector<std::size_t> members;
      for (std::vector<int> g : part) {
        std::sort(g.begin(), g.end());
        for (int id : g) {
          if (id < 0 || id >= domain.disks()) throw PdbError("disk id out of range in a partition");
          if (used[static_cast<std::size_t>(id)]++ != 0) {
            throw PdbError("disk " + domain.layout().name(id) +
                           " is in two groups of one partition (the sum would not be admissible)");
          }
        }
        auto it = known.find(g);
        if (it == known.end()) {
          tables_.push_back(std::make_shared<const PatternDatabase>(domain, g, options, &registry_));
          it = known.emplace(g, tables_.size() - 1).first;
        }
        members.push_back(it->second);
      }
      partitions_.push_back(std::move(members));
    }
  }

  int estimate(const HanoiDomain::State& s) const {
    int best = 0;
    for (const auto& part : partitions_) {
      int sum = 0;
      for (std::size_t t : part) sum += tables_[t]->value(*domain_, s);
      best = std::max(best, sum);
    }
    return best;
  }
  bool admissible() const { return true; }

  const std::vector<std::shared_ptr<const PatternDatabase>>& tables() const { return tables_; }
  const std::vector<std::vector<std::size_t>>& partitions() const { return partitions_; }
  // Memory of the distinct tables (groups of one shape and goal share one).
  std::size_t bytes() const {
    std::size_t b = 0;
    for (const auto& [params, t] : registry_) b += t->bytes();
    return b;
  }

 private:
  const HanoiDomain* domain_;
  PdbRegistry registry_;
  std::vector<std::shared_ptr<const PatternDatabase>> tables_;
  std::vector<std::vector<std::size_t>> partitions_;  // indices into tables_
};

}  // namespace hsearch::hanoi
