#pragma once
// Sokoban as a search domain over pushes: a move is one push costing 1 (or, with tunnel or goal
// macros on, several pushes of one box, costing them all), so an optimal plan is
// push-optimal (the player's walks between pushes are free; the solver's
// second pass, fewer_moves_domain.hpp, shortens them). Satisfies hsearch::Domain,
// PackableDomain and DeferredApplyDomain.
//
// SokobanDomain is the contract's face; the work is done by parts, each in its own header:
//   push_state.hpp     the state (box set + normalised player + derived data), push, key;
//   move_ordering.hpp  the legal pushes of a state and the order they are tried in;
//   push_apply.hpp     moving a box: the player's area, the Zobrist hash, the pushed box's side;
//   push_matching.hpp  the lower bound: the warm-started box-goal matching over pusher-aware
//                      distances, with the distances that treat boxes frozen on goals as walls;
//   push_parity.hpp    the whole bound rounded up to the parity of the pushes left;
//   pruning.hpp        the dead-end tests (dead cells, freeze, frozen corral) and PI-corral
//                      pruning, which withholds pushes and counts them;
//   state_text.hpp     states and pushes as text for traces;
//   tunnel_macro.hpp   tunnel macros (off by default): one move through a corridor;
//   goal_macro.hpp     goal macros (off by default): a box's pushes onto a goal as one move.
// Every cut is exact or keeps an optimal plan and the bound is admissible, so IDA* and A* stay
// push-optimal.
//
// apply() returns the whole previous state as its Undo (about 1 KB copied: cheaper than
// recomputing the reach and the matching). Nothing is allocated per node, and the parts are
// plain members called directly (no virtual calls except the optional BoundHook).
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "hsearch/core/cost.hpp"
#include "hsearch/core/domain.hpp"
#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/board_symmetry.hpp"
#include "hsearch/sokoban/cell_set.hpp"
#include "hsearch/sokoban/goal_macro.hpp"
#include "hsearch/sokoban/goal_room_bound.hpp"
#include "hsearch/sokoban/move_ordering.hpp"
#include "hsearch/sokoban/pruning.hpp"
#include "hsearch/sokoban/push_apply.hpp"
#include "hsearch/sokoban/push_matching.hpp"
#include "hsearch/sokoban/push_parity.hpp"
#include "hsearch/sokoban/push_state.hpp"
#include "hsearch/sokoban/state_text.hpp"
#include "hsearch/sokoban/tunnel_macro.hpp"

namespace hsearch::sokoban {

// Set: the cell-set width (cell_set.hpp), the narrowest that holds the level's floor; the
// solver picks it (solver.hpp). SokobanDomain is the width of the usual collections.
template <class Set>
class BasicSokobanDomain {
 public:
  using CellSetType = Set;
  using State = BasicPushState<Set>;
  using Move = Push;
  using Key = BasicPushKey<Set>;
  using Undo = State;
  using Cost = PushCost;
  static constexpr bool kUnitCost = true;
  // Cost of a box-goal pair with no push path: larger than any real total.
  static constexpr std::int32_t kInfiniteCost = kNoPushPathCost;

  // A second opinion on the lower bound of a state just reached by a push (pattern_search.hpp):
  // given the state with `h` = the matching's value, it returns a bound that is never lower
  // (or dead_end). It must stay admissible: the searches' optimality rests on it.
  class BoundHook {
   public:
    virtual Cost refine(const State& s, std::uint16_t pushed_to) = 0;
    // refine() without its learning: the bound from what the hook knows now (current_bound).
    virtual Cost known_bound(const State& s) { return s.h; }
    // The bound of a state a search is about to expand, reached by a push that left its box
    // on `pushed_to`, for which the search holds the bound `held` (the whole bound: the goal
    // room and the parity included): known_bound after whatever the hook chooses to learn
    // about it now.
    virtual Cost refine_before_expanding(const State& s, std::uint16_t, Cost /*held*/) { return known_bound(s); }
    // What it adds to the goal-room bound of the same state (area_entry.hpp): 0 unless it has
    // learnt groups of boxes on their way into the goals' area. Asked only when no box of the
    // state is cut off from the area (the room bound is not a dead end).
    virtual Cost area_entry_gain(const State&) { return 0; }
    // How much it has learnt: a count that only grows, by one or more with each pattern or
    // group learnt. While it stays the same, known_bound and area_entry_gain give a state the
    // same values.
    virtual std::uint64_t learnt() const { return 0; }
    // The memory the hook holds (what it has learnt), counted in the domain's held_bytes().
    virtual std::size_t held_bytes() const { return 0; }

