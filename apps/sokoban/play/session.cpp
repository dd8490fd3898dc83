// The game loop: keys in, game logic, background searches polled between keys, a frame out.
#include "session.hpp"

#include <algorithm>
#include <chrono>
#include <cctype>

#include "board_view.hpp"

namespace hsearch::sokoban::play {

using game::Game;
using game::StepResult;

namespace {

// The loop wakes at least this often to poll the searches and animate watch and race.
constexpr int kPollMs = 40;

}  // namespace

Session::Session(const Collection& collection, Progress& progress,
                 std::optional<std::filesystem::path> progress_path, PlayOptions options)
    : collection_(collection), progress_(progress), progress_path_(std::move(progress_path)), options_(options) {
  race_mode_ = options_.race;
}

std::int64_t Session::now_ms() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

void Session::say(const std::string& text, Style style) {
  message_ = text;
  message_style_ = style;
  dirty_ = true;
}

int Session::run(Terminal& term, int index, const std::string& resume_lurd, const std::string& first_message) {
  load_level(index);
  // A race (--race) starts from the level's start for both players: no resume then.
  if (game_ && !race_ && !resume_lurd.empty()) {
    const std::string problem = game_->play(resume_lurd);
    if (!problem.empty()) {
      game_->restart();
      say("the saved moves of this level do not replay (" + problem + "): starting afresh", Style::warn);
    } else {
      say("resumed level " + std::to_string(index + 1) + " where you left it (u undoes, r restarts)");
      win_recorded_ = game_->won();
    }
  }
  if (!first_message.empty()) say(first_message, Style::warn);
  TermSize last_size{};
  bool interrupted = false;
  while (!quit_) {
    const int key = term.read_key(kPollMs);
    if (term.quit_requested()) {
      interrupted = true;
      break;
    }
    if (key != kNoKey) on_key(key);
    tick();
    const TermSize size = term.size();
    if (size.rows != last_size.rows || size.cols != last_size.cols) {
      last_size = size;
      dirty_ = true;
      term.write("\x1b[2J");
    }
    if (dirty_) {
      Canvas canvas(size.rows, size.cols);
      draw(canvas);
      term.write(canvas.render());
      dirty_ = false;
    }
  }
  helper_.cancel();
  race_solver_.cancel();
  if (game_) progress_.set_last(collection_.key, index_ + 1, game_->history());
  save_progress();
  return interrupted ? kExitInterrupted : kExitOk;
}

void Session::save_progress() {
  if (!progress_path_) return;
  const std::string problem = progress_.save(*progress_path_);
  if (!problem.empty()) say("progress not saved: " + problem, Style::warn);
}

void Session::load_level(int index) {
  helper_.cancel();
  race_solver_.cancel();
  job_ = Job::none;
  hint_.reset();
  watching_ = false;
  race_.reset();
  assisted_ = false;
  index_ = std::clamp(index, 0, static_cast<int>(collection_.levels.size()) - 1);
  const LevelEntry& entry = collection_.levels[static_cast<std::size_t>(index_)];
  game_.reset();
  level_error_.clear();
  if (!entry.ok()) {
    level_error_ = entry.error;
  } else {
    try {
      game_.emplace(entry.level);
    } catch (const std::exception& e) {  // InvalidLevel: the message names file, line, problem
      level_error_ = e.what();
    }
  }
  win_recorded_ = game_ && game_->won();
  say(game_ ? "" : "this level cannot be played: n/p for another one", Style::warn);
  progress_.set_last(collection_.key, index_ + 1, "");
  save_progress();
  if (game_ && race_mode_) start_race(*race_mode_);
}

void Session::start_race(RaceMode mode) {
  if (!game_) return;
  helper_.cancel();
  job_ = Job::none;
  hint_.reset();
  watching_ = false;
  game_->restart();
  win_recorded_ = game_->won();
  race_.emplace(game_->level(), mode, options_.race_interval_ms);
  race_seen_ = RaceOutcome::running;
  race_start_ms_ = now_ms();
  race_solver_.start(game_->level(), options_.race_seconds);
  say(std::string("race (") + (mode == RaceMode::step ? "one solver move per move of yours" : "the solver on its own clock") +
      "): the level restarted; go!", Style::good);
}

void Session::on_key(int raw) {
  dirty_ = true;
  if (watching_) {  // any key stops the film
    watching_ = false;
    say("stopped watching: you play from here (u undoes the solver's moves too)");
    return;
  }
  const int key = raw < 256 ? std::tolower(raw) : raw;
  switch (key) {
    case kKeyUp: case 'w': case 'z': move(kUp); break;
    case kKeyDown: case 's': move(kDown); break;
    case kKeyLeft: case 'a': case 'q': move(kLeft); break;
    case kKeyRight: case 'd': move(kRight); break;
    case 'u': case kKeyBackspace:
      if (game_ && game_->undo()) {
        if (race_) race_->on_player_move(false);
        after_change();
      }
      break;
    case 'r':
      if (race_) {
        start_race(race_->mode());
      } else if (game_) {
        game_->restart();
        after_change();
        say("restarted");
      }
      break;
    case 'n':
      if (index_ + 1 < static_cast<int>(collection_.levels.size())) load_level(index_ + 1);
      else say("this is the last level of the collection");
      break;
    case 'p':
      if (index_ > 0) load_level(index_ - 1);
      else say("this is the first level of the collection");
      break;
    case 'h': ask_hint(); break;
    case 'v': ask_watch(); break;
    case 'c': cycle_race(); break;
    case 'x': case kKeyEscape: case kKeyCtrlC: quit_ = true; break;
    default: break;
  }
}

void Session::move(int dir) {
  if (!game_) return;
  if (game_->won()) {
    say("level solved: n for the next level, u to undo, r to restart", Style::good);
    return;
  }
  if (game_->step(dir) == StepResult::blocked) return;
  if (race_) race_->on_player_move(game_->won());
  after_change();
}

// The position changed: a search for the old one is useless, the old hint too.
void Session::after_change() {
  if (job_ != Job::none) {
    helper_.cancel();
    job_ = Job::none;
    say("search cancelled: the position changed");
  } else if (!message_.empty() && message_style_ != Style::warn) {
    say("");
  }
  hint_.reset();
  win_recorded_ = win_recorded_ && game_ && game_->won();
  check_win();
}

void Session::check_win() {
  if (!game_ || !game_->won() || win_recorded_) return;
  win_recorded_ = true;
  const int number = index_ + 1;
  if (!assisted_) {
    progress_.record_solved(collection_.key, number, game_->moves(), game_->pushes());
    progress_.set_last(collection_.key, number, game_->history());
    save_progress();
  }
  std::string text = (assisted_ ? "Solved with the solver's moves (not recorded): " : "Level solved in ") +
                     std::to_string(game_->moves()) + " moves, " + std::to_string(game_->pushes()) + " pushes!";
  say(text + (number < static_cast<int>(collection_.levels.size()) ? " n: next level" : ""), Style::good);
}

void Session::ask_hint() {
  if (!game_) return;
  if (race_) {
    say("no hints during a race (c ends it)", Style::warn);
    return;
  }
  if (game_->won()) {
    say("the level is solved: no hint needed", Style::good);
    return;
  }
  if (hint_ && hint_->kind == Hint::Kind::push && hint_history_ == game_->history()) {
    const std::string walk = hint_->walk;
    hint_.reset();
    game_->play(walk);
    after_change();
    return;
  }
  if (job_ == Job::hint) {
    say("still searching for a hint...");
    return;
  }
  job_ = Job::hint;
  hint_history_ = game_->history();
  helper_.start(game_->position(), options_.hint_seconds);
  say("searching for a push-optimal solution from here (up to " + seconds_text(options_.hint_seconds) +
      "; keep playing to cancel)");
}

void Session::ask_watch() {
  if (!game_) return;
  if (race_) {
    say("no watching during a race (c ends it)", Style::warn);
    return;
  }
  if (game_->won()) return;
  job_ = Job::watch;
  hint_history_ = game_->history();
  helper_.start(game_->position(), options_.hint_seconds);
  say("the solver searches a solution from here (up to " + seconds_text(options_.hint_seconds) + ")...");
}

void Session::cycle_race() {
  if (!game_) return;
  if (!race_) {
    race_mode_ = RaceMode::step;
    start_race(RaceMode::step);
  } else if (race_->mode() == RaceMode::step) {
    race_mode_ = RaceMode::clock;
    start_race(RaceMode::clock);
  } else {
    race_solver_.cancel();
    race_.reset();
    race_mode_.reset();
    say("race over: you play alone");
  }
}

void Session::tick() {
  const std::int64_t now = now_ms();
  if (auto report = helper_.take()) {
    const Job job = job_;
    job_ = Job::none;
    dirty_ = true;
    if (game_ && hint_history_ == game_->history()) {
      Hint h = hint_from(*game_, *report, options_.hint_seconds);
      if (job == Job::hint) {
        say(h.text, h.kind == Hint::Kind::push ? Style::good : Style::warn);
        hint_ = h;
      } else if (h.kind == Hint::Kind::push) {
        watching_ = true;
        watch_plan_ = report->lurd;
        watch_next_ = 0;
        watch_last_ms_ = now;
        say("watching the solver: " + std::to_string(report->pushes) + " pushes" +
            (report->result.optimal ? " (push-optimal)" : "") + ", " + std::to_string(report->moves) +
            " moves; any key stops");
      } else {
        say(h.text, Style::warn);
      }
    }
  }
  if (watching_ && game_ && now - watch_last_ms_ >= options_.watch_interval_ms) {
    watch_last_ms_ = now;
    if (watch_next_ < watch_plan_.size()) {
      assisted_ = true;
      game_->play(watch_plan_.substr(watch_next_++, 1));
      hint_.reset();
      dirty_ = true;
    }
    if (watch_next_ >= watch_plan_.size() || game_->won()) {
      watching_ = false;
      check_win();
    }
  }
  if (race_) {
    if (auto report = race_solver_.take()) {
      if (report->solved()) {
        race_->set_plan(report->lurd, now);
      } else {
        Hint why = hint_from(race_->solver_game(), *report, options_.race_seconds);
        race_->give_up(why.text);
      }
      dirty_ = true;
    }
    const int bot_moves = race_->solver_game().moves();
    race_->on_tick(now);
    if (race_->solver_game().moves() != bot_moves) dirty_ = true;
    // The "thinking N s" counter changes once a second.
    if (!race_->has_plan() && race_->failure().empty() && (now - race_start_ms_) / 1000 != shown_second_) {
      shown_second_ = (now - race_start_ms_) / 1000;
      dirty_ = true;
    }
    if (race_->outcome() != race_seen_) {
      race_seen_ = race_->outcome();
      switch (race_seen_) {
        case RaceOutcome::player_won: say("You won the race! (c: race again in the other mode)", Style::good); break;
        case RaceOutcome::solver_won:
          say("The solver won the race (" + std::to_string(race_->solver_game().moves()) + " moves, " +
                  std::to_string(race_->solver_game().pushes()) + " pushes). Keep going or r to race again",
              Style::warn);
          break;
        case RaceOutcome::solver_gave_up: say("the solver gave up (" + race_->failure() + "): you race alone", Style::warn); break;
        case RaceOutcome::running: break;
      }
    }
  }
}

void Session::draw(Canvas& canvas) const {
  const int rows = canvas.rows(), cols = canvas.cols();
  if (rows < 12 || cols < 40) {
    canvas.text(0, 0, "terminal too small", Style::warn);
    canvas.text(1, 0, "(needs 40x12; x quits)", Style::warn);
    return;
  }
  const LevelEntry& entry = collection_.levels[static_cast<std::size_t>(index_)];
  std::string title = "Sokoban  " + collection_.name + "  level " + std::to_string(index_ + 1) + "/" +
                      std::to_string(collection_.levels.size());
  if (!entry.level.title.empty()) title += "  \"" + entry.level.title + "\"";
  canvas.text(0, 0, title, Style::title);
  if (const LevelRecord* rec = progress_.solved(collection_.key, index_ + 1)) {
    const std::string best = "[solved: best " + std::to_string(rec->best_moves) + "/" +
                             std::to_string(rec->best_pushes) + "]";
    canvas.text(0, std::max(static_cast<int>(title.size()) + 2, cols - static_cast<int>(best.size())), best, Style::good);
  }
  const Window area{2, 0, rows - 6, cols};
  bool scrolled = false;
  std::string status;
  Style status_style = Style::plain;
  if (!game_) {
    canvas.text(area.top, 0, "This level cannot be played:", Style::warn);
    std::string text = level_error_;
    for (int r = area.top + 1; !text.empty() && r < area.top + area.rows; ++r) {
      canvas.text(r, 2, text.substr(0, static_cast<std::size_t>(cols - 2)));
      text = text.size() > static_cast<std::size_t>(cols - 2) ? text.substr(static_cast<std::size_t>(cols - 2)) : "";
    }
  } else {
    const std::string counters =
        "Moves: " + std::to_string(game_->moves()) + "  Pushes: " + std::to_string(game_->pushes());
    const auto& flagged = game_->deadlock().boxes;
    const std::pair<int, int> hint_box = hint_ && hint_->kind == Hint::Kind::push
                                             ? std::pair(hint_->box_row, hint_->box_col)
                                             : std::pair(-1, -1);
    if (race_) {
      const int half = (cols - 3) / 2;
      const Game& bot = race_->solver_game();
      canvas.text(1, 0, "You     " + counters, Style::title);
      std::string bot_state = "Solver  Moves: " + std::to_string(bot.moves()) + "  Pushes: " + std::to_string(bot.pushes());
      if (!race_->has_plan() && race_->failure().empty())
        bot_state += "  (thinking " + seconds_text(static_cast<double>((now_ms() - race_start_ms_) / 1000)) + ")";
      canvas.text(1, half + 3, bot_state, Style::title);
      for (int r = area.top; r < area.top + area.rows; ++r) canvas.put(r, half + 1, '|', Style::dim);
      scrolled = draw_board(canvas, Window{area.top, 0, area.rows, half}, *game_, flagged, hint_box);
      scrolled = draw_board(canvas, Window{area.top, half + 3, area.rows, half}, bot) || scrolled;
    } else {
      canvas.text(1, 0, counters, Style::title);
      scrolled = draw_board(canvas, area, *game_, flagged, hint_box);
    }
    if (game_->won()) {
      status = "*** SOLVED ***  " + std::to_string(game_->moves()) + " moves, " + std::to_string(game_->pushes()) + " pushes";
      status_style = Style::good;
    } else if (game_->deadlock().any()) {
      status = "WARNING " + game_->deadlock().message() + " (u undoes)";
      status_style = Style::warn;
    } else if (scrolled) {
      status = "the level is larger than the screen: the view follows the player";
      status_style = Style::dim;
    }
  }
  if (job_ != Job::none && helper_.busy()) {
    canvas.text(1, cols - 22, "[solver searching...]", Style::dim);
  }
  const auto width = static_cast<std::size_t>(cols);
  if (status.empty() && message_.size() > width) {  // a long message takes both lines
    canvas.text(rows - 4, 0, message_.substr(0, width), message_style_);
    canvas.text(rows - 3, 0, message_.substr(width), message_style_);
  } else {
    canvas.text(rows - 4, 0, status, status_style);
    canvas.text(rows - 3, 0, message_, message_style_);
  }
  draw_help(canvas);
}

void Session::draw_help(Canvas& canvas) const {
  const int rows = canvas.rows();
  canvas.text(rows - 2, 0, "move: arrows/WASD/ZQSD  u undo  r restart  n/p next/previous level", Style::dim);
  canvas.text(rows - 1, 0, "h hint  v watch the solver  c race (step/clock/off)  x or Esc quit", Style::dim);
}

}  // namespace hsearch::sokoban::play
