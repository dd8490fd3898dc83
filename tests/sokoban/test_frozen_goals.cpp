// Push distances with boxes frozen on goals as walls (frozen_goals.hpp): the tables agree with
// the board's when nothing is frozen, the bound after a push equals the bound from scratch,
// and on states of Microban walks it is never above the true remaining cost (found by A*
// without the tables) while being above the plain bound on some of them; the pusher's sides
// are found again with the frozen boxes as walls.
#include <fstream>
#include <random>
#include <sstream>
#include <vector>

#include <gtest/gtest.h>

#include "collection_file.hpp"
#include "data_dir.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/sokoban/frozen_goals.hpp"
#include "hsearch/sokoban/level_reader.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"
#include "hsearch/sokoban/solver.hpp"
#include "exact_cost.hpp"
#include "same_optima.hpp"
#include "sweep.hpp"

using namespace hsearch::sokoban;

namespace {

std::vector<LevelEntry> microban() {
  return hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
}

// A* without patterns or frozen-goal distances, at most 4000 expansions (exact_cost.hpp).
int exact_cost(const Board& board, const SokobanDomain::State& s) {
  return hsearch::sokoban::testing::exact_cost(board, s, 4000);
}

}  // namespace

TEST(FrozenGoals, NothingFrozenGivesTheBoardsDistances) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto entries = microban();
  for (int n = 1; n <= 30; ++n) {
    const Board board(entries[static_cast<std::size_t>(n - 1)].level);
    FrozenGoalTables tables(board);
    const std::uint16_t* mine = tables.distances(CellSet{});
    const std::size_t goals = board.goals().size();
    for (int c = 0; c < board.cell_count(); ++c) {
      for (int d = 0; d < 4; ++d) {
        for (std::size_t g = 0; g < goals; ++g) {
          ASSERT_EQ(mine[(static_cast<std::size_t>(c) * 4 + static_cast<std::size_t>(d)) * goals + g],
                    board.distances_from_side(c, d)[g])
              << "level " << n << " cell " << c << " side " << d << " goal " << g;
        }
      }
    }
  }
}

// Walks that mostly take the push with the lowest bound, so boxes reach goals and freeze.
TEST(FrozenGoals, AdmissibleAndEqualToTheBoundFromScratchOnMicrobanWalks) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto entries = microban();
  std::mt19937_64 rng(20261122);
  int checked = 0, frozen_states = 0, raised = 0;
  for (int n = 1; n <= 155; n += hsearch::testing::stride(1)) {
    const Board board(entries[static_cast<std::size_t>(n - 1)].level);
    SokobanDomain d(board);
    SokobanDomain plain(board);
    plain.set_frozen_goal_distances(false);
    for (int walk = 0; walk < 8; ++walk) {
      SokobanDomain::State s = d.initial_state();
      for (int k = 0; k < 40 && !d.is_goal(s); ++k) {
        const auto pick = hsearch::sokoban::testing::walk_step(d, s, rng);
        if (!pick) break;
        d.apply(s, *pick);
        if (hsearch::is_dead_end(s.h)) {
          // A dead end must be proven unsolvable (with a larger budget: a few need it).
          EXPECT_EQ(hsearch::sokoban::testing::exact_cost(board, s, 400000), -2) << "level " << n;
          // A dead end that only the tables see (their side classes found without the frozen
          // boxes can leave a box no way at all) also counts as raised.
          SokobanDomain::State copy = s;
          raised += !hsearch::is_dead_end(plain.full_bound(copy));
          break;
        }
        // The incremental bound (warm start, frozen set grown push by push) equals the one
        // computed from scratch — unless the latter finds a deadlock: it tests every box's
        // corral, apply() only the pushed box's.
        SokobanDomain::State scratch = s;
        const int from_scratch = d.full_bound(scratch);
        if (!hsearch::is_dead_end(from_scratch)) {
          EXPECT_EQ(from_scratch, s.h) << "level " << n;
        }
        EXPECT_TRUE(s.frozen == frozen_boxes(board, s.boxes)) << "level " << n;
        if (!s.frozen.any()) continue;
        ++frozen_states;
        SokobanDomain::State copy = s;
        const int before = plain.full_bound(copy);
        if (!hsearch::is_dead_end(before)) {
          EXPECT_GE(s.h, before) << "level " << n;
          raised += s.h > before;
        }
        const int truth = exact_cost(board, s);
        if (truth == -2) break;  // unsolvable, not detected: any bound is admissible there
        if (truth == -1) continue;
        ++checked;
        EXPECT_LE(s.h, truth) << "level " << n;
      }
    }
  }
  EXPECT_GE(checked, 300);
  EXPECT_GT(raised, 0);  // the tables saw something the plain distances did not
  std::cout << "checked " << checked << " states with frozen boxes (" << frozen_states << " seen), " << raised
            << " raised\n";
}

// The last box can reach its goal only if the player gets above the corridor square over the
// goal, which only the room at the top leads to; on the empty board the player could also walk
// round through the goal corridor at the bottom left, but the boxes frozen there wall it. The
// tables find the pusher's sides again with those walls: no way is left (the board's sides
// kept a way of 8 pushes, up into the room and down). (The state is a dead end: the box can
// only go left, into the corner.)
TEST(FrozenGoals, FrozenBoxesThatShutThePusherOutLeaveNoWay) {
  std::istringstream text(
      "#######\n"
      "#     #\n"
      "#  @  #\n"
      "#     #\n"
      "### ###\n"
      "# $   #\n"
      "#*#.###\n"
      "#** #\n"
      "#####\n");
  const auto entries = read_levels(text, "shut-out");
  ASSERT_EQ(entries.size(), 1u);
  // The frozen boxes stay boxes (BoardOptions), as if they had frozen on the way.
  const Board board(entries[0].level, BoardOptions{false});
  const int box = board.cell_at(5, 2);
  const int goal = board.goal_index(board.cell_at(6, 3));
  ASSERT_GE(goal, 0);
  EXPECT_EQ(board.distance_with_player(goal, box, board.initial_player()), 8);

  SokobanDomain d(board);
  const SokobanDomain::State s = d.initial_state();
  const CellSet frozen = frozen_boxes(board, s.boxes);
  ASSERT_EQ(frozen.count(), 3);
  FrozenGoalTables tables(board);
  const std::uint16_t* with_walls = tables.distances(frozen);
  const std::size_t goals = board.goals().size();
  for (int side = 0; side < 4; ++side) {
    EXPECT_EQ(with_walls[(static_cast<std::size_t>(box) * 4 + static_cast<std::size_t>(side)) * goals +
                         static_cast<std::size_t>(goal)],
              kUnreachable)
        << "side " << side;
  }
  EXPECT_EQ(hsearch::sokoban::testing::exact_cost(board, s, 400000), -2);
}

TEST(FrozenGoals, SameOptimaOnMicrobanWithAndWithout) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  SolveOptions on, off;
  off.frozen_goal_distances = false;
  EXPECT_GE(hsearch::sokoban::testing::expect_same_optima_on_microban({on, off}), hsearch::testing::sweep(50));
}
