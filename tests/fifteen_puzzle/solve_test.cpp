// Korf instances solved optimally with each heuristic and pruning, every plan replayed by the
// test's own code; A* and BFS agree with IDA* on small boards; learned automata keep optimality.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <iterator>
#include <random>
#include <sstream>

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

void solve_korf(const SolveRequest& request, const std::vector<int>& ids, SolverOptions options = {}) {
  HSEARCH_REQUIRE_DATA("fifteen/korf100.txt");
  const auto all = testing::load_korf100();
  std::ostringstream log;
  options.log = &log;
  const Solver<PackedBoard> solver(4, 4, request, options);
  for (int id : ids) {
    const auto& k = all.at(static_cast<std::size_t>(id - 1));
    const auto report = solver.solve(k.tiles);
    const auto& r = report.result;
    ASSERT_TRUE(r.solved()) << "#" << id;
    EXPECT_TRUE(report.plan_replayed);
    EXPECT_TRUE(r.optimal);
    EXPECT_EQ(r.cost, k.opt) << "#" << id << " with " << request.heuristic;
    ASSERT_EQ(report.configurations.size(), r.plan.size() + 1);
    EXPECT_EQ(report.configurations.front(), k.tiles);
    EXPECT_EQ(r.plan.size(), static_cast<std::size_t>(k.opt));
    EXPECT_TRUE(testing::replay_reaches_goal(k.tiles, 4, 4, r.plan)) << "#" << id;
  }
}

SolveRequest config(const std::string& heuristic, const std::string& pruning = "inverse",
                    Algorithm algorithm = Algorithm::ida) {
  SolveRequest c;
  c.algorithm = algorithm;
  c.heuristic = heuristic;
  c.pruning = pruning;
  c.cache_dir = test_cache_dir();
  return c;
}

TEST(KorfInstances, Manhattan) { solve_korf(config("manhattan"), kCheap); }
TEST(KorfInstances, LinearConflict) { solve_korf(config("linear-conflict"), kCheap); }
TEST(KorfInstances, LinearConflictNoPruning) { solve_korf(config("linear-conflict", "none"), {79}); }
TEST(KorfInstances, Pdb555WithAndWithoutReflection) {
  solve_korf(config("pdb-555"), kCheap);
  SolverOptions no_reflect;
  no_reflect.reflect = false;
  solve_korf(config("pdb-555"), {12, 55, 2}, no_reflect);
}
TEST(KorfInstances, LinearConflictWithTranspositionTable) {
  SolverOptions o;
  o.transposition_entries = 1 << 16;
  solve_korf(config("linear-conflict"), {12, 42}, o);
}

// The automaton shipped in domains/fifteen_puzzle/data/ (learned to depth 13; it stores label
// numbers, not letters): the node counts of IDA* with Manhattan on five Korf instances, as
// recorded when the automaton was made, with the default move order (up, left, right, down).
TEST(KorfInstances, ShippedLearnedAutomatonKeepsItsCounts) {
  HSEARCH_REQUIRE_DATA("fifteen/korf100.txt");
  struct Counts {
    int id;
    std::uint64_t expanded, generated, pruned;
  };
  const Counts expected[] = {{12, 181425, 350089, 198020},
                             {42, 253732, 478365, 280056},
                             {55, 266840, 516497, 290034},
                             {79, 163597, 319936, 178096},
                             {97, 312308, 605421, 337740}};
  SolverOptions o;
  o.automaton_file = HSEARCH_FIFTEEN_DEFAULT_AUTOMATON;
  const Solver<PackedBoard> solver(4, 4, config("manhattan", "learned"), o);
  EXPECT_EQ(solver.pruning_name(), "learned");
  const auto all = testing::load_korf100();
  for (const Counts& c : expected) {
    const auto& k = all.at(static_cast<std::size_t>(c.id - 1));
    const auto r = solver.solve(k.tiles).result;
    ASSERT_TRUE(r.solved()) << "#" << c.id;
    EXPECT_EQ(r.cost, k.opt) << "#" << c.id;
    EXPECT_EQ(r.stats.expanded, c.expanded) << "#" << c.id;
    EXPECT_EQ(r.stats.generated, c.generated) << "#" << c.id;
    EXPECT_EQ(r.stats.pruned, c.pruned) << "#" << c.id;
  }
  // "learned=FILE" names the file in the pruning itself.
  const Solver<PackedBoard> named(
      4, 4, config("manhattan", std::string("learned=") + HSEARCH_FIFTEEN_DEFAULT_AUTOMATON));
  const auto r = named.solve(all.at(11).tiles).result;
  EXPECT_EQ(r.stats.expanded, expected[0].expanded);
}

