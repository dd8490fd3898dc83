// The goal-room bound (goal_room_bound.hpp): never above the true remaining cost on states of
// Microban walks (found by A* with the plain matching), its dead ends proven unsolvable, the
// abstract costs of a small room checked by hand, and the same optima with and without it.
#include <fstream>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "collection_file.hpp"
#include "data_dir.hpp"
#include "exact_cost.hpp"
#include "hsearch/sokoban/goal_room_bound.hpp"
#include "hsearch/sokoban/level_reader.hpp"
#include "hsearch/sokoban/pattern_search.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"
#include "hsearch/sokoban/solver.hpp"
#include "level_text.hpp"
#include "same_optima.hpp"
#include "sweep.hpp"

using namespace hsearch::sokoban;

namespace {

std::vector<LevelEntry> microban() {
  return hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
}

// Five walks of up to 30 pushes from the start (walk_step's: mostly the push with the lowest
// bound, so that boxes reach goals and rooms fill); `visit(state)` after each push, and a walk
// ends when it returns false.
template <class Visit>
void walk_states(const SokobanDomain& d, std::mt19937_64& rng, Visit&& visit) {
  for (int walk = 0; walk < 5; ++walk) {
    SokobanDomain::State s = d.initial_state();
    for (int k = 0; k < 30 && !d.is_goal(s); ++k) {
      const auto pick = hsearch::sokoban::testing::walk_step(d, s, rng);
      if (!pick) break;
      d.apply(s, *pick);
      if (!visit(s)) break;
    }
  }
}

}  // namespace

// A corridor of three goals entered from the left, boxes brought down from an open area:
// the abstract costs of the corridor's configurations are what a person counts.
TEST(GoalRoom, CostsOfACorridorRoom) {
  const Board board(hsearch::sokoban::testing::level_from(
      "#######\n"
      "#@    #\n"
      "# $$$ #\n"
      "#     ######\n"
      "#      ...#\n"
      "###########\n"));
  GoalRoomOptions o;
  o.ring = 0;  // the area: the three goals only
  const GoalRoomBound room(board, o);
  ASSERT_TRUE(room.usable());
  ASSERT_EQ(room.squares(), 3);
  ASSERT_TRUE(room.complete());
  const int g0 = room.square_of(board.cell_at(4, 7)), g1 = room.square_of(board.cell_at(4, 8)),
            g2 = room.square_of(board.cell_at(4, 9));
  auto bit = [](int i) { return std::uint64_t{1} << i; };
  EXPECT_EQ(room.room_cost(bit(g0) | bit(g1) | bit(g2), -1), 0);
  // Empty: the boxes arrive on the first goal and go 2, 1 and 0 squares further.
  EXPECT_EQ(room.room_cost(0, -1), 3);
  // A box on the first goal must go 2 further, then the next arrival 1.
  EXPECT_EQ(room.room_cost(bit(g0), -1), 3);
  EXPECT_EQ(room.room_cost(bit(g2), -1), 1);
  EXPECT_EQ(room.room_cost(bit(g1) | bit(g2), -1), 0);
  // A box on the middle goal: one push on, then arrivals costing 1 and 0.
  EXPECT_EQ(room.room_cost(bit(g1), -1), 2);
  // The start: each box's pushes until it stands on the first goal (two down, then 5, 4 and 3
  // to the right), then the corridor's 3; the matching says the same, and so does A*.
  const SokobanDomain d(board);
  const auto s = d.initial_state();
  EXPECT_EQ(room.bound(s, d.box_count()), (7 + 6 + 5) + 3);
  EXPECT_EQ(s.h, 21);
  EXPECT_EQ(hsearch::sokoban::testing::exact_cost(board, s, 100000), 21);
}

