#pragma once
// The solve entry of the sliding-tile domain. A Solver is configured once from a SolveRequest
// (algorithm, heuristic and pruning by name, limits, cache directory) for W x H boards: the
// heuristic's tables are built or loaded and the pruning automaton read in its constructor, so
// many boards share them. solve(tiles, teaching, progress) decides solvability by parity (no
// search on the unsolvable half), runs the framework's search by name, and replays the plan with
// the domain's rules before calling it solved. The free solve() builds a Solver for one board.
//
// Names: algorithm ida | astar | bfs; heuristic auto | manhattan | linear-conflict | pdb-555 |
// pdb-663 | pdb-78 | pdb-6666 | pdb-6666-mirror | pdb-7755 | pdb-6666+7755 | pdb-333 (auto:
// pdb-663 on 4x4, linear-conflict elsewhere); pruning none | inverse | learned | learned=FILE
// (IDA* only; default inverse).
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <ostream>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "hsearch/core/observer.hpp"
#include "hsearch/core/replay.hpp"
#include "hsearch/core/result.hpp"
#include "hsearch/core/solve_request.hpp"
#include "hsearch/fifteen_puzzle/board_io.hpp"
#include "hsearch/fifteen_puzzle/domain.hpp"
#include "hsearch/fifteen_puzzle/inverse_move_pruner.hpp"
#include "hsearch/fifteen_puzzle/linear_conflict.hpp"
#include "hsearch/fifteen_puzzle/manhattan.hpp"
#include "hsearch/fifteen_puzzle/pdb_heuristic.hpp"
#include "hsearch/observers/teaching_observer.hpp"
#include "hsearch/pruning/automaton_file.hpp"
#include "hsearch/pruning/pruner.hpp"
#include "hsearch/pruning/table_automaton.hpp"
#include "hsearch/search/by_name.hpp"

namespace hsearch::fifteen {

// The tag under which sliding-tile move automata are saved. The file stores label numbers
// (up 0, down 1, left 2, right 3), the same on every board size, so a 7x7-learned automaton
// serves 4x4 and 5x5 boards.
inline constexpr const char* kAutomatonDomainTag = "sliding-tile";

inline constexpr const char* kDefaultHeuristic = "auto";
inline constexpr const char* kDefaultPruning = "inverse";

// What the sliding-tile solver takes besides the SolveRequest.
struct SolverOptions {
  std::filesystem::path automaton_file;  // read by pruning "learned" (without "=FILE")
  bool reflect = true;                   // PDBs: also look up the reflected board (square boards)
  std::string move_order = "ULRD";       // blank up, left, right, down (Korf's order)
  std::size_t transposition_entries = 0;  // IDA* transposition table (0 = none)
  std::ostream* log = nullptr;           // pattern-database build messages (null: none)
  HdaTransport* transport = nullptr;     // --algorithm hda: the ranks (null: one rank)
};

// A board to solve: its size and its tiles, row-major, 0 = the blank.
struct Instance {
  unsigned width = 4, height = 4;
  std::vector<unsigned> tiles;
};

struct SolveReport {
  Result<Geometry::Move, int> result;  // status (unsolvable: odd parity), cost, plan, bound, stats
  std::string heuristic;               // the heuristic's name ("auto" resolved)
  std::string pruning;                 // the pruning used ("none" for astar and bfs)
  // False when the search returned a plan that fails its replay: the result is then not
  // solved and must be reported as an internal error.
  bool plan_replayed = true;
  // When solved: the board after each move, from the start to the goal (plan.size() + 1).
  std::vector<std::vector<unsigned>> configurations;
};

// Resolves "auto": pattern databases 6-6-3 on 4x4, linear conflicts elsewhere.
inline std::string resolve_heuristic(const std::string& name, unsigned w, unsigned h) {
  if (name.empty() || name == "auto") return (w == 4 && h == 4) ? "pdb-663" : "linear-conflict";
  return name;
}

// The letters of a plan: U D L R, the blank's direction.
template <class Move>
std::string plan_letters(const std::vector<Move>& plan) {
  std::string letters;
  for (const Move& m : plan) letters += kLabelLetters[m.label];
  return letters;
}

template <class Board>
class Solver {
 public:
  using Domain = SlidingTilePuzzle<Board>;
  using Move = typename Domain::Move;

