// Framework A* vs a minimal hand-written A* (hand_astar.hpp) on the same Korf instances,
// Manhattan distance, same move order, same tie rule: both must expand and generate exactly the
// same nodes. Each benchmark is one pass over the instances; it reports expanded and generated
// nodes per pass and expansions per second. At the end: the framework / hand-written time
// ratio (from the medians when run with --benchmark_repetitions) and whether the counts agree.
//
//   build-dir/bench/.../fifteen_astar_speed_bench           (HSEARCH_DATA_DIR overrides the data path)
//   ... --once=framework|hand [--instances=1,2,3]           one pass, per-instance counts and seconds
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "hand_astar.hpp"
#include "korf_speed_instances.hpp"
#include "hsearch/fifteen_puzzle/board_io.hpp"
#include "hsearch/fifteen_puzzle/domain.hpp"
#include "hsearch/fifteen_puzzle/manhattan.hpp"
#include "hsearch/search/astar.hpp"

namespace {

using namespace hsearch;
using namespace hsearch::fifteen;

// The ten instances of fifteen_ida_speed_bench (the fewest IDA* nodes with Manhattan): A*
// expands 32 k to 486 k nodes on each, 1.9 M in all, each within a second and some 50 MB.
std::vector<int> chosen_ids = bench::kSpeedInstances;

struct Instance {
  int id;
  PackedBoard board;
};

std::vector<Instance> load_instances() {
  std::vector<Instance> chosen;
  const auto tiles = bench::load_korf_instances(chosen_ids);
  for (std::size_t i = 0; i < tiles.size(); ++i) chosen.push_back({chosen_ids[i], make_board<PackedBoard>(tiles[i])});
  return chosen;
}

using bench::manhattan;
using bench::puzzle;

struct Counts {
  int cost = 0;
  std::uint64_t expanded = 0, generated = 0;
};

// As `fifteen-puzzle --algorithm astar --heuristic manhattan` runs it: default options (no
// weights, ties after f and g left to the heap), no observer, a memory limit (the program
// always sets one; 2 GiB is its floor).
Counts framework_astar(const PackedBoard& board) {
  AStarOptions options;
  options.limits.max_bytes = std::size_t{2048} << 20;
  const auto r = astar(puzzle(), board, manhattan(), options);
  return {r.solved() ? r.cost : -1, r.stats.expanded, r.stats.generated};
}

Counts hand_astar(bench::HandAStar& hand, const PackedBoard& board) {
  const int cost = hand.solve(board.cells, board.blank);
  return {cost, hand.expanded, hand.generated};
}

template <class Solve>
void run_passes(benchmark::State& state, Solve&& solve) {
  const auto instances = load_instances();
  if (instances.empty()) {
    state.SkipWithError("korf100.txt not found (set HSEARCH_DATA_DIR)");
    return;
  }
  std::uint64_t expanded = 0, generated = 0;
  for (auto _ : state) {
    for (const auto& inst : instances) {
      const Counts c = solve(inst.board);
      expanded += c.expanded;
      generated += c.generated;
      benchmark::DoNotOptimize(c.cost);
    }
  }
  const auto passes = static_cast<double>(state.iterations());
  state.counters["expanded"] = benchmark::Counter(static_cast<double>(expanded) / passes);
  state.counters["generated"] = benchmark::Counter(static_cast<double>(generated) / passes);
  state.counters["expanded_per_second"] = benchmark::Counter(static_cast<double>(expanded), benchmark::Counter::kIsRate);
}

void BM_FrameworkAStarManhattan(benchmark::State& state) {
  run_passes(state, [](const PackedBoard& b) { return framework_astar(b); });
}
void BM_HandWrittenAStarManhattan(benchmark::State& state) {
  bench::HandAStar hand;
  run_passes(state, [&](const PackedBoard& b) { return hand_astar(hand, b); });
}

BENCHMARK(BM_FrameworkAStarManhattan)->Unit(benchmark::kMillisecond)->MinTime(3.0);
BENCHMARK(BM_HandWrittenAStarManhattan)->Unit(benchmark::kMillisecond)->MinTime(3.0);

// Console output plus, at the end, the framework / hand-written time ratio (real and CPU time
// per pass; medians when there are repetitions, else the single run) and a check that both
// expanded and generated the same number of nodes.
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const auto& r : runs) {
      if (r.error_occurred) continue;
      const bool median = r.run_type == Run::RT_Aggregate && r.aggregate_name == "median";
      const bool single = r.run_type == Run::RT_Iteration && r.repetitions <= 1;
      if (!median && !single) continue;
      Row& row = rows_[r.run_name.function_name];
      row.real_ms = r.GetAdjustedRealTime();
      row.cpu_ms = r.GetAdjustedCPUTime();
      for (const char* c : {"expanded", "generated", "expanded_per_second"}) {
        const auto it = r.counters.find(c);
        if (it != r.counters.end()) row.counters[c] = it->second.value;
      }
    }
    ConsoleReporter::ReportRuns(runs);
  }
  void Finalize() override {
    ConsoleReporter::Finalize();
    const auto fw = rows_.find("BM_FrameworkAStarManhattan");
    const auto hand = rows_.find("BM_HandWrittenAStarManhattan");
    if (fw == rows_.end() || hand == rows_.end()) return;
    const Row& f = fw->second;
    const Row& h = hand->second;
    std::cout << "framework A*: " << f.real_ms << " ms real, " << f.cpu_ms << " ms CPU per pass, "
              << f.counters.at("expanded_per_second") / 1e6 << " M expanded/s\n"
              << "hand-written A*: " << h.real_ms << " ms real, " << h.cpu_ms << " ms CPU per pass, "
              << h.counters.at("expanded_per_second") / 1e6 << " M expanded/s\n"
              << "framework / hand-written time: " << f.real_ms / h.real_ms << " (real), " << f.cpu_ms / h.cpu_ms
              << " (CPU); same counts: "
              << (f.counters.at("expanded") == h.counters.at("expanded") &&
                          f.counters.at("generated") == h.counters.at("generated")
                      ? "yes"
                      : "NO")
              << " (expanded " << static_cast<std::uint64_t>(f.counters.at("expanded")) << " / "
              << static_cast<std::uint64_t>(h.counters.at("expanded")) << ", generated "
              << static_cast<std::uint64_t>(f.counters.at("generated")) << " / "
              << static_cast<std::uint64_t>(h.counters.at("generated")) << ")\n";
  }

 private:
  struct Row {
    double real_ms = 0, cpu_ms = 0;
    std::map<std::string, double> counters;
  };
  std::map<std::string, Row> rows_;
};

