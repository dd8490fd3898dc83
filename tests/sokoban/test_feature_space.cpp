// Sokoban's feature space (feature_space.hpp): the floor's regions, the packed boxes, the
// advisors' weights; and the feature-space search as the anytime solver's first step.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "collection_file.hpp"
#include "data_dir.hpp"
#include "hsearch/sokoban/feature_space.hpp"
#include "hsearch/sokoban/level_reader.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"
#include "hsearch/sokoban/solution.hpp"
#include "hsearch/sokoban/solver.hpp"
#include "level_text.hpp"
#include "microban_oracle.hpp"
#include "solve_probing.hpp"
#include "sweep.hpp"

using namespace hsearch::sokoban;
using hsearch::sokoban::testing::cell;
using hsearch::sokoban::testing::level_from;

namespace {

// A box in the doorway between two rooms; its goal just above it.
Level doorway() {
  return level_from(
      "#######\n"
      "#  .  #\n"
      "###$###\n"
      "#  @  #\n"
      "#######\n");
}

TEST(PushFeatures, RegionsAndPackedBoxes) {
  const Board b(doorway());
  const SokobanDomain d(b);
  const PushFeatures f(b);
  auto s = d.initial_state();
  const auto start = f.cell(s);
  EXPECT_EQ(PushFeatures::regions_of(start), 2);  // the rooms above and below the box
  EXPECT_EQ(PushFeatures::packed_of(start), 0);
  const Push up{static_cast<std::uint16_t>(cell(b, 2, 3)), kUp};
  d.apply(s, up);
  const auto packed = f.cell(s);
  // On its goal the box cuts the top room in two; the doorway joins the bottom room.
  EXPECT_EQ(PushFeatures::regions_of(packed), 3);
  EXPECT_EQ(PushFeatures::packed_of(packed), 1);
}

TEST(PushFeatures, AdvisedPushesWeighNothing) {
  const Board b(doorway());
  const SokobanDomain d(b);
  const PushFeatures f(b);
  const auto s = d.initial_state();
  const std::uint16_t at = static_cast<std::uint16_t>(cell(b, 2, 3));
  const std::uint16_t below = static_cast<std::uint16_t>(cell(b, 3, 3));
  const Push up{at, kUp};
  // Cells as PushFeatures::cell encodes them: (packed, out of plan, regions).
  const std::uint64_t same = PushFeatures::make_cell(0, 0, 1);
  const std::uint64_t two_regions = PushFeatures::make_cell(0, 0, 2);
  const std::uint64_t one_packed = PushFeatures::make_cell(1, 0, 2);
  const std::uint64_t one_out = PushFeatures::make_cell(0, 1, 1);
  // Nothing improves and another box moved last: weight 1.
  EXPECT_EQ(f.weight(s, same, nullptr, up, s, same), 1);
  // The same box again (the last push took it from below onto `at`): a macro move's next step.
  const Push came{below, kUp};
  EXPECT_EQ(f.weight(s, same, &came, up, s, same), 0);
  // It packs a box, takes a box out of plan off its goal, or joins regions.
  EXPECT_EQ(f.weight(s, two_regions, nullptr, up, s, one_packed), 0);
  EXPECT_EQ(f.weight(s, one_out, nullptr, up, s, same), 0);
  EXPECT_EQ(f.weight(s, two_regions, nullptr, up, s, same), 0);
  // Worse on a feature: weight 1.
  EXPECT_EQ(f.weight(s, same, nullptr, up, s, two_regions), 1);
  EXPECT_EQ(f.weight(s, same, nullptr, up, s, one_out), 1);
}

// The packing advisor: the box nearest to the empty goals (3 pushes from the top-left one,
// against 5 for the other box) is the one to bring nearer; the other box's push nearer weighs 1.
TEST(PushFeatures, ThePackingAdvisorBringsTheNearestBoxNearer) {
  const Board b(level_from(
      "########\n"
      "#.     #\n"
      "#  $ $ #\n"
      "#.  @  #\n"
      "########\n"));
  const SokobanDomain d(b);
  const PushFeatures advised(b, kFinerCells, true), plain(b, kFinerCells, false);
  const auto s = d.initial_state();
  const std::uint64_t same = PushFeatures::make_cell(0, 0, 1);
  const Push near_left{static_cast<std::uint16_t>(cell(b, 2, 3)), kLeft};
  const Push near_right{static_cast<std::uint16_t>(cell(b, 2, 3)), kRight};
  const Push far_left{static_cast<std::uint16_t>(cell(b, 2, 5)), kLeft};
  EXPECT_EQ(advised.weight(s, same, nullptr, near_left, s, same), 0);
  EXPECT_EQ(advised.weight(s, same, nullptr, near_right, s, same), 1);  // (farther)
  EXPECT_EQ(advised.weight(s, same, nullptr, far_left, s, same), 1);    // (not the nearest box)
  EXPECT_EQ(plain.weight(s, same, nullptr, near_left, s, same), 1);
}

// The three features each have their own bits, and counts past 255 share the last cell.
TEST(PushFeatures, CellsHoldEachFeature) {
  const std::uint64_t c = PushFeatures::make_cell(7, 3, 12, 5);
  EXPECT_EQ(PushFeatures::packed_of(c), 7);
  EXPECT_EQ(PushFeatures::out_of_plan_of(c), 3);
  EXPECT_EQ(PushFeatures::regions_of(c), 12);
  EXPECT_EQ(PushFeatures::obstructed_links_of(c), 5);
  EXPECT_EQ(PushFeatures::obstructed_links_of(PushFeatures::make_cell(0, 0, 0, 256)), 255);
  EXPECT_EQ(PushFeatures::regions_of(PushFeatures::make_cell(0, 0, 400)), 255);
  EXPECT_EQ(PushFeatures::out_of_plan_of(PushFeatures::make_cell(0, 300, 1)), 255);
  EXPECT_EQ(PushFeatures::packed_of(PushFeatures::make_cell(0, 300, 400)), 0);
}

// Cells of the packing alone: the regions are left out of the cell, so no push joins regions.
TEST(PushFeatures, PackingCellsLeaveTheRegionsOut) {
  const Board b(doorway());
  const SokobanDomain d(b);
  const PushFeatures f(b, FeatureCells::packing);
  auto s = d.initial_state();
  EXPECT_EQ(f.cell(s), 0U);
  const Push up{static_cast<std::uint16_t>(cell(b, 2, 3)), kUp};
  d.apply(s, up);
  EXPECT_EQ(f.cell(s), PushFeatures::make_cell(1, 0, 0));
  EXPECT_EQ(PushFeatures::packed_of(f.cell(s)), 1);
  EXPECT_EQ(f.weight(s, 0, nullptr, up, s, 0), 1);
  EXPECT_EQ(f.weight(s, 0, nullptr, up, s, f.cell(s)), 0);  // it packs a box
}

// A box on the mouth of a dead-end corridor of goals, which the packing order fills from its far
// end: out of plan, and it cuts the far end off. Each space keeps its own features.
TEST(PushFeatures, EachSpaceKeepsItsFeatures) {
  const Board b(level_from(
      "########\n"
      "#..*   #\n"
      "#### $ #\n"
      "#    $@#\n"
      "#      #\n"
      "########\n"));
  const SokobanDomain d(b);
  const auto s = d.initial_state();
  const std::uint64_t plan = PushFeatures(b, FeatureCells::plan_connectivity).cell(s);
  EXPECT_EQ(PushFeatures::packed_of(plan), 0);
  EXPECT_EQ(PushFeatures::out_of_plan_of(plan), 1);
  EXPECT_EQ(PushFeatures::regions_of(plan), 2);
  EXPECT_EQ(PushFeatures::obstructed_links_of(plan), 0);
  // The corridor of goals is a passage with a room at one end only: a dead end links no rooms,
  // so the box in it cuts no link.
  const std::uint64_t rooms = PushFeatures(b, FeatureCells::plan_rooms).cell(s);
  EXPECT_EQ(rooms, PushFeatures::make_cell(0, 1, 0, 0));
  EXPECT_EQ(PushFeatures(b, FeatureCells::packing_connectivity).cell(s), PushFeatures::make_cell(0, 0, 2));
  EXPECT_EQ(PushFeatures(b, FeatureCells::packing).cell(s), 0U);
  EXPECT_EQ(PushFeatures(b, FeatureCells::both).cell(s), PushFeatures(b, kFinerCells).cell(s));
}

// A box in the doorway cuts the one link between the two rooms; pushed onto its goal, above the
// door, it cuts none, and that push is advised.
TEST(PushFeatures, BoxesInDoorwaysObstructRoomLinks) {
  const Board b(doorway());
  const SokobanDomain d(b);
  const PushFeatures f(b, FeatureCells::plan_rooms);
  auto s = d.initial_state();
  const std::uint64_t start = f.cell(s);
  EXPECT_EQ(start, PushFeatures::make_cell(0, 0, 0, 1));
  const Push up{static_cast<std::uint16_t>(cell(b, 2, 3)), kUp};
  const auto before = s;
  d.apply(s, up);
  const std::uint64_t packed = f.cell(s);
  EXPECT_EQ(packed, PushFeatures::make_cell(1, 0, 0, 0));
  EXPECT_EQ(f.weight(before, start, nullptr, up, s, packed), 0);
  // Opening the doorway alone is advised too; closing it is not.
  EXPECT_EQ(f.weight(before, start, nullptr, up, s, PushFeatures::make_cell(0, 0, 0, 0)), 0);
  EXPECT_EQ(f.weight(before, PushFeatures::make_cell(0, 0, 0, 0), nullptr, up, s, start), 1);
  // The other spaces leave the links out.
  EXPECT_EQ(PushFeatures::obstructed_links_of(PushFeatures(b, FeatureCells::plan_connectivity).cell(before)), 0);
  EXPECT_EQ(PushFeatures(b, FeatureCells::packing).cell(before), 0U);
}

TEST(PushFeatures, CellNamesParse) {
  for (const FeatureCells c : {FeatureCells::both, FeatureCells::plan_rooms, FeatureCells::plan_connectivity,
                               FeatureCells::packing, FeatureCells::packing_connectivity}) {
    EXPECT_EQ(parse_feature_cells(feature_cells_name(c)), c);
  }
  EXPECT_THROW(parse_feature_cells("rooms"), std::invalid_argument);
}

// Each feature space alone (Microban 1-8), and both in turns (the default; 1-20), give first
// solutions that replay and are never below the table; the space that found it is named.
TEST(AnyObjective, EachFeatureSpaceAndBothInTurnsSolve) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto microban = hsearch::sokoban::testing::read_microban();
  for (const FeatureCells cells : {FeatureCells::plan_rooms, FeatureCells::plan_connectivity, FeatureCells::packing,
                                   FeatureCells::packing_connectivity, FeatureCells::both}) {
    for (int n = 1; n <= hsearch::testing::sweep(cells == FeatureCells::both ? 20 : 8); ++n) {
      const Level& level = microban.level(n);
      SolveOptions o;
      o.objective = Objective::any;
      o.feature_cells = cells;
      o.any_schedule = {{0, 1}};
      o.limits.max_expanded = 200000;
      const SolveReport r = solve_level(level, o);
      const std::string where = std::string(feature_cells_name(cells)) + ", level " + std::to_string(n);
      ASSERT_TRUE(r.solved()) << where;
      EXPECT_EQ(verify_lurd(level, r.lurd), "") << where;
      if (cells == FeatureCells::both) {
        EXPECT_TRUE(r.first_solution_cells == "packing" || r.first_solution_cells == feature_cells_name(kFinerCells)) << where;
      } else {
        EXPECT_EQ(r.first_solution_cells, feature_cells_name(cells)) << where;
      }
      const auto it = microban.table.find(n);
      if (it != microban.table.end()) {
        EXPECT_GE(r.pushes, it->second.pushes) << where;
      }
    }
  }
}

