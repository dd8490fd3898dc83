// `sokoban play [FILE] [--level N] [options]`: the terminal game (issue #7, seed 004).
// Reads the collection, the progress file, checks that it runs in a terminal, then hands over
// to the Session. Bad input is reported before the screen is taken: message, exit status 2.
#include "play_main.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "hsearch/sokoban/game/progress.hpp"
#include "hsearch/sokoban/level_reader.hpp"
#include "session.hpp"
#include "terminal.hpp"

namespace hsearch::sokoban::play {

namespace {

// Written for this project: three small levels to learn the keys on.
constexpr const char* kBuiltInLevels =
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

constexpr const char* kUsage =
    "usage: sokoban play [FILE] [--level N] [--hint-time S] [--race step|clock]\n"
    "                    [--race-time S] [--race-speed MS]\n"
    "  FILE          a level collection (XSB or Boxoban text); without it, 3 built-in levels\n"
    "  --level N     start at level N (default: where you left the collection last time)\n"
    "  --hint-time S time limit of the hint's and the watch's search (default 10)\n"
    "  --race MODE   start racing the solver: step (it moves when you move) or clock\n"
    "  --race-time S time limit of the race solver's search (default 30)\n"
    "  --race-speed MS  clock race: one solver move every MS milliseconds (default 400)\n"
    "Progress is kept in $XDG_DATA_HOME/hsearch/progress (default ~/.local/share/hsearch/progress).\n";

bool parse_number(const std::string& text, double& out) {
  try {
    std::size_t used = 0;
    out = std::stod(text, &used);
    return used == text.size() && out > 0 && out < 1e6;
  } catch (const std::exception&) {
    return false;
  }
}

}  // namespace

int play_main(int argc, char** argv) {
  std::string file;
  int level = 0;
  PlayOptions options;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&](double& out) {
      if (i + 1 >= argc || !parse_number(argv[i + 1], out)) {
        std::cerr << "sokoban play: " << arg << " needs a positive number\n" << kUsage;
        return false;
      }
      ++i;
      return true;
    };
    double v = 0;
    if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      return 0;
    } else if (arg == "--level") {
      if (!value(v)) return 2;
      if (v != static_cast<int>(v)) {
        std::cerr << "sokoban play: --level needs a whole number\n";
        return 2;
      }
      level = static_cast<int>(v);
    } else if (arg == "--hint-time") {
      if (!value(options.hint_seconds)) return 2;
    } else if (arg == "--race-time") {
      if (!value(options.race_seconds)) return 2;
    } else if (arg == "--race-speed") {
      if (!value(v)) return 2;
      options.race_interval_ms = static_cast<int>(v);
    } else if (arg == "--race") {
      const std::string mode = i + 1 < argc ? argv[++i] : "";
      if (mode == "step") options.race = game::RaceMode::step;
      else if (mode == "clock") options.race = game::RaceMode::clock;
      else {
        std::cerr << "sokoban play: --race needs step or clock\n" << kUsage;
        return 2;
      }
    } else if (!arg.empty() && arg[0] == '-') {
      std::cerr << "sokoban play: unknown option " << arg << "\n" << kUsage;
      return 2;
    } else if (file.empty()) {
      file = arg;
    } else {
      std::cerr << "sokoban play: one level file only (got " << file << " and " << arg << ")\n";
      return 2;
    }
  }

  Collection collection;
  if (file.empty()) {
    std::istringstream in(kBuiltInLevels);
    collection.levels = read_levels(in, "<built-in>");
    collection.key = "<built-in>";
    collection.name = "built-in levels";
  } else {
    std::ifstream in(file);
    if (!in) {
      std::cerr << "sokoban play: " << file << ": cannot open the file\n";
      return 2;
    }
    collection.levels = read_levels(in, file);
    std::error_code ec;
    const auto absolute = std::filesystem::weakly_canonical(std::filesystem::absolute(file), ec);
    collection.key = ec ? std::filesystem::absolute(file).string() : absolute.string();
    collection.name = std::filesystem::path(file).filename().string();
    if (collection.levels.empty()) {
      std::cerr << "sokoban play: " << file << ": no level in this file\n";
      return 2;
    }
  }
  const int count = static_cast<int>(collection.levels.size());
  if (level > count) {
    std::cerr << "sokoban play: --level " << level << ": the collection has " << count << " level"
              << (count == 1 ? "" : "s") << "\n";
    return 2;
  }
  if (!Terminal::interactive()) {
    std::cerr << "sokoban play: the game needs a terminal (stdin and stdout must be a tty);\n"
                 "to solve levels without one, run: sokoban FILE\n";
    return 2;
  }

  game::Progress progress;
  std::string first_message;
  const auto progress_path = game::Progress::default_path();
  if (!progress_path) {
    first_message = "neither XDG_DATA_HOME nor HOME is set: progress is not saved";
  } else if (std::string problem = progress.load(*progress_path); !problem.empty()) {
    first_message = problem;
  }
  int index = 0;
  std::string resume;
  if (level > 0) {
    index = level - 1;
  } else if (const game::LastPlayed* last = progress.last(collection.key); last != nullptr && last->level <= count) {
    index = last->level - 1;
    resume = last->lurd;
  }

  int status = 0;
  std::string error;
  {
    Terminal term;  // restored when this block ends, however it ends
    Session session(collection, progress, progress_path, options);
    try {
      status = session.run(term, index, resume, first_message);
    } catch (const std::exception& e) {
      error = e.what();
      status = 3;
    }
  }
  if (!error.empty()) std::cerr << "sokoban play: internal error: " << error << "\n";
  return status;
}

}  // namespace hsearch::sokoban::play
