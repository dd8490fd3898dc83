#pragma once
// The player's region in a small abstraction of a level: a few squares of the level, each a
// bit of a mask, plus one node OUT standing for all of the floor outside them (goal rooms,
// goal_room_bound.hpp; deadlock windows, window_deadlocks.hpp). OUT is joined to every square
// next to outside floor, so a region that touches one of them holds OUT and every other such
// square that is empty.
#include <bit>
#include <concepts>
#include <cstddef>

namespace hsearch::sokoban {

template <std::unsigned_integral Mask>
struct SmallAreaRegion {
  Mask squares = 0;
  bool out = false;
};

// The region reached from square `from`, or from OUT when `from_out`, over the squares of
// `open` (the empty ones). `near[i]` holds the squares next to square i; `by_outside` those
// next to outside floor. Bit operations only: no allocation, a handful of steps per call.
template <std::unsigned_integral Mask, class Near>
SmallAreaRegion<Mask> flood_small_area(Mask open, const Near& near, Mask by_outside, int from, bool from_out) {
  SmallAreaRegion<Mask> r;
  Mask frontier = 0;
  if (from_out) {
    r.out = true;
    frontier = by_outside & open;
  } else {
    frontier = static_cast<Mask>(Mask{1} << from) & open;
  }
  while (frontier != 0) {
    r.squares |= frontier;
    Mask next = 0;
    for (Mask f = frontier; f != 0; f &= f - 1) next |= near[static_cast<std::size_t>(std::countr_zero(f))];
    if (!r.out && (frontier & by_outside) != 0) {
      r.out = true;
      next |= by_outside;
    }
    frontier = next & open & ~r.squares;
  }
  return r;
}

}  // namespace hsearch::sokoban