// Both searches in turns of 2^15 expansions: the caller's node limit bounds their sum, and a
// level neither solves within it stops there, at exactly the limit.
TEST(AnyObjective, TheNodeLimitBoundsBothFeatureSpaces) {
  HSEARCH_REQUIRE_DATA("sokoban/xsokoban/XSokoban.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/xsokoban/XSokoban.xsb");
  ASSERT_GE(entries.size(), 11U);
  SolveOptions o;
  o.objective = Objective::any;
  o.limits.max_expanded = 3 * (1 << 15) + 1000;  // four turns, the last one cut short
  const SolveReport r = solve_level(entries[10].level, o);  // level 11: far more than that
  ASSERT_FALSE(r.solved()) << r.status();
  EXPECT_EQ(r.result.stop_reason, hsearch::StopReason::node_limit);
  EXPECT_EQ(r.result.stats.expanded, o.limits.max_expanded);
}

// How far the feature-space searches came (SolveReport::most_packed): after one expansion, the
// most boxes packed among the start and the children it filed (none of the three is packed at
// the start, so counting only expanded states would say 0); every box once solved; -1 when the
// searches did not run.
TEST(AnyObjective, MostPackedIsTheFurthestStateReached) {
  const Level level = hsearch::sokoban::testing::three_boxes();
  SolveOptions o;
  o.objective = Objective::any;
  o.pattern_search = false;  // (the expected count below uses the plain domain's dead ends)
  o.goal_room = false;
  o.limits.max_expanded = 1;
  SolveReport r = solve_level(level, o);
  ASSERT_FALSE(r.solved()) << r.status();
  const Board b(level);
  const SokobanDomain d(b);
  const PushFeatures f(b);
  const auto start = d.initial_state();
  int expected = f.packed(start);
  EXPECT_EQ(expected, 0);
  d.for_each_move(start, [&](const Push& m) {
    auto child = start;
    d.apply(child, m);
    if (!hsearch::is_dead_end(child.h)) expected = std::max(expected, f.packed(child));
  });
  EXPECT_EQ(expected, 1);
  EXPECT_EQ(r.most_packed, expected);
  EXPECT_EQ(r.boxes, 3);
  o.limits.max_expanded = 0;
  r = solve_level(level, o);
  ASSERT_TRUE(r.solved()) << r.status();
  EXPECT_EQ(r.most_packed, 3);
  o.feature_space = false;
  r = solve_level(level, o);
  ASSERT_TRUE(r.solved()) << r.status();
  EXPECT_EQ(r.most_packed, -1);
}

