#pragma once
// Push-optimal solutions with fewer player moves: the second pass of the solver, which breaks
// ties between push-optimal plans toward fewer moves where that is cheap.
//
// The same pushes as SokobanDomain, but the state also keeps the player's exact square (after
// a push: the square the box left; SokobanDomain keeps only the normalised player), and a push
// costs kPushWeight + the player's steps to reach it + 1. kPushWeight exceeds the moves of any
// plan the solver runs this on (it checks pushes x (cells + 1) < kPushWeight), so a cheapest
// plan has the fewest pushes first and, among those, the fewest moves. Heuristic:
// (kPushWeight + 1) x the push lower bound — admissible, as every push costs that much at least.
//
// What is and is not guaranteed: the pushes stay optimal (the push bound and deadlock tests
// are the same). The moves are the fewest among the plans of the pruned push graph: PI-corral
// pruning keeps one push-optimal plan, not every one, so another push-optimal solution may
// still need fewer moves. Walks between pushes are shortest (breadth-first), as in the LURD.
#include <cstdint>
#include <vector>

#include "hsearch/core/cost.hpp"
#include "hsearch/core/domain.hpp"
#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/cell_set.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"

namespace hsearch::sokoban {

class FewerMovesDomain {
 public:
  using Cost = std::int64_t;
  using Move = SokobanDomain::Move;
  static constexpr Cost kPushWeight = Cost{1} << 20;

  struct State {
    SokobanDomain::State inner;
    std::uint16_t at = kNoCell;  // the player's square
    bool operator==(const State& o) const { return at == o.at && inner == o.inner; }
  };
  struct Undo {
    SokobanDomain::Undo inner;
    std::uint16_t at;
  };
  struct Key {
    CellSet boxes;
    std::uint16_t at = kNoCell;
    bool operator==(const Key&) const = default;
  };

  // `pushes` is the domain the plan was found with (same board, same pruning settings).
  explicit FewerMovesDomain(const SokobanDomain& pushes)
      : pushes_(pushes), dist_(static_cast<std::size_t>(pushes.board().cell_count())),
        seen_(static_cast<std::size_t>(pushes.board().cell_count()), 0) {
    queue_.reserve(static_cast<std::size_t>(pushes.board().cell_count()));
  }

  State initial_state() const { return State{pushes_.initial_state(), pushes_.board().initial_player()}; }

  template <class F>
  void for_each_move(const State& s, F&& f) const {
    pushes_.for_each_move(s.inner, f);
  }

  Cost cost(const State& s, const Move& m) const {
    return kPushWeight + steps(s, pushes_.board().neighbor(m.from, opposite(m.dir))) + 1;
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
  State unpack(const Key& k) const { return State{pushes_.unpack(SokobanDomain::Key{k.boxes, k.at}), k.at}; }

 private:
  // Steps of a shortest walk from s.at to `target` among s's boxes (breadth-first; the last
  // search is kept, as A* asks for every push of one state in a row).
  Cost steps(const State& s, std::uint16_t target) const {
    if (last_hash_ != hash(s) || !(last_boxes_ == s.inner.boxes) || last_at_ != s.at) {
      last_hash_ = hash(s);
      last_boxes_ = s.inner.boxes;
      last_at_ = s.at;
      ++stamp_;
      queue_.assign(1, s.at);
      seen_[s.at] = stamp_;
      dist_[s.at] = 0;
      const Board& board = pushes_.board();
      for (std::size_t q = 0; q < queue_.size(); ++q) {
        const std::uint16_t c = queue_[q];
        for (int d = 0; d < 4; ++d) {
          const std::uint16_t n = board.neighbor(c, d);
          if (n == kNoCell || seen_[n] == stamp_ || s.inner.boxes.test(n)) continue;
          seen_[n] = stamp_;
          dist_[n] = dist_[c] + 1;
          queue_.push_back(n);
        }
      }
    }
    // A legal push's square is reachable; anything else would be a bug upstream.
    return seen_[target] == stamp_ ? dist_[target] : kPushWeight;
  }

  const SokobanDomain& pushes_;
  mutable std::vector<std::int32_t> dist_;
  mutable std::vector<std::uint32_t> seen_;
  mutable std::vector<std::uint16_t> queue_;
  mutable std::uint32_t stamp_ = 0;
  mutable std::uint64_t last_hash_ = 0;
  mutable CellSet last_boxes_;
  mutable std::uint16_t last_at_ = kNoCell;
};

static_assert(Domain<FewerMovesDomain>);
static_assert(PackableDomain<FewerMovesDomain>);

// (kPushWeight + 1) x the push lower bound the inner state keeps: each push left costs its
// weight and at least the one move that pushes.
struct FewerMovesLowerBound {
  FewerMovesDomain::Cost estimate(const FewerMovesDomain::State& s) const {
    if (is_dead_end(s.inner.h)) return dead_end<FewerMovesDomain::Cost>();
    return (FewerMovesDomain::kPushWeight + 1) * s.inner.h;
  }
};

}  // namespace hsearch::sokoban
