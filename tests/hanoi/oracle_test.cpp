// Optimal move counts against the oracles: 2^n - 1 (3 pegs), Frame-Stewart (4 pegs, proved
// optimal by Bousch 2014), the exhaustive-BFS table of multi-tower instances, and the
// Boost.Graph oracle (every state's exact distance) for heuristic admissibility.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "data_dir.hpp"
#include "hsearch/graph/explicit_graph.hpp"
#include "hsearch/hanoi/off_goal_peg_heuristic.hpp"
#include "hsearch/hanoi/pdb_heuristic.hpp"
#include "hsearch/hanoi/random_position.hpp"
#include "hsearch/pruning/inverse_move.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/search/bfs.hpp"
#include "hsearch/search/ida_star.hpp"
#include "oracle_rows.hpp"

// The fast suite checks the cheap instances; the slow one (hanoi_slow_test, ctest label slow)
// the same code on bigger ones.
#ifndef HANOI_SLOW_ORACLE
#define HANOI_SLOW_ORACLE 0
#endif
// Distinct suite names keep the two executables' ctest entries apart.
#if HANOI_SLOW_ORACLE
#define HANOI_ORACLE_SUITE HanoiOracleSlow
#else
#define HANOI_ORACLE_SUITE HanoiOracle
#endif