   protected:
    ~BoundHook() = default;
  };

  explicit BasicSokobanDomain(const Board& board)
      : BasicSokobanDomain(board, board.initial_boxes().data(), static_cast<int>(board.initial_boxes().size()),
                      board.initial_player()) {}

  // A sub-problem of the level (pattern searches): only the `count` boxes on `cells`, the
  // player on `player`; solved when each of them stands on a goal (other goals may stay empty).
  BasicSokobanDomain(const Board& board, const std::uint16_t* cells, int count, std::uint16_t player)
      : board_(&board),
        start_player_(player),
        boxes_(count),
        matching_(board, count),
        dead_ends_(board, matching_.every_goal_needed()),
        pi_corrals_(board, matching_.every_goal_needed()),
        parity_(board, count) {
    std::copy(cells, cells + count, start_boxes_.begin());
  }

  const Board& board() const { return *board_; }
  // The frozen-corral test (corral.hpp) is on by default; off only to measure what it buys.
  void set_corral_test(bool on) { dead_ends_.set_corral_test(on); }
  void set_corral_depth(int depth) { dead_ends_.set_corral_depth(depth); }
  // The window deadlock table (window_deadlocks.hpp; none unless set): it must outlive the
  // domain; held_bytes counts it.
  void set_window_deadlocks(const WindowDeadlockTable* windows) { dead_ends_.set_windows(windows); }
  // Distances that treat boxes frozen on goals as walls (frozen_goals.hpp): on by default;
  // off only to measure what they buy. Set before the first state is made.
  void set_frozen_goal_distances(bool on) { matching_.set_frozen_goal_distances(on); }
  // The frozen-goal tables' memory budget (128 MiB unless set); once spent, states with new
  // frozen sets use the plain distances (weaker, still admissible).
  void set_frozen_goal_bytes(std::size_t max_bytes) { matching_.set_frozen_goal_bytes(max_bytes); }
  // No matching (on by default): every bound is 0 bar the dead-end tests, and the states keep
  // their push distances for a caller that bounds them itself (joint_bound.hpp).
  void set_matching(bool on) { matching_.set_assignments(on); }
  // What this domain object holds beyond its fixed tables and grows during a search: the
  // frozen-goal tables, the state cache (at the size it may grow to, so that its growth never
  // takes a search past its limit) and the bound hook's memory. The best-first searches
  // count it against their memory limit (core/domain.hpp).
  std::size_t held_bytes() const {
    return matching_.frozen_goal_bytes() + cache_max_ * sizeof(State) + walk_.capacity() * sizeof(OneBoxWalk<Set>) +
           (hook_ != nullptr ? hook_->held_bytes() : 0) + (room_ != nullptr ? room_->bytes() : 0) + dead_ends_.window_bytes();
  }
  // PI-corral pruning (pi_corral.hpp): for_each_move lists only the pushes into one corral
  // when the state has a PI-corral that must change. Keeps push-optimality (proof there); off
  // for whoever needs every legal push of a state.
  void set_pi_corrals(bool on) { pi_corrals_.set_enabled(on); }
  // Tunnel macros (tunnel_macro.hpp): a push onto a corridor the player can only cross through
  // goes on to its end, one move of several pushes. Keeps push-optimality for searches that add
  // up move costs (A*, IDA*); off by default, and never for breadth-first or depth-first
  // searches, which count moves (kUnitCost describes the domain with them off).
  void set_tunnel_macros(bool on) { tunnel_macros_ = on; }
  // Goal macros (goal_macro.hpp): beside the ordinary pushes, a box's pushes onto one of the
  // most enclosed empty goals as one move costing them all. Keeps push-optimality for searches
  // that add up move costs (A*, IDA*); off by default, and never for breadth-first or
  // depth-first searches, which count moves.
  void set_goal_macros(bool on) {
    goal_macros_ = on;
    walk_.resize(on ? 1 : 0);
  }
  // Symmetry reduction (board_symmetry.hpp): hash() and pack() give each state's canonical key,
  // so a best-first search keeps one of the states the board's symmetries map onto each other.
  // Its plan is then made of pushes of the stored images: plan_from_start() turns it into the
  // level's pushes. Off unless set, and only for a search whose plan goes through it (the
  // solver's A*); nothing changes on a level with no symmetry. Keeps push-optimality: the
  // images of a state need the same pushes.
  void set_symmetry(bool on) {
    if (on && !symmetries_known_) {
      symmetries_ = board_symmetries(*board_);
      symmetries_known_ = true;
    }
    symmetric_ = on && !symmetries_.empty();
  }
  bool symmetry() const { return symmetric_; }
  // The board's symmetries other than the identity (after set_symmetry(true); 0 before).
  int symmetries() const { return static_cast<int>(symmetries_.size()); }
  // A plan of a search with symmetry reduction, each push made on its parent's canonical image,
  // as the pushes from `start` (board_symmetry.hpp).
  std::vector<Push> plan_from_start(const State& start, const std::vector<Push>& plan) const {
    std::vector<Push> out;
    out.reserve(plan.size());
    State a = start;
    for (const Push& m : plan) {
      int which = -1;
      canonical_key(symmetries_, a, which);
      out.push_back(which < 0 ? m : push_image(symmetries_[static_cast<std::size_t>(which)], m, true));
      move_box(*board_, a, out.back());
    }
    return out;
  }