// The anytime solver's first solution comes from the feature-space search: it replays, it is
// never below the table's optimum, and the restarts that follow only ever shorten it; a level
// proven optimal matches the table.
TEST(AnyObjective, TheFeatureSpaceSearchFindsTheFirstSolution) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto microban = hsearch::sokoban::testing::read_microban();
  for (int n = 1; n <= 30; ++n) {
    const Level& level = microban.level(n);
    SolveOptions first;
    first.objective = Objective::any;
    first.any_schedule = {{0, 1}};
    first.limits.max_expanded = 200000;
    const SolveReport r = solve_level(level, first);
    ASSERT_TRUE(r.solved()) << "level " << n;
    EXPECT_EQ(verify_lurd(level, r.lurd), "") << "level " << n;
    EXPECT_GE(r.solutions_found, 1) << "level " << n;
    const auto it = microban.table.find(n);
    if (it == microban.table.end()) continue;
    EXPECT_GE(r.pushes, it->second.pushes) << "level " << n;
    if (r.result.optimal) {
      EXPECT_EQ(r.pushes, it->second.pushes) << "level " << n;
    }
  }
}

// Bound probes (solve_probing: A* cut into parts of a few expansions, so that the probes
// between them run on small levels too). What they find is what A* alone finds (exhaustive
// search: the optimum), proven optimal, and it replays.
using hsearch::sokoban::testing::solve_probing;

