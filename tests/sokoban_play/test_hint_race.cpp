// The solver inside the game: the background search, the hint built from it, and the race.
#include <chrono>
#include <fstream>
#include <thread>

#include <gtest/gtest.h>

#include "data_dir.hpp"
#include "hsearch/sokoban/level_reader.hpp"
#include "hsearch/sokoban/play/background_solver.hpp"
#include "hsearch/sokoban/play/hint.hpp"
#include "hsearch/sokoban/play/race.hpp"
#include "sokoban/level_text.hpp"

using namespace hsearch::sokoban;
using namespace hsearch::sokoban::game;
using namespace hsearch::sokoban::play;
using hsearch::sokoban::testing::level_from;

namespace {

const char* kRoom =
    "#######\n"
    "#     #\n"
    "# @$ .#\n"
    "#  $  #\n"
    "#   . #\n"
    "#######\n";

// Waits for the background search's report (at most `seconds`).
std::optional<SolveReport> wait_for(BackgroundSolver& solver, double seconds) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < end) {
    if (auto r = solver.take()) return r;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return std::nullopt;
}

}  // namespace

TEST(BackgroundSolver, SolvesOnItsThreadAndReportsOnce) {
  BackgroundSolver solver;
  EXPECT_FALSE(solver.busy());
  solver.start(level_from(kRoom), 10);
  EXPECT_TRUE(solver.busy());
  const auto report = wait_for(solver, 10);
  ASSERT_TRUE(report.has_value());
  EXPECT_EQ(report->status(), "solved");
  EXPECT_TRUE(report->result.optimal);
  EXPECT_EQ(report->pushes, 4);
  EXPECT_FALSE(solver.busy());
  EXPECT_FALSE(solver.take().has_value());
}

TEST(BackgroundSolver, CancelStopsALongSearchPromptly) {
  HSEARCH_REQUIRE_DATA("sokoban/xsokoban/XSokoban.xsb");
  std::ifstream in(hsearch::testing::data_file("sokoban/xsokoban/XSokoban.xsb"));
  const auto levels = read_levels(in, "XSokoban.xsb");
  ASSERT_GE(levels.size(), 5U);
  BackgroundSolver solver;
  solver.start(levels[4].level, 600);  // level 5: far beyond a fraction of a second
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  ASSERT_TRUE(solver.busy());
  ASSERT_FALSE(solver.take().has_value());  // still searching
  const auto t0 = std::chrono::steady_clock::now();
  solver.cancel();
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_LT(took, 2.0);
  EXPECT_FALSE(solver.busy());
}

TEST(BackgroundSolver, ATimeLimitEndsWithATimeout) {
  HSEARCH_REQUIRE_DATA("sokoban/xsokoban/XSokoban.xsb");
  std::ifstream in(hsearch::testing::data_file("sokoban/xsokoban/XSokoban.xsb"));
  const auto levels = read_levels(in, "XSokoban.xsb");
  BackgroundSolver solver;
  solver.start(levels[4].level, 0.3);
  const auto report = wait_for(solver, 10);
  ASSERT_TRUE(report.has_value());
  EXPECT_EQ(report->status(), "time_limit");
  Game g(levels[4].level);
  const Hint h = hint_from(g, *report, 0.3);
  EXPECT_EQ(h.kind, Hint::Kind::no_time);
  EXPECT_EQ(h.text, "no hint within 0.3 s");
}