  // The goal macros for_each_move has offered so far.
  std::uint64_t goal_macros_offered() const { return macros_offered_; }
  // Legal pushes for_each_move has withheld so far because a PI-corral restricted the moves;
  // the searches report those of their run in Statistics::withheld (CountsWithheldMoves).
  std::uint64_t pi_corral_cuts() const { return pi_corrals_.cuts(); }
  std::uint64_t withheld_moves() const { return pi_corrals_.cuts(); }
  // A small table of the states apply() computed last (direct-mapped by hash, up to 2^bits
  // slots), which unpack() copies instead of rebuilding the reach and the matching from
  // scratch. A* with newest-first ties often expands a child of the node it just expanded, so
  // many unpacks hit. A hit is checked on the whole key. A state rebuilt on a miss numbers its
  // boxes afresh and has no box pushed last, so the move ordering reads the boxes by square and
  // A* passes the push that reached the state (unpack(k, m)); and the pattern and group choices
  // break ties by number, not by row. So A*'s counts do not depend on the cache. (The
  // goal-set dual bound, off by default, reads the matching's dual potentials, which are not
  // unique: with it, a hit and a miss can give different admissible bounds.) 0 turns it off
  // (the default). Makes apply() and unpack() write to the table: one domain object per
  // thread. It starts with a few slots and grows fourfold each time it has taken four times as
  // many states as it has slots (dropping what it holds): a small search (a level of a Boxoban
  // batch, a pattern sub-search) does not clear megabytes of slots it never uses.
  void enable_state_cache(int bits) {
    cache_max_ = bits > 0 ? std::size_t{1} << bits : 0;
    cache_stores_ = 0;
    resize_cache(std::min(cache_max_, kFirstCacheSlots));
  }
  // The state cache's slots now (it grows during a search up to 2^bits).
  std::size_t state_cache_slots() const { return cache_.size(); }
  int box_count() const { return boxes_; }
  // Consulted by apply() after the matching (nullptr: none). The hook may learn as it goes, so
  // the domain object and the hook belong to one search at a time.
  void set_bound_hook(BoundHook* hook) { hook_ = hook; }
  // The goal-room bound (goal_room_bound.hpp), maximised with the matching's after each push
  // (nullptr: none). Only for the whole level: it assumes every goal must be filled.
  void set_goal_room(const GoalRoomBound* room) { room_ = room; }
  // Every bound rounded up to the parity of the pushes left (push_parity.hpp), when the level
  // has as many goals as boxes (otherwise there is no parity and this changes nothing). Off
  // unless set: the solver turns it on (SolveOptions::push_parity). Set before the first state.
  void set_push_parity(bool on) { parity_on_ = on && parity_.usable(); }
  // `bound`, a lower bound of the pushes left from `s`, rounded up to their parity when the
  // parity is on: every bound the domain makes (with_parity), and one proven by other means
  // than its h (a bound probe that searched every path within bound - 1).
  template <class Cost>
  Cost with_parity_of(const State& s, Cost bound) const {
    return parity_on_ ? parity_.round_up(s.boxes, bound) : bound;
  }

