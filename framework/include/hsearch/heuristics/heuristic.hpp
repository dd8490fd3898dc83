#pragma once
// The heuristic contract.
//
// Required:  Cost estimate(const State& s) const;   a cost-to-goal estimate, or dead_end<Cost>()
//            when s provably cannot reach a goal (the search prunes it and counts a dead end).
// Optional:  Cost estimate_after(const State& child, const Move& m, Cost parent_h) const;
//            the incremental update: the child's value from the parent's value
//            and the move just applied. Searches call it instead of estimate() when present.
//            using Memo = ...;  Cost estimate(const State& s, Memo& memo) const;
//            Cost estimate_after(const State& child, const Move& m, const Memo& parent,
//                                Memo& child_memo) const;
//            for a value built from parts (a pattern database's terms, a sum and a max) that
//            the parent's value alone cannot update: the parts travel in a Memo, filled by
//            estimate(s, memo) at the root and by estimate_after from the parent's. IDA*
//            keeps one Memo per depth (on its stack: nothing allocated per node) and uses
//            these instead of the two above; searches that store nodes call estimate(s).
//            bool admissible() const;   false for heuristics that may overestimate (Hanoi's
//            "Belfort", weighted heuristics). Absent means admissible. A search never calls a
//            result optimal when its heuristic is not admissible.
//            static constexpr bool kNeverDeadEnd = true;   the heuristic never returns
//            dead_end() and its values stay far below it (Manhattan distance, pattern
//            databases): searches then leave out the dead-end test and the saturating sum per
//            child. Absent means it may.
#include <concepts>

#include "hsearch/core/cost.hpp"
#include "hsearch/core/domain.hpp"

namespace hsearch {

template <class H, class D>
concept Heuristic = Domain<D> && requires(const H& h, const typename D::State& s) {
  { h.estimate(s) } -> std::convertible_to<typename D::Cost>;
};

template <class H, class D>
concept IncrementalHeuristic =
    Heuristic<H, D> && requires(const H& h, const typename D::State& s, const typename D::Move& m,
                                typename D::Cost parent_h) {
      { h.estimate_after(s, m, parent_h) } -> std::convertible_to<typename D::Cost>;
    };

template <class H, class D>
concept MemoHeuristic =
    Heuristic<H, D> && std::default_initializable<typename H::Memo> &&
    requires(const H& h, const typename D::State& s, const typename D::Move& m, typename H::Memo& memo,
             const typename H::Memo& parent) {
      { h.estimate(s, memo) } -> std::convertible_to<typename D::Cost>;
      { h.estimate_after(s, m, parent, memo) } -> std::convertible_to<typename D::Cost>;
    };

// H::Memo, named only where H has one (std::conditional_t picks it lazily).
template <class H>
struct MemoOf {
  using type = typename H::Memo;
};

// The value of a freshly generated child: incremental when the heuristic supports it.
template <Domain D, Heuristic<D> H>
inline typename D::Cost evaluate_child(const H& h, const typename D::State& child,
                                       const typename D::Move& m, typename D::Cost parent_h) {
  if constexpr (IncrementalHeuristic<H, D>) {
    return static_cast<typename D::Cost>(h.estimate_after(child, m, parent_h));
  } else {
    (void)m;
    (void)parent_h;
    return static_cast<typename D::Cost>(h.estimate(child));
  }
}

// False when the heuristic promises never to return dead_end() (kNeverDeadEnd above).
template <class H>
constexpr bool may_return_dead_end() {
  if constexpr (requires { { H::kNeverDeadEnd } -> std::convertible_to<bool>; }) {
    return !H::kNeverDeadEnd;
  } else {
    return true;
  }
}

template <class H>
bool is_admissible(const H& h) {
  if constexpr (requires { { h.admissible() } -> std::convertible_to<bool>; }) {
    return h.admissible();
  } else {
    return true;
  }
}

}  // namespace hsearch
