#pragma once
// Records a search event by event, for a step-by-step replay (the search lab, --trace-json):
//
//   hsearch::Recording rec;                       // rec.cap: at most this many events
//   hsearch::RecordingObserver<D> observer(domain, rec);
//   auto r = hsearch::astar(domain, start, h, options, observer);
//   observer.finish(r);                           // outcome, counters, the solution's nodes
//
// Every node gets an id. Best-first searches (A*, BFS; `tree` false) keep one live node per
// state: a child whose state is known becomes a new node that replaces the known one unless a
// duplicate event follows it (then it is dropped). Depth-first searches (IDA*, IDDFS; `tree`
// true) grow a tree: every generation is a node of its own, and each iteration starts a new
// tree from a new root.
//
// The events: root (the start of a search or an iteration), generate (one per child the search
// counts in Statistics::generated), expand, duplicate (the child just generated was dropped),
// reopen (the child just generated put a closed state back on the open list), dead_end (the
// child's h is dead_end), prune (the automaton refused a move: no node), iteration_begin (with
// its bound), iteration_end (its counters and next bound), solution (the goal node). Past
// `cap` events recording stops (the search goes on) and `truncated` says so.
//
// Meant for small instances: it keeps the text of every distinct state it saw.
#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "hsearch/core/cost.hpp"
#include "hsearch/core/domain.hpp"
#include "hsearch/core/observer.hpp"
#include "hsearch/core/result.hpp"

namespace hsearch {

struct RecordedEvent {
  enum class Kind : std::uint8_t {
    root, generate, expand, duplicate, reopen, dead_end, prune, iteration_begin, iteration_end, solution
  };
  Kind kind = Kind::generate;
  std::int64_t node = -1;    // the node (prune, iteration events: -1)
  std::int64_t parent = -1;  // its parent (root: -1); prune: the node whose move was refused
  std::int64_t g = 0;
  std::int64_t h = 0;
  bool dead_end = false;     // h is the domain's dead_end value (proven unable to reach a goal)
  std::int64_t depth = 0;
  std::int64_t state = -1;   // index into Recording::states
  // generate: the node of the same state it replaces (-1: none); reopen: the closed node put
  // back; iteration_begin / _end: the bound; solution: the cost.
  std::int64_t other = -1;
  std::int64_t next_bound = -1;                 // iteration_end
  std::uint64_t expanded = 0, generated = 0;    // iteration_end: this iteration's counts
  std::string move;                             // generate, prune: the domain's move name
};

inline const char* to_string(RecordedEvent::Kind k) {
  using K = RecordedEvent::Kind;
  switch (k) {
    case K::root: return "root";
    case K::generate: return "generate";
    case K::expand: return "expand";
    case K::duplicate: return "duplicate";
    case K::reopen: return "reopen";
    case K::dead_end: return "dead_end";
    case K::prune: return "prune";
    case K::iteration_begin: return "iteration_begin";
    case K::iteration_end: return "iteration_end";
    case K::solution: return "solution";
  }
  return "?";
}

// What a RecordingObserver wrote: plain data, no domain type, so the program layer can turn it
// into JSON whatever the domain.
struct Recording {
  std::size_t cap = 200000;   // events kept at most (0: none)
  bool tree = false;          // depth-first search (set at its first iteration): every generation is its own node
  bool truncated = false;     // the cap stopped the recording before the search ended
  std::vector<RecordedEvent> events;
  std::vector<std::string> states;  // the domain's state_string of each distinct state seen
  // Filled by RecordingObserver::finish.
  bool finished = false;
  std::string outcome;        // outcome_name(): solved, unsolvable, node_limit, ...
  std::int64_t cost = -1;     // -1 unless solved
  bool optimal = false;
  Statistics stats;
  std::vector<std::int64_t> path;             // node ids from the root to the goal (empty when not recorded)
  std::vector<std::int64_t> solution_states;  // state indices along the plan (always, when solved)
  std::vector<std::string> solution_moves;

  std::size_t count(RecordedEvent::Kind k) const {
    std::size_t n = 0;
    for (const auto& e : events) n += e.kind == k ? 1 : 0;
    return n;
  }
};

template <Domain D>
class RecordingObserver : public NullObserver {
  using State = typename D::State;
  using Move = typename D::Move;
  using K = RecordedEvent::Kind;

 public:
  static constexpr bool kWantsNodes = true;

