// The domain adapters of search-compare: the numbers they record equal the domains' own
// statistics for the same runs (the domain's solver or the framework called directly), and
// the instance files are read with errors that name file and line.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "data_dir.hpp"
#include "hsearch/compare/grid_runner.hpp"

#ifdef HSEARCH_COMPARE_HAVE_FIFTEEN_PUZZLE
#include "adapters/fifteen_puzzle.hpp"
#include "hsearch/fifteen_puzzle/solver.hpp"
#endif
#ifdef HSEARCH_COMPARE_HAVE_HANOI
#include "adapters/hanoi.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/search/bfs.hpp"
#endif
#ifdef HSEARCH_COMPARE_HAVE_SOKOBAN
#include "adapters/sokoban.hpp"
#include "hsearch/sokoban/solver.hpp"
#endif

namespace {

using namespace hsearch::compare;

std::filesystem::path write_temp(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("hsearch_compare_" + std::to_string(::getpid()) + "_" + name);
  std::ofstream(path) << text;
  return path;
}

#ifdef HSEARCH_COMPARE_HAVE_FIFTEEN_PUZZLE
// Boards a few dozen random moves from the goal: solved in well under a second.
std::string easy_boards(int count, int walk, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const hsearch::fifteen::FifteenPuzzle puzzle(4, 4);
  std::ostringstream out;
  for (int i = 0; i < count; ++i) {
    auto board = puzzle.goal();
    for (int step = 0; step < walk; ++step) {
      std::vector<hsearch::fifteen::FifteenPuzzle::Move> moves;
      puzzle.for_each_move(board, [&](const auto& m) { moves.push_back(m); });
      puzzle.apply(board, moves[rng() % moves.size()]);
    }
    out << hsearch::fifteen::format_tiles(hsearch::fifteen::board_tiles(board, 16)) << "\n";
  }
  return out.str();
}

TEST(FifteenPuzzleAdapter, RecordsEqualTheDomainSolversStatistics) {
  const auto file = write_temp("fifteen.txt", "# easy boards\n" + easy_boards(4, 40, 5));
  FifteenPuzzleAdapter adapter;
  const auto names = adapter.load_instances(file.string());
  ASSERT_EQ(names.size(), 4u);
  const Grid grid = make_grid(adapter, {"ida", "astar"}, {"manhattan", "linear-conflict"},
                              {"none", "inverse"});
  adapter.prepare(grid.configurations, {}, std::cerr);
  RunOptions options;
  options.jobs = 2;
  options.limits.max_expanded = 2'000'000;
  const auto records = run_grid(adapter, names, grid.configurations, options);
  ASSERT_EQ(records.size(), 4u * 6u);
  for (const auto& r : records) {
    SCOPED_TRACE(r.instance + " " + r.configuration().label());
    hsearch::SolveRequest request;
    request.algorithm = r.algorithm;
    request.heuristic = r.heuristic;
    request.pruning = r.pruning;
    request.limits = options.limits;
    const auto report = hsearch::fifteen::solve(hsearch::fifteen::Instance{4, 4, adapter.tiles(r.instance_index)},
                                                request);
    const auto& direct = report.result;
    ASSERT_TRUE(direct.solved());
    EXPECT_EQ(r.status_word(), "solved");
    EXPECT_TRUE(r.verified);
    EXPECT_TRUE(r.optimal);
    EXPECT_EQ(r.cost, direct.cost);
    EXPECT_EQ(r.expanded, direct.stats.expanded);
    EXPECT_EQ(r.generated, direct.stats.generated);
    EXPECT_EQ(r.reopened, direct.stats.reopened);
    EXPECT_EQ(r.pruned, direct.stats.pruned);
  }
  std::filesystem::remove(file);
}

TEST(FifteenPuzzleAdapter, BadBoardsAreReportedWithFileAndLine) {
  FifteenPuzzleAdapter adapter;
  const auto dup = write_temp("dup.txt", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n1 1 2 3\n");
  try {
    adapter.load_instances(dup.string());
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(dup.string() + ":2:"), std::string::npos) << e.what();
  }
  const auto odd = write_temp("odd.txt", "0 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15\n");
  try {
    adapter.load_instances(odd.string());
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(":1: this board cannot reach the goal"), std::string::npos)
        << e.what();
  }
  EXPECT_THROW(adapter.load_instances("/nonexistent/boards.txt"), InputError);
  std::filesystem::remove(dup);
  std::filesystem::remove(odd);
}
#endif

