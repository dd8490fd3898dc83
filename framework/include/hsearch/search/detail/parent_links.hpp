#pragma once
// The plan of a node in a node store with parent links (A*, BFS, the feature-space search):
// the moves from the start to node `n`, read backwards along the links and reversed.
#include <cstdint>
#include <vector>

namespace hsearch::detail {

inline constexpr std::uint32_t kNoParentLink = 0xFFFFFFFFu;

// Nodes: indexable by node number; each node has `parent` (kNoParentLink at the start) and
// `move` (the move from its parent).
template <class Move, class Nodes>
std::vector<Move> plan_to(const Nodes& nodes, std::uint32_t n) {
  std::vector<Move> plan;
  for (std::uint32_t i = n; nodes[i].parent != kNoParentLink; i = nodes[i].parent) plan.push_back(nodes[i].move);
  return {plan.rbegin(), plan.rend()};
}

}  // namespace hsearch::detail
