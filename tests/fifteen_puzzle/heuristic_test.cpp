// Heuristics: incremental updates agree with full evaluation; every heuristic is admissible on
// the whole 8-puzzle against the Boost.Graph oracle; pattern databases are exact when the
// pattern holds every tile; tables survive a save/load round trip and corrupt files are refused.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <utility>

#include "hsearch/fifteen_puzzle/board_io.hpp"
#include "hsearch/fifteen_puzzle/linear_conflict.hpp"
#include "hsearch/fifteen_puzzle/manhattan.hpp"
#include "hsearch/fifteen_puzzle/pdb_heuristic.hpp"
#include "hsearch/graph/explicit_graph.hpp"
#include "korf_data.hpp"

namespace hsearch::fifteen {
namespace {

// Random walk: after every move, estimate_after(child, move, h(parent)) == estimate(child).
template <class Board, class H>
void check_incremental(const SlidingTilePuzzle<Board>& puzzle, const H& h, int steps) {
  std::mt19937_64 rng(puzzle.cells());
  auto s = make_board<Board>(random_solvable_tiles(puzzle.width(), puzzle.height(), rng));
  int value = h.estimate(s);
  for (int i = 0; i < steps; ++i) {
    std::vector<typename SlidingTilePuzzle<Board>::Move> moves;
    puzzle.for_each_move(s, [&](const auto& m) { moves.push_back(m); });
    for (const auto& m : moves) {  // every child, then continue from a random one
      auto child = s;
      puzzle.apply(child, m);
      ASSERT_EQ(h.estimate_after(child, m, value), h.estimate(child))
          << puzzle.state_string(s) << " move " << puzzle.move_name(m);
    }
    const auto& m = moves[rng() % moves.size()];
    puzzle.apply(s, m);
    value = h.estimate(s);
  }
}

TEST(Heuristics, IncrementalManhattanAndLinearConflictAgreeWithFullEvaluation) {
  const FifteenPuzzle p4(4, 4), p3(3, 3), p34(3, 4);
  check_incremental(p4, Manhattan<PackedBoard>(p4), 5000);
  check_incremental(p4, LinearConflict<PackedBoard>(p4), 5000);
  check_incremental(p3, LinearConflict<PackedBoard>(p3), 2000);
  check_incremental(p34, LinearConflict<PackedBoard>(p34), 2000);
  const LargePuzzle p5(5, 5), p7(7, 7), p25(2, 5);
  check_incremental(p5, LinearConflict<ByteBoard>(p5), 3000);
  check_incremental(p7, LinearConflict<ByteBoard>(p7), 3000);
  check_incremental(p7, Manhattan<ByteBoard>(p7), 3000);
  check_incremental(p25, LinearConflict<ByteBoard>(p25), 1000);
}

TEST(Heuristics, LinearConflictHandCases) {
  const FifteenPuzzle p(4, 4);
  const LinearConflict<PackedBoard> lc(p);
  EXPECT_EQ(lc.estimate(p.goal()), 0);
  // Tiles 1 and 2 swapped in their goal row: MD 2 + one conflict (2) = 4.
  EXPECT_EQ(lc.estimate(make_board<PackedBoard>({0, 2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})), 4);
  // Row 0 reversed (3 2 1 in cells 1..3): LIS 1 of 3 tiles -> 2 removals -> +4; MD 4.
  EXPECT_EQ(lc.estimate(make_board<PackedBoard>({0, 3, 2, 1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})), 8);
}

TEST(Heuristics, KorfStartValuesMatchTheReproduction) {
  HSEARCH_REQUIRE_DATA("fifteen/korf100_meta.tsv");
  const FifteenPuzzle p(4, 4);
  const Manhattan<PackedBoard> md(p);
  const LinearConflict<PackedBoard> lc(p);
  for (const auto& k : testing::load_korf100()) {
    const auto s = make_board<PackedBoard>(k.tiles);
    EXPECT_EQ(md.estimate(s), k.md0) << "#" << k.id;
    EXPECT_EQ(lc.estimate(s), k.lc_h0) << "#" << k.id;
  }
}

// The whole 8-puzzle (181,440 states) expanded by the Boost.Graph oracle, shared by the tests.
struct EightPuzzleOracle {
  FifteenPuzzle puzzle{3, 3};
  graph::ExplicitGraph<FifteenPuzzle> graph = graph::expand(puzzle, puzzle.goal());
  std::vector<graph::Weight> distance = graph::goal_distances(graph, true);
  static const EightPuzzleOracle& get() {
    static const EightPuzzleOracle oracle;
    return oracle;
  }
};

template <class H>
void check_admissible(const H& h, const char* name, bool expect_exact = false) {
  const auto& o = EightPuzzleOracle::get();
  ASSERT_EQ(o.graph.states.size(), 181440u);
  std::size_t exact = 0;
  for (std::size_t i = 0; i < o.graph.states.size(); ++i) {
    const int v = h.estimate(o.graph.states[i]);
    ASSERT_LE(v, o.distance[i]) << name << " overestimates "
                                << o.puzzle.state_string(o.graph.states[i]);
    exact += (v == o.distance[i]);
  }
  if (expect_exact) {
    EXPECT_EQ(exact, o.graph.states.size()) << name;
  }
}

TEST(Heuristics, AllAdmissibleOnTheWholeEightPuzzle) {
  const auto& o = EightPuzzleOracle::get();
  check_admissible(Manhattan<PackedBoard>(o.puzzle), "manhattan");
  check_admissible(LinearConflict<PackedBoard>(o.puzzle), "linear-conflict");
  const Partition& part = *find_partition("pdb-333");
  std::vector<std::shared_ptr<const PatternDatabase>> pdbs;
  for (const auto& tiles : part.patterns) {
    auto pdb = std::make_shared<PatternDatabase>(o.puzzle.geometry(), tiles);
    pdb->build();
    EXPECT_EQ(pdb->reachable(), pdb->size());
    pdbs.push_back(pdb);
  }
  check_admissible(AdditivePdb<PackedBoard>(o.puzzle, pdbs, false), "pdb-333");
  check_admissible(AdditivePdb<PackedBoard>(o.puzzle, pdbs, true), "pdb-333 reflected");
  // Other shapes of partitions, including 2+2+2+2 and 4+4.
  for (const std::vector<std::vector<unsigned>>& partition :
       {std::vector<std::vector<unsigned>>{{1, 2}, {3, 4}, {5, 6}, {7, 8}},
        std::vector<std::vector<unsigned>>{{1, 3, 5, 7}, {2, 4, 6, 8}}}) {
    std::vector<std::shared_ptr<const PatternDatabase>> parts;
    for (const auto& tiles : partition) {
      auto pdb = std::make_shared<PatternDatabase>(o.puzzle.geometry(), tiles);
      pdb->build();
      parts.push_back(pdb);
    }
    check_admissible(AdditivePdb<PackedBoard>(o.puzzle, parts, true), "pdb partition");
  }
}

// A partition with max_with: on every 8-puzzle state its estimate is the larger of its own
// additive sum and the other partition's, never above the true distance, and above each part
// somewhere (the max is not just one of them).
TEST(Heuristics, MaxOfPartitionsIsTheLargerSumAndAdmissible) {
  const auto& o = EightPuzzleOracle::get();
  const Partition pairs{"test-2222", 3, 3, {{1, 2}, {3, 4}, {5, 6}, {7, 8}}};
  Partition both = pairs;
  both.max_with = {"pdb-333"};
  const std::filesystem::path no_cache;
  for (const bool reflect : {false, true}) {
    const AdditivePdb<PackedBoard> a(o.puzzle, pairs, reflect, no_cache, nullptr);
    const AdditivePdb<PackedBoard> b(o.puzzle, *find_partition("pdb-333"), reflect, no_cache, nullptr);
    const AdditivePdb<PackedBoard> max(o.puzzle, both, reflect, no_cache, nullptr);
    EXPECT_EQ(max.table_count(), a.table_count() + b.table_count());
    std::size_t above_a = 0, above_b = 0;
    for (const auto& s : o.graph.states) {
      const int va = a.estimate(s), vb = b.estimate(s), v = max.estimate(s);
      ASSERT_EQ(v, std::max(va, vb)) << o.puzzle.state_string(s);
      above_a += v > va;
      above_b += v > vb;
    }
    EXPECT_GT(above_a, 0u);
    EXPECT_GT(above_b, 0u);
    check_admissible(max, reflect ? "max of partitions, reflected" : "max of partitions");
  }
  both.max_with = {"no-such-partition"};
  EXPECT_THROW(AdditivePdb<PackedBoard>(o.puzzle, both, false, no_cache, nullptr), std::invalid_argument);
}

TEST(PatternDatabase, AllTilesPatternIsTheExactDistance) {
  const auto& o = EightPuzzleOracle::get();
  auto pdb = std::make_shared<PatternDatabase>(o.puzzle.geometry(),
                                               std::vector<unsigned>{1, 2, 3, 4, 5, 6, 7, 8});
  pdb->build();
  EXPECT_EQ(pdb->reachable(), 181440u);  // half of the 9! placements: parity
  check_admissible(AdditivePdb<PackedBoard>(o.puzzle, {pdb}, false), "pdb-8", true);
}

// A build reports its progress as it goes (the share of placements reached, an estimate of
// the time left), whether or not each depth is logged; the table is the same.
TEST(PatternDatabase, ABuildReportsProgressAndAnEstimateOfTheTimeLeft) {
  const Geometry g(4, 4);
  PatternDatabase quiet(g, {1, 2, 4, 5, 8});
  quiet.build();
  PatternDatabase told(g, {1, 2, 4, 5, 8});
  told.set_progress_period(0);  // a line every 65536 entries, so this small table gives some
  std::ostringstream log;
  told.build(&log, {}, false);
  std::istringstream lines(log.str());
  std::string line;
  int reports = 0;
  long last_percent = -1;
  while (std::getline(lines, line)) {
    EXPECT_EQ(line.find(": depth "), std::string::npos) << line;  // (each_depth is off)
    const auto pct = line.find("% of its placements after ");
    ASSERT_NE(pct, std::string::npos) << line;
    EXPECT_NE(line.find(" s left"), std::string::npos) << line;
    const long percent = std::stol(line.substr(line.rfind(' ', pct) + 1));
    EXPECT_GE(percent, last_percent);
    EXPECT_LE(percent, 100);
    last_percent = percent;
    ++reports;
  }
  EXPECT_GE(reports, 3);
  for (std::uint64_t i = 0; i < quiet.size(); i += 7) ASSERT_EQ(told.value(i), quiet.value(i)) << i;
}

// The build's breadth-first layers: entries of 3 to 8 bytes keep their low bytes, in order,
// across the 1 MiB chunks (600,000 entries of 5 bytes fill two chunks and part of a third),
// and a drained layer is empty and reusable.
TEST(PatternDatabase, BfsLayerKeepsEntriesInOrderAcrossChunks) {
  for (const unsigned width : {3u, 5u, 8u}) {
    detail::BfsLayer layer(width), next(width);
    const std::uint64_t keep = width == 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * width)) - 1;
    const auto value = [](std::uint64_t i) { return i * 0x9E3779B97F4A7C15ULL; };
    const std::uint64_t n = 600000;
    for (std::uint64_t i = 0; i < n; ++i) layer.push(value(i) & keep);
    ASSERT_EQ(layer.size(), n);
    std::uint64_t seen = 0, wrong = 0;
    layer.drain([&](std::uint64_t e) {
      wrong += e != (value(seen) & keep);
      if (seen % 2 == 0) next.push(e);  // pushing onto another layer while draining
      ++seen;
    });
    EXPECT_EQ(seen, n) << width;
    EXPECT_EQ(wrong, 0u) << width;
    EXPECT_TRUE(layer.empty());
    EXPECT_EQ(next.size(), n / 2);
    std::swap(layer, next);
    seen = 0;
    wrong = 0;
    layer.drain([&](std::uint64_t e) { wrong += e != (value(2 * seen++) & keep); });
    EXPECT_EQ(wrong, 0u) << width;
    layer.push(42);
    EXPECT_EQ(layer.size(), 1u);
  }
}

