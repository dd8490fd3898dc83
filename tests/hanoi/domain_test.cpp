#include <gtest/gtest.h>

#include <random>
#include <set>
#include <vector>

#include "hsearch/hanoi/domain.hpp"
#include "hsearch/hanoi/group_index.hpp"
#include "hsearch/hanoi/random_position.hpp"
#include "hsearch/hanoi/same_disk_pruner.hpp"
#include "hsearch/pruning/inverse_move.hpp"
#include "hsearch/search/bfs.hpp"
#include "hsearch/heuristics/combinators.hpp"
#include "hsearch/search/ida_star.hpp"

namespace hsearch::hanoi {
namespace {

HanoiDomain domain_of(const std::string& start, const std::string& goal) {
  const Problem pr = make_problem(start, goal);
  return HanoiDomain(pr.layout, pr.goal);
}

TEST(HanoiDomain, MovesFollowTheRules) {
  const Problem pr = make_problem("a2b2a1|b1||", "|||a2b2a1b1");
  const HanoiDomain d(pr.layout, pr.goal);
  const auto s = d.make_state(pr.start);
  std::set<std::string> moves;
  d.for_each_move(s, [&](const HanoiDomain::Move& m) { moves.insert(d.move_name(m)); });
  // a1 (top of A) may go anywhere: onto b1 (equal radius) or the empty pegs; b1 may go onto a1
  // (equal) or the empty pegs.
  EXPECT_EQ(moves, (std::set<std::string>{"a1 A->B", "a1 A->C", "a1 A->D", "b1 B->A", "b1 B->C",
                                          "b1 B->D"}));
  // a 2-disk can never go onto a 1-disk.
  const Problem p2 = make_problem("a2|a1||", "|||a2a1");
  const HanoiDomain d2(p2.layout, p2.goal);
  std::set<std::string> m2;
  d2.for_each_move(d2.make_state(p2.start),
                   [&](const HanoiDomain::Move& m) { m2.insert(d2.move_name(m)); });
  EXPECT_EQ(m2, (std::set<std::string>{"a2 A->C", "a2 A->D", "a1 B->A", "a1 B->C", "a1 B->D"}));
}

TEST(HanoiDomain, ApplyUndoAndPackRoundTripOnRandomPositions) {
  const Layout layout = Layout::towers(4, {4, 3, 2});
  std::mt19937_64 rng(7);
  const HanoiDomain d(layout, random_position(layout, rng));
  for (int trial = 0; trial < 300; ++trial) {
    const Position p = random_position(layout, rng);
    auto s = d.make_state(p);
    EXPECT_EQ(d.position(s), p);
    EXPECT_EQ(d.unpack(d.pack(s)), s);
    const auto before = s;
    d.for_each_move(before, [&](const HanoiDomain::Move& m) {
      ASSERT_TRUE(d.legal(s, m));
      d.apply(s, m);
      EXPECT_TRUE(position_error(layout, d.position(s)).empty());
      EXPECT_EQ(d.unpack(d.pack(s)), s);
      EXPECT_FALSE(d.pack(s) == d.pack(before));
      d.undo(s, m, {});
      EXPECT_EQ(s, before);
    });
  }
}

TEST(HanoiDomain, PackIsInjectiveOnASmallSpace) {
  // 3 pegs, towers a,b of height 2: 144 positions (multi_tower_bfs.tsv), all distinct keys.
  const Layout layout = Layout::towers(3, {2, 2});
  const HanoiDomain d(layout, stacked_on(layout, 2));
  std::vector<int> all(static_cast<std::size_t>(layout.disks()));
  for (int i = 0; i < layout.disks(); ++i) all[static_cast<std::size_t>(i)] = i;
  const GroupIndexer ix(layout, all);
  EXPECT_EQ(ix.size(), 144u);
  EXPECT_EQ(count_positions(layout), 144u);
  std::set<std::pair<std::uint64_t, std::uint64_t>> keys;
  for (std::uint64_t i = 0; i < ix.size(); ++i) {
    const auto s = ix.state_of(d, i);
    EXPECT_EQ(ix.index(d, s), i);
    const auto k = d.pack(s);
    keys.insert({k.lo, k.hi});
  }
  EXPECT_EQ(keys.size(), 144u);
}

TEST(HanoiDomain, SameDiskPrunerKeepsOptimalityAndPrunes) {
  const HanoiDomain d = domain_of("a3a2a1|||", "|||a3a2a1");
  const auto start = d.make_state(make_problem("a3a2a1|||", "|||a3a2a1").start);
  IdaStarOptions opt;
  const auto plain = ida_star(d, start, ZeroHeuristic{}, opt);
  const auto pruned = ida_star(d, start, ZeroHeuristic{}, opt, SameDiskPruner{});
  ASSERT_TRUE(plain.solved());
  ASSERT_TRUE(pruned.solved());
  EXPECT_EQ(plain.cost, 5);
  EXPECT_EQ(pruned.cost, 5);
  EXPECT_GT(pruned.stats.pruned, 0u);
  EXPECT_LT(pruned.stats.generated, plain.stats.generated);
  // The framework's inverse-move automaton over these labels is the same rule.
  const auto framework = ida_star(d, start, ZeroHeuristic{}, opt, make_inverse_move_automaton(d));
  EXPECT_EQ(framework.cost, 5);
  EXPECT_EQ(framework.stats.generated, pruned.stats.generated);
  EXPECT_EQ(framework.stats.pruned, pruned.stats.pruned);
}

}  // namespace
}  // namespace hsearch::hanoi