  // Checks the names and reads the automaton (the heuristic's tables: prepare()). Throws
  // std::invalid_argument for a name the domain does not offer (the message names the option
  // and lists the names) or a bad combination, TableFileError for an unreadable automaton file.
  Solver(unsigned width, unsigned height, const SolveRequest& request, SolverOptions options = {})
      : request_(request), options_(std::move(options)), domain_(width, height, options_.move_order) {
    if (request_.algorithm != Algorithm::ida && request_.algorithm != Algorithm::astar &&
        request_.algorithm != Algorithm::bfs && request_.algorithm != Algorithm::hda) {
      throw std::invalid_argument(std::string("--algorithm ") + to_string(request_.algorithm) +
                                  ": the sliding-tile puzzle offers ida, astar, bfs, hda");
    }
    settings_.transport = options_.transport;
    settings_.algorithm = request_.algorithm;
    settings_.limits = request_.limits;
    settings_.weight_g = request_.weight_g;
    settings_.weight_h = request_.weight_h;
    settings_.transposition_entries = options_.transposition_entries;
    // The automaton first: a bad file is reported before any table is built.
    pruning_ = request_.pruning.empty() ? kDefaultPruning : request_.pruning;
    if (!is_depth_first(request_.algorithm)) {
      if (!request_.pruning.empty() && pruning_ != "none") {
        throw std::invalid_argument("--pruning " + pruning_ + " applies to --algorithm ida only (with the "
                                    "duplicate detection of astar and bfs, sequence pruning could lose "
                                    "optimality)");
      }
      pruning_ = "none";
    }
    if (pruning_ == "none") {
      pruner_.template emplace<NoPruning>();
    } else if (pruning_ == "inverse") {
      pruner_.template emplace<InverseMovePruner>();
    } else if (pruning_ == "learned" || pruning_.rfind("learned=", 0) == 0) {
      const std::filesystem::path file =
          pruning_.size() > 8 ? std::filesystem::path(pruning_.substr(8)) : options_.automaton_file;
      if (file.empty()) throw std::invalid_argument("--pruning learned needs a file: learned=FILE");
      auto data = load_move_automaton(file, kAutomatonDomainTag, 4);
      pruner_.template emplace<TableAutomaton>(std::move(data.automaton));
      pruning_ = "learned";
    } else {
      throw std::invalid_argument("--pruning " + pruning_ + ": the sliding-tile puzzle offers none, inverse, "
                                  "learned, learned=FILE");
    }
    heuristic_name_ = resolve_heuristic(request_.heuristic, width, height);
    partition_ = find_partition(heuristic_name_);
    if (heuristic_name_ != "manhattan" && heuristic_name_ != "linear-conflict" && partition_ == nullptr) {
      throw std::invalid_argument("--heuristic " + heuristic_name_ +
                                  ": the sliding-tile puzzle offers auto, manhattan, linear-conflict, pdb-555, "
                                  "pdb-663, pdb-78 (4x4), pdb-6666, pdb-6666-mirror, pdb-7755, pdb-6666+7755 (5x5), pdb-333 (3x3)");
    }
    if (partition_ != nullptr && (partition_->width != width || partition_->height != height)) {
      throw std::invalid_argument("--heuristic " + heuristic_name_ + " is for " + std::to_string(partition_->width) +
                                  "x" + std::to_string(partition_->height) + " boards, not " +
                                  std::to_string(width) + "x" + std::to_string(height));
    }
    // Breadth-first search reads no heuristic: none is built (a pattern database can take
    // minutes), and reports say "-".
    if (!uses_heuristic(request_.algorithm)) {
      heuristic_name_ = "-";
      partition_ = nullptr;
    }
  }

  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  // Builds or loads the heuristic's tables (pattern databases: from request.cache_dir, built
  // there on first use), once. Throws what building throws (std::bad_alloc), and
  // StoppedByLimit when the time limit or the stop flag of `limits` (default: the request's)
  // stops a build: the tables are then not ready, and a later call builds them again (tables
  // already complete are in the cache directory).
  void prepare() const { prepare(request_.limits); }
  void prepare(const Limits& limits) const {
    std::call_once(prepared_, [&] {
      if (heuristic_name_ == "linear-conflict") {
        heuristic_.template emplace<LinearConflict<Board>>(domain_);
      } else if (partition_ != nullptr) {
        try {
          heuristic_.template emplace<AdditivePdb<Board>>(domain_, *partition_,
                                                          options_.reflect && domain_.width() == domain_.height(),
                                                          request_.cache_dir, options_.log, limits);
        } catch (...) {
          heuristic_.template emplace<Manhattan<Board>>(domain_);  // never left valueless
          throw;
        }
      }
    });
  }

  const Domain& domain() const { return domain_; }
  const SolveRequest& request() const { return request_; }
  const std::string& heuristic_name() const { return heuristic_name_; }
  const std::string& pruning_name() const { return pruning_; }

  // Solves one board of this size (a permutation of 0 .. W*H-1, checked by the caller, e.g.
  // with parse_tiles). `teaching` records a trace and/or a DOT tree; `progress` sees every
  // search event (progress lines). The time limit counts from the call (or from the request's
  // Limits::clock_start when it is set) and covers building the tables: a build stopped by it
  // or by the stop flag gives a stopped result with 0 expansions.
  template <class Observer = NullObserver>
  SolveReport solve(const std::vector<unsigned>& tiles, const Teaching& teaching = {},
                    Observer* progress = nullptr) const {
    return with_any_progress(progress, [&](auto* observer) { return solve_observed(tiles, teaching, observer); });
  }

