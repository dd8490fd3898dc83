// `sokoban play [FILE] [--level N] [options]`: the terminal game. Parses the command line,
// reads the collection and the progress file, checks that it runs in a terminal, then hands
// over to the Session. Bad input is reported before the screen is taken: a message on stderr,
// exit status 2.
#include "play_main.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include <boost/program_options.hpp>

#include "hsearch/app/messages.hpp"
#include "hsearch/app/options.hpp"
#include "hsearch/sokoban/play/collection.hpp"
#include "hsearch/sokoban/play/progress.hpp"
#include "session.hpp"
#include "terminal.hpp"

namespace hsearch::sokoban::play {

namespace {

constexpr const char* kDescription =
    "Plays Sokoban in the terminal, with the solver at hand: hints, watching it play, racing\n"
    "it. FILE is a level collection (XSB or Boxoban text); without it, 3 built-in levels.";

constexpr const char* kEpilogue =
    "Keys: arrows/WASD/ZQSD move, u undo, r restart, n/p next/previous level, h hint,\n"
    "v watch the solver, c race (step/clock/off), x or Esc or Ctrl-C quit.\n"
    "Progress is kept in $XDG_DATA_HOME/hsearch/progress (default ~/.local/share/hsearch/progress).\n"
    "Exit status: 0 the player quit; 2 bad usage or bad input (an unreadable file, no level,\n"
    "--level out of range, no terminal); 70 internal error; 130 stopped by a signal\n"
    "(SIGINT, SIGTERM, SIGHUP; the progress is saved).";

int usage_error(const std::string& message) {
  app::print_error("sokoban play", message + " (see sokoban play --help)");
  return kExitBadInput;
}

}  // namespace

int play_main(int argc, char** argv) {
  namespace po = boost::program_options;
  PlayOptions defaults;
  app::CommandLineSpec spec;
  spec.groups = 0;  // --help and --version: the game takes none of the search options
  spec.exit_status_table = false;
  app::CommandLine cli("sokoban play", "sokoban play [FILE] [options]", kDescription, spec);
  cli.set_epilogue(kEpilogue);
  cli.options().add_options()
      ("level", po::value<int>()->value_name("N"),
       "start at level N of FILE (1-based; default: where you left the collection last time, else 1)")
      ("hint-time", po::value<double>()->value_name("S")->default_value(defaults.hint_seconds, "10"),
       "time limit in seconds of the search for a hint (h) or for watching the solver (v)")
      ("race", po::value<std::string>()->value_name("MODE"),
       "start racing the solver: step (it moves when you move) or clock (it moves on its own clock)")
      ("race-time", po::value<double>()->value_name("S")->default_value(defaults.race_seconds, "30"),
       "time limit in seconds of the race solver's search")
      ("race-speed", po::value<int>()->value_name("MS")->default_value(defaults.race_interval_ms),
       "clock race: one solver move every MS milliseconds");
  cli.hidden().add_options()("file", po::value<std::string>(), "level file");
  cli.positional().add("file", 1);
  const po::variables_map& vm = cli.parse(argc, argv);

  PlayOptions options;
  int level = 0;
  if (vm.count("level")) {
    level = vm["level"].as<int>();
    if (level < 1) return usage_error("--level must be at least 1, not " + std::to_string(level));
  }
  // Upper bounds keep the values meaningful as durations (no overflow in milliseconds).
  options.hint_seconds = vm["hint-time"].as<double>();
  if (!(options.hint_seconds > 0 && options.hint_seconds < 1e6))
    return usage_error("--hint-time must be a positive number of seconds (below 1000000)");
  options.race_seconds = vm["race-time"].as<double>();
  if (!(options.race_seconds > 0 && options.race_seconds < 1e6))
    return usage_error("--race-time must be a positive number of seconds (below 1000000)");
  options.race_interval_ms = vm["race-speed"].as<int>();
  if (options.race_interval_ms < 1) return usage_error("--race-speed must be a positive number of milliseconds");
  if (vm.count("race")) {
    const std::string mode = vm["race"].as<std::string>();
    if (mode == "step") options.race = RaceMode::step;
    else if (mode == "clock") options.race = RaceMode::clock;
    else return usage_error("--race needs step or clock, not '" + mode + "'");
  }
  const std::string file = vm.count("file") ? vm["file"].as<std::string>() : std::string();

  Collection collection;
  try {
    collection = file.empty() ? builtin_collection() : read_collection(file);
  } catch (const std::runtime_error& e) {
    std::cerr << "sokoban play: " << e.what() << "\n";
    return kExitBadInput;
  }
  const int count = static_cast<int>(collection.levels.size());
  if (level > count) {
    std::cerr << "sokoban play: --level " << level << ": the collection has " << count << " level"
              << (count == 1 ? "" : "s") << "\n";
    return kExitBadInput;
  }
  if (!Terminal::interactive()) {
    std::cerr << "sokoban play: the game needs a terminal (stdin and stdout must be a tty);\n"
                 "to solve levels without one, run: sokoban FILE\n";
    return kExitBadInput;
  }

  Progress progress;
  std::string first_message;
  const auto progress_path = Progress::default_path();
  if (!progress_path) {
    first_message = "neither XDG_DATA_HOME nor HOME is set: progress is not saved";
  } else if (std::string problem = progress.load(*progress_path); !problem.empty()) {
    first_message = problem;
  }
  int index = 0;
  std::string resume;
  if (level > 0) {
    index = level - 1;
  } else if (const LastPlayed* last = progress.last(collection.key); last != nullptr && last->level <= count) {
    index = last->level - 1;
    resume = last->lurd;
  }

  int status = kExitOk;
  std::string error;
  {
    Terminal term;  // restored when this block ends, however it ends
    Session session(collection, progress, progress_path, options);
    try {
      status = session.run(term, index, resume, first_message);
    } catch (const std::exception& e) {
      error = e.what();
      status = kExitInternal;
    }
  }
  if (!error.empty()) std::cerr << "sokoban play: internal error: " << error << "\n";
  return status;
}

}  // namespace hsearch::sokoban::play
