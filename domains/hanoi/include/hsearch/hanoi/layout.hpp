#pragma once
// The disks of a multi-tower Hanoi problem and its number of pegs.
//
// A disk is (tower, radius). Disks of different towers may share a radius but stay distinct
// (as in the seed). Disks are numbered by decreasing radius, then by tower: the disks of one radius
// (an "equal-radius class") have consecutive ids. A disk may sit on an empty peg or on a disk
// of greater or EQUAL radius, so on a peg the disks of one class are contiguous and only their
// bottom-to-top order distinguishes positions.
#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>
#include <vector>

namespace hsearch::hanoi {

inline constexpr int kMaxPegs = 16;
inline constexpr int kMaxDisks = 32;
inline constexpr int kMaxTowers = 26;  // towers are named a..z
inline constexpr int kMaxRadius = 99;

struct Disk {
  int tower = 0;   // 0 = 'a'
  int radius = 1;  // >= 1
  bool operator==(const Disk&) const = default;
};

struct LayoutError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

inline std::string disk_name(const Disk& d) {
  std::string s;  // built by appends: g++ 12 warns falsely on string(1, c) + to_string(...)
  s.push_back(static_cast<char>('a' + d.tower));
  s.append(std::to_string(d.radius));
  return s;
}
inline std::string peg_name(int peg) { return std::string(1, static_cast<char>('A' + peg)); }

class Layout {
 public:
  Layout() = default;

  // Any set of distinct disks (not necessarily whole towers: pattern databases use subsets).
  Layout(int pegs, std::vector<Disk> disk_list) : pegs_(pegs), disks_(std::move(disk_list)) {
    if (pegs_ < 3 || pegs_ > kMaxPegs) {
      throw LayoutError("the number of pegs must be between 3 and " + std::to_string(kMaxPegs) +
                        " (got " + std::to_string(pegs_) + ")");
    }
    if (disks_.empty()) throw LayoutError("there must be at least one disk");
    if (static_cast<int>(disks_.size()) > kMaxDisks) {
      throw LayoutError("at most " + std::to_string(kMaxDisks) + " disks are supported (got " +
                        std::to_string(disks_.size()) + ")");
    }
    for (const Disk& d : disks_) {
      if (d.tower < 0 || d.tower >= kMaxTowers) throw LayoutError("tower out of range a..z");
      if (d.radius < 1 || d.radius > kMaxRadius) {
        throw LayoutError("disk radius must be between 1 and " + std::to_string(kMaxRadius));
      }
    }
    std::sort(disks_.begin(), disks_.end(), [](const Disk& x, const Disk& y) {
      return x.radius != y.radius ? x.radius > y.radius : x.tower < y.tower;
    });
    for (std::size_t i = 1; i < disks_.size(); ++i) {
      if (disks_[i] == disks_[i - 1]) throw LayoutError("disk " + disk_name(disks_[i]) + " twice");
    }
    class_first_.resize(disks_.size());
    class_size_.resize(disks_.size());
    for (std::size_t i = 0; i < disks_.size();) {
      std::size_t j = i;
      while (j < disks_.size() && disks_[j].radius == disks_[i].radius) ++j;
      for (std::size_t k = i; k < j; ++k) {
        class_first_[k] = static_cast<int>(i);
        class_size_[k] = static_cast<int>(j - i);
      }
      max_class_ = std::max(max_class_, static_cast<int>(j - i));
      i = j;
    }
    peg_bits_ = std::bit_width(static_cast<unsigned>(pegs_ - 1));
    rank_bits_ = std::bit_width(static_cast<unsigned>(max_class_ - 1));
    if (disks() * (peg_bits_ + rank_bits_) > 128) {
      throw LayoutError("this layout needs " + std::to_string(disks() * (peg_bits_ + rank_bits_)) +
                        " bits per position; at most 128 are supported (fewer disks or pegs)");
    }
  }

