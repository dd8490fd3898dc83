#pragma once
// Records the search tree of a tiny instance and writes it as Graphviz DOT (`dot -Tsvg`).
//
//   hsearch::DotObserver rec(domain, 200);          // at most 200 nodes
//   auto r = hsearch::astar(domain, start, h, {}, rec);
//   std::ofstream f("tree.dot"); rec.write(f);
//
// Every generated node becomes one DOT node labelled with f = g + h, g, h, its expansion
// number and (optionally) the domain's state_string; every generation becomes one edge
// labelled with the domain's move_name. Expanded nodes are solid, generated-only nodes dashed,
// goal states drawn with a double border. IDA* / IDDFS iterations become one cluster each
// (the tree is re-grown every iteration). Past `max_nodes` the observer stops recording and
// the file says so (a comment and a visible note node), so the output stays small.
//
// Meant for tiny instances: it copies every recorded state and compares states linearly.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "hsearch/core/cost.hpp"
#include "hsearch/core/domain.hpp"
#include "hsearch/core/observer.hpp"

namespace hsearch {

// Text for a double-quoted DOT string: quotes and backslashes escaped, each line ended with
// \l (left-justified, so board pictures keep their columns).
inline std::string dot_label_text(const std::string& text) {
  std::string out;
  const std::string line_end = "\\l";
  for (char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += line_end;
    } else if (c != '\r') {
      out += c;
    }
  }
  if (!text.empty() && text.back() != '\n') out += line_end;
  return out;
}

template <Domain D>
class DotObserver : public NullObserver {
 public:
  static constexpr bool kWantsNodes = true;

  explicit DotObserver(const D& domain, std::size_t max_nodes = 200, bool state_labels = true)
      : domain_(domain), max_nodes_(max_nodes), state_labels_(state_labels) {
    nodes_.reserve(std::min<std::size_t>(max_nodes, 1024));
  }

  void on_iteration_begin(std::int64_t bound) {
    iterations_.push_back(bound);
    path_.clear();
    last_generated_ = kNone;
  }

  void on_expand(const typename D::State& s, std::int64_t g, std::int64_t h) {
    if (truncated_) return;
    std::size_t n = find_unexpanded(s, g);
    if (n == kNone) {  // the root of the search (or of this iteration)
      n = add_node(s, g, h, kNone, std::string());
      if (n == kNone) return;
    }
    nodes_[n].expansion = ++expansions_;
    path_.push_back(n);
  }

  void on_generate(const typename D::State& parent, const typename D::State& child,
                   const typename D::Move& m, std::int64_t g, std::int64_t h) {
    if (truncated_) return;
    // Depth-first searches return to an ancestor between generations: unwind to the parent.
    while (!path_.empty() && !(nodes_[path_.back()].state == parent)) path_.pop_back();
    if (path_.empty()) return;  // the parent was never recorded (cannot happen in the searches)
    last_generated_ = add_node(child, g, h, path_.back(), move_name(domain_, m));
  }

