// Goal macros (goal_macro.hpp): which goals they aim at, the one move that takes a box there,
// that it leads where its single pushes lead, that other boxes block it, and that the optimum
// does not change (against an exhaustive breadth-first search on Microban, and the solver with
// and without them).
#include <array>
#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "collection_file.hpp"
#include "data_dir.hpp"
#include "exact_cost.hpp"
#include "exhaustive_optimum.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/search/bfs.hpp"
#include "hsearch/sokoban/goal_macro.hpp"
#include "hsearch/sokoban/pattern_search.hpp"
#include "hsearch/sokoban/solution.hpp"
#include "hsearch/sokoban/solver.hpp"
#include "level_text.hpp"
#include "microban_oracle.hpp"
#include "same_optima.hpp"
#include "solve_probing.hpp"
#include "sweep.hpp"

using namespace hsearch::sokoban;
using hsearch::sokoban::testing::cell;
using hsearch::sokoban::testing::level_from;
using hsearch::sokoban::testing::solve_probing;

namespace {

// An open room: the box needs four pushes right and two down to the goal in the corner.
const std::string kRoom =
    "########\n"
    "#      #\n"
    "# $    #\n"
    "#@     #\n"
    "#     .#\n"
    "########\n";

CellSet start_boxes(const Board& b) {
  CellSet boxes;
  for (const std::uint16_t c : b.initial_boxes()) boxes.set(c);
  return boxes;
}

std::vector<SokobanDomain::Move> moves_of(const SokobanDomain& d, const SokobanDomain::State& s) {
  std::vector<SokobanDomain::Move> out;
  d.for_each_move(s, [&](const SokobanDomain::Move& m) { out.push_back(m); });
  return out;
}

std::vector<SokobanDomain::Move> macros_of(const SokobanDomain& d, const SokobanDomain::State& s) {
  std::vector<SokobanDomain::Move> out;
  for (const auto& m : moves_of(d, s))
    if (m.to != kNoCell) out.push_back(m);
  return out;
}

}  // namespace

TEST(GoalMacro, TargetsAreTheMostEnclosedEmptyGoals) {
  // (2,7) has walls above and right; (5,4) only below.
  const Board b(level_from("########\n#     .#\n# $  $ #\n#@     #\n#  .   #\n########\n"));
  const auto targets = goal_macro_targets(b, start_boxes(b));
  EXPECT_EQ(targets.count(), 1);
  EXPECT_TRUE(targets.test(cell(b, 1, 6)));
  // Filled, it is no target: the other goal is.
  auto boxes = start_boxes(b);
  boxes.set(cell(b, 1, 6));
  const auto next = goal_macro_targets(b, boxes);
  EXPECT_EQ(next.count(), 1);
  EXPECT_TRUE(next.test(cell(b, 4, 3)));
}

TEST(GoalMacro, OneMoveTakesTheBoxToTheGoalWhereItsPushesLead) {
  const Board b(level_from(kRoom));
  SokobanDomain d(b);
  d.set_goal_macros(true);
  const auto s = d.initial_state();
  const auto macros = macros_of(d, s);
  ASSERT_EQ(macros.size(), 1U);
  const Push m = macros.front();
  EXPECT_EQ(m.from, cell(b, 2, 2));
  EXPECT_EQ(m.to, cell(b, 4, 6));
  EXPECT_EQ(m.steps, 6);
  EXPECT_EQ(d.cost(s, m), 6);
  EXPECT_EQ(d.move_name(m).substr(1), "@3,3>5,7x6");
  EXPECT_EQ(d.goal_macros_offered(), 1U);
  auto child = s;
  d.apply(child, m);
  EXPECT_TRUE(d.is_goal(child));
  EXPECT_EQ(child.hash, d.hash(d.unpack(d.pack(child))));
  // The same six pushes one at a time, by a domain without macros, reach the same state.
  const auto pushes = goal_macro_pushes(b, s.boxes, s.reach, m);
  ASSERT_EQ(pushes.size(), 6U);
  const SokobanDomain plain(b);
  auto stepped = plain.initial_state();
  for (const Push& p : pushes) {
    bool offered = false;
    for (const auto& q : moves_of(plain, stepped)) offered = offered || (q.from == p.from && q.dir == p.dir);
    ASSERT_TRUE(offered) << plain.move_name(p);
    plain.apply(stepped, p);
  }
  EXPECT_TRUE(plain.pack(stepped) == d.pack(child));
  // Off (the default), no macro.
  EXPECT_TRUE(macros_of(plain, s).empty());
}

TEST(GoalMacro, OtherBoxesStandInTheWay) {
  // Both goals are targets (two walls or boxes around each). A box on the top row moves only
  // along it: the left box cannot pass the right one, so it gets no macro; the right one reaches
  // the far goal in two pushes (the near goal, one push away, is an ordinary push).
  const Board b(level_from("#########\n#  $ $..#\n#@      #\n#########\n"));
  SokobanDomain d(b);
  d.set_goal_macros(true);
  EXPECT_EQ(goal_macro_targets(b, start_boxes(b)).count(), 2);
  const auto macros = macros_of(d, d.initial_state());
  ASSERT_EQ(macros.size(), 1U);
  EXPECT_EQ(macros.front().from, cell(b, 1, 5));
  EXPECT_EQ(macros.front().to, cell(b, 1, 7));
  EXPECT_EQ(macros.front().steps, 2);
}

