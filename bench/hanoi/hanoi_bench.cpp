// Micro-benchmarks: move generation + apply/undo, pattern-database build and lookup, and one
// A* solve (4 pegs, 12 disks, additive 2+10 tables), one symmetric-method solve (4 pegs, 14
// disks). Run: <build>/bench/hanoi/hanoi_bench
#include <benchmark/benchmark.h>

#include <random>

#include "hsearch/hanoi/pdb_heuristic.hpp"
#include "hsearch/hanoi/random_position.hpp"
#include "hsearch/hanoi/symmetric_solver.hpp"
#include "hsearch/search/astar.hpp"

namespace {

using namespace hsearch;
using namespace hsearch::hanoi;

PdbOptions no_cache() {
  PdbOptions o;
  o.cache_dir.clear();
  return o;
}

void BM_MoveGeneration(benchmark::State& st) {
  const Layout layout = Layout::towers(4, {9, 9});
  std::mt19937_64 rng(1);
  const HanoiDomain d(layout, random_position(layout, rng));
  auto s = d.make_state(random_position(layout, rng));
  for (auto _ : st) {
    int n = 0;
    d.for_each_move(s, [&](const HanoiDomain::Move& m) {
      d.apply(s, m);
      n += s.top[m.to];
      d.undo(s, m, {});
    });
    benchmark::DoNotOptimize(n);
  }
}
BENCHMARK(BM_MoveGeneration);

void BM_PdbBuild(benchmark::State& st) {
  const Problem pr = classic_problem(4, static_cast<int>(st.range(0)));
  const HanoiDomain d(pr.layout, pr.goal);
  std::vector<int> all(static_cast<std::size_t>(pr.layout.disks()));
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int>(i);
  for (auto _ : st) {
    PatternDatabase t(d, all, no_cache());
    benchmark::DoNotOptimize(t.max_value());
  }
  st.SetItemsProcessed(st.iterations() * static_cast<std::int64_t>(std::uint64_t{1} << (2 * st.range(0))));
}
BENCHMARK(BM_PdbBuild)->Arg(8)->Arg(10)->Unit(benchmark::kMillisecond);

void BM_PdbLookup(benchmark::State& st) {
  const Problem pr = classic_problem(4, 14);
  const HanoiDomain d(pr.layout, pr.goal);
  const PdbHeuristic h(d, {partition_by_sizes(pr.layout, {4, 10})}, no_cache());
  std::mt19937_64 rng(3);
  std::vector<HanoiDomain::State> states;
  for (int i = 0; i < 1024; ++i) states.push_back(d.make_state(random_position(pr.layout, rng)));
  std::size_t i = 0;
  for (auto _ : st) benchmark::DoNotOptimize(h.estimate(states[i++ & 1023]));
}
BENCHMARK(BM_PdbLookup);

void BM_AStarFourPegs12(benchmark::State& st) {
  const Problem pr = classic_problem(4, 12);
  const HanoiDomain d(pr.layout, pr.goal);
  const PdbHeuristic h(d, {partition_by_sizes(pr.layout, {2, 10}), partition_by_sizes(pr.layout, {10, 2})},
                       no_cache());
  const auto start = d.make_state(pr.start);
  for (auto _ : st) {
    const auto r = astar(d, start, h);
    if (!r.solved() || r.cost != 81) st.SkipWithError("wrong result");
    st.counters["expanded"] = static_cast<double>(r.stats.expanded);
  }
}
BENCHMARK(BM_AStarFourPegs12)->Unit(benchmark::kMillisecond);

// The symmetric method on 4 pegs, 14 disks: A* on the 13-disk half problem (goal set "none on
// A or D") with goal-set tables, max over the windows of 10 disks (+ 3), plan assembled.
void BM_SymmetricFourPegs14(benchmark::State& st) {
  const Problem pr = classic_problem(4, 14);
  const auto shape = classic_shape(pr.layout, pr.start, pr.goal);
  const HalfProblem hp = half_problem(pr.layout, pr.start, *shape);
  const OffPegsDomain half(hp.layout, hp.off);
  PdbOptions o = no_cache();
  o.goal_off_pegs = hp.off;
  const PdbHeuristic h(half, window_partitions(hp.layout, 10), o);
  const auto start = half.make_state(hp.start);
  for (auto _ : st) {
    const auto r = astar(half, start, h);
    const auto plan = assemble_symmetric_plan(r.plan, *shape);
    if (!r.solved() || plan.size() != 113) st.SkipWithError("wrong result");
    st.counters["expanded"] = static_cast<double>(r.stats.expanded);
  }
}
BENCHMARK(BM_SymmetricFourPegs14)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