#ifdef HSEARCH_COMPARE_HAVE_HANOI
TEST(HanoiAdapter, RecordsEqualTheFrameworksStatistics) {
  const auto file = write_temp("hanoi.txt", "classic 4 5\nclassic 3 4  # comment\na2a1||| -> |||a2a1\n");
  HanoiAdapter adapter;
  const auto names = adapter.load_instances(file.string());
  ASSERT_EQ(names, (std::vector<std::string>{"P4 n5", "P3 n4", "#3"}));
  const Grid grid = make_grid(adapter, {"astar", "bfs", "ida"}, {"goalpeg", "pdb"},
                              {"none", "same-disk"});
  RunOptions options;
  options.jobs = 2;
  const auto records = run_grid(adapter, names, grid.configurations, options);
  const std::vector<int> optimal = {13, 15, 3};  // Frame-Stewart for 4 pegs n5; 2^4 - 1; 3
  for (const auto& r : records) {
    SCOPED_TRACE(r.instance + " " + r.configuration().label());
    EXPECT_EQ(r.status_word(), "solved");
    EXPECT_TRUE(r.optimal);
    EXPECT_EQ(r.cost, optimal[r.instance_index]);
    if (r.algorithm == hsearch::Algorithm::astar && r.heuristic == "goalpeg") {
      const auto pr = r.instance_index == 0 ? hsearch::hanoi::classic_problem(4, 5)
                                            : hsearch::hanoi::classic_problem(3, 4);
      if (r.instance_index == 2) continue;
      const hsearch::hanoi::HanoiDomain d(pr.layout, pr.goal);
      const auto direct = hsearch::astar(d, d.make_state(pr.start), hsearch::hanoi::OffGoalPegHeuristic(d));
      EXPECT_EQ(r.expanded, direct.stats.expanded);
      EXPECT_EQ(r.generated, direct.stats.generated);
      EXPECT_EQ(r.reopened, direct.stats.reopened);
    }
    if (r.algorithm == hsearch::Algorithm::bfs && r.instance_index < 2) {
      const auto pr = r.instance_index == 0 ? hsearch::hanoi::classic_problem(4, 5)
                                            : hsearch::hanoi::classic_problem(3, 4);
      const hsearch::hanoi::HanoiDomain d(pr.layout, pr.goal);
      const auto direct = hsearch::bfs(d, d.make_state(pr.start));
      EXPECT_EQ(r.expanded, direct.stats.expanded);
      EXPECT_EQ(r.generated, direct.stats.generated);
    }
  }
  std::filesystem::remove(file);
}

TEST(HanoiAdapter, BadLinesAreReportedWithFileAndLine) {
  HanoiAdapter adapter;
  const auto file = write_temp("bad_hanoi.txt", "classic 4 5\n\nclassic 2 5\n");
  try {
    adapter.load_instances(file.string());
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(file.string() + ":3:"), std::string::npos) << e.what();
  }
  const auto file2 = write_temp("bad_hanoi2.txt", "a2a1|| -> a1a2||\n");
  EXPECT_THROW(adapter.load_instances(file2.string()), InputError);
  std::filesystem::remove(file);
  std::filesystem::remove(file2);
}
#endif

#ifdef HSEARCH_COMPARE_HAVE_SOKOBAN
TEST(SokobanAdapter, MicrobanRecordsEqualTheSokobanSolversStatistics) {
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  const auto path = hsearch::testing::data_file("sokoban/microban/microban_155.xsb");
  SokobanAdapter adapter;
  auto names = adapter.load_instances(path.string());
  ASSERT_GE(names.size(), 5u);
  names.resize(5);
  const Grid grid = make_grid(adapter, {"astar"}, {"matching"}, {"none"});
  RunOptions options;
  options.jobs = 2;
  options.limits.max_seconds = 30;
  const auto records = run_grid(adapter, names, grid.configurations, options);
  // microban_optimal_pushes.tsv: levels 1..5.
  std::ifstream tsv(hsearch::testing::data_file("sokoban/microban/microban_optimal_pushes.tsv"));
  std::string line;
  std::getline(tsv, line);
  std::vector<int> pushes;
  while (std::getline(tsv, line) && pushes.size() < 5) {
    std::istringstream fields(line);
    int level = 0, p = 0;
    fields >> level >> p;
    pushes.push_back(p);
  }
  std::ifstream in(path);
  const auto levels = hsearch::sokoban::read_levels(in, path.string());
  for (const auto& r : records) {
    SCOPED_TRACE(r.instance);
    EXPECT_EQ(r.status_word(), "solved");
    EXPECT_TRUE(r.optimal);
    EXPECT_EQ(r.cost, pushes[r.instance_index]);
    hsearch::sokoban::SolveOptions so;
    so.algorithm = hsearch::sokoban::Algorithm::astar;
    so.limits = options.limits;
    so.pattern_search = false;  // the adapter runs the framework's search on the plain domain
    so.goal_room = false;
    so.tunnel_macros = false;
    so.goal_macros = hsearch::sokoban::GoalMacros::off;
    const auto report = hsearch::sokoban::solve_level(levels[r.instance_index].level, so);
    ASSERT_TRUE(report.solved());
    EXPECT_EQ(r.cost, report.pushes);
    EXPECT_EQ(r.expanded, report.result.stats.expanded);
    EXPECT_EQ(r.generated, report.result.stats.generated);
  }
}

TEST(SokobanAdapter, HasNoRandomLevels) {
  SokobanAdapter adapter;
  EXPECT_THROW(adapter.generate_instances(3, 1), UsageError);
}
#endif

}  // namespace
