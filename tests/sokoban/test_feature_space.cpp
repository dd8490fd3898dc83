// Sokoban's feature space (feature_space.hpp): the floor's regions, the packed boxes, the
// advisors' weights; and the feature-space search as the anytime solver's first step.
#include <gtest/gtest.h>

#include "data_dir.hpp"
#include "hsearch/sokoban/feature_space.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"
#include "hsearch/sokoban/solution.hpp"
#include "hsearch/sokoban/solver.hpp"
#include "level_text.hpp"
#include "microban_oracle.hpp"

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
  // Cells as PushFeatures::cell encodes them: packed << 16 | regions.
  const std::uint64_t same = 1;
  const std::uint64_t two_regions = 2;
  const std::uint64_t one_packed = std::uint64_t{1} << 16 | 2;
  // Nothing improves and another box moved last: weight 1.
  EXPECT_EQ(f.weight(s, same, nullptr, up, s, same), 1);
  // The same box again (the last push took it from below onto `at`): a macro move's next step.
  const Push came{below, kUp};
  EXPECT_EQ(f.weight(s, same, &came, up, s, same), 0);
  // It packs a box, or it joins regions.
  EXPECT_EQ(f.weight(s, two_regions, nullptr, up, s, one_packed), 0);
  EXPECT_EQ(f.weight(s, two_regions, nullptr, up, s, same), 0);
  EXPECT_EQ(f.weight(s, same, nullptr, up, s, two_regions), 1);
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

// Bound probes: with A* cut into parts of a few expansions, the probes between them run on
// small levels too. What they find is what A* alone finds (exhaustive search: the optimum),
// proven optimal, and it replays.
SolveReport solve_probing(const Level& level, bool probes) {
  SolveOptions options;
  options.bound_probes = probes;
  options.bound_probe_first_part = 8;
  options.fewer_moves = false;
  options.limits.max_expanded = 400000;
  return solve_level(level, options);
}

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

TEST(BoundProbes, FindWhatAStarFindsOnMicroban) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto microban = hsearch::sokoban::testing::read_microban();
  int by_probe = 0;
  for (int n = 1; n <= 40; ++n) {
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

}  // namespace
