#pragma once
// A dense number for the placement of a group of disks (all other disks ignored): the index of
// a pattern-database entry.
//
// Counting. Disks of different radii never constrain each other's order on a peg (the larger is
// always below), so a position is independent placements of its equal-radius classes. Place the
// m disks of one class one at a time: with j of them already placed, the next one can go to
// any of P pegs at any of (disks of the class already there + 1) heights: P + j choices. So a
// class has P (P+1) ... (P+m-1) placements, the group has their product, and the choice made
// for each disk (its "slot") is a mixed-radix digit of radix P + j. With one disk per radius
// (single tower) the digit is just the peg: the index is the pegs read as a base-P number.
#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "hsearch/hanoi/domain.hpp"

namespace hsearch::hanoi {

class GroupIndexer {
 public:
  GroupIndexer() = default;

  // `group`: disk ids of `layout`, any order (sorted here). Throws when the group has more
  // than 2^63 placements.
  GroupIndexer(const Layout& layout, std::vector<int> group) : pegs_(layout.pegs()) {
    std::sort(group.begin(), group.end());
    ids_ = std::move(group);
    const std::size_t k = ids_.size();
    weight_.resize(k);
    radix_.resize(k);
    earlier_.resize(k);
    distinct_ = true;
    for (std::size_t j = 0; j < k; ++j) {
      int before = 0;
      for (std::size_t e = 0; e < j; ++e) {
        if (layout.radius(ids_[e]) == layout.radius(ids_[j])) ++before;
      }
      earlier_[j] = before;
      if (before > 0) distinct_ = false;
      radix_[j] = pegs_ + before;
    }
    // The smallest disks (moved most often) get the smallest weights: a move of a small disk
    // then changes the index a little, which keeps table accesses of a BFS or a search close.
    std::uint64_t weight = 1;
    for (std::size_t j = k; j-- > 0;) {
      weight_[j] = weight;
      if (weight > (std::uint64_t{1} << 62) / static_cast<std::uint64_t>(radix_[j])) {
        throw std::length_error("disk group too large to index");
      }
      weight *= static_cast<std::uint64_t>(radix_[j]);
    }
    size_ = weight;
  }

  std::uint64_t size() const { return size_; }
  const std::vector<int>& ids() const { return ids_; }
  // True when no two group disks share a radius: then the digit of a disk is its peg.
  bool distinct_radii() const { return distinct_; }
  std::uint64_t weight(std::size_t j) const { return weight_[j]; }

  // The index of the group's placement in a state of `domain` (whose layout the ids refer to).
  std::uint64_t index(const HanoiDomain& domain, const HanoiDomain::State& s) const {
    std::uint64_t idx = 0;
    if (distinct_) {
      for (std::size_t j = 0; j < ids_.size(); ++j) {
        idx += s.peg[static_cast<std::size_t>(ids_[j])] * weight_[j];
      }
      return idx;
    }
    std::array<int, kMaxDisks> peg{}, depth{};
    for (std::size_t j = 0; j < ids_.size(); ++j) {
      peg[j] = s.peg[static_cast<std::size_t>(ids_[j])];
      depth[j] = earlier_[j] > 0 || (j + 1 < ids_.size() && earlier_[j + 1] > 0)
                     ? domain.rank_in_class(s, ids_[j])
                     : 0;
      idx += digit(j, peg, depth) * weight_[j];
    }
    return idx;
  }

  // Inverse of index() for a domain whose disks are exactly the group (ids 0..k-1 in order).
  // No allocation: pattern-database builds call it once per entry.
  HanoiDomain::State state_of(const HanoiDomain& group_domain, std::uint64_t idx) const {
    HanoiDomain::State s = group_domain.blank();
    std::array<std::array<std::uint8_t, kMaxDisks>, kMaxPegs> stack;  // one class, per peg
    std::array<int, kMaxPegs> count{};
    std::size_t j = 0;
    while (j < ids_.size()) {
      // One class: the disks j .. end-1 (earlier_ counts up from 0 inside it).
      std::size_t end = j + 1;
      while (end < ids_.size() && earlier_[end] > 0) ++end;
      count.fill(0);
      for (std::size_t c = j; c < end; ++c) {
        std::uint64_t slot = (idx / weight_[c]) % static_cast<std::uint64_t>(radix_[c]);
        for (int q = 0; q < pegs_; ++q) {
          auto& st = stack[static_cast<std::size_t>(q)];
          int& n = count[static_cast<std::size_t>(q)];
          if (slot <= static_cast<std::uint64_t>(n)) {
            for (int i = n; i > static_cast<int>(slot); --i) st[static_cast<std::size_t>(i)] = st[static_cast<std::size_t>(i - 1)];
            st[slot] = static_cast<std::uint8_t>(c);
            ++n;
            break;
          }
          slot -= static_cast<std::uint64_t>(n) + 1;
        }
      }
      for (int q = 0; q < pegs_; ++q) {
        for (int i = 0; i < count[static_cast<std::size_t>(q)]; ++i) {
          HanoiDomain::push(s, stack[static_cast<std::size_t>(q)][static_cast<std::size_t>(i)], q);
        }
      }
      j = end;
    }
    return s;
  }

 private:
  // The slot of disk j among the earlier disks of its class (see the header comment).
  std::uint64_t digit(std::size_t j, const std::array<int, kMaxDisks>& peg,
                      const std::array<int, kMaxDisks>& depth) const {
    const int before = earlier_[j];
    if (before == 0) return static_cast<std::uint64_t>(peg[j]);
    std::array<int, kMaxPegs> count{};
    int below = 0;
    for (std::size_t e = j - static_cast<std::size_t>(before); e < j; ++e) {
      ++count[static_cast<std::size_t>(peg[e])];
      if (peg[e] == peg[j] && depth[e] < depth[j]) ++below;
    }
    std::uint64_t slot = 0;
    for (int q = 0; q < peg[j]; ++q) slot += static_cast<std::uint64_t>(count[static_cast<std::size_t>(q)] + 1);
    return slot + static_cast<std::uint64_t>(below);
  }

  int pegs_ = 3;
  std::vector<int> ids_;
  std::vector<std::uint64_t> weight_;
  std::vector<int> radix_;
  std::vector<int> earlier_;  // disks of the same radius earlier in the group
  std::uint64_t size_ = 1;
  bool distinct_ = true;
};

}  // namespace hsearch::hanoi
