// The bound along a solution (bound_profile.hpp): admissible at every state of a push-optimal
// solution, exact at its end, equal to the domain's own start bound, no state of a solution
// called dead, and a LURD that is not a solution refused with verify_lurd's words; with what a
// search learned, a bound at least as high and still admissible.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "collection_file.hpp"
#include "data_dir.hpp"
#include "hsearch/sokoban/bound_profile.hpp"
#include "hsearch/sokoban/learned_file.hpp"
#include "hsearch/sokoban/solver.hpp"
#include "level_text.hpp"
#include "sweep.hpp"

using namespace hsearch::sokoban;

namespace {
// f's rises minus its falls: the end's f minus the start's, step by step.
int net_change(const BoundProfile& p) {
  int net = 0;
  for (std::size_t k = 1; k < p.steps.size(); ++k) net += p.steps[k].f() - p.steps[k - 1].f();
  return net;
}
}  // namespace

TEST(BoundProfile, AlongPushOptimalSolutionsOfMicrobanTheBoundIsAdmissibleAndEndsExact) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  int levels = 0, with_rises = 0;
  for (int n = 1; n <= hsearch::testing::sweep(60); ++n) {
    const Level& level = entries[static_cast<std::size_t>(n - 1)].level;
    SolveOptions o;
    o.limits.max_expanded = 200000;
    const SolveReport r = solve_level(level, o);
    if (!r.solved() || !r.result.optimal) continue;
    ++levels;
    const BoundProfile p = bound_profile(level, r.lurd);
    ASSERT_EQ(p.error, "") << n;
    ASSERT_EQ(p.pushes, r.pushes) << n;
    ASSERT_EQ(p.steps.size(), static_cast<std::size_t>(r.pushes) + 1) << n;
    EXPECT_EQ(p.dead_at(), -1) << "level " << n << ": a state of an optimal solution called dead";
    // The start's bound is the domain's, built the same way.
    const Board board(level);
    SokobanDomain d(board);
    d.set_frozen_goal_distances(true);
    d.set_push_parity(true);
    GoalRoomBound room(board);
    if (d.box_count() == static_cast<int>(board.goals().size()) && room.usable()) d.set_goal_room(&room);
    EXPECT_EQ(p.steps.front().bound, d.initial_state().h) << n;
    for (const BoundStep& s : p.steps) {
      EXPECT_EQ(s.pushes, &s - p.steps.data()) << n;
      EXPECT_LE(s.f(), r.pushes) << "level " << n << ", after push " << s.pushes << ": the bound is above the pushes left";
    }
    EXPECT_EQ(p.steps.back().bound, 0) << n;
    EXPECT_EQ(p.steps.back().f(), r.pushes) << n;
    EXPECT_EQ(net_change(p), r.pushes - p.steps.front().f()) << n;
    if (p.steps.front().f() < r.pushes) ++with_rises;
  }
  EXPECT_GE(levels, hsearch::testing::sweep(60) - 2);
  // Microban's small levels: the start's bound is exact on many, not on all.
  EXPECT_GT(with_rises, 0);
  EXPECT_LT(with_rises, levels);
}

// A corridor whose one box needs 3 pushes: the bound is exact at every state, f stays 3; each
// step records the square its box left and the push's letter.
TEST(BoundProfile, OnACorridorTheBoundIsExactAndEachStepNamesItsPush) {
  const Level lv = hsearch::sokoban::testing::level_from("#######\n#@$  .#\n#######\n");
  const BoundProfile p = bound_profile(lv, "RRR");
  ASSERT_EQ(p.error, "");
  ASSERT_EQ(p.steps.size(), 4U);
  for (const BoundStep& s : p.steps) EXPECT_EQ(s.f(), 3);
  EXPECT_EQ(p.steps[0].letter, 0);
  EXPECT_EQ(p.steps[1].letter, 'R');
  EXPECT_EQ(p.steps[1].row, 1);
  EXPECT_EQ(p.steps[1].col, 2);
  EXPECT_EQ(p.steps[3].col, 4);
}

