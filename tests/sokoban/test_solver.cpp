// End to end: levels solved push-optimally with replay-verified LURD solutions, against the
// Microban table (a fast subset here with A*, a smaller one with IDA*; the whole table in
// test_solver_slow.cpp).
#include <array>
#include <fstream>

#include <gtest/gtest.h>

#include "collection_file.hpp"
#include "data_dir.hpp"
#include "hsearch/heuristics/combinators.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/sokoban/fewer_moves_domain.hpp"
#include "hsearch/sokoban/level_reader.hpp"
#include "hsearch/sokoban/pattern_search.hpp"
#include "hsearch/sokoban/solver.hpp"
#include "level_text.hpp"
#include "microban_oracle.hpp"
#include "sweep.hpp"

using namespace hsearch::sokoban;
using hsearch::sokoban::testing::level_from;
using hsearch::sokoban::testing::three_boxes;

namespace {

// Eight boxes in an open room, solved for fewest moves: the (boxes, player square) states fill
// a few MiB in a fraction of a second, and the pattern search learns as they do.
const char* const kOpenRoom =
    "##############\n"
    "#            #\n"
    "# $ $ $ $ $  #\n"
    "#            #\n"
    "# $  @  $ $  #\n"
    "#          ###\n"
    "#  ..........#\n"
    "##############\n";

}  // namespace

// A memory limit is shared out: the pattern sub-searches' limit set apart, the search the
// rest, the frozen-goal tables kept to an eighth within the search's part; and the state cache
// shrinks to fit a tight limit.
TEST(Solver, AMemoryLimitIsSharedBetweenTheSearchAndItsCaches) {
  constexpr std::size_t MiB = std::size_t{1} << 20;
  SolveOptions o;
  o.limits.max_bytes = 64 * MiB;
  MemoryShares s = memory_shares(o);
  EXPECT_EQ(s.search + s.sub_search + s.probe, 64 * MiB);
  EXPECT_EQ(s.sub_search, 8 * MiB);
  EXPECT_EQ(s.probe, 8 * MiB);
  EXPECT_EQ(s.frozen_goals, 8 * MiB);
  o.limits.max_bytes = 16384 * MiB;
  s = memory_shares(o);
  EXPECT_EQ(s.sub_search, 256 * MiB);
  EXPECT_EQ(s.probe, 512 * MiB);
  EXPECT_EQ(s.frozen_goals, 128 * MiB);
  o.pattern_search = false;
  EXPECT_EQ(memory_shares(o).search, 16384 * MiB - 512 * MiB);
  o.objective = Objective::any;  // (bound probes serve the push-optimal A* only)
  EXPECT_EQ(memory_shares(o).search, 16384 * MiB);
  o.objective = Objective::pushes;
  o.bound_probes = false;
  EXPECT_EQ(memory_shares(o).search, 16384 * MiB);
  EXPECT_EQ(state_cache_bits_within<SokobanDomain::State>(o), o.state_cache_bits);
  o.limits.max_bytes = 4 * MiB;
  const int bits = state_cache_bits_within<SokobanDomain::State>(o);
  EXPECT_LT(bits, o.state_cache_bits);
  EXPECT_LE((std::size_t{1} << bits) * sizeof(SokobanDomain::State), 4 * MiB / 16);
}

// What the domain holds (the frozen-goal tables, the state cache, the pattern search's memory)
// grows as a search runs and is counted in the search's memory: the peak covers it and stays
// under the limit.
TEST(Solver, TheDomainsCachesCountAgainstTheMemoryLimit) {
  const Board board(level_from(kOpenRoom));
  SokobanDomain domain(board);
  PatternSearch patterns(board);
  domain.set_bound_hook(&patterns);
  domain.enable_state_cache(8);
  const std::size_t before = domain.held_bytes();
  EXPECT_GE(before, 256 * sizeof(SokobanDomain::State));  // the cache at its full size
  const BasicFewerMovesDomain<SokobanDomain> moves(domain, MovesPriority::moves_then_pushes);
  hsearch::AStarOptions o;
  o.limits.max_bytes = std::size_t{6} << 20;
  const auto r = hsearch::astar(moves, moves.initial_state(), BasicFewestMovesLowerBound<BasicFewerMovesDomain<SokobanDomain>>{&moves}, o);
  ASSERT_EQ(r.stop_reason, hsearch::StopReason::memory_limit);
  EXPECT_GT(patterns.stats().searches, 0u);
  EXPECT_GT(patterns.held_bytes(), 0u);
  EXPECT_GE(domain.held_bytes(), before + patterns.held_bytes());
  EXPECT_GE(r.stats.peak_bytes, domain.held_bytes());
  EXPECT_LE(r.stats.peak_bytes, o.limits.max_bytes);
}

