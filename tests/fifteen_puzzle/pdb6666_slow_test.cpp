// SLOW: the 5x5 6-6-6-6 pattern databases solve Korf & Felner's easiest 24-puzzle instances
// (#38, length 96, and #40, length 82) optimally with IDA*. The tables are not built here:
// building the two distinct 127,512,000-entry tables takes minutes and about 1 GB, so the test
// is skipped (saying how to build them) unless they are in the cache directory.
#include <gtest/gtest.h>

#include "hsearch/app/machine.hpp"
#include "hsearch/fifteen_puzzle/solver.hpp"
#include "korf_data.hpp"
#include "replay.hpp"

namespace hsearch::fifteen {
namespace {

bool tables_cached(const std::string& partition_name, const std::filesystem::path& dir,
                   std::string& missing) {
  const Partition& part = *find_partition(partition_name);
  const Geometry g(part.width, part.height);
  const auto share = shared_tables(part);
  for (std::size_t i = 0; i < part.patterns.size(); ++i) {
    if (share[i].source >= 0) continue;  // read through another pattern's table
    const auto file = dir / PatternDatabase(g, part.patterns[i]).file_name();
    if (!std::filesystem::exists(file)) {
      missing = file.string();
      return false;
    }
  }
  return true;
}

void solve_instance(const std::string& heuristic, const std::string& pruning, int id) {
  HSEARCH_REQUIRE_DATA("fifteen/korf_felner_24puzzle_50.txt");
  SolveRequest c;
  c.algorithm = Algorithm::ida;
  c.heuristic = heuristic;
  c.pruning = pruning;
  c.cache_dir = app::cache_dir("");
  std::string missing;
  if (!tables_cached(heuristic, c.cache_dir, missing)) {
    GTEST_SKIP() << heuristic << " tables not cached (" << missing
                 << "); build them with: fifteen-build-pdb --partition " << heuristic
                 << " (minutes, about 1 GB of memory)";
  }
  const auto all = testing::load_korf_felner24();
  ASSERT_EQ(all.size(), 50u);
  const auto& k = all[static_cast<std::size_t>(id - 1)];
  ASSERT_EQ(k.id, id);
  const Solver<ByteBoard> solver(5, 5, c);
  const auto r = solver.solve(k.tiles).result;
  ASSERT_TRUE(r.solved()) << "#" << id;
  EXPECT_TRUE(r.optimal);
  EXPECT_EQ(r.cost, k.opt) << "#" << id;
  EXPECT_EQ(r.plan.size(), static_cast<std::size_t>(k.opt));
  EXPECT_TRUE(testing::replay_reaches_goal(k.tiles, 5, 5, r.plan)) << "#" << id;
  // Additive PDBs over all tiles dominate Manhattan: the first bound lies in [md0, opt].
  ASSERT_FALSE(r.stats.iterations.empty());
  EXPECT_GE(r.stats.iterations.front().bound, k.md0);
  EXPECT_LE(r.stats.iterations.front().bound, k.opt);
}

TEST(KorfFelner24, Instance38With6666) { solve_instance("pdb-6666", "inverse", 38); }
TEST(KorfFelner24, Instance40With6666) { solve_instance("pdb-6666", "inverse", 40); }

}  // namespace
}  // namespace hsearch::fifteen
