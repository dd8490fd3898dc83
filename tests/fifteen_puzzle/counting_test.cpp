// Proof that the framework's IDA* is the textbook one (Korf 1985): Manhattan distance, the move
// back to the parent never generated, blank moves tried up, left, right, down, and Korf's
// counting (children generated over all iterations + 1 for the root) give exactly the node
// counts of the independent reproduction in korf100_meta.tsv.
#include <gtest/gtest.h>

#include "hsearch/fifteen_puzzle/board_io.hpp"
#include "hsearch/fifteen_puzzle/inverse_move_pruner.hpp"
#include "hsearch/fifteen_puzzle/linear_conflict.hpp"
#include "hsearch/fifteen_puzzle/manhattan.hpp"
#include "hsearch/search/ida_star.hpp"
#include "korf_data.hpp"

namespace hsearch::fifteen {
namespace {

class KorfCounting : public ::testing::TestWithParam<int> {};

TEST_P(KorfCounting, ManhattanMatchesReproducedNodeCount) {
  HSEARCH_REQUIRE_DATA("fifteen/korf100_meta.tsv");
  const auto all = testing::load_korf100();
  const auto& k = all.at(static_cast<std::size_t>(GetParam() - 1));
  const FifteenPuzzle puzzle(4, 4, "ULRD");
  const Manhattan<PackedBoard> md(puzzle);
  const auto start = make_board<PackedBoard>(k.tiles);
  EXPECT_EQ(md.estimate(start), k.md0);
  const auto r = ida_star(puzzle, start, md, IdaStarOptions{}, InverseMovePruner{});
  ASSERT_TRUE(r.solved());
  EXPECT_EQ(r.cost, k.opt);
  EXPECT_EQ(r.stats.generated + 1, k.repro_nodes) << "instance #" << k.id;
  EXPECT_EQ(r.stats.expanded, k.repro_expanded) << "instance #" << k.id;
}

TEST_P(KorfCounting, LinearConflictMatchesReproducedNodeCount) {
  HSEARCH_REQUIRE_DATA("fifteen/korf100_meta.tsv");
  const auto all = testing::load_korf100();
  const auto& k = all.at(static_cast<std::size_t>(GetParam() - 1));
  const FifteenPuzzle puzzle(4, 4, "ULRD");
  const LinearConflict<PackedBoard> lc(puzzle);
  const auto start = make_board<PackedBoard>(k.tiles);
  EXPECT_EQ(lc.estimate(start), k.lc_h0);
  const auto r = ida_star(puzzle, start, lc, IdaStarOptions{}, InverseMovePruner{});
  ASSERT_TRUE(r.solved());
  EXPECT_EQ(r.cost, k.opt);
  EXPECT_EQ(r.stats.generated + 1, k.lc_repro_nodes) << "instance #" << k.id;
}

INSTANTIATE_TEST_SUITE_P(CheapKorfInstances, KorfCounting, ::testing::Values(12, 42, 55, 79, 97),
                         [](const auto& info) { return "korf" + std::to_string(info.param); });

}  // namespace
}  // namespace hsearch::fifteen
