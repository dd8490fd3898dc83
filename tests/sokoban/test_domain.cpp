// The search domain: apply/undo exactness, incremental values equal to from-scratch ones along
// random walks, player normalisation, packing, move ordering, the text of states and pushes.
#include <fstream>
#include <random>

#include <gtest/gtest.h>

#include "collection_file.hpp"
#include "data_dir.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"
#include "level_text.hpp"

using namespace hsearch::sokoban;
using hsearch::sokoban::testing::cell;
using hsearch::sokoban::testing::level_from;

namespace {
using State = SokobanDomain::State;
using Move = SokobanDomain::Move;

void expect_same_derived(const State& a, const State& b) {
  EXPECT_TRUE(a == b);
  EXPECT_EQ(a.hash, b.hash);
  EXPECT_EQ(a.h, b.h);
  EXPECT_TRUE(a.reach == b.reach);
}

// Random walks: after every push the incremental state equals the state rebuilt from its key.
void random_walks(const Level& level, unsigned seed, int walks, int length) {
  const Board board(level);
  const SokobanDomain d(board);
  std::mt19937 rng(seed);
  for (int w = 0; w < walks; ++w) {
    State s = d.initial_state();
    for (int step = 0; step < length; ++step) {
      std::vector<Move> moves;
      d.for_each_move(s, [&](const Move& m) { moves.push_back(m); });
      if (moves.empty() || hsearch::is_dead_end(s.h)) break;
      const Move m = moves[rng() % moves.size()];
      const State before = s;
      const State undo = d.apply(s, m);
      // Undo restores everything.
      State back = s;
      d.undo(back, m, undo);
      expect_same_derived(back, before);
      EXPECT_TRUE(back.match.col_of_row == before.match.col_of_row);
      // The incremental state equals the one rebuilt from scratch.
      const State fresh = d.unpack(d.pack(s));
      EXPECT_TRUE(fresh == s);
      EXPECT_EQ(fresh.hash, s.hash);
      EXPECT_TRUE(fresh.reach == s.reach);
      if (!hsearch::is_dead_end(s.h)) {
        ASSERT_EQ(fresh.h, s.h) << "step " << step;
      }
    }
  }
}
}  // namespace

TEST(SokobanDomain, MovesOfASmallLevel) {
  const Board b(level_from("#######\n#@$  .#\n#     #\n#######\n"));
  const SokobanDomain d(b);
  const State s = d.initial_state();
  std::vector<Move> moves;
  d.for_each_move(s, [&](const Move& m) { moves.push_back(m); });
  // The box on (1,2) can only go right: up and down need a wall square (row 0) as the player's
  // or the box's square, and left would put it into the dead corner (1,1).
  ASSERT_EQ(moves.size(), 1U);
  EXPECT_EQ(moves[0].dir, kRight);
  for (const auto& m : moves) EXPECT_EQ(m.from, cell(b, 1, 2));
  EXPECT_EQ(s.h, 3);
  EXPECT_FALSE(d.is_goal(s));
}

TEST(SokobanDomain, NormalisedPlayerMakesEquivalentPositionsEqual) {
  const Board b1(level_from("#######\n#@ $ .#\n#     #\n#######\n"));
  const Board b2(level_from("#######\n#  $ .#\n#   @ #\n#######\n"));
  const SokobanDomain d1(b1), d2(b2);
  const State s1 = d1.initial_state(), s2 = d2.initial_state();
  EXPECT_EQ(s1.player, s2.player);
  EXPECT_EQ(s1.player, s1.reach.first());  // the smallest reachable cell
  EXPECT_TRUE(s1 == s2);
  EXPECT_EQ(d1.hash(s1), d2.hash(s2));
}

TEST(SokobanDomain, DeadStartAndPushesIntoDeadCellsAreNotGenerated) {
  const Board dead(level_from("#####\n#$ .#\n# @ #\n#####\n"));  // box in a corner
  EXPECT_TRUE(hsearch::is_dead_end(SokobanDomain(dead).initial_state().h));
  const Board b(level_from("######\n#@$ .#\n#    #\n######\n"));
  const SokobanDomain d(b);
  d.for_each_move(d.initial_state(), [&](const Move& m) {
    EXPECT_TRUE(b.is_live(b.neighbor(m.from, m.dir)));
  });
}

TEST(SokobanDomain, PackUnpackRoundTrip) {
  const Board b(level_from("########\n#@$ $..#\n#  $ . #\n########\n"));
  const SokobanDomain d(b);
  const State s = d.initial_state();
  const State t = d.unpack(d.pack(s));
  expect_same_derived(t, s);
}

TEST(SokobanDomain, RandomWalksKeepIncrementalValuesExact) {
  random_walks(level_from("#########\n#@ $  . #\n# $ ##  #\n#  $ .. #\n#   #   #\n#########\n"), 1, 50, 40);
}

TEST(SokobanDomain, RandomWalksOnMicroban) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  for (int n : {6, 16, 40, 93, 144, 155}) random_walks(entries[static_cast<std::size_t>(n - 1)].level, static_cast<unsigned>(n), 10, 60);
}

// XSokoban has long corridors, where the player's side of a box matters most for the bound.
TEST(SokobanDomain, RandomWalksOnXSokoban) {
  HSEARCH_REQUIRE_DATA("sokoban/xsokoban/XSokoban.xsb");
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/xsokoban/XSokoban.xsb");
  for (int n : {1, 2, 6, 43, 51}) random_walks(entries[static_cast<std::size_t>(n - 1)].level, static_cast<unsigned>(n), 5, 60);
}