  RecordingObserver(const D& domain, Recording& out) : domain_(domain), out_(out) {}

  void on_iteration_begin(std::int64_t bound) {
    out_.tree = true;  // only the depth-first searches (IDA*, IDDFS) run in iterations
    RecordedEvent e;
    e.kind = K::iteration_begin;
    e.other = bound;
    add(std::move(e));
    stack_.clear();  // each iteration grows a new tree
    last_generated_ = -1;
    live_.clear();
  }

  void on_iteration_end(const IterationStats& it) {
    RecordedEvent e;
    e.kind = K::iteration_end;
    e.other = it.bound;
    e.next_bound = it.next_bound;
    e.expanded = it.expanded;
    e.generated = it.generated;
    add(std::move(e));
  }

  void on_expand(const State& s, std::int64_t g, std::int64_t h) {
    if (out_.truncated) return;
    if (!have_root_) {
      root_ = s;
      have_root_ = true;
    }
    const std::int64_t key = intern(s);
    std::int64_t id = -1;
    if (out_.tree) {
      // Depth-first: the node entered is the child generated just before (or a new root).
      if (last_generated_ >= 0 && nodes_[static_cast<std::size_t>(last_generated_)].state == key) id = last_generated_;
    } else if (const auto it = live_.find(key); it != live_.end()) {
      id = it->second;
    }
    if (id < 0) {
      id = new_node(-1, g, h, key);
      RecordedEvent e = node_event(K::root, id);
      if (!add(std::move(e))) return;
      if (!out_.tree) live_[key] = id;
    }
    const std::int64_t parent = nodes_[static_cast<std::size_t>(id)].parent;
    while (!stack_.empty() && stack_.back() != parent) stack_.pop_back();
    stack_.push_back(id);
    RecordedEvent e = node_event(K::expand, id);
    e.g = g;
    e.h = h;
    add(std::move(e));
  }

  void on_generate(const State& parent, const State& child, const Move& m, std::int64_t g, std::int64_t h) {
    if (out_.truncated) return;
    // The parent's g tells it apart from a deeper node of the same state on the stack (a
    // depth-first search without pruning comes back to states it is already below).
    const std::int64_t p = unwind_to(parent, g - static_cast<std::int64_t>(domain_.cost(parent, m)));
    const std::int64_t key = intern(child);
    const bool dead = h == static_cast<std::int64_t>(dead_end<typename D::Cost>());
    const std::int64_t id = new_node(p, g, h, key, dead);
    RecordedEvent e = node_event(K::generate, id);
    e.move = move_name(domain_, m);
    replaced_ = -1;
    if (!out_.tree) {
      if (const auto it = live_.find(key); it != live_.end()) replaced_ = it->second;
      e.other = replaced_;
    }
    last_generated_ = id;
    last_key_ = key;
    if (!add(std::move(e))) return;
    if (dead) {
      add(node_event(K::dead_end, id));
      return;
    }
    if (!out_.tree) live_[key] = id;
  }

  void on_duplicate(const State& /*s*/, std::int64_t /*g*/) {
    if (out_.truncated || last_generated_ < 0) return;
    if (!out_.tree) {  // the known node stays the state's node
      if (replaced_ >= 0) {
        live_[last_key_] = replaced_;
      } else {
        live_.erase(last_key_);
      }
    }
    add(node_event(K::duplicate, last_generated_));
  }

  void on_reopen(const State& /*s*/, std::int64_t /*old_g*/, std::int64_t /*new_g*/) {
    if (out_.truncated || last_generated_ < 0) return;
    RecordedEvent e = node_event(K::reopen, last_generated_);
    e.other = replaced_;
    add(std::move(e));
  }

  void on_prune(const State& parent, const Move& m) {
    if (out_.truncated) return;
    RecordedEvent e;
    e.kind = K::prune;
    e.parent = unwind_to(parent);
    e.move = move_name(domain_, m);
    add(std::move(e));
  }

