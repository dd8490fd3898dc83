#pragma once
// Manhattan distance: the sum over tiles of the L1 distance to the goal cell.
// Incremental: a move changes one tile's distance by ±1, read from a table indexed
// [tile][from][to] (stride Board::kMaxCells, so a 4x4 board indexes with shifts).
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "hsearch/fifteen_puzzle/domain.hpp"

namespace hsearch::fifteen {

template <class Board>
class Manhattan {
 public:
  using Domain = SlidingTilePuzzle<Board>;
  using Move = typename Domain::Move;
  static constexpr unsigned kStride = Board::kMaxCells;

  explicit Manhattan(const Domain& domain)
      : cells_(domain.cells()),
        distance_(kStride * kStride, 0),
        delta_(kStride * kStride * kStride, 0) {
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
  unsigned cells_;
  std::vector<std::uint8_t> distance_;  // [tile][pos]; tile 0 (blank) counts 0
  std::vector<std::int8_t> delta_;      // [tile][from][to]
};

}  // namespace hsearch::fifteen
