// The sliding-tile domain: moves, apply/undo, parsing, parity, random instances.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "hsearch/fifteen_puzzle/board_io.hpp"
#include "hsearch/fifteen_puzzle/domain.hpp"
#include "hsearch/fifteen_puzzle/inverse_move_pruner.hpp"
#include "hsearch/fifteen_puzzle/manhattan.hpp"
#include "hsearch/search/ida_star.hpp"
#include "replay.hpp"

namespace hsearch::fifteen {
namespace {

template <class Board>
void check_moves_and_undo(unsigned w, unsigned h) {
  const SlidingTilePuzzle<Board> puzzle(w, h);
  std::mt19937_64 rng(7);
  auto state = make_board<Board>(random_solvable_tiles(w, h, rng));
  for (int step = 0; step < 2000; ++step) {
    std::vector<typename SlidingTilePuzzle<Board>::Move> moves;
    puzzle.for_each_move(state, [&](const auto& m) { moves.push_back(m); });
    const unsigned r = state.blank / w, c = state.blank % w;
    const std::size_t expected = (r > 0) + (r + 1 < h) + (c > 0) + (c + 1 < w);
    ASSERT_EQ(moves.size(), expected);
    for (const auto& m : moves) {
      const Board before = state;
      const unsigned tile = state.at(m.to);
      const auto u = puzzle.apply(state, m);
      EXPECT_EQ(state.at(m.from), tile);
      EXPECT_EQ(state.at(m.to), 0u);
      EXPECT_EQ(state.blank, m.to);
      puzzle.undo(state, m, u);
      EXPECT_TRUE(state == before);
      EXPECT_EQ(state.blank, before.blank);
    }
    puzzle.apply(state, moves[rng() % moves.size()]);
  }
}

TEST(SlidingTileDomain, MovesApplyUndoPacked4x4) { check_moves_and_undo<PackedBoard>(4, 4); }
TEST(SlidingTileDomain, MovesApplyUndoPacked3x3) { check_moves_and_undo<PackedBoard>(3, 3); }
TEST(SlidingTileDomain, MovesApplyUndoByte5x5) { check_moves_and_undo<ByteBoard>(5, 5); }
TEST(SlidingTileDomain, MovesApplyUndoByte7x7And3x5) {
  check_moves_and_undo<ByteBoard>(7, 7);
  check_moves_and_undo<ByteBoard>(3, 5);
}

TEST(SlidingTileDomain, MoveOrderAndLabels) {
  const FifteenPuzzle puzzle(4, 4, "ULRD");
  auto s = make_board<PackedBoard>({1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15});
  std::string order;
  puzzle.for_each_move(s, [&](const auto& m) { order += puzzle.move_name(m); });
  EXPECT_EQ(order, "ULRD");
  const FifteenPuzzle other(4, 4, "DRLU");
  order.clear();
  other.for_each_move(s, [&](const auto& m) { order += other.move_name(m); });
  EXPECT_EQ(order, "DRLU");
  EXPECT_EQ(std::string(kLabelLetters, 4), "UDLR");  // in label order: up, down, left, right
  for (unsigned l = 0; l < 4; ++l) EXPECT_EQ(puzzle.inverse_label(puzzle.inverse_label(l)), l);
  EXPECT_EQ(puzzle.inverse_label(kUp), unsigned{kDown});
  EXPECT_EQ(puzzle.inverse_label(kLeft), unsigned{kRight});
  EXPECT_THROW(FifteenPuzzle(4, 4, "ULRR"), std::invalid_argument);
  EXPECT_THROW(FifteenPuzzle(4, 4, "HGDB"), std::invalid_argument);  // the old letters are gone
  EXPECT_THROW(FifteenPuzzle(5, 5), std::invalid_argument);  // 25 cells do not fit 64 bits
  EXPECT_THROW(LargePuzzle(8, 7), std::invalid_argument);
}

TEST(SlidingTileDomain, PackUnpack) {
  const FifteenPuzzle puzzle(4, 4);
  std::mt19937_64 rng(3);
  for (int i = 0; i < 100; ++i) {
    const auto s = make_board<PackedBoard>(random_solvable_tiles(4, 4, rng));
    const auto u = puzzle.unpack(puzzle.pack(s));
    EXPECT_TRUE(u == s);
    EXPECT_EQ(u.blank, s.blank);
  }
}

TEST(BoardText, ParsesSeedExample) {
  const auto r = parse_tiles("10 6 4 12 1 14 3 7 5 15 11 13 8 0 2 9 \n", 16);
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(format_tiles(r.tiles), "10 6 4 12 1 14 3 7 5 15 11 13 8 0 2 9");
}

TEST(BoardText, RejectsBadInputWithOneLineMessages) {
  EXPECT_EQ(parse_tiles("0 1 2", 16).error, "expected 16 tiles, got 3");
  EXPECT_EQ(parse_tiles("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 1", 16).error,
            "too many values: expected 16 tiles");
  EXPECT_EQ(parse_tiles("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 16", 16).error,
            "value 16: tile 16 out of range 0..15");
  EXPECT_EQ(parse_tiles("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 14", 16).error,
            "tile 14 appears twice (value 16)");
  EXPECT_EQ(parse_tiles("0 1 x 3", 16).error, "value 3 is not a tile number: 'x'");
  EXPECT_EQ(parse_tiles("0 -1", 16).error, "value 2 is not a tile number: '-1'");
  EXPECT_EQ(parse_tiles("0 99999999999999999999999", 16).error,
            "value 2 is not a tile number: '99999999999999999999999'");
  EXPECT_EQ(parse_tiles("", 16).error, "expected 16 tiles, got 0");
  const auto on_line_two = parse_tiles("0 1 2 3 4 5 6 7\n8 9 x 11 12 13 14 15\n", 16);
  EXPECT_EQ(on_line_two.error, "value 11 is not a tile number: 'x'");
  EXPECT_EQ(on_line_two.line, 2u);
}

TEST(Parity, RandomWalksStaySolvableSwapsDoNot) {
  for (auto [w, h] : {std::pair{4u, 4u}, {3u, 3u}, {5u, 5u}, {3u, 4u}, {2u, 5u}}) {
    const LargePuzzle puzzle(w, h);
    std::mt19937_64 rng(w * 31 + h);
    auto s = puzzle.goal();
    for (int step = 0; step < 500; ++step) {
      std::vector<LargePuzzle::Move> moves;
      puzzle.for_each_move(s, [&](const auto& m) { moves.push_back(m); });
      puzzle.apply(s, moves[rng() % moves.size()]);
      auto tiles = board_tiles(s, w * h);
      ASSERT_TRUE(solvable(tiles, w)) << format_tiles(tiles);
      // Swapping two tiles (not the blank) gives the other half of the space.
      unsigned a = tiles[0] == 0 ? 1 : 0, b = tiles[a + 1] == 0 ? a + 2 : a + 1;
      std::swap(tiles[a], tiles[b]);
      ASSERT_FALSE(solvable(tiles, w)) << format_tiles(tiles);
    }
  }
  // Loyd's unsolvable 14-15 swap.
  EXPECT_FALSE(solvable({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14}, 4));
}

TEST(Parity, RandomInstancesAreSolvableAndVaried) {
  std::mt19937_64 rng(42);
  std::set<std::vector<unsigned>> distinct;
  for (int i = 0; i < 200; ++i) {
    const auto t = random_solvable_tiles(4, 4, rng);
    EXPECT_TRUE(solvable(t, 4));
    distinct.insert(t);
  }
  EXPECT_GT(distinct.size(), 190u);
  // 8-puzzle random instances are actually solved by IDA*, and the plan replays to the goal.
  const FifteenPuzzle puzzle(3, 3);
  const Manhattan<PackedBoard> md(puzzle);
  for (int i = 0; i < 20; ++i) {
    const auto t = random_solvable_tiles(3, 3, rng);
    const auto r = ida_star(puzzle, make_board<PackedBoard>(t), md, IdaStarOptions{},
                            InverseMovePruner{});
    ASSERT_TRUE(r.solved());
    EXPECT_TRUE(testing::replay_reaches_goal(t, 3, 3, r.plan));
  }
}

}  // namespace
}  // namespace hsearch::fifteen
