#pragma once
// PI-corral pruning (Junghanns' "PI-corrals", used by YASS and Sokolution in optimal search),
// with the conditions chosen so that the proof below holds; it keeps push-optimality.
//
// A corral C is a connected set of empty squares the player cannot reach; its barrier B is the
// set of boxes next to C. Facts about any sequence of pushes from the state S, up to the first
// push of a box of B (call that push p):
//   (1) C stays empty and unreachable: its squares border only C, walls and B (an empty
//       neighbour would be reachable or part of C, a box neighbour is in B).
//   (2) No other box ever enters C or a square next to C: such a square is a wall or in B.
// C is a PI-corral when every push of a barrier box b in direction d, from the player's square
// a to the target t, is one of:
//   * into C (t in C) with a reachable now (P: the push is legal in S), or impossible until p
//     (t a dead square; a a wall, in C, or a box of B);
//   * not into C and impossible until p: t or a a wall, t a dead square or a box of B, a in C
//     or a box of B (I: a barrier box can only ever be pushed into C).
// If moreover the corral must change in every solution (a barrier box is off its goal, or C
// holds a goal and every goal must be filled — by (1)-(2) only a push of B can bring a box in),
// then every solution from S contains p, p is a push into C, and p is legal in S (by P and
// (1)). Moving p to the front of the solution keeps it valid and as long: the pushes before p
// use neither C nor B, and p only frees b's old square and fills a square of C; the player
// ends where it did (its path to a avoided C). So some optimal solution starts with one of the
// corral's legal pushes into C, and the search may generate only those. With none of them
// legal, S is a deadlock.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/cell_set.hpp"

