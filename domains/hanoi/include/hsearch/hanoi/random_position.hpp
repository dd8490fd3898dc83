#pragma once
// Uniformly random legal positions, seeded.
//
// "A random peg for every disk, largest first" (the seed's method) is not uniform once towers share
// radii: two equal disks on one peg can be stacked two ways, so such placements are twice as
// likely as the counting below says they should be. Exact sampling: the positions are the
// independent placements of each equal-radius class, and a class of m disks has
// P (P+1) ... (P+m-1) placements, built by inserting its disks one at a time, disk j choosing
// one of P + j slots (a peg and a height among the class disks already there). Choosing each
// slot uniformly picks every placement with probability 1 / (P (P+1) ... (P+m-1)): uniform.
#include <cstdint>
#include <random>
#include <vector>

#include "hsearch/hanoi/layout.hpp"

namespace hsearch::hanoi {

// The number of legal positions of a layout, or 0 when it exceeds 2^63.
inline std::uint64_t count_positions(const Layout& layout) {
  std::uint64_t total = 1;
  for (int id = 0; id < layout.disks(); ++id) {
    const auto radix = static_cast<std::uint64_t>(layout.pegs() + id - layout.class_first(id));
    if (total > (std::uint64_t{1} << 63) / radix) return 0;
    total *= radix;
  }
  return total;
}

template <class Rng>
Position random_position(const Layout& layout, Rng& rng) {
  const int pegs = layout.pegs();
  Position p(static_cast<std::size_t>(pegs));
  std::vector<std::vector<int>> cls(static_cast<std::size_t>(pegs));
  for (int first = 0; first < layout.disks(); first += layout.class_size(first)) {
    for (auto& c : cls) c.clear();
    for (int j = 0; j < layout.class_size(first); ++j) {
      std::uniform_int_distribution<int> pick(0, pegs + j - 1);
      int slot = pick(rng);
      for (int q = 0; q < pegs; ++q) {
        auto& st = cls[static_cast<std::size_t>(q)];
        if (slot <= static_cast<int>(st.size())) {
          st.insert(st.begin() + slot, first + j);
          break;
        }
        slot -= static_cast<int>(st.size()) + 1;
      }
    }
    for (int q = 0; q < pegs; ++q) {
      for (int id : cls[static_cast<std::size_t>(q)]) p[static_cast<std::size_t>(q)].push_back(id);
    }
  }
  return p;
}

inline Position random_position(const Layout& layout, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  return random_position(layout, rng);
}

}  // namespace hsearch::hanoi
