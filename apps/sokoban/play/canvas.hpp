#pragma once
// A frame of the screen: rows x cols characters with a style each, drawn in memory and sent
// to the terminal in one write (no flicker, no partial frames). ASCII only, so the picture is
// the level's own XSB characters (and what tmux capture-pane reads back in the tests).
#include <cstdint>
#include <string>
#include <vector>

namespace hsearch::sokoban::play {

enum class Style : std::uint8_t {
  plain,
  wall,
  floor,
  goal,
  box,
  box_on_goal,
  player,
  flagged_box,  // a box the deadlock test points at
  hint_box,     // the box the hint says to push
  title,
  warn,
  good,
  dim,
};

class Canvas {
 public:
  Canvas(int rows, int cols)
      : rows_(rows), cols_(cols), ch_(static_cast<std::size_t>(rows * cols), ' '),
        st_(static_cast<std::size_t>(rows * cols), Style::plain) {}

  int rows() const { return rows_; }
  int cols() const { return cols_; }

  void put(int r, int c, char ch, Style s) {
    if (r < 0 || r >= rows_ || c < 0 || c >= cols_) return;
    ch_[index(r, c)] = ch;
    st_[index(r, c)] = s;
  }
  // Text from (r, c), clipped at the right edge.
  void text(int r, int c, const std::string& s, Style st = Style::plain) {
    for (std::size_t i = 0; i < s.size(); ++i) put(r, c + static_cast<int>(i), s[i], st);
  }
  char at(int r, int c) const { return ch_[index(r, c)]; }

  // The whole frame as terminal bytes: cursor home, then every row with colour changes.
  std::string render() const {
    std::string out = "\x1b[H";
    Style current = Style::plain;
    out += sgr(current);
    for (int r = 0; r < rows_; ++r) {
      out += "\x1b[" + std::to_string(r + 1) + ";1H";
      // The bottom-right square is left alone: writing it makes some terminals scroll.
      const int last = r == rows_ - 1 ? cols_ - 1 : cols_;
      for (int c = 0; c < last; ++c) {
        const Style s = st_[index(r, c)];
        if (s != current) {
          out += sgr(s);
          current = s;
        }
        out += ch_[index(r, c)];
      }
    }
    out += "\x1b[0m";
    return out;
  }

 private:
  std::size_t index(int r, int c) const { return static_cast<std::size_t>(r * cols_ + c); }
  static std::string sgr(Style s) {
    switch (s) {
      case Style::plain: return "\x1b[0m";
      case Style::wall: return "\x1b[0;34;44m";   // blue on blue: a solid wall
      case Style::floor: return "\x1b[0m";
      case Style::goal: return "\x1b[0;1;31m";
      case Style::box: return "\x1b[0;1;33m";
      case Style::box_on_goal: return "\x1b[0;1;32m";
      case Style::player: return "\x1b[0;1;36m";
      case Style::flagged_box: return "\x1b[0;1;37;41m";
      case Style::hint_box: return "\x1b[0;1;30;45m";
      case Style::title: return "\x1b[0;1m";
      case Style::warn: return "\x1b[0;1;31m";
      case Style::good: return "\x1b[0;1;32m";
      case Style::dim: return "\x1b[0;2m";
    }
    return "\x1b[0m";
  }

  int rows_, cols_;
  std::vector<char> ch_;
  std::vector<Style> st_;
};

}  // namespace hsearch::sokoban::play
