#pragma once
// What a level's search learned, kept between runs: the pattern search's sub-states,
// patterns and area-entry groups (BasicPatternSearch::learned) and the push bound proven so far. A later run of the
// same level reads it and starts from there (SolveOptions::learned_file; `sokoban --resume`).
//
// Why a resumed run stays push-optimal: a pattern is a fact about the board (the exact cost of
// a few boxes alone, penalty_table.hpp), true in every run; the bound was proven on the same
// level, so it is at most the optimum, and A* and IDA* stay exact when told one
// (AStarOptions::known_lower_bound, IdaStarOptions::first_bound).
//
// The file is a checked table file (core/checked_file.hpp, kind "sokoban-learned") whose
// params name the level (a checksum of its normalised rows) and the pattern options that
// decide what a sub-search finds (its node limit). Payload: the bound (4 bytes, little-endian),
// then the pattern search's bytes.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <istream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "hsearch/core/checked_file.hpp"
#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/level.hpp"
#include "hsearch/sokoban/pattern_search.hpp"

namespace hsearch::sokoban {

// 2: the area-entry groups too; 3: patterns' walls; 4: the board's cells without the start's
// frozen boxes on goals (board.hpp), whose number the params name.
inline constexpr int kLearnedFormat = 4;

struct LearnedFile {
  int push_bound = 0;                  // proven: no solution has fewer pushes
  std::vector<std::uint8_t> patterns;  // BasicPatternSearch::learned()
};

// A checksum of the level's board as read (walls, goals, boxes, player), in hex.
inline std::string level_fingerprint(const Level& level) {
  std::string text;
  for (const std::string& row : level.rows) text += row + '\n';
  std::ostringstream hex;
  hex << std::hex << fnv1a64(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
  return hex.str();
}

// The file's name in a cache directory: one per level, whatever file the level came from.
inline std::string learned_file_name(const Level& level) { return "level-" + level_fingerprint(level) + ".learned"; }

inline std::string learned_params(const Board& board, const PatternSearchOptions& patterns) {
  return "format=" + std::to_string(kLearnedFormat) + " level=" + level_fingerprint(board.level()) +
         " walled-boxes=" + std::to_string(board.walled_boxes()) +
         " pattern-nodes=" + std::to_string(patterns.node_limit);
}

// Reads a learned file from a binary stream; `file` (its name) starts every message. Throws
// TableFileError when it is not a learned file of this level and these options, or damaged.
// The pattern bytes are checked when the pattern search restores them.
inline LearnedFile parse_learned_file(std::istream& in, const std::string& file, const Board& board,
                                      const PatternSearchOptions& patterns) {
  const std::vector<std::uint8_t> data =
      read_table_file(in, file, "sokoban-learned", learned_params(board, patterns));
  PayloadReader reader(data, file + ": learned patterns");
  LearnedFile learned;
  learned.push_bound = static_cast<int>(reader.u32("the bound"));
  if (learned.push_bound < 0) reader.fail("a negative bound");
  learned.patterns.assign(data.begin() + static_cast<std::ptrdiff_t>(reader.position()), data.end());
  return learned;
}

// The file's contents, or nothing when it does not exist or does not fit this level and these
// options (then `note` says why: the file is not used, and the run starts afresh).
inline std::optional<LearnedFile> read_learned_file(const std::filesystem::path& path, const Board& board,
                                                    const PatternSearchOptions& patterns, std::string& note) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return std::nullopt;
  try {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw TableFileError(path.string() + ": cannot open");
    return parse_learned_file(in, path.string(), board, patterns);
  } catch (const TableFileError& e) {
    note = std::string("ignored: ") + e.what();
    return std::nullopt;
  }
}

// Writes the file (atomically); false, with `problem` set, when it cannot be written.
inline bool write_learned_file(const std::filesystem::path& path, const Board& board,
                               const PatternSearchOptions& patterns, const LearnedFile& learned,
                               std::string& problem) {
  PayloadWriter data;
  data.u32(static_cast<std::uint32_t>(learned.push_bound));
  data.bytes().insert(data.bytes().end(), learned.patterns.begin(), learned.patterns.end());
  try {
    write_table_file(path, "sokoban-learned", learned_params(board, patterns), data.bytes());
    return true;
  } catch (const TableFileError& e) {
    problem = std::string("not saved: ") + e.what();
    return false;
  }
}

}  // namespace hsearch::sokoban
