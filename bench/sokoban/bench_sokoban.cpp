// Micro-benchmarks of the Sokoban domain's hot parts (Google Benchmark):
//   * the Hungarian method from scratch vs the warm start after one row changed by about one
//     (what a push does to the pushed box's distances);
//   * one push applied and undone on Microban levels (flood fill, deadlock tests, matching);
//   * A* expansions per second on XSokoban levels, with and without the domain's state table.
#include <cstdlib>
#include <filesystem>
#include <algorithm>
#include <fstream>
#include <random>
#include <vector>

#include <benchmark/benchmark.h>

#include "hsearch/sokoban/hungarian.hpp"
#include "hsearch/sokoban/level_reader.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"
#include "hsearch/sokoban/solver.hpp"

using namespace hsearch::sokoban;

namespace {
// ../shared/data, or $HSEARCH_DATA_DIR.
std::filesystem::path data_file(const std::string& relative) {
  const char* env = std::getenv("HSEARCH_DATA_DIR");
  const std::filesystem::path dir = env != nullptr && *env != '\0' ? env : HSEARCH_DEFAULT_DATA_DIR;
  return dir / relative;
}

std::vector<std::vector<std::int32_t>> random_costs(int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> cost(0, 60);
  std::vector<std::vector<std::int32_t>> c(static_cast<std::size_t>(n), std::vector<std::int32_t>(static_cast<std::size_t>(n)));
  for (auto& row : c)
    for (auto& x : row) x = cost(rng);
  return c;
}
}  // namespace

static void BM_HungarianFromScratch(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const auto c = random_costs(n, 1);
  const auto fn = [&](int i, int j) { return c[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]; };
  Assignment<kMaxBoxes> a;
  for (auto _ : state) {
    solve_assignment(a, n, fn);
    benchmark::DoNotOptimize(a);
  }
}
BENCHMARK(BM_HungarianFromScratch)->Arg(4)->Arg(10)->Arg(20)->Arg(34);

static void BM_HungarianWarmStart(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  auto c = random_costs(n, 2);
  const auto fn = [&](int i, int j) { return c[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]; };
  Assignment<kMaxBoxes> a;
  solve_assignment(a, n, fn);
  std::mt19937 rng(3);
  int r = 0;
  for (auto _ : state) {
    // A push moves one box one square: its distances change by about one.
    r = (r + 7) % n;
    for (auto& x : c[static_cast<std::size_t>(r)]) x = std::max<std::int32_t>(0, x + static_cast<std::int32_t>(rng() % 3) - 1);
    reassign_row(a, n, r, fn);
    benchmark::DoNotOptimize(a);
  }
}
BENCHMARK(BM_HungarianWarmStart)->Arg(4)->Arg(10)->Arg(20)->Arg(34);

// One push applied and undone, cycling over the start position's pushes.
static void BM_ApplyUndo(benchmark::State& state) {
  const auto path = data_file("sokoban/microban/microban_155.xsb");
  std::ifstream in(path);
  if (!in) {
    state.SkipWithError("Microban data not found");
    return;
  }
  const auto entries = read_levels(in, "microban");
  const Board board(entries[static_cast<std::size_t>(state.range(0) - 1)].level);
  const SokobanDomain domain(board);
  SokobanDomain::State s = domain.initial_state();
  std::vector<SokobanDomain::Move> moves;
  domain.for_each_move(s, [&](const SokobanDomain::Move& m) { moves.push_back(m); });
  if (moves.empty()) {
    state.SkipWithError("no push at the start");
    return;
  }
  std::size_t k = 0;
  for (auto _ : state) {
    const auto& m = moves[k++ % moves.size()];
    const auto undo = domain.apply(s, m);
    benchmark::DoNotOptimize(s.h);
    domain.undo(s, m, undo);
  }
}
BENCHMARK(BM_ApplyUndo)->Arg(98)->Arg(144)->Arg(155);

// A* on an XSokoban level for a fixed number of expansions: time per expansion with the
// domain's state table (cache bits 12, the solver's default) and without it (0). Both runs
// search the same kind of tree; only where the expanded states come from differs.
static void BM_AStarExpansions(benchmark::State& state) {
  std::ifstream in(data_file("sokoban/xsokoban/XSokoban.xsb"));
  if (!in) {
    state.SkipWithError("XSokoban data not found");
    return;
  }
  const auto entries = read_levels(in, "xsokoban");
  const Level& level = entries[static_cast<std::size_t>(state.range(0) - 1)].level;
  SolveOptions options;
  options.limits.max_expanded = 50000;
  options.state_cache_bits = static_cast<int>(state.range(1));
  std::uint64_t expanded = 0;
  for (auto _ : state) {
    const SolveReport r = solve_level(level, options);
    expanded += r.result.stats.expanded;
    benchmark::DoNotOptimize(r.result.lower_bound);
  }
  state.counters["expanded/s"] = benchmark::Counter(static_cast<double>(expanded), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_AStarExpansions)->Args({3, 0})->Args({3, 12})->Args({7, 0})->Args({7, 12})->Unit(benchmark::kMillisecond)->Iterations(3);

BENCHMARK_MAIN();
