#pragma once
// Race mode: the solver plays the same level beside the player. Its moves come from a solution
// it searched from the level's start (push-optimal when proven); it plays them one at a time,
// either one move for each move of the player ("step": when the player moves, the solver
// moves) or one move every `interval_ms` milliseconds once it has its solution ("clock": its
// thinking time counts against it). The first to put every box on a goal wins. An undo counts
// as a move of the player.
#include <algorithm>
#include <cstdint>
#include <string>

#include "hsearch/sokoban/game/game.hpp"

namespace hsearch::sokoban::play {

enum class RaceMode { step, clock };
enum class RaceOutcome { running, player_won, solver_won, solver_gave_up };

class Race {
 public:
  Race(const Level& level, RaceMode mode, int interval_ms) : solver_(level), mode_(mode), interval_ms_(interval_ms) {}

  RaceMode mode() const { return mode_; }
  const game::Game& solver_game() const { return solver_; }
  bool has_plan() const { return has_plan_; }
  const std::string& failure() const { return failure_; }
  RaceOutcome outcome() const { return outcome_; }

  // The solver's solution arrived (at time now_ms); it starts moving.
  void set_plan(const std::string& lurd, std::int64_t now_ms) {
    plan_ = lurd;
    has_plan_ = true;
    last_ms_ = now_ms;
    catch_up();
  }
  // The solver found no solution in time: the player races alone.
  void give_up(const std::string& why) {
    failure_ = why;
    if (outcome_ == RaceOutcome::running) outcome_ = RaceOutcome::solver_gave_up;
  }

  // Call after each move of the player (including undo), with whether the player has won.
  // The player's winning move ends the race before the solver answers it.
  void on_player_move(bool player_won) {
    if (player_won && outcome_ == RaceOutcome::running) outcome_ = RaceOutcome::player_won;
    if (mode_ == RaceMode::step) ++owed_;
    catch_up();
  }

  // Call regularly in clock mode with the current time in milliseconds.
  void on_tick(std::int64_t now_ms) {
    if (mode_ != RaceMode::clock || !has_plan_ || outcome_ != RaceOutcome::running) return;
    while (now_ms - last_ms_ >= interval_ms_ && next_ < plan_.size()) {
      last_ms_ += interval_ms_;
      play_one();
    }
  }

 private:
  void catch_up() {
    if (!has_plan_) return;
    while (owed_ > 0 && next_ < plan_.size() && outcome_ == RaceOutcome::running) {
      --owed_;
      play_one();
    }
  }
  void play_one() {
    solver_.play(plan_.substr(next_, 1));
    ++next_;
    if (solver_.won() && outcome_ == RaceOutcome::running) outcome_ = RaceOutcome::solver_won;
  }

  game::Game solver_;
  RaceMode mode_;
  int interval_ms_;
  std::string plan_;
  std::size_t next_ = 0;
  bool has_plan_ = false;
  std::int64_t owed_ = 0;  // step mode: the player's moves the solver has not answered yet
  std::int64_t last_ms_ = 0;
  std::string failure_;
  RaceOutcome outcome_ = RaceOutcome::running;
};

}  // namespace hsearch::sokoban::play
