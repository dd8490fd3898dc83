#pragma once
// Test helper: the optimum of a level by breadth-first search over every legal push (no
// pruning, no macros), the reference that optimality-keeping techniques are compared with.
#include <optional>

#include "hsearch/search/bfs.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"

namespace hsearch::sokoban::testing {

// The fewest pushes, or nothing when the search does not finish within `max_expanded`.
inline std::optional<int> exhaustive_optimum(const Board& board, std::uint64_t max_expanded) {
  SokobanDomain plain(board);
  plain.set_pi_corrals(false);
  hsearch::BfsOptions options;
  options.limits.max_expanded = max_expanded;
  const auto result = hsearch::bfs(plain, plain.initial_state(), options);
  if (!result.solved()) return std::nullopt;
  return result.cost;
}

}  // namespace hsearch::sokoban::testing