// One pass without Google Benchmark, per instance: cost, expanded, generated, seconds (to pick
// instances, and for valgrind --tool=callgrind: instructions per expansion, which the machine's
// load does not change).
int run_once(const std::string& which) {
  const auto instances = load_instances();
  if (instances.empty()) {
    std::cerr << "korf100.txt not found (set HSEARCH_DATA_DIR)\n";
    return 1;
  }
  bench::HandAStar hand;
  std::uint64_t expanded = 0, generated = 0;
  for (const auto& inst : instances) {
    const auto t0 = std::chrono::steady_clock::now();
    const Counts c = which == "hand" ? hand_astar(hand, inst.board) : framework_astar(inst.board);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::cout << which << " korf " << inst.id << ": cost " << c.cost << ", expanded " << c.expanded << ", generated "
              << c.generated << ", " << s << " s\n";
    expanded += c.expanded;
    generated += c.generated;
  }
  std::cout << which << ": expanded " << expanded << ", generated " << generated << "\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && std::string(argv[1]).rfind("--once=", 0) == 0) {
    if (argc == 3 && std::string(argv[2]).rfind("--instances=", 0) == 0) {
      chosen_ids.clear();
      std::istringstream list(std::string(argv[2]).substr(12));
      for (std::string id; std::getline(list, id, ',');) chosen_ids.push_back(std::stoi(id));
    }
    return run_once(std::string(argv[1]).substr(7));
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return 0;
}
