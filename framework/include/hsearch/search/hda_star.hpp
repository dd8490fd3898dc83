#pragma once
// HDA*, hash-distributed A* (Kishimoto, Fukunaga & Botea, ICAPS 2009; AIJ 2013): the state space
// is split over ranks by a hash of the state; each rank runs A* (with reopening) on the states it
// owns, and a generated child owned by another rank is sent to that rank, in batches.
//
// - Ownership: owner(s) = mix(domain.hash(s)) % ranks (mixed, so that the owner's own hash table,
//   which indexes by the low bits of the same hash, sees all of its buckets).
// - Messages: a child is written as its stored form (the domain's Key, or the State), its g, the
//   index of its parent at the sending rank and the move from the parent; both must be trivially
//   copyable (a static_assert says so). Children for one rank are gathered in a buffer sent when
//   it holds HdaOptions::batch_bytes, and at the end of each round; sends do not block.
// - Duplicates are detected at the owner, as in A*: a known state reached more cheaply is updated
//   (or reopened when closed).
// - Rounds: each rank takes in what it received, expands up to HdaOptions::round_expansions nodes
//   whose f is below the best solution known, sends its buffers, and joins a collective that sums
//   the messages sent and received and takes the minimum open f and the best goal cost. All
//   ranks contribute between rounds, so when the sums of sent and received messages are equal,
//   nothing is in flight: then a goal of cost C is accepted (proven optimal) only when no rank
//   holds an open node with f < C; with no goal and every open list empty the start is proven
//   unsolvable. (The synchronous round is simpler than the paper's asynchronous termination
//   detection and costs an idle rank a wait per round; with one rank it is plain A*.)
// - The plan is walked back from the goal's node through the parents' ranks, one broadcast per step.
// - Limits: time and the stop flag are checked by each rank and any rank's stop stops all at the
//   next round; the node limit counts all ranks' expansions; the memory limit is per rank.
//
// The communication is an HdaTransport: the framework has the one-rank LocalTransport; the
// programs' MPI transport lives in the program layer (apps/common), so the framework never
// depends on MPI.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "hsearch/core/cost.hpp"
#include "hsearch/core/domain.hpp"
#include "hsearch/core/limits.hpp"
#include "hsearch/core/observer.hpp"
#include "hsearch/core/result.hpp"
#include "hsearch/core/stored_state.hpp"
#include "hsearch/heuristics/heuristic.hpp"
#include "hsearch/search/detail/chunked_array.hpp"
#include "hsearch/search/detail/indexed_heap.hpp"
#include "hsearch/search/detail/node_index.hpp"

namespace hsearch {

// What HDA* needs from a message layer. Every rank calls all_reduce and broadcast the same
// number of times (they are collectives); send and receive never block.
class HdaTransport {
 public:
  virtual ~HdaTransport() = default;
  virtual int rank() const = 0;
  virtual int ranks() const = 0;
  // Sends `bytes` to rank `to` (never this rank); may take the buffer's contents.
  virtual void send(int to, std::vector<std::byte>& bytes) = 0;
  // One message sent to this rank, if one is waiting: its bytes and the sender.
  virtual bool receive(std::vector<std::byte>& bytes, int& from) = 0;
  // Element-wise sums and minimums over all ranks, in place.
  virtual void all_reduce(std::int64_t* sums, int sum_count, std::int64_t* mins, int min_count) = 0;
  // Rank `root`'s bytes to every rank.
  virtual void broadcast(std::vector<std::byte>& bytes, int root) = 0;
};

// One rank: HDA* is then A* with rounds.
class LocalTransport final : public HdaTransport {
 public:
  int rank() const override { return 0; }
  int ranks() const override { return 1; }
  void send(int, std::vector<std::byte>&) override {}
  bool receive(std::vector<std::byte>&, int&) override { return false; }
  void all_reduce(std::int64_t*, int, std::int64_t*, int) override {}
  void broadcast(std::vector<std::byte>&, int) override {}
};

struct HdaOptions {
  Limits limits;
  std::size_t batch_bytes = 32 * 1024;      // a buffer for one rank is sent when it holds this much
  std::uint64_t round_expansions = 256;     // expansions per rank between two collectives
};

// A domain HDA* can run on: its stored form (Key, or State) and its moves travel as bytes.
template <class D>
concept HdaDomain = Domain<D> && std::is_trivially_copyable_v<typename StoredState<D>::type> &&
                    std::is_trivially_copyable_v<typename D::Move>;

// The owner rank of a state of hash `hash`.
inline int hda_owner(std::uint64_t hash, int ranks) {
  std::uint64_t x = hash ^ (hash >> 31);
  x *= 0x9E3779B97F4A7C15ull;
  x ^= x >> 29;
  return static_cast<int>(x % static_cast<std::uint64_t>(ranks));
}

namespace detail {

template <Domain D, Heuristic<D> H, class O>
class HdaStarSearch {
  using State = typename D::State;
  using Move = typename D::Move;
  using Cost = typename D::Cost;
  using Store = StoredState<D>;
  using Stored = typename Store::type;
  static_assert(std::is_trivially_copyable_v<Stored> && std::is_trivially_copyable_v<Move>,
                "HDA* sends states (the domain's Key, or its State) and moves as bytes: both must be trivially "
                "copyable");
  static constexpr std::uint32_t kClosed = 0xFFFFFFFFu;
  static constexpr std::uint32_t kNoParent = 0xFFFFFFFFu;
  static constexpr std::int64_t kInfinity = std::numeric_limits<std::int64_t>::max();
  // One child on the wire: stored form, g, parent index at the sender, move.
  static constexpr std::size_t kRecord = sizeof(Stored) + sizeof(std::int64_t) + sizeof(std::uint32_t) + sizeof(Move);