// Walks that mostly take the push with the lowest bound: the room bound of every state is at
// most its true cost, and a state it calls a dead end is unsolvable.
TEST(GoalRoom, AdmissibleOnMicrobanWalks) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto entries = microban();
  std::mt19937_64 rng(20261126);
  int checked = 0, above_matching = 0, dead = 0, unfinished = 0;
  for (int n = 1; n <= hsearch::testing::sweep(155); n += 3) {
    const Board board(entries[static_cast<std::size_t>(n - 1)].level);
    SokobanDomain d(board);
    if (d.box_count() != static_cast<int>(board.goals().size())) continue;
    GoalRoomOptions o;
    o.max_states = 100000;  // small tables also exercise the unfinished-layer bound
    const GoalRoomBound room(board, o);
    if (!room.usable()) continue;
    GoalRoomOptions cut = o;
    cut.max_states = 64;
    const GoalRoomBound tight(board, cut);
    walk_states(d, rng, [&](const SokobanDomain::State& s) {
      if (hsearch::is_dead_end(s.h)) return false;
      const int r = room.bound(s, d.box_count());
      // The two parts the search reads apart: they add up to the bound, and an unfinished
      // table costs no state above its ceiling (which lets the search skip the inside part;
      // `tight`, a table cut short on purpose, is unfinished on most levels).
      for (const GoalRoomBound* t : {&room, &tight}) {
        std::uint64_t config = 0;
        const int outside = t->outside_cost(s, d.box_count(), config);
        if (outside == GoalRoomBound::kDeadEnd) continue;
        const int inside = t->inside_cost(config, s.player);
        EXPECT_EQ(t->bound(s, d.box_count()), inside == GoalRoomBound::kDeadEnd ? GoalRoomBound::kDeadEnd : outside + inside);
        if (!t->complete()) {
          ++unfinished;
          EXPECT_LE(inside, t->inside_ceiling()) << "level " << n;
        }
      }
      const int exact = hsearch::sokoban::testing::exact_cost(board, s, 4000);
      if (r == GoalRoomBound::kDeadEnd) {
        ++dead;
        const int proof = exact == -1 ? hsearch::sokoban::testing::exact_cost(board, s, 400000) : exact;
        EXPECT_EQ(proof, -2) << "level " << n;
        return false;
      }
      if (exact < 0) return true;
      ++checked;
      EXPECT_LE(r, exact) << "level " << n << "\n" << d.state_string(s);
      if (r > s.h) ++above_matching;
      return true;
    });
  }
  EXPECT_GT(checked, 300);
  EXPECT_GT(unfinished, hsearch::testing::sweep(200));
  // What the bound adds on these small levels (printed, so that a change shows).
  std::printf("states checked %d, room bound above the matching on %d, dead ends %d, unfinished tables' states %d\n",
              checked, above_matching, dead, unfinished);
}

// The same walks with the whole bound of the push-optimal search: pattern search (with the
// start's groups searched first) and the area-entry groups (area_entry.hpp) added to the room
// bound. Every bound is at most the true cost, every dead end unsolvable, and the groups add
// to the room bound on some states.
TEST(GoalRoom, AreaEntryGroupsAdmissibleOnMicrobanWalks) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto entries = microban();
  std::mt19937_64 rng(20261128);
  int checked = 0, gained = 0, groups = 0;
  for (int n = 2; n <= hsearch::testing::sweep(100); n += 3) {
    const Board board(entries[static_cast<std::size_t>(n - 1)].level);
    SokobanDomain d(board);
    if (d.box_count() != static_cast<int>(board.goals().size())) continue;
    const GoalRoomBound room(board);
    if (!room.usable()) continue;
    PatternSearchOptions o;
    o.start_after_pushes = 0;  // groups grown from pushed boxes from the first push (walks are short)
    PatternSearch patterns(board, o);
    patterns.set_goal_room(&room);
    d.set_bound_hook(&patterns);
    d.set_goal_room(&room);
    patterns.search_start(d.initial_state(), [] { return false; });
    walk_states(d, rng, [&](const SokobanDomain::State& s) {
      const int exact = hsearch::sokoban::testing::exact_cost(board, s, 4000);
      if (hsearch::is_dead_end(s.h)) {
        const int proof = exact == -1 ? hsearch::sokoban::testing::exact_cost(board, s, 400000) : exact;
        EXPECT_EQ(proof, -2) << "level " << n << "\n" << d.state_string(s);
        return false;
      }
      if (exact < 0) return true;
      ++checked;
      EXPECT_LE(s.h, exact) << "level " << n << "\n" << d.state_string(s);
      if (patterns.area_entry_gain(s) > 0) ++gained;
      return true;
    });
    groups += static_cast<int>(patterns.entry_table().size());
  }
  EXPECT_GT(checked, 300);
  EXPECT_GT(gained, 0);
  std::printf("states checked %d, area-entry groups learnt %d, states they raise %d\n", checked, groups, gained);
}

