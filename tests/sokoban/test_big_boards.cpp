// Levels larger than the 256-cell states of the usual collections: the solver picks a wider
// cell set (cell_set.hpp) from the level's size and stays push-optimal. The optima are checked
// against computations written here from the level text alone: a breadth-first search over
// (box, player) squares for one box, and for the many-box room a lower bound (each box's
// distance to its nearest goal) that the replayed solution meets.
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/cell_set.hpp"
#include "hsearch/sokoban/game/deadlock.hpp"
#include "hsearch/sokoban/game/game.hpp"
#include "hsearch/sokoban/solver.hpp"
#include "level_text.hpp"

using namespace hsearch::sokoban;
using hsearch::sokoban::testing::level_from;

namespace {

// A walled rectangle of `rows` x `cols` squares (walls included), all floor inside.
std::vector<std::string> room(int rows, int cols) {
  std::vector<std::string> g(static_cast<std::size_t>(rows), std::string(static_cast<std::size_t>(cols), ' '));
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      if (r == 0 || c == 0 || r == rows - 1 || c == cols - 1) g[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = '#';
    }
  }
  return g;
}

std::string text_of(const std::vector<std::string>& g) {
  std::string t;
  for (const auto& row : g) t += row + "\n";
  return t;
}

void put(std::vector<std::string>& g, int r, int c, char ch) { g[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = ch; }

int floor_squares(const std::vector<std::string>& g) {
  int n = 0;
  for (const auto& row : g)
    for (char ch : row) n += ch != '#';
  return n;
}

// The fewest pushes that bring the level's single box onto a goal, by a breadth-first search
// over (box square, player square) with walks free and pushes costing 1 (a 0-1 BFS), written
// from the rules alone: the player steps onto floor, or pushes the box onto the floor beyond.
// -1 when no goal can be reached.
int one_box_optimum(const std::vector<std::string>& g) {
  const int rows = static_cast<int>(g.size()), cols = static_cast<int>(g[0].size());
  int box = -1, player = -1;
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      const char ch = g[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      if (ch == '$' || ch == '*') box = r * cols + c;
      if (ch == '@' || ch == '+') player = r * cols + c;
    }
  }
  auto at = [&](int square) { return g[static_cast<std::size_t>(square / cols)][static_cast<std::size_t>(square % cols)]; };
  auto goal = [&](int square) { const char ch = at(square); return ch == '.' || ch == '*' || ch == '+'; };
  const int n = rows * cols;
  std::vector<int> dist(static_cast<std::size_t>(n) * static_cast<std::size_t>(n), -1);
  std::deque<std::pair<int, int>> queue;
  auto index = [&](int b, int p) { return static_cast<std::size_t>(b) * static_cast<std::size_t>(n) + static_cast<std::size_t>(p); };
  dist[index(box, player)] = 0;
  queue.emplace_back(box, player);
  const int step[4] = {-cols, 1, cols, -1};
  std::vector<char> done(dist.size(), 0);
  while (!queue.empty()) {
    const auto [b, p] = queue.front();
    queue.pop_front();
    if (done[index(b, p)]) continue;
    done[index(b, p)] = 1;
    const int d = dist[index(b, p)];
    if (goal(b)) return d;
    for (int s : step) {
      const int q = p + s;
      if (at(q) == '#') continue;
      if (q != b) {
        if (dist[index(b, q)] < 0 || dist[index(b, q)] > d) {
          dist[index(b, q)] = d;
          queue.emplace_front(b, q);
        }
      } else if (at(b + s) != '#') {
        if (dist[index(b + s, b)] < 0 || dist[index(b + s, b)] > d + 1) {
          dist[index(b + s, b)] = d + 1;
          queue.emplace_back(b + s, b);
        }
      }
    }
  }
  return -1;
}

// 592 floor squares, one box: a 24 x 25 room with 8 pillars, the box behind two of them (so
// the player must walk round before pushing it out), the goal far off.
std::vector<std::string> level_592() {
  std::vector<std::string> g = room(26, 27);
  for (const auto& [r, c] : std::vector<std::pair<int, int>>{{3, 5}, {5, 3}, {6, 6}, {6, 7}, {12, 12}, {13, 12}, {18, 20}, {19, 21}})
    put(g, r, c, '#');
  put(g, 4, 4, '$');
  put(g, 22, 23, '.');
  put(g, 12, 14, '@');
  return g;
}

}  // namespace