  // The level's start; h is dead_end when the start is already a deadlock.
  State initial_state() const {
    State s;
    for (int i = 0; i < boxes_; ++i) {
      const std::uint16_t c = start_boxes_[static_cast<std::size_t>(i)];
      s.boxes.set(c);
      s.box_cell[static_cast<std::size_t>(i)] = c;
    }
    s.player = flood_player_area(*board_, s.boxes, start_player_, s.reach);
    matching_.set_box_sides(s);
    s.hash = state_hash(*board_, s.boxes, s.player);
    s.dist = matching_.plain_distances();
    s.h = full_bound(s);
    with_goal_room(s);
    with_parity(s);
    return s;
  }

  template <class F>
  void for_each_move(const State& s, F&& f) const {
    PushList moves;
    const int count = ordered_pushes(*board_, s, moves);
    PushList offered;
    int offered_count = 0;
    pi_corrals_.offer(s, moves, count, [&](Push m) {
      if (goal_macros_) offered[static_cast<std::size_t>(offered_count++)] = m;
      if (!tunnel_macros_ || extend_through_tunnel(*board_, s.boxes, m)) f(m);
    });
    if (goal_macros_) offer_goal_macros(s, offered, offered_count, f);
  }

  Cost cost(const State&, const Move& m) const { return m.steps; }

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
    move_box(*board_, s, m);
    return previous;
  }

  void complete(State& s, const Move& m) const {
    // The pushed box's square, wherever its push (a tunnel macro's too) left it.
    const std::uint16_t to = s.box_cell[s.last_box];
    Set frozen;
    if (dead_ends_.after_push(s, to, frozen)) {
      s.h = dead_end<Cost>();
      s.h_learnt = learnt();
      return;
    }
    matching_.after_push(s, s.last_box, to, frozen);
    s.h = matching_.value(s);
    if (hook_ != nullptr && !is_dead_end(s.h)) s.h = hook_->refine(s, to);
    with_goal_room(s);
    if (!is_dead_end(s.h)) s.h = std::max<Cost>(s.h, m.floor);
    with_parity(s);
    s.h_learnt = learnt();
    if (!cache_.empty() && !is_dead_end(s.h)) {
      if (++cache_stores_ > 4 * cache_.size() && cache_.size() < cache_max_) {
        resize_cache(std::min(cache_max_, 4 * cache_.size()));
      }
      cache_[s.hash & cache_mask_] = s;
    }
  }

  void undo(State& s, const Move&, const Undo& previous) const { s = previous; }

