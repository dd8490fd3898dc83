#pragma once
// Integer path costs and the "dead end" value.
//
// Costs are integers everywhere (no floating point: comparisons stay exact and
// f-values can be bucketed). A heuristic that knows a state cannot reach a goal
// returns dead_end<Cost>(); every search prunes such a state and counts it in
// Statistics::dead_ends.
#include <concepts>
#include <limits>

namespace hsearch {

template <std::integral Cost>
constexpr Cost dead_end() noexcept {
  return std::numeric_limits<Cost>::max();
}

template <std::integral Cost>
constexpr bool is_dead_end(Cost h) noexcept {
  return h == dead_end<Cost>();
}

// a + b, clamped to the dead-end value so that sums of large bounds never wrap.
template <std::integral Cost>
constexpr Cost saturating_add(Cost a, Cost b) noexcept {
  constexpr Cost top = dead_end<Cost>();
  if (a >= top - b) return top;
  return static_cast<Cost>(a + b);
}

}  // namespace hsearch
