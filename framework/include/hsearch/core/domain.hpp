#pragma once
// The domain contract: what a search problem must provide so that every
// algorithm of the framework (BFS, DFS, A*, IDA*) can solve it.
//
// Required (checked by the concept `Domain`):
//   typename State      copyable, equality-comparable; the full search state.
//   typename Move       small and copyable; one applicable action.
//   typename Undo       what undo() needs to restore the state (may be an empty struct).
//   typename Cost       an integer type; the cost of moves and paths.
//
//   template <class F> void for_each_move(const State& s, F&& f) const;
//       calls f(move) once per move applicable in s, in the domain's preferred order.
//       It must not allocate per call (keep scratch buffers as members).
//   Cost  cost(const State& before, const Move& m) const;   // cost of m, >= 0
//   Undo  apply(State& s, const Move& m) const;             // in place
//   void  undo(State& s, const Move& m, const Undo& u) const; // exact inverse of apply
//   bool  is_goal(const State& s) const;
//   std::uint64_t hash(const State& s) const;   // need not be unique: tables compare states
//
// Optional (detected with `requires`; see the traits below):
//   static constexpr unsigned kLabelCount;  unsigned label(const Move&) const;
//       move labels in [0, kLabelCount) for move-pruning automata (kLabelCount <= 64).
//   unsigned inverse_label(unsigned) const;  the label that undoes a label (inverse-move pruning).
//   static constexpr bool kUnitCost = true;  every move costs 1: BFS and depth-iterative
//       DFS are then optimal. Absent means "costs may differ".
//   typename Key; Key pack(const State&) const; State unpack(const Key&) const;
//       a compact form that best-first searches and transposition tables store instead of State.
//   State unpack(const Key&, const Move& reached_by) const;  unpack() told the move that
//       reached the state, for what the state keeps of it and the key leaves out (A* passes it).
//   std::string move_name(const Move&) const;     used by traces and DOT output.
//   std::string state_string(const State&) const; used by traces and DOT output.
//   Undo apply_deferred(State& s, const Move& m) const;  void complete(State& s, const Move& m) const;
//       apply in two steps: apply_deferred does what hash(), pack() and is_goal() need;
//       complete() does the rest (say a lower bound kept in the state). A* calls complete()
//       only for children that are not duplicates, so that work is not spent on the many
//       children it already knows; undo() must undo both. apply() must stay the whole thing
//       (it is what the depth-first searches use).
//   std::size_t held_bytes() const;  memory the domain object holds and grows during a search
//       (caches, tables it learns): A*, BFS and HDA* count it against Limits::max_bytes and in
//       Statistics::peak_bytes beside their own tables, so a memory limit covers it too.
//
// A domain object may keep mutable scratch buffers, so one domain object serves
// one search at a time; run parallel searches on separate domain objects.
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string>