  // The bound of a state unpacked or generated earlier, with what the bound hook has learnt
  // since (LearningBoundDomain): the matching, the penalties and deadlocks of the patterns
  // found so far, the goal room with the groups found so far. It searches no new pattern.
  // A state whose bound was set when the hook knew what it knows now keeps it.
  Cost current_bound(const State& s) const {
    if (s.h_learnt == learnt()) return s.h;
    return bound_again(s, [&](const State& t) { return hook_->known_bound(t); });
  }

  // current_bound(s) after the bound hook has learnt what it chooses to about s, which a search
  // is about to expand, reached by m, and for which it holds the bound `held`
  // (ExpandLearningDomain).
  Cost bound_before_expanding(const State& s, const Move& m, Cost held) const {
    if (hook_ == nullptr) return current_bound(s);
    return bound_again(s, [&](const State& t) { return hook_->refine_before_expanding(t, pushed_cell(s, m), held); });
  }

  bool is_goal(const State& s) const { return s.boxes.subset_of(board_->goal_set()); }
  std::uint64_t hash(const State& s) const { return symmetric_ ? canonical(s).hash : s.hash; }

  Key pack(const State& s) const { return symmetric_ ? canonical(s).key : key_of(s); }
  State unpack(const Key& k) const {
    if (!cache_.empty()) {
      const State& hit = cache_[state_hash(*board_, k.boxes, k.player) & cache_mask_];
      if (hit.player == k.player && hit.boxes == k.boxes) return hit;
    }
    State s;
    s.boxes = k.boxes;
    int i = 0;
    k.boxes.for_each([&](int c) { s.box_cell[static_cast<std::size_t>(i++)] = static_cast<std::uint16_t>(c); });
    s.player = flood_player_area(*board_, s.boxes, k.player, s.reach);
    matching_.set_box_sides(s);
    s.hash = state_hash(*board_, s.boxes, s.player);
    // Keys are only made of states that passed the deadlock tests when they were generated:
    // rebuilding the matching (for the children's warm starts) is all that is needed.
    s.frozen = matching_.frozen_on_goals(s.boxes);
    matching_.solve(s);
    s.h = matching_.value(s);
    return s;
  }

  // unpack(k) for a state that push m reached: m's box is its box pushed last, in m's
  // direction, which orders its pushes (move_ordering.hpp) as when it was generated, whether
  // the cache still held it or it was rebuilt (A* passes each node's move: MoveAwareUnpackDomain).
  State unpack(const Key& k, const Move& m) const {
    State s = unpack(k);
    int sym = -1;
    const std::uint16_t at = pushed_cell(s, m, &sym);
    s.last_box = kNoLastBox;
    for (int i = 0; i < boxes_; ++i) {
      if (s.box_cell[static_cast<std::size_t>(i)] == at) {
        s.last_box = static_cast<std::uint8_t>(i);
        s.last_dir = sym < 0 ? m.dir : symmetries_[static_cast<std::size_t>(sym)].dir[m.dir];
        break;
      }
    }
    return s;
  }

  // The lower bound from scratch (no warm start): dead cells, freeze deadlocks, frozen
  // corrals, matching.
  Cost full_bound(State& s) const {
    if (dead_ends_.any(s, boxes_)) return dead_end<Cost>();
    s.frozen = matching_.frozen_on_goals(s.boxes);
    matching_.solve(s);
    return matching_.value(s);
  }

  // The board with this state's boxes and its normalised player (traces, DOT trees).
  std::string state_string(const State& s) const { return state_text(*board_, s); }
  std::string move_name(const Move& m) const { return push_name(*board_, m); }

