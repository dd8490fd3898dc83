// Framework micro-benchmarks: nodes per second of each algorithm on toy grids.
//   build/bin/framework_bench --benchmark_counter_table=true
// Counters: generated/s and expanded/s are per wall-clock second of the search itself.
#include <benchmark/benchmark.h>

#include "framework/toy_domains.hpp"
#include "hsearch/heuristics/combinators.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/search/bfs.hpp"
#include "hsearch/search/ida_star.hpp"

namespace {

using namespace hsearch;

// An open grid whose goal is never reached: the searches run until their node budget.
class EndlessGrid : public toy::GridDomain<false> {
 public:
  explicit EndlessGrid(int side) : GridDomain(side, side, 0.0, 1) {}
  bool is_goal(const State&) const { return false; }
};

template <class Result>
void report(benchmark::State& state, const Result& r, std::uint64_t& generated,
            std::uint64_t& expanded) {
  generated += r.stats.generated;
  expanded += r.stats.expanded;
  benchmark::DoNotOptimize(r.stats.generated);
  (void)state;
}

void set_rates(benchmark::State& state, std::uint64_t generated, std::uint64_t expanded) {
  state.counters["generated/s"] =
      benchmark::Counter(static_cast<double>(generated), benchmark::Counter::kIsRate);
  state.counters["expanded/s"] =
      benchmark::Counter(static_cast<double>(expanded), benchmark::Counter::kIsRate);
}

void BM_IdaStarInversePruning(benchmark::State& state) {
  const EndlessGrid d(1000);
  const toy::GridDomain<false>::State start{500 * 1000 + 500};
  IdaStarOptions o;
  o.limits.max_expanded = 1'000'000;
  std::uint64_t generated = 0, expanded = 0;
  for (auto _ : state) {
    report(state, ida_star(d, start, ZeroHeuristic{}, o, toy::PairedInversePruner{}), generated,
           expanded);
  }
  set_rates(state, generated, expanded);
}
BENCHMARK(BM_IdaStarInversePruning)->Unit(benchmark::kMillisecond);

void BM_AStarDijkstra(benchmark::State& state) {
  const EndlessGrid d(1000);
  AStarOptions o;
  o.limits.max_expanded = 200'000;
  std::uint64_t generated = 0, expanded = 0;
  for (auto _ : state) report(state, astar(d, d.start(), ZeroHeuristic{}, o), generated, expanded);
  set_rates(state, generated, expanded);
}
BENCHMARK(BM_AStarDijkstra)->Unit(benchmark::kMillisecond);

void BM_Bfs(benchmark::State& state) {
  const EndlessGrid d(1000);
  BfsOptions o;
  o.limits.max_expanded = 200'000;
  std::uint64_t generated = 0, expanded = 0;
  for (auto _ : state) report(state, bfs(d, d.start(), o), generated, expanded);
  set_rates(state, generated, expanded);
}
BENCHMARK(BM_Bfs)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
