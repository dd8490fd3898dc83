#pragma once
// Reference push counts of a level collection, read from a TSV table with a header line, and
// the check of a proven optimum against them. Two kinds of table are read:
//   - `level  optimal_pushes  min_moves_among_push_optimal  status ...`: proven optima; only the
//     rows whose status starts with "proven" are kept (microban_optimal_pushes.tsv);
//   - `level  best_pushes  moves_of_best_push_solution ...`: the best push counts known, not
//     proven optimal (xsokoban_best_known.tsv).
// Rows with an empty push count are skipped.
#include <cstddef>
#include <istream>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace hsearch::sokoban {

struct OracleRow {
  int pushes = 0;
  int moves = -1;      // the table's moves for that push count (-1: not given)
  bool exact = false;  // a proven optimum (else the best known, an upper bound)
};

// Level number -> reference. Throws std::runtime_error("<name>:<line>: <problem>").
inline std::map<int, OracleRow> read_oracle(std::istream& in, const std::string& name) {
  const auto cells_of = [](const std::string& line) {
    std::vector<std::string> cells;
    std::string cell;
    std::istringstream row(line);
    while (std::getline(row, cell, '\t')) {
      if (!cell.empty() && cell.back() == '\r') cell.pop_back();
      cells.push_back(cell);
    }
    return cells;
  };
  const auto number = [&](const std::string& text, int line_number, const char* what) {
    std::size_t used = 0;
    int v = -1;
    try {
      v = std::stoi(text, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != text.size() || used == 0 || v < 0) {
      throw std::runtime_error(name + ":" + std::to_string(line_number) + ": " + what + " '" + text +
                               "' is not a whole number");
    }
    return v;
  };
  std::string line;
  if (!std::getline(in, line)) throw std::runtime_error(name + ":1: empty file: a header line is expected");
  const auto header = cells_of(line);
  int level_col = -1, pushes_col = -1, moves_col = -1, status_col = -1;
  bool exact = false;
  for (int i = 0; i < static_cast<int>(header.size()); ++i) {
    const std::string& h = header[static_cast<std::size_t>(i)];
    if (h == "level") level_col = i;
    if (h == "optimal_pushes") pushes_col = i, exact = true;
    if (h == "best_pushes") pushes_col = i;
    if (h == "min_moves_among_push_optimal" || h == "moves_of_best_push_solution") moves_col = i;
    if (h == "status") status_col = i;
  }
  if (level_col < 0 || pushes_col < 0) {
    throw std::runtime_error(name + ":1: the header needs the columns 'level' and 'optimal_pushes' or 'best_pushes'");
  }
  std::map<int, OracleRow> out;
  int line_number = 1;
  while (std::getline(in, line)) {
    ++line_number;
    const auto cells = cells_of(line);
    const auto cell = [&](int col) {
      return col >= 0 && col < static_cast<int>(cells.size()) ? cells[static_cast<std::size_t>(col)] : std::string();
    };
    if (cell(level_col).empty() || cell(pushes_col).empty()) continue;
    if (exact && status_col >= 0 && cell(status_col).rfind("proven", 0) != 0) continue;
    OracleRow row;
    row.pushes = number(cell(pushes_col), line_number, "push count");
    if (!cell(moves_col).empty()) row.moves = number(cell(moves_col), line_number, "move count");
    row.exact = exact;
    out[number(cell(level_col), line_number, "level number")] = row;
  }
  return out;
}

enum class OracleCheck {
  match,     // the proven optimum equals the table's count
  below,     // fewer pushes than the table's best known: a find (the solution replays)
  mismatch,  // more pushes than the table, or a proven optimum that differs: solver or table wrong
};

// `pushes`: a proven optimum.
inline OracleCheck check_against(const OracleRow& row, int pushes) {
  if (pushes == row.pushes) return OracleCheck::match;
  if (pushes < row.pushes && !row.exact) return OracleCheck::below;
  return OracleCheck::mismatch;
}

// `pushes`: a solution not proven optimal. Only fewer pushes than the table says anything: a
// find below a best-known count, or an error below a proven optimum.
inline std::optional<OracleCheck> check_unproven(const OracleRow& row, int pushes) {
  if (pushes >= row.pushes) return std::nullopt;
  return row.exact ? OracleCheck::mismatch : OracleCheck::below;
}

inline const char* to_string(OracleCheck c) {
  switch (c) {
    case OracleCheck::match: return "match";
    case OracleCheck::below: return "below";
    case OracleCheck::mismatch: return "mismatch";
  }
  return "?";
}

}  // namespace hsearch::sokoban
