#pragma once
// A second lower bound for levels whose goals all lie in one area (a goal room): the pushes
// needed to fill the area, computed exactly on an abstraction of the level in which only the
// squares of the area are modelled and everything outside it is one free place.
//
// The area R is the set of goals and the floor within `ring` steps of them (at most 56
// squares). A real solution's pushes split in two:
//   * pushes of a box standing outside R. Every goal is in R, so every box outside R must be
//     pushed into R at least once; before its first entry its pushes all start outside R and
//     number at least its pusher-aware push distance to R (`outside` below, per box and side:
//     the player's side of a box does not change while the box stays put, board.hpp);
//   * pushes of a box standing in R. Restricted to R, a solution is a path of the abstract
//     game whose states are (the boxes inside R, the player's region), where the player's
//     region is its reach over R's empty squares plus one node OUT for everything outside
//     R, joined to every square of R next to outside floor; a box may *arrive* on a square of
//     R next to outside floor whenever that square is empty and OUT is in the region (cost
//     0: that push starts outside R and is counted above), and a box next to outside floor
//     may be pushed *out* (cost 1). Pushes inside R follow the rules of Sokoban, the player
//     standing on a square of R or, when that square is outside, in OUT. Every real move maps
//     to an abstract move or none (walks, pushes wholly outside R), and the abstraction only
//     adds possibilities (OUT joins all of the outside, arrivals need no box nearby), so the
//     abstract cost to reach "every goal of R full, no other box in R" is at most the real
//     number of pushes starting in R.
// The sum of the two parts is therefore a lower bound on the pushes left, and the solver uses
// the larger of it and the matching's bound (sokoban_domain.hpp). What it sees that the
// matching does not: boxes already in R block the ones that come after them, so a room has a
// filling order and its cost.
//
// The abstract costs come from a breadth-first search backwards from the full room (pulls,
// 0-cost departures for arrivals), layer by layer of cost, into a table of at most
// `max_states` states. Every state of a finished layer has its exact cost; a state the table
// does not hold costs at least the layer the search was in when it stopped. When the search
// runs out of states before its budget, a state it never reached cannot fill the room at all:
// a dead end.
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <limits>
#include <vector>

#include "hsearch/core/huge_pages.hpp"
#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/push_state.hpp"
#include "hsearch/sokoban/small_area_region.hpp"

namespace hsearch::sokoban {

struct GoalRoomOptions {
  int ring = 1;                        // floor within this many steps of a goal joins the area
  int max_squares = 40;                // the area is shrunk (smaller ring) until it fits
  std::size_t max_states = std::size_t{1} << 20;  // the backward search's table (about 1 s to fill)
};

class GoalRoomBound {
 public:
  static constexpr int kMaxSquares = 56;
  static constexpr int kDeadEnd = std::numeric_limits<int>::max();

  GoalRoomBound(const Board& board, const GoalRoomOptions& options = {}) : board_(&board) {
    choose_area(options);
    if (squares_ == 0) return;
    find_outside_distances();
    search_backwards(options.max_states);
  }

  // Whether the bound exists for this level (the area could be chosen).
  bool usable() const { return squares_ > 0; }
  int squares() const { return squares_; }
  std::size_t states() const { return size_; }
  // Every state of cost below this has its exact cost in the table (complete(): all of them).
  int settled_below() const { return layer_; }
  bool complete() const { return complete_; }
  std::size_t bytes() const { return keys_.capacity() * sizeof(std::uint64_t) + costs_.capacity(); }
  bool in_area(int cell) const { return index_[static_cast<std::size_t>(cell)] >= 0; }

  // The bound of a search state (kDeadEnd when the room can never be filled from it): its
  // two parts below, added.
  template <class Set>
  int bound(const BasicPushState<Set>& s, int box_count) const {
    std::uint64_t config = 0;
    const int outside = outside_cost(s, box_count, config);
    if (outside == kDeadEnd) return kDeadEnd;
    const int inside = inside_cost(config, s.player);
    return inside == kDeadEnd ? kDeadEnd : outside + inside;
  }
  // The first part: the boxes outside the area, each its distance into it (kDeadEnd when one
  // cannot get there); `config` receives the area's boxes (bit i: square i).
  template <class Set>
  int outside_cost(const BasicPushState<Set>& s, int box_count, std::uint64_t& config) const {
    int outside = 0;
    config = 0;
    for (int i = 0; i < box_count; ++i) {
      const std::size_t b = static_cast<std::size_t>(i);
      const int c = s.box_cell[b];
      const int r = index_[static_cast<std::size_t>(c)];
      if (r >= 0) {
        config |= std::uint64_t{1} << r;
        continue;
      }
      const std::uint16_t d = s.box_side[b] < 0 ? kUnreachable : to_area_[static_cast<std::size_t>(c) * 4 + static_cast<std::size_t>(s.box_side[b])];
      if (d == kUnreachable) return kDeadEnd;
      outside += d;
    }
    return outside;
  }
  // The second part: the area's own cost with its boxes `config` and the player on `player`
  // (a flood of the area and a lookup; kDeadEnd when it can never be filled).
  int inside_cost(std::uint64_t config, int player) const {
    const int pr = index_[static_cast<std::size_t>(player)];
    return cost_of(config, canonical(config, pr >= 0 ? pr : kOut));
  }
  // The most inside_cost can be when the table is unfinished (its search reached this layer,
  // and every state it did not settle costs at least that: cost_of gives no more); kDeadEnd
  // when it is complete (a state it does not hold is a dead end).
  int inside_ceiling() const { return complete_ ? kDeadEnd : layer_; }

