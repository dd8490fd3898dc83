#pragma once
// One sitting at the game: the levels of a collection, the keys, the screen, the solver's
// background searches (hint, watch, race) and the progress file.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "canvas.hpp"
#include "hsearch/app/exit_status.hpp"
#include "hsearch/sokoban/game/game.hpp"
#include "hsearch/sokoban/level_reader.hpp"
#include "hsearch/sokoban/play/background_solver.hpp"
#include "hsearch/sokoban/play/collection.hpp"
#include "hsearch/sokoban/play/hint.hpp"
#include "hsearch/sokoban/play/progress.hpp"
#include "hsearch/sokoban/play/race.hpp"
#include "terminal.hpp"

namespace hsearch::sokoban::play {

// The project's exit-status table (hsearch/app/exit_status.hpp), as the game uses it.
constexpr int kExitOk = app::code(app::ExitStatus::solved);                // the player quit
constexpr int kExitBadInput = app::code(app::ExitStatus::bad_input);       // bad usage, file, level, no terminal
constexpr int kExitInternal = app::code(app::ExitStatus::internal_error);  // an internal error
constexpr int kExitInterrupted = app::code(app::ExitStatus::interrupted);  // stopped by a signal

struct PlayOptions {
  double hint_seconds = 10;      // time limit of a hint's (or a watch's) search
  double race_seconds = 30;      // time limit of the race solver's search
  int race_interval_ms = 400;    // clock race: one solver move every this many ms
  int watch_interval_ms = 150;   // watching: one move every this many ms
  std::optional<RaceMode> race;  // start in race mode
};

class Session {
 public:
  Session(const Collection& collection, Progress& progress, std::optional<std::filesystem::path> progress_path,
          PlayOptions options);

  // Plays from level `index` (0-based), replaying `resume_lurd` first; returns when the player
  // quits (kExitOk) or a signal (SIGINT, SIGTERM, SIGHUP) asks to (kExitInterrupted). The
  // progress is saved either way.
  int run(Terminal& term, int index, const std::string& resume_lurd, const std::string& first_message);

 private:
  enum class Job { none, hint, watch };

  void load_level(int index);
  void start_race(RaceMode mode);
  void on_key(int key);
  void move(int dir);
  void after_change();
  void check_win();
  void ask_hint();
  void ask_watch();
  void cycle_race();
  void tick();
  void save_progress();
  void say(const std::string& text, Style style = Style::plain);
  void draw(Canvas& canvas) const;
  void draw_help(Canvas& canvas) const;
  std::int64_t now_ms() const;

  const Collection& collection_;
  Progress& progress_;
  std::optional<std::filesystem::path> progress_path_;
  PlayOptions options_;

  int index_ = 0;
  std::optional<game::Game> game_;
  std::string level_error_;
  bool win_recorded_ = false;
  bool assisted_ = false;  // the solver played moves of this level (watch): not recorded as solved

  BackgroundSolver helper_;
  Job job_ = Job::none;
  std::optional<Hint> hint_;
  std::string hint_history_;  // the position (history) the hint is for

  bool watching_ = false;
  std::string watch_plan_;
  std::size_t watch_next_ = 0;
  std::int64_t watch_last_ms_ = 0;

  std::optional<RaceMode> race_mode_;
  std::optional<Race> race_;
  BackgroundSolver race_solver_;
  RaceOutcome race_seen_ = RaceOutcome::running;
  std::int64_t race_start_ms_ = 0;
  std::int64_t shown_second_ = -1;  // the race's "thinking N s" on screen

  std::string message_;
  Style message_style_ = Style::plain;
  bool quit_ = false;
  bool dirty_ = true;
};

}  // namespace hsearch::sokoban::play
