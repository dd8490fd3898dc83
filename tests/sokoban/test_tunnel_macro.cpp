// Tunnel macros (tunnel_macro.hpp): which squares are macro tunnels, the one move that crosses a
// corridor, the pushes it leaves out, and that the optimum does not change (against an
// exhaustive breadth-first search on Microban, and the solver with and without them).
#include <iostream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "collection_file.hpp"
#include "data_dir.hpp"
#include "exhaustive_optimum.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/search/bfs.hpp"
#include "hsearch/sokoban/solver.hpp"
#include "hsearch/sokoban/tunnel_macro.hpp"
#include "level_text.hpp"
#include "same_optima.hpp"
#include "sweep.hpp"

using namespace hsearch::sokoban;
using hsearch::sokoban::testing::cell;
using hsearch::sokoban::testing::level_from;

namespace {

// Two rooms of 3 x 3 joined by the corridor (2,4)-(2,6), with `middle` as their middle row and
// `below` (if any) one more row under them.
std::string two_rooms(const std::string& middle, const std::string& below = "") {
  return "###########\n#   ###   #\n" + middle + "\n#   ###   #\n" + (below.empty() ? "" : below + "\n") +
         "###########\n";
}

// The corridor is the only way between the rooms; the box needs 7 pushes to the goal.
const std::string kTwoRooms = two_rooms("#@$      .#");

std::vector<SokobanDomain::Move> moves_of(const SokobanDomain& d, const SokobanDomain::State& s) {
  std::vector<SokobanDomain::Move> out;
  d.for_each_move(s, [&](const SokobanDomain::Move& m) { out.push_back(m); });
  return out;
}

// The state after pushing the box on (r, c) one square in `dir`, from the level's start.
SokobanDomain::State after_push(const SokobanDomain& d, const Board& b, int r, int c, int dir) {
  SokobanDomain::State s = d.initial_state();
  d.apply(s, Push{static_cast<std::uint16_t>(cell(b, r, c)), static_cast<std::uint8_t>(dir)});
  return s;
}

}  // namespace

TEST(TunnelMacro, OnlyCorridorsThePlayerMustCrossAreMacroTunnels) {
  const Board b(level_from(kTwoRooms));
  for (int c = 4; c <= 6; ++c) EXPECT_TRUE(b.is_macro_tunnel(cell(b, 2, c))) << c;
  EXPECT_FALSE(b.is_macro_tunnel(cell(b, 2, 3)));  // a room square
  EXPECT_FALSE(b.is_macro_tunnel(cell(b, 2, 7)));
  // A goal in the corridor: a box may have to stop there.
  const Board with_goal(level_from(two_rooms("#@$  .   .#")));
  EXPECT_TRUE(with_goal.is_macro_tunnel(cell(with_goal, 2, 4)));
  EXPECT_FALSE(with_goal.is_macro_tunnel(cell(with_goal, 2, 5)));
  EXPECT_TRUE(with_goal.is_macro_tunnel(cell(with_goal, 2, 6)));
  // A second way between the rooms: the corridor is a tunnel but no macro tunnel.
  const Board looped(level_from(two_rooms("#@$      .#", "#         #")));
  EXPECT_TRUE(looped.is_tunnel(cell(looped, 2, 5)));
  for (int c = 4; c <= 6; ++c) EXPECT_FALSE(looped.is_macro_tunnel(cell(looped, 2, c))) << c;
}

TEST(TunnelMacro, OneMoveCrossesTheCorridor) {
  const Board b(level_from(kTwoRooms));
  SokobanDomain d(b);
  d.set_tunnel_macros(true);
  const auto s = after_push(d, b, 2, 2, kRight);  // the box on (2,3), at the corridor's mouth
  bool found = false;
  for (const auto& m : moves_of(d, s)) {
    if (m.from != cell(b, 2, 3) || m.dir != kRight) {
      EXPECT_EQ(m.steps, 1) << d.move_name(m);
      continue;
    }
    found = true;
    EXPECT_EQ(m.steps, 4);
    EXPECT_EQ(d.move_name(m), "R@3,4x4");
    EXPECT_EQ(d.cost(s, m), 4);
    auto child = s;
    d.apply(child, m);
    EXPECT_TRUE(child.boxes.test(cell(b, 2, 7)));
    EXPECT_FALSE(child.boxes.test(cell(b, 2, 3)));
    // The player followed the box: the corridor and the first room are its area again.
    EXPECT_TRUE(child.reach.test(cell(b, 2, 6)));
    EXPECT_TRUE(child.reach.test(cell(b, 1, 1)));
    EXPECT_FALSE(child.reach.test(cell(b, 2, 8)));
    EXPECT_EQ(child.hash, d.hash(d.unpack(d.pack(child))));
    EXPECT_EQ(child.h, 2);
  }
  EXPECT_TRUE(found);
  // Off (the default), the same push moves one square.
  const SokobanDomain plain(b);
  for (const auto& m : moves_of(plain, after_push(plain, b, 2, 2, kRight))) EXPECT_EQ(m.steps, 1);
}

