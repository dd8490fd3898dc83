// Deadlock tables of small windows (window_deadlocks.hpp): every state they call a dead end
// that the other tests do not is unsolvable (exact search), they find such states, and the
// solver gives the same optima with and without them.
#include <cctype>
#include <cstdio>
#include <random>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "collection_file.hpp"
#include "data_dir.hpp"
#include "exact_cost.hpp"
#include "hsearch/sokoban/corral.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"
#include "hsearch/sokoban/solver.hpp"
#include "hsearch/sokoban/window_deadlocks.hpp"
#include "level_text.hpp"
#include "same_optima.hpp"
#include "sweep.hpp"

using namespace hsearch::sokoban;

namespace {
// One walk of at most 40 uniformly random pushes from the start (so that boxes get stuck).
// `visit` sees each state the domain does not call a dead end; returning false ends the walk.
template <class Visit>
void random_walk(const SokobanDomain& d, std::mt19937_64& rng, Visit visit) {
  SokobanDomain::State s = d.initial_state();
  std::vector<SokobanDomain::Move> moves;
  for (int k = 0; k < 40 && !d.is_goal(s); ++k) {
    moves.clear();
    d.for_each_move(s, [&](const SokobanDomain::Move& m) { moves.push_back(m); });
    if (moves.empty()) return;
    d.apply(s, moves[rng() % moves.size()]);
    if (hsearch::is_dead_end(s.h) || !visit(s)) return;
  }
}
}  // namespace

// Random walks over Microban (uniformly random pushes, so that boxes get stuck): a state the
// domain's own tests pass and the windows call a dead end must have no solution. The exact
// search (A* over every push with the plain matching) either proves it unsolvable or does not
// finish; it never finds a solution.
TEST(WindowDeadlocks, DeadEndsOnRandomWalksAreUnsolvable) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  std::mt19937_64 rng(20261203);
  int states = 0, window_only = 0, proven = 0;
  for (int n = 1; n <= 155; n += hsearch::testing::stride(2)) {
    const Board board(entries[static_cast<std::size_t>(n - 1)].level);
    const WindowDeadlockTable windows(board);
    const SokobanDomain d(board);
    EXPECT_FALSE(windows.dead_anywhere(d.initial_state().boxes, d.initial_state().player)) << "level " << n;
    for (int walk = 0; walk < 8; ++walk) {
      random_walk(d, rng, [&](const SokobanDomain::State& s) {
        ++states;
        if (!windows.dead_anywhere(s.boxes, s.player)) return true;
        ++window_only;
        const int exact = hsearch::sokoban::testing::exact_cost(board, s, 20000);
        EXPECT_LT(exact, 0) << "level " << n << ": a solvable state called a dead end\n" << d.state_string(s);
        if (exact == -2) ++proven;
        return false;
      });
    }
  }
  std::printf("states %d, dead ends only the windows see %d, of them proven unsolvable %d\n", states, window_only,
              proven);
  EXPECT_GT(window_only, hsearch::testing::kSanitized ? 50 : 120);
  EXPECT_GT(proven, hsearch::testing::kSanitized ? 45 : 110);
}

// The same optima on Microban with and without the tables.
TEST(WindowDeadlocks, SameOptimaOnMicrobanWithAndWithout) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  SolveOptions on, off;
  on.window_min_boxes = 2;  // every level (Microban's are small)
  off.window_deadlocks = false;
  EXPECT_GT(hsearch::sokoban::testing::expect_same_optima_on_microban({on, off}),
            hsearch::testing::sweep(50));
}

// Every state on a push-optimal solution is solvable, so no window may call it a dead end. The
// solutions come from the solver without the tables (Microban's levels of four boxes or more
// that it proves within its budget); each is walked push by push and every state after a push
// is tested against every window.
TEST(WindowDeadlocks, NoStateOnAnOptimalSolutionIsCalledDead) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  using Set = SokobanDomain::State::CellSetType;
  SolveOptions off;
  off.window_deadlocks = false;
  off.fewer_moves = false;
  off.limits.max_expanded = 20000;
  int solutions = 0, states = 0;
  for (int n = 1; n <= 155; n += hsearch::testing::stride(1)) {
    const Level& level = entries[static_cast<std::size_t>(n - 1)].level;
    const Board board(level);
    if (board.initial_boxes().size() < 4) continue;
    const SolveReport r = solve_level(level, off);
    if (!r.solved() || !r.result.optimal) continue;
    ++solutions;
    const WindowDeadlockTable windows(board);
    Set boxes;
    for (std::uint16_t c : board.initial_boxes()) boxes.set(c);
    int player = board.initial_player(), pushes = 0;
    for (const char step : r.lurd) {
      const int d = static_cast<int>(std::string_view("urdl").find(static_cast<char>(std::tolower(step))));
      ASSERT_GE(d, 0) << "level " << n << ": step '" << step << "'";
      const int next = board.neighbor(player, d);
      ASSERT_NE(next, kNoCell) << "level " << n << ": the solution walks into a wall";
      if (boxes.test(next)) {
        const int ahead = board.neighbor(next, d);
        ASSERT_NE(ahead, kNoCell) << "level " << n;
        boxes.reset(next);
        boxes.set(ahead);
        ++states;
        ++pushes;
        EXPECT_FALSE(windows.dead_anywhere(boxes, next))
            << "level " << n << ": the optimal solution's state after push " << pushes << " called a dead end";
      }
      player = next;
    }
  }
  std::printf("optimal solutions %d, states after a push %d\n", solutions, states);
  EXPECT_GT(solutions, hsearch::testing::kSanitized ? 30 : 60);
}

