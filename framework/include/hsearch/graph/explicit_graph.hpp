#pragma once
// The Boost.Graph oracle: expand a small domain into an explicit boost::adjacency_list and get
// exact goal distances with Boost's Dijkstra. Tests use it to check that every algorithm returns
// the optimal cost and that admissible heuristics never overestimate. Not for the hot loop.
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <unordered_map>
#include <vector>

// Boost 1.74's edge iterators trip g++ 12's -Wmaybe-uninitialized (a false positive in
// boost/graph/detail/adj_list_edge_iterator.hpp); silence it for Boost's code only (clang has
// no such warning, and would warn about the unknown name).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/dijkstra_shortest_paths.hpp>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#include "hsearch/core/domain.hpp"

namespace hsearch::graph {

using Weight = std::int64_t;
inline constexpr Weight kUnreachable = std::numeric_limits<Weight>::max();

using WeightedGraph =
    boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property,
                          boost::property<boost::edge_weight_t, Weight>>;

template <Domain D>
struct ExplicitGraph {
  WeightedGraph graph;                  // vertex i is states[i]; edge weights are move costs
  std::vector<typename D::State> states;
  std::vector<bool> goal;               // goal[i]: states[i] is a goal
  std::unordered_multimap<std::uint64_t, std::size_t> by_hash;

  // The vertex of a state, or SIZE_MAX when the state was not expanded into the graph.
  std::size_t index_of(const D& domain, const typename D::State& s) const {
    const auto [lo, hi] = by_hash.equal_range(domain.hash(s));
    for (auto it = lo; it != hi; ++it) {
      if (states[it->second] == s) return it->second;
    }
    return static_cast<std::size_t>(-1);
  }
};

// Breadth-first expansion of every state reachable from `start`. Throws std::length_error if
// there are more than `max_states` (the oracle is for small spaces only).
template <Domain D>
ExplicitGraph<D> expand(const D& domain, const typename D::State& start,
                        std::size_t max_states = 2'000'000) {
  ExplicitGraph<D> g;
  auto intern = [&](const typename D::State& s) -> std::pair<std::size_t, bool> {
    const std::size_t known = g.index_of(domain, s);
    if (known != static_cast<std::size_t>(-1)) return {known, false};
    if (g.states.size() >= max_states) {
      throw std::length_error("graph oracle: more than max_states reachable states");
    }
    g.states.push_back(s);
    g.goal.push_back(domain.is_goal(s));
    g.by_hash.emplace(domain.hash(s), g.states.size() - 1);
    return {g.states.size() - 1, true};
  };
  intern(start);
  std::vector<std::pair<std::size_t, std::size_t>> edges;
  std::vector<Weight> weights;
  for (std::size_t i = 0; i < g.states.size(); ++i) {
    typename D::State s = g.states[i];
    domain.for_each_move(s, [&](const typename D::Move& m) {
      const Weight w = domain.cost(s, m);
      typename D::State child = s;
      domain.apply(child, m);
      const std::size_t j = intern(child).first;
      edges.emplace_back(i, j);
      weights.push_back(w);
    });
  }
  WeightedGraph built(edges.begin(), edges.end(), weights.begin(), g.states.size());
  g.graph.swap(built);  // swap, not assign: adjacency_list's assignment copies edge by edge
  return g;
}

// Exact cost from every vertex to its nearest goal (kUnreachable when none), by Dijkstra on the
// reversed graph from a virtual source joined to every goal. With `unit_weights`, every edge
// counts 1 (fewest moves).
template <Domain D>
std::vector<Weight> goal_distances(const ExplicitGraph<D>& g, bool unit_weights = false) {
  const std::size_t n = g.states.size();
  WeightedGraph reversed(n + 1);
  const auto weight = boost::get(boost::edge_weight, g.graph);
  for (std::size_t v = 0; v < n; ++v) {
    for (auto [e, end] = boost::out_edges(v, g.graph); e != end; ++e) {
      const Weight w = unit_weights ? 1 : weight[*e];
      boost::add_edge(boost::target(*e, g.graph), v, w, reversed);
    }
  }
  const std::size_t source = n;
  for (std::size_t i = 0; i < n; ++i) {
    if (g.goal[i]) boost::add_edge(source, i, Weight{0}, reversed);
  }
  std::vector<Weight> dist(n + 1);
  boost::dijkstra_shortest_paths(
      reversed, source,
      boost::distance_map(boost::make_iterator_property_map(
                              dist.begin(), boost::get(boost::vertex_index, reversed)))
          .distance_inf(kUnreachable));
  dist.pop_back();
  return dist;
}

}  // namespace hsearch::graph