  struct Node {
    Stored stored;
    std::uint64_t hash;
    Cost g;
    Cost h;
    std::uint32_t parent;       // index at parent_rank
    std::int32_t parent_rank;
    std::uint32_t heap_pos;     // position in open_, or kClosed
    Move move;                  // the move from the parent
  };

 public:
  HdaStarSearch(const D& domain, const H& h, O& observer, const HdaOptions& options, HdaTransport& transport)
      : domain_(domain), h_(h), observer_(observer), options_(options), transport_(transport),
        guard_(options.limits), rank_(transport.rank()), ranks_(transport.ranks()),
        outbox_(static_cast<std::size_t>(ranks_)) {}

  Result<Move, Cost> run(const State& start) {
    Result<Move, Cost> result;
    result.algorithm = "hda*";
    const Cost h0 = static_cast<Cost>(h_.estimate(start));
    if (is_dead_end(h0)) {
      ++stats_.dead_ends;
      result.status = Status::unsolvable;
      return finish(std::move(result));
    }
    const std::uint64_t start_hash = domain_.hash(start);
    if (hda_owner(start_hash, ranks_) == rank_) add_node(Store::store(domain_, start), start_hash, 0, h0, kNoParent, -1, Move{});
    std::int64_t incumbent = kInfinity;  // the best goal cost known to all ranks
    std::int64_t received = 0;
    std::uint64_t expanded_elsewhere = 0;  // other ranks' expansions, as of the last round
    std::vector<std::byte> buffer;
    for (;;) {
      // 1. What the other ranks sent.
      int from = 0;
      while (transport_.receive(buffer, from)) {
        ++received;
        for (std::size_t at = 0; at + kRecord <= buffer.size(); at += kRecord) take_remote(buffer.data() + at, from);
      }
      // 2. A round of A* on this rank's nodes with f below the best goal.
      bool stop = false;
      for (std::uint64_t k = 0; k < options_.round_expansions && !open_.empty(); ++k) {
        const std::int64_t best = std::min(incumbent, goal_g_);
        if (f(nodes_[open_.top()]) >= best) break;
        if (guard_.should_stop(stats_.expanded + expanded_elsewhere)) {
          stop = true;
          break;
        }
        const std::uint32_t n = pop();
        expand(n);
        if (guard_.over_memory(bytes() + growth_bytes())) {
          stop = true;
          break;
        }
      }
      if (!stop && guard_.check_slow()) stop = true;
      for (int r = 0; r < ranks_; ++r) {
        std::vector<std::byte>& out = outbox_[static_cast<std::size_t>(r)];
        if (!out.empty()) send(r, out);
      }
      // 3. The round's collective.
      std::int64_t sums[4] = {static_cast<std::int64_t>(stats_.messages_sent), received, static_cast<std::int64_t>(stats_.expanded), stop ? 1 : 0};
      std::int64_t mins[2] = {open_.empty() ? kInfinity : f(nodes_[open_.top()]), goal_g_};
      transport_.all_reduce(sums, 4, mins, 2);
      ++stats_.rounds;
      expanded_elsewhere = static_cast<std::uint64_t>(sums[2]) - stats_.expanded;
      incumbent = mins[1];
      const bool quiet = sums[0] == sums[1];  // nothing in flight
      if (sums[3] > 0) {
        // Some rank hit a limit. Every optimal path has a node open somewhere or in flight; when
        // nothing is in flight, the smallest open f (or a goal's cost) is a proven bound.
        result.status = Status::stopped;
        result.stop_reason = stop ? guard_.reason() : StopReason::none;
        shared_stop_reason(result);
        if (quiet && is_admissible(h_)) result.lower_bound = static_cast<Cost>(std::min(mins[0], mins[1]));
        return finish(std::move(result));
      }
      if (quiet && incumbent != kInfinity && mins[0] >= incumbent) {
        result.status = Status::solved;
        result.cost = static_cast<Cost>(incumbent);
        result.optimal = is_admissible(h_);
        result.lower_bound = result.optimal ? result.cost : 0;
        result.plan = walk_back(incumbent);
        return finish(std::move(result));
      }
      if (quiet && incumbent == kInfinity && mins[0] == kInfinity) {
        result.status = Status::unsolvable;
        return finish(std::move(result));
      }
    }
  }