// A solution with a detour (the box down, then up again: 5 pushes where 3 do): f rises by
// two at the push that starts the detour, and stays admissible for the solution's states.
TEST(BoundProfile, ADetourShowsAsARiseOfF) {
  const Level lv = hsearch::sokoban::testing::level_from(
      "#######\n"
      "#     #\n"
      "#@$  .#\n"
      "#     #\n"
      "#     #\n"
      "#######\n");
  const BoundProfile p = bound_profile(lv, "urDrddlUluRRR");
  ASSERT_EQ(p.error, "");
  ASSERT_EQ(p.pushes, 5);
  ASSERT_EQ(p.steps.size(), 6U);
  EXPECT_EQ(p.steps[0].f(), 3);
  EXPECT_EQ(p.steps[1].letter, 'D');
  EXPECT_EQ(p.steps[1].f(), 5);
  for (std::size_t k = 1; k < p.steps.size(); ++k) EXPECT_EQ(p.steps[k].f(), 5) << k;
  EXPECT_EQ(net_change(p), 2);
}

TEST(BoundProfile, AMoveListThatIsNotASolutionIsRefused) {
  const Level lv = hsearch::sokoban::testing::level_from("#######\n#@$  .#\n#######\n");
  EXPECT_NE(bound_profile(lv, "RR").error, "");    // the box is not on the goal
  EXPECT_NE(bound_profile(lv, "u").error, "");     // into a wall
  EXPECT_NE(bound_profile(lv, "RxR").error, "");   // not a LURD letter
  EXPECT_TRUE(bound_profile(lv, "RR").steps.empty());
}

// With what a stopped search learned (Microban 36, 2,000 expansions, its learned file): along a
// push-optimal solution the learned bound is never below the start's, never above the pushes
// left, calls no state dead, and is above the start's somewhere (the patterns do count).
TEST(BoundProfile, WithWhatASearchLearnedTheBoundRisesAndStaysAdmissible) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  const Level& level = entries[35].level;
  const auto file = std::filesystem::temp_directory_path() /
                    ("hsearch_profile_learned_" + std::to_string(::getpid()) + ".learned");
  SolveOptions stopped;
  stopped.limits.max_expanded = 2000;
  stopped.learned_file = file;
  const SolveReport first = solve_level(level, stopped);
  ASSERT_TRUE(first.learned_saved) << first.learned_note;
  const SolveReport optimal = solve_level(level, SolveOptions{});
  ASSERT_TRUE(optimal.solved() && optimal.result.optimal);

  std::string note;
  const auto learned = read_learned_file(file, Board(level), stopped.patterns, note);
  std::filesystem::remove(file);
  ASSERT_TRUE(learned.has_value()) << note;
  BoundProfileOptions o;
  o.learned = &learned->patterns;
  o.patterns = stopped.patterns;
  o.learned_name = file.string();
  const BoundProfile p = bound_profile(level, optimal.lurd, o);
  ASSERT_EQ(p.error, "");
  EXPECT_EQ(p.learned_patterns, first.deadlock_patterns + first.penalty_patterns);
  EXPECT_EQ(p.learned_dead_at(), -1) << "a learned deadlock on an optimal solution";
  int above = 0;
  for (const BoundStep& s : p.steps) {
    EXPECT_GE(s.learned_bound, s.bound) << "after push " << s.pushes;
    EXPECT_LE(s.learned_f(), optimal.pushes) << "after push " << s.pushes;
    above += s.learned_bound > s.bound;
  }
  EXPECT_GT(above, 0);
  // With costs per goal set searched for the restored penalties: the bound may only rise,
  // and stays admissible.
  o.patterns.goal_set_slack = 10;
  const BoundProfile sets = bound_profile(level, optimal.lurd, o);
  ASSERT_EQ(sets.steps.size(), p.steps.size());
  for (std::size_t k = 0; k < p.steps.size(); ++k) {
    EXPECT_GE(sets.steps[k].learned_bound, p.steps[k].learned_bound) << "after push " << k;
    EXPECT_LE(sets.steps[k].learned_f(), optimal.pushes) << "after push " << k;
  }
  // Nothing learned: the column is not filled.
  EXPECT_EQ(bound_profile(level, optimal.lurd).steps.front().learned_bound, -2);
}
