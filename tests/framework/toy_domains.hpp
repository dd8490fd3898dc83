#pragma once
// Toy domains for the framework tests: small enough for the Boost.Graph oracle, varied enough
// to catch the classic bugs (weighted costs, inconsistent heuristics, dead ends, cycles).
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "hsearch/core/cost.hpp"
#include "hsearch/core/domain.hpp"
#include "hsearch/core/limits.hpp"
#include "hsearch/core/result.hpp"
#include "hsearch/graph/explicit_graph.hpp"

namespace hsearch::toy {

// A 4-connected grid with obstacles. Weighted: entering a cell costs its weight (1..9);
// otherwise every move costs 1. Labels: 0 up, 1 down, 2 left, 3 right.
template <bool Weighted>
class GridDomain {
 public:
  struct State {
    int cell = 0;
    bool operator==(const State&) const = default;
  };
  struct Move {
    std::uint8_t dir = 0;
  };
  struct Undo {
    int from = 0;
  };
  using Cost = int;
  static constexpr unsigned kLabelCount = 4;
  static constexpr bool kUnitCost = !Weighted;

  // A random grid; start and goal are free cells (possibly disconnected: no solution then).
  GridDomain(int width, int height, double obstacle_ratio, std::uint64_t seed)
      : width_(width), height_(height), blocked_(static_cast<std::size_t>(width * height)),
        weight_(static_cast<std::size_t>(width * height), 1) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> unit(0, 1);
    std::uniform_int_distribution<int> w(1, 9);
    for (std::size_t i = 0; i < blocked_.size(); ++i) {
      blocked_[i] = unit(rng) < obstacle_ratio;
      if (Weighted) weight_[i] = w(rng);
    }
    std::uniform_int_distribution<int> pick(0, width * height - 1);
    start_ = pick(rng);
    goal_ = pick(rng);
    blocked_[static_cast<std::size_t>(start_)] = false;
    blocked_[static_cast<std::size_t>(goal_)] = false;
  }

  State start() const { return State{start_}; }
  int goal_cell() const { return goal_; }
  int width() const { return width_; }

  template <class F>
  void for_each_move(const State& s, F&& f) const {
    const int x = s.cell % width_, y = s.cell / width_;
    if (y > 0 && free(s.cell - width_)) f(Move{0});
    if (y + 1 < height_ && free(s.cell + width_)) f(Move{1});
    if (x > 0 && free(s.cell - 1)) f(Move{2});
    if (x + 1 < width_ && free(s.cell + 1)) f(Move{3});
  }
  Cost cost(const State& s, const Move& m) const {
    return weight_[static_cast<std::size_t>(target(s.cell, m))];
  }
  Undo apply(State& s, const Move& m) const {
    const Undo u{s.cell};
    s.cell = target(s.cell, m);
    return u;
  }
  void undo(State& s, const Move&, const Undo& u) const { s.cell = u.from; }
  bool is_goal(const State& s) const { return s.cell == goal_; }
  std::uint64_t hash(const State& s) const {
    return static_cast<std::uint64_t>(s.cell) * 0x9E3779B97F4A7C15ULL;
  }
  unsigned label(const Move& m) const { return m.dir; }
  unsigned inverse_label(unsigned l) const { return l ^ 1u; }
  std::string move_name(const Move& m) const { return std::string(1, "UDLR"[m.dir]); }

 private:
  bool free(int cell) const { return !blocked_[static_cast<std::size_t>(cell)]; }
  int target(int cell, const Move& m) const {
    switch (m.dir) {
      case 0: return cell - width_;
      case 1: return cell + width_;
      case 2: return cell - 1;
      default: return cell + 1;
    }
  }

  int width_, height_;
  std::vector<bool> blocked_;
  std::vector<int> weight_;
  int start_ = 0, goal_ = 0;
};

// Manhattan distance to the goal: admissible and consistent on both grids (weights >= 1).
struct GridManhattan {
  int width;
  int goal;
  template <class State>
  int estimate(const State& s) const {
    return std::abs(s.cell % width - goal % width) + std::abs(s.cell / width - goal / width);
  }
};

// A directed graph given by adjacency lists with weights; node 0 is the start, the goal is one
// given node. Used with table heuristics (admissible but inconsistent) to force reopening.
class GraphDomain {
 public:
  struct Edge {
    int to;
    int weight;
  };
  struct State {
    int node = 0;
    bool operator==(const State&) const = default;
  };
  struct Move {
    int to = 0;
    int weight = 0;
  };
  struct Undo {
    int from = 0;
  };
  using Cost = int;

  GraphDomain(std::vector<std::vector<Edge>> adjacency, int goal)
      : adjacency_(std::move(adjacency)), goal_(goal) {}

