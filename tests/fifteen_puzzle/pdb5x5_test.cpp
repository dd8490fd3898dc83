// The 5x5 pattern-database code on tiny patterns (the real 6-6-6-6 tables are never built by
// the fast suite): ranking round trip for 6-tile placements on 25 cells, tables equal to an
// independent 0-1 breadth-first search over (placement, blank cell), the reflected lookup equal
// to the table of the reflected pattern, tables shared through board symmetries exact, and the
// 6-6-6-6 partitions well formed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "hsearch/fifteen_puzzle/board_io.hpp"
#include "hsearch/fifteen_puzzle/board_symmetry.hpp"
#include "hsearch/fifteen_puzzle/manhattan.hpp"
#include "hsearch/fifteen_puzzle/pdb_heuristic.hpp"
#include "hsearch/heuristics/heuristic.hpp"

namespace hsearch::fifteen {
namespace {

constexpr unsigned kW = 5, kCells = 25;

unsigned transpose_cell(unsigned p) { return (p % kW) * kW + p / kW; }

TEST(Pdb5x5, SixTileRankUnrankRoundTrip) {
  const Geometry g(kW, kW);
  const PatternDatabase pdb(g, {1, 2, 5, 6, 7, 12});
  ASSERT_EQ(pdb.size(), 25ull * 24 * 23 * 22 * 21 * 20);  // 127,512,000
  std::mt19937_64 rng(7);
  std::vector<std::uint64_t> indices = {0, 1, pdb.size() / 2, pdb.size() - 1};
  for (int i = 0; i < 20000; ++i) indices.push_back(rng() % pdb.size());
  for (const std::uint64_t idx : indices) {
    std::uint8_t pos[PatternDatabase::kMaxPatternTiles];
    pdb.unrank(idx, pos);
    std::uint32_t used = 0;
    for (unsigned i = 0; i < 6; ++i) {
      ASSERT_LT(pos[i], kCells);
      ASSERT_EQ(used >> pos[i] & 1u, 0u) << "two tiles on one cell, index " << idx;
      used |= 1u << pos[i];
    }
    ASSERT_EQ(pdb.rank(pos), idx);
  }
  // The other direction: random placements rank into range and unrank back.
  for (int i = 0; i < 20000; ++i) {
    std::vector<std::uint8_t> cells(kCells);
    for (unsigned c = 0; c < kCells; ++c) cells[c] = static_cast<std::uint8_t>(c);
    std::shuffle(cells.begin(), cells.end(), rng);
    const std::uint64_t idx = pdb.rank(cells.data());
    ASSERT_LT(idx, pdb.size());
    std::uint8_t back[PatternDatabase::kMaxPatternTiles];
    pdb.unrank(idx, back);
    ASSERT_TRUE(std::equal(back, back + 6, cells.begin()));
  }
}

// Independent reference: 0-1 BFS from (goal placement, blank on cell 0) over (placement, blank
// cell) with the blank explicit, a move costing 1 when the blank swaps with a pattern tile and 0
// otherwise (moves are reversible with the same cost, so distances from the goal are distances
// to it). The table value of a placement is the minimum over blank cells.
std::vector<std::uint8_t> reference_table(const PatternDatabase& pdb, const Geometry& g) {
  const unsigned k = std::min<unsigned>(static_cast<unsigned>(pdb.tiles().size()),
                                       PatternDatabase::kMaxPatternTiles);
  constexpr std::uint8_t kInf = 0xFF;
  std::vector<std::uint8_t> dist(pdb.size() * kCells, kInf);
  std::deque<std::uint64_t> queue;  // state = rank * 25 + blank
  std::uint8_t pos[PatternDatabase::kMaxPatternTiles];
  for (unsigned i = 0; i < k; ++i) pos[i] = static_cast<std::uint8_t>(pdb.tiles()[i]);
  dist[pdb.rank(pos) * kCells + 0] = 0;
  queue.push_back(pdb.rank(pos) * kCells + 0);
  while (!queue.empty()) {
    const std::uint64_t s = queue.front();
    queue.pop_front();
    const unsigned blank = static_cast<unsigned>(s % kCells);
    pdb.unrank(s / kCells, pos);
    for (unsigned l = 0; l < 4; ++l) {
      const int q = g.neighbour(blank, l);
      if (q < 0) continue;
      unsigned cost = 0;
      std::uint8_t child[PatternDatabase::kMaxPatternTiles];
      std::copy(pos, pos + k, child);
      for (unsigned i = 0; i < k; ++i) {
        if (child[i] == q) {
          child[i] = static_cast<std::uint8_t>(blank);  // the pattern tile slides into the blank
          cost = 1;
        }
      }
      const std::uint64_t t = pdb.rank(child) * kCells + static_cast<unsigned>(q);
      const unsigned d = dist[s] + cost;
      if (d < dist[t]) {
        dist[t] = static_cast<std::uint8_t>(d);
        if (cost == 0) {
          queue.push_front(t);
        } else {
          queue.push_back(t);
        }
      }
    }
  }
  std::vector<std::uint8_t> table(pdb.size(), kInf);
  for (std::uint64_t i = 0; i < pdb.size(); ++i) {
    for (unsigned b = 0; b < kCells; ++b) table[i] = std::min(table[i], dist[i * kCells + b]);
  }
  return table;
}

TEST(Pdb5x5, TablesEqualAnIndependentBreadthFirstSearchWithTheBlank) {
  const Geometry g(kW, kW);
  // {1,2,5}: at the goal, cell 0 is walled in (the blank's region is one cell); {6,7,12} and
  // {13,18,24} lie inside the board; {20,21} a bottom corner.
  for (const std::vector<unsigned>& tiles : std::vector<std::vector<unsigned>>{
           {1, 2, 5}, {6, 7, 12}, {13, 18, 24}, {20, 21}}) {
    PatternDatabase pdb(g, tiles);
    pdb.build();
    ASSERT_TRUE(pdb.ready());
    EXPECT_EQ(pdb.reachable(), pdb.size());
    const auto expected = reference_table(pdb, g);
    std::uint64_t mismatches = 0;
    for (std::uint64_t i = 0; i < pdb.size(); ++i) mismatches += pdb.value(i) != expected[i];
    EXPECT_EQ(mismatches, 0u) << pdb.file_name();
    EXPECT_GT(*std::max_element(pdb.table().begin(), pdb.table().end()), 5u);
  }
}

TEST(Pdb5x5, OneTilePatternsGiveTheManhattanDistance) {
  const LargePuzzle puzzle(kW, kW);
  std::vector<std::shared_ptr<const PatternDatabase>> pdbs;
  for (unsigned t = 1; t < kCells; ++t) {
    auto pdb = std::make_shared<PatternDatabase>(puzzle.geometry(), std::vector<unsigned>{t});
    pdb->build();
    pdbs.push_back(pdb);
  }
  const AdditivePdb<ByteBoard> h(puzzle, pdbs, false);
  const Manhattan<ByteBoard> md(puzzle);
  std::mt19937_64 rng(11);
  for (int i = 0; i < 500; ++i) {
    const auto s = make_board<ByteBoard>(random_solvable_tiles(kW, kW, rng));
    ASSERT_EQ(h.estimate(s), md.estimate(s));
  }
}

// Tile t's cell on board s, and the board reflected about the main diagonal.
std::vector<unsigned> reflected(const std::vector<unsigned>& tiles) {
  std::vector<unsigned> out(kCells);
  for (unsigned p = 0; p < kCells; ++p) out[transpose_cell(p)] = transpose_cell(tiles[p]);
  return out;
}

TEST(Pdb5x5, ReflectedLookupIsTheTableOfTheReflectedPattern) {
  const LargePuzzle puzzle(kW, kW);
  const std::vector<unsigned> p = {1, 2, 7}, tp = {5, 10, 11};  // tp = T(p), cell by cell
  for (std::size_t i = 0; i < p.size(); ++i) ASSERT_EQ(transpose_cell(p[i]), tp[i]);
  auto make = [&](const std::vector<unsigned>& tiles) {
    auto pdb = std::make_shared<PatternDatabase>(puzzle.geometry(), tiles);
    pdb->build();
    return std::shared_ptr<const PatternDatabase>(pdb);
  };
  const auto pdb_p = make(p), pdb_tp = make(tp);
  const AdditivePdb<ByteBoard> plain(puzzle, {pdb_p}, false);
  const AdditivePdb<ByteBoard> mirror(puzzle, {pdb_tp}, false);
  const AdditivePdb<ByteBoard> with_reflection(puzzle, {pdb_p}, true);
  std::mt19937_64 rng(5);
  int differ = 0;
  for (int i = 0; i < 3000; ++i) {
    const auto tiles = random_solvable_tiles(kW, kW, rng);
    const auto s = make_board<ByteBoard>(tiles);
    // The reflection is a symmetry of the puzzle that fixes the goal: distances are kept.
    ASSERT_EQ(plain.estimate(make_board<ByteBoard>(reflected(tiles))), mirror.estimate(s));
    ASSERT_EQ(with_reflection.estimate(s), std::max(plain.estimate(s), mirror.estimate(s)));
    differ += plain.estimate(s) != mirror.estimate(s);
  }
  EXPECT_GT(differ, 100);  // the two lookups really are different heuristics
}

// Short random walks bound the true distance from above: no additive sum may exceed them.
TEST(Pdb5x5, SmallPartitionAdmissibleOnRandomWalks) {
  const LargePuzzle puzzle(kW, kW);
  std::vector<std::shared_ptr<const PatternDatabase>> pdbs;
  for (const std::vector<unsigned>& tiles : std::vector<std::vector<unsigned>>{
           {1, 2, 5}, {3, 4, 8}, {6, 7, 12}, {10, 11, 15}, {13, 14, 9}, {16, 20, 21},
           {17, 22, 23}, {18, 19, 24}}) {
    auto pdb = std::make_shared<PatternDatabase>(puzzle.geometry(), tiles);
    pdb->build();
    pdbs.push_back(pdb);
  }
  const AdditivePdb<ByteBoard> h(puzzle, pdbs, true);
  EXPECT_EQ(h.estimate(puzzle.goal()), 0);
  std::mt19937_64 rng(3);
  for (int walk = 0; walk < 300; ++walk) {
    ByteBoard s = puzzle.goal();
    for (int step = 1; step <= 30; ++step) {
      std::vector<LargePuzzle::Move> moves;
      puzzle.for_each_move(s, [&](const auto& m) { moves.push_back(m); });
      puzzle.apply(s, moves[rng() % moves.size()]);
      ASSERT_LE(h.estimate(s), step);
    }
  }
}

// Table of pattern s(P) read through P's table: entry by entry equal to the table built for
// s(P) itself, when symmetry_shares_table says so.
void expect_shared_table_exact(const Geometry& g, const BoardSymmetry& s,
                               const std::vector<unsigned>& p) {
  std::vector<unsigned> sp;
  for (unsigned t : p) sp.push_back(s.cell[t]);
  PatternDatabase own(g, p), image(g, sp);
  own.build();
  image.build();
  const unsigned k = std::min<unsigned>(static_cast<unsigned>(p.size()),
                                        PatternDatabase::kMaxPatternTiles);
  std::uint64_t mismatches = 0;
  for (std::uint64_t i = 0; i < image.size(); ++i) {
    std::uint8_t pos[PatternDatabase::kMaxPatternTiles], mapped[PatternDatabase::kMaxPatternTiles];
    image.unrank(i, pos);  // tile s(p_j) on cell pos[j]
    for (unsigned j = 0; j < k; ++j) mapped[j] = s.inverse[pos[j]];
    mismatches += image.value(i) != own.value(own.rank(mapped));
  }
  EXPECT_EQ(mismatches, 0u) << s.name << " of " << own.file_name();
}

TEST(Pdb5x5, SymmetricPatternsShareOneTableExactly) {
  const Geometry g(kW, kW);
  const auto symmetries = board_symmetries(g);
  ASSERT_EQ(symmetries.size(), 8u);
  // An inner pattern never walls a corner in: every symmetry qualifies.
  for (const auto& s : symmetries) {
    ASSERT_TRUE(symmetry_shares_table(g, s, {6, 7, 12})) << s.name;
    expect_shared_table_exact(g, s, {6, 7, 12});
  }
  // The 3x2 block at the right edge (pdb-6666's second pattern, shrunk to 3 tiles).
  ASSERT_TRUE(symmetry_shares_table(g, symmetries[3], {8, 9, 14}));
  expect_shared_table_exact(g, symmetries[3], {8, 9, 14});
  // The reflection fixes cell 0: it always qualifies, even when the pattern walls 0 in.
  ASSERT_TRUE(symmetry_shares_table(g, symmetries[4], {1, 5, 6}));
  expect_shared_table_exact(g, symmetries[4], {1, 5, 6});
}

TEST(Pdb5x5, HalfTurnOfAPatternWallingTheBlankInDoesNotShare) {
  const Geometry g(kW, kW);
  const auto half_turn = board_symmetries(g)[3];
  ASSERT_EQ(half_turn.name, "half-turn");
  // {1,5} home walls cell 0 in, {23,19} home walls cell 24 in: the abstract goals differ.
  EXPECT_FALSE(symmetry_shares_table(g, half_turn, {1, 5}));
  EXPECT_FALSE(symmetry_shares_table(g, half_turn, {23, 24}));  // the image would hold cell 0
  PatternDatabase own(g, {1, 5}), image(g, {23, 19});
  own.build();
  image.build();
  std::uint64_t differ = 0;
  for (std::uint64_t i = 0; i < image.size(); ++i) {
    std::uint8_t pos[2], mapped[2];
    image.unrank(i, pos);
    for (unsigned j = 0; j < 2; ++j) mapped[j] = half_turn.inverse[pos[j]];
    differ += image.value(i) != own.value(own.rank(mapped));
  }
  EXPECT_GT(differ, 0u);
}

TEST(Pdb5x5, PartitionsShareTablesThroughSymmetries) {
  const auto share = shared_tables(*find_partition("pdb-6666"));
  ASSERT_EQ(share.size(), 4u);
  EXPECT_EQ(share[0].source, -1);
  EXPECT_EQ(share[1].source, -1);
  EXPECT_EQ(share[2].source, 1);  // {10,11,15,16,20,21} = half turn of {3,4,8,9,13,14}
  EXPECT_EQ(share[2].symmetry, 3u);
  EXPECT_EQ(share[3].source, 1);  // {17,18,19,22,23,24} = quarter turn of {3,4,8,9,13,14}
  EXPECT_EQ(share[3].symmetry, 6u);
  const auto mirror = shared_tables(*find_partition("pdb-6666-mirror"));
  EXPECT_EQ(mirror[0].source, -1);
  EXPECT_EQ(mirror[1].source, -1);
  EXPECT_EQ(mirror[2].source, 1);
  EXPECT_EQ(mirror[3].source, -1);
  const auto big = shared_tables(*find_partition("pdb-7755"));
  ASSERT_EQ(big.size(), 4u);
  EXPECT_EQ(big[0].source, -1);
  EXPECT_EQ(big[1].source, 0);  // {5,10,11,15,16,20,21} = half turn of {3,4,8,9,13,14,19}
  EXPECT_EQ(big[1].symmetry, 3u);
  EXPECT_EQ(big[2].source, -1);
  EXPECT_EQ(big[3].source, -1);
  for (const char* name : {"pdb-555", "pdb-663", "pdb-78", "pdb-333"}) {
    for (const auto& s : shared_tables(*find_partition(name))) EXPECT_EQ(s.source, -1) << name;
  }
}

// A shared term inside the additive heuristic gives the same estimates as a separately built
// table (with and without the reflected sum).
TEST(Pdb5x5, SharedTermsInTheHeuristicEqualSeparateTables) {
  const LargePuzzle puzzle(kW, kW);
  const auto symmetries = board_symmetries(puzzle.geometry());
  auto make = [&](const std::vector<unsigned>& tiles) {
    auto pdb = std::make_shared<PatternDatabase>(puzzle.geometry(), tiles);
    pdb->build();
    return std::shared_ptr<const PatternDatabase>(pdb);
  };
  const auto a = make({8, 9, 14}), b = make({16, 15, 10}), c = make({1, 2, 6});
  for (const bool reflect : {false, true}) {
    const AdditivePdb<ByteBoard> separate(puzzle, {a, b, c}, reflect);
    const AdditivePdb<ByteBoard> shared(puzzle, {PdbTerm{a, 0}, PdbTerm{a, 3}, PdbTerm{c, 0}},
                                        reflect);
    EXPECT_EQ(shared.table_count(), 2u);
    std::mt19937_64 rng(reflect ? 1 : 2);
    for (int i = 0; i < 3000; ++i) {
      const auto s = make_board<ByteBoard>(random_solvable_tiles(kW, kW, rng));
      ASSERT_EQ(shared.estimate(s), separate.estimate(s));
    }
  }
  // A symmetry that does not give the image pattern's exact table is refused.
  EXPECT_THROW(AdditivePdb<ByteBoard>(puzzle, {PdbTerm{make({1, 5}), 3}}, false),
               std::invalid_argument);
  // Overlap through a symmetry is refused: a's half turn is b's tile set.
  EXPECT_THROW(AdditivePdb<ByteBoard>(puzzle, {PdbTerm{a, 3}, PdbTerm{b, 0}}, false),
               std::invalid_argument);
}

// IDA*'s path through the Memo (estimate(s, memo), then estimate_after from the parent's
// parts) gives estimate()'s value at every step of random walks: direct and symmetric terms,
// with and without the reflected sum, in a partition that leaves tiles out.
TEST(Pdb5x5, MemoUpdatesEqualFullEstimates) {
  const LargePuzzle puzzle(kW, kW);
  auto make = [&](const std::vector<unsigned>& tiles) {
    auto pdb = std::make_shared<PatternDatabase>(puzzle.geometry(), tiles);
    pdb->build();
    return std::shared_ptr<const PatternDatabase>(pdb);
  };
  const auto a = make({8, 9, 14}), c = make({1, 2, 6}), d = make({17, 18, 22});
  using Pdb = AdditivePdb<ByteBoard>;
  static_assert(hsearch::MemoHeuristic<Pdb, LargePuzzle>);
  for (const bool reflect : {false, true}) {
    const Pdb shared(puzzle, {PdbTerm{a, 0}, PdbTerm{a, 3}, PdbTerm{c, 0}, PdbTerm{d, 0}}, reflect);
    std::mt19937_64 rng(reflect ? 11 : 12);
    for (int walk = 0; walk < 20; ++walk) {
      ByteBoard s = make_board<ByteBoard>(random_solvable_tiles(kW, kW, rng));
      Pdb::Memo memo{};
      ASSERT_EQ(shared.estimate(s, memo), shared.estimate(s));
      for (int step = 0; step < 300; ++step) {
        std::vector<LargePuzzle::Move> moves;
        puzzle.for_each_move(s, [&](const LargePuzzle::Move& m) { moves.push_back(m); });
        const LargePuzzle::Move m = moves[rng() % moves.size()];
        puzzle.apply(s, m);
        Pdb::Memo child{};
        ASSERT_EQ(shared.estimate_after(s, m, memo, child), shared.estimate(s)) << "step " << step;
        memo = child;
      }
    }
  }
}

// A partition closed under the reflection: the reflected sum would repeat the regular one.
TEST(Pdb5x5, ClosedPartitionSkipsTheReflectedSum) {
  const LargePuzzle puzzle(kW, kW);
  auto pdb = std::make_shared<PatternDatabase>(puzzle.geometry(), std::vector<unsigned>{1, 2});
  pdb->build();
  const std::shared_ptr<const PatternDatabase> p = pdb;
  const AdditivePdb<ByteBoard> closed(puzzle, {PdbTerm{p, 0}, PdbTerm{p, 4}}, true);
  EXPECT_FALSE(closed.reflected_lookup());
  const AdditivePdb<ByteBoard> open(puzzle, {PdbTerm{p, 0}}, true);
  EXPECT_TRUE(open.reflected_lookup());
  std::mt19937_64 rng(9);
  for (int i = 0; i < 2000; ++i) {
    const auto s = make_board<ByteBoard>(random_solvable_tiles(kW, kW, rng));
    // {1,2} and {5,10}: the open heuristic's max is one of the two terms of the closed sum.
    ASSERT_LE(open.estimate(s), closed.estimate(s));
  }
}

TEST(Pdb5x5, Partitions5x5CoverEveryTileOnce) {
  const std::vector<std::pair<const char*, std::vector<std::size_t>>> sizes = {
      {"pdb-6666", {6, 6, 6, 6}}, {"pdb-6666-mirror", {6, 6, 6, 6}}, {"pdb-7755", {7, 7, 5, 5}},
      {"pdb-7665", {7, 6, 6, 5}},   {"pdb-6666+7755", {6, 6, 6, 6}}};
  for (const auto& [name, pattern_sizes] : sizes) {
    const Partition* part = find_partition(name);
    ASSERT_NE(part, nullptr);
    EXPECT_EQ(part->width, 5u);
    EXPECT_EQ(part->height, 5u);
    std::vector<int> count(kCells, 0);
    ASSERT_EQ(part->patterns.size(), pattern_sizes.size());
    for (std::size_t i = 0; i < part->patterns.size(); ++i) {
      EXPECT_EQ(part->patterns[i].size(), pattern_sizes[i]) << name;
      for (unsigned t : part->patterns[i]) ++count.at(t);
    }
    for (const std::string& other : part->max_with) {  // a partition of the same board
      ASSERT_NE(find_partition(other), nullptr) << other;
      EXPECT_EQ(find_partition(other)->width, 5u);
      EXPECT_TRUE(find_partition(other)->max_with.empty());
    }
    EXPECT_EQ(count[0], 0);
    for (unsigned t = 1; t < kCells; ++t) EXPECT_EQ(count[t], 1) << name << " tile " << t;
  }
}

}  // namespace
}  // namespace hsearch::fifteen
