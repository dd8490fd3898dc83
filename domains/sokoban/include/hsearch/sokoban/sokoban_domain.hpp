#pragma once
// Sokoban as a search domain over pushes (thesis 4.1, 5.2): a move is one push, every push
// costs 1, so an optimal plan is push-optimal. Satisfies hsearch::Domain and PackableDomain.
//
// State (thesis 5.2, 5.5): the box set (a CellSet over the board's cells; boxes only ever stand
// on live cells, which come first) and the normalised player — the smallest cell the player can
// reach without pushing. Two states are equal when both agree. The state also carries what
// apply() maintains incrementally and equality ignores: the player's reachable area, the
// Zobrist hash, each box's cell (the rows of the matching), the box-goal assignment with its
// dual potentials (warm-started after each push), the lower bound `h`, and the last push (move
// ordering only).
//
// Lower bound `h`: the minimum-cost perfect box-goal matching (Hungarian method, hungarian.hpp)
// over the pusher-aware push distances (board.hpp) — once boxes are frozen on goals, over the
// distances of the board where they are walls (frozen_goals.hpp); dead_end when no perfect
// matching exists,
// when a box stands on a dead cell, when a freeze deadlock (freeze.hpp) holds, or when the
// pushed box closes a frozen corral (corral.hpp). All of these are exact or admissible, so IDA*
// and A* stay push-optimal.
//
// apply() returns the whole previous state as its Undo (about 1 KB copied: cheaper than
// recomputing the reach and the matching). Nothing is allocated per node: the flood fill, the
// move list and the matching work in fixed-size arrays on the stack.
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "hsearch/core/cost.hpp"
#include "hsearch/core/domain.hpp"
#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/cell_set.hpp"
#include "hsearch/sokoban/corral.hpp"
#include "hsearch/sokoban/freeze.hpp"
#include "hsearch/sokoban/frozen_goals.hpp"
#include "hsearch/sokoban/hungarian.hpp"
#include "hsearch/sokoban/pi_corral.hpp"

namespace hsearch::sokoban {

class SokobanDomain {
 public:
  struct State;
  using Cost = int;
  static constexpr bool kUnitCost = true;
  // Cost of a box-goal pair with no push path: larger than any real total.
  static constexpr std::int32_t kInfiniteCost = 1 << 20;

  // A push: the box on cell `from` moves one square in direction `dir`. Moves name cells, not
  // box numbers, so a plan replays on any state with the same boxes (A* rebuilds its states
  // from keys, which may number the boxes differently).
  struct Move {
    std::uint16_t from = 0;
    std::uint8_t dir = 0;  // Direction of the push
  };

  struct State {
    CellSet boxes;
    std::uint16_t player = kNoCell;  // normalised: smallest reachable cell
    // Derived (not compared):
    CellSet reach;
    std::uint64_t hash = 0;
    Cost h = 0;
    std::uint8_t last_box = 0xFF;
    std::uint8_t last_dir = 0;
    std::array<std::uint16_t, kMaxBoxes> box_cell{};
    // For each box, the side the player can get to (Board::player_side): the matching's row.
    std::array<std::int8_t, kMaxBoxes> box_side{};
    Assignment<kMaxBoxes> match;
    // The boxes frozen on goals, and the push distances the matching reads: the board's, or
    // those of the board where the frozen boxes are walls. Laid out as
    // Board::distances_from_side: [(cell * 4 + side) * goals + goal].
    CellSet frozen;
    const std::uint16_t* dist = nullptr;

    // Box `b`'s pushes to each goal (kUnreachable: none): the matching's row.
    const std::uint16_t* goal_costs(std::size_t b, std::size_t goal_count) const {
      return dist + (static_cast<std::size_t>(box_cell[b]) * 4 + static_cast<std::size_t>(box_side[b])) * goal_count;
    }

    bool operator==(const State& o) const { return player == o.player && boxes == o.boxes; }
  };
  using Undo = State;

