#pragma once
// Manhattan distance: the sum over tiles of the L1 distance to the goal cell.
// Incremental: a move changes one tile's distance by ±1, read from a table indexed
// [tile][from][to] (stride Board::kMaxCells, so a 4x4 board indexes with shifts).
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <type_traits>
#include <vector>

#include "hsearch/fifteen_puzzle/domain.hpp"

namespace hsearch::fifteen {

template <class Board>
class Manhattan {
 public:
  using Domain = SlidingTilePuzzle<Board>;
  using Move = typename Domain::Move;
  static constexpr unsigned kStride = Board::kMaxCells;
  static constexpr bool kNeverDeadEnd = true;  // a sum of small distances, never dead_end()

  explicit Manhattan(const Domain& domain) : cells_(domain.cells()) {
    if constexpr (kInline) {
      distance_.fill(0);
      delta_.fill(0);
    } else {
      distance_.assign(kStride * kStride, 0);
      delta_.assign(kStride * kStride * kStride, 0);
    }
    const Geometry& g = domain.geometry();
    for (unsigned t = 1; t < cells_; ++t) {
      for (unsigned p = 0; p < cells_; ++p) {
        distance_[t * kStride + p] = static_cast<std::uint8_t>(
            std::abs(int(g.row(p)) - int(g.row(t))) + std::abs(int(g.col(p)) - int(g.col(t))));
      }
    }
    for (unsigned t = 1; t < cells_; ++t) {
      for (unsigned a = 0; a < cells_; ++a) {
        for (unsigned b = 0; b < cells_; ++b) {
          delta_[(t * kStride + a) * kStride + b] =
              static_cast<std::int8_t>(distance(t, b) - distance(t, a));
        }
      }
    }
  }

  int distance(unsigned tile, unsigned pos) const { return distance_[tile * kStride + pos]; }

  int estimate(const Board& s) const {
    int h = 0;
    for (unsigned p = 0; p < cells_; ++p) h += distance_[s.at(p) * kStride + p];
    return h;
  }

  // The tile that moved now stands at m.from (the blank's old cell); it came from m.to.
  int estimate_after(const Board& child, const Move& m, int parent_h) const {
    return parent_h + delta(child.at(m.from), m.to, m.from);
  }

  // Change of the tile's distance when it slides from cell `a` to cell `b`.
  int delta(unsigned tile, unsigned a, unsigned b) const {
    return delta_[(tile * kStride + a) * kStride + b];
  }

 private:
  // Up to 16 cells the tables (4 KiB) live in the object itself, so a search that holds the
  // heuristic by reference reaches an entry with one load less per child; larger boards
  // (49^3 bytes) keep them on the heap.
  static constexpr bool kInline = kStride <= 16;
  template <class T, std::size_t N>
  using Table = std::conditional_t<kInline, std::array<T, N>, std::vector<T>>;

  unsigned cells_;
  Table<std::uint8_t, kStride * kStride> distance_;       // [tile][pos]; tile 0 (blank) counts 0
  Table<std::int8_t, kStride * kStride * kStride> delta_;  // [tile][from][to]
};

}  // namespace hsearch::fifteen