// The same walks with the patterns' goal sets (goal_set_costs.hpp) searched and read by the
// penalty table's dual bound: every bound at most the true cost, and the dual bound above the
// matching on some states.
TEST(GoalRoom, GoalSetDualBoundAdmissibleOnMicrobanWalks) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto entries = microban();
  std::mt19937_64 rng(20261129);
  int checked = 0, raised = 0;
  std::uint64_t searched = 0;
  for (int n = 1; n <= hsearch::testing::sweep(100); n += 3) {
    const Board board(entries[static_cast<std::size_t>(n - 1)].level);
    SokobanDomain d(board);
    PatternSearchOptions o;
    o.start_after_pushes = 0;
    o.goal_set_slack = 10;
    PatternSearch patterns(board, o);
    d.set_bound_hook(&patterns);
    patterns.search_start(d.initial_state(), [] { return false; });
    while (patterns.search_goal_sets()) {
    }
    walk_states(d, rng, [&](const SokobanDomain::State& s) {
      if (hsearch::is_dead_end(s.h)) return false;
      const int exact = hsearch::sokoban::testing::exact_cost(board, s, 4000);
      if (exact < 0) return exact == -1;
      ++checked;
      const int dual = patterns.table().dual_bound(s, d.box_count());
      EXPECT_LE(s.h, exact) << "level " << n << "\n" << d.state_string(s);
      EXPECT_LE(dual, exact) << "level " << n << "\n" << d.state_string(s);
      if (dual > 0) ++raised;
      return true;
    });
    searched += patterns.stats().goal_set_searches;
  }
  EXPECT_GT(checked, 300);
  EXPECT_GT(raised, 0);
  std::printf("states checked %d, patterns searched per goal set %llu, states the dual bound raises %d\n", checked,
              static_cast<unsigned long long>(searched), raised);
}

// XSokoban 2: the start's groups on their way into the goal room raise the start's bound from
// 129 (the matching with the patterns, and the room bound alone) to 131, the level's optimum
// (the best-known count, which the solver proves).
TEST(GoalRoom, AreaEntryGroupsRaiseTheStartBoundOfXSokoban2) {
  HSEARCH_REQUIRE_DATA("sokoban/xsokoban/XSokoban.xsb");
  const auto levels = hsearch::sokoban::testing::read_collection("sokoban/xsokoban/XSokoban.xsb");
  ASSERT_GE(levels.size(), 2U);
  const Board board(levels[1].level);
  SokobanDomain d(board);
  const GoalRoomBound room(board);
  ASSERT_TRUE(room.usable());
  PatternSearch patterns(board);
  patterns.set_goal_room(&room);
  d.set_bound_hook(&patterns);
  d.set_goal_room(&room);
  const SokobanDomain::State s = d.initial_state();
  EXPECT_EQ(s.h, 129);
  EXPECT_LE(room.bound(s, d.box_count()), 129);
  patterns.search_start(s, [] { return false; });
  EXPECT_GT(patterns.entry_table().size(), 0U);
  EXPECT_EQ(room.bound(s, d.box_count()) + patterns.area_entry_gain(s), 131);
  EXPECT_LE(patterns.table().bound(s, d.box_count()), 131);
}

TEST(GoalRoom, SameOptimaOnMicrobanWithAndWithout) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  SolveOptions on, off;
  off.goal_room = false;
  EXPECT_GE(hsearch::sokoban::testing::expect_same_optima_on_microban({on, off}), hsearch::testing::sweep(50));
}
