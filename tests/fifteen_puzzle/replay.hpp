#pragma once
// An independent check of a plan: replays the blank's moves on a plain tile array (not the
// domain's code) and tells whether every move is legal and the goal is reached.
#include <string>
#include <utility>
#include <vector>

#include "hsearch/fifteen_puzzle/domain.hpp"

namespace hsearch::fifteen::testing {

template <class Move>
bool replay_reaches_goal(std::vector<unsigned> tiles, unsigned width, unsigned height,
                         const std::vector<Move>& plan) {
  unsigned blank = 0;
  for (unsigned p = 0; p < tiles.size(); ++p) {
    if (tiles[p] == 0) blank = p;
  }
  for (const Move& m : plan) {
    int r = static_cast<int>(blank / width), c = static_cast<int>(blank % width);
    switch (m.label) {
      case kUp: --r; break;
      case kDown: ++r; break;
      case kLeft: --c; break;
      case kRight: ++c; break;
      default: return false;
    }
    if (r < 0 || c < 0 || r >= static_cast<int>(height) || c >= static_cast<int>(width)) return false;
    const unsigned next = static_cast<unsigned>(r) * width + static_cast<unsigned>(c);
    std::swap(tiles[blank], tiles[next]);
    blank = next;
  }
  for (unsigned p = 0; p < tiles.size(); ++p) {
    if (tiles[p] != p) return false;
  }
  return true;
}

}  // namespace hsearch::fifteen::testing