namespace {
// One setting of the frozen-corral test: with or without the windows, and how many pushes it
// looks ahead through itself.
struct CorralTest {
  bool windows;
  int depth;
};
struct CorralSweep {
  int states = 0, found = 0, proven = 0;
};

// Random walks over Microban (8 per level): each state no window calls dead whose frozen corral
// only `stronger` sees, not `weaker`, must have no solution (the exact search proves it
// unsolvable or does not finish; it never finds a solution). Counts those states and proofs.
CorralSweep sweep_corral_gain(std::uint64_t seed, CorralTest stronger, CorralTest weaker) {
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  std::mt19937_64 rng(seed);
  CorralSweep out;
  for (int n = 1; n <= 155; n += hsearch::testing::stride(1)) {
    const Board board(entries[static_cast<std::size_t>(n - 1)].level);
    const WindowDeadlockTable windows(board);
    const SokobanDomain d(board);
    const bool every_goal_needed = board.initial_boxes().size() == board.goals().size();
    const auto frozen = [&](const SokobanDomain::State& s, CorralTest t) {
      bool any = false;
      s.boxes.for_each([&](int c) {
        any = any || frozen_corral(board, s.boxes, s.reach, c, every_goal_needed, t.windows ? &windows : nullptr,
                                   t.depth);
      });
      return any;
    };
    for (int walk = 0; walk < 8; ++walk) {
      random_walk(d, rng, [&](const SokobanDomain::State& s) {
        if (windows.dead_anywhere(s.boxes, s.player)) return false;
        ++out.states;
        if (!frozen(s, stronger) || frozen(s, weaker)) return true;
        ++out.found;
        const int exact = hsearch::sokoban::testing::exact_cost(board, s, 20000);
        EXPECT_LT(exact, 0) << "level " << n << ": a solvable state called a dead end\n" << d.state_string(s);
        if (exact == -2) ++out.proven;
        return false;
      });
    }
  }
  return out;
}
}  // namespace

// The frozen-corral test given the windows (corral.hpp): a region the player cannot enter is
// also frozen when each of its possible pushes leads into a window deadlock. On random walks
// over Microban, the states where only that combination sees a dead end (neither the corral
// test alone nor any window on the state itself) must have no solution.
TEST(WindowDeadlocks, CorralsWhosePushesLeadIntoWindowDeadlocksAreUnsolvable) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const CorralSweep r = sweep_corral_gain(20261204, {true, 0}, {false, 0});
  std::printf("states %d, corrals frozen only through the windows %d, of them proven unsolvable %d\n", r.states,
              r.found, r.proven);
  EXPECT_GT(r.found, hsearch::testing::kSanitized ? 20 : 80);
  EXPECT_GT(r.proven, hsearch::testing::kSanitized ? 15 : 70);
}

// The frozen-corral test looking ahead through itself (corral.hpp's `depth`): a region is also
// frozen when each of its possible pushes leaves a frozen region behind. On random walks over
// Microban, the states where only depth 2 sees a dead end (not depth 0, not a window on the
// state itself) must have no solution.
TEST(WindowDeadlocks, CorralsLookingAheadThroughThemselvesAreUnsolvable) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const CorralSweep r = sweep_corral_gain(20261205, {true, 2}, {true, 0});
  std::printf("states %d, corrals frozen only two pushes deep %d, of them proven unsolvable %d\n", r.states,
              r.found, r.proven);
  EXPECT_GT(r.found, hsearch::testing::kSanitized ? 20 : 120);
  EXPECT_GT(r.proven, hsearch::testing::kSanitized ? 20 : 120);
}
