// SLOW: every Microban level with a proven optimum, solved with exactly that push count
// (60 s per level at most).
#include <fstream>

#include <gtest/gtest.h>

#include "collection_file.hpp"
#include "data_dir.hpp"
#include "hsearch/sokoban/level_reader.hpp"
#include "hsearch/sokoban/solver.hpp"
#include "microban_oracle.hpp"

using namespace hsearch::sokoban;

TEST(SolverSlow, WholeMicrobanTable) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_optimal_pushes.tsv");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  const auto oracle = hsearch::sokoban::testing::read_microban_oracle(
      hsearch::testing::data_file("sokoban/microban/microban_optimal_pushes.tsv").string());
  SolveOptions o;
  o.limits.max_seconds = 60;
  for (const auto& [n, pushes] : oracle) {
    const SolveReport r = solve_level(entries[static_cast<std::size_t>(n - 1)].level, o);
    EXPECT_TRUE(r.solved()) << "level " << n << ": " << r.status() << " after " << r.seconds << " s";
    if (r.solved()) {
      EXPECT_EQ(r.pushes, pushes) << "level " << n;
    }
  }
}
