// The fewer-moves pass (fewer_moves_domain.hpp): the pushes stay optimal, the moves never drop
// below the proven minimum among push-optimal solutions (Microban table) and equal it whenever
// the pass over every legal push finishes, and the first plan improves.
#include <fstream>

#include <gtest/gtest.h>

#include "collection_file.hpp"
#include "data_dir.hpp"
#include "hsearch/sokoban/solver.hpp"
#include "level_text.hpp"
#include "microban_oracle.hpp"
#include "sweep.hpp"

using namespace hsearch::sokoban;
using hsearch::sokoban::testing::level_from;

TEST(FewerMoves, WalksAroundInsteadOfTheLongWay) {
  // Two boxes, two goals; the pass must keep 2 pushes and find the shortest walk between them.
  const Level level = level_from(
      "#######\n"
      "#.$ @ #\n"
      "#     #\n"
      "#  $. #\n"
      "#######\n");
  SolveOptions on, off;
  off.fewer_moves = false;
  const SolveReport a = solve_level(level, on);
  const SolveReport b = solve_level(level, off);
  ASSERT_TRUE(a.solved() && b.solved());
  EXPECT_EQ(a.pushes, 2);
  EXPECT_EQ(b.pushes, 2);
  EXPECT_TRUE(a.moves_pass_finished);
  EXPECT_LE(a.moves, b.moves);
  EXPECT_EQ(a.moves_first_plan, b.moves);
  EXPECT_EQ(verify_lurd(level, a.lurd), "");
}

TEST(FewerMoves, MicrobanMovesAgreeWithTheTablesMinimum) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  const auto table = hsearch::sokoban::testing::read_microban_table(hsearch::testing::data_file("sokoban/microban/microban_optimal_pushes.tsv"));
  int finished = 0, minimal = 0, improved = 0;
  for (int n = 1; n <= hsearch::testing::sweep(40); ++n) {
    const auto it = table.find(n);
    if (it == table.end()) continue;
    SolveOptions o;
    o.limits.max_expanded = 50000;
    const SolveReport r = solve_level(entries[static_cast<std::size_t>(n - 1)].level, o);
    if (!r.solved()) continue;
    EXPECT_EQ(r.pushes, it->second.pushes) << "level " << n;
    // The table's moves are the fewest among all push-optimal solutions (proven by its BFS).
    EXPECT_GE(r.moves, it->second.moves) << "level " << n;
    EXPECT_LE(r.moves, r.moves_first_plan) << "level " << n;
    if (!r.moves_pass_finished) continue;
    ++finished;
    // Over every legal push, a finished pass has the fewest moves: exactly the table's value.
    if (r.moves_minimal) {
      EXPECT_EQ(r.moves, it->second.moves) << "level " << n;
      ++minimal;
    }
    improved += r.moves < r.moves_first_plan;
  }
  EXPECT_GE(finished, hsearch::testing::sweep(35));
  EXPECT_GE(minimal, hsearch::testing::sweep(35));
  EXPECT_GT(improved, 0);
}

TEST(FewerMoves, TheCallersNodeLimitBoundsBothSearches) {
  HSEARCH_REQUIRE_DATA("sokoban/xsokoban/XSokoban.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/xsokoban/XSokoban.xsb");
  SolveOptions o;
  o.limits.max_expanded = 5000;  // level 1 needs a few hundred; its pass would want far more
  const SolveReport r = solve_level(entries.front().level, o);
  ASSERT_TRUE(r.solved()) << r.status();
  EXPECT_EQ(r.pushes, 97);
  EXPECT_GT(r.moves_pass_expanded, 0U);
  EXPECT_LE(r.result.stats.expanded + r.moves_pass_expanded, 5000U);
  EXPECT_FALSE(r.moves_pass_finished);
  EXPECT_EQ(r.moves, r.moves_first_plan);
}
