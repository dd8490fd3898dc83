#pragma once
// A Sokoban level as read from a file: the board text plus where it came from.
//
// Board characters (XSB): '#' wall, ' ' floor, '.' goal, '$' box, '*' box on goal,
// '@' player, '+' player on goal. The reader normalises '-' and '_' to ' ' and pads ragged
// rows with ' ', so every row of `rows` has exactly `width` characters.
#include <string>
#include <vector>

namespace hsearch::sokoban {

struct Level {
  std::string source = "<text>";  // file name (or "<text>", "<built-in>")
  int number = 0;                 // 1-based position of the level in its file
  int first_line = 0;             // 1-based line of the board's first row in the file
  std::string title;              // from a "Title:" line, else the last ';' comment before it
  std::vector<std::string> rows;  // normalised board, all rows padded to `width`
  int width = 0;
  int height = 0;

  char at(int row, int col) const {
    if (row < 0 || row >= height || col < 0 || col >= width) return ' ';
    return rows[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)];
  }
  // "file:line: level N (title)" for messages about the whole level.
  std::string where() const {
    std::string s = source + ":" + std::to_string(first_line) + ": level " + std::to_string(number);
    if (!title.empty()) s += " (" + title + ")";
    return s;
  }
  // "file:line:col: level N (title)" for a message about one square (0-based row/col).
  std::string where(int row, int col) const {
    std::string s = source + ":" + std::to_string(first_line + row) + ":" + std::to_string(col + 1) +
                    ": level " + std::to_string(number);
    if (!title.empty()) s += " (" + title + ")";
    return s;
  }
};

}  // namespace hsearch::sokoban