TEST(BoundProbes, FindWhatAStarFindsOnABuiltInLevel) {
  const Level level = level_from(
      "  ####  \n"
      "###  ####\n"
      "#     $ #\n"
      "# #  #$ #\n"
      "# . .#@ #\n"
      "#########\n");
  const SolveReport plain = solve_probing(level, false);
  const SolveReport probed = solve_probing(level, true);
  ASSERT_TRUE(plain.solved());
  ASSERT_TRUE(probed.solved());
  EXPECT_TRUE(probed.result.optimal);
  EXPECT_EQ(probed.pushes, plain.pushes);
  EXPECT_EQ(verify_lurd(level, probed.lurd), "");
  EXPECT_GE(probed.bound_probes, 1);
  EXPECT_EQ(plain.bound_probes, 0);
}

// A long run shows where it is: every A* part and every probe part is announced with the
// bound A* has proven (the progress lines print these), the bounds never fall, and none is
// above the optimum.
TEST(BoundProbes, EachPartIsAnnouncedWithTheBoundProven) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto microban = hsearch::sokoban::testing::read_microban();
  struct Phases : hsearch::AnyProgressObserver {
    std::vector<std::string> seen;
    void on_phase(const std::string& what) override { seen.push_back(what); }
  };
  SolveOptions options;
  options.bound_probe_first_part = 8;
  options.fewer_moves = false;
  int astar_parts = 0, probe_parts = 0;
  for (int n = 1; n <= 20; ++n) {
    Phases phases;
    const SolveReport report = solve_level(microban.level(n), options, phases);
    ASSERT_TRUE(report.solved()) << "level " << n;
    int last = -1;
    for (const std::string& what : phases.seen) {
      int bound = -1, again = -1;
      if (std::sscanf(what.c_str(), "A* at %d: no solution below %d pushes", &bound, &again) == 2) {
        ++astar_parts;
      } else if (std::sscanf(what.c_str(), "probe at %d: looking for a solution of %d pushes", &bound, &again) == 2) {
        ++probe_parts;
      } else {
        ADD_FAILURE() << "level " << n << ", unexpected phase: " << what;
        continue;
      }
      EXPECT_EQ(bound, again) << "level " << n << ": " << what;
      EXPECT_GE(bound, last) << "level " << n << ": " << what;
      EXPECT_LE(bound, report.pushes) << "level " << n << ": " << what;
      last = bound;
    }
  }
  EXPECT_GE(astar_parts, 1);
  EXPECT_GE(probe_parts, 1);
}