  // The abstract cost of the area holding `config` (bit i: square i) with the player on area
  // square `square` (or outside it: -1). For tests.
  int room_cost(std::uint64_t config, int square) const {
    return cost_of(config, canonical(config, square >= 0 ? square : kOut));
  }
  // Fewest pushes that bring a lone box on `cell` (outside the area) onto the area with the
  // player beside it on side `side` (-1: none), or kDeadEnd.
  int distance_to_area(int cell, int side) const {
    if (side < 0) return kDeadEnd;
    const std::uint16_t d = to_area_[static_cast<std::size_t>(cell) * 4 + static_cast<std::size_t>(side)];
    return d == kUnreachable ? kDeadEnd : d;
  }
  int cell_of(int square) const { return cells_[static_cast<std::size_t>(square)]; }
  int square_of(int cell) const { return index_[static_cast<std::size_t>(cell)]; }

 private:
  static constexpr int kOut = kMaxSquares;  // the outside as a player position
  static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};

  // --- the area ---------------------------------------------------------------------------
  void choose_area(const GoalRoomOptions& options) {
    const int n = board_->cell_count();
    index_.assign(static_cast<std::size_t>(n), -1);
    if (board_->goals().empty()) return;
    for (int ring = std::max(0, options.ring); ring >= 0; --ring) {
      // floor within `ring` steps of a goal (a walk, boxes ignored)
      std::vector<int> depth(static_cast<std::size_t>(n), -1);
      std::vector<int> queue;
      for (const std::uint16_t g : board_->goals()) {
        depth[g] = 0;
        queue.push_back(g);
      }
      for (std::size_t head = 0; head < queue.size(); ++head) {
        const int v = queue[head];
        if (depth[static_cast<std::size_t>(v)] == ring) continue;
        for (int d = 0; d < 4; ++d) {
          const std::uint16_t w = board_->neighbor(v, d);
          if (w == kNoCell || depth[w] >= 0) continue;
          depth[w] = depth[static_cast<std::size_t>(v)] + 1;
          queue.push_back(w);
        }
      }
      if (static_cast<int>(queue.size()) <= std::min(options.max_squares, kMaxSquares)) {
        std::sort(queue.begin(), queue.end());
        for (const int c : queue) {
          index_[static_cast<std::size_t>(c)] = static_cast<std::int8_t>(cells_.size());
          cells_.push_back(c);
        }
        break;
      }
    }
    squares_ = static_cast<int>(cells_.size());
    if (squares_ == 0) return;
    for (int i = 0; i < squares_; ++i) {
      const int c = cells_[static_cast<std::size_t>(i)];
      std::uint64_t near = 0;
      for (int d = 0; d < 4; ++d) {
        const std::uint16_t w = board_->neighbor(c, d);
        if (w == kNoCell) continue;
        if (index_[w] >= 0) {
          near |= bit(index_[w]);
        } else {
          by_outside_ |= bit(i);
        }
      }
      near_.push_back(near);
      if (board_->is_goal(c)) goals_ |= bit(i);
      if (board_->is_live(c)) live_ |= bit(i);
    }
  }

  static std::uint64_t bit(int i) { return std::uint64_t{1} << i; }

