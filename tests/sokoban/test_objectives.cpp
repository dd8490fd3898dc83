// The objectives other than pushes. `moves`: the fewest moves, then the fewest pushes, checked
// against an independent step-by-step search on small random levels. `any`: every solution
// replays, never beats a proven optimum, and the schedule's last restart (A*) proves it.
#include <cstdint>
#include <fstream>
#include <map>
#include <queue>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "collection_file.hpp"
#include "data_dir.hpp"
#include "hsearch/sokoban/level_reader.hpp"
#include "hsearch/sokoban/solver.hpp"
#include "level_text.hpp"
#include "microban_oracle.hpp"
#include "sweep.hpp"

using namespace hsearch::sokoban;
using hsearch::sokoban::testing::level_from;

namespace {

// Moves, then pushes, of a cheapest solution by Dijkstra over (player square, box squares)
// with one step per edge, straight from the text; {-1, -1} when none exists, {-2, -2} when
// the search grew past `max_states`.
std::pair<int, int> fewest_moves_by_steps(const std::vector<std::string>& rows, std::size_t max_states = 2000000) {
  const int h = static_cast<int>(rows.size());
  int w = 0;
  for (const auto& r : rows) w = std::max(w, static_cast<int>(r.size()));
  const auto at = [&](int r, int c) {
    return c < static_cast<int>(rows[static_cast<std::size_t>(r)].size()) ? rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] : ' ';
  };
  std::string boxes(static_cast<std::size_t>(w * h), '0');
  std::vector<bool> goal(static_cast<std::size_t>(w * h)), wall(static_cast<std::size_t>(w * h));
  int player = -1;
  for (int r = 0; r < h; ++r) {
    for (int c = 0; c < w; ++c) {
      const char ch = at(r, c);
      const auto i = static_cast<std::size_t>(r * w + c);
      wall[i] = ch == '#';
      goal[i] = ch == '.' || ch == '*' || ch == '+';
      if (ch == '$' || ch == '*') boxes[i] = '1';
      if (ch == '@' || ch == '+') player = r * w + c;
    }
  }
  const auto solved = [&](const std::string& b) {
    for (std::size_t i = 0; i < b.size(); ++i) {
      if (b[i] == '1' && !goal[i]) return false;
    }
    return true;
  };
  using Node = std::tuple<int, int, int, std::string>;  // moves, pushes, player, boxes
  std::priority_queue<Node, std::vector<Node>, std::greater<>> open;
  std::map<std::pair<int, std::string>, std::pair<int, int>> best;
  open.emplace(0, 0, player, boxes);
  best[{player, boxes}] = {0, 0};
  const int step[4] = {-w, w, -1, 1};
  while (!open.empty()) {
    auto [m, p, pl, b] = open.top();
    open.pop();
    if (best[{pl, b}] != std::make_pair(m, p)) continue;
    if (solved(b)) return {m, p};
    if (best.size() > max_states) return {-2, -2};
    for (int d = 0; d < 4; ++d) {
      const int n = pl + step[d];
      if (n < 0 || n >= w * h || wall[static_cast<std::size_t>(n)]) continue;
      if ((d >= 2) && n / w != pl / w) continue;
      std::string nb = b;
      int np = p;
      if (b[static_cast<std::size_t>(n)] == '1') {
        const int t = n + step[d];
        if (t < 0 || t >= w * h || wall[static_cast<std::size_t>(t)] || b[static_cast<std::size_t>(t)] == '1') continue;
        if ((d >= 2) && t / w != n / w) continue;
        nb[static_cast<std::size_t>(n)] = '0';
        nb[static_cast<std::size_t>(t)] = '1';
        ++np;
      }
      const auto key = std::make_pair(n, nb);
      const auto it = best.find(key);
      if (it != best.end() && it->second <= std::make_pair(m + 1, np)) continue;
      best[key] = {m + 1, np};
      open.emplace(m + 1, np, n, nb);
    }
  }
  return {-1, -1};
}

// A small random level: a walled 7x6 room with a few inner walls, `boxes` boxes and goals.
std::string random_level(std::mt19937_64& rng, int boxes) {
  const int w = 7, h = 6;
  std::vector<std::string> rows(h, std::string(w, ' '));
  std::uniform_real_distribution<double> unit(0, 1);
  for (int r = 0; r < h; ++r) {
    for (int c = 0; c < w; ++c) {
      const bool border = r == 0 || c == 0 || r == h - 1 || c == w - 1;
      rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = border || unit(rng) < 0.12 ? '#' : ' ';
    }
  }
  std::uniform_int_distribution<int> row(1, h - 2), col(1, w - 2);
  const auto place = [&](char ch) {
    for (;;) {
      char& x = rows[static_cast<std::size_t>(row(rng))][static_cast<std::size_t>(col(rng))];
      if (x == ' ') {
        x = ch;
        return;
      }
      if (ch == '.' && x == '$') {
        x = '*';
        return;
      }
    }
  };
  for (int i = 0; i < boxes; ++i) place('$');
  for (int i = 0; i < boxes; ++i) place('.');
  place('@');
  std::string text;
  for (const auto& r : rows) text += r + "\n";
  return text;
}

}  // namespace

