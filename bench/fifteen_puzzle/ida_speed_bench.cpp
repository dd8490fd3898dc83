// Framework IDA* vs a minimal hand-written IDA* on the same Korf instances, Manhattan distance,
// parent pruning, same move order: both must generate exactly the same nodes; the benchmark
// reports generated nodes per second for each and, at the end, the framework/hand ratio.
//
//   build-dir/bench/.../fifteen_ida_speed_bench            (HSEARCH_DATA_DIR overrides the data path)
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "hand_ida.hpp"
#include "korf_speed_instances.hpp"
#include "hsearch/fifteen_puzzle/board_io.hpp"
#include "hsearch/fifteen_puzzle/inverse_move_pruner.hpp"
#include "hsearch/fifteen_puzzle/manhattan.hpp"
#include "hsearch/pruning/inverse_move.hpp"
#include "hsearch/search/ida_star.hpp"

namespace {

using namespace hsearch;
using namespace hsearch::fifteen;

using bench::manhattan;
using bench::puzzle;

// Korf instances that take 0.5M - 2M generated nodes each with Manhattan distance.
std::vector<std::vector<unsigned>> load_instances() { return bench::load_korf_instances(bench::kSpeedInstances); }

template <class Pruner>
void framework_ida(benchmark::State& state, const Pruner& pruner) {
  const auto instances = load_instances();
  if (instances.empty()) {
    state.SkipWithError("korf100.txt not found (set HSEARCH_DATA_DIR)");
    return;
  }
  std::uint64_t generated = 0;
  for (auto _ : state) {
    for (const auto& t : instances) {
      const auto r = ida_star(puzzle(), make_board<PackedBoard>(t), manhattan(), IdaStarOptions{}, pruner);
      generated += r.stats.generated;
      benchmark::DoNotOptimize(r.cost);
    }
  }
  state.counters["generated"] = benchmark::Counter(static_cast<double>(generated) / state.iterations());
  state.counters["nodes_per_second"] = benchmark::Counter(static_cast<double>(generated), benchmark::Counter::kIsRate);
}

void BM_FrameworkIdaManhattanInverseMovePruner(benchmark::State& state) {
  framework_ida(state, InverseMovePruner{});
}
void BM_FrameworkIdaManhattanTableAutomaton(benchmark::State& state) {
  static const TableAutomaton automaton = make_inverse_move_automaton(puzzle());
  framework_ida(state, automaton);
}

void BM_HandWrittenIdaManhattan(benchmark::State& state) {
  const auto instances = load_instances();
  if (instances.empty()) {
    state.SkipWithError("korf100.txt not found (set HSEARCH_DATA_DIR)");
    return;
  }
  bench::HandIdaStar hand(manhattan());
  std::uint64_t generated = 0;
  for (auto _ : state) {
    for (const auto& t : instances) {
      const auto b = make_board<PackedBoard>(t);
      const int len = hand.solve(b.cells, b.blank, manhattan().estimate(b));
      generated += hand.generated;
      benchmark::DoNotOptimize(len);
    }
  }
  state.counters["generated"] = benchmark::Counter(static_cast<double>(generated) / state.iterations());
  state.counters["nodes_per_second"] = benchmark::Counter(static_cast<double>(generated), benchmark::Counter::kIsRate);
}

BENCHMARK(BM_FrameworkIdaManhattanInverseMovePruner)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_FrameworkIdaManhattanTableAutomaton)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_HandWrittenIdaManhattan)->Unit(benchmark::kMillisecond)->MinTime(2.0);

// Console output plus, at the end, the framework / hand-written speed ratio and a check that
// both generated the same number of nodes.
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const auto& r : runs) {
      if (r.error_occurred || r.run_type != Run::RT_Iteration) continue;
      const auto rate = r.counters.find("nodes_per_second");
      const auto gen = r.counters.find("generated");
      if (rate != r.counters.end()) rates_[r.benchmark_name()] = rate->second.value;
      if (gen != r.counters.end()) generated_[r.benchmark_name()] = gen->second.value;
    }
    ConsoleReporter::ReportRuns(runs);
  }
  void Finalize() override {
    ConsoleReporter::Finalize();
    const std::string hand = "BM_HandWrittenIdaManhattan/min_time:2.000";
    for (const auto& [name, rate] : rates_) {
      if (name == hand || rates_.count(hand) == 0) continue;
      std::cout << name << ": " << rate / 1e6 << " M generated/s = " << rate / rates_[hand]
                << " x the hand-written loop (" << rates_[hand] / 1e6 << " M/s); same node count: "
                << (generated_[name] == generated_[hand] ? "yes" : "NO") << "\n";
    }
  }

 private:
  std::map<std::string, double> rates_, generated_;
};

}  // namespace

// `--once=framework|table|hand` runs one pass over the instances without Google Benchmark
// (for valgrind --tool=callgrind: instructions per generated node, independent of machine load).
int run_once(const std::string& which) {
  const auto instances = load_instances();
  std::uint64_t generated = 0;
  static const TableAutomaton automaton = make_inverse_move_automaton(puzzle());
  bench::HandIdaStar hand(manhattan());
  for (const auto& t : instances) {
    const auto b = make_board<PackedBoard>(t);
    if (which == "hand") {
      hand.solve(b.cells, b.blank, manhattan().estimate(b));
      generated += hand.generated;
    } else if (which == "table") {
      generated += ida_star(puzzle(), b, manhattan(), IdaStarOptions{}, automaton).stats.generated;
    } else {
      generated += ida_star(puzzle(), b, manhattan(), IdaStarOptions{}, InverseMovePruner{}).stats.generated;
    }
  }
  std::cout << which << ": generated " << generated << "\n";
  return instances.empty() ? 1 : 0;
}

int main(int argc, char** argv) {
  if (argc == 2 && std::string(argv[1]).rfind("--once=", 0) == 0) return run_once(std::string(argv[1]).substr(7));
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return 0;
}
