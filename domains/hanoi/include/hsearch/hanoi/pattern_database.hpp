#pragma once
// Pattern databases over disk groups, built by breadth-first search and cached on disk.
//
// The abstraction of a group G keeps the disks of G and deletes all others. Its table holds,
// for every placement of G, the exact number of moves that takes it to the goal's placement of
// G in the G-only puzzle (the puzzle is reversible, so one BFS from the goal placement fills it).
//
// Why it is a lower bound on the moves of G's disks (and so sums over disjoint groups are
// admissible): take any legal plan of the full puzzle and keep only the moves of G's disks.
// Each kept move is legal in the G-only puzzle: the moved disk was the top of its peg, so it is
// the top G-disk there; it landed on a disk of greater or equal radius, and every disk of the
// target peg has radius >= its own, in particular the top G-disk there. Equal-radius G-disks
// keep their relative order. So the kept moves solve the G-only puzzle: at least table[G]
// of them. Moves of disjoint groups are different moves, hence sum over a partition <= plan
// length; a maximum over several partitions is then admissible too.
//
// The goal may also be a SET, "no disk on these pegs" (PdbOptions::goal_off_pegs, used by the
// symmetric method's half problem): the BFS then starts from every placement in the set, and
// the argument above holds with "the G-only puzzle's goal set" in place of its goal.
//
// Tables are keyed by the group's shape only (radii renumbered 1.. in order, towers kept), the
// peg count and the goal placement, so 13 smallest disks of an 18-disk tower and of a 20-disk
// tower share one file. Files use core/checked_file.hpp (versioned, checksummed); a file that
// fails any check is rebuilt, never trusted.
#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "hsearch/core/checked_file.hpp"
#include "hsearch/core/limits.hpp"
#include "hsearch/core/result.hpp"
#include "hsearch/hanoi/domain.hpp"
#include "hsearch/hanoi/group_index.hpp"

namespace hsearch::hanoi {

// Bump when the table layout or the index changes: old files are then rebuilt.
inline constexpr int kPdbFormat = 2;
// The largest distance a 2-byte table stores; deeper placements store it too (a lower bound).
inline constexpr int kMaxWide = 65534;

struct PdbOptions {
  std::filesystem::path cache_dir;                      // empty: build in memory, no file
  std::uint64_t max_entries = std::uint64_t{1} << 28;   // refuse bigger tables (memory)
  // Nonzero: the goal is a SET, "no disk on these pegs" (bit q = peg q), instead of the
  // domain's goal position. Each table then holds the distance of a group placement to the
  // nearest placement of the group with no disk on these pegs (one BFS started from all of
  // them). Admissible for that goal set by the same argument: a plan's G-moves take G to such
  // a placement. Used by the symmetric method (symmetric_solver.hpp).
  std::uint32_t goal_off_pegs = 0;
  // Polled while a table is built (a big one takes minutes), as a search polls them: the time
  // limit (on Limits::clock_start's clock, shared with the search) or the stop flag stops the
  // build with StoppedByLimit, and no file is written. The node and memory limits are the
  // search's.
  Limits limits;
};

struct PdbError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The distances of one group-only puzzle; shared by every group of the same shape and goal.
struct PdbTable {
  std::vector<std::uint8_t> narrow;  // 1 byte per entry, or
  std::vector<std::uint16_t> wide;   // 2 bytes when a distance exceeds 254
  bool is_wide = false;
  int max_value = 0;
  std::string params;
  std::filesystem::path path;
  bool loaded = false, saved = false;
  double seconds = 0;  // build or load time
  std::string note;    // why a file was rebuilt or not written

