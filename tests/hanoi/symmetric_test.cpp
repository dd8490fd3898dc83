// The symmetric method (symmetric_solver.hpp): shape detection, goal-set pattern databases,
// and optimal = 2H + 1 against Frame-Stewart, 2^n - 1 and the plain search.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "data_dir.hpp"
#include "hsearch/hanoi/pdb_heuristic.hpp"
#include "hsearch/hanoi/random_position.hpp"
#include "hsearch/hanoi/symmetric_solver.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/search/bfs.hpp"
#include "oracle_rows.hpp"

namespace hsearch::hanoi {
namespace {

PdbOptions in_memory(std::uint32_t off, std::uint64_t max_entries = std::uint64_t{1} << 20) {
  PdbOptions o;
  o.cache_dir.clear();
  o.max_entries = max_entries;
  o.goal_off_pegs = off;
  return o;
}

struct SymmetricRun {
  bool solved = false, optimal = false;
  int cost = -1;
  bool replay_ok = false;
};

// The method end to end: half problem by A* with goal-set tables (`sizes`, largest disks
// first; empty = one exact table), plan assembled and replayed on the full problem.
SymmetricRun run_symmetric(const Layout& layout, const Position& start, const Position& goal,
                           std::vector<int> sizes = {}) {
  SymmetricRun out;
  const auto shape = classic_shape(layout, start, goal);
  if (!shape) return out;
  const HanoiDomain full(layout, goal);
  std::vector<HanoiDomain::Move> plan;
  if (layout.disks() == 1) {
    plan = assemble_symmetric_plan({}, *shape);
    out.optimal = true;
  } else {
    const HalfProblem hp = half_problem(layout, start, *shape);
    const OffPegsDomain half(hp.layout, hp.off);
    if (sizes.empty()) sizes = {hp.layout.disks()};
    const PdbHeuristic h(half, {partition_by_sizes(hp.layout, sizes)}, in_memory(hp.off));
    const auto r = astar(half, half.make_state(hp.start), h);
    if (!r.solved()) return out;
    out.optimal = r.optimal;
    plan = assemble_symmetric_plan(r.plan, *shape);
  }
  out.solved = true;
  out.cost = static_cast<int>(plan.size());
  HanoiDomain::State s = full.make_state(start);
  out.replay_ok = true;
  for (const auto& m : plan) {
    if (!full.legal(s, m)) {
      out.replay_ok = false;
      return out;
    }
    full.apply(s, m);
  }
  out.replay_ok = full.is_goal(s);
  return out;
}

int plain_bfs(const Layout& layout, const Position& start, const Position& goal) {
  const HanoiDomain d(layout, goal);
  const auto r = bfs(d, d.make_state(start));
  return r.solved() ? r.cost : -1;
}

TEST(HanoiSymmetric, ShapeIsDetectedOnlyWhenTheProofHolds) {
  const Problem classic = classic_problem(4, 5);
  const auto shape = classic_shape(classic.layout, classic.start, classic.goal);
  ASSERT_TRUE(shape.has_value());
  EXPECT_EQ(shape->from, 0);
  EXPECT_EQ(shape->to, 3);
  const auto check = [](const std::string& start, const std::string& goal) {
    const DiskStacks s = parse_stacks(start, "start");
    const Layout layout = layout_of(s, "start");
    return classic_shape(layout, to_position(layout, s, "start"), goal_for(layout, parse_stacks(goal, "goal"), "goal"))
        .has_value();
  };
  EXPECT_TRUE(check("||a3a2a1|", "a3a2a1|||"));            // any start and goal pegs
  EXPECT_TRUE(check("a3b2a2b1a1|||", "|||a3b2a2b1a1"));    // equal radii, same stack order
  EXPECT_FALSE(check("a3b2a2b1a1|||", "|||a3a2b2b1a1"));   // equal radii in another order
  EXPECT_FALSE(check("a2b2a1b1|||", "|||a2b2a1b1"));       // the largest disk is not unique
  EXPECT_FALSE(check("a3a2|a1||", "|||a3a2a1"));           // start not one stack
  EXPECT_FALSE(check("a3a2a1|||", "a3a2a1|||"));           // start == goal
}

TEST(HanoiSymmetric, ThreePegsGiveTwoToTheNMinusOne) {
  for (int n = 1; n <= 10; ++n) {
    const Problem pr = classic_problem(3, n);
    const SymmetricRun r = run_symmetric(pr.layout, pr.start, pr.goal);
    ASSERT_TRUE(r.solved) << n;
    EXPECT_TRUE(r.optimal);
    EXPECT_TRUE(r.replay_ok) << n;
    EXPECT_EQ(r.cost, (1 << n) - 1) << n << " disks";
  }
}

TEST(HanoiSymmetric, FourPegsGiveFrameStewartWithAdditiveGoalSetTables) {
  HSEARCH_REQUIRE_DATA("hanoi/frame_stewart.tsv");
  const auto rows = testing::read_tsv(hsearch::testing::data_file("hanoi/frame_stewart.tsv").string());
  int checked = 0;
  for (const auto& row : rows) {
    const int n = std::stoi(row[0]);
    if (n < 1 || n > 12) continue;
    const Problem pr = classic_problem(4, n);
    // n > 3: two groups (the 2 largest small disks, the rest), so the sum is really additive.
    const std::vector<int> sizes = n > 3 ? std::vector<int>{2, n - 3} : std::vector<int>{};
    const SymmetricRun r = run_symmetric(pr.layout, pr.start, pr.goal, sizes);
    ASSERT_TRUE(r.solved) << n;
    EXPECT_TRUE(r.optimal);
    EXPECT_TRUE(r.replay_ok) << n;
    EXPECT_EQ(r.cost, std::stoi(row[2])) << n << " disks";
    if (n <= 7) {
      EXPECT_EQ(r.cost, plain_bfs(pr.layout, pr.start, pr.goal)) << n;
    }
    ++checked;
  }
  EXPECT_EQ(checked, 12);
}

TEST(HanoiSymmetric, EqualsThePlainSearchOnOtherShapes) {
  // Five pegs, start and goal pegs other than first and last, and a stack with equal radii.
  const auto same = [](const std::string& start, const std::string& goal) {
    const DiskStacks s = parse_stacks(start, "start");
    const Layout layout = layout_of(s, "start");
    const Position p0 = to_position(layout, s, "start");
    const Position p1 = goal_for(layout, parse_stacks(goal, "goal"), "goal");
    const SymmetricRun r = run_symmetric(layout, p0, p1);
    EXPECT_TRUE(r.solved && r.optimal && r.replay_ok) << start;
    EXPECT_EQ(r.cost, plain_bfs(layout, p0, p1)) << start << " -> " << goal;
  };
  same("a5a4a3a2a1||||", "||||a5a4a3a2a1");
  same("|a5a4a3a2a1||", "||a5a4a3a2a1|");
  same("||a6a5a4a3a2a1|", "a6a5a4a3a2a1|||");
  same("a3b2a2b1a1|||", "|||a3b2a2b1a1");
  same("a4b3a3b2a2b1a1||", "||a4b3a3b2a2b1a1");
}

TEST(HanoiSymmetric, GoalSetTablesAreExactAndAdditiveSumsAdmissible) {
  // Half problem of 7 disks on 4 pegs, goal "none on A or D": one table over all disks is the
  // exact distance to the set (BFS on the goal-set domain); a 3+4 sum never exceeds it.
  const Layout layout = Layout::towers(4, {7});
  const OffPegsDomain half(layout, 0b1001);
  const PdbHeuristic exact(half, {partition_by_sizes(layout, {7})}, in_memory(0b1001));
  const PdbHeuristic sum(half, {partition_by_sizes(layout, {3, 4}), partition_by_sizes(layout, {4, 3})},
                         in_memory(0b1001));
  std::mt19937_64 rng(5);
  int strict = 0;
  for (int i = 0; i < 60; ++i) {
    const auto s = half.make_state(random_position(layout, rng));
    const auto r = bfs(half, s);
    ASSERT_TRUE(r.solved());
    EXPECT_EQ(exact.estimate(s), r.cost);
    EXPECT_LE(sum.estimate(s), r.cost);
    strict += sum.estimate(s) < r.cost;
    EXPECT_EQ(half.is_goal(s), r.cost == 0);
  }
  EXPECT_GT(strict, 0);  // the sum is a real relaxation, not the exact value in disguise
  // From the start stack on A: H(7) = (FS(8) - 1) / 2 = 16.
  const auto start = half.make_state(classic_problem(4, 7).start);
  EXPECT_EQ(exact.estimate(start), 16);
}

}  // namespace
}  // namespace hsearch::hanoi
