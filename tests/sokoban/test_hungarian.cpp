// The Hungarian method against brute force on random matrices, from scratch and warm-started.
#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "hsearch/sokoban/hungarian.hpp"

using namespace hsearch::sokoban;

namespace {
constexpr std::int32_t kInf = 1 << 20;

std::int64_t brute_force(const std::vector<std::vector<std::int32_t>>& c) {
  const int n = static_cast<int>(c.size());
  std::vector<int> perm(static_cast<std::size_t>(n));
  std::iota(perm.begin(), perm.end(), 0);
  std::int64_t best = std::numeric_limits<std::int64_t>::max();
  do {
    std::int64_t total = 0;
    for (int i = 0; i < n; ++i) total += c[static_cast<std::size_t>(i)][static_cast<std::size_t>(perm[static_cast<std::size_t>(i)])];
    best = std::min(best, total);
  } while (std::next_permutation(perm.begin(), perm.end()));
  return best;
}

std::vector<std::vector<std::int32_t>> random_matrix(std::mt19937& rng, int n, int inf_percent) {
  std::uniform_int_distribution<int> cost(0, 30), pct(0, 99);
  std::vector<std::vector<std::int32_t>> c(static_cast<std::size_t>(n), std::vector<std::int32_t>(static_cast<std::size_t>(n)));
  for (auto& row : c)
    for (auto& x : row) x = pct(rng) < inf_percent ? kInf : cost(rng);
  return c;
}

// The assignment is a permutation and tight/feasible potentials prove it.
void expect_consistent(const Assignment<8>& a, const std::vector<std::vector<std::int32_t>>& c) {
  const int n = static_cast<int>(c.size());
  std::vector<bool> used(static_cast<std::size_t>(n), false);
  for (int i = 0; i < n; ++i) {
    const int j = a.col_of_row[static_cast<std::size_t>(i)];
    ASSERT_LT(j, n);
    EXPECT_FALSE(used[static_cast<std::size_t>(j)]);
    used[static_cast<std::size_t>(j)] = true;
    EXPECT_EQ(a.row_of_col[static_cast<std::size_t>(j)], i);
    for (int k = 0; k < n; ++k)
      EXPECT_LE(std::int64_t{a.u[static_cast<std::size_t>(i)]} + a.v[static_cast<std::size_t>(k)],
                c[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)]);
    EXPECT_EQ(std::int64_t{a.u[static_cast<std::size_t>(i)]} + a.v[static_cast<std::size_t>(j)],
              c[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]);
  }
}
}  // namespace

TEST(Hungarian, FromScratchMatchesBruteForce) {
  std::mt19937 rng(12345);
  for (int trial = 0; trial < 400; ++trial) {
    const int n = 1 + trial % 7;
    const auto c = random_matrix(rng, n, trial % 3 == 0 ? 30 : 0);
    Assignment<8> a;
    const auto cost = [&](int i, int j) { return c[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]; };
    solve_assignment(a, n, cost);
    EXPECT_EQ(assignment_cost(a, n, cost), brute_force(c)) << "trial " << trial;
    expect_consistent(a, c);
  }
}

TEST(Hungarian, WarmStartAfterOneRowChangesMatchesBruteForce) {
  std::mt19937 rng(777);
  std::uniform_int_distribution<int> cost(0, 30), pct(0, 99);
  for (int trial = 0; trial < 100; ++trial) {
    const int n = 2 + trial % 6;
    auto c = random_matrix(rng, n, 10);
    Assignment<8> a;
    const auto fn = [&](int i, int j) { return c[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]; };
    solve_assignment(a, n, fn);
    for (int step = 0; step < 30; ++step) {
      const int r = static_cast<int>(rng() % static_cast<unsigned>(n));
      for (auto& x : c[static_cast<std::size_t>(r)]) x = pct(rng) < 10 ? kInf : cost(rng);
      reassign_row(a, n, r, fn);
      ASSERT_EQ(assignment_cost(a, n, fn), brute_force(c)) << "trial " << trial << " step " << step;
      expect_consistent(a, c);
    }
  }
}

TEST(Hungarian, DummyRowsServeMoreColumnsThanRealRows) {
  // 2 real rows, 4 columns: rows 2 and 3 cost 0 everywhere.
  const std::vector<std::vector<std::int32_t>> real = {{5, 1, 9, 9}, {1, 3, 9, 9}};
  const auto fn = [&](int i, int j) { return i < 2 ? real[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] : 0; };
  Assignment<8> a;
  solve_assignment(a, 4, fn);
  EXPECT_EQ(assignment_cost(a, 4, fn), 2);
}

// A cost function may offer its rows (row(i)[col]), which the augmentation then reads once per
// step instead of once per column: the same costs must give the very same assignment and
// potentials, since the searches' tie-breaks read them.
TEST(Hungarian, RowReadsGiveTheSameAssignmentAsCellReads) {
  std::mt19937 rng(4242);
  std::uniform_int_distribution<int> cost(0, 30), pct(0, 99);
  for (int trial = 0; trial < 100; ++trial) {
    const int n = 2 + trial % 7;
    auto c = random_matrix(rng, n, 15);
    const auto cells = [&](int i, int j) { return c[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]; };
    struct Row {
      const std::vector<std::int32_t>* costs;
      std::int32_t operator[](int j) const { return (*costs)[static_cast<std::size_t>(j)]; }
    };
    struct Rows {
      const std::vector<std::vector<std::int32_t>>* c;
      Row row(int i) const { return Row{&(*c)[static_cast<std::size_t>(i)]}; }
      std::int32_t operator()(int i, int j) const { return row(i)[j]; }
    } rows{&c};
    Assignment<8> a, b;
    solve_assignment(a, n, cells);
    solve_assignment(b, n, rows);
    for (int step = 0; step <= 20; ++step) {
      for (int i = 0; i < n; ++i) {
        const auto k = static_cast<std::size_t>(i);
        ASSERT_EQ(a.col_of_row[k], b.col_of_row[k]) << "trial " << trial << " step " << step;
        ASSERT_EQ(a.u[k], b.u[k]);
        ASSERT_EQ(a.v[k], b.v[k]);
      }
      ASSERT_EQ(assignment_cost(b, n, rows), brute_force(c));
      const int r = static_cast<int>(rng() % static_cast<unsigned>(n));
      for (auto& x : c[static_cast<std::size_t>(r)]) x = pct(rng) < 15 ? kInf : cost(rng);
      reassign_row(a, n, r, cells);
      reassign_row(b, n, r, rows);
    }
  }
}