TEST(GoalMacro, TheSolversPlanCountsEveryPushAndReplays) {
  SolveOptions o;
  o.fewer_moves = false;
  o.goal_macros = GoalMacros::everywhere;
  const SolveReport on = solve_level(level_from(kRoom), o);
  ASSERT_TRUE(on.solved()) << on.status();
  EXPECT_EQ(on.pushes, 6);
  EXPECT_EQ(plan_pushes(on.result.plan), 6);
  EXPECT_EQ(on.result.plan.size(), 1U);  // the macro alone
  EXPECT_EQ(verify_lurd(level_from(kRoom), on.lurd), "");
  // The LURD string walks the player round the box between the runs of pushes.
  const Solution again = plan_to_lurd(Board(level_from(kRoom)), on.result.plan);
  EXPECT_EQ(again.pushes, 6);
  EXPECT_EQ(again.lurd, on.lurd);
  // IDA*, whose depth-first search walks again from within a state's moves, finds it too.
  o.algorithm = Algorithm::ida;
  const SolveReport ida = solve_level(level_from(kRoom), o);
  ASSERT_TRUE(ida.solved()) << ida.status();
  EXPECT_EQ(ida.pushes, 6);
  EXPECT_EQ(verify_lurd(level_from(kRoom), ida.lurd), "");
}

// The walk tells a square's sides apart mostly without a flood (its ring, the empty board's
// side classes, the floor's cut squares): at every node it visits, walking each box of every
// Microban start and of every state one push from it, the sides it calls joined are exactly
// those a flood of the player's area reaches.
TEST(GoalMacro, TheWalksJoinedSidesAreWhatAFloodReaches) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  auto walk = std::make_unique<OneBoxWalk<CellSet>>();
  long nodes = 0, apart = 0;
  for (std::size_t level = 0; level < entries.size(); ++level) {
    const Board b(entries[level].level);
    const SokobanDomain d(b);
    // The start and every state one push from it.
    std::vector<SokobanDomain::State> states{d.initial_state()};
    for (const auto& m : moves_of(d, states.front())) {
      states.push_back(states.front());
      d.apply(states.back(), m);
    }
    for (const auto& s : states) {
      s.boxes.for_each([&](int box) {
        const auto from = static_cast<std::uint16_t>(box);
        std::array<std::uint8_t, 4> first{};
        int n = 0;
        for (int dir = 0; dir < 4; ++dir)
          if (can_push(b, s.boxes, s.reach, from, dir)) first[static_cast<std::size_t>(n++)] = static_cast<std::uint8_t>(dir);
        CellSet others = s.boxes;
        others.reset(from);
        walk->run(b, s.boxes, from, first.data(), n, [&](std::uint16_t c, int side, int, const std::array<bool, 4>& joined) {
          CellSet blocked = others, reach;
          blocked.set(c);
          flood_player_area(b, blocked, b.neighbor(c, side), reach);
          for (int k = 0; k < 4; ++k) {
            const std::uint16_t by = b.neighbor(c, k);
            if (by == kNoCell || others.test(by)) continue;
            EXPECT_EQ(joined[static_cast<std::size_t>(k)], reach.test(by))
                << "level " << level + 1 << " square " << c << " side " << side << " to " << k;
            apart += !reach.test(by);
          }
          ++nodes;
          return false;
        });
      });
    }
  }
  std::cout << nodes << " nodes walked, " << apart << " sides apart\n";
  EXPECT_GT(nodes, 5000);
  EXPECT_GT(apart, 3000);
}

// Every Microban level that an exhaustive breadth-first search (every legal push, no pruning,
// no macros) solves within its budget: A* with the goal macros finds the same number of pushes,
// with PI-corral pruning off and on.
TEST(GoalMacro, SameOptimumAsExhaustiveSearchOnMicroban) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  int compared = 0, with_macro_moves = 0;
  for (int n = 1; n <= hsearch::testing::sweep(155); ++n) {
    const Board b(entries[static_cast<std::size_t>(n - 1)].level);
    const auto optimum = hsearch::sokoban::testing::exhaustive_optimum(b, hsearch::testing::kSanitized ? 10000 : 30000);
    if (!optimum) continue;
    ++compared;
    for (const bool pi : {false, true}) {
      SokobanDomain macros(b);
      macros.set_pi_corrals(pi);
      macros.set_goal_macros(true);
      const auto r = hsearch::astar(macros, macros.initial_state(), PushLowerBound{});
      ASSERT_TRUE(r.solved()) << "level " << n;
      EXPECT_TRUE(r.optimal) << "level " << n;
      EXPECT_EQ(r.cost, *optimum) << "level " << n << (pi ? " with PI-corrals" : "");
      EXPECT_EQ(plan_pushes(r.plan), r.cost) << "level " << n;
      int replayed = 0;
      EXPECT_EQ(verify_lurd(b.level(), plan_to_lurd(b, r.plan).lurd, &replayed), "") << "level " << n;
      EXPECT_EQ(replayed, r.cost) << "level " << n;
      bool macro_move = false;
      for (const auto& m : r.plan) macro_move = macro_move || m.to != kNoCell;
      with_macro_moves += macro_move && pi;
    }
  }
  std::cout << compared << " levels compared, " << with_macro_moves << " with a goal macro in the plan\n";
  EXPECT_GE(compared, hsearch::testing::kSanitized ? 30 : 100);
  EXPECT_GE(with_macro_moves, compared / 2);
}