  int at(std::uint64_t i) const {
    return is_wide ? static_cast<int>(wide[i]) : static_cast<int>(narrow[i]);
  }
  std::size_t bytes() const { return narrow.size() + wide.size() * 2; }
};

// Tables already in memory, by their params string.
using PdbRegistry = std::map<std::string, std::shared_ptr<const PdbTable>>;

class PatternDatabase {
 public:
  // With a registry, a table of the same shape and goal already built is reused.
  PatternDatabase(const HanoiDomain& domain, std::vector<int> group, const PdbOptions& options,
                  PdbRegistry* registry = nullptr) {
    std::sort(group.begin(), group.end());
    if (group.empty()) throw PdbError("empty disk group");
    const Layout& layout = domain.layout();
    try {
      full_index_ = GroupIndexer(layout, group);
    } catch (const std::length_error&) {
      throw PdbError("pattern database over " + std::to_string(group.size()) +
                     " disks: far too many entries; use smaller groups");
    }
    for (int id : group) names_ += (names_.empty() ? "" : ",") + layout.name(id);
    if (full_index_.size() > options.max_entries || full_index_.size() > 0xFFFFFFFFull) {
      throw PdbError("pattern database over " + std::to_string(group.size()) + " disks (" + names_ +
                     ") would have " + std::to_string(full_index_.size()) +
                     " entries, more than the limit " + std::to_string(options.max_entries) +
                     ": use smaller groups");
    }
    // The group-only puzzle, radii renumbered 1.. (only their order and equalities matter).
    std::vector<int> radii;
    for (int id : group) radii.push_back(layout.radius(id));
    std::sort(radii.begin(), radii.end());
    radii.erase(std::unique(radii.begin(), radii.end()), radii.end());
    std::vector<Disk> sub_disks;
    std::map<int, int> sub_id;  // full id -> group-puzzle id (same order)
    for (std::size_t j = 0; j < group.size(); ++j) {
      const Disk& d = layout.disk(group[j]);
      const int r = static_cast<int>(std::lower_bound(radii.begin(), radii.end(), d.radius) - radii.begin()) + 1;
      sub_disks.push_back(Disk{d.tower, r});
      sub_id[group[j]] = static_cast<int>(j);
    }
    Layout sub_layout(layout.pegs(), sub_disks);
    Position sub_goal(static_cast<std::size_t>(layout.pegs()));
    for (std::size_t q = 0; q < sub_goal.size(); ++q) {
      for (int id : domain.goal_position()[q]) {
        if (auto it = sub_id.find(id); it != sub_id.end()) sub_goal[q].push_back(it->second);
      }
    }
    std::string shape;
    for (int j = 0; j < sub_layout.disks(); ++j) shape += (j ? "," : "") + sub_layout.name(j);
    const std::uint32_t off = options.goal_off_pegs & ((std::uint32_t{1} << layout.pegs()) - 1);
    if (off == (std::uint32_t{1} << layout.pegs()) - 1) throw PdbError("goal set: every peg excluded");
    std::string goal_text;
    if (off != 0) {
      goal_text = "off:";  // a goal set: no group disk on these pegs
      for (int q = 0; q < layout.pegs(); ++q) goal_text += (off >> q) & 1u ? peg_name(q) : "";
      sub_goal = off_pegs_placement(layout.pegs(), off, static_cast<int>(group.size()));
    } else {
      goal_text = format_position(sub_layout, sub_goal);
    }
    params_ = "format=" + std::to_string(kPdbFormat) + " pegs=" + std::to_string(layout.pegs()) +
              " disks=" + shape + " goal=" + goal_text;
    if (registry != nullptr) {
      if (const auto it = registry->find(params_); it != registry->end()) {
        table_ = it->second;
        shared_ = true;
        return;
      }
    }

    const HanoiDomain sub(sub_layout, sub_goal);
    std::vector<int> all(group.size());
    for (std::size_t j = 0; j < all.size(); ++j) all[j] = static_cast<int>(j);
    const GroupIndexer sub_index(sub_layout, all);
    auto t = std::make_shared<PdbTable>();
    t->params = params_;
    const auto t0 = std::chrono::steady_clock::now();
    if (!options.cache_dir.empty()) {
      std::ostringstream name;
      name << "hanoi-pdb-" << std::hex
           << fnv1a64(reinterpret_cast<const std::uint8_t*>(params_.data()), params_.size()) << ".tbl";
      t->path = options.cache_dir / name.str();
      if (std::filesystem::exists(t->path)) {
        try {
          load(*t, read_table_file(t->path, "hanoi-pdb", params_), full_index_.size());
          t->loaded = true;
        } catch (const TableFileError& e) {
          t->note = std::string("rebuilt: ") + e.what();
        }
      }
    }
    if (!t->loaded) {
      const std::vector<std::uint32_t> seeds =
          off != 0 ? off_pegs_seeds(sub, sub_index, off)
                   : std::vector<std::uint32_t>{static_cast<std::uint32_t>(sub_index.index(sub, sub.goal()))};
      LimitGuard guard(options.limits);
      if (!bfs(sub, sub_index, seeds, t->narrow, guard)) {
        t->is_wide = true;
        t->narrow.clear();
        t->narrow.shrink_to_fit();
        if (!bfs(sub, sub_index, seeds, t->wide, guard)) {
          t->note += std::string(t->note.empty() ? "" : "; ") + "distances above " + std::to_string(kMaxWide) + " stored as " + std::to_string(kMaxWide) +
                    " (still a lower bound)";
        }
      }
      if (!t->path.empty()) {
        try {
          write_table_file(t->path, "hanoi-pdb", params_, payload(*t));
          t->saved = true;
        } catch (const TableFileError& e) {
          t->note += std::string(t->note.empty() ? "" : "; ") + "not cached: " + e.what();
        }
      }
    }
    t->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    for (std::uint64_t i = 0; i < full_index_.size(); ++i) t->max_value = std::max(t->max_value, t->at(i));
    table_ = t;
    if (registry != nullptr) registry->emplace(params_, table_);
  }