// The state cache starts with a few slots and grows to the size asked for as a search makes
// states: a small search (a level of a Boxoban batch) clears no megabytes it never uses. A
// search finds the same optimum with the cache and without it.
TEST(Solver, TheStateCacheStartsSmallAndGrowsToItsSize) {
  const Level lv = three_boxes();
  const Board board(lv);
  SokobanDomain plain(board);
  SokobanDomain cached(board);
  cached.enable_state_cache(10);
  EXPECT_EQ(cached.state_cache_slots(), 64u);
  // The memory limit plans for the whole cache from the start.
  EXPECT_EQ(cached.held_bytes() - plain.held_bytes(), 1024 * sizeof(SokobanDomain::State));
  const auto small = hsearch::astar(cached, cached.initial_state(), PushLowerBound{});
  const auto reference = hsearch::astar(plain, plain.initial_state(), PushLowerBound{});
  ASSERT_TRUE(small.solved());
  ASSERT_TRUE(reference.solved());
  EXPECT_EQ(small.cost, reference.cost);
  EXPECT_LE(cached.state_cache_slots(), 256u) << small.stats.expanded;

  // A blind search of the open room makes states enough to grow the cache to its size.
  const Board room(level_from(kOpenRoom));
  SokobanDomain big(room);
  big.enable_state_cache(10);
  hsearch::AStarOptions o;
  o.limits.max_expanded = 20000;
  hsearch::astar(big, big.initial_state(), hsearch::ZeroHeuristic{}, o);
  EXPECT_EQ(big.state_cache_slots(), 1024u);
}

// A state A* rebuilds from its key is told the push that reached it, and pushes are listed by
// their boxes' squares: whether the state cache still held a state or not, its pushes come in
// the same order. So the cache changes no count of the search, only its speed.
TEST(Solver, TheStateCacheChangesNoCountOfTheSearch) {
  const Board room(level_from(kOpenRoom));
  hsearch::AStarOptions o;
  o.limits.max_expanded = 20000;
  o.newer_first_on_ties = true;
  // The matching solves the room in under a hundred expansions; a blind search stops at the
  // limit after many unpacks, hits and misses alike.
  auto counts = [&](const SokobanDomain& d, bool blind) {
    const auto r = blind ? hsearch::astar(d, d.initial_state(), hsearch::ZeroHeuristic{}, o)
                         : hsearch::astar(d, d.initial_state(), PushLowerBound{}, o);
    return std::vector<std::uint64_t>{static_cast<std::uint64_t>(r.status), r.stats.expanded, r.stats.generated,
                                      r.stats.duplicates, static_cast<std::uint64_t>(r.cost), r.plan.size()};
  };
  for (bool blind : {false, true}) {
    SokobanDomain plain(room);
    const auto without = counts(plain, blind);
    EXPECT_GT(without[1], blind ? 19999u : 20u);
    for (int bits : {6, 8, 12}) {
      SokobanDomain cached(room);
      cached.enable_state_cache(bits);
      EXPECT_EQ(counts(cached, blind), without) << "blind " << blind << ", cache bits " << bits;
    }
  }
}

TEST(Solver, SmallLevelIdaAndAStarAgree) {
  const Level lv = three_boxes();
  SolveOptions o;
  o.algorithm = Algorithm::ida;
  const SolveReport ida = solve_level(lv, o);
  o.algorithm = Algorithm::astar;
  const SolveReport astar = solve_level(lv, o);
  ASSERT_TRUE(ida.solved()) << ida.status() << " " << ida.message;
  ASSERT_TRUE(astar.solved()) << astar.status();
  EXPECT_TRUE(ida.result.optimal);
  EXPECT_TRUE(astar.result.optimal);
  EXPECT_EQ(ida.pushes, 7);
  EXPECT_EQ(astar.pushes, 7);
  EXPECT_EQ(verify_lurd(lv, ida.lurd), "");
  EXPECT_EQ(verify_lurd(lv, astar.lurd), "");
}

TEST(Solver, ProvesUnsolvable) {
  // The player can never get behind the box in the corridor.
  const SolveReport r = solve_level(level_from("#######\n#.@$  #\n#######\n"));
  EXPECT_EQ(r.status(), "unsolvable");
  // Two boxes in a corridor, player behind them: the far box would have to move first.
  EXPECT_EQ(solve_level(level_from("########\n#@$ $..#\n########\n")).status(), "unsolvable");
  EXPECT_EQ(solve_level(level_from("########\n#..$ $@#\n########\n")).status(), "unsolvable");
  // With a second row the player can get round: solvable.
  const SolveReport r2 = solve_level(level_from("########\n#@$ $..#\n#      #\n########\n"));
  ASSERT_EQ(r2.status(), "solved");
  EXPECT_EQ(r2.pushes, 5);
}

