#pragma once
// Draws a game's position into a window of the canvas. A level that fits is centred; a larger
// one scrolls so that the player stays in view (the caller says so on the screen).
#include <algorithm>
#include <utility>
#include <vector>

#include "canvas.hpp"
#include "hsearch/sokoban/game/game.hpp"

namespace hsearch::sokoban::play {

struct Window {
  int top = 0, left = 0, rows = 0, cols = 0;
};

// First row/column of the level shown in a window of `view` squares for a level of `size`
// squares, keeping `focus` (the player) in view; negative when the level is centred.
inline int view_origin(int size, int view, int focus) {
  if (size <= view) return -(view - size) / 2;
  return std::clamp(focus - view / 2, 0, size - view);
}

// Returns true when the level did not fit and is shown scrolled.
inline bool draw_board(Canvas& canvas, const Window& w, const game::Game& g,
                       const std::vector<std::pair<int, int>>& flagged = {},
                       const std::pair<int, int>& hint_box = {-1, -1}) {
  const int r0 = view_origin(g.height(), w.rows, g.player_row());
  const int c0 = view_origin(g.width(), w.cols, g.player_col());
  for (int y = 0; y < w.rows; ++y) {
    for (int x = 0; x < w.cols; ++x) {
      const int r = r0 + y, c = c0 + x;
      if (r < 0 || r >= g.height() || c < 0 || c >= g.width()) continue;
      const char ch = g.at(r, c);
      Style s = Style::floor;
      switch (ch) {
        case '#': s = Style::wall; break;
        case '.': s = Style::goal; break;
        case '$': s = Style::box; break;
        case '*': s = Style::box_on_goal; break;
        case '@': case '+': s = Style::player; break;
        default: break;
      }
      if (ch == '$' || ch == '*') {
        if (std::find(flagged.begin(), flagged.end(), std::pair(r, c)) != flagged.end()) s = Style::flagged_box;
        if (hint_box == std::pair(r, c)) s = Style::hint_box;
      }
      canvas.put(w.top + y, w.left + x, ch, s);
    }
  }
  return g.height() > w.rows || g.width() > w.cols;
}

}  // namespace hsearch::sokoban::play
