#pragma once
// Pushes and player moves in one cost, in either order of priority:
//
// - pushes, then moves (Priority::pushes_then_moves): push-optimal solutions with fewer player
//   moves, the second pass of the push-optimal solver, which breaks ties between push-optimal
//   plans toward fewer moves where that is cheap;
// - moves, then pushes (Priority::moves_then_pushes): move-optimal solving (--objective moves),
//   the fewest player moves and among those the fewest pushes.
//
// The same pushes as SokobanDomain, but the state also keeps the player's exact square (after
// a push: the square the box left; SokobanDomain keeps only the normalised player), and a push
// costs kPushWeight + the player's steps to reach it + 1. kPushWeight exceeds the moves of any
// plan the solver runs this on (it checks pushes x (cells + 1) < kPushWeight), so a cheapest
// plan has the fewest pushes first and, among those, the fewest moves. Heuristic:
// (kPushWeight + 1) x the push lower bound — admissible, as every push costs that much at least.
// Moves first, a push costs kPushWeight x (the steps to reach it + 1) + 1 (kPushWeight then
// weighs a move; pushes never outnumber moves, so the same check keeps the order), with
// FewestMovesLowerBound as heuristic.
//
// What is and is not guaranteed: the pushes stay optimal (the push bound and deadlock tests
// are the same). The moves are the fewest among the plans of the pruned push graph: PI-corral
// pruning keeps one push-optimal plan, not every one, so another push-optimal solution may
// still need fewer moves; moves first must therefore run on a SokobanDomain without it. Walks
// between pushes are shortest (breadth-first), as in the LURD: between two pushes the boxes
// stand still, so any walk is at least that long.
#include <cstdint>
#include <vector>

#include "hsearch/core/cost.hpp"
#include "hsearch/core/domain.hpp"
#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/cell_set.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"

namespace hsearch::sokoban {

// What the cost counts first: pushes (the fewer-moves pass) or moves (Objective::moves).
enum class MovesPriority { pushes_then_moves, moves_then_pushes };

// PushDomain: the push domain of the level's cell-set width (BasicSokobanDomain<Set>).
template <class PushDomain>
class BasicFewerMovesDomain {
 public:
  using Cost = std::int64_t;
  using Move = Push;
  static constexpr Cost kPushWeight = Cost{1} << 20;
  using Priority = MovesPriority;

  struct State {
    typename PushDomain::State inner;
    std::uint16_t at = kNoCell;  // the player's square
    bool operator==(const State& o) const { return at == o.at && inner == o.inner; }
  };
  struct Undo {
    typename PushDomain::Undo inner;
    std::uint16_t at;
  };
  struct Key {
    typename PushDomain::CellSetType boxes;
    std::uint16_t at = kNoCell;
    bool operator==(const Key&) const = default;
  };

  // `pushes` is the domain the plan was found with (same board, same pruning settings).
  explicit BasicFewerMovesDomain(const PushDomain& pushes, Priority priority = Priority::pushes_then_moves)
      : pushes_(pushes), priority_(priority), walks_(pushes.board().cell_count()),
        nearest_(pushes.board().cell_count()) {}

  State initial_state() const { return State{pushes_.initial_state(), pushes_.board().initial_player()}; }

  template <class F>
  void for_each_move(const State& s, F&& f) const {
    pushes_.for_each_move(s.inner, f);
  }

  Cost cost(const State& s, const Move& m) const {
    const Cost walk = steps(s, pushes_.board().neighbor(m.from, opposite(m.dir)));
    return priority_ == Priority::pushes_then_moves ? kPushWeight + walk + 1 : kPushWeight * (walk + 1) + 1;
  }
  Priority priority() const { return priority_; }
  const PushDomain& pushes() const { return pushes_; }
  // The push domain's caches grow as this search runs: its memory limit counts them.
  std::size_t held_bytes() const { return hsearch::held_bytes(pushes_); }

  // The steps from the player's square to the nearest square from which some box can be
  // pushed (the next square beyond the box free): no push, hence no solution of an unsolved
  // state, comes sooner. Its own breadth-first search (the cost's walks keep theirs).
  Cost steps_to_a_push(const State& s) const {
    const Board& board = pushes_.board();
    const auto can_push_from = [&](std::uint16_t c) {
      for (int d = 0; d < 4; ++d) {
        const std::uint16_t b = board.neighbor(c, d);
        if (b == kNoCell || !s.inner.boxes.test(b)) continue;
        const std::uint16_t t = board.neighbor(b, d);
        if (t != kNoCell && !s.inner.boxes.test(t)) return true;
      }
      return false;
    };
    const std::uint16_t found = walk(s, nearest_, can_push_from);
    return found == kNoCell ? -1 : nearest_.dist[found];  // -1: no box can be pushed at all
  }