 private:
  // The goal macros of the boxes that have offered pushes, after those pushes (so that A*'s
  // newer-first ties try a macro first among equals).
  template <class F>
  void offer_goal_macros(const State& s, const PushList& offered, int count, F& f) const {
    const Set targets = goal_macro_targets(*board_, s.boxes);
    if (!targets.any()) return;
    // The macros are listed first and offered after the walks: `f` may search on from a child
    // (IDA*'s depth-first search), which walks again with the same tables.
    PushList macros;
    std::size_t listed = 0;
    Set walked;
    for (int i = 0; i < count; ++i) {
      const std::uint16_t from = offered[static_cast<std::size_t>(i)].from;
      if (walked.test(from)) continue;
      walked.set(from);
      std::array<std::uint8_t, 4> first{};
      int n = 0;
      for (int j = i; j < count; ++j)
        if (offered[static_cast<std::size_t>(j)].from == from) first[static_cast<std::size_t>(n++)] = offered[static_cast<std::size_t>(j)].dir;
      for_each_goal_macro(*board_, s, targets, from, first.data(), n, walk_.front(), [&](const Push& m) {
        // (A full list drops the rest: a macro is only ever an extra move.)
        if (listed < macros.size() && with_path_floor(s, macros[listed] = m)) ++listed;
      });
    }
    macros_offered_ += listed;
    for (std::size_t i = 0; i < listed; ++i) f(macros[i]);
  }

  // Pathmax through a goal macro, during the walk that found it: its single pushes are made
  // one by one from `s`, and m.floor becomes the highest bound of a state they pass through
  // less the pushes still to go after it. Each of those bounds is admissible and the macro's
  // child is that many pushes further on, so the floor is a lower bound on the child's pushes
  // left, whichever path reaches it. Without it, a bound that is not consistent (penalty
  // patterns, the goal room) lets a macro jump over a state above a search's cut and land on
  // one below it, on no solution within the cut, which the single pushes never reach.
  // Returns false (the macro is dropped) when one of those states is a dead end: so is the
  // child, which can be reached from it.
  bool with_path_floor(const State& s, Push& m) const {
    std::array<Push, OneBoxWalk<Set>::kMaxPushes> path;
    const int n = walk_.front().path_to(*board_, m.to, opposite(m.dir), path);
    State t = s;
    Cost floor = 0;
    for (int i = 0; i + 1 < n; ++i) {
      // apply() without its Undo: nothing is undone here, so no copy of the state per push.
      move_box(*board_, t, path[static_cast<std::size_t>(i)]);
      complete(t, path[static_cast<std::size_t>(i)]);
      if (is_dead_end(t.h)) return false;
      floor = std::max<Cost>(floor, t.h - (n - 1 - i));
    }
    m.floor = static_cast<std::uint16_t>(floor);
    return true;
  }

  std::uint64_t learnt() const { return hook_ != nullptr ? hook_->learnt() : 0; }

  // The square of s's box that push m moved. With symmetry reduction m may be a push of another
  // image of s (it reached the state before it was stored as its canonical image): then the
  // first symmetry that puts a box on m's target is taken (`sym`, else -1). A wrong pick only
  // changes the order of pushes and where the bound hook looks first.
  std::uint16_t pushed_cell(const State& s, const Move& m, int* sym = nullptr) const {
    const std::uint16_t at = push_target(*board_, m);
    if (sym != nullptr) *sym = -1;
    if (!symmetric_ || s.boxes.test(at)) return at;
    for (std::size_t i = 0; i < symmetries_.size(); ++i) {
      const std::uint16_t t = symmetries_[i].cell[at];
      if (s.boxes.test(t)) {
        if (sym != nullptr) *sym = static_cast<int>(i);
        return t;
      }
    }
    return at;
  }

  // s's canonical key and its hash, remembered for the last state asked (a search asks for the
  // hash and then the key of each child). `of` starts as no state's key (its player is kNoCell).
  struct Canonical {
    Key of;  // the state asked about
    Key key;
    std::uint64_t hash = 0;
  };
  const Canonical& canonical(const State& s) const {
    const Key asked = key_of(s);
    if (canonical_.of == asked) return canonical_;
    int which = -1;
    canonical_.of = asked;
    canonical_.key = canonical_key(symmetries_, s, which);
    canonical_.hash = which < 0 ? s.hash : state_hash(*board_, canonical_.key.boxes, canonical_.key.player);
    return canonical_;
  }

