#pragma once
// A Sokoban search state over pushes, the push that leads from one to the next, and the
// compact key A* and the transposition table store.
//
// What a state is: the box set and the normalised player position — the smallest cell the
// player can reach without pushing. Every square of the player's area allows the same pushes
// (the player walks between them for free), so positions that differ only in where the player
// stands inside one area are the same state, and naming the area by its smallest cell makes
// them compare equal. Two states are equal when both parts agree; the key holds exactly these.
//
// The rest is derived from those two parts, ignored by equality, and kept in the state so that
// a push can update it instead of recomputing it (push_apply.hpp, push_matching.hpp): the
// player's area, the Zobrist hash, each box's cell (the rows of the matching) and the side its
// player can get to, the box-goal matching with its dual potentials, the boxes frozen on goals
// with the push distances that treat them as walls, the lower bound `h`, and the last push
// (move ordering only). Copying a state is the undo record: about 1 KB, cheaper than
// recomputing the area and the matching.
#include <array>
#include <cstddef>
#include <cstdint>

#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/cell_set.hpp"
#include "hsearch/sokoban/hungarian.hpp"

namespace hsearch::sokoban {

// The cost of a push plan: a number of pushes.
using PushCost = int;

// A push: the box on cell `from` moves `steps` squares in direction `dir` (more than one only
// for a tunnel macro, tunnel_macro.hpp, and then it costs `steps` pushes). A goal macro
// (goal_macro.hpp) takes the box to `to` by `steps` pushes, the last in direction `dir`; `to`
// is kNoCell for every other move. Pushes name cells, not box numbers, so a plan replays on any
// state with the same boxes (A* rebuilds its states from keys, which may number the boxes
// differently).
struct Push {
  std::uint16_t from = 0;
  std::uint8_t dir = 0;  // Direction of the push (of a goal macro's last push)
  std::uint8_t steps = 1;
  std::uint16_t to = kNoCell;
  // A lower bound on the pushes left after a goal macro, from the states its single pushes pass
  // through (SokobanDomain's pathmax; 0: none).
  std::uint16_t floor = 0;
};

// Whether the player, whose area is `reach`, can push the box on `from` in direction `d` now:
// the square behind the box is in the area, and the square ahead is live floor without a box
// (a push onto a dead square is never made: no goal can be reached from there).
template <class Set>
bool can_push(const Board& board, const Set& boxes, const Set& reach, std::uint16_t from, int d) {
  const std::uint16_t behind = board.neighbor(from, opposite(d)), ahead = board.neighbor(from, d);
  return behind != kNoCell && ahead != kNoCell && reach.test(behind) && !boxes.test(ahead) && board.is_live(ahead);
}

// PushState::last_box of a state no push has led to.
inline constexpr std::uint8_t kNoLastBox = 0xFF;

// Set: the cell-set width (cell_set.hpp), chosen by the solver from the level's size.
template <class Set>
struct BasicPushState {
  using CellSetType = Set;
  Set boxes;
  std::uint16_t player = kNoCell;  // normalised: the smallest reachable cell
  // Derived (not compared):
  Set reach;  // the player's area
  std::uint64_t hash = 0;
  PushCost h = 0;  // the lower bound, or dead_end
  std::uint8_t last_box = kNoLastBox;
  std::uint8_t last_dir = 0;
  std::array<std::uint16_t, kMaxBoxes> box_cell{};
  // For each box, the side the player can get to (Board::player_side): the matching's row.
  std::array<std::int8_t, kMaxBoxes> box_side{};
  Assignment<kMaxBoxes> match;
  // The boxes frozen on goals, and the push distances the matching reads: the board's, or
  // those of the board where the frozen boxes are walls. Laid out as
  // Board::distances_from_side: [(cell * 4 + side) * goals + goal].
  Set frozen;
  const std::uint16_t* dist = nullptr;
  // What the bound hook had learnt when h was set (BoundHook::learnt; kMatchingOnly: h is
  // the matching alone): the same count, the same bound (SokobanDomain::current_bound).
  static constexpr std::uint64_t kMatchingOnly = ~std::uint64_t{0};
  std::uint64_t h_learnt = kMatchingOnly;

  // Box `b`'s pushes to each goal (kUnreachable: none): the matching's row.
  const std::uint16_t* goal_costs(std::size_t b, std::size_t goal_count) const {
    return dist + (static_cast<std::size_t>(box_cell[b]) * 4 + static_cast<std::size_t>(box_side[b])) * goal_count;
  }

  bool operator==(const BasicPushState& o) const { return player == o.player && boxes == o.boxes; }
};

// The compared part of a state: what A* and the transposition table store.
template <class Set>
struct BasicPushKey {
  Set boxes;
  std::uint16_t player = kNoCell;
  bool operator==(const BasicPushKey&) const = default;
};

template <class Set>
BasicPushKey<Set> key_of(const BasicPushState<Set>& s) {
  return BasicPushKey<Set>{s.boxes, s.player};
}

// The width of the usual collections (cell_set.hpp's CellSet).
using PushState = BasicPushState<CellSet>;
using PushKey = BasicPushKey<CellSet>;

}  // namespace hsearch::sokoban