  Undo apply(State& s, const Move& m) const {
    Undo u{pushes_.apply(s.inner, m), s.at};
    s.at = m.from;
    return u;
  }
  void undo(State& s, const Move& m, const Undo& u) const {
    pushes_.undo(s.inner, m, u.inner);
    s.at = u.at;
  }

  bool is_goal(const State& s) const { return pushes_.is_goal(s.inner); }
  std::uint64_t hash(const State& s) const {
    return s.inner.hash ^ (pushes_.board().zobrist_player(s.at) * 0x9E3779B97F4A7C15ULL);
  }

  Key pack(const State& s) const { return Key{s.inner.boxes, s.at}; }
  State unpack(const Key& k) const { return State{pushes_.unpack(typename PushDomain::Key{k.boxes, k.at}), k.at}; }

 private:
  // A breadth-first walk of the player among the boxes, in arrays kept between calls.
  struct Walk {
    explicit Walk(int cells)
        : dist(static_cast<std::size_t>(cells)), seen(static_cast<std::size_t>(cells), 0) {
      queue.reserve(static_cast<std::size_t>(cells));
    }
    std::vector<std::int32_t> dist;
    std::vector<std::uint32_t> seen;  // == stamp: reached in the current walk
    std::vector<std::uint16_t> queue;
    std::uint32_t stamp = 0;
  };

  // Walks from s.at among s's boxes, nearest squares first, until `stop` accepts a square
  // (returned) or every square the player reaches has been seen (kNoCell).
  template <class Stop>
  std::uint16_t walk(const State& s, Walk& w, Stop&& stop) const {
    const Board& board = pushes_.board();
    ++w.stamp;
    w.queue.assign(1, s.at);
    w.seen[s.at] = w.stamp;
    w.dist[s.at] = 0;
    for (std::size_t q = 0; q < w.queue.size(); ++q) {
      const std::uint16_t c = w.queue[q];
      if (stop(c)) return c;
      for (int d = 0; d < 4; ++d) {
        const std::uint16_t n = board.neighbor(c, d);
        if (n == kNoCell || w.seen[n] == w.stamp || s.inner.boxes.test(n)) continue;
        w.seen[n] = w.stamp;
        w.dist[n] = w.dist[c] + 1;
        w.queue.push_back(n);
      }
    }
    return kNoCell;
  }

  // Steps of a shortest walk from s.at to `target` among s's boxes (the last walk is kept, as
  // A* asks for every push of one state in a row).
  Cost steps(const State& s, std::uint16_t target) const {
    if (last_hash_ != hash(s) || !(last_boxes_ == s.inner.boxes) || last_at_ != s.at) {
      last_hash_ = hash(s);
      last_boxes_ = s.inner.boxes;
      last_at_ = s.at;
      walk(s, walks_, [](std::uint16_t) { return false; });
    }
    // A legal push's square is reachable; anything else would be a bug upstream.
    return walks_.seen[target] == walks_.stamp ? walks_.dist[target] : kPushWeight;
  }

  const PushDomain& pushes_;
  Priority priority_;
  mutable Walk walks_;    // the cost's walks
  mutable Walk nearest_;  // steps_to_a_push's (the heuristic's, between two costs of one state)
  mutable std::uint64_t last_hash_ = 0;
  mutable typename PushDomain::CellSetType last_boxes_;
  mutable std::uint16_t last_at_ = kNoCell;
};

using FewerMovesDomain = BasicFewerMovesDomain<SokobanDomain>;

static_assert(Domain<FewerMovesDomain>);
static_assert(PackableDomain<FewerMovesDomain>);

// (kPushWeight + 1) x the push lower bound the inner state keeps: each push left costs its
// weight and at least the one move that pushes.
struct FewerMovesLowerBound {
  template <class State>
  FewerMovesDomain::Cost estimate(const State& s) const {
    if (is_dead_end(s.inner.h)) return dead_end<FewerMovesDomain::Cost>();
    return (FewerMovesDomain::kPushWeight + 1) * s.inner.h;
  }
};

// Moves first: each push left is a move, and before the next push the player must walk to a
// square it can push from, so moves left >= pushes left (the inner push bound) + that walk;
// pushes left >= the push bound. Cost kPushWeight x moves + pushes, so the bound is
// kPushWeight x (h + walk) + h.
template <class MovesDomain>
struct BasicFewestMovesLowerBound {
  const MovesDomain* domain;
  FewerMovesDomain::Cost estimate(const typename MovesDomain::State& s) const {
    if (is_dead_end(s.inner.h)) return dead_end<FewerMovesDomain::Cost>();
    if (domain->is_goal(s)) return 0;
    const FewerMovesDomain::Cost walk = domain->steps_to_a_push(s);
    if (walk < 0) return dead_end<FewerMovesDomain::Cost>();
    return FewerMovesDomain::kPushWeight * (s.inner.h + walk) + s.inner.h;
  }
};

using FewestMovesLowerBound = BasicFewestMovesLowerBound<FewerMovesDomain>;

}  // namespace hsearch::sokoban
