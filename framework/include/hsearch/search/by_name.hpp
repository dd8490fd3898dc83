#pragma once
// The algorithms chosen by name, as every program spells them on its command line:
// astar (A* with reopening, weighted with w_g:w_h), ida (IDA*), bfs (breadth-first), dfs
// (iterative-deepening depth-first), hda (hash-distributed A* over the ranks of a transport). parse_algorithm is the one parser of those names;
// search_by_name runs the chosen one, so a program, the comparison grid, a server or an MPI
// rank all run a search the same way.
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "hsearch/core/domain.hpp"
#include "hsearch/core/limits.hpp"
#include "hsearch/core/observer.hpp"
#include "hsearch/core/result.hpp"
#include "hsearch/heuristics/heuristic.hpp"
#include "hsearch/pruning/pruner.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/search/bfs.hpp"
#include "hsearch/search/dfs.hpp"
#include "hsearch/search/hda_star.hpp"
#include "hsearch/search/ida_star.hpp"

namespace hsearch {

enum class Algorithm { astar, ida, bfs, dfs, hda };

// The command-line name.
inline const char* to_string(Algorithm a) {
  switch (a) {
    case Algorithm::astar: return "astar";
    case Algorithm::ida: return "ida";
    case Algorithm::bfs: return "bfs";
    case Algorithm::dfs: return "dfs";
    case Algorithm::hda: return "hda";
  }
  return "?";
}

// Accepts the names above and the spellings people also type (a*, idastar, ida*, iddfs).
inline std::optional<Algorithm> parse_algorithm(std::string_view name) {
  if (name == "astar" || name == "a*" || name == "a-star") return Algorithm::astar;
  if (name == "ida" || name == "idastar" || name == "ida*" || name == "ida-star") return Algorithm::ida;
  if (name == "bfs") return Algorithm::bfs;
  if (name == "dfs" || name == "iddfs") return Algorithm::dfs;
  if (name == "hda" || name == "hda*" || name == "hdastar" || name == "hda-star") return Algorithm::hda;
  return std::nullopt;
}

// Depth-first algorithms keep no closed list: they are the ones a move-pruning automaton may
// cut (with duplicate detection, sequence pruning can lose optimality).
inline bool is_depth_first(Algorithm a) { return a == Algorithm::ida || a == Algorithm::dfs; }
inline bool uses_heuristic(Algorithm a) {
  return a == Algorithm::astar || a == Algorithm::ida || a == Algorithm::hda;
}

struct SearchSettings {
  Algorithm algorithm = Algorithm::astar;
  Limits limits;
  int weight_g = 1, weight_h = 1;          // A* only; unequal weights: never called optimal
  std::size_t transposition_entries = 0;   // IDA* only
  bool newer_first_on_ties = false;        // A* only (AStarOptions)
  HdaTransport* transport = nullptr;       // HDA* only: its ranks (none: one rank)
};

// Runs settings.algorithm from `start`. The heuristic is used by astar and ida, the pruner by
// the depth-first ones (ida, dfs).
template <Domain D, Heuristic<D> H, MovePruner P, class Observer>
Result<typename D::Move, typename D::Cost> search_by_name(const D& domain, const typename D::State& start,
                                                          const H& h, const P& pruner,
                                                          const SearchSettings& settings, Observer& observer) {
  switch (settings.algorithm) {
    case Algorithm::astar: {
      AStarOptions o;
      o.limits = settings.limits;
      o.weight_g = settings.weight_g;
      o.weight_h = settings.weight_h;
      o.newer_first_on_ties = settings.newer_first_on_ties;
      return astar(domain, start, h, o, observer);
    }
    case Algorithm::bfs: return bfs(domain, start, BfsOptions{settings.limits}, observer);
    case Algorithm::dfs: {
      IddfsOptions o;
      o.limits = settings.limits;
      return iterative_deepening_dfs(domain, start, o, pruner, observer);
    }
    case Algorithm::hda: {
      if constexpr (HdaDomain<D>) {
        HdaOptions o;
        o.limits = settings.limits;
        LocalTransport one_rank;
        return hda_star(domain, start, h, o, settings.transport != nullptr ? *settings.transport : one_rank,
                        observer);
      } else {
        throw std::invalid_argument("--algorithm hda: this domain's states do not pack into bytes");
      }
    }
    case Algorithm::ida: break;
  }
  IdaStarOptions o;
  o.limits = settings.limits;
  o.transposition_entries = settings.transposition_entries;
  return ida_star(domain, start, h, o, pruner, observer);
}

}  // namespace hsearch
