#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "hsearch/hanoi/domain.hpp"
#include "hsearch/hanoi/group_index.hpp"
#include "hsearch/hanoi/random_position.hpp"

namespace hsearch::hanoi {
namespace {

std::vector<int> all_disks(const Layout& layout) {
  std::vector<int> all;
  for (int i = 0; i < layout.disks(); ++i) all.push_back(i);
  return all;
}

// Pearson's chi-square statistic of `counts` against the uniform distribution.
double chi_square(const std::vector<int>& counts, int samples) {
  const double expected = static_cast<double>(samples) / static_cast<double>(counts.size());
  double x = 0;
  for (int c : counts) x += (c - expected) * (c - expected) / expected;
  return x;
}

TEST(HanoiRandom, PositionsAreLegalAndSeeded) {
  const Layout layout = Layout::towers(4, {5, 3, 3});
  std::mt19937_64 rng(1);
  for (int i = 0; i < 500; ++i) {
    EXPECT_EQ(position_error(layout, random_position(layout, rng)), "");
  }
  EXPECT_EQ(random_position(layout, 42), random_position(layout, 42));
  EXPECT_NE(random_position(layout, 42), random_position(layout, 43));
}

TEST(HanoiRandom, CountsPositions) {
  // (p(p+1)...(p+T-1))^h, as in multi_tower_bfs.tsv.
  EXPECT_EQ(count_positions(Layout::towers(3, {2, 2})), 144u);
  EXPECT_EQ(count_positions(Layout::towers(4, {3, 3, 3})), 1728000u);
  EXPECT_EQ(count_positions(Layout::towers(4, {7, 7})), 1280000000u);
  EXPECT_EQ(count_positions(Layout::towers(4, {10})), 1048576u);
}

TEST(HanoiRandom, UniformByChiSquare) {
  // 3 pegs, towers a and b of height 2: 144 positions; 28800 samples (200 per cell). The 0.1%
  // critical value of chi-square with 143 degrees of freedom is about 198.
  const Layout layout = Layout::towers(3, {2, 2});
  const HanoiDomain d(layout, stacked_on(layout, 0));
  const GroupIndexer ix(layout, all_disks(layout));
  const int samples = 28800;
  std::vector<int> counts(ix.size(), 0), naive(ix.size(), 0);
  std::mt19937_64 rng(2026);
  for (int i = 0; i < samples; ++i) {
    ++counts[ix.index(d, d.make_state(random_position(layout, rng)))];
    // The seed's method: a random peg per disk, largest first (not uniform).
    Position p(3);
    std::uniform_int_distribution<int> peg(0, 2);
    for (int id = 0; id < layout.disks(); ++id) p[static_cast<std::size_t>(peg(rng))].push_back(id);
    ++naive[ix.index(d, d.make_state(p))];
  }
  for (int c : counts) EXPECT_GT(c, 0);
  EXPECT_LT(chi_square(counts, samples), 198.0);
  EXPECT_GT(chi_square(naive, samples), 198.0);
}

}  // namespace
}  // namespace hsearch::hanoi
