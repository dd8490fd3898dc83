// Korf instances solved optimally with each heuristic and pruning, every plan replayed by the
// test's own code; A* and BFS agree with IDA* on small boards; learned automata keep optimality.
#include <gtest/gtest.h>
#include <unistd.h>

#include <random>

#include "hsearch/fifteen_puzzle/board_io.hpp"
#include "hsearch/fifteen_puzzle/solver.hpp"
#include "hsearch/graph/explicit_graph.hpp"
#include "hsearch/pruning/learner.hpp"
#include "korf_data.hpp"
#include "replay.hpp"

namespace hsearch::fifteen {
namespace {

std::filesystem::path test_cache_dir() {
  return std::filesystem::path(HSEARCH_BINARY_DIR) / "fifteen-pdb-cache";
}

// Korf instances that are cheap for every heuristic (Manhattan solves each in < 2M nodes).
const std::vector<int> kCheap = {12, 42, 55, 79, 97, 19, 94, 47};

void solve_korf(const SolverConfig& config, const std::vector<int>& ids) {
  HSEARCH_REQUIRE_DATA("fifteen/korf100.txt");
  const auto all = testing::load_korf100();
  std::ostringstream log;
  const Solver<PackedBoard> solver(4, 4, config, &log);
  for (int id : ids) {
    const auto& k = all.at(static_cast<std::size_t>(id - 1));
    const auto r = solver.solve(k.tiles, Limits{});
    ASSERT_TRUE(r.solved()) << "#" << id;
    EXPECT_TRUE(r.optimal);
    EXPECT_EQ(r.cost, k.opt) << "#" << id << " with " << config.heuristic;
    EXPECT_EQ(r.plan.size(), static_cast<std::size_t>(k.opt));
    EXPECT_TRUE(testing::replay_reaches_goal(k.tiles, 4, 4, r.plan)) << "#" << id;
  }
}

SolverConfig config(const std::string& heuristic, const std::string& pruning = "inverse") {
  SolverConfig c;
  c.heuristic = heuristic;
  c.pruning = pruning;
  c.pdb_dir = test_cache_dir();
  return c;
}

TEST(KorfInstances, Manhattan) { solve_korf(config("manhattan"), kCheap); }
TEST(KorfInstances, LinearConflict) { solve_korf(config("linear-conflict"), kCheap); }
TEST(KorfInstances, LinearConflictNoPruning) { solve_korf(config("linear-conflict", "none"), {79}); }
TEST(KorfInstances, Pdb555WithAndWithoutReflection) {
  solve_korf(config("pdb-555"), kCheap);
  auto c = config("pdb-555");
  c.reflect = false;
  solve_korf(c, {12, 55, 2});
}
TEST(KorfInstances, LinearConflictWithTranspositionTable) {
  auto c = config("linear-conflict");
  c.transposition_entries = 1 << 16;
  solve_korf(c, {12, 42});
}

TEST(SmallBoards, IdaAStarBfsAgreeWithTheOracleOn3x3And2x4) {
  for (auto [w, h] : {std::pair{3u, 3u}, {4u, 2u}}) {
    const FifteenPuzzle puzzle(w, h);
    const auto g = graph::expand(puzzle, puzzle.goal());
    const auto dist = graph::goal_distances(g, true);
    std::mt19937_64 rng(w * 10 + h);
    for (const std::string algorithm : {"ida", "astar", "bfs"}) {
      for (const std::string heuristic : {"manhattan", "linear-conflict"}) {
        if (algorithm == "bfs" && heuristic != "manhattan") continue;  // BFS ignores h
        SolverConfig c = config(heuristic);
        c.algorithm = algorithm;
        const Solver<PackedBoard> solver(w, h, c, nullptr);
        for (int i = 0; i < 5; ++i) {
          const std::size_t v = rng() % g.states.size();
          const auto tiles = board_tiles(g.states[v], w * h);
          const auto r = solver.solve(tiles, Limits{});
          ASSERT_TRUE(r.solved());
          EXPECT_EQ(r.cost, dist[v]) << algorithm << " " << heuristic << " " << format_tiles(tiles);
          EXPECT_TRUE(testing::replay_reaches_goal(tiles, w, h, r.plan));
        }
      }
    }
  }
}

TEST(LargeBoards, FiveByFiveAndThreeByFiveRandomWalksSolvedOptimallyByIdaAndAStar) {
  // Boards a few dozen random moves from the goal: IDA* (byte boards) and A* agree.
  for (auto [w, h] : {std::pair{5u, 5u}, {3u, 5u}}) {
    const LargePuzzle puzzle(w, h);
    std::mt19937_64 rng(99);
    for (int i = 0; i < 3; ++i) {
      auto s = puzzle.goal();
      for (int step = 0; step < 30; ++step) {
        std::vector<LargePuzzle::Move> moves;
        puzzle.for_each_move(s, [&](const auto& m) { moves.push_back(m); });
        puzzle.apply(s, moves[rng() % moves.size()]);
      }
      const auto tiles = board_tiles(s, w * h);
      SolverConfig c = config("linear-conflict");
      const Solver<ByteBoard> ida(w, h, c, nullptr);
      c.algorithm = "astar";
      const Solver<ByteBoard> astar(w, h, c, nullptr);
      const auto a = ida.solve(tiles, Limits{});
      const auto b = astar.solve(tiles, Limits{});
      ASSERT_TRUE(a.solved() && b.solved());
      EXPECT_EQ(a.cost, b.cost);
      EXPECT_TRUE(testing::replay_reaches_goal(tiles, w, h, a.plan));
      EXPECT_TRUE(testing::replay_reaches_goal(tiles, w, h, b.plan));
    }
  }
}

TEST(LearnedAutomaton, SmallLearnedAutomatonKeepsOptimalityAndPrunesMore) {
  HSEARCH_REQUIRE_DATA("fifteen/korf100.txt");
  // Learn to depth 8 on 7x7 (blank in the centre, one sample per blank cell), save, reload.
  const LargePuzzle big(7, 7);
  std::vector<ByteBoard> samples;
  for (unsigned c : {24u}) {
    ByteBoard b{};
    for (unsigned p = 0; p < 49; ++p) b.set(p, p);
    b.set(0, c);
    b.set(c, 0);
    samples.push_back(b);
  }
  for (unsigned c = 0; c < 49; ++c) {
    if (c == 24) continue;
    ByteBoard b{};
    for (unsigned p = 0; p < 49; ++p) b.set(p, p);
    if (c != 0) {
      b.set(0, c);
      b.set(c, 0);
    }
    samples.push_back(b);
  }
  LearnerOptions lo;
  lo.max_depth = 8;
  const auto learned = learn_move_automaton(big, samples, lo);
  ASSERT_EQ(learned.depth_completed, 8u);
  // The seed's four length-2 words and four length-6 words are among the forbidden ones.
  std::size_t len2 = 0, len6 = 0;
  for (const auto& s : learned.forbidden) {
    len2 += s.size() == 2;
    len6 += s.size() == 6;
  }
  EXPECT_EQ(len2, 4u);
  EXPECT_EQ(len6, 4u);
  const auto file = std::filesystem::temp_directory_path() /
                    ("fifteen-learned-" + std::to_string(::getpid()) + ".automaton");
  save_move_automaton(file, kAutomatonDomainTag, learned.file_data());

  const auto all = testing::load_korf100();
  auto learned_config = config("manhattan", "learned");
  learned_config.automaton_file = file;
  const Solver<PackedBoard> with_learned(4, 4, learned_config, nullptr);
  const Solver<PackedBoard> with_inverse(4, 4, config("manhattan"), nullptr);
  for (int id : {12, 42, 55, 79, 97}) {
    const auto& k = all.at(static_cast<std::size_t>(id - 1));
    const auto a = with_learned.solve(k.tiles, Limits{});
    const auto b = with_inverse.solve(k.tiles, Limits{});
    ASSERT_TRUE(a.solved());
    EXPECT_EQ(a.cost, k.opt) << "#" << id;
    EXPECT_TRUE(testing::replay_reaches_goal(k.tiles, 4, 4, a.plan));
    EXPECT_LT(a.stats.generated, b.stats.generated) << "#" << id;
  }
  std::filesystem::remove(file);
}

}  // namespace
}  // namespace hsearch::fifteen
