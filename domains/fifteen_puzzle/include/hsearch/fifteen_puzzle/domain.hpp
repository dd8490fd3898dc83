#pragma once
// The W x H sliding-tile puzzle as a search domain.
//
// Goal: tile i at position i, blank (tile 0) at position 0, i.e. "0 1 2 ... N-1".
// A move slides the blank to an adjacent cell; it is labelled by the blank's direction:
// U = up, D = down, L = left, R = right.
// Moves are precomputed for each blank position, in a chosen order (default U L R D: up,
// left, right, down, the order of Korf 1985, which makes node counts reproducible).
// Apply and undo work in place; every move costs 1.
#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "hsearch/core/domain.hpp"
#include "hsearch/fifteen_puzzle/board.hpp"

namespace hsearch::fifteen {

enum Label : unsigned { kUp = 0, kDown = 1, kLeft = 2, kRight = 3 };

// The letter of each label, as users type and read moves (--move-order, plans).
inline constexpr char kLabelLetters[4] = {'U', 'D', 'L', 'R'};

// Board dimensions and the per-position move tables every component shares.
class Geometry {
 public:
  struct Move {
    std::uint8_t from;   // blank position before the move
    std::uint8_t to;     // blank position after it (where the moved tile was)
    std::uint8_t label;  // Label
  };

  Geometry(unsigned width, unsigned height, std::string_view order = "ULRD")
      : width_(width), height_(height) {
    if (width < 2 || height < 2 || width * height > ByteBoard::kMaxCells) {
      throw std::invalid_argument("board size must be between 2x2 and 7x7 cells (got " +
                                  std::to_string(width) + "x" + std::to_string(height) + ")");
    }
    if (order.size() != 4) throw std::invalid_argument("move order needs the 4 letters U D L R, got '" + std::string(order) + "'");
    std::array<unsigned, 4> labels{};
    unsigned seen = 0;
    for (unsigned i = 0; i < 4; ++i) {
      const auto l = label_of(order[i]);
      if (l > 3 || (seen & (1u << l)) != 0) {
        throw std::invalid_argument("move order must be a permutation of U D L R, got '" +
                                    std::string(order) + "'");
      }
      seen |= 1u << l;
      labels[i] = l;
    }
    for (unsigned p = 0; p < cells(); ++p) {
      unsigned n = 0;
      for (unsigned l : labels) {
        const int q = neighbour(p, l);
        if (q >= 0) moves_[p][n++] = Move{static_cast<std::uint8_t>(p), static_cast<std::uint8_t>(q),
                                          static_cast<std::uint8_t>(l)};
      }
      move_count_[p] = static_cast<std::uint8_t>(n);
    }
  }

  unsigned width() const { return width_; }
  unsigned height() const { return height_; }
  unsigned cells() const { return width_ * height_; }
  unsigned row(unsigned p) const { return p / width_; }
  unsigned col(unsigned p) const { return p % width_; }

  // The cell next to p in the blank direction l, or -1 at the border.
  int neighbour(unsigned p, unsigned l) const {
    const unsigned r = row(p), c = col(p);
    switch (l) {
      case kUp: return r > 0 ? static_cast<int>(p - width_) : -1;
      case kDown: return r + 1 < height_ ? static_cast<int>(p + width_) : -1;
      case kLeft: return c > 0 ? static_cast<int>(p - 1) : -1;
      case kRight: return c + 1 < width_ ? static_cast<int>(p + 1) : -1;
    }
    return -1;
  }

  const Move* moves(unsigned blank) const { return moves_[blank].data(); }
  unsigned move_count(unsigned blank) const { return move_count_[blank]; }

  static unsigned label_of(char letter) {
    for (unsigned l = 0; l < 4; ++l) {
      if (kLabelLetters[l] == letter) return l;
    }
    return 4;
  }