  // Whole towers: tower t holds radii 1..heights[t].
  static Layout towers(int pegs, const std::vector<int>& heights) {
    if (heights.empty() || static_cast<int>(heights.size()) > kMaxTowers) {
      throw LayoutError("the number of towers must be between 1 and " + std::to_string(kMaxTowers));
    }
    std::vector<Disk> disks;
    for (std::size_t t = 0; t < heights.size(); ++t) {
      if (heights[t] < 1) throw LayoutError("every tower needs at least one disk");
      if (heights[t] > kMaxRadius) throw LayoutError("tower too high");
      for (int r = 1; r <= heights[t]; ++r) disks.push_back(Disk{static_cast<int>(t), r});
    }
    if (static_cast<int>(disks.size()) > kMaxDisks) {
      throw LayoutError("at most " + std::to_string(kMaxDisks) + " disks are supported (got " +
                        std::to_string(disks.size()) + ")");
    }
    return Layout(pegs, std::move(disks));
  }

  int pegs() const { return pegs_; }
  int disks() const { return static_cast<int>(disks_.size()); }
  const Disk& disk(int id) const { return disks_[static_cast<std::size_t>(id)]; }
  int radius(int id) const { return disk(id).radius; }
  std::string name(int id) const { return disk_name(disk(id)); }
  const std::vector<Disk>& all_disks() const { return disks_; }

  // The id of a disk, or -1.
  int find(const Disk& d) const {
    for (int i = 0; i < disks(); ++i) {
      if (disks_[static_cast<std::size_t>(i)] == d) return i;
    }
    return -1;
  }

  int towers() const {
    int t = 0;
    for (const Disk& d : disks_) t = std::max(t, d.tower + 1);
    return t;
  }

  // Equal-radius classes: the ids class_first(id) .. class_first(id)+class_size(id)-1.
  int class_first(int id) const { return class_first_[static_cast<std::size_t>(id)]; }
  int class_size(int id) const { return class_size_[static_cast<std::size_t>(id)]; }
  int max_class_size() const { return max_class_; }

  // Bits used by the packed form: a peg index and a rank inside the class per disk.
  int peg_bits() const { return peg_bits_; }
  int rank_bits() const { return rank_bits_; }

  bool operator==(const Layout& o) const { return pegs_ == o.pegs_ && disks_ == o.disks_; }

 private:
  int pegs_ = 3;
  std::vector<Disk> disks_;
  std::vector<int> class_first_;
  std::vector<int> class_size_;
  int max_class_ = 1;
  int peg_bits_ = 2;
  int rank_bits_ = 0;
};

// Stacks of disk ids, one per peg, bottom to top.
using Position = std::vector<std::vector<int>>;

// Empty when `p` is a legal position of `layout` (every disk exactly once, never on a smaller
// disk, the right number of pegs); otherwise what is wrong.
inline std::string position_error(const Layout& layout, const Position& p) {
  if (static_cast<int>(p.size()) != layout.pegs()) {
    return "position has " + std::to_string(p.size()) + " pegs, expected " +
           std::to_string(layout.pegs());
  }
  std::vector<int> seen(static_cast<std::size_t>(layout.disks()), 0);
  for (std::size_t peg = 0; peg < p.size(); ++peg) {
    for (std::size_t i = 0; i < p[peg].size(); ++i) {
      const int id = p[peg][i];
      if (id < 0 || id >= layout.disks()) return "unknown disk id " + std::to_string(id);
      if (seen[static_cast<std::size_t>(id)]++ != 0) return "disk " + layout.name(id) + " twice";
      if (i > 0 && layout.radius(p[peg][i - 1]) < layout.radius(id)) {
        return "peg " + peg_name(static_cast<int>(peg)) + ": disk " + layout.name(id) +
               " on the smaller disk " + layout.name(p[peg][i - 1]);
      }
    }
  }
  for (int id = 0; id < layout.disks(); ++id) {
    if (seen[static_cast<std::size_t>(id)] == 0) return "disk " + layout.name(id) + " missing";
  }
  return {};
}

}  // namespace hsearch::hanoi
