#pragma once
// Heuristic building blocks: zero, max-of, sum-of, weighted.
//
// Combinators evaluate their parts with estimate() (not incrementally: a combined parent value
// does not tell the parts' parent values). A part that keeps its own incremental value inside
// the domain's State stays fast. A dead end from any part makes the combination a dead end.
#include <algorithm>
#include <tuple>

#include "hsearch/core/cost.hpp"
#include "hsearch/heuristics/heuristic.hpp"

namespace hsearch {

// h = 0: turns A* into Dijkstra and IDA* into cost-bounded iterative deepening.
struct ZeroHeuristic {
  template <class State>
  constexpr int estimate(const State&) const noexcept {
    return 0;
  }
};

// max(h1, h2, ...): admissible when every part is.
template <class Cost, class... Hs>
class MaxOf {
 public:
  explicit MaxOf(Hs... parts) : parts_(std::move(parts)...) {}

  template <class State>
  Cost estimate(const State& s) const {
    Cost best = 0;
    bool dead = false;
    std::apply(
        [&](const auto&... h) {
          (([&] {
             if (dead) return;
             const Cost v = static_cast<Cost>(h.estimate(s));
             if (is_dead_end(v)) dead = true;
             best = std::max(best, v);
           }()),
           ...);
        },
        parts_);
    return dead ? dead_end<Cost>() : best;
  }

  bool admissible() const {
    return std::apply([](const auto&... h) { return (is_admissible(h) && ...); }, parts_);
  }

 private:
  std::tuple<Hs...> parts_;
};

// h1 + h2 + ...: admissible only when the parts count disjoint costs (e.g. additive pattern
// databases over disjoint tile sets); the caller vouches for that with `additive_admissible`.
template <class Cost, class... Hs>
class SumOf {
 public:
  explicit SumOf(bool additive_admissible, Hs... parts)
      : parts_(std::move(parts)...), additive_admissible_(additive_admissible) {}

  template <class State>
  Cost estimate(const State& s) const {
    Cost total = 0;
    bool dead = false;
    std::apply(
        [&](const auto&... h) {
          (([&] {
             if (dead) return;
             const Cost v = static_cast<Cost>(h.estimate(s));
             if (is_dead_end(v)) {
               dead = true;
             } else {
               total = saturating_add(total, v);
             }
           }()),
           ...);
        },
        parts_);
    return dead ? dead_end<Cost>() : total;
  }

  bool admissible() const {
    return additive_admissible_ &&
           std::apply([](const auto&... h) { return (is_admissible(h) && ...); }, parts_);
  }

 private:
  std::tuple<Hs...> parts_;
  bool additive_admissible_;
};

// factor * h (integer factor). Factor > 1 trades optimality for speed: not admissible.
template <class Cost, class H>
class Weighted {
 public:
  Weighted(H part, Cost factor) : part_(std::move(part)), factor_(factor) {}

  template <class State>
  Cost estimate(const State& s) const {
    const Cost v = static_cast<Cost>(part_.estimate(s));
    if (is_dead_end(v)) return v;
    if (factor_ != 0 && v > dead_end<Cost>() / factor_) return dead_end<Cost>() - 1;
    return static_cast<Cost>(v * factor_);
  }

  bool admissible() const { return factor_ <= 1 && is_admissible(part_); }

 private:
  H part_;
  Cost factor_;
};

template <class Cost, class... Hs>
MaxOf<Cost, Hs...> max_of(Hs... parts) {
  return MaxOf<Cost, Hs...>(std::move(parts)...);
}

template <class Cost, class... Hs>
SumOf<Cost, Hs...> sum_of(bool additive_admissible, Hs... parts) {
  return SumOf<Cost, Hs...>(additive_admissible, std::move(parts)...);
}

}  // namespace hsearch