  // The DOT text; valid at any time (also after truncation).
  void write(std::ostream& out) const {
    out << "// search tree recorded by hsearch::DotObserver: " << nodes_.size() << " nodes";
    if (truncated_) out << " (truncated: recording stopped at the limit of " << max_nodes_ << ")";
    out << "\ndigraph search_tree {\n"
        << "  node [shape=box, fontname=\"monospace\", fontsize=10];\n"
        << "  edge [fontname=\"monospace\", fontsize=9];\n";
    if (iterations_.empty()) {
      for (std::size_t i = 0; i < nodes_.size(); ++i) write_node(out, i, "  ");
    } else {
      // One cluster per iteration (nodes recorded before the first iteration, if any, outside).
      for (std::size_t i = 0; i < nodes_.size(); ++i) {
        if (nodes_[i].iteration == 0) write_node(out, i, "  ");
      }
      for (std::size_t k = 0; k < iterations_.size(); ++k) {
        bool any = false;
        for (const Node& n : nodes_) any = any || n.iteration == k + 1;
        if (!any) continue;
        out << "  subgraph cluster_iteration_" << (k + 1) << " {\n"
            << "    label=\"iteration " << (k + 1) << ", bound " << iterations_[k] << "\";\n";
        for (std::size_t i = 0; i < nodes_.size(); ++i) {
          if (nodes_[i].iteration == k + 1) write_node(out, i, "    ");
        }
        out << "  }\n";
      }
    }
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
      if (nodes_[i].parent == kNone) continue;
      out << "  n" << nodes_[i].parent << " -> n" << i << " [label=\""
          << dot_label_text(nodes_[i].move) << "\"];\n";
    }
    if (truncated_) {
      out << "  truncated [shape=note, label=\"recording stopped after " << max_nodes_
          << " nodes: the search went on\"];\n";
    }
    out << "}\n";
  }

  std::size_t node_count() const { return nodes_.size(); }
  bool truncated() const { return truncated_; }

 private:
  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);

  struct Node {
    typename D::State state;
    std::int64_t g;
    std::int64_t h;
    std::size_t parent;
    std::size_t iteration;   // 0 outside iterative searches, else 1-based
    std::uint64_t expansion;  // 0 = never expanded
    bool goal;
    std::string move;
  };

  // A node generated earlier with this state and g and not yet expanded: the one the search
  // now expands (depth-first: the child just generated; best-first: one from the open list).
  std::size_t find_unexpanded(const typename D::State& s, std::int64_t g) const {
    if (last_generated_ != kNone && nodes_[last_generated_].expansion == 0 &&
        nodes_[last_generated_].g == g && nodes_[last_generated_].state == s) {
      return last_generated_;
    }
    for (std::size_t i = nodes_.size(); i-- > 0;) {
      const Node& n = nodes_[i];
      if (n.iteration != iterations_.size()) break;  // older iterations are finished trees
      if (n.expansion == 0 && n.g == g && n.state == s) return i;
    }
    return kNone;
  }

  std::size_t add_node(const typename D::State& s, std::int64_t g, std::int64_t h,
                       std::size_t parent, std::string move) {
    if (nodes_.size() >= max_nodes_) {
      truncated_ = true;
      return kNone;
    }
    nodes_.push_back(Node{s, g, h, parent, iterations_.size(), 0, domain_.is_goal(s),
                          std::move(move)});
    return nodes_.size() - 1;
  }

  void write_node(std::ostream& out, std::size_t i, const char* indent) const {
    const Node& n = nodes_[i];
    std::string label;
    if (is_dead_end_value(n.h)) {
      label = "dead end (h = inf)\ng = " + std::to_string(n.g) + "\n";
    } else {
      label = "f = " + std::to_string(n.g + n.h) + "  (g = " + std::to_string(n.g) +
              ", h = " + std::to_string(n.h) + ")\n";
    }
    if (n.expansion != 0) label += "expanded #" + std::to_string(n.expansion) + "\n";
    if (n.goal) label += "GOAL\n";
    if (state_labels_) label += state_string(domain_, n.state) + "\n";
    out << indent << "n" << i << " [label=\"" << dot_label_text(label) << "\"";
    if (n.expansion == 0) out << ", style=dashed";
    if (n.goal) out << ", peripheries=2, color=darkgreen";
    out << "];\n";
  }

  static bool is_dead_end_value(std::int64_t h) {
    return h == static_cast<std::int64_t>(dead_end<typename D::Cost>());
  }

  const D& domain_;
  std::size_t max_nodes_;
  bool state_labels_;
  std::vector<Node> nodes_;
  std::vector<std::int64_t> iterations_;  // bound of each iteration
  std::vector<std::size_t> path_;         // expanded nodes from the root to the current one
  std::size_t last_generated_ = kNone;
  std::uint64_t expansions_ = 0;
  bool truncated_ = false;
};

}  // namespace hsearch
