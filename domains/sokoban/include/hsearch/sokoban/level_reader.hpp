#pragma once
// Reads level collections: XSB text with any number of levels, and Boxoban's files.
//
// Line classification (after removing a trailing '\r'):
//   * blank (only spaces/tabs)            ends the current board;
//   * a comment, first non-blank is ';'   ends the current board; its text is a title candidate
//                                         for the next board ("; 12", ";screen.01", Boxoban "; 0");
//   * a board row: first non-blank character is one of "#$.*@+-_" and the line contains '#';
//   * "Title: text" (case-insensitive)    names the previous level if it has no "Title:" line
//                                         yet, otherwise the next level (both conventions exist:
//                                         "board then Title:" and "Title: then board");
//   * any other line is free text (Author:, Comment:, a collection description...) and ends the
//     current board.
// Inside a board row, characters other than "#$.*@+ -_" are reported as unknown characters with
// file, line and column. Boxoban's fixed 12-line format is plain XSB for this reader.
// The structural checks (players, boxes, goals, enclosure) are done by Board (board.hpp), which
// reports problems with the same file/line/level prefix.
#include <cctype>
#include <fstream>
#include <istream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "hsearch/sokoban/level.hpp"

namespace hsearch::sokoban {

// One level of a collection, or the reason it could not be read.
struct LevelEntry {
  Level level;
  std::string error;  // empty when the text is a well-formed board
  bool ok() const { return error.empty(); }
};

struct LevelFileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

namespace detail {

inline bool is_board_char(char c) {
  return c == '#' || c == ' ' || c == '$' || c == '.' || c == '*' || c == '@' || c == '+' ||
         c == '-' || c == '_';
}

inline std::string trim(const std::string& s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

inline bool looks_like_board_row(const std::string& line) {
  const std::size_t first = line.find_first_not_of(" \t");
  if (first == std::string::npos) return false;
  const char c = line[first];
  if (!(c == '#' || c == '$' || c == '.' || c == '*' || c == '@' || c == '+' || c == '-' || c == '_'))
    return false;
  return line.find('#') != std::string::npos;
}

inline bool is_title_line(const std::string& line, std::string& title) {
  const std::string t = trim(line);
  if (t.size() < 6) return false;
  std::string head = t.substr(0, 6);
  for (char& ch : head) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  if (head != "title:") return false;
  title = trim(t.substr(6));
  return true;
}

}  // namespace detail

// Reads every level of `in`; `source` names the file in messages.
inline std::vector<LevelEntry> read_levels(std::istream& in, const std::string& source) {
  std::vector<LevelEntry> out;
  std::string line;
  int line_no = 0;
  bool in_board = false;
  std::string pending_comment;       // last ';' comment seen since the previous board
  std::string pending_title;         // a "Title:" meant for the next board
  std::vector<bool> has_title_line;  // per entry: its title came from a "Title:" line

  auto close_board = [&] {
    if (!in_board) return;
    in_board = false;
    LevelEntry& e = out.back();
    Level& lv = e.level;
    lv.height = static_cast<int>(lv.rows.size());
    lv.width = 0;
    for (const auto& r : lv.rows) lv.width = std::max(lv.width, static_cast<int>(r.size()));
    for (auto& r : lv.rows) r.resize(static_cast<std::size_t>(lv.width), ' ');
  };

  while (std::getline(in, line)) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::string title;
    if (detail::looks_like_board_row(line)) {
      if (!in_board) {
        in_board = true;
        LevelEntry e;
        e.level.source = source;
        e.level.number = static_cast<int>(out.size()) + 1;
        e.level.first_line = line_no;
        bool from_title_line = false;
        if (!pending_title.empty()) {
          e.level.title = pending_title;
          from_title_line = true;
        } else {
          e.level.title = pending_comment;
        }
        pending_title.clear();
        pending_comment.clear();
        out.push_back(std::move(e));
        has_title_line.push_back(from_title_line);
      }
      LevelEntry& e = out.back();
      std::string row;
      row.reserve(line.size());
      for (std::size_t col = 0; col < line.size(); ++col) {
        char c = line[col];
        if (c == '\t') c = ' ';  // tabs inside a row count as floor-or-outside
        if (!detail::is_board_char(c)) {
          if (e.ok()) {
            std::ostringstream msg;
            msg << source << ":" << line_no << ":" << col + 1 << ": level " << e.level.number;
            if (!e.level.title.empty()) msg << " (" << e.level.title << ")";
            msg << ": unknown character '" << c << "' in the board";
            e.error = msg.str();
          }
          c = ' ';
        }
        if (c == '-' || c == '_') c = ' ';
        row.push_back(c);
      }
      while (!row.empty() && row.back() == ' ') row.pop_back();
      e.level.rows.push_back(row);
      continue;
    }
    close_board();
    const std::string t = detail::trim(line);
    if (t.empty()) continue;
    if (t[0] == ';') {
      pending_comment = detail::trim(t.substr(1));
    } else if (detail::is_title_line(line, title)) {
      if (!out.empty() && !has_title_line.back()) {
        out.back().level.title = title;  // the "board, then Title:" convention
        has_title_line.back() = true;
      } else {
        pending_title = title;  // the "Title:, then board" convention
      }
    }
    // Other text lines (Author:, descriptions) are ignored but end the board (done above).
  }
  close_board();
  return out;
}

}  // namespace hsearch::sokoban
