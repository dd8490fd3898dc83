#pragma once
// Groups of boxes on their way into the goals' area: the outside half of the goal-room bound
// (goal_room_bound.hpp) made exact for a few boxes at a time, after Pereira et al.'s
// intermediate goals (the area's border is the goal every box outside it must reach first).
//
// The goal-room bound charges each box outside the area A its own distance to A. Boxes in
// each other's way cost more: one must step aside, or the player must go round. The
// sub-problem of a group G: only G's boxes on the board, the player in his zone; a push that
// brings a box onto A takes it off the board; solved when no box is left; every push costs 1.
// Its cost c(G) (AreaEntryDomain, solved by the framework's A*) is at least the sum of its
// boxes' distances to A, and the excess is G's gain.
//
// Why the bound stays admissible. A solution's pushes split into those whose box stands
// outside A and those whose box stands in A (the goal-room bound's split). Take the pushes of
// G's boxes made while each of them has not yet reached A for the first time: with every
// other box removed they replay as a solution of G's sub-problem (walks only lose obstacles,
// a pushed box's target was free with more boxes around, and each box leaves the board at its
// first arrival), so there are at least c(G) of them. Disjoint groups count different pushes,
// and a box in no chosen group still needs its distance to A (the goal-room bound's own
// argument). So the outside pushes are at least
//   sum over chosen groups of c(G) + sum over the other outside boxes of their distances,
// that is, the goal-room bound's outside sum plus the chosen groups' gains; the area's own
// cost counts the other pushes. The groups are matched like the pattern table's (their boxes
// among the state's, the state's player in the group's zone) and chosen greedily by gain.
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "hsearch/core/cost.hpp"
#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/cell_set.hpp"
#include "hsearch/sokoban/goal_room_bound.hpp"
#include "hsearch/sokoban/push_apply.hpp"
#include "hsearch/sokoban/push_state.hpp"

namespace hsearch::sokoban {

// The sub-problem of one group (see the top of this file) as a search domain.
template <class Set>
class BasicAreaEntryDomain {
 public:
  struct State {
    Set boxes;
    std::uint16_t player = 0;  // normalised: the smallest cell of the player's area
    Set reach;
    std::int32_t h = 0;
    bool operator==(const State& o) const { return player == o.player && boxes == o.boxes; }
  };
  struct Key {
    Set boxes;
    std::uint16_t player = 0;
    bool operator==(const Key&) const = default;
  };
  using Move = Push;
  using Undo = State;
  using Cost = std::int32_t;
  static constexpr bool kUnitCost = true;

  BasicAreaEntryDomain(const Board& board, const GoalRoomBound& room) : board_(&board), room_(&room) {}

  // The group's boxes (all outside the area) with the player on `player`.
  State start(const Set& boxes, std::uint16_t player) const {
    State s;
    s.boxes = boxes;
    finish(s, player);
    return s;
  }

  template <class F>
  void for_each_move(const State& s, F&& f) const {
    s.boxes.for_each([&](int c) {
      for (int d = 0; d < 4; ++d) {
        const std::uint16_t behind = board_->neighbor(c, opposite(d));
        const std::uint16_t to = board_->neighbor(c, d);
        if (behind == kNoCell || to == kNoCell || !s.reach.test(behind) || s.boxes.test(to)) continue;
        f(Push{static_cast<std::uint16_t>(c), static_cast<std::uint8_t>(d)});
      }
    });
  }
  Cost cost(const State&, const Move&) const { return 1; }
  Undo apply(State& s, const Move& m) const {
    Undo previous = s;
    const std::uint16_t to = board_->neighbor(m.from, m.dir);
    s.boxes.reset(m.from);
    if (!room_->in_area(to)) s.boxes.set(to);
    finish(s, m.from);
    return previous;
  }
  void undo(State& s, const Move&, const Undo& previous) const { s = previous; }
  bool is_goal(const State& s) const { return !s.boxes.any(); }
  std::uint64_t hash(const State& s) const {
    std::uint64_t h = board_->zobrist_player(s.player);
    s.boxes.for_each([&](int c) { h ^= board_->zobrist_box(c); });
    return h;
  }
  Key pack(const State& s) const { return Key{s.boxes, s.player}; }
  State unpack(const Key& k) const {
    State s;
    s.boxes = k.boxes;
    finish(s, k.player);
    return s;
  }