namespace hsearch::hanoi {
namespace {

constexpr bool kSlow = HANOI_SLOW_ORACLE != 0;
constexpr int kMaxFourPegDisks = kSlow ? 14 : 12;
constexpr long long kMaxRowStates = kSlow ? 3200000 : 30000;
constexpr long long kMaxIdaRowStates = kSlow ? 160000 : 8000;

PdbOptions in_memory(std::uint64_t max_entries = std::uint64_t{1} << 16) {
  PdbOptions o;
  o.cache_dir.clear();
  o.max_entries = max_entries;
  return o;
}

// Replays a plan and checks it ends at the goal.
template <class R>
void expect_valid_plan(const HanoiDomain& d, HanoiDomain::State s, const R& r) {
  for (const auto& m : r.plan) {
    ASSERT_TRUE(d.legal(s, m)) << d.move_name(m);
    d.apply(s, m);
  }
  EXPECT_TRUE(d.is_goal(s));
  EXPECT_EQ(static_cast<int>(r.plan.size()), r.cost);
}

TEST(HANOI_ORACLE_SUITE, ThreePegsOneTowerTakesTwoToTheNMinusOne) {
  for (int n = 1; n <= 10; ++n) {
    const Problem pr = classic_problem(3, n);
    const HanoiDomain d(pr.layout, pr.goal);
    const auto start = d.make_state(pr.start);
    const PdbHeuristic h(d, {partition_by_sizes(pr.layout, automatic_sizes(pr.layout, 1u << 12))}, in_memory());
    const auto r = astar(d, start, h);
    ASSERT_TRUE(r.solved());
    EXPECT_TRUE(r.optimal);
    EXPECT_EQ(r.cost, (1 << n) - 1) << n << " disks";
    expect_valid_plan(d, start, r);
    if (n <= 7) {
      const auto b = bfs(d, start);
      EXPECT_EQ(b.cost, (1 << n) - 1);
      EXPECT_TRUE(b.optimal);
    }
  }
}

TEST(HANOI_ORACLE_SUITE, FourPegsOneTowerTakesFrameStewart) {
  HSEARCH_REQUIRE_DATA("hanoi/frame_stewart.tsv");
  const auto rows = testing::read_tsv(hsearch::testing::data_file("hanoi/frame_stewart.tsv").string());
  int checked = 0;
  for (const auto& row : rows) {
    const int n = std::stoi(row[0]);
    if (n < 1 || n > kMaxFourPegDisks) continue;
    const int fs = std::stoi(row[2]);
    const Problem pr = classic_problem(4, n);
    const HanoiDomain d(pr.layout, pr.goal);
    const auto start = d.make_state(pr.start);
    // Additive within each partition, max over the partitions.
    const auto sizes = automatic_sizes(pr.layout, n <= 9 ? 1u << 14 : 1u << 20);
    std::vector<Partition> parts{partition_by_sizes(pr.layout, sizes)};
    if (sizes.size() == 2) {
      // Every window of sizes[0] consecutive disks + the rest: all share the same two tables.
      for (auto& p : window_partitions(pr.layout, sizes[0])) parts.push_back(std::move(p));
    }
    const PdbHeuristic h(d, parts, in_memory(1u << 20));
    const auto r = astar(d, start, h);
    ASSERT_TRUE(r.solved());
    EXPECT_TRUE(r.optimal);
    EXPECT_EQ(r.cost, fs) << n << " disks";
    expect_valid_plan(d, start, r);
    if (n <= 7) {
      EXPECT_EQ(bfs(d, start).cost, fs);
    }
    ++checked;
  }
  EXPECT_EQ(checked, kMaxFourPegDisks);
}

// Every cheap row of multi_tower_bfs.tsv with an exact goal: BFS, A* and IDA* with each
// admissible heuristic find the tabulated optimum. The rows are dealt out in turn to `parts`
// tests (ctest runs them side by side); this one checks those of `part` and returns how many.
int check_multi_tower_rows(int part, int parts) {
  const auto rows = testing::read_tsv(hsearch::testing::data_file("hanoi/multi_tower_bfs.tsv").string());
  int checked = 0, dealt = 0;
  for (const auto& row : rows) {
    const int pegs = std::stoi(row[1]), towers = std::stoi(row[2]), h = std::stoi(row[3]);
    const long long states = std::stoll(row[4]);
    const int opt = std::stoi(row[7]);
    if (states > kMaxRowStates) continue;
    const Layout layout = Layout::towers(pegs, std::vector<int>(static_cast<std::size_t>(towers), h));
    const Position start_pos = testing::shorthand_position(layout, pegs, h, row[5]);
    const Position goal_pos = testing::shorthand_position(layout, pegs, h, row[6]);
    if (goal_pos.empty()) continue;  // goal set
    if (dealt++ % parts != part) continue;
    const std::string start_problem = position_error(layout, start_pos), goal_problem = position_error(layout, goal_pos);
    EXPECT_EQ(start_problem, "") << row[5];
    EXPECT_EQ(goal_problem, "") << row[6];
    if (!start_problem.empty() || !goal_problem.empty()) continue;
    const HanoiDomain d(layout, goal_pos);
    const auto start = d.make_state(start_pos);
    const std::string what = row[0] + " " + row[1] + " pegs h=" + row[3] + ": " + row[5] + " -> " + row[6];

    const auto b = bfs(d, start);
    EXPECT_EQ(b.cost, opt) << "bfs " << what;
    EXPECT_TRUE(b.optimal);

    const OffGoalPegHeuristic off(d);
    const PdbHeuristic projection(d, {partition_by_towers(layout)}, in_memory());
    const PdbHeuristic pdb(d, {partition_by_sizes(layout, automatic_sizes(layout, 1u << 10))}, in_memory());
    EXPECT_LE(projection.estimate(start), opt);
    if (!row[10].empty()) {
      EXPECT_EQ(projection.estimate(start), std::stoi(row[10])) << "lb_sum_single " << what;
    }

    auto check = [&](const auto& heuristic, const char* name) {
      const auto a = astar(d, start, heuristic);
      ASSERT_TRUE(a.solved()) << name << " " << what;
      EXPECT_TRUE(a.optimal);
      EXPECT_EQ(a.cost, opt) << "astar " << name << " " << what;
      expect_valid_plan(d, start, a);
      if (states <= kMaxIdaRowStates) {
        IdaStarOptions io;
        io.transposition_entries = kSlow ? 1u << 22 : 1u << 16;
        // Without pruning: the table keys entries by automaton state, so pruning would split them.
        const auto i = ida_star(d, start, heuristic, io);
        ASSERT_TRUE(i.solved()) << name << " " << what;
        EXPECT_TRUE(i.optimal);
        EXPECT_EQ(i.cost, opt) << "ida* " << name << " " << what;
        expect_valid_plan(d, start, i);
      }
      if (states <= 400) {  // the same-disk automaton, no table
        const auto p = ida_star(d, start, heuristic, IdaStarOptions{}, make_inverse_move_automaton(d));
        ASSERT_TRUE(p.solved()) << name << " " << what;
        EXPECT_EQ(p.cost, opt) << "ida* pruned " << name << " " << what;
        expect_valid_plan(d, start, p);
      }
    };
    if (states <= 200000) {
      check(off, "off-goal-peg");  // weak: on bigger spaces it expands nearly everything
    }
    check(projection, "tower projection");
    check(pdb, "pdb");
    ++checked;
  }
  return checked;
}

TEST(HANOI_ORACLE_SUITE, MultiTowerTableRowsFirstHalf) {
  HSEARCH_REQUIRE_DATA("hanoi/multi_tower_bfs.tsv");
  EXPECT_GE(check_multi_tower_rows(0, 2), kSlow ? 45 : 25);
}

TEST(HANOI_ORACLE_SUITE, MultiTowerTableRowsSecondHalf) {
  HSEARCH_REQUIRE_DATA("hanoi/multi_tower_bfs.tsv");
  EXPECT_GE(check_multi_tower_rows(1, 2), kSlow ? 45 : 25);
}

// Admissibility against the Boost.Graph oracle: h(s) <= exact distance for every state, and a
// table over all disks is exact.
TEST(HANOI_ORACLE_SUITE, AdmissibleHeuristicsNeverOverestimate) {
  struct Space {
    int pegs;
    std::vector<int> heights;
  };
  for (const Space& sp : {Space{3, {2, 2}}, Space{4, {2, 2}}, Space{4, {5}}, Space{3, {3, 2}},
                          Space{3, {2, 2, 2}}, Space{4, {2, 1, 1}}}) {
    const Layout layout = Layout::towers(sp.pegs, sp.heights);
    std::mt19937_64 rng(11);
    const HanoiDomain d(layout, random_position(layout, rng));
    const auto g = graph::expand(d, d.goal());
    ASSERT_EQ(g.states.size(), count_positions(layout));
    const auto dist = graph::goal_distances(g);
    const OffGoalPegHeuristic off(d);
    const PdbHeuristic projection(d, {partition_by_towers(layout)}, in_memory());
    std::vector<int> sizes{layout.disks() / 2, layout.disks() - layout.disks() / 2};
    const PdbHeuristic halves(d, {partition_by_sizes(layout, sizes), partition_by_sizes(layout, {sizes[1], sizes[0]})},
                              in_memory());
    const PdbHeuristic exact(d, {partition_by_sizes(layout, {layout.disks()})}, in_memory());
    int projection_gain = 0;
    for (std::size_t i = 0; i < g.states.size(); ++i) {
      const auto& s = g.states[i];
      const int true_d = static_cast<int>(dist[i]);
      ASSERT_LE(off.estimate(s), true_d);
      ASSERT_LE(projection.estimate(s), true_d);
      ASSERT_LE(halves.estimate(s), true_d);
      ASSERT_EQ(exact.estimate(s), true_d);
      projection_gain += projection.estimate(s) > off.estimate(s);
    }
    if (layout.towers() > 1) {
      EXPECT_GT(projection_gain, 0);  // the projection is informative
    }
  }
}

}  // namespace
}  // namespace hsearch::hanoi
