// What a level's search keeps between runs (learned_file.hpp): the pattern search's bytes
// read back whole, a resumed search that finds the same optima, and files that do not fit
// (damaged, another level's, other options) ignored and replaced rather than trusted.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <unistd.h>

#include "data_dir.hpp"
#include "level_text.hpp"
#include "hsearch/sokoban/learned_file.hpp"
#include "hsearch/sokoban/level_reader.hpp"
#include "hsearch/sokoban/solver.hpp"
#include "microban_oracle.hpp"

namespace {

using namespace hsearch::sokoban;
namespace fs = std::filesystem;

struct Microban {
  std::vector<LevelEntry> entries;
  std::map<int, int> oracle;
  bool ok() const { return !entries.empty(); }
  const Level& level(int n) const { return entries[static_cast<std::size_t>(n - 1)].level; }
};

Microban microban() {
  Microban m;
  const auto file = hsearch::testing::data_file("sokoban/microban/microban_155.xsb");
  std::ifstream in(file);
  if (!in) return m;
  m.entries = read_levels(in, "microban");
  m.oracle = hsearch::sokoban::testing::read_microban_oracle(hsearch::testing::data_file("sokoban/microban/microban_optimal_pushes.tsv"));
  return m;
}

// A fresh directory under the system's temporary one, removed at the end of the test.
struct TempDir {
  fs::path path;
  explicit TempDir(const std::string& name)
      : path(fs::temp_directory_path() / ("hsearch_learned_" + name + "_" + std::to_string(::getpid()))) {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
};

std::vector<char> read_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A Microban 36 search stopped after 2,000 expansions that keeps what it learns in `file`.
SolveOptions options_of_36(const fs::path& file) {
  SolveOptions options;
  options.limits.max_expanded = 2000;
  options.learned_file = file;
  return options;
}

// Those options, run once so that `file` holds what it learned.
SolveOptions stopped_run_of_36(const Microban& m, const fs::path& file) {
  const SolveOptions options = options_of_36(file);
  solve_level(m.level(36), options);
  return options;
}

// Microban 36: a search stopped after 2,000 expansions has learned a few hundred patterns.
TEST(LearnedFile, ThePatternSearchsBytesReadBackWhole) {
  const Microban m = microban();
  if (!m.ok()) GTEST_SKIP() << "Microban data not found (set HSEARCH_DATA_DIR)";
  const TempDir dir("roundtrip");
  const SolveOptions options = options_of_36(dir.path / learned_file_name(m.level(36)));
  const SolveReport first = solve_level(m.level(36), options);
  ASSERT_EQ(first.result.status, hsearch::Status::stopped);
  ASSERT_TRUE(first.learned_saved) << first.learned_note;
  EXPECT_EQ(first.resumed_bound, -1);
  ASSERT_GT(first.penalty_patterns, 50u);

  const Board board(m.level(36));
  std::string note;
  const auto learned = read_learned_file(options.learned_file, board, options.patterns, note);
  ASSERT_TRUE(learned.has_value()) << note;
  EXPECT_EQ(learned->push_bound, first.result.lower_bound);
  const GoalRoomBound room(board);
  PatternSearch restored(board, options.patterns);
  restored.set_goal_room(&room);  // as the solver does: the area-entry groups' area
  restored.restore(learned->patterns, options.learned_file.string());
  EXPECT_EQ(restored.table().deadlocks(), first.deadlock_patterns);
  EXPECT_EQ(restored.table().penalties(), first.penalty_patterns);
  // Written again, the restored search gives as many bytes (the sub-states' order may differ).
  EXPECT_EQ(restored.learned().size(), learned->patterns.size());
  // The file holds no goal sets: with them on, the restored penalty patterns are searched
  // per goal set again, within that search's budget.
  PatternSearchOptions with_goal_sets = options.patterns;
  with_goal_sets.goal_set_slack = 10;
  PatternSearch per_set(board, with_goal_sets);
  per_set.restore(learned->patterns, options.learned_file.string());
  while (per_set.search_goal_sets()) {
  }
  EXPECT_GT(per_set.stats().goal_set_searches, 0u);
  EXPECT_LE(per_set.stats().goal_set_searches, first.penalty_patterns);
  EXPECT_EQ(per_set.table().with_goal_sets(), per_set.stats().goal_set_searches);

  // The second run reads it: it starts from every pattern and the bound.
  const SolveReport second = solve_level(m.level(36), options);
  EXPECT_EQ(second.resumed_bound, first.result.lower_bound);
  EXPECT_EQ(second.resumed_patterns, first.deadlock_patterns + first.penalty_patterns);
  EXPECT_GE(second.result.lower_bound, first.result.lower_bound);
  EXPECT_TRUE(second.learned_note.empty()) << second.learned_note;
}

// The area-entry groups are kept too, but only for a search with the same goals' area: their
// costs are ways into it. Microban 36 with the start's groups searched before the search.
TEST(LearnedFile, AreaEntryGroupsReadBackForTheSameAreaOnly) {
  const Microban m = microban();
  if (!m.ok()) GTEST_SKIP() << "Microban data not found (set HSEARCH_DATA_DIR)";
  const TempDir dir("entry");
  SolveOptions options = options_of_36(dir.path / learned_file_name(m.level(36)));
  options.patterns.start_after_pushes = 0;
  const SolveReport first = solve_level(m.level(36), options);
  ASSERT_TRUE(first.learned_saved) << first.learned_note;
  ASSERT_GT(first.area_entry_groups, 0u);
  ASSERT_GT(first.area_entry_searches, first.area_entry_groups);

  const Board board(m.level(36));
  std::string note;
  const auto learned = read_learned_file(options.learned_file, board, options.patterns, note);
  ASSERT_TRUE(learned.has_value()) << note;
  const GoalRoomBound room(board);
  ASSERT_TRUE(room.usable());
  PatternSearch with_room(board, options.patterns);
  with_room.set_goal_room(&room);
  with_room.restore(learned->patterns, options.learned_file.string());
  EXPECT_EQ(with_room.entry_table().size(), first.area_entry_groups);
  EXPECT_EQ(with_room.learned().size(), learned->patterns.size());
  // Without a goal room (or with another area) the groups are checked and left out; the
  // patterns are read all the same.
  PatternSearch without(board, options.patterns);
  without.restore(learned->patterns, options.learned_file.string());
  EXPECT_EQ(without.entry_table().size(), 0u);
  EXPECT_EQ(without.table().size(), with_room.table().size());

  // The start's groups are found searched already: no sub-search, onto goals or into the
  // area, where a fresh search makes some.
  SokobanDomain d(board);
  const SokobanDomain::State start = d.initial_state();
  PatternSearch fresh(board, options.patterns);
  fresh.set_goal_room(&room);
  fresh.search_start(start, [] { return false; });
  EXPECT_GT(fresh.stats().entry_searches, 0u);
  const std::uint64_t before = with_room.stats().searches;
  with_room.search_start(start, [] { return false; });
  EXPECT_EQ(with_room.stats().searches, before);
  EXPECT_EQ(with_room.stats().entry_searches, 0u);

  // The second run reads them.
  const SolveReport second = solve_level(m.level(36), options);
  EXPECT_EQ(second.resumed_entry_groups, first.area_entry_groups);
  EXPECT_GE(second.result.lower_bound, first.result.lower_bound);
}

// Microban 1-15, each level first stopped after 3 expansions and then resumed with a budget
// that finishes it: the same optimum as the table's, proven, and never a bound above it.
TEST(LearnedFile, AResumedSearchFindsTheSameOptima) {
  const Microban m = microban();
  if (!m.ok()) GTEST_SKIP() << "Microban data not found (set HSEARCH_DATA_DIR)";
  const TempDir dir("optima");
  int resumed = 0;
  for (int n = 1; n <= 15; ++n) {
    SolveOptions options;
    options.learned_file = dir.path / learned_file_name(m.level(n));
    options.limits.max_expanded = 3;
    const SolveReport first = solve_level(m.level(n), options);
    if (first.solved()) continue;
    options.limits.max_expanded = 20000;
    const SolveReport second = solve_level(m.level(n), options);
    ASSERT_TRUE(second.solved()) << "level " << n;
    EXPECT_TRUE(second.result.optimal) << "level " << n;
    EXPECT_EQ(second.resumed_bound, first.result.lower_bound) << "level " << n;
    EXPECT_LE(second.resumed_bound, second.pushes) << "level " << n;
    if (const auto it = m.oracle.find(n); it != m.oracle.end()) {
      EXPECT_EQ(second.pushes, it->second) << "level " << n;
    }
    ++resumed;
  }
  EXPECT_GT(resumed, 8);
}

TEST(LearnedFile, ADamagedFileIsIgnoredAndReplaced) {
  const Microban m = microban();
  if (!m.ok()) GTEST_SKIP() << "Microban data not found (set HSEARCH_DATA_DIR)";
  const TempDir dir("damaged");
  const SolveOptions options = stopped_run_of_36(m, dir.path / "level.learned");
  ASSERT_TRUE(fs::exists(options.learned_file));
  std::vector<char> bytes = read_bytes(options.learned_file);
  bytes[bytes.size() - 3] = static_cast<char>(bytes[bytes.size() - 3] ^ 0x5A);
  std::ofstream(options.learned_file, std::ios::binary | std::ios::trunc).write(bytes.data(),
                                                                                static_cast<std::streamsize>(bytes.size()));
  const SolveReport r = solve_level(m.level(36), options);
  EXPECT_EQ(r.resumed_bound, -1);
  EXPECT_NE(r.learned_note.find("ignored"), std::string::npos) << r.learned_note;
  EXPECT_NE(r.learned_note.find("checksum"), std::string::npos) << r.learned_note;
  EXPECT_TRUE(r.learned_saved);
  // Replaced by a good one: the next run reads it.
  EXPECT_GE(solve_level(m.level(36), options).resumed_bound, 0);
}

TEST(LearnedFile, AnotherLevelsFileOrOtherOptionsAreNotUsed) {
  const Microban m = microban();
  if (!m.ok()) GTEST_SKIP() << "Microban data not found (set HSEARCH_DATA_DIR)";
  const TempDir dir("foreign");
  const SolveOptions options = stopped_run_of_36(m, dir.path / "level.learned");
  ASSERT_TRUE(fs::exists(options.learned_file));
  const SolveReport other = solve_level(m.level(35), options);
  EXPECT_EQ(other.resumed_bound, -1);
  EXPECT_NE(other.learned_note.find("built for"), std::string::npos) << other.learned_note;
  ASSERT_TRUE(other.learned_saved);
  SolveOptions different = options;
  different.patterns.node_limit = 500;
  const SolveReport r = solve_level(m.level(35), different);
  EXPECT_EQ(r.resumed_bound, -1);
  EXPECT_NE(r.learned_note.find("ignored"), std::string::npos) << r.learned_note;
}

// The cells of a board with the start's frozen boxes as walls are not those of the same level
// without: a file learned on one is refused by the other.
TEST(LearnedFile, AFileOfTheBoardWithFrozenBoxesAsWallsIsNotReadWithout) {
  const auto [walled, plain] = hsearch::sokoban::testing::walled_and_plain(
      hsearch::sokoban::testing::level_from(hsearch::sokoban::testing::kStartFrozenBlock));
  ASSERT_EQ(walled.walled_boxes(), 4);
  const PatternSearchOptions patterns;
  EXPECT_NE(learned_params(walled, patterns), learned_params(plain, patterns));
  const TempDir dir("walled");
  const fs::path file = dir.path / "level.learned";
  std::string problem;
  ASSERT_TRUE(write_learned_file(file, walled, patterns, LearnedFile{7, {}}, problem)) << problem;
  std::string note;
  const auto same = read_learned_file(file, walled, patterns, note);
  ASSERT_TRUE(same.has_value()) << note;
  EXPECT_EQ(same->push_bound, 7);
  EXPECT_FALSE(read_learned_file(file, plain, patterns, note).has_value());
  EXPECT_NE(note.find("ignored"), std::string::npos) << note;
}

// restore() takes all or nothing: a damaged list throws and adds no pattern.
TEST(LearnedFile, RestoreRejectsBadBytesAndAddsNothing) {
  const Microban m = microban();
  if (!m.ok()) GTEST_SKIP() << "Microban data not found (set HSEARCH_DATA_DIR)";
  const TempDir dir("bytes");
  const SolveOptions options = stopped_run_of_36(m, dir.path / "level.learned");
  ASSERT_TRUE(fs::exists(options.learned_file));
  const Board board(m.level(36));
  std::string note;
  const auto learned = read_learned_file(options.learned_file, board, options.patterns, note);
  ASSERT_TRUE(learned.has_value()) << note;
  const std::vector<std::uint8_t>& good = learned->patterns;

  auto expect_rejected = [&](const std::vector<std::uint8_t>& bytes, const std::string& why) {
    PatternSearch search(board, options.patterns);
    try {
      search.restore(bytes, "test.learned");
      ADD_FAILURE() << "accepted: " << why;
    } catch (const hsearch::TableFileError& e) {
      EXPECT_NE(std::string(e.what()).find("test.learned"), std::string::npos) << e.what();
    }
    EXPECT_EQ(search.table().size(), 0u) << why;
  };
  expect_rejected({good.begin(), good.end() - 1}, "one byte short");
  std::vector<std::uint8_t> longer = good;
  longer.push_back(0);
  expect_rejected(longer, "one byte more");
  // The first one-box entry's cell index (a u32 after the count) pointed off the board.
  std::vector<std::uint8_t> off = good;
  ASSERT_GT(off[0] | off[1], 0);
  off[4] = off[5] = off[6] = off[7] = 0xFF;
  expect_rejected(off, "a one-box sub-state off the board");
  // A list count larger than the file.
  std::vector<std::uint8_t> huge = good;
  huge[0] = huge[1] = huge[2] = huge[3] = 0xFF;
  expect_rejected(huge, "a huge count");
}

// A pattern's walls (the boxes frozen on goals it was searched beside) are written and read
// back with it, and read back only when they are a set that never moves: frozen by itself
// and on goals; anything else would let a pattern hold in states where it is not true.
// The block is frozen from the start, which the board would take as walls; kept as boxes here
// (BoardOptions), so that the pattern's walls are cells of the board.
TEST(LearnedFile, APatternsWallsReadBackOnlyWhenFrozenOnGoals) {
  const Board board(hsearch::sokoban::testing::level_from(
      "##########\n"
      "#@       #\n"
      "#  $  $ .#\n"
      "# **    .#\n"
      "# **     #\n"
      "##########\n"),
                    BoardOptions{false});
  auto at = [&](int r, int c) { return static_cast<std::uint16_t>(hsearch::sokoban::testing::cell(board, r, c)); };
  const std::vector<std::uint16_t> block = {at(3, 2), at(3, 3), at(4, 2), at(4, 3)};
  // The bytes of one deadlock pattern, the box on (2,3), with the player's zone named by (1,1).
  auto one_pattern = [&](const std::vector<std::uint16_t>& walls) {
    hsearch::PayloadWriter out;
    out.u32(0);  // one-box sub-states
    out.u32(0);  // larger sub-states
    out.u32(1);  // patterns
    out.u8(1);
    out.u16(at(2, 3));
    out.u8(static_cast<std::uint8_t>(walls.size()));
    for (std::uint16_t c : walls) out.u16(c);
    out.u16(at(1, 1));
    out.u32(static_cast<std::uint32_t>(PenaltyTable::kDeadlock));
    out.u32(0);
    out.u32(0);  // the goals' area: none
    out.u32(0);  // area-entry sub-states
    out.u32(0);  // area-entry groups
    return std::move(out.bytes());
  };
  PatternSearch search(board);
  const std::vector<std::uint8_t> good = one_pattern(block);
  search.restore(good, "test.learned");
  ASSERT_EQ(search.table().size(), 1u);
  CellSet walls;
  for (std::uint16_t c : block) walls.set(c);
  EXPECT_EQ(search.table().patterns()[0].walls, walls);
  // Written and read again, the pattern is the same (walls, zone, cost).
  PatternSearch again(board);
  again.restore(search.learned(), "again.learned");
  ASSERT_EQ(again.table().size(), 1u);
  EXPECT_EQ(again.table().patterns()[0].boxes, search.table().patterns()[0].boxes);
  EXPECT_EQ(again.table().patterns()[0].walls, walls);
  EXPECT_EQ(again.table().patterns()[0].zone, search.table().patterns()[0].zone);
  EXPECT_EQ(again.table().patterns()[0].cost, PenaltyTable::kDeadlock);
  const SokobanDomain domain(board);
  EXPECT_TRUE(hsearch::is_dead_end(search.table().bound(domain.initial_state(), 6)));

  auto expect_rejected = [&](const std::vector<std::uint16_t>& bad, const std::string& why) {
    PatternSearch fresh(board);
    try {
      fresh.restore(one_pattern(bad), "test.learned");
      ADD_FAILURE() << "accepted: " << why;
    } catch (const hsearch::TableFileError& e) {
      EXPECT_NE(std::string(e.what()).find("test.learned"), std::string::npos) << e.what();
    }
    EXPECT_EQ(fresh.table().size(), 0u) << why;
  };
  expect_rejected({at(3, 2), at(3, 3), at(4, 2)}, "three boxes of the block: not frozen by themselves");
  expect_rejected({at(2, 6)}, "a box off the goals");
  expect_rejected({at(2, 3), at(3, 2), at(3, 3), at(4, 2), at(4, 3)}, "the pattern's own box among its walls");
}

}  // namespace