TEST(MoveObjective, AgreesWithAStepByStepSearchOnRandomSmallLevels) {
  std::mt19937_64 rng(20261125);
  int compared = 0, solvable = 0, more_pushes = 0;
  for (int i = 0; i < 500; ++i) {
    const std::string text = random_level(rng, 1 + i % 3);
    Level level;
    try {
      level = level_from(text);
    } catch (const std::exception&) {
      continue;  // e.g. a box the player cannot reach: not a level
    }
    SolveOptions moves;
    moves.objective = Objective::moves;
    const SolveReport r = solve_level(level, moves);
    if (r.invalid) continue;
    const auto [want_moves, want_pushes] = fewest_moves_by_steps(level.rows);
    ASSERT_NE(want_moves, -2) << text;
    ++compared;
    if (want_moves < 0) {
      EXPECT_EQ(r.status(), "unsolvable") << text;
      continue;
    }
    ++solvable;
    ASSERT_TRUE(r.solved()) << text;
    EXPECT_TRUE(r.result.optimal) << text;
    EXPECT_EQ(r.moves, want_moves) << text;
    EXPECT_EQ(r.pushes, want_pushes) << text;
    EXPECT_EQ(r.result.cost, want_moves) << text;
    EXPECT_EQ(verify_lurd(level, r.lurd), "") << text;
    const SolveReport p = solve_level(level);
    ASSERT_TRUE(p.solved()) << text;
    EXPECT_LE(p.pushes, r.pushes) << text;
    EXPECT_GE(p.moves, r.moves) << text;
    more_pushes += r.pushes > p.pushes;
  }
  EXPECT_GE(compared, 250);
  EXPECT_GE(solvable, 80);
  // The objectives differ somewhere: the fewest moves cost extra pushes on some level.
  EXPECT_GE(more_pushes, 1);
}

TEST(MoveObjective, MicrobanProvenAndNeverMoreMovesThanThePushOptimalPlans) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto microban = hsearch::sokoban::testing::read_microban();
  const auto& table = microban.table;
  int proven = 0;
  for (int n = 1; n <= hsearch::testing::sweep(20); ++n) {
    SolveOptions o;
    o.objective = Objective::moves;
    o.limits.max_expanded = 200000;
    const SolveReport r = solve_level(microban.level(n), o);
    if (!r.solved() || !r.result.optimal) continue;
    ++proven;
    const auto it = table.find(n);
    if (it == table.end()) continue;
    // The table's moves are the fewest among push-optimal solutions: a bound from above.
    EXPECT_LE(r.moves, it->second.moves) << "level " << n;
    EXPECT_GE(r.pushes, it->second.pushes) << "level " << n;
  }
  EXPECT_GE(proven, hsearch::testing::sweep(15));
}

TEST(AnyObjective, SolutionsReplayAndTheLastRestartProvesTheOptimum) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto microban = hsearch::sokoban::testing::read_microban();
  const auto& table = microban.table;
  int greedy_above = 0;
  for (int n = 1; n <= hsearch::testing::sweep(30); ++n) {
    const Level& level = microban.level(n);
    const auto it = table.find(n);
    SolveOptions greedy;
    greedy.objective = Objective::any;
    greedy.any_schedule = {{0, 1}};
    greedy.feature_space = false;  // (the restarts alone: greedy finds the first solution)
    // (the bound without its rounding to the pushes' parity: with it, greedy's first solution
    // is the optimum on each of these levels, and the test needs one that is not)
    greedy.push_parity = false;
    const SolveReport g = solve_level(level, greedy);
    ASSERT_TRUE(g.solved()) << "level " << n;
    EXPECT_EQ(verify_lurd(level, g.lurd), "") << "level " << n;
    EXPECT_EQ(g.solutions_found, 1) << "level " << n;
    SolveOptions full;
    full.objective = Objective::any;
    full.limits.max_expanded = 400000;
    const SolveReport a = solve_level(level, full);
    ASSERT_TRUE(a.solved()) << "level " << n;
    EXPECT_LE(a.pushes, g.pushes) << "level " << n;
    if (it == table.end()) continue;
    EXPECT_GE(g.pushes, it->second.pushes) << "level " << n;
    greedy_above += g.pushes > it->second.pushes;
    if (g.result.optimal) {
      EXPECT_EQ(g.pushes, it->second.pushes) << "level " << n;
    }
    if (a.result.optimal) {
      EXPECT_EQ(a.pushes, it->second.pushes) << "level " << n;
    } else {
      EXPECT_LT(a.result.lower_bound, a.pushes) << "level " << n;
    }
  }
  // Greedy search alone is not push-optimal everywhere, or the test would prove nothing.
  EXPECT_GE(greedy_above, 1);
}