TEST(PatternDatabase, RankUnrankRoundTrip) {
  const Geometry g(4, 4);
  const PatternDatabase pdb(g, {3, 7, 1, 12, 9});
  EXPECT_EQ(pdb.size(), 16u * 15 * 14 * 13 * 12);
  std::uint8_t pos[8];
  std::uint8_t back[8];
  for (std::uint64_t i = 0; i < pdb.size(); i += 97) {
    pdb.unrank(i, pos);
    EXPECT_EQ(pdb.rank(pos), i);
    for (unsigned a = 0; a < 5; ++a) {
      for (unsigned b = a + 1; b < 5; ++b) ASSERT_NE(pos[a], pos[b]);
    }
    std::copy(pos, pos + 5, back);
    EXPECT_EQ(pdb.rank(back), i);
  }
}

TEST(PatternDatabase, CacheRoundTripAndCorruptionIsDetected) {
  const Geometry g(3, 3);
  const auto dir = std::filesystem::temp_directory_path() /
                   ("hsearch-pdb-test-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::ostringstream log;
  const auto built = load_or_build_pdb(g, {1, 2, 3, 4}, dir, &log);
  EXPECT_NE(log.str().find("building"), std::string::npos);
  const auto file = dir / built->file_name();
  ASSERT_TRUE(std::filesystem::exists(file));
  log.str("");
  const auto loaded = load_or_build_pdb(g, {1, 2, 3, 4}, dir, &log);
  EXPECT_EQ(log.str(), "");  // loaded from the cache, nothing rebuilt
  EXPECT_EQ(loaded->table(), built->table());
  // A different pattern must not accept this file.
  PatternDatabase other(g, {1, 2, 3, 5});
  EXPECT_THROW(other.load(file), TableFileError);
  // Flip one payload byte: the checksum rejects it and load_or_build rebuilds.
  {
    std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(-1, std::ios::end);
    char c = 0;
    f.get(c);
    f.seekp(-1, std::ios::end);
    f.put(static_cast<char>(c ^ 1));
  }
  PatternDatabase corrupt(g, {1, 2, 3, 4});
  try {
    corrupt.load(file);
    FAIL() << "corrupt file accepted";
  } catch (const TableFileError& e) {
    EXPECT_NE(std::string(e.what()).find("checksum"), std::string::npos) << e.what();
  }
  log.str("");
  const auto rebuilt = load_or_build_pdb(g, {1, 2, 3, 4}, dir, &log);
  EXPECT_NE(log.str().find("rejected"), std::string::npos);
  EXPECT_EQ(rebuilt->table(), built->table());
  std::filesystem::remove_all(dir);
}

// Found by the sliding_tile_pdb fuzz target: a well-formed, checksummed file whose payload has
// the wrong size (here empty) threw std::invalid_argument, which the cache loaders, rebuilding
// on TableFileError, let escape.
TEST(PatternDatabase, PayloadOfTheWrongSizeIsATableFileError) {
  PatternDatabase pdb(Geometry(2, 2), {1, 2});
  for (const std::size_t bytes : {std::size_t{0}, std::size_t{11}, std::size_t{13}}) {
    const std::string payload(bytes, '\1');
    std::ostringstream hex;
    hex << std::hex
        << fnv1a64(reinterpret_cast<const std::uint8_t*>(payload.data()), payload.size());
    std::istringstream in("hsearch-table 1\nkind " + std::string(PatternDatabase::kKind) +
                              "\nparams " + pdb.params() + "\nbytes " + std::to_string(bytes) +
                              "\nfnv1a64 " + hex.str() + "\n\n" + payload,
                          std::ios::binary);
    try {
      pdb.load(in, "t.tbl");
      FAIL() << bytes << " bytes accepted";
    } catch (const TableFileError& e) {
      EXPECT_EQ(std::string(e.what()),
                "t.tbl: pattern database of " + std::to_string(bytes) + " entries, expected 12");
    }
    EXPECT_FALSE(pdb.ready());
  }
}

}  // namespace
}  // namespace hsearch::fifteen
