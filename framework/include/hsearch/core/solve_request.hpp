#pragma once
// What every domain's solve entry takes: the algorithm, heuristic and pruning by name, the
// weights, the limits and where tables may be cached. Each domain offers
//
//   <domain>::SolveReport <domain>::solve(const Instance&, const SolveRequest&, Observer&);
//
// whose report holds the framework's Result (status, cost, plan, bound, statistics) plus the
// domain's extras, so a program, the comparison grid, a server or an MPI rank calls every
// domain the same way. Names a domain does not know are reported with std::invalid_argument.
#include <filesystem>
#include <string>

#include "hsearch/core/limits.hpp"
#include "hsearch/search/by_name.hpp"

namespace hsearch {

struct SolveRequest {
  Algorithm algorithm = Algorithm::astar;
  std::string heuristic;             // a name the domain offers; empty: its default
  std::string pruning;               // a name the domain offers; empty: its default
  int weight_g = 1, weight_h = 1;    // weighted A* (w_g:w_h); unequal weights are never optimal
  Limits limits;
  std::filesystem::path cache_dir;   // pattern databases and other tables; empty: build, do not save
};

}  // namespace hsearch