  // --- outside: pushes until a box first stands in the area, per (cell, player side) -------
  // One breadth-first search backwards over (box cell, player's side class) nodes outside the
  // area: a push in direction d from (c, k) needs k = side_class(c, opposite(d)) and leaves
  // the player on the box's old square, the side opposite(d) of its new one. The sources are
  // the pushes that move a box into the area (distance 1).
  void find_outside_distances() {
    const int n = board_->cell_count();
    to_area_.assign(static_cast<std::size_t>(n) * 4, kUnreachable);
    std::vector<std::uint16_t> dist(static_cast<std::size_t>(n) * 4, kUnreachable);
    std::vector<int> queue;
    // the node a push in direction d onto `to` comes from, or -1
    auto from_node = [&](int to, int d) {
      const std::uint16_t c = board_->neighbor(to, opposite(d));
      if (c == kNoCell || index_[c] >= 0 || !board_->is_live(c)) return -1;
      const int k = board_->side_class(c, opposite(d));
      return k < 0 ? -1 : c * 4 + k;
    };
    auto reach = [&](int node, std::uint16_t value) {
      if (node < 0 || dist[static_cast<std::size_t>(node)] != kUnreachable) return;
      dist[static_cast<std::size_t>(node)] = value;
      queue.push_back(node);
    };
    for (const int t : cells_) {
      for (int d = 0; d < 4; ++d) reach(from_node(t, d), 1);
    }
    for (std::size_t head = 0; head < queue.size(); ++head) {
      const int t = queue[head] / 4, k = queue[head] % 4;
      const std::uint16_t next = static_cast<std::uint16_t>(dist[static_cast<std::size_t>(queue[head])] + 1);
      for (int d = 0; d < 4; ++d) {
        if (board_->side_class(t, opposite(d)) != k) continue;  // the player would not be on side k after it
        reach(from_node(t, d), next);
      }
    }
    for (int c = 0; c < n; ++c) {
      for (int side = 0; side < 4; ++side) {
        const int k = board_->side_class(c, side);
        if (k >= 0) to_area_[static_cast<std::size_t>(c) * 4 + static_cast<std::size_t>(side)] = dist[static_cast<std::size_t>(c) * 4 + static_cast<std::size_t>(k)];
      }
    }
  }

  // --- the player's region in the abstraction ----------------------------------------------
  using Region = SmallAreaRegion<std::uint64_t>;

  Region flood(std::uint64_t config, int from) const {
    const std::uint64_t open = ~config & ((squares_ == 64) ? ~std::uint64_t{0} : bit(squares_) - 1);
    return flood_small_area(open, near_, by_outside_, from, from == kOut);
  }

  // The region's name: OUT when it holds the outside, else its smallest square.
  static int name(const Region& r) { return r.out ? kOut : std::countr_zero(r.squares); }
  int canonical(std::uint64_t config, int from) const { return name(flood(config, from)); }

  static std::uint64_t key(std::uint64_t config, int player) { return config | (std::uint64_t(player) << 56); }

  // --- the table ---------------------------------------------------------------------------
  std::size_t slot(std::uint64_t k) const {
    std::uint64_t h = k * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    std::size_t i = static_cast<std::size_t>(h) & mask_;
    while (keys_[i] != kEmpty && keys_[i] != k) i = (i + 1) & mask_;
    return i;
  }

  int cost_of(std::uint64_t config, int player) const {
    if (keys_.empty()) return 0;
    const std::size_t i = slot(key(config, player));
    if (keys_[i] == kEmpty) return complete_ ? kDeadEnd : layer_;
    return complete_ ? costs_[i] : std::min<int>(costs_[i], layer_);
  }

  // --- the backward search ---------------------------------------------------------------
  // Doubles the table, keeping its entries (it starts small: most levels need few states).
  void grow() {
    Keys keys(keys_.size() * 2, kEmpty);
    Costs costs(keys.size(), 0);
    keys.swap(keys_);
    costs.swap(costs_);
    mask_ = keys_.size() - 1;
    for (std::size_t i = 0; i < keys.size(); ++i) {
      if (keys[i] == kEmpty) continue;
      const std::size_t j = slot(keys[i]);
      keys_[j] = keys[i];
      costs_[j] = costs[i];
    }
  }

