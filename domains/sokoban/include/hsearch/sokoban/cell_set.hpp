#pragma once
// A set of board cells as a fixed-size bitset (box sets, the player's area, corrals, frozen
// boxes). Cells are the Board's floor indices; live cells come first, so box sets only ever use
// the low bits.
//
// The width is a compile-time parameter so that a set is a few words copied and compared
// without loops over a run-time length: the state, the key A* stores and every deadlock test
// are templates on the set type, and the solver picks the narrowest width that holds the
// level's floor (solver.hpp, kCellSetWidths). CellSet, 256 cells, is the width of every level
// of the usual collections (XSokoban's largest has 181 floor squares, Microban's 217).
#include <array>
#include <bit>
#include <cstdint>

namespace hsearch::sokoban {

template <int Words>
class BasicCellSet {
 public:
  static constexpr int kWords = Words;
  // The largest number of cells a set of this width holds (cells 0 .. kCapacity - 1).
  static constexpr int kCapacity = Words * 64;

  bool test(int c) const { return (w_[word(c)] >> bit(c)) & 1U; }
  void set(int c) { w_[word(c)] |= std::uint64_t{1} << bit(c); }
  void reset(int c) { w_[word(c)] &= ~(std::uint64_t{1} << bit(c)); }
  void clear() { w_ = {}; }

  bool any() const {
    for (auto x : w_)
      if (x != 0) return true;
    return false;
  }
  int count() const {
    int n = 0;
    for (auto x : w_) n += std::popcount(x);
    return n;
  }
  // Every element of *this is in other (which may be wider: only this set's words are read).
  template <int OtherWords>
    requires(OtherWords >= Words)
  bool subset_of(const BasicCellSet<OtherWords>& other) const {
    for (int i = 0; i < kWords; ++i)
      if ((w_[i] & ~other.word_at(i)) != 0) return false;
    return true;
  }
  // Smallest element, or -1 when empty.
  int first() const {
    for (int i = 0; i < kWords; ++i)
      if (w_[i] != 0) return i * 64 + std::countr_zero(w_[i]);
    return -1;
  }
  template <class F>
  void for_each(F&& f) const {
    for (int i = 0; i < kWords; ++i) {
      for (std::uint64_t x = w_[i]; x != 0; x &= x - 1) f(i * 64 + std::countr_zero(x));
    }
  }
  std::uint64_t word_at(int i) const { return w_[i]; }
  bool intersects(const BasicCellSet& other) const {
    for (int i = 0; i < kWords; ++i) {
      if ((w_[i] & other.w_[i]) != 0) return true;
    }
    return false;
  }
  BasicCellSet& operator|=(const BasicCellSet& other) {
    for (int i = 0; i < kWords; ++i) w_[i] |= other.w_[i];
    return *this;
  }
  friend BasicCellSet operator|(BasicCellSet a, const BasicCellSet& b) { return a |= b; }
  // The cells of *this that are not in `other`.
  BasicCellSet without(const BasicCellSet& other) const {
    BasicCellSet d = *this;
    for (int i = 0; i < kWords; ++i) d.w_[i] &= ~other.w_[i];
    return d;
  }

  bool operator==(const BasicCellSet&) const = default;

 private:
  static int word(int c) { return c >> 6; }
  static int bit(int c) { return c & 63; }
  std::array<std::uint64_t, kWords> w_{};
};

// The width of the levels of the usual collections; the other widths serve larger levels.
using CellSet = BasicCellSet<4>;
inline constexpr int kMaxCells = CellSet::kCapacity;

// The widths instantiated: 256, 1024 and 4096 cells. Each one is a copy of the whole solver in
// the binary (and in its compile time), so there are few; a level takes the narrowest that
// holds its player's area, so the usual collections run on CellSet exactly as they would with
// no other width. The widest is the largest player's area a level may have (Board refuses
// larger ones, naming the size).
using MidCellSet = BasicCellSet<16>;
using WidestCellSet = BasicCellSet<64>;
inline constexpr int kMaxBoardCells = WidestCellSet::kCapacity;

// Calls f(BasicCellSet<W>{}) with the narrowest instantiated width that holds `cells` cells, or
// with the narrowest that holds `at_least` cells when that is wider (tests force a width).
// `cells` must be at most kMaxBoardCells (Board guarantees it).
template <class F>
decltype(auto) with_cell_set_for(int cells, F&& f, int at_least = 0) {
  const int need = cells > at_least ? cells : at_least;
  if (need <= CellSet::kCapacity) return f(CellSet{});
  if (need <= MidCellSet::kCapacity) return f(MidCellSet{});
  return f(WidestCellSet{});
}

}  // namespace hsearch::sokoban