TEST(SolveEntry, NamesTheDomainDoesNotOfferAreInvalidArguments) {
  const auto message = [](const SolveRequest& request) {
    try {
      const Solver<PackedBoard> solver(4, 4, request);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no exception");
  };
  EXPECT_NE(message(config("nope")).find("--heuristic nope"), std::string::npos);
  EXPECT_NE(message(config("nope")).find("linear-conflict"), std::string::npos);
  EXPECT_NE(message(config("manhattan", "nope")).find("--pruning nope"), std::string::npos);
  EXPECT_NE(message(config("manhattan", "learned")).find("learned=FILE"), std::string::npos);
  EXPECT_NE(message(config("manhattan", "", Algorithm::dfs)).find("--algorithm dfs"), std::string::npos);
  EXPECT_NE(message(config("manhattan", "inverse", Algorithm::astar)).find("--pruning"), std::string::npos);
  EXPECT_NE(message(config("pdb-6666")).find("5x5"), std::string::npos);
  // An empty pruning is the default: inverse for ida, none for astar and bfs.
  EXPECT_EQ(Solver<PackedBoard>(4, 4, config("manhattan", "")).pruning_name(), "inverse");
  EXPECT_EQ(Solver<PackedBoard>(4, 4, config("manhattan", "", Algorithm::astar)).pruning_name(), "none");
  EXPECT_EQ(Solver<PackedBoard>(4, 4, config("")).heuristic_name(), "pdb-663");
  EXPECT_EQ(Solver<ByteBoard>(5, 5, config("auto")).heuristic_name(), "linear-conflict");
}

TEST(SolveEntry, FreeSolveDecidesParityAndSolvesBothBoardLayouts) {
  // Odd parity: unsolvable at once, no search (no tables built for the default pdb-663).
  SolveRequest request = config("");
  request.cache_dir.clear();
  const auto odd = solve(Instance{4, 4, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14}}, request);
  EXPECT_EQ(odd.result.status, Status::unsolvable);
  EXPECT_EQ(odd.result.stats.expanded, 0u);
  EXPECT_TRUE(odd.configurations.empty());
  // Two moves on 4x4 (packed) and on 5x5 (bytes): the plan's letters and the boards.
  const auto small = solve(Instance{4, 4, {1, 2, 0, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}},
                           config("manhattan"));
  ASSERT_TRUE(small.result.solved());
  EXPECT_EQ(plan_letters(small.result.plan), "LL");
  ASSERT_EQ(small.configurations.size(), 3u);
  EXPECT_EQ(small.configurations[1], (std::vector<unsigned>{1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}));
  std::vector<unsigned> five(25);
  for (unsigned i = 0; i < 25; ++i) five[i] = i;
  std::swap(five[0], five[5]);  // the blank one row down: one move up
  const auto large = solve(Instance{5, 5, five}, config("linear-conflict"));
  ASSERT_TRUE(large.result.solved());
  EXPECT_EQ(plan_letters(large.result.plan), "U");
  EXPECT_EQ(large.heuristic, "linear-conflict");
}

