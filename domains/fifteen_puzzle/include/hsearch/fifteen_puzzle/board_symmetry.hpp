#pragma once
// Symmetries of the board and which pattern databases they let us share.
//
// A symmetry s of the W x H grid (a cell permutation that keeps adjacency: the identity, the
// two flips and the half turn on every rectangle, and on square boards also the reflections
// about both diagonals and the quarter turns) maps sliding-tile moves onto moves. With tile
// numbers equal to goal cells, it maps pattern P's abstract problem onto that of s(P): a
// placement of P onto a placement of s(P), a move of a pattern tile onto a move of a pattern
// tile. The abstract goal is "pattern tiles home, blank in the free region holding cell 0"; s
// maps it onto "tiles of s(P) home, blank in the region holding s(0)". So when, with s(P)'s
// tiles home, cells 0 and s(0) are in the same free region, the two abstract problems are the
// same up to s, and
//     h_{s(P)}(board) = h_P(board moved by s^-1)   exactly, for every board.
// The table of s(P) need not be built: it is P's table read at the mapped placement. The main
// diagonal fixes cell 0, so the reflection always qualifies (Korf & Felner's reflected
// lookup); the half turn qualifies when the pattern does not wall the blank's corner in.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "hsearch/fifteen_puzzle/domain.hpp"

namespace hsearch::fifteen {

struct BoardSymmetry {
  std::string name;
  std::array<std::uint8_t, 64> cell{};     // s(p)
  std::array<std::uint8_t, 64> inverse{};  // s^-1(p)
  bool identity() const { return name == "identity"; }
};

// The cell permutations keeping adjacency: 4 on a rectangle, 8 on a square. Index 0 is the
// identity.
inline std::vector<BoardSymmetry> board_symmetries(const Geometry& g) {
  const unsigned w = g.width(), h = g.height();
  struct Map {
    const char* name;
    bool square_only;
    unsigned (*f)(unsigned r, unsigned c, unsigned w, unsigned h);  // returns the new cell
  };
  static const Map maps[] = {
      {"identity", false, [](unsigned r, unsigned c, unsigned w, unsigned) { return r * w + c; }},
      {"flip-columns", false,
       [](unsigned r, unsigned c, unsigned w, unsigned) { return r * w + (w - 1 - c); }},
      {"flip-rows", false,
       [](unsigned r, unsigned c, unsigned w, unsigned h) { return (h - 1 - r) * w + c; }},
      {"half-turn", false,
       [](unsigned r, unsigned c, unsigned w, unsigned h) { return (h - 1 - r) * w + (w - 1 - c); }},
      {"main-diagonal", true, [](unsigned r, unsigned c, unsigned w, unsigned) { return c * w + r; }},
      {"anti-diagonal", true,
       [](unsigned r, unsigned c, unsigned w, unsigned) { return (w - 1 - c) * w + (w - 1 - r); }},
      {"quarter-turn", true,
       [](unsigned r, unsigned c, unsigned w, unsigned) { return c * w + (w - 1 - r); }},
      {"three-quarter-turn", true,
       [](unsigned r, unsigned c, unsigned w, unsigned) { return (w - 1 - c) * w + r; }},
  };
  std::vector<BoardSymmetry> out;
  for (const Map& m : maps) {
    if (m.square_only && w != h) continue;
    BoardSymmetry s;
    s.name = m.name;
    for (unsigned p = 0; p < g.cells(); ++p) {
      const unsigned q = m.f(g.row(p), g.col(p), w, h);
      s.cell[p] = static_cast<std::uint8_t>(q);
      s.inverse[q] = static_cast<std::uint8_t>(p);
    }
    out.push_back(s);
  }
  return out;
}

// Whether P's table serves pattern s(P) (see the top of the file): s(P) does not cover cell 0
// and, with s(P)'s tiles home, cells 0 and s(0) lie in one region of free cells.
inline bool symmetry_shares_table(const Geometry& g, const BoardSymmetry& s,
                                  const std::vector<unsigned>& pattern) {
  std::uint64_t blocked = 0;
  for (unsigned t : pattern) blocked |= std::uint64_t{1} << s.cell[t];
  if ((blocked & 1u) != 0) return false;  // s(P) would hold tile 0, the blank: not a pattern
  const unsigned target = s.cell[0];
  std::uint64_t reached = 1, frontier = 1;  // flood fill from cell 0
  while (frontier != 0) {
    std::uint64_t next = 0;
    for (unsigned p = 0; p < g.cells(); ++p) {
      if ((frontier >> p & 1u) == 0) continue;
      for (unsigned l = 0; l < 4; ++l) {
        const int q = g.neighbour(p, l);
        if (q < 0) continue;
        const std::uint64_t bit = std::uint64_t{1} << q;
        if ((blocked & bit) == 0 && (reached & bit) == 0) next |= bit;
      }
    }
    reached |= next;
    frontier = next;
  }
  return (reached >> target & 1u) != 0;
}

}  // namespace hsearch::fifteen
