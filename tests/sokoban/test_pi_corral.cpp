// PI-corral pruning (pi_corral.hpp): which pushes a state keeps, and that the optimum does not
// change (the solver with and without it, on Microban levels and against the table).
#include <algorithm>
#include <fstream>
#include <vector>

#include <gtest/gtest.h>

#include "collection_file.hpp"
#include "data_dir.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/sokoban/pi_corral.hpp"
#include "hsearch/sokoban/solver.hpp"
#include "level_text.hpp"
#include "same_optima.hpp"
#include "sweep.hpp"

using namespace hsearch::sokoban;
using hsearch::sokoban::testing::cell;
using hsearch::sokoban::testing::level_from;

namespace {
std::vector<SokobanDomain::Move> moves_of(const Board& b, bool pi) {
  SokobanDomain d(b);
  d.set_pi_corrals(pi);
  std::vector<SokobanDomain::Move> out;
  d.for_each_move(d.initial_state(), [&](const SokobanDomain::Move& m) { out.push_back(m); });
  return out;
}

// The goal (2,5) and the squares above and below it are a corral behind the box (2,4), which
// can only go right (walls above and below it).
constexpr const char* kCorralLevel =
    "#######\n"
    "#@  # #\n"
    "# $ $.#\n"
    "#.  # #\n"
    "#######\n";

}  // namespace

TEST(PiCorral, OnlyThePushIntoTheCorralIsKept) {
  // kCorralLevel: the other box's pushes can wait.
  const Board b(level_from(kCorralLevel));
  const auto all = moves_of(b, false);
  const auto kept = moves_of(b, true);
  EXPECT_GT(all.size(), 1U);
  ASSERT_EQ(kept.size(), 1U);
  EXPECT_EQ(kept[0].from, cell(b, 2, 4));
  EXPECT_EQ(kept[0].dir, kRight);
  std::array<CorralPush, kMaxCells> pushes;
  const SokobanDomain d(b);
  const auto s = d.initial_state();
  EXPECT_EQ(best_pi_corral(b, s.boxes, s.reach, true, pushes), 1);
}

TEST(PiCorral, NotPiWhenABarrierBoxCanBePushedElsewhere) {
  // The box (2,4) can also be pushed up (player below it; (1,4) is a goal, so not a dead
  // corner): the corral (2,5) is not a PI-corral.
  const Board b(level_from(
      "#######\n"
      "#@  .##\n"
      "# $ $.#\n"
      "#.   ##\n"
      "#######\n"));
  EXPECT_EQ(moves_of(b, true).size(), moves_of(b, false).size());
  std::array<CorralPush, kMaxCells> pushes;
  const SokobanDomain d(b);
  const auto s = d.initial_state();
  EXPECT_EQ(best_pi_corral(b, s.boxes, s.reach, true, pushes), -1);
}

TEST(PiCorral, NotPiWhenThePlayersSquareHoldsAnotherBox) {
  // The push into the corral needs the player on (2,3), where a box that is not on the barrier
  // stands now: it may move later, so the corral must not restrict the pushes.
  const Board b(level_from(
      "#######\n"
      "#@  # #\n"
      "#  $$.#\n"
      "#.  # #\n"
      "#######\n"));
  std::array<CorralPush, kMaxCells> pushes;
  const SokobanDomain d(b);
  const auto s = d.initial_state();
  EXPECT_EQ(best_pi_corral(b, s.boxes, s.reach, true, pushes), -1);
}

TEST(PiCorral, CorralsAreCombined) {
  // Two corrals: the big one on the left (with the goal (4,4)) and (3,6)-(5,6) on the right.
  // Alone, neither qualifies: the box (4,5) would be pushed into one from the other. Together
  // they do, and the only push to consider is the box (2,4) to the left.
  const Board b(level_from(
      "########\n"
      "#. #  @#\n"
      "#   $ ##\n"
      "#   $$.#\n"
      "# ##.$ #\n"
      "#.   # #\n"
      "########\n"));
  std::array<CorralPush, kMaxCells> pushes;
  const SokobanDomain d(b);
  const auto s = d.initial_state();
  ASSERT_EQ(best_pi_corral(b, s.boxes, s.reach, true, pushes), 1);
  EXPECT_EQ(pushes[0].from, cell(b, 2, 4));
  EXPECT_EQ(pushes[0].dir, kLeft);
}

