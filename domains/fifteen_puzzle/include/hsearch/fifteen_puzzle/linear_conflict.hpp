#pragma once
// Manhattan distance + linear conflicts (Hansson, Mayer & Yung 1992).
//
// For every row, take the tiles standing in it whose goal is in that row; if their goal columns
// are not increasing in board order, some of them must leave the row and come back, at least
// 2 moves each. The fewest tiles to remove is (their number - the length of the longest
// increasing subsequence of their goal columns). Likewise for columns. h = MD + 2 * sum.
//
// Tables: a line (row or column) is encoded as a key, one small field per cell: 0 when the
// cell holds no tile whose goal is in this line, else 1 + the tile's goal index along the line.
// conflicts_[key] is precomputed for every key. A move changes at most two lines that matter
// (the moved tile counts only in its goal row and goal column), so estimate_after re-reads
// only those lines of the child and recovers the parent's key by moving one field back.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "hsearch/fifteen_puzzle/domain.hpp"
#include "hsearch/fifteen_puzzle/manhattan.hpp"

namespace hsearch::fifteen {

// Precomputed conflict counts for lines of one length.
class LineConflictTable {
 public:
  LineConflictTable() = default;
  explicit LineConflictTable(unsigned length)
      : length_(length), bits_(static_cast<unsigned>(std::bit_width(length))) {
    table_.resize(std::size_t{1} << (bits_ * length_));
    for (std::size_t key = 0; key < table_.size(); ++key) table_[key] = count(key);
  }
  unsigned bits() const { return bits_; }
  unsigned operator[](std::uint32_t key) const { return table_[key]; }

 private:
  // Tiles to remove = number of tiles - longest strictly increasing subsequence of goal indices.
  std::uint8_t count(std::size_t key) const {
    unsigned codes[8];  // lines have at most 7 cells
    unsigned n = 0;
    for (unsigned i = 0; i < length_; ++i) {
      const unsigned code = (key >> (bits_ * i)) & ((1u << bits_) - 1);
      if (code > length_) return 0;  // not a reachable key
      if (code != 0) codes[n++] = code;
    }
    unsigned best[8];  // LIS ending at i (lines are short: O(n^2))
    unsigned lis = 0;
    for (unsigned i = 0; i < n; ++i) {
      best[i] = 1;
      for (unsigned j = 0; j < i; ++j) {
        if (codes[j] < codes[i]) best[i] = std::max(best[i], best[j] + 1);
      }
      lis = std::max(lis, best[i]);
    }
    return static_cast<std::uint8_t>(n - lis);
  }

  unsigned length_ = 0;
  unsigned bits_ = 0;
  std::vector<std::uint8_t> table_;
};

template <class Board>
class LinearConflict {
 public:
  using Domain = SlidingTilePuzzle<Board>;
  using Move = typename Domain::Move;
  static constexpr unsigned kMax = Board::kMaxCells;
  static constexpr bool kNeverDeadEnd = true;  // a sum of small distances, never dead_end()

  explicit LinearConflict(const Domain& domain)
      : geometry_(domain.geometry()),
        manhattan_(domain),
        rows_(geometry_.width()),
        cols_(geometry_.height()),
        row_code_(kMax * 8, 0),
        col_code_(kMax * 8, 0) {
    for (unsigned t = 1; t < geometry_.cells(); ++t) {
      // Tile t's goal cell is t: goal row t / w, goal column t % w.
      row_code_[t * 8 + geometry_.row(t)] = static_cast<std::uint8_t>(geometry_.col(t) + 1);
      col_code_[t * 8 + geometry_.col(t)] = static_cast<std::uint8_t>(geometry_.row(t) + 1);
    }
  }

  const Manhattan<Board>& manhattan() const { return manhattan_; }

  std::uint32_t row_key(const Board& s, unsigned r) const {
    std::uint32_t key = 0;
    const unsigned w = geometry_.width();
    for (unsigned c = 0; c < w; ++c) {
      key |= std::uint32_t{row_code_[s.at(r * w + c) * 8 + r]} << (rows_.bits() * c);
    }
    return key;
  }
  std::uint32_t col_key(const Board& s, unsigned c) const {
    std::uint32_t key = 0;
    const unsigned w = geometry_.width();
    for (unsigned r = 0; r < geometry_.height(); ++r) {
      key |= std::uint32_t{col_code_[s.at(r * w + c) * 8 + c]} << (cols_.bits() * r);
    }
    return key;
  }

  // Tiles to remove from lines (the LC term / 2).
  int conflicts(const Board& s) const {
    int n = 0;
    for (unsigned r = 0; r < geometry_.height(); ++r) n += rows_[row_key(s, r)];
    for (unsigned c = 0; c < geometry_.width(); ++c) n += cols_[col_key(s, c)];
    return n;
  }

  int estimate(const Board& s) const { return manhattan_.estimate(s) + 2 * conflicts(s); }

  int estimate_after(const Board& child, const Move& m, int parent_h) const {
    const unsigned tile = child.at(m.from);  // moved from m.to to m.from
    int h = parent_h + manhattan_.delta(tile, m.to, m.from);
    const unsigned fr = geometry_.row(m.from), fc = geometry_.col(m.from);
    const unsigned tr = geometry_.row(m.to), tc = geometry_.col(m.to);
    int change = 0;
    if (fr == tr) {  // horizontal slide: the tile's row order changes, it changes columns
      if (const unsigned code = row_code_[tile * 8 + fr]; code != 0) {
        const std::uint32_t now = row_key(child, fr);
        const std::uint32_t before =
            now - (code << (rows_.bits() * fc)) + (code << (rows_.bits() * tc));
        change += int(rows_[now]) - int(rows_[before]);
      }
      if (const unsigned code = col_code_[tile * 8 + tc]; code != 0) {  // left its goal column
        const std::uint32_t now = col_key(child, tc);
        change += int(cols_[now]) - int(cols_[now + (code << (cols_.bits() * fr))]);
      }
      if (const unsigned code = col_code_[tile * 8 + fc]; code != 0) {  // entered its goal column
        const std::uint32_t now = col_key(child, fc);
        change += int(cols_[now]) - int(cols_[now - (code << (cols_.bits() * fr))]);
      }
    } else {  // vertical slide
      if (const unsigned code = col_code_[tile * 8 + fc]; code != 0) {
        const std::uint32_t now = col_key(child, fc);
        const std::uint32_t before =
            now - (code << (cols_.bits() * fr)) + (code << (cols_.bits() * tr));
        change += int(cols_[now]) - int(cols_[before]);
      }
      if (const unsigned code = row_code_[tile * 8 + tr]; code != 0) {  // left its goal row
        const std::uint32_t now = row_key(child, tr);
        change += int(rows_[now]) - int(rows_[now + (code << (rows_.bits() * fc))]);
      }
      if (const unsigned code = row_code_[tile * 8 + fr]; code != 0) {  // entered its goal row
        const std::uint32_t now = row_key(child, fr);
        change += int(rows_[now]) - int(rows_[now - (code << (rows_.bits() * fc))]);
      }
    }
    return h + 2 * change;
  }

 private:
  Geometry geometry_;
  Manhattan<Board> manhattan_;
  LineConflictTable rows_;  // lines of length W
  LineConflictTable cols_;  // lines of length H
  std::vector<std::uint8_t> row_code_;  // [tile][row] (8 rows max)
  std::vector<std::uint8_t> col_code_;  // [tile][col]
};

}  // namespace hsearch::fifteen