TEST(Hint, IsTheFirstPushOfAPushOptimalSolutionFromHere) {
  Game g(level_from(kRoom));
  ASSERT_EQ(g.play("u"), "");  // not at the start: the hint is for the current position
  const SolveReport report = solve_level(g.position());
  ASSERT_TRUE(report.solved());
  const Hint h = hint_from(g, report, 10);
  ASSERT_EQ(h.kind, Hint::Kind::push);
  EXPECT_TRUE(h.optimal);
  EXPECT_EQ(h.pushes_to_go, 4);
  EXPECT_NE(h.text.find("push-optimal"), std::string::npos);
  ASSERT_FALSE(h.walk.empty());
  EXPECT_TRUE(std::isupper(static_cast<unsigned char>(h.walk.back())));
  const char box = g.at(h.box_row, h.box_col);
  EXPECT_TRUE(box == '$' || box == '*');
  // Following it: one push made, and the rest is still optimal (one push fewer).
  ASSERT_EQ(g.play(h.walk), "");
  EXPECT_EQ(g.pushes(), 1);
  EXPECT_EQ(g.at(h.box_row, h.box_col), '@');  // the player stands where the box was
  EXPECT_EQ(solve_level(g.position()).pushes, 3);
}

TEST(Hint, SaysWhenThereIsNoSolutionFromHere) {
  Game g(level_from(
      "#######\n"
      "#    .#\n"
      "# $@  #\n"
      "#     #\n"
      "#######\n"));
  ASSERT_EQ(g.play("l"), "");  // the box into the dead column
  const Hint h = hint_from(g, solve_level(g.position()), 10);
  EXPECT_EQ(h.kind, Hint::Kind::no_solution);
  EXPECT_NE(h.text.find("no solution from here"), std::string::npos);
}

TEST(Race, StepModeAnswersEachMoveWithOneSolverMove) {
  const auto level = level_from(kRoom);
  Race race(level, RaceMode::step, 100);
  Game me(level);
  me.step(kUp);
  race.on_player_move(me.won());  // the plan is not there yet: the solver owes one move
  EXPECT_EQ(race.solver_game().moves(), 0);
  race.set_plan("RRlDldR", 0);  // it catches up at once
  EXPECT_EQ(race.solver_game().moves(), 1);
  for (int i = 0; i < 5; ++i) race.on_player_move(false);
  EXPECT_EQ(race.solver_game().moves(), 6);
  EXPECT_EQ(race.outcome(), RaceOutcome::running);
  race.on_player_move(false);
  EXPECT_TRUE(race.solver_game().won());
  EXPECT_EQ(race.outcome(), RaceOutcome::solver_won);
  race.on_player_move(true);  // too late
  EXPECT_EQ(race.outcome(), RaceOutcome::solver_won);
}

TEST(Race, ThePlayerWinsWithFewerMoves) {
  const auto level = level_from(kRoom);
  Race race(level, RaceMode::step, 100);
  race.set_plan("urrdlRRlDldR", 0);  // a longer route (12 moves)
  Game me(level);
  for (char m : std::string("rrldldr")) {
    me.play(std::string(1, m));
    race.on_player_move(me.won());
  }
  EXPECT_TRUE(me.won());
  EXPECT_EQ(race.outcome(), RaceOutcome::player_won);
  EXPECT_FALSE(race.solver_game().won());
}

TEST(Race, ClockModeMovesOnItsOwnTime) {
  const auto level = level_from(kRoom);
  Race race(level, RaceMode::clock, 100);
  race.on_player_move(false);  // the player's moves do not drive it
  race.set_plan("RRlDldR", 1000);
  EXPECT_EQ(race.solver_game().moves(), 0);
  race.on_tick(1099);
  EXPECT_EQ(race.solver_game().moves(), 0);
  race.on_tick(1350);
  EXPECT_EQ(race.solver_game().moves(), 3);
  race.on_tick(5000);
  EXPECT_EQ(race.solver_game().moves(), 7);
  EXPECT_EQ(race.outcome(), RaceOutcome::solver_won);
}

TEST(Race, WhenTheSolverGivesUpThePlayerRacesAlone) {
  Race race(level_from(kRoom), RaceMode::step, 100);
  race.give_up("no solution within 30 s");
  EXPECT_EQ(race.outcome(), RaceOutcome::solver_gave_up);
  EXPECT_EQ(race.failure(), "no solution within 30 s");
}
