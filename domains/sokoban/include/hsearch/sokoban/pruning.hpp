#pragma once
// What the push domain cuts, and why each cut keeps push-optimality:
//   * dead-end tests, which make a state's bound dead_end: a box on a dead cell (no goal
//     reachable by pushes, board.hpp), a freeze deadlock (boxes that can never move with one
//     off its goal, freeze.hpp), and a frozen corral (an unreachable region whose boxes can
//     never move while it still needs a change, corral.hpp), and a window whose boxes its
//     own small game cannot solve (window_deadlocks.hpp, when a table is set). Each holds only
//     of states no solution passes through.
//   * PI-corral pruning, which withholds pushes: when a state has a PI-corral that must
//     change, some optimal solution starts with one of the corral's pushes, so only those are
//     offered (pi_corral.hpp has the proof). The withheld pushes are counted, since no search
//     ever sees them: they are not in any generated, pruned or dead-end count of the framework.
// The matching's own dead end (no perfect matching) is push_matching.hpp's.
#include <array>
#include <cstddef>
#include <cstdint>

#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/cell_set.hpp"
#include "hsearch/sokoban/corral.hpp"
#include "hsearch/sokoban/freeze.hpp"
#include "hsearch/sokoban/move_ordering.hpp"
#include "hsearch/sokoban/pi_corral.hpp"
#include "hsearch/sokoban/push_state.hpp"
#include "hsearch/sokoban/window_deadlocks.hpp"

namespace hsearch::sokoban {

class DeadEndTests {
 public:
  // `every_goal_needed`: as many boxes as goals, so an empty goal in a frozen corral is a dead end.
  DeadEndTests(const Board& board, bool every_goal_needed) : board_(&board), every_goal_needed_(every_goal_needed) {}

  // The frozen-corral test is on by default; off only to measure what it buys.
  void set_corral_test(bool on) { use_corrals_ = on; }
  // Pushes the frozen-corral test looks ahead through itself (corral.hpp's `depth`; 0: its
  // look-ahead is the freeze test and the windows only).
  void set_corral_depth(int depth) { corral_depth_ = depth; }
  // The window deadlock table (none unless set; it outlives the tests).
  void set_windows(const WindowDeadlockTable* windows) { windows_ = windows; }
  std::size_t window_bytes() const { return windows_ != nullptr ? windows_->bytes() : 0; }

  // After the push that put a box on `to` (dead cells are never pushed onto): true when the
  // push froze a box off its goal or closed a frozen corral. `frozen` receives the frozen boxes
  // around `to` (all on goals when this returns false), for the frozen-goal distances.
  // (A pushed box that cannot freeze makes no new frozen set, and the state before the push
  // had none off its goals: `frozen` stays empty, which is all the matching reads of it, that
  // `to` is not frozen.)
  template <class Set>
  bool after_push(const BasicPushState<Set>& s, std::uint16_t to, Set& frozen) const {
    frozen = may_freeze(*board_, s.boxes, to) ? frozen_cluster(*board_, s.boxes, to) : Set{};
    return !frozen.subset_of(board_->goal_set()) ||
           (use_corrals_ && frozen_corral(*board_, s.boxes, s.reach, to, every_goal_needed_, windows_, corral_depth_)) ||
           (windows_ != nullptr && windows_->dead_after_push(s.boxes, s.player, to));
  }

  // The tests on a whole state (the first `box_count` rows of box_cell are its boxes).
  template <class Set>
  bool any(const BasicPushState<Set>& s, int box_count) const {
    for (int i = 0; i < box_count; ++i) {
      const int c = s.box_cell[static_cast<std::size_t>(i)];
      if (!board_->is_live(c)) return true;
    }
    for (int i = 0; i < box_count; ++i) {
      const int c = s.box_cell[static_cast<std::size_t>(i)];
      if (frozen_deadlock(*board_, s.boxes, c)) return true;
      if (use_corrals_ && frozen_corral(*board_, s.boxes, s.reach, c, every_goal_needed_, windows_, corral_depth_)) return true;
    }
    // (Not the window tables: classifying every window for one state costs small levels more
    // than their whole search, and a start that is a window deadlock is proven unsolvable by
    // the search anyway.)
    return false;
  }

 private:
  const Board* board_;
  bool every_goal_needed_;
  bool use_corrals_ = true;
  int corral_depth_ = 0;
  const WindowDeadlockTable* windows_ = nullptr;
};

// Offers a state's ordered pushes, restricted to one PI-corral's when it has one that must
// change, and counts the pushes it withholds.
class PiCorralPruning {
 public:
  PiCorralPruning(const Board& board, bool every_goal_needed) : board_(&board), every_goal_needed_(every_goal_needed) {}

  // On by default; off for whoever needs every legal push of a state.
  void set_enabled(bool on) { use_ = on; }

  // Legal pushes withheld so far because a PI-corral restricted the moves (a state whose
  // PI-corral has no legal push withholds all of its pushes: it is a deadlock).
  std::uint64_t cuts() const { return cuts_; }

  // Calls f(push) for the first `count` pushes of `moves` that survive, in their order.
  template <class Set, class F>
  void offer(const BasicPushState<Set>& s, const PushList& moves, int count, F&& f) const {
    if (use_) {
      CorralPushes allowed;
      const int n = best_pi_corral(*board_, s.boxes, s.reach, every_goal_needed_, allowed);
      if (n >= 0) {
        int kept = 0;
        for (int k = 0; k < count; ++k) {
          const Push& m = moves[static_cast<std::size_t>(k)];
          for (int i = 0; i < n; ++i) {
            if (allowed[static_cast<std::size_t>(i)].from == m.from && allowed[static_cast<std::size_t>(i)].dir == m.dir) {
              ++kept;
              f(m);
              break;
            }
          }
        }
        cuts_ += static_cast<std::uint64_t>(count - kept);
        return;
      }
    }
    for (int k = 0; k < count; ++k) f(moves[static_cast<std::size_t>(k)]);
  }

 private:
  const Board* board_;
  bool every_goal_needed_;
  bool use_ = true;
  // A statistic, not state: counting keeps for_each_move const (one domain per search).
  mutable std::uint64_t cuts_ = 0;
};

}  // namespace hsearch::sokoban