  // n nodes, each with 1..max_degree random out-edges of weight 1..9.
  static GraphDomain random(int n, int max_degree, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<int> node(0, n - 1), degree(1, max_degree), weight(1, 9);
    std::vector<std::vector<Edge>> adjacency(static_cast<std::size_t>(n));
    for (auto& out : adjacency) {
      const int d = degree(rng);
      for (int i = 0; i < d; ++i) out.push_back(Edge{node(rng), weight(rng)});
    }
    return GraphDomain(std::move(adjacency), n - 1);
  }

  State start() const { return State{0}; }
  int size() const { return static_cast<int>(adjacency_.size()); }

  template <class F>
  void for_each_move(const State& s, F&& f) const {
    for (const Edge& e : adjacency_[static_cast<std::size_t>(s.node)]) f(Move{e.to, e.weight});
  }
  Cost cost(const State&, const Move& m) const { return m.weight; }
  Undo apply(State& s, const Move& m) const {
    const Undo u{s.node};
    s.node = m.to;
    return u;
  }
  void undo(State& s, const Move&, const Undo& u) const { s.node = u.from; }
  bool is_goal(const State& s) const { return s.node == goal_; }
  std::uint64_t hash(const State& s) const {
    return static_cast<std::uint64_t>(s.node) * 0x9E3779B97F4A7C15ULL + 1;
  }

 private:
  std::vector<std::vector<Edge>> adjacency_;
  int goal_;
};

// A heuristic given as a table over node numbers (dead_end entries prune).
struct TableHeuristic {
  std::vector<int> h;
  template <class State>
  int estimate(const State& s) const {
    return h[static_cast<std::size_t>(s.node)];
  }
};

// A hand-written inverse-move pruner for labels paired as (0,1), (2,3): automaton state 0 is
// the start, state 1 + l means "the last move had label l".
struct PairedInversePruner {
  std::uint32_t start() const { return 0; }
  bool allows(std::uint32_t s, unsigned label) const { return s == 0 || ((s - 1) ^ 1u) != label; }
  std::uint32_t next(std::uint32_t, unsigned label) const { return 1 + label; }
};

static_assert(Domain<GridDomain<true>>);
static_assert(InvertibleLabels<GridDomain<false>>);
static_assert(Domain<GraphDomain>);

// A random graph (GraphDomain::random(40, 4, graph_seed)) with an admissible but inconsistent
// heuristic: each node's true distance times a random fraction in [0, 1] (drawn from h_seed),
// dead_end where no goal is reachable. `optimum`: the start's distance (graph::kUnreachable: none).
struct InconsistentCase {
  GraphDomain domain;
  TableHeuristic h;
  std::int64_t optimum;
};
inline InconsistentCase inconsistent_case(std::uint64_t graph_seed, std::uint64_t h_seed) {
  GraphDomain d = GraphDomain::random(40, 4, graph_seed);
  const auto g = graph::expand(d, d.start());
  const auto dist = graph::goal_distances(g);
  std::vector<int> table(static_cast<std::size_t>(d.size()), dead_end<int>());
  std::mt19937_64 rng(h_seed);
  for (std::size_t v = 0; v < g.states.size(); ++v) {
    if (dist[v] == graph::kUnreachable) continue;  // a true dead end
    table[static_cast<std::size_t>(g.states[v].node)] =
        static_cast<int>(dist[v] * static_cast<std::int64_t>(rng() % 101) / 100);
  }
  return InconsistentCase{std::move(d), TableHeuristic{std::move(table)}, dist[0]};
}

// Runs a search object (run(start), then resume(limits) after each stop) in parts of `step`
// expansions; the search was made with a node limit of `step`. on_stop(result) sees each part
// that a node limit ended. Returns the last result and the number of such stops.
template <class Search, class State, class OnStop>
auto run_in_parts(Search& search, const State& start, std::uint64_t step, OnStop on_stop) {
  auto r = search.run(start);
  int stops = 0;
  Limits limits;
  limits.max_expanded = step;
  while (r.status == Status::stopped && r.stop_reason == StopReason::node_limit) {
    on_stop(r, limits.max_expanded);
    ++stops;
    limits.max_expanded += step;
    r = search.resume(limits);
  }
  return std::pair{std::move(r), stops};
}

// How two results on a GraphDomain differ (status, cost, expansions, the plan's nodes); empty
// when they are the same run's.
template <class Result>
std::string run_difference(const Result& a, const Result& b) {
  if (a.status != b.status) return "status";
  if (a.cost != b.cost) return "cost " + std::to_string(a.cost) + " vs " + std::to_string(b.cost);
  if (a.stats.expanded != b.stats.expanded) {
    return "expanded " + std::to_string(a.stats.expanded) + " vs " + std::to_string(b.stats.expanded);
  }
  if (a.plan.size() != b.plan.size()) return "plan length";
  for (std::size_t k = 0; k < a.plan.size(); ++k) {
    if (a.plan[k].to != b.plan[k].to) return "plan step " + std::to_string(k);
  }
  return "";
}

}  // namespace hsearch::toy