TEST(BigBoards, CellSetWidthsAreChosenFromTheFloor) {
  int chosen = 0;
  with_cell_set_for(256, [&]<class Set>(Set) { chosen = Set::kCapacity; });
  EXPECT_EQ(chosen, 256);
  with_cell_set_for(257, [&]<class Set>(Set) { chosen = Set::kCapacity; });
  EXPECT_EQ(chosen, 1024);
  with_cell_set_for(592, [&]<class Set>(Set) { chosen = Set::kCapacity; });
  EXPECT_EQ(chosen, 1024);
  with_cell_set_for(3364, [&]<class Set>(Set) { chosen = Set::kCapacity; });
  EXPECT_EQ(chosen, 4096);
  with_cell_set_for(40, [&]<class Set>(Set) { chosen = Set::kCapacity; }, 1000);
  EXPECT_EQ(chosen, 1024);
}

TEST(BigBoards, OneBoxOnMoreThan256SquaresIsSolvedPushOptimally) {
  // 18 x 18 = 324 floor squares; the box must go round a wall to reach its goal.
  std::vector<std::string> g = room(20, 20);
  for (int r = 1; r <= 15; ++r) put(g, r, 10, '#');
  put(g, 5, 5, '$');
  put(g, 5, 15, '.');
  put(g, 2, 2, '@');
  const int floor = floor_squares(g);
  ASSERT_GT(floor, kMaxCells);
  const Level lv = level_from(text_of(g));
  EXPECT_EQ(Board(lv).cell_count(), floor);
  const int expected = one_box_optimum(g);
  ASSERT_GT(expected, 10);
  const SolveReport r = solve_level(lv);
  ASSERT_TRUE(r.solved()) << r.status() << " " << r.message;
  EXPECT_TRUE(r.result.optimal);
  EXPECT_EQ(r.pushes, expected);
  EXPECT_EQ(verify_lurd(lv, r.lurd), "");
}

TEST(BigBoards, A592SquareOneBoxLevelIsSolvedPushOptimally) {
  const std::vector<std::string> g = level_592();
  ASSERT_EQ(floor_squares(g), 592);
  const Level lv = level_from(text_of(g));
  EXPECT_EQ(Board(lv).cell_count(), 592);
  const int expected = one_box_optimum(g);
  ASSERT_GT(expected, 20);
  for (const Algorithm a : {Algorithm::astar, Algorithm::ida}) {
    SolveOptions o;
    o.algorithm = a;
    const SolveReport r = solve_level(lv, o);
    ASSERT_TRUE(r.solved()) << r.status() << " " << r.message;
    EXPECT_TRUE(r.result.optimal);
    EXPECT_EQ(r.pushes, expected) << to_string(a);
    EXPECT_EQ(verify_lurd(lv, r.lurd), "");
  }
}

TEST(BigBoards, A60By60RoomWithTenBoxesIsSolvedPushOptimally) {
  // 58 x 58 = 3364 floor squares (the 4096-cell states). Ten boxes, each three pushes from its
  // goal along an empty row, in rows far enough apart that no box is ever in another's way.
  // Lower bound: a push moves one box one square, so every box needs at least its distance
  // (rows + columns) to the nearest goal. A solution with that many pushes is optimal.
  std::vector<std::string> g = room(60, 60);
  std::vector<std::pair<int, int>> boxes, goals;
  for (int i = 0; i < 10; ++i) {
    const int r = 3 + 5 * i, c = 5 + 4 * i;
    boxes.emplace_back(r, c);
    goals.emplace_back(r, c + 3);
    put(g, r, c, '$');
    put(g, r, c + 3, '.');
  }
  put(g, 58, 1, '@');
  ASSERT_EQ(floor_squares(g), 3364);
  int lower_bound = 0;
  for (const auto& [br, bc] : boxes) {
    int nearest = 1 << 20;
    for (const auto& [gr, gc] : goals) nearest = std::min(nearest, std::abs(br - gr) + std::abs(bc - gc));
    lower_bound += nearest;
  }
  ASSERT_EQ(lower_bound, 30);
  const Level lv = level_from(text_of(g));
  SolveOptions o;
  o.limits.max_seconds = 60;  // a failure, not a hang, if the search went astray
  // The push optimum takes under a second; the fewer-moves pass (tested on small levels in
  // test_fewer_moves.cpp) would spend its whole budget ordering the ten boxes' walks.
  o.fewer_moves = false;
  const SolveReport r = solve_level(lv, o);
  ASSERT_TRUE(r.solved()) << r.status() << " " << r.message;
  EXPECT_TRUE(r.result.optimal);
  EXPECT_EQ(r.pushes, lower_bound);
  EXPECT_EQ(verify_lurd(lv, r.lurd), "");
}