  void search_backwards(std::size_t max_states) {
    keys_.assign(4096, kEmpty);
    costs_.assign(keys_.size(), 0);
    mask_ = keys_.size() - 1;
    std::vector<std::uint64_t> now, later;
    // offer: a state of cost c reached; false when the table is full
    auto offer = [&](std::uint64_t config, int from, int c, std::vector<std::uint64_t>& list) {
      const std::uint64_t k = key(config, canonical(config, from));
      std::size_t i = slot(k);
      if (keys_[i] == kEmpty) {
        if (size_ >= max_states) return false;
        if (2 * (size_ + 1) > keys_.size()) {
          grow();
          i = slot(k);
        }
        keys_[i] = k;
        costs_[i] = static_cast<std::uint8_t>(std::min(c, 255));
        ++size_;
      } else if (costs_[i] <= c) {
        return true;
      } else {
        costs_[i] = static_cast<std::uint8_t>(c);
      }
      list.push_back(k);
      return true;
    };
    // the full room, the player in each of its regions
    {
      std::uint64_t seen = 0;
      bool out_seen = false;
      for (int from = 0; from <= squares_; ++from) {
        const int start = from == squares_ ? kOut : from;
        if (start != kOut && ((goals_ >> start) & 1) != 0) continue;
        if (start != kOut && ((seen >> start) & 1) != 0) continue;
        const Region r = flood(goals_, start);
        if (r.out && out_seen) continue;
        seen |= r.squares;
        out_seen = out_seen || r.out;
        offer(goals_, start, 0, now);
      }
    }
    const std::uint64_t all = bit(squares_) - 1;
    for (layer_ = 0; layer_ < 255; ++layer_) {
      bool full = false;
      for (std::size_t at = 0; at < now.size() && !full; ++at) {
        const std::uint64_t k = now[at];
        const std::uint64_t config = k & (bit(56) - 1);
        const int player = static_cast<int>(k >> 56);
        if (costs_[slot(k)] != layer_) continue;  // reached again more cheaply
        const Region r = flood(config, player);
        for (std::uint64_t boxes = config; boxes != 0 && !full; boxes &= boxes - 1) {
          const int b = std::countr_zero(boxes);
          const int cb = cells_[static_cast<std::size_t>(b)];
          for (int d = 0; d < 4 && !full; ++d) {
            // the box came to b by a push in direction d, from a, the player from p0
            const std::uint16_t a = board_->neighbor(cb, opposite(d));
            if (a == kNoCell || !board_->is_live(a)) continue;
            const std::uint16_t p0 = board_->neighbor(a, opposite(d));
            if (p0 == kNoCell) continue;
            const int ia = index_[a], ip0 = index_[p0];
            if (ia >= 0) {
              // a push inside the area: the player now stands on a
              if (((r.squares >> ia) & 1) == 0) continue;
              const std::uint64_t before = (config & ~bit(b)) | bit(ia);
              if (ip0 >= 0 && ((before >> ip0) & 1) != 0) continue;
              full = !offer(before, ip0 >= 0 ? ip0 : kOut, layer_ + 1, later);
            } else {
              // an arrival from outside: the player now stands outside, on a
              if (!r.out) continue;
              const std::uint64_t before = config & ~bit(b);
              if (ip0 >= 0 && ((before >> ip0) & 1) != 0) continue;
              full = !offer(before, ip0 >= 0 ? ip0 : kOut, layer_, now);
            }
          }
        }
        // a box pushed out of the area from square s (the player now on s, came from p0)
        for (std::uint64_t free = r.squares & live_ & ~config & all; free != 0 && !full; free &= free - 1) {
          const int s = std::countr_zero(free);
          const int cs = cells_[static_cast<std::size_t>(s)];
          for (int d = 0; d < 4 && !full; ++d) {
            const std::uint16_t x = board_->neighbor(cs, d);
            if (x == kNoCell || index_[x] >= 0 || !board_->is_live(x)) continue;
            const std::uint16_t p0 = board_->neighbor(cs, opposite(d));
            if (p0 == kNoCell) continue;
            const std::uint64_t before = config | bit(s);
            const int ip0 = index_[p0];
            if (ip0 >= 0 && ((before >> ip0) & 1) != 0) continue;
            full = !offer(before, ip0 >= 0 ? ip0 : kOut, layer_ + 1, later);
          }
        }
      }
      if (full) return;  // layer_ is unfinished: states below it are exact
      if (later.empty()) {
        complete_ = true;
        return;
      }
      now.swap(later);
      later.clear();
    }
  }

  const Board* board_;
  int squares_ = 0;
  std::vector<std::int8_t> index_;  // by cell: its square in the area, or -1
  std::vector<int> cells_;          // by square: its cell
  std::vector<std::uint64_t> near_;  // by square: the area's squares next to it
  std::uint64_t by_outside_ = 0;     // squares next to floor outside the area
  std::uint64_t goals_ = 0, live_ = 0;
  std::vector<std::uint16_t> to_area_;  // by cell * 4 + side: pushes until the box is in the area
  // Read at random for every state generated: huge pages spare the TLB (core/huge_pages.hpp).
  using Keys = std::vector<std::uint64_t, HugePageAllocator<std::uint64_t>>;
  using Costs = std::vector<std::uint8_t, HugePageAllocator<std::uint8_t>>;
  Keys keys_;
  Costs costs_;
  std::size_t mask_ = 0, size_ = 0;
  int layer_ = 0;
  bool complete_ = false;
};

}  // namespace hsearch::sokoban