TEST(TunnelMacro, NoMacroIntoACorridorABoxBlocks) {
  // The second box stands on the corridor's far end: a box pushed in could never get out (the
  // player cannot get past it to move the other one), so that push is left out.
  const Board b(level_from(two_rooms("#@$    $..#")));
  SokobanDomain d(b);
  d.set_tunnel_macros(true);
  const auto s = after_push(d, b, 2, 2, kRight);
  for (const auto& m : moves_of(d, s)) EXPECT_FALSE(m.from == cell(b, 2, 3) && m.dir == kRight) << d.move_name(m);
  d.set_tunnel_macros(false);
  bool offered = false;
  for (const auto& m : moves_of(d, s)) offered = offered || (m.from == cell(b, 2, 3) && m.dir == kRight);
  EXPECT_TRUE(offered);
}

TEST(TunnelMacro, TheSolversPlanCountsEveryPush) {
  SolveOptions o;
  o.fewer_moves = false;
  o.tunnel_macros = true;
  const SolveReport on = solve_level(level_from(kTwoRooms), o);
  ASSERT_TRUE(on.solved()) << on.status();
  EXPECT_EQ(on.pushes, 7);
  EXPECT_EQ(on.result.cost, 7);
  EXPECT_EQ(plan_pushes(on.result.plan), 7);
  EXPECT_LT(on.result.plan.size(), 7U);  // the corridor's four pushes are one move
  EXPECT_EQ(verify_lurd(level_from(kTwoRooms), on.lurd), "");
  o.tunnel_macros = false;
  const SolveReport off = solve_level(level_from(kTwoRooms), o);
  EXPECT_EQ(off.pushes, 7);
  EXPECT_EQ(off.result.plan.size(), 7U);
}

// Every Microban level with a macro tunnel that an exhaustive breadth-first search (every legal
// push, no pruning, no macros) solves within its budget: A* with the macros finds the same
// number of pushes, with PI-corral pruning off and on.
TEST(TunnelMacro, SameOptimumAsExhaustiveSearchOnMicroban) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  int compared = 0, with_macro_moves = 0;
  for (int n = 1; n <= hsearch::testing::sweep(155); ++n) {
    const Board b(entries[static_cast<std::size_t>(n - 1)].level);
    bool has_macro_tunnel = false;
    for (int c = 0; c < b.cell_count(); ++c) has_macro_tunnel = has_macro_tunnel || (b.is_macro_tunnel(c) && b.is_live(c));
    if (!has_macro_tunnel) continue;
    const auto optimum = hsearch::sokoban::testing::exhaustive_optimum(b, hsearch::testing::kSanitized ? 20000 : 100000);
    if (!optimum) continue;
    ++compared;
    for (const bool pi : {false, true}) {
      SokobanDomain macros(b);
      macros.set_pi_corrals(pi);
      macros.set_tunnel_macros(true);
      const auto r = hsearch::astar(macros, macros.initial_state(), PushLowerBound{});
      ASSERT_TRUE(r.solved()) << "level " << n;
      EXPECT_TRUE(r.optimal) << "level " << n;
      EXPECT_EQ(r.cost, *optimum) << "level " << n << (pi ? " with PI-corrals" : "");
      EXPECT_EQ(plan_pushes(r.plan), r.cost) << "level " << n;
      bool macro_move = false;
      for (const auto& m : r.plan) macro_move = macro_move || m.steps > 1;
      with_macro_moves += macro_move && pi;
    }
  }
  std::cout << compared << " levels compared, " << with_macro_moves << " with a macro move in the plan\n";
  EXPECT_GE(compared, hsearch::testing::kSanitized ? 15 : 30);
  EXPECT_GE(with_macro_moves, hsearch::testing::kSanitized ? 12 : 25);
}

TEST(TunnelMacro, SameOptimaOnMicrobanWithAndWithout) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  SolveOptions on, off;
  on.tunnel_macros = true;
  EXPECT_GE(hsearch::sokoban::testing::expect_same_optima_on_microban({on, off}), hsearch::testing::sweep(50));
}