  int value(const HanoiDomain& domain, const HanoiDomain::State& s) const {
    return table_->at(full_index_.index(domain, s));
  }
  int at(std::uint64_t i) const { return table_->at(i); }

  std::uint64_t entries() const { return full_index_.size(); }
  std::size_t bytes() const { return table_->bytes(); }
  int max_value() const { return table_->max_value; }
  double seconds() const { return shared_ ? 0.0 : table_->seconds; }  // build or load time
  bool loaded() const { return table_->loaded; }  // read from the cache file
  bool saved() const { return table_->saved; }
  bool shared() const { return shared_; }  // the table of an earlier group of the same shape
  const std::filesystem::path& path() const { return table_->path; }
  const std::string& note() const { return table_->note; }
  const std::string& disks() const { return names_; }
  const std::string& params() const { return params_; }
  const std::vector<int>& group() const { return full_index_.ids(); }
  const PdbTable& table() const { return *table_; }

  // Fills `t` from a cache file's payload (read_table_file, kind "hanoi-pdb") for a table of
  // `n` entries: a width byte (1 or 2), then n little-endian entries of that width. Throws
  // TableFileError, naming t.path, when the payload does not fit. Public so that the payload
  // format can be tested and fuzzed without building a table.
  // Takes the file's payload by value: a 1-byte table keeps its buffer (the width byte is
  // shifted out in place), so loading a 1 GiB table does not need a second GiB.
  static void load(PdbTable& t, std::vector<std::uint8_t> data, std::uint64_t n) {
    if (data.empty() || (data[0] != 1 && data[0] != 2) || data.size() != 1 + n * data[0]) {
      throw TableFileError(t.path.string() + ": table size does not match the disk group");
    }
    t.is_wide = data[0] == 2;
    if (t.is_wide) {
      t.wide.resize(n);
      for (std::uint64_t i = 0; i < n; ++i) {
        t.wide[i] = static_cast<std::uint16_t>(data[1 + 2 * i] | (data[2 + 2 * i] << 8));
      }
    } else {
      data.erase(data.begin());
      t.narrow = std::move(data);
    }
  }

 private:
  // Some goal placement of the set "no disk on the pegs of `off`" (all on the first other
  // peg): the group-only domain needs one goal position; the BFS uses the whole set.
  static Position off_pegs_placement(int pegs, std::uint32_t off, int disks) {
    Position p(static_cast<std::size_t>(pegs));
    int q = 0;
    while ((off >> q) & 1u) ++q;
    for (int j = 0; j < disks; ++j) p[static_cast<std::size_t>(q)].push_back(j);
    return p;
  }

  // The indices of all group placements with no disk on the pegs of `off` (BFS sources).
  static std::vector<std::uint32_t> off_pegs_seeds(const HanoiDomain& sub, const GroupIndexer& ix,
                                                   std::uint32_t off) {
    std::vector<std::uint32_t> seeds;
    if (ix.distinct_radii()) {
      // Digits are pegs: enumerate the digit vectors over the allowed pegs (an odometer).
      std::vector<std::uint32_t> allowed;
      for (int q = 0; q < sub.pegs(); ++q) {
        if (((off >> q) & 1u) == 0) allowed.push_back(static_cast<std::uint32_t>(q));
      }
      const std::size_t k = ix.ids().size();
      std::vector<std::size_t> digit(k, 0);
      for (;;) {
        std::uint64_t idx = 0;
        for (std::size_t j = 0; j < k; ++j) idx += allowed[digit[j]] * ix.weight(j);
        seeds.push_back(static_cast<std::uint32_t>(idx));
        std::size_t j = 0;
        while (j < k && ++digit[j] == allowed.size()) digit[j++] = 0;
        if (j == k) break;
      }
      return seeds;
    }
    for (std::uint64_t idx = 0; idx < ix.size(); ++idx) {  // equal radii: decode and check
      const HanoiDomain::State s = ix.state_of(sub, idx);
      bool ok = true;
      for (int q = 0; q < sub.pegs(); ++q) ok = ok && (((off >> q) & 1u) == 0 || s.top[static_cast<std::size_t>(q)] == HanoiDomain::kNone);
      if (ok) seeds.push_back(static_cast<std::uint32_t>(idx));
    }
    return seeds;
  }