TEST(SolveEntry, BreadthFirstSearchBuildsNoHeuristicTables) {
  const auto dir = std::filesystem::temp_directory_path() / ("hsearch-bfs-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  SolveRequest request = config("", "none", Algorithm::bfs);  // the default heuristic on 4x4 is pdb-663
  request.cache_dir = dir;
  const auto r = solve(Instance{4, 4, {1, 2, 0, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}}, request);
  ASSERT_TRUE(r.result.solved());
  EXPECT_EQ(r.result.cost, 2);
  EXPECT_EQ(r.heuristic, "-");
  EXPECT_FALSE(std::filesystem::exists(dir));  // nothing built, nothing cached
}

// Ctrl-C (the stop flag) during a pattern-database build: the solve returns at once, stopped
// and interrupted with 0 expansions and the Manhattan bound, and the cache holds no table
// (nothing half written). Once the flag is down, the same solver builds the tables and solves.
TEST(SolveEntry, TheStopFlagStopsATableBuildAndALaterSolveBuildsItAgain) {
  const auto dir = std::filesystem::temp_directory_path() / ("hsearch-stop-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::atomic<bool> stop{true};
  SolveRequest request = config("pdb-555");
  request.cache_dir = dir;
  request.limits.stop_flag = &stop;
  std::ostringstream log;
  SolverOptions options;
  options.log = &log;
  const Solver<PackedBoard> solver(4, 4, request, options);
  const std::vector<unsigned> board = {4, 1, 2, 3, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  const auto stopped = solver.solve(board);
  EXPECT_EQ(stopped.result.status, Status::stopped);
  EXPECT_EQ(stopped.result.stop_reason, StopReason::interrupted);
  EXPECT_EQ(stopped.result.stats.expanded, 0u);
  EXPECT_EQ(stopped.result.lower_bound, 2);  // Manhattan: tiles 4 and 5 are one cell away
  EXPECT_NE(log.str().find("(interrupted)"), std::string::npos) << log.str();
  EXPECT_TRUE(!std::filesystem::exists(dir) || std::filesystem::is_empty(dir));
  stop = false;
  const auto solved = solver.solve(board);
  ASSERT_TRUE(solved.result.solved());
  EXPECT_EQ(solved.result.cost, 2);
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator()), 3);
  std::filesystem::remove_all(dir);
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
        const SolveRequest c = config(heuristic, "", *parse_algorithm(algorithm));
        const Solver<PackedBoard> solver(w, h, c);
        for (int i = 0; i < 5; ++i) {
          const std::size_t v = rng() % g.states.size();
          const auto tiles = board_tiles(g.states[v], w * h);
          const auto r = solver.solve(tiles).result;
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
      const Solver<ByteBoard> ida(w, h, config("linear-conflict"));
      const Solver<ByteBoard> astar(w, h, config("linear-conflict", "", Algorithm::astar));
      const auto a = ida.solve(tiles).result;
      const auto b = astar.solve(tiles).result;
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
  // The four length-2 words (a move straight back) and four length-6 words are forbidden.
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
  const Solver<PackedBoard> with_learned(4, 4, config("manhattan", "learned=" + file.string()));
  const Solver<PackedBoard> with_inverse(4, 4, config("manhattan"));
  for (int id : {12, 42, 55, 79, 97}) {
    const auto& k = all.at(static_cast<std::size_t>(id - 1));
    const auto a = with_learned.solve(k.tiles).result;
    const auto b = with_inverse.solve(k.tiles).result;
    ASSERT_TRUE(a.solved());
    EXPECT_EQ(a.cost, k.opt) << "#" << id;
    EXPECT_TRUE(testing::replay_reaches_goal(k.tiles, 4, 4, a.plan));
    EXPECT_LT(a.stats.generated, b.stats.generated) << "#" << id;
  }
  std::filesystem::remove(file);
}

}  // namespace
}  // namespace hsearch::fifteen
