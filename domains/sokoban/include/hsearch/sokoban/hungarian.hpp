#pragma once
// The Hungarian method for a square min-cost assignment (the box-goal matching behind the push
// lower bound), written for warm starts.
//
// The assignment keeps dual potentials u (rows) and v (columns) with u[i] + v[j] <= c(i, j)
// for every pair and equality on every assigned pair; a perfect assignment that is tight under
// feasible potentials has minimum cost. `solve` builds one from scratch in O(n^3), adding rows
// one at a time, each by a shortest augmenting path in reduced costs (Dijkstra over columns).
// `reassign_row` is the warm start used after a push: only the pushed box's row of costs
// changed, so that row is unassigned, its potential lowered to min_j c(i, j) - v[j] (which
// restores feasibility), and one augmentation re-inserts it: O(n^2) — O(n) when its old column
// is still tight.
//
// Costs come from a callback `cost(row, col) -> std::int32_t`, so the matrix is never stored;
// one that also offers `cost.row(i)`, whose `[col]` gives the same costs, is read a row at a
// time by the augmentation (the same assignment, found faster).
// The square form also serves boxes < goals: the caller adds dummy rows of cost 0.
#include <array>
#include <cstdint>
#include <limits>

namespace hsearch::sokoban {

template <int N>
struct Assignment {
  static constexpr std::uint8_t kNone = 0xFF;
  std::array<std::int32_t, N> u{};  // row potentials
  std::array<std::int32_t, N> v{};  // column potentials
  std::array<std::uint8_t, N> col_of_row{};
  std::array<std::uint8_t, N> row_of_col{};
};

namespace detail {

// Row i's costs as the augmentation reads them, column by column: through `cost.row(i)` when
// the cost function offers it (one lookup of the row per step instead of one per column: the
// steps' inner loop is most of a push's matching), else through cost(i, col).
template <class CostFn>
auto row_reader(const CostFn& cost, int i) {
  if constexpr (requires { cost.row(i)[0]; }) {
    return cost.row(i);
  } else {
    return [&cost, i](int col) { return cost(i, col); };
  }
}
template <class Row>
std::int32_t read_cost(const Row& row, int col) {
  if constexpr (requires { row[col]; }) {
    return row[col];
  } else {
    return row(col);
  }
}

// Inserts unassigned row r into an assignment where every other row is assigned.
template <int N, class CostFn>
void augment_row(Assignment<N>& a, int n, int r, const CostFn& cost) {
  constexpr std::int64_t kBig = std::numeric_limits<std::int64_t>::max() / 4;
  // Column index 0 is a virtual column holding row r; real column j is index j + 1. The
  // columns not yet in the tree are listed in increasing order (`free`), those in it in the
  // order they joined (`tree`): each step reads only the free ones, with no test per column.
  std::array<std::int64_t, N + 1> minv;
  std::array<std::uint8_t, N + 1> way;
  std::array<std::uint8_t, N + 1> free, tree;
  int free_count = n, tree_count = 0;
  for (int j = 1; j <= n; ++j) {
    minv[static_cast<std::size_t>(j)] = kBig;
    way[static_cast<std::size_t>(j)] = 0;
    free[static_cast<std::size_t>(j - 1)] = static_cast<std::uint8_t>(j);
  }
  auto row_at = [&](int j) -> int { return j == 0 ? r : a.row_of_col[static_cast<std::size_t>(j - 1)]; };
  int j0 = 0;
  for (;;) {
    tree[static_cast<std::size_t>(tree_count++)] = static_cast<std::uint8_t>(j0);
    const int i0 = row_at(j0);
    const std::int64_t u0 = a.u[static_cast<std::size_t>(i0)];
    const auto row = row_reader(cost, i0);
    std::int64_t delta = kBig;
    int at = -1;  // the position in `free` of the column taken next: the first of the least minv
    for (int k = 0; k < free_count; ++k) {
      const int j = free[static_cast<std::size_t>(k)];
      const std::int64_t reduced = static_cast<std::int64_t>(read_cost(row, j - 1)) - u0 - a.v[static_cast<std::size_t>(j - 1)];
      std::int64_t& m = minv[static_cast<std::size_t>(j)];
      if (reduced < m) {
        m = reduced;
        way[static_cast<std::size_t>(j)] = static_cast<std::uint8_t>(j0);
      }
      if (m < delta) {
        delta = m;
        at = k;
      }
    }
    for (int k = 0; k < tree_count; ++k) {
      const int j = tree[static_cast<std::size_t>(k)];
      a.u[static_cast<std::size_t>(row_at(j))] += static_cast<std::int32_t>(delta);
      if (j > 0) a.v[static_cast<std::size_t>(j - 1)] -= static_cast<std::int32_t>(delta);
    }
    for (int k = 0; k < free_count; ++k) minv[free[static_cast<std::size_t>(k)]] -= delta;
    j0 = free[static_cast<std::size_t>(at)];
    // (removed in order: the list stays increasing, so ties go to the smallest column)
    for (int k = at; k + 1 < free_count; ++k) free[static_cast<std::size_t>(k)] = free[static_cast<std::size_t>(k + 1)];
    --free_count;
    if (a.row_of_col[static_cast<std::size_t>(j0 - 1)] == Assignment<N>::kNone) break;
  }
  // Flip the alternating path back to the virtual column.
  while (j0 != 0) {
    const int j1 = way[static_cast<std::size_t>(j0)];
    const int row = row_at(j1);
    a.row_of_col[static_cast<std::size_t>(j0 - 1)] = static_cast<std::uint8_t>(row);
    a.col_of_row[static_cast<std::size_t>(row)] = static_cast<std::uint8_t>(j0 - 1);
    j0 = j1;
  }
}

}  // namespace detail

// A minimum-cost perfect assignment of the n x n matrix `cost`, from scratch.
template <int N, class CostFn>
void solve_assignment(Assignment<N>& a, int n, const CostFn& cost) {
  for (int i = 0; i < n; ++i) {
    a.u[static_cast<std::size_t>(i)] = 0;
    a.v[static_cast<std::size_t>(i)] = 0;
    a.col_of_row[static_cast<std::size_t>(i)] = Assignment<N>::kNone;
    a.row_of_col[static_cast<std::size_t>(i)] = Assignment<N>::kNone;
  }
  for (int i = 0; i < n; ++i) detail::augment_row(a, n, i, cost);
}

// Row r's costs changed: restore a minimum-cost assignment in O(n^2).
template <int N, class CostFn>
void reassign_row(Assignment<N>& a, int n, int r, const CostFn& cost) {
  const std::uint8_t j = a.col_of_row[static_cast<std::size_t>(r)];
  if (j != Assignment<N>::kNone) a.row_of_col[j] = Assignment<N>::kNone;
  a.col_of_row[static_cast<std::size_t>(r)] = Assignment<N>::kNone;
  std::int64_t best = std::numeric_limits<std::int64_t>::max();
  for (int c = 0; c < n; ++c) {
    best = std::min(best, static_cast<std::int64_t>(cost(r, c)) - a.v[static_cast<std::size_t>(c)]);
  }
  a.u[static_cast<std::size_t>(r)] = static_cast<std::int32_t>(best);
  // Most pushes move a box along a shortest path to its own goal: that column is still tight,
  // so the row takes it back and the assignment stays optimal (feasible, all pairs tight).
  if (j != Assignment<N>::kNone && static_cast<std::int64_t>(cost(r, j)) - a.v[j] == best) {
    a.col_of_row[static_cast<std::size_t>(r)] = j;
    a.row_of_col[j] = static_cast<std::uint8_t>(r);
    return;
  }
  detail::augment_row(a, n, r, cost);
}

// The cost of the current assignment.
template <int N, class CostFn>
std::int64_t assignment_cost(const Assignment<N>& a, int n, const CostFn& cost) {
  std::int64_t total = 0;
  for (int i = 0; i < n; ++i) total += cost(i, a.col_of_row[static_cast<std::size_t>(i)]);
  return total;
}

}  // namespace hsearch::sokoban
