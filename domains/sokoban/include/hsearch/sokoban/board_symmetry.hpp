#pragma once
// The symmetries of a level's board: the mirror images and quarter turns of the square that map
// its floor onto its floor and its goals onto its goals (walls, dead squares and push distances
// follow). Two states that one of them maps onto each other need the same pushes to solve, so a
// search may keep one of them: each state is known by its canonical key, the smallest of the
// keys of its images (boxes first, then the normalised player). Microban 93 has all eight
// symmetries of the square, 144 four; most levels have none, and then nothing changes.
//
// A best-first search that stores canonical keys expands each state as its canonical image, so
// each move of its plan is a push of the image its parent was stored as, not of the state the
// plan has reached from the start. plan_from_start() maps each push back: with U the symmetry
// that takes the plan's current state to its canonical image, the stored parent is U(state) and
// the push to make is U^-1(push). Any U does: two that take the state to the same key take it to
// the same image.
#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/push_apply.hpp"
#include "hsearch/sokoban/push_state.hpp"

namespace hsearch::sokoban {

struct BoardSymmetry {
  std::vector<std::uint16_t> cell;     // cell -> its image
  std::vector<std::uint16_t> inverse;  // image -> cell
  std::array<std::uint8_t, 4> dir{};   // direction -> its image
  std::array<std::uint8_t, 4> inverse_dir{};
};

// The symmetries of `board` other than the identity (none for most levels). Transform k of the
// square's eight: bit 2 swaps rows and columns, then bit 0 mirrors the rows and bit 1 the
// columns, within the bounding box of the player's area.
inline std::vector<BoardSymmetry> board_symmetries(const Board& board) {
  std::vector<BoardSymmetry> found;
  const int n = board.cell_count();
  if (n == 0) return found;
  int r0 = board.row(0), r1 = r0, c0 = board.col(0), c1 = c0;
  for (int f = 1; f < n; ++f) {
    r0 = std::min(r0, board.row(f));
    r1 = std::max(r1, board.row(f));
    c0 = std::min(c0, board.col(f));
    c1 = std::max(c1, board.col(f));
  }
  const int h = r1 - r0, w = c1 - c0;
  for (int k = 1; k < 8; ++k) {
    const bool swap = (k & 4) != 0;
    if (swap && h != w) continue;
    auto image = [&](int r, int c) {  // (r, c) relative to the box's corner
      if (swap) std::swap(r, c);
      if ((k & 1) != 0) r = h - r;
      if ((k & 2) != 0) c = w - c;
      return std::array<int, 2>{r, c};
    };
    BoardSymmetry s;
    s.cell.assign(static_cast<std::size_t>(n), kNoCell);
    s.inverse.assign(static_cast<std::size_t>(n), kNoCell);
    bool ok = true;
    for (int f = 0; f < n && ok; ++f) {
      const auto [r, c] = image(board.row(f) - r0, board.col(f) - c0);
      const std::uint16_t t = board.cell_at(r + r0, c + c0);
      ok = t != kNoCell && board.is_goal(t) == board.is_goal(f);
      if (ok) {
        s.cell[static_cast<std::size_t>(f)] = t;
        s.inverse[t] = static_cast<std::uint16_t>(f);
      }
    }
    if (!ok) continue;  // (the area has as many cells as its image: a map into it is onto)
    for (int d = 0; d < 4; ++d) {
      // A step's image is the difference of its ends' images (the mirrors move the origin only).
      const auto a = image(0, 0), b = image(kRowStep[d], kColStep[d]);
      for (int e = 0; e < 4; ++e) {
        if (b[0] - a[0] == kRowStep[e] && b[1] - a[1] == kColStep[e]) {
          s.dir[static_cast<std::size_t>(d)] = static_cast<std::uint8_t>(e);
          s.inverse_dir[static_cast<std::size_t>(e)] = static_cast<std::uint8_t>(d);
        }
      }
    }
    found.push_back(std::move(s));
  }
  return found;
}

// A push's image under `s` (inverse: under its inverse).
inline Push push_image(const BoardSymmetry& s, const Push& m, bool inverse = false) {
  const auto& cell = inverse ? s.inverse : s.cell;
  const auto& dir = inverse ? s.inverse_dir : s.dir;
  Push p = m;
  p.from = cell[m.from];
  p.dir = dir[m.dir];
  if (m.to != kNoCell) p.to = cell[m.to];
  return p;
}

// The canonical order of keys is by boxes (word by word, from the highest), then by player.
// -1, 0 or 1 as box set a comes before b, is b, or comes after it in that order.
template <class Set>
int boxes_order(const Set& a, const Set& b) {
  for (int i = Set::kWords - 1; i >= 0; --i) {
    if (a.word_at(i) != b.word_at(i)) return a.word_at(i) < b.word_at(i) ? -1 : 1;
  }
  return 0;
}

// The image of s's boxes under `sym`.
template <class Set>
Set boxes_image(const BoardSymmetry& sym, const BasicPushState<Set>& s) {
  Set boxes;
  s.boxes.for_each([&](int c) { boxes.set(sym.cell[static_cast<std::size_t>(c)]); });
  return boxes;
}

// The image's normalised player under `sym`: the smallest image of a square of s's area.
template <class Set>
std::uint16_t player_image(const BoardSymmetry& sym, const BasicPushState<Set>& s) {
  std::uint16_t player = kNoCell;
  s.reach.for_each([&](int c) { player = std::min(player, sym.cell[static_cast<std::size_t>(c)]); });
  return player;
}

// The key of s's image under `sym`: its boxes' images, and the smallest image of a square of the
// player's area (the image's normalised player).
template <class Set>
BasicPushKey<Set> key_image(const BoardSymmetry& sym, const BasicPushState<Set>& s) {
  BasicPushKey<Set> k;
  k.boxes = boxes_image(sym, s);
  k.player = player_image(sym, s);
  return k;
}

// The canonical key of s and the symmetry that takes s to it (-1: the identity): the least of
// s's key and its images' in the canonical order. An image's player, a pass over the player's
// whole area, is found only when the boxes do not decide: for a tie, or for the winner.
template <class Set>
BasicPushKey<Set> canonical_key(const std::vector<BoardSymmetry>& syms, const BasicPushState<Set>& s, int& which) {
  BasicPushKey<Set> best = key_of(s);
  which = -1;
  bool player_known = true;  // best.player is found (else it is which's, to be found)
  for (std::size_t i = 0; i < syms.size(); ++i) {
    const Set boxes = boxes_image(syms[i], s);
    const int order = boxes_order(boxes, best.boxes);
    if (order > 0) continue;
    if (order == 0) {
      if (!player_known) {
        best.player = player_image(syms[static_cast<std::size_t>(which)], s);
        player_known = true;
      }
      const std::uint16_t player = player_image(syms[i], s);
      if (player >= best.player) continue;
      best.player = player;
    } else {
      best.boxes = boxes;
      player_known = false;
    }
    which = static_cast<int>(i);
  }
  if (!player_known) best.player = player_image(syms[static_cast<std::size_t>(which)], s);
  return best;
}

}  // namespace hsearch::sokoban