// Pushes onto goals come first, the most enclosed goal first (whatever the box's number), then
// the rest; after a push, the pushed box's other pushes lead the rest, same direction first.
TEST(SokobanDomain, MoveOrderingGoalsByEnclosureThenTheBoxPushedLast) {
  // Box (2,6) can go down onto the goal (3,6): shut below only (1 side). Box (1,2) can go left
  // onto the goal (1,1), a corner (2 sides). Box (1,2) comes first in cell order either way, so
  // the other box's goal push is placed by its rank, not its number.
  const Board b(level_from(
      "#########\n"
      "#.$ @   #\n"
      "#     $ #\n"
      "#     . #\n"
      "#########\n"));
  const SokobanDomain d(b);
  State s = d.initial_state();
  std::vector<Move> moves;
  d.for_each_move(s, [&](const Move& m) { moves.push_back(m); });
  ASSERT_GE(moves.size(), 3U);
  EXPECT_EQ(moves[0].from, cell(b, 1, 2));
  EXPECT_EQ(moves[0].dir, kLeft);
  EXPECT_EQ(moves[1].from, cell(b, 2, 6));
  EXPECT_EQ(moves[1].dir, kDown);
  for (std::size_t k = 0; k + 1 < moves.size(); ++k) {
    EXPECT_GE(goal_enclosure(b, s.boxes, moves[k].from, b.neighbor(moves[k].from, moves[k].dir)),
              goal_enclosure(b, s.boxes, moves[k + 1].from, b.neighbor(moves[k + 1].from, moves[k + 1].dir)))
        << "push " << k;
  }
  // Push the box (2,6) left (no goal there): its pushes, left first, lead the pushes that do
  // not reach a goal.
  d.apply(s, Move{static_cast<std::uint16_t>(cell(b, 2, 6)), kLeft});
  moves.clear();
  d.for_each_move(s, [&](const Move& m) { moves.push_back(m); });
  std::size_t first_plain = 0;
  while (first_plain < moves.size() &&
         b.is_goal(b.neighbor(moves[first_plain].from, moves[first_plain].dir))) {
    ++first_plain;
  }
  ASSERT_LT(first_plain, moves.size());
  EXPECT_EQ(moves[first_plain].from, cell(b, 2, 5));
  EXPECT_EQ(moves[first_plain].dir, kLeft);
}

TEST(SokobanDomain, StateAndPushText) {
  const Board b(level_from("#######\n#@$  .#\n#  *  #\n#######\n"));
  const SokobanDomain d(b);
  State s = d.initial_state();
  // The player is drawn on its normalised square, the smallest cell of its area. Live cells
  // are numbered first, so that is (2,2), not the dead corners (1,1) and (2,1).
  EXPECT_EQ(d.state_string(s), "#######\n# $  .#\n# @*  #\n#######\n");
  const Move right{static_cast<std::uint16_t>(cell(b, 1, 2)), kRight};
  EXPECT_EQ(d.move_name(right), "R@2,3");
  d.apply(s, right);
  EXPECT_EQ(d.state_string(s), "#######\n# @$ .#\n#  *  #\n#######\n");
}

// The player's area after a push, kept up to date locally (update_player_area), equals
// the flood from scratch: random boxes on XSokoban and Microban boards, random pushes the
// player can make. Many of them cut the area, and some cut a part of it off.
TEST(SokobanDomain, PlayerAreaAfterAPushIsTheFloodFromScratch) {
  HSEARCH_REQUIRE_DATA("sokoban/xsokoban/XSokoban.xsb");
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto xsokoban = hsearch::sokoban::testing::read_collection("sokoban/xsokoban/XSokoban.xsb");
  const auto microban = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  std::mt19937 rng(7);
  int pushes = 0, shrunk = 0;
  for (const Level* level : {&xsokoban[0].level, &xsokoban[4].level, &xsokoban[44].level, &xsokoban[88].level,
                             &microban[143].level, &microban[154].level}) {
    const Board board(*level);
    const int cells = board.cell_count();
    for (int trial = 0; trial < 400; ++trial) {
      CellSet boxes;
      const int wanted = 1 + static_cast<int>(rng() % static_cast<unsigned>(cells / 3));
      for (int i = 0; i < wanted; ++i) boxes.set(static_cast<int>(rng() % static_cast<unsigned>(cells)));
      int player = static_cast<int>(rng() % static_cast<unsigned>(cells));
      if (boxes.test(player)) continue;
      CellSet reach;
      flood_player_area(board, boxes, static_cast<std::uint16_t>(player), reach);
      // Every push the player can make from this area.
      std::vector<std::pair<std::uint16_t, std::uint16_t>> legal;
      reach.for_each([&](int c) {
        for (int d = 0; d < 4; ++d) {
          const std::uint16_t from = board.neighbor(static_cast<std::uint16_t>(c), d);
          if (from == kNoCell || !boxes.test(from)) continue;
          const std::uint16_t to = board.neighbor(from, d);
          if (to != kNoCell && !boxes.test(to)) legal.emplace_back(from, to);
        }
      });
      if (legal.empty()) continue;
      const auto [from, to] = legal[rng() % legal.size()];
      boxes.reset(from);
      boxes.set(to);
      const int before = reach.count();
      const std::uint16_t normalised = update_player_area(board, boxes, reach, from, to);
      CellSet fresh;
      const std::uint16_t expected = flood_player_area(board, boxes, from, fresh);
      ASSERT_TRUE(reach == fresh) << "level cells " << cells << ", trial " << trial;
      EXPECT_EQ(normalised, expected);
      ++pushes;
      shrunk += reach.count() < before - 1 ? 1 : 0;
    }
  }
  EXPECT_GE(pushes, 1000);
  EXPECT_GE(shrunk, 50);
}