 private:
  unsigned width_;
  unsigned height_;
  std::array<std::array<Move, 4>, ByteBoard::kMaxCells> moves_{};
  std::array<std::uint8_t, ByteBoard::kMaxCells> move_count_{};
};

template <class Board>
class SlidingTilePuzzle {
 public:
  using State = Board;
  using Move = Geometry::Move;
  using Undo = typename Board::Undo;  // packed boards keep the XOR mask; byte boards nothing
  using Cost = int;
  using Key = std::uint64_t;  // only used when Board is PackedBoard (see pack())

  static constexpr unsigned kLabelCount = 4;
  static constexpr bool kUnitCost = true;

  SlidingTilePuzzle(unsigned width, unsigned height, std::string_view order = "ULRD")
      : geometry_(width, height, order) {
    if (geometry_.cells() > Board::kMaxCells) {
      throw std::invalid_argument("this board layout holds at most " +
                                  std::to_string(Board::kMaxCells) + " cells");
    }
    for (unsigned p = 0; p < geometry_.cells(); ++p) goal_.set(p, p);
  }

  const Geometry& geometry() const { return geometry_; }
  unsigned width() const { return geometry_.width(); }
  unsigned height() const { return geometry_.height(); }
  unsigned cells() const { return geometry_.cells(); }
  const Board& goal() const { return goal_; }

  template <class F>
  void for_each_move(const Board& s, F&& f) const {
    const Move* m = geometry_.moves(s.blank);
    const unsigned n = geometry_.move_count(s.blank);
    for (unsigned i = 0; i < n; ++i) f(m[i]);
  }
  Cost cost(const Board&, const Move&) const { return 1; }
  Undo apply(Board& s, const Move& m) const { return s.slide(m.from, m.to); }
  void undo(Board& s, const Move& m, const Undo& u) const { s.unslide(m.from, m.to, u); }
  bool is_goal(const Board& s) const { return s == goal_; }

  std::uint64_t hash(const Board& s) const {
    if constexpr (Board::kMaxCells <= 16) {
      std::uint64_t x = s.cells;  // splitmix64 finaliser
      x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
      x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
      return x ^ (x >> 31);
    } else {
      std::uint64_t h = 0xcbf29ce484222325ULL;
      for (unsigned p = 0; p < cells(); ++p) h = (h ^ s.cells[p]) * 0x100000001b3ULL;
      return h;
    }
  }

  unsigned label(const Move& m) const { return m.label; }
  unsigned inverse_label(unsigned l) const { return l ^ 1u; }  // U<->D, L<->R
  std::string move_name(const Move& m) const { return std::string(1, kLabelLetters[m.label]); }
  // One line per row, numbers right-aligned (a picture in DOT labels; traces join the rows).
  std::string state_string(const Board& s) const {
    const std::size_t w = std::to_string(cells() - 1).size();
    std::string out;
    for (unsigned p = 0; p < cells(); ++p) {
      if (p != 0) out += geometry_.col(p) == 0 ? '\n' : ' ';
      const std::string n = std::to_string(s.at(p));
      out.append(w - n.size(), ' ');
      out += n;
    }
    return out;
  }

  // Compact keys for best-first searches: the packed board is its own 64-bit key.
  Key pack(const Board& s) const
    requires(Board::kMaxCells <= 16)
  {
    return s.cells;
  }
  Board unpack(const Key& k) const
    requires(Board::kMaxCells <= 16)
  {
    Board b;
    b.cells = k;
    for (unsigned p = 0; p < cells(); ++p) {
      if (b.at(p) == 0) b.blank = static_cast<std::uint8_t>(p);
    }
    return b;
  }

 private:
  Geometry geometry_;
  Board goal_{};
};

using FifteenPuzzle = SlidingTilePuzzle<PackedBoard>;  // any board of at most 16 cells
using LargePuzzle = SlidingTilePuzzle<ByteBoard>;      // any board up to 7 x 7

static_assert(Domain<FifteenPuzzle>);
static_assert(InvertibleLabels<FifteenPuzzle>);
static_assert(PackableDomain<FifteenPuzzle>);
static_assert(Domain<LargePuzzle>);
static_assert(InvertibleLabels<LargePuzzle>);

}  // namespace hsearch::fifteen