TEST(BigBoards, AWiderStateFindsTheSameOptimumWithTheSameSearch) {
  // A small level (the program's built-in one, 3 boxes) solved on the 256-cell states and
  // forced onto the wider ones: the same pushes, moves and expansions (only the width differs).
  const Level lv = hsearch::sokoban::testing::three_boxes();
  const SolveReport narrow = solve_level(lv);
  ASSERT_TRUE(narrow.solved());
  for (const int at_least : {1000, 4000}) {
    SolveOptions o;
    o.min_cell_set_cells = at_least;
    const SolveReport wide = solve_level(lv, o);
    ASSERT_TRUE(wide.solved()) << at_least;
    EXPECT_EQ(wide.pushes, narrow.pushes) << at_least;
    EXPECT_EQ(wide.moves, narrow.moves) << at_least;
    EXPECT_EQ(wide.lurd, narrow.lurd) << at_least;
    EXPECT_EQ(wide.result.stats.expanded, narrow.result.stats.expanded) << at_least;
    EXPECT_EQ(wide.result.stats.generated, narrow.result.stats.generated) << at_least;
  }
}

TEST(BigBoards, ABigLevelThatCannotBeSolvedIsProvenSo) {
  // 300 floor squares; the box sits in a corner off the goal: a dead square.
  std::vector<std::string> g = room(17, 22);
  put(g, 1, 1, '$');
  put(g, 8, 10, '.');
  put(g, 8, 12, '@');
  ASSERT_GT(floor_squares(g), kMaxCells);
  const SolveReport r = solve_level(level_from(text_of(g)));
  EXPECT_EQ(r.status(), "unsolvable");
}

TEST(BigBoards, TheGamesDeadlockTestsWorkOnBigLevels) {
  std::vector<std::string> g = room(30, 30);  // 784 floor squares
  put(g, 10, 10, '$');
  put(g, 20, 20, '.');
  put(g, 5, 5, '@');
  const Level lv = level_from(text_of(g));
  const Board board(lv);
  EXPECT_FALSE(game::find_deadlock(board, g, 5, 5).any());
  std::vector<std::string> stuck = g;
  put(stuck, 10, 10, ' ');
  put(stuck, 1, 28, '$');  // a corner
  const auto report = game::find_deadlock(board, stuck, 5, 5);
  EXPECT_EQ(report.kind, game::DeadlockKind::dead_square);
}

TEST(BigBoards, TheGamePlaysTheSolversSolutionOfABigLevel) {
  // The game (sokoban play, sokoban serve) has no size limit of its own: the 592-square level
  // is played to the end with the solver's solution, the way a hint would be.
  const Level lv = level_from(text_of(level_592()));
  const SolveReport r = solve_level(lv);
  ASSERT_TRUE(r.solved());
  game::Game g(lv);
  EXPECT_EQ(g.play(r.lurd), "");
  EXPECT_TRUE(g.won());
  EXPECT_EQ(g.pushes(), r.pushes);
  EXPECT_FALSE(g.deadlock().any());
}

TEST(BigBoards, BadLevelsKeepTheirMessages) {
  auto error_of = [](const std::string& text) -> std::string {
    try {
      const Board b(level_from(text));
    } catch (const InvalidLevel& e) {
      return e.what();
    }
    return "";
  };
  // Larger than the widest states: 68 x 68 = 4624 floor squares.
  std::vector<std::string> huge = room(70, 70);
  put(huge, 10, 10, '$');
  put(huge, 10, 12, '.');
  put(huge, 20, 20, '@');
  const std::string m = error_of(text_of(huge));
  EXPECT_NE(m.find("test.xsb:1: level 1"), std::string::npos) << m;
  EXPECT_NE(m.find("too large: 4624 floor squares (at most " + std::to_string(kMaxBoardCells) + ")"), std::string::npos)
      << m;
  // A big room that is open to the outside, and one without a player: the usual messages.
  std::vector<std::string> open = room(30, 30);
  put(open, 10, 10, '$');
  put(open, 10, 12, '.');
  put(open, 5, 5, '@');
  put(open, 0, 15, ' ');
  EXPECT_NE(error_of(text_of(open)).find("not enclosed"), std::string::npos) << error_of(text_of(open));
  std::vector<std::string> nobody = room(30, 30);
  put(nobody, 10, 10, '$');
  put(nobody, 10, 12, '.');
  EXPECT_NE(error_of(text_of(nobody)).find("no player"), std::string::npos);
  // More goals than the matching holds, in a room with space for them.
  std::vector<std::string> goals = room(30, 30);
  put(goals, 2, 2, '$');
  put(goals, 5, 5, '@');
  for (int i = 0; i < 65; ++i) put(goals, 10 + i / 20, 3 + i % 20, '.');
  EXPECT_NE(error_of(text_of(goals)).find("too many goals (65; at most 64)"), std::string::npos) << error_of(text_of(goals));
  // The solver reports the size as an invalid level, not as a crash.
  const SolveReport r = solve_level(level_from(text_of(huge)));
  EXPECT_EQ(r.status(), "invalid");
  EXPECT_NE(r.message.find("too large"), std::string::npos);
}
