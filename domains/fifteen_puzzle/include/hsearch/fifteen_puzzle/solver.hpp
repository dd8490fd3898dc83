#pragma once
// One configured solver for W x H boards: a heuristic (tables built once), a pruning automaton
// and an algorithm chosen by name, solving many boards. Used by the fifteen-puzzle program and
// the Korf-100 table program; the search itself is the framework's (IDA*, A*, BFS).
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "hsearch/core/limits.hpp"
#include "hsearch/core/observer.hpp"
#include "hsearch/core/result.hpp"
#include "hsearch/fifteen_puzzle/board_io.hpp"
#include "hsearch/fifteen_puzzle/domain.hpp"
#include "hsearch/fifteen_puzzle/inverse_move_pruner.hpp"
#include "hsearch/fifteen_puzzle/linear_conflict.hpp"
#include "hsearch/fifteen_puzzle/manhattan.hpp"
#include "hsearch/fifteen_puzzle/pdb_heuristic.hpp"
#include "hsearch/observers/dot_observer.hpp"
#include "hsearch/observers/trace_observer.hpp"
#include "hsearch/pruning/automaton_file.hpp"
#include "hsearch/pruning/pruner.hpp"
#include "hsearch/pruning/table_automaton.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/search/bfs.hpp"
#include "hsearch/search/ida_star.hpp"

namespace hsearch::fifteen {

// The tag under which sliding-tile move automata are saved (labels H B G D are the same on
// every board size, so a 7x7-learned automaton serves 4x4 and 5x5 boards).
inline constexpr const char* kAutomatonDomainTag = "sliding-tile";

struct SolverConfig {
  std::string algorithm = "ida";        // ida | astar | bfs
  std::string heuristic = "auto";       // auto | manhattan | linear-conflict | pdb-<partition>
  std::string pruning = "inverse";      // none | inverse | learned (IDA* only)
  std::filesystem::path automaton_file;  // for pruning == "learned"
  std::filesystem::path pdb_dir;         // empty: default_cache_dir()
  bool reflect = true;                   // PDBs: also look up the reflected board (square boards)
  std::string move_order = "HGDB";       // blank up, left, right, down
  std::size_t transposition_entries = 0;  // IDA* transposition table (0 = none)
};

// Resolves "auto": pattern databases 6-6-3 on 4x4, linear conflicts elsewhere.
inline std::string resolve_heuristic(const std::string& name, unsigned w, unsigned h) {
  if (name != "auto") return name;
  return (w == 4 && h == 4) ? "pdb-663" : "linear-conflict";
}

// Prints one line per IDA* iteration when enabled (--stats).
struct IterationPrinter : NullObserver {
  std::ostream* out = nullptr;
  void on_iteration_end(const IterationStats& it) {
    if (out == nullptr) return;
    *out << "iteration bound=" << it.bound << " expanded=" << it.expanded
         << " generated=" << it.generated << " pruned=" << it.pruned
         << " next_bound=" << it.next_bound << " seconds=" << it.seconds << "\n";
  }
};

// Teaching output of one solve (--trace, --dot): either stream may be null.
struct TeachingOutput {
  std::ostream* trace = nullptr;  // TraceObserver lines: IDA* iterations, A* reopen events
  std::ostream* dot = nullptr;    // DotObserver: the search tree as Graphviz DOT
  std::size_t dot_max_nodes = 200;
  bool active() const { return trace != nullptr || dot != nullptr; }
};

// Forwards to the --stats printer, a trace and a DOT recorder (each optional). A separate type
// from IterationPrinter because it asks for every node (kWantsNodes), which plain runs must not
// pay for.
template <class Domain>
struct TeachingForwarder : NullObserver {
  static constexpr bool kWantsNodes = true;
  IterationPrinter* stats = nullptr;
  TraceObserver<Domain>* trace = nullptr;
  DotObserver<Domain>* dot = nullptr;

  void on_iteration_begin(std::int64_t bound) {
    if (trace != nullptr) trace->on_iteration_begin(bound);
    if (dot != nullptr) dot->on_iteration_begin(bound);
  }
  void on_iteration_end(const IterationStats& it) {
    if (stats != nullptr) stats->on_iteration_end(it);
    if (trace != nullptr) trace->on_iteration_end(it);
  }
  void on_expand(const typename Domain::State& s, std::int64_t g, std::int64_t h) {
    if (dot != nullptr) dot->on_expand(s, g, h);
  }
  void on_generate(const typename Domain::State& parent, const typename Domain::State& child,
                   const typename Domain::Move& m, std::int64_t g, std::int64_t h) {
    if (dot != nullptr) dot->on_generate(parent, child, m, g, h);
  }
  void on_reopen(const typename Domain::State& s, std::int64_t old_g, std::int64_t new_g) {
    if (trace != nullptr) trace->on_reopen(s, old_g, new_g);
  }
};

template <class Board>
class Solver {
 public:
  using Domain = SlidingTilePuzzle<Board>;
  using Move = typename Domain::Move;
  using SolveResult = Result<Move, int>;

