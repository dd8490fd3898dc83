#pragma once
// A set of board cells as a fixed-size bitset (box sets, the player's area, corrals, frozen
// boxes). Cells are the Board's floor indices; live cells come first, so box sets only ever use the low bits.
#include <array>
#include <bit>
#include <cstdint>

namespace hsearch::sokoban {

// Largest number of floor cells a level may have (the player's area). XSokoban's largest
// level has 181, Microban's 217.
inline constexpr int kMaxCells = 256;

class CellSet {
 public:
  static constexpr int kWords = kMaxCells / 64;

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
  // Every element of *this is in other.
  bool subset_of(const CellSet& other) const {
    for (int i = 0; i < kWords; ++i)
      if ((w_[i] & ~other.w_[i]) != 0) return false;
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
  CellSet& operator|=(const CellSet& other) {
    for (int i = 0; i < kWords; ++i) w_[i] |= other.w_[i];
    return *this;
  }

  bool operator==(const CellSet&) const = default;

 private:
  static int word(int c) { return c >> 6; }
  static int bit(int c) { return c & 63; }
  std::array<std::uint64_t, kWords> w_{};
};

}  // namespace hsearch::sokoban
