// HDA*: with one rank it finds A*'s costs; with several ranks (threads here, each with its own
// end of an in-process transport) it finds the same proven optima, every rank returns the same
// plan, and states really travel between ranks.
#include <gtest/gtest.h>

#include <barrier>
#include <deque>
#include <limits>
#include <mutex>
#include <thread>

#include "framework/toy_domains.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/search/hda_star.hpp"

namespace {

using namespace hsearch;

// Ranks as threads: a mailbox per rank, collectives through barriers.
class ThreadHub {
 public:
  explicit ThreadHub(int ranks) : ranks_(ranks), boxes_(static_cast<std::size_t>(ranks)), barrier_(ranks) {}

  class End final : public HdaTransport {
   public:
    End(ThreadHub& hub, int rank) : hub_(hub), rank_(rank) {}
    int rank() const override { return rank_; }
    int ranks() const override { return hub_.ranks_; }
    void send(int to, std::vector<std::byte>& bytes) override {
      const std::lock_guard lock(hub_.mutex_);
      hub_.boxes_[static_cast<std::size_t>(to)].emplace_back(rank_, std::move(bytes));
      bytes.clear();
    }
    bool receive(std::vector<std::byte>& bytes, int& from) override {
      const std::lock_guard lock(hub_.mutex_);
      auto& box = hub_.boxes_[static_cast<std::size_t>(rank_)];
      if (box.empty()) return false;
      from = box.front().first;
      bytes = std::move(box.front().second);
      box.pop_front();
      return true;
    }
    void all_reduce(std::int64_t* sums, int sum_count, std::int64_t* mins, int min_count) override {
      if (rank_ == 0) {
        hub_.sums_.assign(static_cast<std::size_t>(sum_count), 0);
        hub_.mins_.assign(static_cast<std::size_t>(min_count), std::numeric_limits<std::int64_t>::max());
      }
      hub_.barrier_.arrive_and_wait();
      {
        const std::lock_guard lock(hub_.mutex_);
        for (int i = 0; i < sum_count; ++i) hub_.sums_[static_cast<std::size_t>(i)] += sums[i];
        for (int i = 0; i < min_count; ++i) {
          hub_.mins_[static_cast<std::size_t>(i)] = std::min(hub_.mins_[static_cast<std::size_t>(i)], mins[i]);
        }
      }
      hub_.barrier_.arrive_and_wait();
      for (int i = 0; i < sum_count; ++i) sums[i] = hub_.sums_[static_cast<std::size_t>(i)];
      for (int i = 0; i < min_count; ++i) mins[i] = hub_.mins_[static_cast<std::size_t>(i)];
      hub_.barrier_.arrive_and_wait();
    }
    void broadcast(std::vector<std::byte>& bytes, int root) override {
      if (rank_ == root) hub_.shared_ = bytes;
      hub_.barrier_.arrive_and_wait();
      bytes = hub_.shared_;
      hub_.barrier_.arrive_and_wait();
    }

   private:
    ThreadHub& hub_;
    int rank_;
  };

 private:
  int ranks_;
  std::mutex mutex_;
  std::vector<std::deque<std::pair<int, std::vector<std::byte>>>> boxes_;
  std::barrier<> barrier_;
  std::vector<std::int64_t> sums_, mins_;
  std::vector<std::byte> shared_;
};

template <class D>
int plan_cost(const D& d, typename D::State s, const std::vector<typename D::Move>& plan) {
  int cost = 0;
  for (const auto& m : plan) {
    cost += d.cost(s, m);
    d.apply(s, m);
  }
  EXPECT_TRUE(d.is_goal(s));
  return cost;
}

TEST(HdaStar, OneRankFindsAStarsCosts) {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const toy::GridDomain<true> d(12, 9, 0.25, seed);
    const toy::GridManhattan h{d.width(), d.goal_cell()};
    const auto a = astar(d, d.start(), h);
    const auto r = hda_star(d, d.start(), h);
    ASSERT_EQ(r.status, a.status) << "seed " << seed;
    if (!a.solved()) continue;
    EXPECT_EQ(r.cost, a.cost) << "seed " << seed;
    EXPECT_TRUE(r.optimal);
    EXPECT_EQ(r.lower_bound, r.cost);
    EXPECT_EQ(plan_cost(d, d.start(), r.plan), r.cost);
    EXPECT_EQ(r.stats.messages_sent, 0u);
    ASSERT_EQ(r.stats.rank_expanded.size(), 1u);
    EXPECT_EQ(r.stats.rank_expanded[0], r.stats.expanded);
  }
}

TEST(HdaStar, ReopensWithAnInconsistentHeuristic) {
  // A* test's graph: h(A)=6 is admissible but inconsistent; the optimum is 7.
  const toy::GraphDomain d({{{1, 1}, {2, 1}}, {{3, 1}}, {{3, 3}}, {{4, 5}}, {}}, 4);
  const toy::TableHeuristic h{{0, 6, 0, 0, 0}};
  const auto r = hda_star(d, d.start(), h);
  ASSERT_EQ(r.status, Status::solved);
  EXPECT_EQ(r.cost, 7);
  EXPECT_TRUE(r.optimal);
}

TEST(HdaStar, ThreeRanksFindTheOptimaAndAgree) {
  constexpr int kRanks = 3;
  int travelled = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const toy::GridDomain<true> d(30, 20, 0.2, seed);
    const toy::GridManhattan h{d.width(), d.goal_cell()};
    const auto a = astar(d, d.start(), h);
    ThreadHub hub(kRanks);
    std::vector<Result<toy::GridDomain<true>::Move, int>> results(kRanks);
    std::vector<std::thread> threads;
    for (int rank = 0; rank < kRanks; ++rank) {
      threads.emplace_back([&, rank] {
        ThreadHub::End end(hub, rank);
        HdaOptions options;
        options.round_expansions = 16;  // many rounds: the termination test is exercised
        options.batch_bytes = 64;
        NullObserver observer;
        results[static_cast<std::size_t>(rank)] = hda_star(d, d.start(), h, options, end, observer);
      });
    }
    for (auto& t : threads) t.join();
    for (const auto& r : results) {
      ASSERT_EQ(r.status, a.status) << "seed " << seed;
      if (!a.solved()) continue;
      EXPECT_EQ(r.cost, a.cost) << "seed " << seed;
      EXPECT_TRUE(r.optimal);
      EXPECT_EQ(plan_cost(d, d.start(), r.plan), r.cost);
      ASSERT_EQ(r.plan.size(), results[0].plan.size());
      EXPECT_EQ(r.stats.expanded, results[0].stats.expanded);
      ASSERT_EQ(r.stats.rank_expanded.size(), static_cast<std::size_t>(kRanks));
    }
    travelled += results[0].stats.messages_sent > 0;
  }
  EXPECT_GT(travelled, 0);
}

TEST(HdaStar, NodeLimitStopsEveryRankWithABound) {
  const toy::GridDomain<false> d(40, 40, 0.0, 3);
  const toy::GridManhattan h{d.width(), d.goal_cell()};
  HdaOptions options;
  options.limits.max_expanded = 5;
  options.round_expansions = 2;
  const auto r = hda_star(d, d.start(), h, options);
  if (r.solved()) GTEST_SKIP() << "start next to the goal";
  EXPECT_EQ(r.status, Status::stopped);
  EXPECT_EQ(r.stop_reason, StopReason::node_limit);
  EXPECT_GT(r.lower_bound, 0);
}

}  // namespace
