// Cost of one heuristic evaluation (ns per call) on random 15-puzzle boards: Manhattan and
// linear conflicts (full and incremental), additive PDBs 5-5-5 (built into a temporary cache
// directory on first run) with and without the reflected lookup.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <random>
#include <vector>

#include "hsearch/fifteen_puzzle/board_io.hpp"
#include "hsearch/fifteen_puzzle/linear_conflict.hpp"
#include "hsearch/fifteen_puzzle/manhattan.hpp"
#include "hsearch/fifteen_puzzle/pdb_heuristic.hpp"

namespace {

using namespace hsearch::fifteen;

const FifteenPuzzle& puzzle() {
  static const FifteenPuzzle p(4, 4);
  return p;
}

// Random boards and, for each, one child (board after a random move) with that move.
struct Sample {
  PackedBoard parent, child;
  FifteenPuzzle::Move move;
};
const std::vector<Sample>& samples() {
  static const std::vector<Sample> s = [] {
    std::mt19937_64 rng(1);
    std::vector<Sample> out;
    for (int i = 0; i < 4096; ++i) {
      Sample x;
      x.parent = make_board<PackedBoard>(random_solvable_tiles(4, 4, rng));
      std::vector<FifteenPuzzle::Move> moves;
      puzzle().for_each_move(x.parent, [&](const auto& m) { moves.push_back(m); });
      x.move = moves[rng() % moves.size()];
      x.child = x.parent;
      puzzle().apply(x.child, x.move);
      out.push_back(x);
    }
    return out;
  }();
  return s;
}

template <class H>
void full(benchmark::State& state, const H& h) {
  const auto& s = samples();
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(h.estimate(s[i].child));
    i = (i + 1) & 4095;
  }
}

template <class H>
void incremental(benchmark::State& state, const H& h) {
  const auto& s = samples();
  std::vector<int> parent_h;
  for (const auto& x : s) parent_h.push_back(h.estimate(x.parent));
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(h.estimate_after(s[i].child, s[i].move, parent_h[i]));
    i = (i + 1) & 4095;
  }
}

const AdditivePdb<PackedBoard>& pdb555(bool reflect) {
  static const auto dir = std::filesystem::temp_directory_path() / "hsearch-bench-pdb";
  static const AdditivePdb<PackedBoard> with(puzzle(), *find_partition("pdb-555"), true, dir, nullptr);
  static const AdditivePdb<PackedBoard> without(puzzle(), *find_partition("pdb-555"), false, dir, nullptr);
  return reflect ? with : without;
}

void BM_ManhattanFull(benchmark::State& st) { full(st, Manhattan<PackedBoard>(puzzle())); }
void BM_ManhattanIncremental(benchmark::State& st) { incremental(st, Manhattan<PackedBoard>(puzzle())); }
void BM_LinearConflictFull(benchmark::State& st) { full(st, LinearConflict<PackedBoard>(puzzle())); }
void BM_LinearConflictIncremental(benchmark::State& st) {
  incremental(st, LinearConflict<PackedBoard>(puzzle()));
}
void BM_Pdb555(benchmark::State& st) { full(st, pdb555(false)); }
void BM_Pdb555Reflected(benchmark::State& st) { full(st, pdb555(true)); }

BENCHMARK(BM_ManhattanFull);
BENCHMARK(BM_ManhattanIncremental);
BENCHMARK(BM_LinearConflictFull);
BENCHMARK(BM_LinearConflictIncremental);
BENCHMARK(BM_Pdb555);
BENCHMARK(BM_Pdb555Reflected);

}  // namespace

BENCHMARK_MAIN();