 private:
  std::int64_t f(const Node& n) const { return static_cast<std::int64_t>(n.g) + n.h; }

  // A node taken off the open list: a goal becomes this rank's best goal, anything else is expanded.
  void expand(std::uint32_t n) {
    State current = Store::load(domain_, nodes_[n].stored);
    const Cost g = nodes_[n].g;
    const Cost h = nodes_[n].h;
    if (domain_.is_goal(current)) {
      if (g < goal_g_) {
        goal_g_ = g;
        goal_node_ = n;
      }
      return;
    }
    ++stats_.expanded;
    if constexpr (O::kWantsNodes) observer_.on_expand(current, g, h);
    if constexpr (O::kWantsProgress) {
      if ((stats_.expanded & 0xFFFF) == 0) observer_.on_progress(stats_, guard_.seconds());
    }
    domain_.for_each_move(current, [&](const Move& m) {
      const Cost gc = static_cast<Cost>(g + domain_.cost(current, m));
      const auto undo = domain_.apply(current, m);
      ++stats_.generated;
      const std::uint64_t hash = domain_.hash(current);
      const int owner = hda_owner(hash, ranks_);
      if (owner == rank_) {
        take(Store::store(domain_, current), hash, gc, n, rank_, m, &current, h);
      } else {
        write_record(outbox_[static_cast<std::size_t>(owner)], Store::store(domain_, current), gc, n, m);
        if (outbox_[static_cast<std::size_t>(owner)].size() >= options_.batch_bytes) {
          send(owner, outbox_[static_cast<std::size_t>(owner)]);
        }
      }
      domain_.undo(current, m, undo);
    });
  }

  void send(int to, std::vector<std::byte>& out) {
    ++stats_.messages_sent;
    stats_.bytes_sent += out.size();
    transport_.send(to, out);
    out.clear();
  }

  static void write_record(std::vector<std::byte>& out, const Stored& stored, Cost g, std::uint32_t parent,
                           const Move& m) {
    const std::size_t at = out.size();
    out.resize(at + kRecord);
    std::byte* p = out.data() + at;
    const std::int64_t g64 = g;
    std::memcpy(p, &stored, sizeof stored);
    p += sizeof stored;
    std::memcpy(p, &g64, sizeof g64);
    p += sizeof g64;
    std::memcpy(p, &parent, sizeof parent);
    p += sizeof parent;
    std::memcpy(p, &m, sizeof m);
  }

  void take_remote(const std::byte* p, int from) {
    Stored stored;
    std::int64_t g64 = 0;
    std::uint32_t parent = 0;
    Move m;
    std::memcpy(static_cast<void*>(&stored), p, sizeof stored);
    p += sizeof stored;
    std::memcpy(&g64, p, sizeof g64);
    p += sizeof g64;
    std::memcpy(&parent, p, sizeof parent);
    p += sizeof parent;
    std::memcpy(static_cast<void*>(&m), p, sizeof m);
    const State s = Store::load(domain_, stored);
    take(stored, domain_.hash(s), static_cast<Cost>(g64), parent, from, m, &s, 0);
  }

