// SLOW: all of Korf's 100 instances at their optimal length with pdb-663 (tables built into the
// build tree's cache on first run) and, when its tables are already cached, pdb-78.
#include <gtest/gtest.h>

#include "hsearch/app/machine.hpp"
#include "hsearch/fifteen_puzzle/solver.hpp"
#include "korf_data.hpp"
#include "replay.hpp"

namespace hsearch::fifteen {
namespace {

void solve_all(const SolveRequest& request) {
  const auto all = testing::load_korf100();
  ASSERT_EQ(all.size(), 100u);
  const Solver<PackedBoard> solver(4, 4, request);
  for (const auto& k : all) {
    const auto r = solver.solve(k.tiles).result;
    ASSERT_TRUE(r.solved()) << "#" << k.id;
    EXPECT_EQ(r.cost, k.opt) << "#" << k.id;
    EXPECT_TRUE(testing::replay_reaches_goal(k.tiles, 4, 4, r.plan)) << "#" << k.id;
  }
}

TEST(KorfHundred, Pdb663) {
  HSEARCH_REQUIRE_DATA("fifteen/korf100.txt");
  SolveRequest c;
  c.algorithm = Algorithm::ida;
  c.heuristic = "pdb-663";
  c.cache_dir = std::filesystem::path(HSEARCH_BINARY_DIR) / "fifteen-pdb-cache";
  solve_all(c);
}

TEST(KorfHundred, Pdb78WhenCached) {
  HSEARCH_REQUIRE_DATA("fifteen/korf100.txt");
  SolveRequest c;
  c.algorithm = Algorithm::ida;
  c.heuristic = "pdb-78";
  c.cache_dir = app::cache_dir("");
  const Geometry g(4, 4);
  for (const auto& tiles : find_partition("pdb-78")->patterns) {
    if (!std::filesystem::exists(c.cache_dir / PatternDatabase(g, tiles).file_name())) {
      GTEST_SKIP() << "pdb-78 tables not cached in " << c.cache_dir.string()
                   << " (build them with: fifteen-build-pdb --partition pdb-78)";
    }
  }
  solve_all(c);
}

}  // namespace
}  // namespace hsearch::fifteen
