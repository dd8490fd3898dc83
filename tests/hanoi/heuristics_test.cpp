#include <gtest/gtest.h>

#include <random>

#include "hsearch/hanoi/belfort_heuristic.hpp"
#include "hsearch/hanoi/manhattan_heuristic.hpp"
#include "hsearch/hanoi/off_goal_peg_heuristic.hpp"
#include "hsearch/hanoi/random_position.hpp"
#include "hsearch/heuristics/heuristic.hpp"
#include "hsearch/search/astar.hpp"

namespace hsearch::hanoi {
namespace {

TEST(HanoiHeuristics, ManhattanFollowsTheSeedAndIsNotAdmissible) {
  // One disk from peg A to peg D: |0 - 3| + |0 - 0| = 3, but one move solves it.
  const Problem pr = make_problem("a1|||", "|||a1");
  const HanoiDomain d(pr.layout, pr.goal);
  const ManhattanHeuristic h(d);
  EXPECT_EQ(h.estimate(d.make_state(pr.start)), 3);
  EXPECT_FALSE(is_admissible(h));
  // Levels count too: a2 on A level 0 -> C level 0 (2), a1 A level 1 -> B level 0 (1 + 1).
  const Problem p2 = make_problem("a2a1|||", "|a1|a2|");
  const HanoiDomain d2(p2.layout, p2.goal);
  EXPECT_EQ(ManhattanHeuristic(d2).estimate(d2.make_state(p2.start)), 4);
}

TEST(HanoiHeuristics, BelfortMultipliesByDisksAboveBothPositions) {
  const Problem pr = make_problem("a2a1|||", "|a1|a2|");
  const HanoiDomain d(pr.layout, pr.goal);
  const BelfortHeuristic h(d);
  EXPECT_FALSE(is_admissible(h));
  // a2: Manhattan 2, one disk above it, nothing on C: 2 * (1 + 0); a1: Manhattan 2, nothing
  // above, nothing on B: 2 * 0.
  EXPECT_EQ(h.estimate(d.make_state(pr.start)), 2);
  EXPECT_EQ(h.estimate(d.goal()), 0);
  // A result found with it is never called optimal.
  const auto r = astar(d, d.make_state(pr.start), h);
  ASSERT_TRUE(r.solved());
  EXPECT_FALSE(r.optimal);
}

TEST(HanoiHeuristics, OffGoalPegIsIncremental) {
  const Layout layout = Layout::towers(4, {4, 4});
  std::mt19937_64 rng(5);
  const HanoiDomain d(layout, random_position(layout, rng));
  const OffGoalPegHeuristic h(d);
  EXPECT_EQ(h.estimate(d.goal()), 0);
  for (int trial = 0; trial < 100; ++trial) {
    auto s = d.make_state(random_position(layout, rng));
    const int hs = h.estimate(s);
    d.for_each_move(s, [&](const HanoiDomain::Move& m) {
      d.apply(s, m);
      EXPECT_EQ(h.estimate_after(s, m, hs), h.estimate(s));
      d.undo(s, m, {});
    });
  }
}

}  // namespace
}  // namespace hsearch::hanoi
