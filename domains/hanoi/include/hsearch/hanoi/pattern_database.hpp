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
// Tables are keyed by the group's shape only (radii renumbered 1.. in order, towers kept), the
// peg count and the goal placement, so 13 smallest disks of an 18-disk tower and of a 20-disk
// tower share one file. Files use core/checked_file.hpp (versioned, checksummed); a file that
// fails any check is rebuilt, never trusted.
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
#include "hsearch/hanoi/domain.hpp"
#include "hsearch/hanoi/group_index.hpp"

namespace hsearch::hanoi {

// Bump when the table layout or the index changes: old files are then rebuilt.
inline constexpr int kPdbFormat = 2;

// Where tables are cached unless told otherwise: $HSEARCH_HANOI_PDB_DIR, else
// $XDG_CACHE_HOME/hsearch/hanoi, else $HOME/.cache/hsearch/hanoi; empty (no cache) when none
// of these is set.
inline std::filesystem::path default_pdb_dir() {
  if (const char* d = std::getenv("HSEARCH_HANOI_PDB_DIR"); d != nullptr && *d != '\0') return d;
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x != nullptr && *x != '\0') {
    return std::filesystem::path(x) / "hsearch" / "hanoi";
  }
  if (const char* h = std::getenv("HOME"); h != nullptr && *h != '\0') {
    return std::filesystem::path(h) / ".cache" / "hsearch" / "hanoi";
  }
  return {};
}

struct PdbOptions {
  std::filesystem::path cache_dir = default_pdb_dir();  // empty: build in memory, no file
  std::uint64_t max_entries = std::uint64_t{1} << 28;   // refuse bigger tables (memory)
};

struct PdbError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class PatternDatabase {
 public:
  PatternDatabase(const HanoiDomain& domain, std::vector<int> group, const PdbOptions& options) {
    std::sort(group.begin(), group.end());
    if (group.empty()) throw PdbError("empty disk group");
    const Layout& layout = domain.layout();
    full_index_ = GroupIndexer(layout, group);
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
    const HanoiDomain sub(sub_layout, sub_goal);
    std::vector<int> all(group.size());
    for (std::size_t j = 0; j < all.size(); ++j) all[j] = static_cast<int>(j);
    const GroupIndexer sub_index(sub_layout, all);
    std::string shape;
    for (int j = 0; j < sub_layout.disks(); ++j) shape += (j ? "," : "") + sub_layout.name(j);
    params_ = "format=" + std::to_string(kPdbFormat) + " pegs=" + std::to_string(layout.pegs()) +
              " disks=" + shape + " goal=" + format_position(sub_layout, sub_goal);

    const auto t0 = std::chrono::steady_clock::now();
    if (!options.cache_dir.empty()) {
      std::ostringstream name;
      name << "hanoi-pdb-" << std::hex << fnv1a64(reinterpret_cast<const std::uint8_t*>(params_.data()), params_.size())
           << ".tbl";
      path_ = options.cache_dir / name.str();
      if (std::filesystem::exists(path_)) {
        try {
          load(read_table_file(path_, "hanoi-pdb", params_));
          loaded_ = true;
        } catch (const TableFileError& e) {
          note_ = std::string("rebuilt: ") + e.what();
        }
      }
    }
    if (!loaded_) {
      if (!bfs(sub, sub_index, sub_index.index(sub, sub.goal()), narrow_)) {
        wide_table_ = true;
        narrow_.clear();
        narrow_.shrink_to_fit();
        if (!bfs(sub, sub_index, sub_index.index(sub, sub.goal()), wide_)) {
          throw PdbError("pattern database over " + names_ + ": distances exceed 65534 moves");
        }
      }
      if (!path_.empty()) {
        try {
          write_table_file(path_, "hanoi-pdb", params_, payload());
          saved_ = true;
        } catch (const TableFileError& e) {
          note_ = std::string("not cached: ") + e.what();
        }
      }
    }
    seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    max_value_ = 0;
    for (std::uint64_t i = 0; i < entries(); ++i) max_value_ = std::max(max_value_, at(i));
  }