TEST(Solver, MoreGoalsThanBoxes) {
  const SolveReport r = solve_level(level_from("#######\n#.@$ .#\n#     #\n#######\n"));
  ASSERT_TRUE(r.solved());
  EXPECT_EQ(r.pushes, 2);  // to the right-hand goal; the left one stays empty
}

// The start's boxes frozen on goals as walls (board.hpp) change no optimum: two levels with a
// frozen block, for pushes and for moves, with and without; both solutions replay on the level
// itself. (Of the collections' levels only XSokoban 48 and Microban 144 have such boxes, both
// too long for this suite; docs/sokoban.md has their runs both ways.)
TEST(Solver, StartFrozenWallsKeepEveryOptimum) {
  const std::vector<Level> levels = {level_from(hsearch::sokoban::testing::kStartFrozenBlockAndCorner),
                                     level_from("##########\n"
                                                "#@   .   #\n"
                                                "#  $**$  #\n"
                                                "#  .**.  #\n"
                                                "#    $   #\n"
                                                "#        #\n"
                                                "##########\n")};
  EXPECT_EQ(Board(levels[0]).walled_boxes(), 5);
  EXPECT_EQ(Board(levels[1]).walled_boxes(), 4);
  for (const Level& level : levels) {
    for (const Objective objective : {Objective::pushes, Objective::moves}) {
      SolveOptions walls;
      walls.objective = objective;
      SolveOptions boxes = walls;
      boxes.start_frozen_walls = false;
      const SolveReport a = solve_level(level, walls);
      const SolveReport b = solve_level(level, boxes);
      ASSERT_TRUE(a.solved() && b.solved()) << level.where();
      EXPECT_TRUE(a.result.optimal && b.result.optimal) << level.where();
      EXPECT_EQ(a.result.cost, b.result.cost) << level.where() << " " << to_string(objective);
      EXPECT_EQ(verify_lurd(level, a.lurd), "");
      EXPECT_EQ(verify_lurd(level, b.lurd), "");
    }
  }
}

TEST(Solver, InvalidLevelIsReportedNotThrown) {
  const Level lv = level_from("#####\n#@$ .\n#####\n");
  const SolveReport r = solve_level(lv);
  EXPECT_EQ(r.status(), "invalid");
  EXPECT_NE(r.message.find("not enclosed"), std::string::npos);
}

TEST(Solver, LimitsAreReported) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  SolveOptions o;
  o.limits.max_expanded = 100;
  const SolveReport r = solve_level(entries[97].level, o);  // level 98: far more than 100 nodes
  EXPECT_EQ(r.status(), "node_limit");
  EXPECT_GT(r.result.lower_bound, 0);
}

TEST(Solver, IdaStarSecondTryKeepsTheNodeBudget) {
  // IDA* first tries with a small table and 20 000 expansions, then reruns with the full
  // table; the user's node limit covers both tries together.
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  SolveOptions o;
  o.algorithm = Algorithm::ida;
  o.limits.max_expanded = 30000;
  o.default_transposition_entries = std::size_t{1} << 16;
  const SolveReport r = solve_level(entries[97].level, o);  // level 98
  EXPECT_EQ(r.status(), "node_limit");
  EXPECT_EQ(r.result.stats.expanded, 30000U);
}

// The whole push search (pattern search, PI-corrals, revaluation; the bound probes aside, whose
// own search rebuilds states without their last push) makes the same counts whatever the size
// of the state cache: a pattern's or a group's choice among equals never follows the order of
// a state's rows of boxes either.
TEST(Solver, TheSolversCountsDoNotDependOnTheStateCache) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  // Under the sanitizers the first level alone (sweep.hpp): the second costs half a minute there.
  const std::array<int, 2> levels{98, 144};
  for (int k = 0; k < hsearch::testing::sweep(static_cast<int>(levels.size())); ++k) {
    const int level = levels[static_cast<std::size_t>(k)];
    SolveOptions o;
    o.limits.max_expanded = 8000;
    o.bound_probes = false;
    o.state_cache_bits = 0;
    const SolveReport without = solve_level(entries[static_cast<std::size_t>(level - 1)].level, o);
    ASSERT_GT(without.result.stats.expanded, 1000u) << level;
    for (int bits : {6, 12}) {
      o.state_cache_bits = bits;
      const SolveReport with = solve_level(entries[static_cast<std::size_t>(level - 1)].level, o);
      EXPECT_EQ(with.status(), without.status()) << level << ", cache bits " << bits;
      EXPECT_EQ(with.result.stats.expanded, without.result.stats.expanded) << level << ", cache bits " << bits;
      EXPECT_EQ(with.result.stats.generated, without.result.stats.generated) << level << ", cache bits " << bits;
      EXPECT_EQ(with.result.lower_bound, without.result.lower_bound) << level << ", cache bits " << bits;
      EXPECT_EQ(with.pushes, without.pushes) << level << ", cache bits " << bits;
    }
  }
}