  // A second opinion on the lower bound of a state just reached by a push (pattern_search.hpp):
  // given the state with `h` = the matching's value, it returns a bound that is never lower
  // (or dead_end). It must stay admissible: the searches' optimality rests on it.
  class BoundHook {
   public:
    virtual Cost refine(const State& s, std::uint16_t pushed_to) = 0;

   protected:
    ~BoundHook() = default;
  };

 private:
  // The matching's costs for a state: pushes from each box's cell to each goal, counted from
  // the side of the box the player can get to (Board::distance_with_player). A push changes
  // only the pushed box's row: every other box keeps its player side (Board::player_side), so
  // the warm start of the matching stays exact — unless the push freezes boxes on goals, which
  // changes the whole table (then the matching is solved afresh).
  struct CostFn {
    const SokobanDomain* domain;
    const State* state;
    std::int32_t operator()(int row, int col) const {
      if (row >= domain->boxes_) return 0;  // dummy rows when there are more goals than boxes
      const std::size_t r = static_cast<std::size_t>(row);
      const std::uint16_t d = state->goal_costs(r, static_cast<std::size_t>(domain->size_))[col];
      return d == kUnreachable ? kInfiniteCost : static_cast<std::int32_t>(d);
    }
  };
  CostFn cost_fn(const State& s) const { return CostFn{this, &s}; }

 public:

  // The compact form stored by A* and the transposition table.
  struct Key {
    CellSet boxes;
    std::uint16_t player = kNoCell;
    bool operator==(const Key&) const = default;
  };

  explicit SokobanDomain(const Board& board)
      : board_(&board),
        start_player_(board.initial_player()),
        boxes_(static_cast<int>(board.initial_boxes().size())),
        size_(static_cast<int>(board.goals().size())),
        frozen_tables_(std::make_shared<FrozenGoalTables>(board)) {
    std::copy(board.initial_boxes().begin(), board.initial_boxes().end(), start_boxes_.begin());
  }

  // A sub-problem of the level (pattern searches): only the `count` boxes on `cells`, the
  // player on `player`; solved when each of them stands on a goal (other goals may stay empty).
  SokobanDomain(const Board& board, const std::uint16_t* cells, int count, std::uint16_t player)
      : board_(&board),
        start_player_(player),
        boxes_(count),
        size_(static_cast<int>(board.goals().size())),
        frozen_tables_(std::make_shared<FrozenGoalTables>(board)) {
    std::copy(cells, cells + count, start_boxes_.begin());
  }

  const Board& board() const { return *board_; }
  // The frozen-corral test (corral.hpp) is on by default; off only to measure what it buys.
  void set_corral_test(bool on) { use_corrals_ = on; }
  // Distances that treat boxes frozen on goals as walls (frozen_goals.hpp): on by default;
  // off only to measure what they buy. Set before the first state is made.
  void set_frozen_goal_distances(bool on) { use_frozen_goals_ = on; }
  // PI-corral pruning (pi_corral.hpp): for_each_move lists only the pushes into one corral
  // when the state has a PI-corral that must change. Keeps push-optimality (proof there); off
  // for whoever needs every legal push of a state.
  void set_pi_corrals(bool on) { use_pi_corrals_ = on; }
  // A small table of the states apply() computed last (direct-mapped by hash, 2^bits slots,
  // allocated here once), which unpack() copies instead of rebuilding the reach and the
  // matching from scratch. A* with newest-first ties mostly expands a child of the node it
  // just expanded, so most unpacks hit. The same state gives the same values either way (a
  // hit is checked on the whole key). 0 turns it off (the default). Makes apply() and
  // unpack() write to the table: one domain object per thread.
  void enable_state_cache(int bits) {
    cache_.assign(bits > 0 ? std::size_t{1} << bits : 0, State{});
    cache_mask_ = cache_.empty() ? 0 : cache_.size() - 1;
  }
  int box_count() const { return boxes_; }
  // Consulted by apply() after the matching (nullptr: none). The hook may learn as it goes, so
  // the domain object and the hook belong to one search at a time.
  void set_bound_hook(BoundHook* hook) { hook_ = hook; }