  // A child owned by this rank (generated here or received): duplicate detection, reopening, insertion.
  void take(const Stored& stored, std::uint64_t hash, Cost gc, std::uint32_t parent, int parent_rank, const Move& m,
            const State* child, Cost parent_h) {
    const std::uint32_t known = index_.find(hash, [&](std::uint32_t i) {
      return nodes_[i].hash == hash && nodes_[i].stored == stored;
    });
    if (known != NodeIndex::kEmpty) {
      Node& node = nodes_[known];
      if (gc >= node.g) {
        ++stats_.duplicates;
        return;
      }
      const Cost old_g = node.g;
      node.g = gc;
      node.parent = parent;
      node.parent_rank = parent_rank;
      node.move = m;
      if (node.heap_pos == kClosed) {
        ++stats_.reopened;
        observer_.on_reopen(*child, static_cast<std::int64_t>(old_g), static_cast<std::int64_t>(gc));
        push(known);
      } else {
        open_.decreased(known, OpenAccess{this});
      }
      return;
    }
    const Cost hc = parent_rank == rank_ ? evaluate_child<D>(h_, *child, m, parent_h)
                                         : static_cast<Cost>(h_.estimate(*child));
    if (is_dead_end(hc)) {
      ++stats_.dead_ends;
      return;
    }
    add_node(stored, hash, gc, hc, parent, parent_rank, m);
  }

  void add_node(const Stored& stored, std::uint64_t hash, Cost g, Cost h, std::uint32_t parent, int parent_rank,
                const Move& m) {
    const auto n = static_cast<std::uint32_t>(nodes_.size());
    nodes_.push_back(Node{stored, hash, g, h, parent, parent_rank, kClosed, m});
    index_.insert(hash, n, [&](std::uint32_t i) { return nodes_[i].hash; });
    push(n);
  }

  // The plan, from the goal's node back through its parents' ranks: at each step the rank that
  // holds the node broadcasts its move and its parent.
  std::vector<Move> walk_back(std::int64_t cost) {
    // The goal's holder: the lowest rank whose goal has the winning cost.
    std::int64_t holder = goal_g_ == cost ? rank_ : ranks_;
    transport_.all_reduce(nullptr, 0, &holder, 1);
    std::vector<Move> plan;
    int at_rank = static_cast<int>(holder);
    std::uint32_t at = at_rank == rank_ ? goal_node_ : 0;
    std::vector<std::byte> step(sizeof(std::int32_t) + sizeof(std::uint32_t) + sizeof(Move));
    for (;;) {
      if (at_rank == rank_) {
        const Node& node = nodes_[at];
        std::memcpy(step.data(), &node.parent_rank, sizeof(std::int32_t));
        std::memcpy(step.data() + sizeof(std::int32_t), &node.parent, sizeof(std::uint32_t));
        std::memcpy(step.data() + sizeof(std::int32_t) + sizeof(std::uint32_t), &node.move, sizeof(Move));
      }
      transport_.broadcast(step, at_rank);
      std::int32_t parent_rank = 0;
      std::uint32_t parent = 0;
      Move m;
      std::memcpy(&parent_rank, step.data(), sizeof parent_rank);
      std::memcpy(&parent, step.data() + sizeof(std::int32_t), sizeof parent);
      std::memcpy(static_cast<void*>(&m), step.data() + sizeof(std::int32_t) + sizeof(std::uint32_t), sizeof m);
      if (parent_rank < 0) break;  // the start
      plan.push_back(m);
      at_rank = parent_rank;
      at = parent;
    }
    return {plan.rbegin(), plan.rend()};
  }

  // Every rank reports the same stop reason: the lowest-numbered reason among the ranks that stopped.
  void shared_stop_reason(Result<Move, Cost>& result) {
    std::int64_t reason = result.stop_reason == StopReason::none ? std::numeric_limits<std::int64_t>::max()
                                                                 : static_cast<std::int64_t>(result.stop_reason);
    transport_.all_reduce(nullptr, 0, &reason, 1);
    result.stop_reason = static_cast<StopReason>(reason);
  }

  // a before b: smaller f, then larger g.
  bool before(std::uint32_t a, std::uint32_t b) const {
    const std::int64_t fa = f(nodes_[a]), fb = f(nodes_[b]);
    if (fa != fb) return fa < fb;
    return nodes_[a].g > nodes_[b].g;
  }
  // The open list's view of the nodes: their order and where each keeps its heap position.
  struct OpenAccess {
    HdaStarSearch* search;
    bool before(std::uint32_t a, std::uint32_t b) const { return search->before(a, b); }
    std::uint32_t& position(std::uint32_t n) const { return search->nodes_[n].heap_pos; }
  };
  void push(std::uint32_t n) { open_.push(n, OpenAccess{this}); }
  std::uint32_t pop() { return open_.pop(OpenAccess{this}, kClosed); }