// A run the node limit stops reports the bound proven so far: never above the optimum, and
// with its parity (push_parity.hpp), whether A* proved it or a probe that searched every
// path one push shorter did.
TEST(BoundProbes, AStoppedRunsBoundHasTheOptimumsParity) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto microban = hsearch::sokoban::testing::read_microban();
  SolveOptions options;
  options.bound_probe_first_part = 8;
  options.fewer_moves = false;
  int stopped = 0;
  for (int n = 1; n <= hsearch::testing::sweep(40); ++n) {
    const auto it = microban.table.find(n);
    if (it == microban.table.end()) continue;
    const int optimum = it->second.pushes;
    for (const std::uint64_t limit : {16, 48, 160, 480}) {
      options.limits.max_expanded = limit;
      const SolveReport report = solve_level(microban.level(n), options);
      if (report.solved()) break;
      ++stopped;
      EXPECT_LE(report.result.lower_bound, optimum) << "level " << n << ", limit " << limit;
      EXPECT_EQ((optimum - report.result.lower_bound) % 2, 0) << "level " << n << ", limit " << limit;
    }
  }
  EXPECT_GE(stopped, 10);
}

TEST(BoundProbes, FindWhatAStarFindsOnMicroban) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto microban = hsearch::sokoban::testing::read_microban();
  int by_probe = 0;
  for (int n = 1; n <= hsearch::testing::sweep(40); ++n) {
    const Level& level = microban.level(n);
    const SolveReport plain = solve_probing(level, false);
    const SolveReport probed = solve_probing(level, true);
    ASSERT_TRUE(plain.solved()) << "level " << n;
    ASSERT_TRUE(probed.solved()) << "level " << n;
    EXPECT_TRUE(probed.result.optimal) << "level " << n;
    EXPECT_EQ(probed.pushes, plain.pushes) << "level " << n;
    EXPECT_EQ(verify_lurd(level, probed.lurd), "") << "level " << n;
    const auto it = microban.table.find(n);
    if (it != microban.table.end()) {
      EXPECT_EQ(probed.pushes, it->second.pushes) << "level " << n;
    }
    by_probe += probed.solved_by_probe ? 1 : 0;
  }
  // (else the comparison would test A* against itself)
  EXPECT_GE(by_probe, 5);
}

// Every space the probes may search (--probe-cells) keeps push-optimality: the cost bound does,
// whatever the order of the layer. Microban 1-20 with each: A*'s optimum, replayed, and some
// levels solved by the probe itself.
TEST(BoundProbes, EveryProbeSpaceFindsWhatAStarFinds) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto microban = hsearch::sokoban::testing::read_microban();
  for (const FeatureCells cells : {FeatureCells::packing, FeatureCells::plan_connectivity, FeatureCells::plan_rooms}) {
    int by_probe = 0;
    for (int n = 1; n <= hsearch::testing::sweep(20); ++n) {
      const Level& level = microban.level(n);
      const SolveReport plain = solve_probing(level, false);
      const SolveReport probed = solve_probing(level, true, GoalMacros::off, cells);
      ASSERT_TRUE(plain.solved()) << feature_cells_name(cells) << ", level " << n;
      ASSERT_TRUE(probed.solved()) << feature_cells_name(cells) << ", level " << n;
      EXPECT_TRUE(probed.result.optimal) << feature_cells_name(cells) << ", level " << n;
      EXPECT_EQ(probed.pushes, plain.pushes) << feature_cells_name(cells) << ", level " << n;
      EXPECT_EQ(verify_lurd(level, probed.lurd), "") << feature_cells_name(cells) << ", level " << n;
      by_probe += probed.solved_by_probe ? 1 : 0;
    }
    EXPECT_GE(by_probe, hsearch::testing::sweep(20) / 4) << feature_cells_name(cells);
  }
}

}  // namespace
