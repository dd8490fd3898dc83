#pragma once
// The one plan-replay check: before a program prints a plan it replays it from the start state
// with nothing but the domain's own rules. A search bug then shows up as a refused plan, never
// as a wrong answer printed as solved.
#include <concepts>
#include <cstdint>
#include <vector>

#include "hsearch/core/domain.hpp"

namespace hsearch {

// True when every move of `plan` is one the domain offers in the state it is played in, the
// last state is a goal, and the moves' costs add up to `cost`.
template <Domain D>
bool plan_replays(const D& domain, typename D::State state, const std::vector<typename D::Move>& plan,
                  std::int64_t cost) {
  using Move = typename D::Move;
  std::int64_t total = 0;
  for (const Move& m : plan) {
    bool offered = false;
    domain.for_each_move(state, [&](const Move& candidate) {
      if constexpr (std::equality_comparable<Move>) {
        offered = offered || candidate == m;
      } else {
        offered = offered || move_name(domain, candidate) == move_name(domain, m);
      }
    });
    if (!offered) return false;
    total += static_cast<std::int64_t>(domain.cost(state, m));
    domain.apply(state, m);
  }
  return domain.is_goal(state) && total == cost;
}

}  // namespace hsearch