TEST(GoalMacro, SameOptimaOnMicrobanWithAndWithout) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  SolveOptions on, off;
  on.goal_macros = GoalMacros::everywhere;
  EXPECT_GE(hsearch::sokoban::testing::expect_same_optima_on_microban({on, off}), hsearch::testing::sweep(50));
}

// --goal-macros=probes: A* cut into parts of a few expansions, so that bound probes run on small
// levels too. The probes' plans may hold macros, A*'s never do (the domain is switched back
// before each A* part), and the optima are those of the search without macros and the table's.
TEST(GoalMacro, InTheProbesAloneTheOptimaStayAndAStarNeverSeesOne) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto microban = hsearch::sokoban::testing::read_microban();
  auto has_macro = [](const SolveReport& r) {
    for (const auto& m : r.result.plan)
      if (m.to != kNoCell) return true;
    return false;
  };
  int probe_macros = 0;
  for (int n = 1; n <= hsearch::testing::sweep(40); ++n) {
    const Level& level = microban.level(n);
    const SolveReport off = solve_probing(level, true, GoalMacros::off);
    const SolveReport probes = solve_probing(level, true, GoalMacros::probes);
    ASSERT_TRUE(off.solved()) << "level " << n;
    ASSERT_TRUE(probes.solved()) << "level " << n;
    EXPECT_TRUE(probes.result.optimal) << "level " << n;
    EXPECT_EQ(probes.pushes, off.pushes) << "level " << n;
    EXPECT_EQ(plan_pushes(probes.result.plan), probes.pushes) << "level " << n;
    EXPECT_EQ(verify_lurd(level, probes.lurd), "") << "level " << n;
    const auto it = microban.table.find(n);
    if (it != microban.table.end()) {
      EXPECT_EQ(probes.pushes, it->second.pushes) << "level " << n;
    }
    if (!probes.solved_by_probe) {
      EXPECT_FALSE(has_macro(probes)) << "level " << n;
    }
    probe_macros += probes.solved_by_probe && has_macro(probes) ? 1 : 0;
  }
  // (else the probes would have been tested without their macros)
  EXPECT_GE(probe_macros, hsearch::testing::kSanitized ? 3 : 10);
  std::cout << probe_macros << " levels solved by a probe with a goal macro in the plan\n";
}

// Pathmax through a macro (Push::floor): the bound a macro's child gets, and the floor itself,
// never exceed the child's true pushes left, on states of walks over Microban with pattern
// search on (its penalties make the bound inconsistent, which is where the floor rises above
// the child's own bound). A macro is dropped only when its child is a dead end.
TEST(GoalMacro, PathFloorNeverAboveTheTrueCostOnMicrobanStates) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  std::mt19937_64 rng(20261129);
  int checked = 0, raised = 0;
  for (int n = 1; n <= hsearch::testing::sweep(60); ++n) {
    const Board board(entries[static_cast<std::size_t>(n - 1)].level);
    PatternSearch patterns(board);
    SokobanDomain d(board);
    d.set_bound_hook(&patterns);
    d.set_goal_macros(true);
    for (int walk = 0; walk < 4; ++walk) {
      SokobanDomain::State s = d.initial_state();
      const int length = static_cast<int>(rng() % 10) + 1;
      for (int k = 0; k < length && !hsearch::is_dead_end(s.h); ++k) {
        for (const auto& m : macros_of(d, s)) {
          SokobanDomain::State child = s;
          d.apply(child, m);
          const int truth = hsearch::sokoban::testing::exact_cost(board, child, 20000);
          if (hsearch::is_dead_end(child.h)) {
            EXPECT_EQ(truth, -2) << "level " << n;
            continue;
          }
          if (truth < 0) continue;
          ++checked;
          EXPECT_LE(child.h, truth) << "level " << n << ", " << d.move_name(m);
          EXPECT_LE(m.floor, truth) << "level " << n << ", " << d.move_name(m);
          Push without = m;
          without.floor = 0;
          SokobanDomain::State own = s;
          d.apply(own, without);
          raised += child.h > own.h;
        }
        const auto step = hsearch::sokoban::testing::walk_step(d, s, rng);
        if (!step) break;
        d.apply(s, *step);
      }
    }
  }
  std::cout << checked << " macro children checked, " << raised << " with the floor above their own bound\n";
  EXPECT_GE(checked, hsearch::testing::kSanitized ? 50 : 150);
  EXPECT_GT(raised, 0);
}