  std::size_t bytes() const {
    std::size_t outgoing = 0;
    for (const auto& out : outbox_) outgoing += out.capacity();
    return nodes_.bytes() + open_.bytes() + index_.bytes() + outgoing + held_bytes(domain_);
  }
  // What the next expansion may allocate (kGrowthLookahead); a large batch from another rank
  // can add more.
  std::size_t growth_bytes() const {
    return nodes_.growth_bytes(kGrowthLookahead) + open_.growth_bytes(kGrowthLookahead) +
           index_.growth_bytes(kGrowthLookahead);
  }

  // The totals of all ranks (expanded, generated, duplicates, ...), the per-rank expansions, and
  // this rank's messages.
  Result<Move, Cost> finish(Result<Move, Cost> result) {
    stats_.seconds = guard_.seconds();
    stats_.withheld = withheld_moves(domain_) - withheld_at_start_;
    stats_.peak_bytes = bytes();
    std::vector<std::int64_t> sums(static_cast<std::size_t>(9 + ranks_), 0);
    sums[0] = static_cast<std::int64_t>(stats_.expanded);
    sums[1] = static_cast<std::int64_t>(stats_.generated);
    sums[2] = static_cast<std::int64_t>(stats_.duplicates);
    sums[3] = static_cast<std::int64_t>(stats_.reopened);
    sums[4] = static_cast<std::int64_t>(stats_.dead_ends);
    sums[5] = static_cast<std::int64_t>(stats_.withheld);
    sums[6] = static_cast<std::int64_t>(stats_.messages_sent);
    sums[7] = static_cast<std::int64_t>(stats_.bytes_sent);
    sums[8] = static_cast<std::int64_t>(stats_.peak_bytes);
    sums[static_cast<std::size_t>(9 + rank_)] = static_cast<std::int64_t>(stats_.expanded);
    transport_.all_reduce(sums.data(), static_cast<int>(sums.size()), nullptr, 0);
    stats_.expanded = static_cast<std::uint64_t>(sums[0]);
    stats_.generated = static_cast<std::uint64_t>(sums[1]);
    stats_.duplicates = static_cast<std::uint64_t>(sums[2]);
    stats_.reopened = static_cast<std::uint64_t>(sums[3]);
    stats_.dead_ends = static_cast<std::uint64_t>(sums[4]);
    stats_.withheld = static_cast<std::uint64_t>(sums[5]);
    stats_.messages_sent = static_cast<std::uint64_t>(sums[6]);
    stats_.bytes_sent = static_cast<std::uint64_t>(sums[7]);
    stats_.peak_bytes = static_cast<std::size_t>(sums[8]);  // all ranks' tables together
    stats_.rank_expanded.assign(sums.begin() + 9, sums.end());
    result.stats = std::move(stats_);
    return result;
  }

  const D& domain_;
  std::uint64_t withheld_at_start_ = withheld_moves(domain_);
  const H& h_;
  O& observer_;
  HdaOptions options_;
  HdaTransport& transport_;
  LimitGuard guard_;
  int rank_, ranks_;
  ChunkedArray<Node> nodes_;
  IndexedHeap open_;
  NodeIndex index_;
  std::vector<std::vector<std::byte>> outbox_;
  std::int64_t goal_g_ = kInfinity;  // the best goal this rank took off its open list
  std::uint32_t goal_node_ = kNoParent;
  Statistics stats_;
};

}  // namespace detail

// HDA* from `start` over the ranks of `transport` (every rank calls it with the same domain, start
// and options). Every rank returns the same status, cost, plan and totals.
template <Domain D, Heuristic<D> H, class O>
Result<typename D::Move, typename D::Cost> hda_star(const D& domain, const typename D::State& start, const H& h,
                                                    const HdaOptions& options, HdaTransport& transport,
                                                    O& observer) {
  detail::HdaStarSearch<D, H, O> search(domain, h, observer, options, transport);
  return search.run(start);
}

template <Domain D, Heuristic<D> H>
Result<typename D::Move, typename D::Cost> hda_star(const D& domain, const typename D::State& start, const H& h,
                                                    const HdaOptions& options = {}) {
  NullObserver observer;
  LocalTransport transport;
  return hda_star(domain, start, h, options, transport, observer);
}

}  // namespace hsearch