  // The level's start; h is dead_end when the start is already a deadlock.
  State initial_state() const {
    State s;
    for (int i = 0; i < boxes_; ++i) {
      const std::uint16_t c = start_boxes_[static_cast<std::size_t>(i)];
      s.boxes.set(c);
      s.box_cell[static_cast<std::size_t>(i)] = c;
    }
    set_player(s, start_player_);
    set_box_sides(s);
    s.hash = box_hash(s) ^ board_->zobrist_player(s.player);
    s.dist = plain_distances();
    s.h = full_bound(s);
    return s;
  }

  template <class F>
  void for_each_move(const State& s, F&& f) const {
    // Move ordering (it decides which of equally promising pushes a search tries first; A*
    // with newer-first ties takes siblings in this order too):
    // 1. pushes onto a goal, the most enclosed goal first — walls and other boxes among its
    //    four neighbours (thesis 12.1, after Demaret's goal ordering): filling the corners of a
    //    goal area first keeps its other goals open. On XSokoban this order, not a stronger
    //    bound, is what lets A* through the last f layer of levels 55 and 80 (docs/sokoban.md);
    // 2. the other pushes of the box pushed last, the same direction first (fewer player
    //    steps, and the thesis's observation that boxes tend to travel in runs);
    // 3. the rest.
    std::array<Move, kMaxBoxes * 4> listed;
    std::array<std::int8_t, kMaxBoxes * 4> rank;  // 4..0: onto a goal with that many sides shut; -1: not
    int count = 0;
    auto consider = [&](int i, int d) {
      const std::uint16_t from = s.box_cell[static_cast<std::size_t>(i)];
      const std::uint16_t to = board_->neighbor(from, d);
      const std::uint16_t behind = board_->neighbor(from, opposite(d));
      if (to == kNoCell || behind == kNoCell) return;
      if (!board_->is_live(to) || s.boxes.test(to) || !s.reach.test(behind)) return;
      listed[static_cast<std::size_t>(count)] = Move{from, static_cast<std::uint8_t>(d)};
      rank[static_cast<std::size_t>(count++)] = static_cast<std::int8_t>(goal_enclosure(s, from, to));
    };
    if (s.last_box != 0xFF) {
      consider(s.last_box, s.last_dir);
      for (int d = 0; d < 4; ++d)
        if (d != s.last_dir) consider(s.last_box, d);
    }
    for (int i = 0; i < boxes_; ++i) {
      if (i == s.last_box) continue;
      for (int d = 0; d < 4; ++d) consider(i, d);
    }
    std::array<Move, kMaxBoxes * 4> moves;
    int ordered = 0;
    for (int r = 4; r >= -1; --r) {
      for (int k = 0; k < count; ++k)
        if (rank[static_cast<std::size_t>(k)] == r) moves[static_cast<std::size_t>(ordered++)] = listed[static_cast<std::size_t>(k)];
    }
    if (use_pi_corrals_) {
      std::array<CorralPush, kMaxCells> allowed;
      const int n = best_pi_corral(*board_, s.boxes, s.reach, every_goal_needed(), allowed);
      if (n >= 0) {
        // Only the corral's pushes, in the order above.
        for (int k = 0; k < count; ++k) {
          const Move& m = moves[static_cast<std::size_t>(k)];
          for (int i = 0; i < n; ++i) {
            if (allowed[static_cast<std::size_t>(i)].from == m.from && allowed[static_cast<std::size_t>(i)].dir == m.dir) {
              f(m);
              break;
            }
          }
        }
        return;
      }
    }
    for (int k = 0; k < count; ++k) f(moves[static_cast<std::size_t>(k)]);
  }

  Cost cost(const State&, const Move&) const { return 1; }

  Undo apply(State& s, const Move& m) const {
    Undo previous = apply_deferred(s, m);
    complete(s, m);
    return previous;
  }