// With the packing order guiding the first solution: every solution replays, none is below the
// table's optimum, and only the restarts on the push bound prove anything.
TEST(AnyObjective, ThePackingOrderGuidesTheFirstSolutionOnly) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto microban = hsearch::sokoban::testing::read_microban();
  int proven = 0;
  for (int n = 1; n <= hsearch::testing::sweep(30); ++n) {
    const Level& level = microban.level(n);
    SolveOptions guided;
    guided.objective = Objective::any;
    guided.packing_order = true;
    guided.limits.max_expanded = 400000;
    const SolveReport r = solve_level(level, guided);
    ASSERT_TRUE(r.solved()) << "level " << n;
    EXPECT_EQ(verify_lurd(level, r.lurd), "") << "level " << n;
    const auto it = microban.table.find(n);
    if (it == microban.table.end()) continue;
    EXPECT_GE(r.pushes, it->second.pushes) << "level " << n;
    if (r.result.optimal) {
      ++proven;
      EXPECT_EQ(r.pushes, it->second.pushes) << "level " << n;
    }
    SolveOptions first_only = guided;
    first_only.any_schedule = {{0, 1}};
    const SolveReport g = solve_level(level, first_only);
    ASSERT_TRUE(g.solved()) << "level " << n;
    EXPECT_EQ(verify_lurd(level, g.lurd), "") << "level " << n;
    // Greedy on the guide alone proves nothing, unless h of the start already equals its pushes.
    if (g.result.optimal) {
      EXPECT_EQ(g.pushes, g.result.lower_bound) << "level " << n;
      EXPECT_EQ(g.pushes, it->second.pushes) << "level " << n;
    }
  }
  EXPECT_GE(proven, hsearch::testing::sweep(25));
}

// The groups of boxes that tighten the push bound (the start's groups, the area-entry groups)
// belong to the proof of a push count: the first-solution search runs without them (they
// would only shift its order, at the cost of their sub-searches), the push search with them.
TEST(AnyObjective, RunsWithoutTheGroupsOfThePushBound) {
  HSEARCH_REQUIRE_DATA("sokoban/xsokoban/XSokoban.xsb");
  const auto levels = hsearch::sokoban::testing::read_collection("sokoban/xsokoban/XSokoban.xsb");
  ASSERT_GE(levels.size(), 2U);
  SolveOptions pushes;
  pushes.patterns.start_after_pushes = 0;  // the groups from the start, for both objectives
  pushes.limits.max_expanded = 200000;
  SolveOptions any = pushes;
  any.objective = Objective::any;
  const SolveReport p = solve_level(levels[1].level, pushes);
  EXPECT_GT(p.pattern_start_searches, 0U);
  EXPECT_GT(p.area_entry_searches, 0U);
  const SolveReport a = solve_level(levels[1].level, any);
  ASSERT_TRUE(a.solved());
  EXPECT_EQ(verify_lurd(levels[1].level, a.lurd), "");
  EXPECT_EQ(a.pattern_start_searches, 0U);
  EXPECT_EQ(a.area_entry_searches, 0U);
  EXPECT_GT(a.pattern_searches, 0U);  // (the sub-states grown from pushed boxes stay)
}

// The first-solution search's pattern sub-searches get their own budget
// (SolveOptions::any_pattern_nodes): Microban 144, whose optimum no table holds, is solved
// within 150 000 expansions with it (at about 100 000), and was not at all within 10 s with
// the push proof's 3 000 expansions per sub-search. The sanitizers' run skips it (it is the
// any search's order, not new code: the other tests here run the same code under them).
TEST(AnyObjective, SolvesMicroban144WithItsOwnSubSearchBudget) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  if (hsearch::testing::kSanitized) GTEST_SKIP() << "a search order check, for the Release run";
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  ASSERT_GE(entries.size(), 144U);
  SolveOptions any;
  any.objective = Objective::any;
  any.limits.max_expanded = 150000;
  ASSERT_EQ(any.any_pattern_nodes, 2000U);
  const SolveReport r = solve_level(entries[143].level, any);
  ASSERT_TRUE(r.solved()) << r.status();
  EXPECT_EQ(verify_lurd(entries[143].level, r.lurd), "");
  EXPECT_GE(r.pushes, r.result.lower_bound);
}