  // After the search: its outcome and counters, and when solved the plan's states (replayed
  // from the first state expanded, or from `start` if given) and the goal's nodes.
  template <class Cost>
  void finish(const Result<Move, Cost>& r, const State* start = nullptr) {
    out_.finished = true;
    out_.outcome = r.outcome();
    out_.cost = r.solved() ? static_cast<std::int64_t>(r.cost) : -1;
    out_.optimal = r.solved() && r.optimal;
    out_.stats = r.stats;
    if (!r.solved() || (start == nullptr && !have_root_)) return;
    State s = start != nullptr ? *start : root_;
    std::vector<std::int64_t> keys{intern(s)};
    for (const Move& m : r.plan) {
      out_.solution_moves.push_back(move_name(domain_, m));
      domain_.apply(s, m);
      keys.push_back(intern(s));
    }
    out_.solution_states = keys;
    if (out_.truncated) return;
    // The goal's node: the last one generated (depth-first) or the state's live node (A*, BFS).
    std::int64_t goal = -1;
    if (out_.tree) {
      if (last_generated_ >= 0 && nodes_[static_cast<std::size_t>(last_generated_)].state == keys.back()) {
        goal = last_generated_;
      }
    } else if (const auto it = live_.find(keys.back()); it != live_.end()) {
      goal = it->second;
    }
    if (goal < 0 && r.plan.empty()) {  // the start is a goal: nothing was expanded
      goal = new_node(-1, 0, 0, keys.back());
      add(node_event(K::root, goal));
    }
    std::vector<std::int64_t> path;
    for (std::int64_t n = goal; n >= 0; n = nodes_[static_cast<std::size_t>(n)].parent) path.push_back(n);
    if (path.size() != keys.size()) return;  // not the plan's nodes (cannot happen when recorded)
    out_.path.assign(path.rbegin(), path.rend());
    RecordedEvent e = node_event(K::solution, goal);
    e.other = out_.cost;
    out_.events.push_back(std::move(e));  // past the cap too: the run's last word
  }

 private:
  struct Node {
    std::int64_t parent;
    std::int64_t g, h, depth, state;
    bool dead_end;
  };

  std::int64_t new_node(std::int64_t parent, std::int64_t g, std::int64_t h, std::int64_t key,
                        bool dead = false) {
    const std::int64_t depth = parent >= 0 ? nodes_[static_cast<std::size_t>(parent)].depth + 1 : 0;
    nodes_.push_back(Node{parent, g, h, depth, key, dead});
    return static_cast<std::int64_t>(nodes_.size() - 1);
  }

  RecordedEvent node_event(K kind, std::int64_t id) const {
    const Node& n = nodes_[static_cast<std::size_t>(id)];
    RecordedEvent e;
    e.kind = kind;
    e.node = id;
    e.parent = n.parent;
    e.g = n.g;
    e.h = n.h;
    e.depth = n.depth;
    e.state = n.state;
    e.dead_end = n.dead_end;
    return e;
  }

  bool add(RecordedEvent e) {
    if (out_.truncated) return false;
    if (out_.events.size() >= out_.cap) {
      out_.truncated = true;
      return false;
    }
    out_.events.push_back(std::move(e));
    return true;
  }

  // The expanded node whose state is `parent`: the top of the path (depth-first searches come
  // back up to an ancestor between generations). With the parent's g, the deepest node of that
  // state and that g (a path comes back to a state at the same g only over moves of cost 0);
  // without it, or when none has it, the deepest node of that state.
  std::int64_t unwind_to(const State& parent, std::int64_t parent_g = -1) {
    const std::int64_t key = intern(parent);
    for (const bool by_g : {parent_g >= 0, false}) {
      for (std::size_t i = stack_.size(); i-- > 0;) {
        const Node& n = nodes_[static_cast<std::size_t>(stack_[i])];
        if (n.state == key && (!by_g || n.g == parent_g)) {
          stack_.resize(i + 1);
          return stack_.back();
        }
      }
    }
    stack_.clear();
    return -1;
  }

  std::int64_t intern(const State& s) {
    std::string text = state_string(domain_, s);
    const auto [it, inserted] = index_.try_emplace(text, static_cast<std::int64_t>(out_.states.size()));
    if (inserted) out_.states.push_back(std::move(text));
    return it->second;
  }

  const D& domain_;
  Recording& out_;
  std::vector<Node> nodes_;
  std::unordered_map<std::string, std::int64_t> index_;    // state text -> index in out_.states
  std::unordered_map<std::int64_t, std::int64_t> live_;    // best-first: state -> its node
  std::vector<std::int64_t> stack_;                         // expanded nodes from the root down
  std::int64_t last_generated_ = -1;
  std::int64_t last_key_ = -1;
  std::int64_t replaced_ = -1;
  State root_{};
  bool have_root_ = false;
};

}  // namespace hsearch
