#pragma once
// Text form of a board: the tiles of positions 0, 1, ... separated by blanks,
// 0 = the blank. Parsing reports the first problem in one line; solvability is decided by
// parity (Archer 1999), never by search; random solvable boards are drawn uniformly.
#include <algorithm>
#include <cstdint>
#include <istream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "hsearch/fifteen_puzzle/domain.hpp"

namespace hsearch::fifteen {

struct ParseResult {
  std::vector<unsigned> tiles;  // filled when error is empty
  std::string error;            // one line naming the problem
  std::size_t line = 0;         // the input line of the problem (1-based; 0: the input as a whole)
  bool ok() const { return error.empty(); }
};

// Reads whitespace-separated integers from `in` until end of input and checks that they form
// a permutation of 0 .. cells-1.
inline ParseResult parse_tiles(std::istream& in, unsigned cells) {
  ParseResult r;
  std::string text, word;
  std::vector<bool> seen(cells, false);
  std::size_t line = 0;
  while (std::getline(in, text)) {
    ++line;
    r.line = line;
    std::istringstream words(text);
    while (words >> word) {
      const std::size_t index = r.tiles.size() + 1;
      unsigned long value = 0;
      std::size_t used = 0;
      bool number = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
        return c >= '0' && c <= '9';
      });
      if (number) {
        try {
          value = std::stoul(word, &used);
        } catch (const std::exception&) {
          number = false;
        }
      }
      if (!number || used != word.size()) {
        r.error = "value " + std::to_string(index) + " is not a tile number: '" + word + "'";
        return r;
      }
      if (value >= cells) {
        r.error = "value " + std::to_string(index) + ": tile " + word + " out of range 0.." +
                  std::to_string(cells - 1);
        return r;
      }
      if (r.tiles.size() >= cells) {
        r.error = "too many values: expected " + std::to_string(cells) + " tiles";
        return r;
      }
      if (seen[value]) {
        r.error = "tile " + std::to_string(value) + " appears twice (value " +
                  std::to_string(index) + ")";
        return r;
      }
      seen[value] = true;
      r.tiles.push_back(static_cast<unsigned>(value));
    }
  }
  r.line = 0;
  if (r.tiles.size() != cells) {
    r.error = "expected " + std::to_string(cells) + " tiles, got " + std::to_string(r.tiles.size());
  }
  return r;
}

inline ParseResult parse_tiles(const std::string& text, unsigned cells) {
  std::istringstream in(text);
  return parse_tiles(in, cells);
}

template <class Board>
Board make_board(const std::vector<unsigned>& tiles) {
  Board b{};
  for (unsigned p = 0; p < tiles.size(); ++p) b.set(p, tiles[p]);
  return b;
}

template <class Board>
std::vector<unsigned> board_tiles(const Board& b, unsigned cells) {
  std::vector<unsigned> t(cells);
  for (unsigned p = 0; p < cells; ++p) t[p] = b.at(p);
  return t;
}

inline std::string format_tiles(const std::vector<unsigned>& tiles) {
  std::string out;
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    if (i != 0) out += ' ';
    out += std::to_string(tiles[i]);
  }
  return out;
}

// A board is reachable from the goal iff the parity of its permutation (blank included) equals
// the parity of the blank's Manhattan distance to its goal cell: every move is one
// transposition and moves the blank by one cell (Archer 1999). Holds for every W x H.
inline bool solvable(const std::vector<unsigned>& tiles, unsigned width) {
  std::vector<unsigned> perm = tiles;
  unsigned transpositions = 0;
  for (unsigned i = 0; i < perm.size(); ++i) {  // sort by swaps, counting them
    while (perm[i] != i) {
      std::swap(perm[i], perm[perm[i]]);
      ++transpositions;
    }
  }
  unsigned blank = 0;
  for (unsigned p = 0; p < tiles.size(); ++p) {
    if (tiles[p] == 0) blank = p;
  }
  const unsigned blank_distance = blank / width + blank % width;  // goal cell is 0
  return (transpositions % 2) == (blank_distance % 2);
}

// A uniformly random solvable board: a random permutation, fixed by swapping two tiles when
// its parity is wrong (swapping two non-blank tiles flips the permutation parity only).
template <class Rng>
std::vector<unsigned> random_solvable_tiles(unsigned width, unsigned height, Rng& rng) {
  const unsigned cells = width * height;
  std::vector<unsigned> t(cells);
  for (unsigned i = 0; i < cells; ++i) t[i] = i;
  std::shuffle(t.begin(), t.end(), rng);
  if (!solvable(t, width)) {
    unsigned a = t[0] == 0 ? 1 : 0;
    unsigned b = (t[a + 1] == 0) ? a + 2 : a + 1;
    std::swap(t[a], t[b]);
  }
  return t;
}

}  // namespace hsearch::fifteen