 private:
  // The player's area and the bound: each box's distance to the area from the side the
  // player can get to (dead_end when one has none).
  void finish(State& s, std::uint16_t player) const {
    s.player = flood_player_area(*board_, s.boxes, player, s.reach);
    std::int32_t h = 0;
    bool dead = false;
    s.boxes.for_each([&](int c) {
      const int d = room_->distance_to_area(c, board_->player_side(c, s.player));
      if (d == GoalRoomBound::kDeadEnd) dead = true;
      h += d == GoalRoomBound::kDeadEnd ? 0 : d;
    });
    s.h = dead ? dead_end<Cost>() : h;
  }

  const Board* board_;
  const GoalRoomBound* room_;
};

// The heuristic of the sub-problem's A*: the sum of distances its states carry.
struct AreaEntryBound {
  template <class S>
  std::int32_t estimate(const S& s) const {
    return s.h;
  }
};

// The groups learnt, and what they add to the goal-room bound of a state.
template <class Set>
class BasicAreaEntryTable {
 public:
  struct Group {
    Set boxes;
    Set zone;
    std::int32_t cost = 0;  // c(G)
  };

  explicit BasicAreaEntryTable(const Board& board) : by_first_cell_(static_cast<std::size_t>(board.cell_count())) {}

  void add(const Set& boxes, const Set& zone, std::int32_t cost) {
    by_first_cell_[static_cast<std::size_t>(boxes.first())].push_back(static_cast<std::uint32_t>(groups_.size()));
    groups_.push_back(Group{boxes, zone, cost});
  }
  std::size_t size() const { return groups_.size(); }
  const std::vector<Group>& groups() const { return groups_; }
  std::size_t bytes() const {
    return groups_.capacity() * sizeof(Group) + by_first_cell_.size() * sizeof(std::vector<std::uint32_t>) +
           groups_.size() * 2 * sizeof(std::uint32_t);
  }

  // What the matched groups add to the goal-room bound of `s` (0 when none), given each
  // outside box's distance to the area in `s` (`distance[cell]`).
  template <class State>
  std::int32_t gain(const State& s, int box_count, const std::array<std::int32_t, Set::kCapacity>& distance) const {
    std::array<std::pair<std::int32_t, std::uint32_t>, kMaxGroupsPerState> found;
    int n = 0;
    for (int i = 0; i < box_count; ++i) {
      for (std::uint32_t id : by_first_cell_[s.box_cell[static_cast<std::size_t>(i)]]) {
        const Group& g = groups_[id];
        if (!g.zone.test(s.player) || !g.boxes.subset_of(s.boxes)) continue;
        std::int32_t given = 0;
        g.boxes.for_each([&](int c) { given += distance[static_cast<std::size_t>(c)]; });
        if (g.cost > given && n < kMaxGroupsPerState) found[static_cast<std::size_t>(n++)] = {g.cost - given, id};
      }
    }
    // (Ties by number: the choice must not follow the order of the state's rows of boxes,
    // which differs between a state generated and the same state rebuilt from its key.)
    std::sort(found.begin(), found.begin() + n,
              [](const auto& a, const auto& b) { return a.first != b.first ? a.first > b.first : a.second < b.second; });
    Set used;
    std::int32_t total = 0;
    for (int k = 0; k < n; ++k) {
      const Group& g = groups_[found[static_cast<std::size_t>(k)].second];
      if (g.boxes.intersects(used)) continue;
      used |= g.boxes;
      total += found[static_cast<std::size_t>(k)].first;
    }
    return total;
  }

 private:
  static constexpr int kMaxGroupsPerState = 64;
  std::vector<Group> groups_;
  std::vector<std::vector<std::uint32_t>> by_first_cell_;
};

}  // namespace hsearch::sokoban
