#pragma once
// A collection of levels to play: the built-in levels or a level file (XSB or Boxoban text),
// with the key under which a player's progress in it is stored (the file's absolute path, so
// that it does not depend on the directory the game was started from).
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "hsearch/sokoban/level_reader.hpp"

namespace hsearch::sokoban::play {

struct Collection {
  std::string key;   // the progress's key: the file's absolute path, or "<built-in>"
  std::string name;  // shown to the player
  std::vector<LevelEntry> levels;
};

// Written for this project: three small levels to learn the keys on.
inline constexpr const char* kBuiltInLevels =
    "; first steps\n"
    "#######\n"
    "#.  $@#\n"
    "#######\n"
    "\n"
    "; around the pillar\n"
    "########\n"
    "#  .   #\n"
    "# $##$ #\n"
    "#  @   #\n"
    "# #  #.#\n"
    "#   $  #\n"
    "#.     #\n"
    "########\n"
    "\n"
    "; the side room\n"
    "  ######\n"
    "  #    #\n"
    "###$## #\n"
    "#  . $ #\n"
    "# #.#  #\n"
    "#  $. @#\n"
    "########\n";

inline Collection builtin_collection() {
  Collection collection;
  std::istringstream in(kBuiltInLevels);
  collection.levels = read_levels(in, "<built-in>");
  collection.key = "<built-in>";
  collection.name = "built-in levels";
  return collection;
}

// Throws std::runtime_error ("FILE: cannot open the file", "FILE: no level in this file"); a
// malformed level is kept with its error (LevelEntry::error), for the game to show.
inline Collection read_collection(const std::string& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error(file + ": cannot open the file");
  Collection collection;
  collection.levels = read_levels(in, file);
  if (collection.levels.empty()) throw std::runtime_error(file + ": no level in this file");
  std::error_code ec;
  const auto absolute = std::filesystem::weakly_canonical(std::filesystem::absolute(file), ec);
  collection.key = ec ? std::filesystem::absolute(file).string() : absolute.string();
  collection.name = std::filesystem::path(file).filename().string();
  return collection;
}

}  // namespace hsearch::sokoban::play