  // solve() for one observer type; the one for AnyProgressObserver, which serves every observer
  // of progress only, is compiled in the library (below).
  template <class Observer>
  SolveReport solve_observed(const std::vector<unsigned>& tiles, const Teaching& teaching, Observer* progress) const;

 private:
  template <class Observer>
  Result<Move, int> run(const Board& start, const SearchSettings& settings, Observer& observer) const {
    return std::visit(
        [&](const auto& h) {
          if (!is_depth_first(settings.algorithm)) {
            return search_by_name(domain_, start, h, NoPruning{}, settings, observer);
          }
          return std::visit(
              [&](const auto& p) { return search_by_name(domain_, start, h, p, settings, observer); },
              pruner_);
        },
        heuristic_);
  }

  SolveRequest request_;
  SolverOptions options_;
  Domain domain_;
  SearchSettings settings_;
  std::string heuristic_name_, pruning_;
  const Partition* partition_ = nullptr;
  mutable std::once_flag prepared_;
  mutable std::variant<Manhattan<Board>, LinearConflict<Board>, AdditivePdb<Board>> heuristic_{
      std::in_place_index<0>, domain_};
  std::variant<NoPruning, InverseMovePruner, TableAutomaton> pruner_;
};

// Defined outside the class, so not inline: a file that sees the extern declaration below does not
// compile the search again to offer it for inlining.
template <class Board>
template <class Observer>
SolveReport Solver<Board>::solve_observed(const std::vector<unsigned>& tiles, const Teaching& teaching,
                                          Observer* progress) const {
  SolveReport report;
  report.heuristic = heuristic_name_;
  report.pruning = pruning_;
  if (tiles.size() != domain_.cells()) {
    throw std::invalid_argument("expected " + std::to_string(domain_.cells()) + " tiles, got " +
                                std::to_string(tiles.size()));
  }
  if (!solvable(tiles, domain_.width())) {  // parity decides: IDA* would never end
    report.result.status = Status::unsolvable;
    report.result.algorithm = to_string(request_.algorithm);
    return report;
  }
  SearchSettings settings = settings_;
  settings.limits = settings.limits.with_clock_started();
  try {
    prepare(settings.limits);
  } catch (const StoppedByLimit& stopped) {
    report.result.status = Status::stopped;
    report.result.stop_reason = stopped.reason;
    report.result.algorithm = to_string(request_.algorithm);
    // What is known without the tables: the Manhattan distance bounds the optimum.
    report.result.lower_bound = Manhattan<Board>(domain_).estimate(make_board<Board>(tiles));
    return report;
  }
  const Board start = make_board<Board>(tiles);
  report.result = run_teaching(
      domain_, teaching, [&](auto& observer) { return run(start, settings, observer); }, progress);
  if (report.result.solved()) {
    report.plan_replayed = plan_replays(domain_, start, report.result.plan, report.result.cost);
    if (!report.plan_replayed) {
      report.result.status = Status::stopped;
      return report;
    }
    Board board = start;
    report.configurations.push_back(tiles);
    for (const Move& m : report.result.plan) {
      domain_.apply(board, m);
      report.configurations.push_back(board_tiles(board, domain_.cells()));
    }
  }
  return report;
}

// The search for observers of progress only is compiled once, in the hsearch::fifteen_puzzle
// library (src/solve.cpp): every algorithm with every heuristic and pruning, for both board
// representations, with and without the teaching recorders, which every file calling solve()
// would otherwise compile again for its own observer type.
extern template SolveReport Solver<PackedBoard>::solve_observed<AnyProgressObserver>(const std::vector<unsigned>&,
                                                                                    const Teaching&,
                                                                                    AnyProgressObserver*) const;
extern template SolveReport Solver<ByteBoard>::solve_observed<AnyProgressObserver>(const std::vector<unsigned>&,
                                                                                  const Teaching&,
                                                                                  AnyProgressObserver*) const;

// One board: builds a Solver for its size (boards of up to 16 cells packed in 64 bits) and
// solves it. A program solving many boards keeps one Solver instead (tables built once).
template <class Observer = NullObserver>
SolveReport solve(const Instance& instance, const SolveRequest& request, const Teaching& teaching = {},
                  Observer* progress = nullptr, const SolverOptions& options = {}) {
  if (instance.width * instance.height <= PackedBoard::kMaxCells) {
    return Solver<PackedBoard>(instance.width, instance.height, request, options)
        .solve(instance.tiles, teaching, progress);
  }
  return Solver<ByteBoard>(instance.width, instance.height, request, options)
      .solve(instance.tiles, teaching, progress);
}

}  // namespace hsearch::fifteen