namespace hsearch {

namespace detail {
// A stand-in for the callback a search passes to for_each_move.
template <class Move>
struct MoveSinkArchetype {
  void operator()(const Move&) const {}
};
}  // namespace detail

template <class D>
concept Domain =
    std::copyable<typename D::State> && std::equality_comparable<typename D::State> &&
    std::copyable<typename D::Move> && std::copy_constructible<typename D::Undo> &&
    std::integral<typename D::Cost> &&
    requires(const D& d, typename D::State& s, const typename D::State& cs,
             const typename D::Move& m, const typename D::Undo& u,
             detail::MoveSinkArchetype<typename D::Move> sink) {
      d.for_each_move(cs, sink);
      { d.cost(cs, m) } -> std::same_as<typename D::Cost>;
      { d.apply(s, m) } -> std::same_as<typename D::Undo>;
      d.undo(s, m, u);
      { d.is_goal(cs) } -> std::convertible_to<bool>;
      { d.hash(cs) } -> std::convertible_to<std::uint64_t>;
    };

// Moves carry labels: move-pruning automata can be used.
template <class D>
concept LabelledDomain = Domain<D> && requires(const D& d, const typename D::Move& m) {
  { D::kLabelCount } -> std::convertible_to<unsigned>;
  { d.label(m) } -> std::convertible_to<unsigned>;
} && (D::kLabelCount >= 1 && D::kLabelCount <= 64);

// Every label has an inverse: the inverse-move automaton can be built.
template <class D>
concept InvertibleLabels = LabelledDomain<D> && requires(const D& d, unsigned l) {
  { d.inverse_label(l) } -> std::convertible_to<unsigned>;
};

template <class D>
constexpr bool has_unit_cost() {
  if constexpr (requires { D::kUnitCost; }) {
    return static_cast<bool>(D::kUnitCost);
  } else {
    return false;
  }
}

// The domain has a compact key form for stored states.
template <class D>
concept PackableDomain = Domain<D> && requires(const D& d, const typename D::State& s,
                                               const typename D::Key& k) {
  requires std::equality_comparable<typename D::Key>;
  requires std::copyable<typename D::Key>;
  { d.pack(s) } -> std::same_as<typename D::Key>;
  { d.unpack(k) } -> std::same_as<typename D::State>;
};

// A packable domain whose states keep something of the move that reached them and their key
// leaves out (Sokoban's "box pushed last", which orders its moves): unpack(k, m) is unpack(k)
// told that move m reached the state. A best-first search that stores each node's move passes
// it, so a state's moves come in the same order however it was rebuilt.
template <class D>
concept MoveAwareUnpackDomain =
    PackableDomain<D> && requires(const D& d, const typename D::Key& k, const typename D::Move& m) {
      { d.unpack(k, m) } -> std::same_as<typename D::State>;
    };

// The domain applies moves in two steps (apply_deferred, then complete for new children).
template <class D>
concept DeferredApplyDomain = Domain<D> && requires(const D& d, typename D::State& s, const typename D::Move& m) {
  { d.apply_deferred(s, m) } -> std::same_as<typename D::Undo>;
  d.complete(s, m);
};

// The domain's own lower bound grows while a search runs (Sokoban's pattern search learns
// penalties and deadlocks as it goes): current_bound(s) is what the domain says of a state
// now, with all it has learnt since the state was generated, and dead_end<Cost>() when it now
// knows the state cannot reach a goal. It is as admissible as the first value, so a search may
// take the larger of the two (AStarOptions::revalue_before_expanding). It only reads what the
// domain has learnt: it learns nothing itself.
template <class D>
concept LearningBoundDomain = Domain<D> && requires(const D& d, const typename D::State& s) {
  { d.current_bound(s) } -> std::convertible_to<typename D::Cost>;
};

// A learning domain that may also learn about a state when a search is about to expand it:
// bound_before_expanding(s, m, held), with m the move that reached s, is current_bound(s) after
// whatever the domain chooses to learn about s (Sokoban's sub-searches spent on the states a
// layer of A* expands rather than on every child as it is generated). `held` is the bound the
// search already holds for s (its first value, or a higher one from an earlier revaluation):
// the domain may spend less on a state whose held bound is above what it knows cheaply, as the
// search keeps the larger of the two. As admissible as current_bound; a best-first search calls
// it where it would call current_bound on a node it has reached by a move.
template <class D>
concept ExpandLearningDomain =
    LearningBoundDomain<D> &&
    requires(const D& d, const typename D::State& s, const typename D::Move& m, typename D::Cost held) {
      { d.bound_before_expanding(s, m, held) } -> std::convertible_to<typename D::Cost>;
    };

// What a best-first search applies before it looks a child up: the first step of a two-step
// domain (complete() follows only for children that are new), the whole apply() otherwise.
template <Domain D>
typename D::Undo apply_for_lookup(const D& d, typename D::State& s, const typename D::Move& m) {
  if constexpr (DeferredApplyDomain<D>) {
    return d.apply_deferred(s, m);
  } else {
    return d.apply(s, m);
  }
}

// The domain withholds some legal moves from its move lists by a pruning of its own (Sokoban's
// PI-corrals) and keeps a running count of them: searches report the moves withheld during
// their run in Statistics::withheld, beside the other cuts.
template <class D>
concept CountsWithheldMoves = requires(const D& d) {
  { d.withheld_moves() } -> std::convertible_to<std::uint64_t>;
};

template <class D>
std::uint64_t withheld_moves(const D& d) {
  if constexpr (CountsWithheldMoves<D>) {
    return static_cast<std::uint64_t>(d.withheld_moves());
  } else {
    return 0;
  }
}

// The domain reports the memory it holds of its own (see held_bytes() above).
template <class D>
concept ReportsHeldBytes = requires(const D& d) {
  { d.held_bytes() } -> std::convertible_to<std::size_t>;
};

template <class D>
std::size_t held_bytes(const D& d) {
  if constexpr (ReportsHeldBytes<D>) {
    return static_cast<std::size_t>(d.held_bytes());
  } else {
    return 0;
  }
}

// How a domain names a move / a state for people (traces, DOT); a fallback otherwise.
template <Domain D>
std::string move_name(const D& d, const typename D::Move& m) {
  if constexpr (requires { { d.move_name(m) } -> std::convertible_to<std::string>; }) {
    return d.move_name(m);
  } else if constexpr (LabelledDomain<D>) {
    return "label " + std::to_string(d.label(m));
  } else {
    return "move";
  }
}

template <Domain D>
std::string state_string(const D& d, const typename D::State& s) {
  if constexpr (requires { { d.state_string(s) } -> std::convertible_to<std::string>; }) {
    return d.state_string(s);
  } else {
    return "#" + std::to_string(d.hash(s));
  }
}

}  // namespace hsearch