TEST(Solver, VerifyRejectsBadSolutions) {
  const Level lv = level_from("#######\n#@$  .#\n#######\n");
  int pushes = 0, moves = 0;
  EXPECT_EQ(verify_lurd(lv, "RRR", &pushes, &moves), "");
  EXPECT_EQ(pushes, 3);
  EXPECT_EQ(moves, 3);
  EXPECT_NE(verify_lurd(lv, "RR"), "");    // box not on the goal
  EXPECT_NE(verify_lurd(lv, "rRR"), "");   // a step into a box
  EXPECT_NE(verify_lurd(lv, "RRRR"), "");  // blocked push
  EXPECT_NE(verify_lurd(lv, "u"), "");     // into a wall
  EXPECT_NE(verify_lurd(lv, "RxR"), "");   // not a LURD letter
}

TEST(Solver, MicrobanFastSubsetMatchesTheOptimalTable) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_optimal_pushes.tsv");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  const auto oracle = hsearch::sokoban::testing::read_microban_oracle(
      hsearch::testing::data_file("sokoban/microban/microban_optimal_pushes.tsv").string());
  ASSERT_GE(oracle.size(), 140U);
  SolveOptions o;
  o.limits.max_expanded = 200000;  // these levels need far fewer; a safety net only
  int checked = 0;
  for (int n = 1; n <= hsearch::testing::sweep(60); ++n) {
    if (n == 36) continue;  // ~1 s in Release: in the slow suite
    const auto it = oracle.find(n);
    if (it == oracle.end()) continue;
    const SolveReport r = solve_level(entries[static_cast<std::size_t>(n - 1)].level, o);
    ASSERT_TRUE(r.solved()) << "level " << n << ": " << r.status();
    EXPECT_TRUE(r.result.optimal);
    EXPECT_EQ(r.pushes, it->second) << "level " << n;
    EXPECT_EQ(verify_lurd(entries[static_cast<std::size_t>(n - 1)].level, r.lurd), "");
    ++checked;
  }
  EXPECT_EQ(checked, hsearch::testing::kSanitized ? 30 : 59);
}

TEST(Solver, IdaStarOnAMicrobanSubset) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  const auto oracle = hsearch::sokoban::testing::read_microban_oracle(
      hsearch::testing::data_file("sokoban/microban/microban_optimal_pushes.tsv").string());
  SolveOptions o;
  o.algorithm = Algorithm::ida;
  o.limits.max_expanded = 200000;
  for (int n = 1; n <= 20; ++n) {
    const SolveReport r = solve_level(entries[static_cast<std::size_t>(n - 1)].level, o);
    ASSERT_TRUE(r.solved()) << "level " << n;
    EXPECT_EQ(r.pushes, oracle.at(n)) << "level " << n;
  }
}

// A* stopped by its memory limit goes on with IDA* from the bound it proved: the same optimum.
TEST(Solver, AStarsMemoryLimitHandsOverToIdaStar) {
  const Level level = three_boxes();
  SolveOptions plain;
  const SolveReport want = solve_level(level, plain);
  ASSERT_TRUE(want.solved());
  ASSERT_FALSE(want.memory_fallback);
  SolveOptions tight;
  tight.limits.max_bytes = 4096;  // a few nodes
  tight.pattern_search = false;
  const SolveReport r = solve_level(level, tight);
  ASSERT_TRUE(r.solved()) << r.status();
  EXPECT_TRUE(r.memory_fallback);
  EXPECT_TRUE(r.result.optimal);
  EXPECT_EQ(r.pushes, want.pushes);
  EXPECT_FALSE(r.result.stats.iterations.empty());
  SolveOptions off = tight;
  off.memory_fallback = false;
  const SolveReport stopped = solve_level(level, off);
  EXPECT_EQ(stopped.status(), "memory_limit");
}
