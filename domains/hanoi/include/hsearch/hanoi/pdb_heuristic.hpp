#pragma once
// Additive pattern databases over disjoint disk groups, maximised over several partitions
// (admissibility: see pattern_database.hpp). The "tower projection" heuristic is the special
// case of one group per tower: the sum over towers of the exact single-tower distance.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <numeric>
#include <stdexcept>
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

// Entries of a table over `group` (GroupIndexer::size), or a value above every limit when the
// index does not even fit in 64 bits.
inline std::uint64_t group_entries(const Layout& layout, const std::vector<int>& group) {
  try {
    return GroupIndexer(layout, group).size();
  } catch (const std::length_error&) {
    return std::numeric_limits<std::uint64_t>::max();
  }
}

// `ids` cut into consecutive groups whose tables have at most `max_entries` entries each: the
// last group holds the last ids (the smallest disks) and as many as fit, and so on towards the
// front. Disjoint groups, so their sum stays admissible. Throws PdbError when one disk alone
// needs more entries (the limit is below the peg count).
inline Partition split_to_fit(const Layout& layout, const std::vector<int>& ids, std::uint64_t max_entries) {
  Partition groups;
  std::size_t end = ids.size();
  while (end > 0) {
    std::size_t begin = end - 1;
    if (group_entries(layout, {ids[begin]}) > max_entries) {
      throw PdbError("a table over one disk has " + std::to_string(group_entries(layout, {ids[begin]})) +
                     " entries, more than the limit " + std::to_string(max_entries));
    }
    while (begin > 0 &&
           group_entries(layout, std::vector<int>(ids.begin() + static_cast<std::ptrdiff_t>(begin - 1),
                                                  ids.begin() + static_cast<std::ptrdiff_t>(end))) <= max_entries) {
      --begin;
    }
    groups.emplace(groups.begin(), ids.begin() + static_cast<std::ptrdiff_t>(begin),
                   ids.begin() + static_cast<std::ptrdiff_t>(end));
    end = begin;
  }
  return groups;
}

// Sliding windows: for every offset o, the group of `size` consecutive disks starting at o, and
// the other disks, in groups within `rest_max_entries` (split_to_fit). With one tower, all
// windows have the same shape, and so do the groups of the rest, so the partitions share a few
// tables (for the classic goal) and the max over them costs lookups, not memory.
inline std::vector<Partition> window_partitions(const Layout& layout, int size,
                                                std::uint64_t rest_max_entries = std::numeric_limits<std::uint64_t>::max()) {
  if (size < 1 || size >= layout.disks()) {
    throw PdbError("window size must be between 1 and the number of disks - 1");
  }
  std::vector<Partition> parts;
  for (int o = 0; o + size <= layout.disks(); ++o) {
    std::vector<int> window, rest;
    for (int id = 0; id < layout.disks(); ++id) (id >= o && id < o + size ? window : rest).push_back(id);
    Partition p = {window};
    for (auto& g : split_to_fit(layout, rest, rest_max_entries)) p.push_back(std::move(g));
    parts.push_back(std::move(p));
  }
  return parts;
}

// One group per tower; a tower whose table would exceed `max_entries` is cut into groups
// within `split_entries` (split_to_fit: a weaker bound that still fits).
inline Partition partition_by_towers(const Layout& layout,
                                     std::uint64_t max_entries = std::numeric_limits<std::uint64_t>::max(),
                                     std::uint64_t split_entries = std::numeric_limits<std::uint64_t>::max()) {
  Partition towers(static_cast<std::size_t>(layout.towers()));
  for (int id = 0; id < layout.disks(); ++id) towers[static_cast<std::size_t>(layout.disk(id).tower)].push_back(id);
  Partition p;
  for (auto& g : towers) {
    if (g.empty()) continue;
    if (group_entries(layout, g) <= max_entries) {
      p.push_back(std::move(g));
    } else {
      for (auto& piece : split_to_fit(layout, g, std::min(max_entries, split_entries))) p.push_back(std::move(piece));
    }
  }
  return p;
}

// Default partition: as few groups as the entry limit allows, the largest group holding the
// smallest disks (sizes listed largest disks first, e.g. 18 disks on 4 pegs with 2^26 entries:
// 5,13).
inline std::vector<int> automatic_sizes(const Layout& layout, std::uint64_t max_entries) {
  std::vector<int> all(static_cast<std::size_t>(layout.disks()));
  std::iota(all.begin(), all.end(), 0);
  std::vector<int> sizes;
  for (const auto& g : split_to_fit(layout, all, max_entries)) sizes.push_back(static_cast<int>(g.size()));
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