  // A state's bound computed again: the matching, then `hooked(t)` (the bound hook's value of
  // t, whose h is the matching's), then the goal room.
  template <class Hooked>
  Cost bound_again(const State& s, Hooked hooked) const {
    State t = s;
    t.h = matching_.value(t);
    if (hook_ != nullptr && !is_dead_end(t.h)) t.h = hooked(t);
    with_goal_room(t);
    with_parity(t);
    return t.h;
  }

  void resize_cache(std::size_t slots) const {
    cache_.assign(slots, State{});
    cache_mask_ = slots == 0 ? 0 : slots - 1;
    cache_stores_ = 0;
  }

  // The last step of every bound (rounding up keeps a lower bound one: push_parity.hpp).
  void with_parity(State& s) const {
    s.h = with_parity_of(s, s.h);
  }

  void with_goal_room(State& s) const {
    if (room_ == nullptr || is_dead_end(s.h)) return;
    std::uint64_t config = 0;
    const int outside = room_->outside_cost(s, boxes_, config);
    if (outside == GoalRoomBound::kDeadEnd) {
      s.h = dead_end<Cost>();
      return;
    }
    const int gain = hook_ != nullptr ? hook_->area_entry_gain(s) : 0;
    // With an unfinished table, when even its ceiling cannot raise s.h, the area's flood and
    // lookup are spared: the bound would be s.h all the same.
    const int ceiling = room_->inside_ceiling();
    if (ceiling != GoalRoomBound::kDeadEnd && outside + ceiling + gain <= s.h) return;
    const int inside = room_->inside_cost(config, s.player);
    s.h = inside == GoalRoomBound::kDeadEnd ? dead_end<Cost>() : std::max(s.h, outside + inside + gain);
  }

  const Board* board_;
  std::array<std::uint16_t, kMaxBoxes> start_boxes_{};
  std::uint16_t start_player_;
  int boxes_;
  BasicPushMatching<Set> matching_;
  DeadEndTests dead_ends_;
  PiCorralPruning pi_corrals_;
  BasicPushParity<Set> parity_;
  bool parity_on_ = false;
  bool tunnel_macros_ = false;
  bool goal_macros_ = false;
  mutable std::uint64_t macros_offered_ = 0;
  // The goal macros' walk tables (tens of KiB on the wider cell sets), made once: not on the
  // stack of each for_each_move, which IDA* nests hundreds deep.
  mutable std::vector<OneBoxWalk<Set>> walk_;
  BoundHook* hook_ = nullptr;
  std::vector<BoardSymmetry> symmetries_;
  bool symmetries_known_ = false;
  bool symmetric_ = false;
  mutable Canonical canonical_;
  const GoalRoomBound* room_ = nullptr;
  static constexpr std::size_t kFirstCacheSlots = 64;
  mutable std::vector<State> cache_;  // see enable_state_cache
  mutable std::size_t cache_mask_ = 0;
  mutable std::size_t cache_stores_ = 0;  // since its last growth
  std::size_t cache_max_ = 0;
};

using SokobanDomain = BasicSokobanDomain<CellSet>;

static_assert(Domain<SokobanDomain>);
static_assert(PackableDomain<SokobanDomain>);
static_assert(DeferredApplyDomain<SokobanDomain>);
static_assert(LearningBoundDomain<SokobanDomain>);
static_assert(ExpandLearningDomain<SokobanDomain>);

// The heuristic the searches use: the lower bound the domain keeps in each state.
struct PushLowerBound {
  template <class Set>
  int estimate(const BasicPushState<Set>& s) const {
    return s.h;
  }
};

}  // namespace hsearch::sokoban