  // Level-by-level BFS from the goal placement(s). With 1-byte entries: false when a distance
  // does not fit (the caller retries with 2 bytes). With 2-byte entries the BFS goes on past
  // kMaxWide and stores kMaxWide for every deeper placement (false then too): smaller than the
  // true distance, so still admissible. Throws StoppedByLimit when the guard's time limit or
  // stop flag says stop.
  template <class T>
  bool bfs(const HanoiDomain& sub, const GroupIndexer& ix, const std::vector<std::uint32_t>& seeds,
           std::vector<T>& dist, LimitGuard& guard) {
    const T unseen = std::numeric_limits<T>::max();
    dist.assign(ix.size(), unseen);
    std::vector<std::uint32_t> layer = seeds, next;
    for (const std::uint32_t g : seeds) dist[g] = 0;
    bool exact = true;
    const int pegs = sub.pegs();
    const int k = sub.disks();
    const int shift = std::has_single_bit(static_cast<unsigned>(pegs)) ? std::countr_zero(static_cast<unsigned>(pegs)) : 0;
    const std::uint32_t mask = static_cast<std::uint32_t>(pegs - 1);
    for (std::uint64_t depth = 0; !layer.empty(); ++depth) {
      if (depth + 1 >= unseen) {
        if (sizeof(T) == 1) return false;
        exact = false;
      }
      const T d1 = static_cast<T>(std::min<std::uint64_t>(depth + 1, unseen - 1));
      next.clear();
      auto visit = [&](std::uint64_t child) {
        if (dist[child] == unseen) {
          dist[child] = d1;
          next.push_back(static_cast<std::uint32_t>(child));
        }
      };
      for (const std::uint32_t idx : layer) {
        guard.poll();
        if (ix.distinct_radii()) {
          // Digits are pegs; the top of a peg is its last (smallest) disk.
          std::array<int, kMaxPegs> top;
          top.fill(-1);
          std::uint32_t rest = idx;
          if (shift > 0) {  // power-of-two peg count: shifts instead of divisions
            for (int j = k; j-- > 0;) {  // smallest disk first (weight 1): keep the first seen
              const std::uint32_t peg = rest & mask;
              if (top[peg] < 0) top[peg] = j;
              rest >>= shift;
            }
          } else {
            for (int j = k; j-- > 0;) {
              const std::uint32_t peg = rest % static_cast<std::uint32_t>(pegs);
              if (top[peg] < 0) top[peg] = j;
              rest /= static_cast<std::uint32_t>(pegs);
            }
          }
          for (int from = 0; from < pegs; ++from) {
            const int d = top[static_cast<std::size_t>(from)];
            if (d < 0) continue;
            for (int to = 0; to < pegs; ++to) {
              const int t = top[static_cast<std::size_t>(to)];
              if (to == from || (t >= 0 && t > d)) continue;  // t > d: a smaller disk on top
              visit(idx + static_cast<std::uint64_t>(to) * ix.weight(static_cast<std::size_t>(d)) -
                    static_cast<std::uint64_t>(from) * ix.weight(static_cast<std::size_t>(d)));
            }
          }
        } else {
          HanoiDomain::State s = ix.state_of(sub, idx);
          sub.for_each_move(s, [&](const HanoiDomain::Move& m) {
            sub.apply(s, m);
            visit(ix.index(sub, s));
            sub.undo(s, m, {});
          });
        }
      }
      layer.swap(next);
    }
    return exact;
  }

  static std::vector<std::uint8_t> payload(const PdbTable& t) {
    std::vector<std::uint8_t> out;
    out.reserve(1 + t.bytes());
    out.push_back(t.is_wide ? 2 : 1);
    if (t.is_wide) {
      for (std::uint16_t v : t.wide) {
        out.push_back(static_cast<std::uint8_t>(v & 0xFF));
        out.push_back(static_cast<std::uint8_t>(v >> 8));
      }
    } else {
      out.insert(out.end(), t.narrow.begin(), t.narrow.end());
    }
    return out;
  }

  GroupIndexer full_index_;
  std::shared_ptr<const PdbTable> table_;
  bool shared_ = false;
  std::string names_, params_;
};

}  // namespace hsearch::hanoi
