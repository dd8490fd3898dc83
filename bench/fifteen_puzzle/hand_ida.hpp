#pragma once
// A minimal hand-written IDA* for the 4x4 puzzle, the yardstick of the framework's cost: the
// board in one 64-bit word, the blank's position, incremental Manhattan distance from the same
// [tile][from][to] table, the move back to the parent skipped, blank moves tried up, left,
// right, down, goal tested on entry. It counts generated children exactly like the framework
// (after parent pruning, before the bound test), so both must report the same numbers.
#include <cstdint>

#include "hsearch/fifteen_puzzle/domain.hpp"
#include "hsearch/fifteen_puzzle/manhattan.hpp"

namespace hsearch::fifteen::bench {

class HandIdaStar {
 public:
  explicit HandIdaStar(const Manhattan<PackedBoard>& md) {
    for (unsigned t = 0; t < 16; ++t) {
      for (unsigned a = 0; a < 16; ++a) {
        for (unsigned b = 0; b < 16; ++b) delta_[t][a][b] = static_cast<std::int8_t>(md.delta(t, a, b));
      }
    }
    for (unsigned p = 0; p < 16; ++p) {
      const unsigned r = p / 4, c = p % 4;
      count_[p] = 0;
      // Order: up, left, right, down; labels H=0 B=1 G=2 D=3 (inverse = label ^ 1).
      if (r > 0) add(p, p - 4, 0);
      if (c > 0) add(p, p - 1, 2);
      if (c < 3) add(p, p + 1, 3);
      if (r < 3) add(p, p + 4, 1);
    }
  }

  // Returns the solution length; generated/expanded accumulate over all iterations.
  int solve(std::uint64_t board, unsigned blank, int h0) {
    generated = expanded = 0;
    board_ = board;
    for (bound_ = h0;;) {
      next_ = 1 << 30;
      if (search(blank, 0, h0, 4)) return bound_;
      bound_ = next_;
    }
  }

  std::uint64_t generated = 0;
  std::uint64_t expanded = 0;

 private:
  void add(unsigned from, unsigned to, unsigned label) {
    to_[from][count_[from]] = static_cast<std::uint8_t>(to);
    label_[from][count_[from]] = static_cast<std::uint8_t>(label);
    ++count_[from];
  }

  bool search(unsigned blank, int g, int h, unsigned last_label) {
    if (board_ == kGoal) return true;
    ++expanded;
    for (unsigned i = 0; i < count_[blank]; ++i) {
      const unsigned label = label_[blank][i];
      if ((label ^ 1u) == last_label) continue;
      const unsigned to = to_[blank][i];
      const std::uint64_t tile = (board_ >> (4 * to)) & 15u;
      board_ ^= (tile << (4 * to)) | (tile << (4 * blank));
      ++generated;
      const int hc = h + delta_[tile][to][blank];
      const int f = g + 1 + hc;
      if (f > bound_) {
        if (f < next_) next_ = f;
      } else if (search(to, g + 1, hc, label)) {
        return true;
      }
      board_ ^= (tile << (4 * to)) | (tile << (4 * blank));
    }
    return false;
  }

  static constexpr std::uint64_t kGoal = 0xFEDCBA9876543210ULL;
  std::int8_t delta_[16][16][16];
  std::uint8_t to_[16][4];
  std::uint8_t label_[16][4];
  std::uint8_t count_[16];
  std::uint64_t board_ = 0;
  int bound_ = 0;
  int next_ = 0;
};

}  // namespace hsearch::fifteen::bench