namespace hsearch::sokoban {

// A push as the pruning reports it: the box on `from` goes one square in direction `dir`.
struct CorralPush {
  std::uint16_t from = 0;
  std::uint8_t dir = 0;
};

// Every corral borders a box (the player's area is connected, so an unreachable empty region
// ends at boxes), and a box borders at most four corrals: so a state has at most four corrals
// per box, and a corral's pushes are pushes of its barrier's boxes, four at most per box.
inline constexpr int kMaxCorrals = 4 * kMaxBoxes;
using CorralPushes = std::array<CorralPush, 4 * kMaxBoxes>;

// The PI-corral of the state with the fewest legal pushes: returns the number of its pushes
// (written to `out`; 0 means the state is a deadlock), or -1 when there is no PI-corral that
// must change (then every push has to be considered). No allocation: fixed arrays.
//
// Corrals are combined as in YASS: when a corral fails the conditions only because of a
// square of another corral (the player's square of a push into it, or the target of a push out
// of it), or of a box next to another corral (the player's square or the target), that corral
// is added and the union is checked again. Everything above holds for a union of corrals
// (each part borders only itself, walls and its barrier, which is part of the union's).
template <class Set>
int best_pi_corral(const Board& board, const Set& boxes, const Set& reach, bool every_goal_needed, CorralPushes& out) {
  const int cells = board.cell_count();
  // Corral number of each empty unreachable square (else -1); squares grouped by corral.
  std::array<std::int16_t, Set::kCapacity> label;
  std::array<std::uint16_t, Set::kCapacity> order;
  std::array<std::int16_t, kMaxCorrals + 1> first;
  // Per corral, once: its squares, its barrier (the boxes next to it), whether it holds a goal.
  std::array<Set, kMaxCorrals> corral_cells, corral_barrier;
  std::array<bool, kMaxCorrals> corral_goal;
  std::fill_n(label.begin(), cells, std::int16_t{-1});
  int corrals = 0, placed = 0;
  // The corrals in the order of their smallest squares, read off the empty unreachable squares
  // word by word (most squares are reachable or boxes: no test per square).
  const auto label_corral = [&](int start) {
    first[static_cast<std::size_t>(corrals)] = static_cast<std::int16_t>(placed);
    label[static_cast<std::size_t>(start)] = static_cast<std::int16_t>(corrals);
    order[static_cast<std::size_t>(placed++)] = static_cast<std::uint16_t>(start);
    Set& cells_of = corral_cells[static_cast<std::size_t>(corrals)];
    Set& barrier_of = corral_barrier[static_cast<std::size_t>(corrals)];
    cells_of.clear();
    barrier_of.clear();
    bool goal = false;
    for (int i = first[static_cast<std::size_t>(corrals)]; i < placed; ++i) {
      const std::uint16_t c = order[static_cast<std::size_t>(i)];
      cells_of.set(c);
      goal = goal || board.is_goal(c);
      for (int d = 0; d < 4; ++d) {
        const std::uint16_t n = board.neighbor(c, d);
        if (n == kNoCell || reach.test(n) || label[n] >= 0) continue;
        if (boxes.test(n)) {
          barrier_of.set(n);
          continue;
        }
        label[n] = static_cast<std::int16_t>(corrals);
        order[static_cast<std::size_t>(placed++)] = n;
      }
    }
    corral_goal[static_cast<std::size_t>(corrals)] = goal;
    ++corrals;
  };
  for (int w = 0; w * 64 < cells; ++w) {
    std::uint64_t open = ~(reach.word_at(w) | boxes.word_at(w));
    if (cells - w * 64 < 64) open &= (std::uint64_t{1} << (cells - w * 64)) - 1;
    for (; open != 0; open &= open - 1) {
      const int start = w * 64 + std::countr_zero(open);
      if (label[static_cast<std::size_t>(start)] < 0) label_corral(start);
    }
  }
  first[static_cast<std::size_t>(corrals)] = static_cast<std::int16_t>(placed);
  if (corrals == 0) return -1;

  std::array<std::uint16_t, 4 * kMaxBoxes> barrier;
  CorralPushes pushes;
  int best = -1;
  for (int seed = 0; seed < corrals; ++seed) {
    Set in_union, in_barrier;
    bool has_goal = false;
    auto add = [&](int k) {
      in_union |= corral_cells[static_cast<std::size_t>(k)];
      in_barrier |= corral_barrier[static_cast<std::size_t>(k)];
      has_goal = has_goal || corral_goal[static_cast<std::size_t>(k)];
    };
    // A corral next to box `b` that is not in the union yet, or -1.
    auto corral_beside = [&](int b) {
      for (int d = 0; d < 4; ++d) {
        const std::uint16_t n = board.neighbor(b, d);
        if (n != kNoCell && label[n] >= 0 && !in_union.test(n)) return static_cast<int>(label[n]);
      }
      return -1;
    };
    add(seed);
    for (;;) {
      int barrier_size = 0;
      in_barrier.for_each([&](int b) { barrier[static_cast<std::size_t>(barrier_size++)] = static_cast<std::uint16_t>(b); });
      bool must_change = has_goal && every_goal_needed;
      bool pi = true;
      int grow = -1;  // a corral whose joining may make the union a PI-corral
      int count = 0;
      for (int j = 0; j < barrier_size && pi; ++j) {
        const std::uint16_t b = barrier[static_cast<std::size_t>(j)];
        must_change = must_change || !board.is_goal(b);
        for (int d = 0; d < 4 && pi; ++d) {
          const std::uint16_t t = board.neighbor(b, d), a = board.neighbor(b, opposite(d));
          if (t == kNoCell || a == kNoCell) continue;  // a wall: never possible
          if (!board.is_live(t)) continue;             // onto a dead square: never generated
          if (in_union.test(a) || in_barrier.test(a)) continue;  // impossible until a push of B
          if (in_union.test(t)) {
            if (reach.test(a)) {
              pushes[static_cast<std::size_t>(count++)] = CorralPush{b, static_cast<std::uint8_t>(d)};
            } else {
              pi = false;  // a holds another box, or another corral's square: may open later
              grow = boxes.test(a) ? corral_beside(a) : label[a];
            }
          } else if (!in_barrier.test(t)) {
            pi = false;  // a push out of the union that is, or may become, possible
            if (boxes.test(t)) {
              grow = corral_beside(t);
            } else if (!reach.test(t)) {
              grow = label[t];
            }
          }
        }
      }
      if (pi) {
        if (must_change && (best < 0 || count < best)) {
          best = count;
          for (int k = 0; k < count; ++k) out[static_cast<std::size_t>(k)] = pushes[static_cast<std::size_t>(k)];
          if (best == 0) return 0;
        }
        break;
      }
      if (grow < 0) break;
      add(grow);
    }
  }
  return best;
}

}  // namespace hsearch::sokoban
