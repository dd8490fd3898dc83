#pragma once
// The player's progress, so that a game resumes where it was left: per collection (the level
// file's absolute path), the levels solved with the best moves and pushes, and the level last
// played with the moves made in it (LURD).
//
// File: $XDG_DATA_HOME/hsearch/progress, or ~/.local/share/hsearch/progress when XDG_DATA_HOME
// is unset or not absolute (XDG Base Directory rules). A small versioned text format, one
// record per line, fields separated by tabs, the path last (it may contain spaces):
//
//   hsearch-sokoban-progress 1
//   solved <level> <best moves> <best pushes> <path>
//   last <level> <lurd or -> <path>
//
// Saving writes a temporary file next to it and renames it over the old one (atomic on POSIX):
// a crash never leaves half a file. A file that does not parse is reported (file:line: problem)
// and ignored as a whole; it is replaced at the next save.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include <unistd.h>

#include "hsearch/app/machine.hpp"

namespace hsearch::sokoban::play {

struct LevelRecord {
  int best_moves = 0;
  int best_pushes = 0;
};

struct LastPlayed {
  int level = 0;
  std::string lurd;
};

class Progress {
 public:
  static constexpr const char* kHeader = "hsearch-sokoban-progress 1";

  // The default file, or nothing when neither XDG_DATA_HOME nor HOME gives a place.
  static std::optional<std::filesystem::path> default_path() {
    const std::filesystem::path dir = app::data_dir();
    if (dir.empty()) return std::nullopt;
    return dir / "progress";
  }

  // Reads `path`. A missing file is an empty progress (""). Otherwise returns "" or a message
  // naming the file, the line and the problem; then the progress stays empty.
  std::string load(const std::filesystem::path& path) {
    solved_.clear();
    last_.clear();
    std::ifstream in(path);
    if (!in) {
      std::error_code ec;
      if (!std::filesystem::exists(path, ec)) return "";
      return path.string() + ": cannot be read";
    }
    std::string line;
    int line_no = 0;
    auto bad = [&](const std::string& what) {
      solved_.clear();
      last_.clear();
      return path.string() + ":" + std::to_string(line_no) + ": " + what + "; ignored, replaced at the next save";
    };
    while (std::getline(in, line)) {
      ++line_no;
      if (line_no == 1) {
        if (line != kHeader) return bad("not a \"" + std::string(kHeader) + "\" file");
        continue;
      }
      if (line.empty()) continue;
      std::vector<std::string> f;
      std::size_t start = 0;
      for (std::size_t tab; (tab = line.find('\t', start)) != std::string::npos; start = tab + 1) f.push_back(line.substr(start, tab - start));
      f.push_back(line.substr(start));
      int level = 0;
      if (f[0] == "solved" && f.size() == 5) {
        int moves = 0, pushes = 0;
        if (!to_int(f[1], level) || level < 1 || !to_int(f[2], moves) || !to_int(f[3], pushes) || moves < pushes ||
            pushes < 0 || f[4].empty())
          return bad("bad \"solved\" record");
        solved_[{f[4], level}] = LevelRecord{moves, pushes};
      } else if (f[0] == "last" && f.size() == 4) {
        if (!to_int(f[1], level) || level < 1 || f[3].empty() || !valid_lurd(f[2])) return bad("bad \"last\" record");
        last_[f[3]] = LastPlayed{level, f[2] == "-" ? std::string() : f[2]};
      } else {
        return bad("unknown record \"" + f[0] + "\"");
      }
    }
    if (line_no == 0) return bad("empty file");
    return "";
  }

  // Writes the progress to `path` atomically (temporary file + rename), creating the folder.
  // Returns "" or what went wrong.
  std::string save(const std::filesystem::path& path) const {
    std::error_code ec;
    std::filesystem::create_directories(path.parent_path(), ec);
    if (ec) return path.parent_path().string() + ": cannot create the folder: " + ec.message();
    const std::filesystem::path tmp = path.string() + ".tmp." + std::to_string(::getpid());
    {
      std::ofstream out(tmp, std::ios::trunc);
      if (!out) return tmp.string() + ": cannot be written";
      out << kHeader << '\n';
      for (const auto& [key, rec] : solved_)
        out << "solved\t" << key.second << '\t' << rec.best_moves << '\t' << rec.best_pushes << '\t' << key.first << '\n';
      for (const auto& [file, last] : last_)
        out << "last\t" << last.level << '\t' << (last.lurd.empty() ? "-" : last.lurd) << '\t' << file << '\n';
      out.flush();
      if (!out) {
        std::filesystem::remove(tmp, ec);
        return tmp.string() + ": write failed";
      }
    }
    std::filesystem::rename(tmp, path, ec);
    if (ec) {
      std::error_code ignored;
      std::filesystem::remove(tmp, ignored);
      return path.string() + ": cannot be replaced: " + ec.message();
    }
    return "";
  }

  // Records a solution of `level` of `collection`; keeps the fewest moves (then pushes).
  void record_solved(const std::string& collection, int level, int moves, int pushes) {
    if (!storable(collection)) return;
    auto [it, inserted] = solved_.try_emplace({collection, level}, LevelRecord{moves, pushes});
    if (!inserted && std::pair(moves, pushes) < std::pair(it->second.best_moves, it->second.best_pushes))
      it->second = LevelRecord{moves, pushes};
  }
  const LevelRecord* solved(const std::string& collection, int level) const {
    const auto it = solved_.find({collection, level});
    return it == solved_.end() ? nullptr : &it->second;
  }
  int solved_count(const std::string& collection) const {
    int n = 0;
    for (const auto& entry : solved_) n += entry.first.first == collection;
    return n;
  }

  void set_last(const std::string& collection, int level, const std::string& lurd) {
    if (storable(collection) && valid_lurd(lurd)) last_[collection] = LastPlayed{level, lurd};
  }
  const LastPlayed* last(const std::string& collection) const {
    const auto it = last_.find(collection);
    return it == last_.end() ? nullptr : &it->second;
  }

 private:
  static bool to_int(const std::string& s, int& out) {
    if (s.empty() || s.size() > 9) return false;
    int v = 0;
    for (char c : s) {
      if (c < '0' || c > '9') return false;
      v = v * 10 + (c - '0');
    }
    out = v;
    return true;
  }
  static bool valid_lurd(const std::string& s) {
    if (s == "-") return true;
    for (char c : s)
      if (std::string_view("lurdLURD").find(c) == std::string_view::npos) return false;
    return true;
  }
  // A key must fit the line format: no tab, no newline.
  static bool storable(const std::string& collection) {
    return !collection.empty() && collection.find_first_of("\t\n\r") == std::string::npos;
  }

  std::map<std::pair<std::string, int>, LevelRecord> solved_;
  std::map<std::string, LastPlayed> last_;
};

}  // namespace hsearch::sokoban::play
