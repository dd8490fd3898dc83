// SLOW: all of Korf's 100 instances at their optimal length with pdb-663 (tables built into the
// build tree's cache on first run) and, when its tables are already cached, pdb-78.
#include <gtest/gtest.h>

#include "hsearch/fifteen_puzzle/solver.hpp"
#include "korf_data.hpp"
#include "replay.hpp"

namespace hsearch::fifteen {
namespace {

void solve_all(const SolverConfig& config) {
  const auto all = testing::load_korf100();
  ASSERT_EQ(all.size(), 100u);
  const Solver<PackedBoard> solver(4, 4, config, nullptr);
  for (const auto& k : all) {
    const auto r = solver.solve(k.tiles, Limits{});
    ASSERT_TRUE(r.solved()) << "#" << k.id;
    EXPECT_EQ(r.cost, k.opt) << "#" << k.id;
    EXPECT_TRUE(testing::replay_reaches_goal(k.tiles, 4, 4, r.plan)) << "#" << k.id;
  }
}

TEST(KorfHundred, Pdb663) {
  HSEARCH_REQUIRE_DATA("fifteen/korf100.txt");
  SolverConfig c;
  c.heuristic = "pdb-663";
  c.pdb_dir = std::filesystem::path(HSEARCH_BINARY_DIR) / "fifteen-pdb-cache";
  solve_all(c);
}

TEST(KorfHundred, Pdb78WhenCached) {
  HSEARCH_REQUIRE_DATA("fifteen/korf100.txt");
  SolverConfig c;
  c.heuristic = "pdb-78";
  c.pdb_dir = default_cache_dir();
  const Geometry g(4, 4);
  for (const auto& tiles : find_partition("pdb-78")->patterns) {
    if (!std::filesystem::exists(c.pdb_dir / PatternDatabase(g, tiles).file_name())) {
      GTEST_SKIP() << "pdb-78 tables not cached in " << c.pdb_dir.string()
                   << " (build them with: fifteen-build-pdb --partition pdb-78)";
    }
  }
  solve_all(c);
}

}  // namespace
}  // namespace hsearch::fifteen