  // apply() in two steps (DeferredApplyDomain): the boxes, the player's area and the hash
  // first; the deadlock tests and the bound in complete(), which A* calls only for children
  // it has not seen (about half of them are duplicates).
  Undo apply_deferred(State& s, const Move& m) const {
    Undo previous = s;
    const std::uint16_t from = m.from;
    const std::uint16_t to = board_->neighbor(from, m.dir);
    int row = 0;
    while (s.box_cell[static_cast<std::size_t>(row)] != from) ++row;
    s.boxes.reset(from);
    s.boxes.set(to);
    s.box_cell[static_cast<std::size_t>(row)] = to;
    s.hash ^= board_->zobrist_box(from) ^ board_->zobrist_box(to) ^ board_->zobrist_player(s.player);
    update_reach(s, from, to);
    s.hash ^= board_->zobrist_player(s.player);
    s.last_box = static_cast<std::uint8_t>(row);
    s.last_dir = m.dir;
    // The pushed box's player side is the square it came from; the other boxes keep theirs.
    s.box_side[static_cast<std::size_t>(row)] = static_cast<std::int8_t>(opposite(m.dir));
    return previous;
  }

  void complete(State& s, const Move& m) const {
    const std::uint16_t to = board_->neighbor(m.from, m.dir);
    const int row = s.last_box;
    const CellSet frozen = frozen_cluster(*board_, s.boxes, to);
    if (!frozen.subset_of(board_->goal_set()) ||
        (use_corrals_ && frozen_corral(*board_, s.boxes, s.reach, to, every_goal_needed()))) {
      s.h = dead_end<Cost>();
    } else {
      if (use_frozen_goals_ && frozen.test(to)) {
        // The push froze boxes on goals (the pushed one at least): new distances, new matching.
        s.frozen |= frozen;
        set_distances(s);
        solve_assignment(s.match, size_, cost_fn(s));
      } else {
        reassign_row(s.match, size_, row, cost_fn(s));
      }
      s.h = bound_of(s);
      if (hook_ != nullptr && !is_dead_end(s.h)) s.h = hook_->refine(s, to);
      if (!cache_.empty() && !is_dead_end(s.h)) cache_[s.hash & cache_mask_] = s;
    }
  }

  void undo(State& s, const Move&, const Undo& previous) const { s = previous; }

  bool is_goal(const State& s) const { return s.boxes.subset_of(board_->goal_set()); }
  std::uint64_t hash(const State& s) const { return s.hash; }

  Key pack(const State& s) const { return Key{s.boxes, s.player}; }
  State unpack(const Key& k) const {
    if (!cache_.empty()) {
      std::uint64_t h = board_->zobrist_player(k.player);
      k.boxes.for_each([&](int c) { h ^= board_->zobrist_box(c); });
      const State& hit = cache_[h & cache_mask_];
      if (hit.player == k.player && hit.boxes == k.boxes) return hit;
    }
    State s;
    s.boxes = k.boxes;
    int i = 0;
    k.boxes.for_each([&](int c) { s.box_cell[static_cast<std::size_t>(i++)] = static_cast<std::uint16_t>(c); });
    set_player(s, k.player);
    set_box_sides(s);
    s.hash = box_hash(s) ^ board_->zobrist_player(s.player);
    // Keys are only made of states that passed the deadlock tests when they were generated:
    // rebuilding the matching (for the children's warm starts) is all that is needed.
    if (use_frozen_goals_) s.frozen = frozen_boxes(*board_, s.boxes);
    set_distances(s);
    solve_assignment(s.match, size_, cost_fn(s));
    s.h = bound_of(s);
    return s;
  }