TEST(PiCorral, SolvedCorralsAreLeftAlone) {
  // A box on its goal closing an empty corral without goals need not ever move: no pruning.
  const Board b(level_from(
      "#######\n"
      "#@  # #\n"
      "# $ * #\n"
      "#.  # #\n"
      "#######\n"));
  std::array<CorralPush, kMaxCells> pushes;
  const SokobanDomain d(b);
  const auto s = d.initial_state();
  EXPECT_EQ(best_pi_corral(b, s.boxes, s.reach, true, pushes), -1);
}

// The pushes a PI-corral withholds are counted by the domain (the searches never see them):
// here every push but the one into the corral, and nothing when the pruning is off.
TEST(PiCorral, WithheldPushesAreCounted) {
  const Board b(level_from(kCorralLevel));
  SokobanDomain on(b), off(b);
  off.set_pi_corrals(false);
  EXPECT_EQ(on.pi_corral_cuts(), 0U);
  std::uint64_t all = 0, kept = 0;
  off.for_each_move(off.initial_state(), [&](const SokobanDomain::Move&) { ++all; });
  on.for_each_move(on.initial_state(), [&](const SokobanDomain::Move&) { ++kept; });
  ASSERT_EQ(kept, 1U);
  EXPECT_GT(on.pi_corral_cuts(), 0U);
  EXPECT_EQ(on.pi_corral_cuts(), all - kept);
  EXPECT_EQ(off.pi_corral_cuts(), 0U);
  // The count accumulates over calls.
  on.for_each_move(on.initial_state(), [&](const SokobanDomain::Move&) {});
  EXPECT_EQ(on.pi_corral_cuts(), 2 * (all - kept));
}

// Over a whole search: XSokoban 1 has PI-corrals that cut; with the pruning off nothing is
// counted, however far the search gets.
TEST(PiCorral, CutsAreCountedOverASearch) {
  HSEARCH_REQUIRE_DATA("sokoban/xsokoban/XSokoban.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/xsokoban/XSokoban.xsb");
  const Board b(entries.front().level);
  hsearch::AStarOptions o;
  o.limits.max_expanded = 20000;
  o.newer_first_on_ties = true;
  SokobanDomain on(b);
  const auto with = hsearch::astar(on, on.initial_state(), PushLowerBound{}, o);
  ASSERT_TRUE(with.solved());
  EXPECT_EQ(with.cost, 97);
  EXPECT_GT(on.pi_corral_cuts(), 0U);
  EXPECT_EQ(with.stats.withheld, on.pi_corral_cuts());  // the search reports them with its cuts
  SokobanDomain off(b);
  off.set_pi_corrals(false);
  const auto without = hsearch::astar(off, off.initial_state(), PushLowerBound{}, o);
  EXPECT_EQ(off.pi_corral_cuts(), 0U);
  EXPECT_EQ(without.stats.withheld, 0U);
}

// The same optimum with and without the pruning, and the table's value, on Microban levels
// that solve in milliseconds. Plus XSokoban 1 (97 pushes, the best known; 120 expansions).
TEST(PiCorral, SameOptimumOnMicrobanWithAndWithout) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  SolveOptions on, off, plain;
  off.pi_corrals = false;
  // Nor do A*'s newest-first ties or the domain's state table change the optimum.
  plain.newer_first_on_ties = false;
  plain.state_cache_bits = 0;
  EXPECT_GE(hsearch::sokoban::testing::expect_same_optima_on_microban({on, off, plain}), hsearch::testing::sweep(50));
}

TEST(PiCorral, XSokobanOneAtItsBestKnownPushes) {
  HSEARCH_REQUIRE_DATA("sokoban/xsokoban/XSokoban.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/xsokoban/XSokoban.xsb");
  SolveOptions o;
  o.limits.max_expanded = 20000;
  const SolveReport r = solve_level(entries.front().level, o);
  ASSERT_TRUE(r.solved()) << r.status();
  EXPECT_TRUE(r.result.optimal);
  EXPECT_EQ(r.pushes, 97);
  EXPECT_EQ(verify_lurd(entries.front().level, r.lurd), "");
}
