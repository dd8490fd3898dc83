// Every limit stops the search and is named in the result; nothing stops silently.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "framework/toy_domains.hpp"
#include "hsearch/heuristics/combinators.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/search/bfs.hpp"
#include "hsearch/search/dfs.hpp"
#include "hsearch/search/ida_star.hpp"

namespace {

using namespace hsearch;

// A large open grid whose goal is walled off: every search runs until a limit stops it
// (IDA* and IDDFS never terminate on it by themselves).
class WalledOff : public toy::GridDomain<false> {
 public:
  WalledOff() : GridDomain(300, 300, 0.0, 1) {}
  bool is_goal(const State&) const { return false; }
};

Limits node_limit(std::uint64_t n) {
  Limits l;
  l.max_expanded = n;
  return l;
}

TEST(Limits, NodeLimitStopsEveryAlgorithm) {
  const WalledOff d;
  const ZeroHeuristic h;
  const auto a = astar(d, d.start(), h, AStarOptions{node_limit(100)});
  const auto i = ida_star(d, d.start(), h, IdaStarOptions{node_limit(100)});
  const auto b = bfs(d, d.start(), BfsOptions{node_limit(100)});
  const auto f = iterative_deepening_dfs(d, d.start(), IddfsOptions{node_limit(100)});
  DfsOptions dfs_options;
  dfs_options.limits = node_limit(100);
  dfs_options.max_depth = 1000;
  const auto g = depth_limited_dfs(d, d.start(), dfs_options);
  for (const auto* r : {&a, &i, &b, &f, &g}) {
    EXPECT_EQ(r->status, Status::stopped) << r->algorithm;
    EXPECT_EQ(r->stop_reason, StopReason::node_limit) << r->algorithm;
    EXPECT_EQ(r->stats.expanded, 100u) << r->algorithm;
  }
}

TEST(Limits, TimeLimitStopsIdaStar) {
  const WalledOff d;
  Limits l;
  l.max_seconds = 0.2;
  const auto r = ida_star(d, d.start(), ZeroHeuristic{}, IdaStarOptions{l});
  EXPECT_EQ(r.status, Status::stopped);
  EXPECT_EQ(r.stop_reason, StopReason::time_limit);
  EXPECT_GE(r.stats.seconds, 0.2);
  EXPECT_LT(r.stats.seconds, 5.0);
  EXPECT_GT(r.lower_bound, 0);  // what was learnt: no plan cheaper than the last bound
}

TEST(Limits, MemoryLimitStopsAStarAndBfs) {
  const WalledOff d;  // 90,000 states: more than a 64 KiB budget holds
  Limits l;
  l.max_bytes = 64 * 1024;
  const auto a = astar(d, d.start(), ZeroHeuristic{}, AStarOptions{l});
  EXPECT_EQ(a.status, Status::stopped);
  EXPECT_EQ(a.stop_reason, StopReason::memory_limit);
  const auto b = bfs(d, d.start(), BfsOptions{l});
  EXPECT_EQ(b.status, Status::stopped);
  EXPECT_EQ(b.stop_reason, StopReason::memory_limit);
}

// The limit holds at the peak: a table's next growth is counted before it is allocated, so a
// search stopped by memory never held more than the limit (before, the check came after the
// growth and the tables could end one doubling above it).
TEST(Limits, MemoryLimitHoldsAtTheGrowthPeak) {
  class Large : public toy::GridDomain<false> {  // a million states, no goal
   public:
    Large() : GridDomain(1000, 1000, 0.0, 1) {}
    bool is_goal(const State&) const { return false; }
  };
  const Large d;
  int stopped = 0;
  // (below 4 MiB the tables' first allocation alone is over the limit: those stop at the start)
  for (std::size_t kib = 1024; kib <= 32768; kib += 1024) {
    Limits l;
    l.max_bytes = kib * 1024;
    const auto a = astar(d, d.start(), ZeroHeuristic{}, AStarOptions{l});
    const auto b = bfs(d, d.start(), BfsOptions{l});
    for (const auto* r : {&a, &b}) {
      if (r->stop_reason != StopReason::memory_limit) continue;
      ++stopped;
      EXPECT_LE(r->stats.peak_bytes, l.max_bytes) << kib << " KiB, " << r->algorithm;
    }
  }
  EXPECT_GE(stopped, 10);
}

// Memory the domain holds and grows (caches, learnt tables: held_bytes()) counts against the
// limit with the search's tables: a domain that holds 6 MiB leaves an 8 MiB search 2 MiB of
// tables, fewer expansions than the same search on a domain that holds nothing.
TEST(Limits, MemoryTheDomainHoldsCountsAgainstTheLimit) {
  class Holding : public toy::GridDomain<false> {  // a million states, no goal
   public:
    Holding() : GridDomain(1000, 1000, 0.0, 1) {}
    bool is_goal(const State&) const { return false; }
    std::size_t held = 0;
    std::size_t held_bytes() const { return held; }
  };
  static_assert(ReportsHeldBytes<Holding>);
  static_assert(!ReportsHeldBytes<WalledOff>);
  Holding light, heavy;
  heavy.held = std::size_t{6} << 20;
  Limits l;
  l.max_bytes = std::size_t{8} << 20;
  for (const bool breadth_first : {false, true}) {
    SCOPED_TRACE(breadth_first ? "bfs" : "astar");
    auto run = [&](const Holding& d) {
      return breadth_first ? bfs(d, d.start(), BfsOptions{l}) : astar(d, d.start(), ZeroHeuristic{}, AStarOptions{l});
    };
    const auto a = run(light), b = run(heavy);
    ASSERT_EQ(a.stop_reason, StopReason::memory_limit);
    ASSERT_EQ(b.stop_reason, StopReason::memory_limit);
    EXPECT_LE(b.stats.peak_bytes, l.max_bytes);
    EXPECT_GE(b.stats.peak_bytes, heavy.held);  // the domain's bytes are in the peak
    EXPECT_LT(b.stats.expanded, a.stats.expanded);
  }
}

TEST(Limits, StopFlagInterruptsFromAnotherThread) {
  const WalledOff d;
  std::atomic<bool> flag{false};
  Limits l;
  l.stop_flag = &flag;
  std::thread raiser([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    flag = true;
  });
  const auto r = ida_star(d, d.start(), ZeroHeuristic{}, IdaStarOptions{l});
  raiser.join();
  EXPECT_EQ(r.status, Status::stopped);
  EXPECT_EQ(r.stop_reason, StopReason::interrupted);
  EXPECT_FALSE(r.stats.iterations.empty());
}

// A long phase that is not a search (a table build) polls the same guard: the stop flag and the
// clock end it with StoppedByLimit naming the reason.
std::uint64_t poll_until_stopped(LimitGuard& guard, StopReason& reason) {
  std::uint64_t calls = 0;
  try {
    for (; calls < (std::uint64_t{1} << 40); ++calls) guard.poll();
  } catch (const StoppedByLimit& stopped) {
    reason = stopped.reason;
  }
  return calls;
}

TEST(Limits, PollThrowsWhenTheStopFlagIsRaised) {
  std::atomic<bool> flag{true};
  Limits l;
  l.stop_flag = &flag;
  LimitGuard guard(l);
  StopReason reason = StopReason::none;
  const std::uint64_t calls = poll_until_stopped(guard, reason);
  EXPECT_EQ(reason, StopReason::interrupted);
  EXPECT_LE(calls, LimitGuard::kCheckInterval);  // stopped at the first check
}

TEST(Limits, PollAndSearchShareAClockStartedEarlier) {
  Limits l;
  l.max_seconds = 0.05;
  l = l.with_clock_started();
  const auto started = l.clock_start;
  EXPECT_EQ(l.with_clock_started().clock_start, started);  // a running clock is kept
  LimitGuard phase(l);
  StopReason reason = StopReason::none;
  poll_until_stopped(phase, reason);
  EXPECT_EQ(reason, StopReason::time_limit);
  // The search that follows finds the time already spent: it stops at its first check.
  const WalledOff d;
  const auto r = ida_star(d, d.start(), ZeroHeuristic{}, IdaStarOptions{l});
  EXPECT_EQ(r.status, Status::stopped);
  EXPECT_EQ(r.stop_reason, StopReason::time_limit);
  EXPECT_LE(r.stats.expanded, 2 * LimitGuard::kCheckInterval);
}

// When each call is slow (a Sokoban expansion with its deadlock searches, a sanitizer build),
// the guard checks after fewer calls: the stop flag is seen within a few calls, not after the
// thousands that fit in the check period on a fast domain.
TEST(Limits, SlowCallsAreCheckedAfterFewerCalls) {
  std::atomic<bool> flag{false};
  Limits l;
  l.stop_flag = &flag;
  LimitGuard guard(l);
  std::uint64_t calls = 0;
  constexpr std::uint64_t kRaiseAt = 40;
  while (calls < 10 * LimitGuard::kCheckInterval) {
    ++calls;
    if (calls == kRaiseAt) flag = true;
    std::this_thread::sleep_for(std::chrono::microseconds(500));  // a call that costs 0.5 ms or more
    if (guard.should_stop(calls)) break;
  }
  EXPECT_EQ(guard.reason(), StopReason::interrupted);
  EXPECT_GE(calls, kRaiseAt);
  EXPECT_LE(calls, kRaiseAt + 8) << "a 2 ms check period at 0.5 ms a call is 4 calls";
}

TEST(Limits, PollNeverThrowsWithoutLimits) {
  LimitGuard guard(Limits{});
  for (std::uint32_t i = 0; i < 4 * LimitGuard::kCheckInterval; ++i) guard.poll();
  EXPECT_EQ(guard.reason(), StopReason::none);
}

TEST(Limits, DepthLimitIsNamedWhenDfsCutsBranches) {
  toy::GridDomain<false> d(10, 10, 0.0, 11);
  const toy::GridManhattan h{10, d.goal_cell()};
  const int distance = h.estimate(d.start());
  ASSERT_GT(distance, 2);
  DfsOptions o;
  o.max_depth = static_cast<unsigned>(distance - 1);
  const auto cut = depth_limited_dfs(d, d.start(), o, toy::PairedInversePruner{});
  EXPECT_EQ(cut.status, Status::stopped);
  EXPECT_EQ(cut.stop_reason, StopReason::depth_limit);
  o.max_depth = static_cast<unsigned>(distance + 2);
  const auto found = depth_limited_dfs(d, d.start(), o, toy::PairedInversePruner{});
  ASSERT_EQ(found.status, Status::solved);
  EXPECT_FALSE(found.optimal);  // plain DFS promises no optimality
  EXPECT_LE(found.plan.size(), o.max_depth);
}

TEST(Limits, DfsProvesUnsolvableWhenTheTreeEndsBeforeTheLimit) {
  toy::GraphDomain d({{{1, 1}, {2, 1}}, {{2, 1}}, {}, {}}, 3);
  DfsOptions o;
  o.max_depth = 10;
  const auto r = depth_limited_dfs(d, d.start(), o);
  EXPECT_EQ(r.status, Status::unsolvable);
  const auto it = iterative_deepening_dfs(d, d.start());
  EXPECT_EQ(it.status, Status::unsolvable);
}

TEST(Limits, ResultNamesAreReadable) {
  EXPECT_STREQ(to_string(StopReason::time_limit), "time_limit");
  EXPECT_STREQ(to_string(Status::unsolvable), "unsolvable");
}

}  // namespace