  // Builds or loads the heuristic's tables and the automaton; throws std::invalid_argument
  // (bad name or combination) or TableFileError (unreadable automaton file).
  Solver(unsigned width, unsigned height, SolverConfig config, std::ostream* log)
      : config_(std::move(config)), domain_(width, height, config_.move_order) {
    if (config_.algorithm != "ida" && config_.algorithm != "astar" && config_.algorithm != "bfs") {
      throw std::invalid_argument("unknown algorithm '" + config_.algorithm +
                                  "' (expected ida, astar or bfs)");
    }
    // The automaton first: a bad file is reported before any table is built.
    if (config_.pruning == "none") {
      pruner_.template emplace<NoPruning>();
    } else if (config_.pruning == "inverse") {
      pruner_.template emplace<InverseMovePruner>();
    } else if (config_.pruning == "learned") {
      if (config_.automaton_file.empty()) throw std::invalid_argument("--pruning learned needs a file");
      auto data = load_move_automaton(config_.automaton_file, kAutomatonDomainTag, 4);
      pruner_.template emplace<TableAutomaton>(std::move(data.automaton));
    } else {
      throw std::invalid_argument("unknown pruning '" + config_.pruning +
                                  "' (expected none, inverse or learned[=FILE])");
    }
    config_.heuristic = resolve_heuristic(config_.heuristic, width, height);
    const std::string& h = config_.heuristic;
    if (h == "manhattan") {
      heuristic_.template emplace<Manhattan<Board>>(domain_);
    } else if (h == "linear-conflict") {
      heuristic_.template emplace<LinearConflict<Board>>(domain_);
    } else if (const Partition* part = find_partition(h); part != nullptr) {
      const auto dir = config_.pdb_dir.empty() ? default_cache_dir() : config_.pdb_dir;
      heuristic_.template emplace<AdditivePdb<Board>>(
          domain_, *part, config_.reflect && width == height, dir, log);
    } else {
      throw std::invalid_argument("unknown heuristic '" + h +
                                  "' (expected manhattan, linear-conflict, pdb-555, pdb-663, "
                                  "pdb-78, pdb-6666, pdb-6666-mirror or pdb-333)");
    }
  }

  const Domain& domain() const { return domain_; }
  const SolverConfig& config() const { return config_; }

  // Solves a solvable board (check solvable() first: IDA* never ends on the other half).
  // `iterations` (--stats) gets one line per IDA* iteration; `teaching` the trace / DOT tree.
  SolveResult solve(const std::vector<unsigned>& tiles, const Limits& limits,
                    std::ostream* iterations = nullptr,
                    const TeachingOutput& teaching = TeachingOutput{}) const {
    const Board start = make_board<Board>(tiles);
    IterationPrinter printer;
    printer.out = iterations;
    if (!teaching.active()) return run(start, limits, printer);
    std::ostream discard(nullptr);
    TraceObserver<Domain> trace(domain_, teaching.trace != nullptr ? *teaching.trace : discard);
    DotObserver<Domain> dot(domain_, teaching.dot_max_nodes);
    TeachingForwarder<Domain> forward;
    forward.stats = &printer;
    forward.trace = teaching.trace != nullptr ? &trace : nullptr;
    forward.dot = teaching.dot != nullptr ? &dot : nullptr;
    SolveResult r = run(start, limits, forward);
    if (teaching.trace != nullptr) trace.finish();
    if (teaching.dot != nullptr) dot.write(*teaching.dot);
    return r;
  }

 private:
  template <class Observer>
  SolveResult run(const Board& start, const Limits& limits, Observer& observer) const {
    return std::visit(
        [&](const auto& h) -> SolveResult {
          if (config_.algorithm == "astar") {
            return astar(domain_, start, h, AStarOptions{limits, 1, 1}, observer);
          }
          if (config_.algorithm == "bfs") return bfs(domain_, start, BfsOptions{limits}, observer);
          return std::visit(
              [&](const auto& p) -> SolveResult {
                IdaStarOptions o;
                o.limits = limits;
                o.transposition_entries = config_.transposition_entries;
                return ida_star(domain_, start, h, o, p, observer);
              },
              pruner_);
        },
        heuristic_);
  }

  SolverConfig config_;
  Domain domain_;
  std::variant<Manhattan<Board>, LinearConflict<Board>, AdditivePdb<Board>> heuristic_{
      std::in_place_index<0>, domain_};
  std::variant<NoPruning, InverseMovePruner, TableAutomaton> pruner_;
};

}  // namespace hsearch::fifteen
