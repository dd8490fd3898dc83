// The board's symmetries and the symmetry reduction of the push search (board_symmetry.hpp).
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "collection_file.hpp"
#include "data_dir.hpp"
#include "exhaustive_optimum.hpp"
#include "hsearch/heuristics/combinators.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/sokoban/board_symmetry.hpp"
#include "hsearch/sokoban/solution.hpp"
#include "hsearch/sokoban/solver.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"
#include "level_text.hpp"
#include "microban_oracle.hpp"
#include "sweep.hpp"

namespace {

using namespace hsearch;
using namespace hsearch::sokoban;
using hsearch::sokoban::testing::level_from;

// All eight symmetries of the square: a goal in each corner, a box beside each.
constexpr const char* kSquare =
    "#######\n"
    "#.   .#\n"
    "# $ $ #\n"
    "#  @  #\n"
    "# $ $ #\n"
    "#.   .#\n"
    "#######\n";

// A mirror between the left and right halves only.
constexpr const char* kMirror =
    "#########\n"
    "#.  @  .#\n"
    "# $   $ #\n"
    "#   #   #\n"
    "#########\n";

// Each symmetry is a permutation of the cells that keeps the goals and the neighbours.
void expect_symmetries_of_the_board(const Board& board, const std::vector<BoardSymmetry>& syms) {
  const int n = board.cell_count();
  for (const BoardSymmetry& s : syms) {
    std::vector<bool> hit(static_cast<std::size_t>(n), false);
    for (int f = 0; f < n; ++f) {
      const std::uint16_t t = s.cell[static_cast<std::size_t>(f)];
      ASSERT_LT(t, n);
      EXPECT_FALSE(hit[t]);
      hit[t] = true;
      EXPECT_EQ(s.inverse[t], f);
      EXPECT_EQ(board.is_goal(t), board.is_goal(f));
      for (int d = 0; d < 4; ++d) {
        const std::uint16_t u = board.neighbor(f, d);
        const std::uint16_t v = board.neighbor(t, s.dir[static_cast<std::size_t>(d)]);
        EXPECT_EQ(u == kNoCell ? kNoCell : s.cell[u], v) << "cell " << f << ", direction " << d;
      }
    }
  }
}

TEST(Symmetry, FindsTheBoardsMirrorsAndTurns) {
  const Board square(level_from(kSquare));
  const auto all = board_symmetries(square);
  EXPECT_EQ(all.size(), 7u);
  expect_symmetries_of_the_board(square, all);
  const Board mirror(level_from(kMirror));
  const auto one = board_symmetries(mirror);
  ASSERT_EQ(one.size(), 1u);
  expect_symmetries_of_the_board(mirror, one);
  EXPECT_TRUE(board_symmetries(Board(hsearch::sokoban::testing::three_boxes())).empty());
}

// The states of random walks on the square: every image of a state (its boxes and player
// mapped, then normalised) has the state's canonical key, and that key is one of the images.
TEST(Symmetry, TheImagesOfAStateShareItsCanonicalKey) {
  const Board board(level_from(kSquare));
  const auto syms = board_symmetries(board);
  SokobanDomain d(board);
  d.set_pi_corrals(false);
  std::mt19937_64 rng(7);
  int checked = 0;
  for (int walk = 0; walk < 40; ++walk) {
    auto s = d.initial_state();
    for (int step = 0; step < 12; ++step) {
      std::vector<Push> moves;
      d.for_each_move(s, [&](const Push& m) { moves.push_back(m); });
      if (moves.empty()) break;
      d.apply(s, moves[rng() % moves.size()]);
      if (is_dead_end(s.h)) break;
      int which = -1;
      const PushKey canonical = canonical_key(syms, s, which);
      EXPECT_EQ(canonical, which < 0 ? key_of(s) : key_image(syms[static_cast<std::size_t>(which)], s));
      for (const BoardSymmetry& sym : syms) {
        PushKey image;
        s.boxes.for_each([&](int c) { image.boxes.set(sym.cell[static_cast<std::size_t>(c)]); });
        image.player = sym.cell[s.player];
        const auto t = d.unpack(image);
        int other = -1;
        EXPECT_EQ(canonical_key(syms, t, other), canonical);
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 1000);
}

// A* with the domain's symmetry reduction: the plan, turned into the level's pushes, replays to
// the goal in the fewest pushes (breadth-first search's count). Blind (h = 0), so that it
// expands every state closer than the goal: fewer with the reduction.
TEST(Symmetry, AStarsPlanFromTheStartReplaysInTheFewestPushes) {
  for (const char* text : {kSquare, kMirror}) {
    const Board board(level_from(text));
    const auto optimum = hsearch::sokoban::testing::exhaustive_optimum(board, 2000000);
    ASSERT_TRUE(optimum.has_value());
    std::uint64_t expanded[2] = {0, 0};
    for (bool symmetric : {false, true}) {
      SokobanDomain d(board);
      d.set_symmetry(symmetric);
      EXPECT_EQ(d.symmetry(), symmetric);
      const auto start = d.initial_state();
      const auto r = astar(d, start, ZeroHeuristic{});
      ASSERT_TRUE(r.solved());
      EXPECT_EQ(r.cost, *optimum);
      expanded[symmetric] = r.stats.expanded;
      const std::vector<Push> plan = symmetric ? d.plan_from_start(start, r.plan) : r.plan;
      const Solution solution = plan_to_lurd(board, plan);
      int pushes = 0;
      EXPECT_EQ(verify_lurd(board.level(), solution.lurd, &pushes), "");
      EXPECT_EQ(pushes, *optimum);
    }
    EXPECT_LT(expanded[1], expanded[0]) << text;
  }
}

// Runs `check(n, level, options)` on the Microban levels whose boards have symmetries (under
// the sanitizers every other such level: tests/sweep.hpp), with options for 20 000 expansions
// and no fewer-moves pass; returns how many there are.
template <class Check>
int for_each_symmetric_level(const hsearch::sokoban::testing::Microban& microban, Check check) {
  int symmetric = 0;
  for (int n = 1; n <= static_cast<int>(microban.entries.size()); ++n) {
    const Level& level = microban.level(n);
    if (board_symmetries(Board(level)).empty() || symmetric++ % hsearch::testing::stride(1) != 0) continue;
    SolveOptions o;
    o.limits.max_expanded = 20000;
    o.fewer_moves = false;
    check(n, level, o);
  }
  return symmetric;
}

// A solved run with the reduction: reported, proven, replays, and equal to the table's optimum.
void expect_reduced_optimum(const hsearch::sokoban::testing::Microban& microban, int n, const Level& level,
                            const SolveReport& report) {
  EXPECT_GT(report.symmetries, 0) << "level " << n;
  EXPECT_TRUE(report.result.optimal) << "level " << n;
  EXPECT_EQ(verify_lurd(level, report.lurd), "") << "level " << n;
  const auto row = microban.table.find(n);
  if (row != microban.table.end()) {
    EXPECT_EQ(report.pushes, row->second.pushes) << "level " << n;
  }
}

// The solver's default (symmetry on) against --no-symmetry on the Microban levels whose boards
// have symmetries, within 20 000 expansions each: the same push counts, proven and equal to the
// table's, solutions that replay, and the reduction reported.
TEST(Symmetry, TheSolverKeepsTheOptimaOfSymmetricMicrobanLevels) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto microban = hsearch::sokoban::testing::read_microban();
  int compared = 0;
  for_each_symmetric_level(microban, [&](int n, const Level& level, SolveOptions o) {
    const SolveReport with = solve_level(level, o);
    o.symmetry = false;
    const SolveReport without = solve_level(level, o);
    EXPECT_EQ(without.symmetries, 0);
    if (!with.solved() || !without.solved()) return;
    ++compared;
    EXPECT_EQ(with.pushes, without.pushes) << "level " << n;
    expect_reduced_optimum(microban, n, level, with);
  });
  EXPECT_GE(compared, hsearch::testing::sweep(10));
}

// The bound probes search with the reduction too: a plan a probe finds is made of pushes of
// the stored images, mapped back like A*'s. On the symmetric Microban levels, with probes from
// A*'s 8th expansion: the optima of the table, plans that replay, and several found by a probe
// (else this would test A*'s plans again).
TEST(Symmetry, APlanFoundByABoundProbeIsMappedBack) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto microban = hsearch::sokoban::testing::read_microban();
  int by_probe = 0;
  const int symmetric = for_each_symmetric_level(microban, [&](int n, const Level& level, SolveOptions o) {
    o.bound_probe_first_part = 8;
    const SolveReport report = solve_level(level, o);
    if (!report.solved()) return;
    expect_reduced_optimum(microban, n, level, report);
    by_probe += report.solved_by_probe ? 1 : 0;
  });
  EXPECT_GE(by_probe, hsearch::testing::sweep(4)) << "of " << symmetric;
}

}  // namespace
