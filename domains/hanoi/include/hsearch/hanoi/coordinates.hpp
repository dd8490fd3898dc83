#pragma once
// Where every disk is: its peg and its level (0 = bottom), and the height of every peg. The
// seed's Manhattan and Belfort heuristics are written in these coordinates.
#include <array>
#include <cstdint>

#include "hsearch/hanoi/domain.hpp"

namespace hsearch::hanoi {

struct Coordinates {
  std::array<std::uint8_t, kMaxDisks> peg{};
  std::array<std::uint8_t, kMaxDisks> level{};
  std::array<std::uint8_t, kMaxPegs> height{};
};

inline Coordinates coordinates_of(const HanoiDomain& domain, const HanoiDomain::State& s) {
  Coordinates c;
  for (int q = 0; q < domain.pegs(); ++q) {
    const auto qq = static_cast<std::size_t>(q);
    int h = 0;
    for (std::uint8_t d = s.top[qq]; d != HanoiDomain::kNone; d = s.below[d]) ++h;
    c.height[qq] = static_cast<std::uint8_t>(h);
    int level = h;
    for (std::uint8_t d = s.top[qq]; d != HanoiDomain::kNone; d = s.below[d]) {
      c.peg[d] = static_cast<std::uint8_t>(q);
      c.level[d] = static_cast<std::uint8_t>(--level);
    }
  }
  return c;
}

}  // namespace hsearch::hanoi