  int value(const HanoiDomain& domain, const HanoiDomain::State& s) const {
    return at(full_index_.index(domain, s));
  }
  int at(std::uint64_t i) const {
    return wide_table_ ? static_cast<int>(wide_[i]) : static_cast<int>(narrow_[i]);
  }

  std::uint64_t entries() const { return full_index_.size(); }
  std::size_t bytes() const { return narrow_.size() + wide_.size() * 2; }
  int max_value() const { return max_value_; }
  double seconds() const { return seconds_; }  // build or load time
  bool loaded() const { return loaded_; }       // read from the cache file
  bool saved() const { return saved_; }
  const std::filesystem::path& path() const { return path_; }
  const std::string& note() const { return note_; }  // why a file was rebuilt or not written
  const std::string& disks() const { return names_; }
  const std::string& params() const { return params_; }
  const std::vector<int>& group() const { return full_index_.ids(); }

 private:
  // Level-by-level BFS from the goal placement. False when a distance does not fit in T.
  template <class T>
  bool bfs(const HanoiDomain& sub, const GroupIndexer& ix, std::uint64_t goal, std::vector<T>& dist) {
    const T unseen = std::numeric_limits<T>::max();
    dist.assign(ix.size(), unseen);
    std::vector<std::uint32_t> layer{static_cast<std::uint32_t>(goal)}, next;
    dist[goal] = 0;
    const int pegs = sub.pegs();
    const int k = sub.disks();
    for (std::uint64_t depth = 0; !layer.empty(); ++depth) {
      if (depth + 1 >= unseen) return false;
      const T d1 = static_cast<T>(depth + 1);
      next.clear();
      auto visit = [&](std::uint64_t child) {
        if (dist[child] == unseen) {
          dist[child] = d1;
          next.push_back(static_cast<std::uint32_t>(child));
        }
      };
      for (const std::uint32_t idx : layer) {
        if (ix.distinct_radii()) {
          // Digits are pegs; the top of a peg is its last (smallest) disk.
          std::array<int, kMaxPegs> top;
          top.fill(-1);
          std::uint64_t rest = idx;
          for (int j = k; j-- > 0;) {  // smallest disk first (weight 1): keep the first seen
            const auto peg = rest % static_cast<std::uint64_t>(pegs);
            if (top[peg] < 0) top[peg] = j;
            rest /= static_cast<std::uint64_t>(pegs);
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
    return true;
  }

  std::vector<std::uint8_t> payload() const {
    std::vector<std::uint8_t> out;
    out.reserve(1 + bytes());
    out.push_back(wide_table_ ? 2 : 1);
    if (wide_table_) {
      for (std::uint16_t v : wide_) {
        out.push_back(static_cast<std::uint8_t>(v & 0xFF));
        out.push_back(static_cast<std::uint8_t>(v >> 8));
      }
    } else {
      out.insert(out.end(), narrow_.begin(), narrow_.end());
    }
    return out;
  }

  void load(const std::vector<std::uint8_t>& data) {
    const std::uint64_t n = entries();
    if (data.empty() || (data[0] != 1 && data[0] != 2) || data.size() != 1 + n * data[0]) {
      throw TableFileError(path_.string() + ": table size does not match the disk group");
    }
    wide_table_ = data[0] == 2;
    if (wide_table_) {
      wide_.resize(n);
      for (std::uint64_t i = 0; i < n; ++i) {
        wide_[i] = static_cast<std::uint16_t>(data[1 + 2 * i] | (data[2 + 2 * i] << 8));
      }
    } else {
      narrow_.assign(data.begin() + 1, data.end());
    }
  }

  GroupIndexer full_index_;
  std::vector<std::uint8_t> narrow_;
  std::vector<std::uint16_t> wide_;
  bool wide_table_ = false;
  std::string names_, params_, note_;
  std::filesystem::path path_;
  bool loaded_ = false, saved_ = false;
  double seconds_ = 0;
  int max_value_ = 0;
};

}  // namespace hsearch::hanoi
