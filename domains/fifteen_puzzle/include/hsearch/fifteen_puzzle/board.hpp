#pragma once
// Board storage for sliding-tile puzzles. Position p is row p / W, column p % W (row-major);
// tile 0 is the blank. Two layouts share one interface so the domain and the heuristics are
// written once:
//   PackedBoard  up to 16 cells, 4 bits per cell in one 64-bit word (8-, 15-puzzle): a state
//                is 16 bytes, equality and hashing are one word.
//   ByteBoard    up to 49 cells (7 x 7), one byte per cell (24-puzzle, the learner's 7 x 7).
// Interface: at(p), set(p, tile), blank, slide(blank_from, blank_to) -> Undo,
// unslide(blank_from, blank_to, Undo), operator==.
#include <array>
#include <cstdint>
#include <cstring>

namespace hsearch::fifteen {

struct PackedBoard {
  static constexpr unsigned kMaxCells = 16;
  std::uint64_t cells = 0;  // nibble p = tile at position p
  std::uint8_t blank = 0;   // position of tile 0 (redundant with cells, kept for speed)

  unsigned at(unsigned p) const { return static_cast<unsigned>(cells >> (4 * p)) & 15u; }
  void set(unsigned p, unsigned tile) {
    cells = (cells & ~(std::uint64_t{15} << (4 * p))) | (std::uint64_t{tile} << (4 * p));
    if (tile == 0) blank = static_cast<std::uint8_t>(p);
  }
  // What undoing a slide needs: the XOR mask that moved the tile (applying it again moves the
  // tile back, with no second extraction).
  struct Undo {
    std::uint64_t mask;
  };
  // The blank at `from` swaps with the tile at `to` (adjacent): the tile slides into `from`.
  Undo slide(unsigned from, unsigned to) {
    const std::uint64_t tile = (cells >> (4 * to)) & 15u;
    const std::uint64_t mask = (tile << (4 * to)) | (tile << (4 * from));
    cells ^= mask;
    blank = static_cast<std::uint8_t>(to);
    return {mask};
  }
  void unslide(unsigned from, unsigned, Undo u) {
    cells ^= u.mask;
    blank = static_cast<std::uint8_t>(from);
  }
  bool operator==(const PackedBoard& o) const { return cells == o.cells; }
};

struct ByteBoard {
  static constexpr unsigned kMaxCells = 49;
  std::array<std::uint8_t, kMaxCells> cells{};  // unused cells stay 0
  std::uint8_t blank = 0;

  unsigned at(unsigned p) const { return cells[p]; }
  void set(unsigned p, unsigned tile) {
    cells[p] = static_cast<std::uint8_t>(tile);
    if (tile == 0) blank = static_cast<std::uint8_t>(p);
  }
  struct Undo {};
  Undo slide(unsigned from, unsigned to) {
    cells[from] = cells[to];
    cells[to] = 0;
    blank = static_cast<std::uint8_t>(to);
    return {};
  }
  void unslide(unsigned from, unsigned to, Undo) { slide(to, from); }
  bool operator==(const ByteBoard& o) const {
    return std::memcmp(cells.data(), o.cells.data(), kMaxCells) == 0;
  }
};

}  // namespace hsearch::fifteen