  // The lower bound from scratch (no warm start): dead cells, freeze deadlocks, matching.
  Cost full_bound(State& s) const {
    for (int i = 0; i < boxes_; ++i) {
      const int c = s.box_cell[static_cast<std::size_t>(i)];
      if (!board_->is_live(c)) return dead_end<Cost>();
    }
    for (int i = 0; i < boxes_; ++i) {
      const int c = s.box_cell[static_cast<std::size_t>(i)];
      if (frozen_deadlock(*board_, s.boxes, c)) return dead_end<Cost>();
      if (use_corrals_ && frozen_corral(*board_, s.boxes, s.reach, c, every_goal_needed())) return dead_end<Cost>();
    }
    s.frozen = use_frozen_goals_ ? frozen_boxes(*board_, s.boxes) : CellSet{};
    set_distances(s);
    solve_assignment(s.match, size_, cost_fn(s));
    return bound_of(s);
  }

  // The board with this state's boxes and its normalised player (traces, DOT trees): XSB
  // characters, one line per row. Squares outside the player's area are copied from the level.
  std::string state_string(const State& s) const {
    const Level& level = board_->level();
    std::string out;
    for (int r = 0; r < level.height; ++r) {
      std::string line;
      for (int c = 0; c < level.width; ++c) {
        const std::uint16_t cell = board_->cell_at(r, c);
        if (cell == kNoCell) {
          const char ch = level.at(r, c);
          line += ch == '#' || ch == '*' ? ch : ' ';
          continue;
        }
        const bool goal = board_->is_goal(cell);
        if (s.boxes.test(cell)) {
          line += goal ? '*' : '$';
        } else if (cell == s.player) {
          line += goal ? '+' : '@';
        } else {
          line += goal ? '.' : ' ';
        }
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line;
      out += '\n';
    }
    return out;
  }

  std::string move_name(const Move& m) const {
    return std::string(1, kPushLetter[m.dir]) + "@" + std::to_string(board_->row(m.from) + 1) + "," +
           std::to_string(board_->col(m.from) + 1);
  }

 private:
  Cost bound_of(const State& s) const {
    const std::int64_t total = assignment_cost(s.match, size_, cost_fn(s));
    return total >= kInfiniteCost ? dead_end<Cost>() : static_cast<Cost>(total);
  }

  std::uint64_t box_hash(const State& s) const {
    std::uint64_t h = 0;
    s.boxes.for_each([&](int c) { h ^= board_->zobrist_box(c); });
    return h;
  }

  // The player's area after the push from -> to, from the area before it (which holds the
  // player's square next to `from`). Usually local: when the squares around `to` that stay
  // reachable form one arc of its 8-square ring, taking `to` away keeps the area connected;
  // `from` joins it, and a small flood adds whatever `from` opens up. Otherwise a full flood.
  void update_reach(State& s, std::uint16_t from, std::uint16_t to) const {
    s.reach.set(from);
    if (s.reach.test(to)) {
      s.reach.reset(to);
      if (!ring_connected(s.reach, to)) {
        set_player(s, from);
        return;
      }
    }
    std::array<std::uint16_t, kMaxCells> stack;
    int top = 0;
    stack[static_cast<std::size_t>(top++)] = from;
    while (top > 0) {
      const std::uint16_t c = stack[static_cast<std::size_t>(--top)];
      for (int d = 0; d < 4; ++d) {
        const std::uint16_t n = board_->neighbor(c, d);
        if (n == kNoCell || s.reach.test(n) || s.boxes.test(n)) continue;
        s.reach.set(n);
        stack[static_cast<std::size_t>(top++)] = n;
      }
    }
    s.player = static_cast<std::uint16_t>(s.reach.first());
  }

  // True when the reachable squares among the four beside `cell` lie on one run of reachable
  // squares around its ring: then paths through `cell` can go round it.
  bool ring_connected(const CellSet& reach, int cell) const {
    const auto& ring = board_->ring(cell);
    std::array<bool, 8> in{};
    int orthogonal = 0;
    int gap = -1;
    for (int i = 0; i < 8; ++i) {
      in[static_cast<std::size_t>(i)] = ring[static_cast<std::size_t>(i)] != kNoCell && reach.test(ring[static_cast<std::size_t>(i)]);
      if (in[static_cast<std::size_t>(i)] && i % 2 == 0) ++orthogonal;
      if (!in[static_cast<std::size_t>(i)] && gap < 0) gap = i;
    }
    if (orthogonal <= 1 || gap < 0) return true;
    int runs_with_orthogonal = 0;
    bool in_run = false, run_has = false;
    for (int k = 1; k <= 8; ++k) {
      const int i = (gap + k) % 8;
      if (in[static_cast<std::size_t>(i)]) {
        if (!in_run) in_run = true, run_has = false;
        if (i % 2 == 0) run_has = true;
      } else if (in_run) {
        runs_with_orthogonal += run_has;
        in_run = false;
      }
    }
    return runs_with_orthogonal == 1;
  }

  // Flood fill of the player's area from `from`; sets reach and the normalised player.
  void set_player(State& s, std::uint16_t from) const {
    std::array<std::uint16_t, kMaxCells> stack;
    int top = 0;
    s.reach.clear();
    s.reach.set(from);
    stack[static_cast<std::size_t>(top++)] = from;
    int smallest = from;
    while (top > 0) {
      const std::uint16_t c = stack[static_cast<std::size_t>(--top)];
      for (int d = 0; d < 4; ++d) {
        const std::uint16_t n = board_->neighbor(c, d);
        if (n == kNoCell || s.reach.test(n) || s.boxes.test(n)) continue;
        s.reach.set(n);
        smallest = std::min<int>(smallest, n);
        stack[static_cast<std::size_t>(top++)] = n;
      }
    }
    s.player = static_cast<std::uint16_t>(smallest);
  }

  void set_box_sides(State& s) const {
    for (int i = 0; i < boxes_; ++i) {
      const std::size_t b = static_cast<std::size_t>(i);
      s.box_side[b] = static_cast<std::int8_t>(board_->player_side(s.box_cell[b], s.player));
    }
  }

  bool every_goal_needed() const { return boxes_ == size_; }

  // For a push from -> to: -1 when `to` is no goal, else how many of the goal's four
  // neighbours are walls or other boxes once the box stands on it.
  int goal_enclosure(const State& s, std::uint16_t from, std::uint16_t to) const {
    if (!board_->is_goal(to)) return -1;
    int shut = 0;
    for (int d = 0; d < 4; ++d) {
      const std::uint16_t n = board_->neighbor(to, d);
      if (n == kNoCell || (n != from && s.boxes.test(n))) ++shut;
    }
    return shut;
  }

  const std::uint16_t* plain_distances() const { return board_->distances_from_side(0, 0); }

  // s.dist for s.frozen: the board's own distances when nothing is frozen (or when the tables'
  // memory budget is spent — weaker, still admissible).
  void set_distances(State& s) const {
    const std::uint16_t* table = s.frozen.any() ? frozen_tables_->distances(s.frozen) : nullptr;
    s.dist = table != nullptr ? table : plain_distances();
  }

  const Board* board_;
  std::array<std::uint16_t, kMaxBoxes> start_boxes_{};
  std::uint16_t start_player_;
  BoundHook* hook_ = nullptr;
  bool use_corrals_ = true;
  bool use_pi_corrals_ = true;
  bool use_frozen_goals_ = true;
  mutable std::vector<State> cache_;  // see enable_state_cache
  std::size_t cache_mask_ = 0;
  int boxes_;
  int size_;  // the matching's size: the number of goals (>= boxes)
  // Shared by copies of the domain (the states' `dist` point into it): same thread only.
  std::shared_ptr<FrozenGoalTables> frozen_tables_;
};

static_assert(Domain<SokobanDomain>);
static_assert(PackableDomain<SokobanDomain>);
static_assert(DeferredApplyDomain<SokobanDomain>);

// The heuristic the searches use: the lower bound the domain keeps in each state.
struct PushLowerBound {
  int estimate(const SokobanDomain::State& s) const { return s.h; }
};

}  // namespace hsearch::sokoban
