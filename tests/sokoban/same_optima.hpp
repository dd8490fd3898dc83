#pragma once
// The check every optimality-keeping option gets: Microban 1-60 solved with and without it
// must give the same push counts, all proven optimal and equal to the table's.
#include <fstream>
#include <vector>

#include <gtest/gtest.h>

#include "collection_file.hpp"
#include "data_dir.hpp"
#include "hsearch/sokoban/level_reader.hpp"
#include "hsearch/sokoban/solver.hpp"
#include "microban_oracle.hpp"
#include "sweep.hpp"

namespace hsearch::sokoban::testing {

// Solves Microban levels 1-60 (tests/sweep.hpp: 1-30 under the sanitizers) with each set of options (at most 20,000 expansions each, no
// fewer-moves pass). On
// every level that all of them solve, the push counts must agree, be proven optimal and equal
// the table's. Returns how many levels were compared. The caller checks that the data exist.
inline int expect_same_optima_on_microban(std::vector<SolveOptions> variants) {
  const auto entries = hsearch::sokoban::testing::read_collection("sokoban/microban/microban_155.xsb");
  const auto oracle = read_microban_oracle(hsearch::testing::data_file("sokoban/microban/microban_optimal_pushes.tsv"));
  int compared = 0;
  for (int n = 1; n <= hsearch::testing::sweep(60); ++n) {
    std::vector<SolveReport> reports;
    bool all_solved = true;
    for (SolveOptions& options : variants) {
      options.limits.max_expanded = 20000;
      // The push count is what is compared: the fewer-moves pass, which keeps it, is left out.
      options.fewer_moves = false;
      reports.push_back(solve_level(entries[static_cast<std::size_t>(n - 1)].level, options));
      all_solved = all_solved && reports.back().solved();
    }
    if (!all_solved) continue;
    ++compared;
    for (const SolveReport& r : reports) {
      EXPECT_EQ(r.pushes, reports.front().pushes) << "level " << n;
      EXPECT_TRUE(r.result.optimal) << "level " << n;
    }
    const auto it = oracle.find(n);
    if (it != oracle.end()) {
      EXPECT_EQ(reports.front().pushes, it->second) << "level " << n;
    }
  }
  return compared;
}

}  // namespace hsearch::sokoban::testing
