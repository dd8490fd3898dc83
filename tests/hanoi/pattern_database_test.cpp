#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <random>

#include "hsearch/hanoi/pdb_heuristic.hpp"
#include "hsearch/hanoi/random_position.hpp"

namespace hsearch::hanoi {
namespace {

std::filesystem::path fresh_dir(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("hsearch_hanoi_" + name + "_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
                    "_" + std::to_string(reinterpret_cast<std::uintptr_t>(&name)));
  std::filesystem::remove_all(dir);
  return dir;
}

TEST(HanoiPdb, PartitionsAreCheckedAndAutomatic) {
  const Layout layout = Layout::towers(4, {18});
  EXPECT_EQ(automatic_sizes(layout, std::uint64_t{1} << 26), (std::vector<int>{5, 13}));
  EXPECT_EQ(automatic_sizes(Layout::towers(4, {20}), std::uint64_t{1} << 26), (std::vector<int>{7, 13}));
  EXPECT_EQ(partition_by_sizes(layout, {5, 13})[1].front(), 5);
  EXPECT_THROW(partition_by_sizes(layout, {5, 12}), PdbError);
  const Layout two = Layout::towers(3, {2, 3});
  const auto towers = partition_by_towers(two);
  ASSERT_EQ(towers.size(), 2u);
  EXPECT_EQ(towers[0].size(), 2u);
  EXPECT_EQ(towers[1].size(), 3u);
  const HanoiDomain d(two, stacked_on(two, 2));
  PdbOptions opt;
  opt.cache_dir.clear();
  EXPECT_THROW(PdbHeuristic(d, {{{0, 1}, {1, 2}}}, opt), PdbError);  // disk 1 twice
  opt.max_entries = 10;
  EXPECT_THROW(PdbHeuristic(d, {partition_by_towers(two)}, opt), PdbError);
}

// Ctrl-C (the stop flag) and the time limit stop a table build through the same guard as a
// search: StoppedByLimit names the reason and no file is written.
TEST(HanoiPdb, TheStopFlagAndTheClockStopABuildWithoutAFile) {
  const auto dir = fresh_dir("stopped");
  const Problem pr = classic_problem(4, 10);  // 4^10 placements: the guard is polled
  const HanoiDomain d(pr.layout, pr.goal);
  std::atomic<bool> stop{true};
  PdbOptions opt;
  opt.cache_dir = dir;
  opt.limits.stop_flag = &stop;
  const auto reason_of = [&](const PdbOptions& o) {
    try {
      PatternDatabase(d, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, o);
    } catch (const StoppedByLimit& e) {
      return e.reason;
    }
    return StopReason::none;
  };
  EXPECT_EQ(reason_of(opt), StopReason::interrupted);
  stop = false;
  opt.limits.max_seconds = 1e-9;  // a clock started before the build has run out
  opt.limits = opt.limits.with_clock_started();
  EXPECT_EQ(reason_of(opt), StopReason::time_limit);
  EXPECT_TRUE(!std::filesystem::exists(dir) || std::filesystem::is_empty(dir));
  opt.limits = Limits{};
  EXPECT_EQ(reason_of(opt), StopReason::none);
  EXPECT_FALSE(std::filesystem::is_empty(dir));
  std::filesystem::remove_all(dir);
}

// Tables the program sizes itself always fit: the rest of a window and a tower too big for the
// limit are cut into groups within it (disjoint, so the sum stays admissible), the smallest
// disks in the fullest group. Only a limit below one disk's table cannot be met.
TEST(HanoiPdb, GroupsAreCutToFitTheEntryLimit) {
  const Layout tower = Layout::towers(4, {26});
  const std::uint64_t limit = std::uint64_t{1} << 24;  // 12 disks on 4 pegs
  const auto windows = window_partitions(tower, 12, limit);
  ASSERT_EQ(windows.size(), 15u);
  for (const auto& p : windows) {
    std::vector<std::size_t> sizes;
    int disks = 0;
    for (const auto& g : p) {
      sizes.push_back(g.size());
      disks += static_cast<int>(g.size());
      EXPECT_LE(group_entries(tower, g), limit);
    }
    EXPECT_EQ(sizes, (std::vector<std::size_t>{12, 2, 12}));
    EXPECT_EQ(disks, 26);
  }
  const Layout twenty = Layout::towers(4, {20});
  const auto towers = partition_by_towers(twenty, std::uint64_t{1} << 28, limit);
  ASSERT_EQ(towers.size(), 2u);
  EXPECT_EQ(towers[0], (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(towers[1].size(), 12u);
  EXPECT_EQ(partition_by_towers(twenty).size(), 1u);  // no limit: one group per tower
  EXPECT_EQ(split_to_fit(twenty, {0, 1, 2}, 4).size(), 3u);  // one disk per group: 4 pegs
  EXPECT_THROW(split_to_fit(twenty, {0, 1, 2}, 3), PdbError);
}

TEST(HanoiPdb, SingleTowerTablesGiveFrameStewartAtTheStart) {
  // A 3-peg and a 4-peg table of one whole tower: the start's value is the exact distance.
  PdbOptions opt;
  opt.cache_dir.clear();
  for (const auto& [pegs, n, expected] : {std::tuple{3, 6, 63}, {4, 8, 33}, {4, 10, 49}}) {
    const Problem pr = classic_problem(pegs, n);
    const HanoiDomain d(pr.layout, pr.goal);
    const PdbHeuristic h(d, {partition_by_sizes(pr.layout, {n})}, opt);
    EXPECT_EQ(h.estimate(d.make_state(pr.start)), expected) << pegs << " pegs, " << n << " disks";
    EXPECT_EQ(h.estimate(d.goal()), 0);
  }
}

TEST(HanoiPdb, CachedFilesAreReusedAndCorruptOnesRebuilt) {
  const auto dir = fresh_dir("cache");
  PdbOptions opt;
  opt.cache_dir = dir;
  const Layout layout = Layout::towers(4, {3, 3});
  std::mt19937_64 rng(3);
  const HanoiDomain d(layout, random_position(layout, rng));
  const PatternDatabase built(d, {0, 1, 2, 3}, opt);
  EXPECT_FALSE(built.loaded());
  EXPECT_TRUE(built.saved());
  ASSERT_TRUE(std::filesystem::exists(built.path()));
  const PatternDatabase again(d, {0, 1, 2, 3}, opt);
  EXPECT_TRUE(again.loaded());
  for (std::uint64_t i = 0; i < built.entries(); ++i) ASSERT_EQ(built.at(i), again.at(i));
  // Flip a payload byte: the checksum catches it and the table is rebuilt.
  {
    std::fstream f(built.path(), std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(-3, std::ios::end);
    f.put('\x7f');
  }
  const PatternDatabase rebuilt(d, {0, 1, 2, 3}, opt);
  EXPECT_FALSE(rebuilt.loaded());
  EXPECT_NE(rebuilt.note().find("checksum"), std::string::npos) << rebuilt.note();
  for (std::uint64_t i = 0; i < built.entries(); ++i) ASSERT_EQ(built.at(i), rebuilt.at(i));
  std::filesystem::remove_all(dir);
}

TEST(HanoiPdb, GroupsOfTheSameShapeShareOneTable) {
  PdbOptions opt;
  opt.cache_dir.clear();
  const Problem pr = classic_problem(4, 9);
  const HanoiDomain d(pr.layout, pr.goal);
  const auto windows = window_partitions(pr.layout, 2);
  ASSERT_EQ(windows.size(), 8u);
  EXPECT_EQ(windows[3][0], (std::vector<int>{3, 4}));
  const PdbHeuristic h(d, windows, opt);
  // Every window has the shape "2 disks, goal peg D", every complement "7 disks, goal peg D".
  EXPECT_EQ(h.bytes(), (std::size_t{1} << 4) + (std::size_t{1} << 14));
  int shared = 0;
  for (const auto& t : h.tables()) shared += t->shared();
  EXPECT_EQ(shared, 14);
  // The max over windows is still a lower bound, and at the start it is FS(7) + FS(2) = 25 + 3.
  EXPECT_EQ(h.estimate(d.make_state(pr.start)), 28);
  EXPECT_EQ(h.estimate(d.goal()), 0);
}

TEST(HanoiPdb, WideTablesWhenDistancesExceed254) {
  PdbOptions opt;
  opt.cache_dir.clear();
  const Problem pr = classic_problem(3, 9);  // 511 moves
  const HanoiDomain d(pr.layout, pr.goal);
  const PatternDatabase t(d, {0, 1, 2, 3, 4, 5, 6, 7, 8}, opt);
  EXPECT_EQ(t.value(d, d.make_state(pr.start)), 511);
  EXPECT_EQ(t.max_value(), 511);
}

}  // namespace
}  // namespace hsearch::hanoi
