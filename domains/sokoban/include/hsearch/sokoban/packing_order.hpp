#pragma once
// A packing order for the goals, and the guide that follows it (--objective any).
//
// Greedy search on the push bound fills the goals nearest the boxes first: in a goal room,
// the squares by its entrance, which then wall the rest of the room off. The order in which a
// room can be filled is found backwards, from the solved position (after Junghanns and
// Schaeffer's goal macros and the thesis's goal ranking): a box on a goal can leave the goals
// when pulls, with the other boxes where they stand, take it to a square that is no goal and
// that a box can be pushed to from the start with those boxes in place (box_sources).
// The boxes that can leave first are the ones filled last. Removing them round by round gives
// layers: layer 0 is filled first (the deepest goals), and the goals of one layer can be
// filled in any order (each of them could leave with all the others of its layer in place).
// Goals whose boxes cannot leave at all, even once every other box has left, join layer 0.
//
// PackingGuide counts a box on a goal as packed when every goal of the earlier layers is
// filled; the boxes not packed, weighted above any push bound, come before the bound. It is
// not admissible and says so: the anytime search uses it only to find its first solution,
// never in an optimal mode.
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "hsearch/core/cost.hpp"
#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/push_state.hpp"

namespace hsearch::sokoban {

namespace packing_detail {

// The player's squares reachable from `from` with boxes on `occupied` and one more on `box`.
inline void player_region(const Board& board, int from, const std::vector<char>& occupied, int box,
                          std::vector<char>& region, std::vector<std::uint16_t>& stack) {
  std::fill(region.begin(), region.end(), 0);
  stack.clear();
  region[static_cast<std::size_t>(from)] = 1;
  stack.push_back(static_cast<std::uint16_t>(from));
  while (!stack.empty()) {
    const int c = stack.back();
    stack.pop_back();
    for (int d = 0; d < 4; ++d) {
      const std::uint16_t n = board.neighbor(c, d);
      if (n == kNoCell || n == box || occupied[n] || region[n]) continue;
      region[n] = 1;
      stack.push_back(n);
    }
  }
}

// Where a box can come from while the goals on `occupied` hold their boxes: the (cell, side)
// pairs, at cell * 4 + side, such that a box can be pushed to the cell from one of the start's
// boxes and the player then stands on that side of it, with no other box on the board but the
// ones on `occupied` (walls here), the player starting where it starts. The side matters: a box
// pushed into a pocket through its one mouth has the player behind it, on the mouth's side.
inline std::vector<char> box_sources(const Board& board, const std::vector<char>& occupied) {
  const auto cells = static_cast<std::size_t>(board.cell_count());
  std::vector<char> source(cells * 4, 0);
  std::vector<char> region(cells, 0);
  std::vector<std::uint16_t> stack;
  std::vector<std::pair<int, int>> queue;  // (box cell, the player's cell)
  for (const std::uint16_t b : board.initial_boxes()) {
    if (occupied[b]) continue;
    player_region(board, board.initial_player(), occupied, b, region, stack);
    for (int d = 0; d < 4; ++d) {
      const std::uint16_t p = board.neighbor(b, d);
      if (p != kNoCell && region[p]) source[static_cast<std::size_t>(b) * 4 + static_cast<std::size_t>(d)] = 1;
    }
    queue.emplace_back(b, board.initial_player());
  }
  for (std::size_t next = 0; next < queue.size(); ++next) {
    const auto [box, player] = queue[next];
    player_region(board, player, occupied, box, region, stack);
    for (int d = 0; d < 4; ++d) {
      const std::uint16_t behind = board.neighbor(box, opposite(d));
      const std::uint16_t to = board.neighbor(box, d);
      if (behind == kNoCell || to == kNoCell || occupied[to] || !region[behind]) continue;
      // Pushed towards d, the box stands on `to` with the player on its side opposite(d).
      const std::size_t key = static_cast<std::size_t>(to) * 4 + static_cast<std::size_t>(opposite(d));
      if (source[key]) continue;
      source[key] = 1;
      queue.emplace_back(to, box);
    }
  }
  return source;
}

// Whether pulls can take the box on `goal` to a square that is no goal and that a box can come
// from with the player where the pulls leave it (`source`: box_sources), the boxes on
// `occupied` staying where they are. The player may stand on any free side of the box to begin
// with: in the solved position it can be anywhere. (Without the sources, a box would leave
// through a pocket that pulls reach but that a box could only be pushed into while the goals
// were empty, the player getting behind it through them.)
inline bool can_leave_goals(const Board& board, int goal, const std::vector<char>& occupied,
                            const std::vector<char>& source) {
  const auto cells = static_cast<std::size_t>(board.cell_count());
  std::vector<char> seen(cells * 4, 0);  // (box cell, side the player stands on)
  std::vector<char> region(cells, 0);
  std::vector<std::uint16_t> stack;
  std::vector<std::pair<int, int>> queue;
  for (int d = 0; d < 4; ++d) {
    const std::uint16_t p = board.neighbor(goal, d);
    if (p != kNoCell && !occupied[p] && !seen[static_cast<std::size_t>(goal) * 4 + d]) {
      queue.emplace_back(goal, d);
      seen[static_cast<std::size_t>(goal) * 4 + d] = 1;
    }
  }
  for (std::size_t next = 0; next < queue.size(); ++next) {
    const auto [box, side] = queue[next];
    // Every side the player can walk to without moving the box is the same node.
    player_region(board, board.neighbor(box, side), occupied, box, region, stack);
    for (int d = 0; d < 4; ++d) {
      const std::uint16_t p = board.neighbor(box, d);
      if (p == kNoCell || !region[p]) continue;
      if (!board.is_goal(box) && source[static_cast<std::size_t>(box) * 4 + static_cast<std::size_t>(d)]) return true;
      seen[static_cast<std::size_t>(box) * 4 + d] = 1;
      // A pull towards d: the player steps from p to the square beyond, the box onto p.
      const std::uint16_t beyond = board.neighbor(p, d);
      if (beyond == kNoCell || occupied[beyond]) continue;
      const std::size_t key = static_cast<std::size_t>(p) * 4 + static_cast<std::size_t>(d);
      if (!seen[key]) {
        seen[key] = 1;
        queue.emplace_back(p, d);
      }
    }
  }
  return false;
}

}  // namespace packing_detail

// The fill layer of each goal (by goal index): 0 first. Levels with more goals than boxes get
// one layer (which goals stay empty is the search's choice, so no order is imposed).
inline std::vector<int> goal_fill_layers(const Board& board) {
  const std::vector<std::uint16_t>& goals = board.goals();
  std::vector<int> layer(goals.size(), 0);
  if (goals.size() != board.initial_boxes().size()) return layer;
  std::vector<char> occupied(static_cast<std::size_t>(board.cell_count()), 0);
  for (const std::uint16_t g : goals) occupied[g] = 1;
  std::vector<int> round_left(goals.size(), -1);
  int round = 0;
  for (std::size_t left = goals.size(); left > 0; ++round) {
    std::vector<std::size_t> leaving;
    const std::vector<char> source = packing_detail::box_sources(board, occupied);
    for (std::size_t i = 0; i < goals.size(); ++i) {
      if (round_left[i] >= 0) continue;
      occupied[goals[i]] = 0;
      if (packing_detail::can_leave_goals(board, goals[i], occupied, source)) leaving.push_back(i);
      occupied[goals[i]] = 1;
    }
    if (leaving.empty()) break;
    for (const std::size_t i : leaving) {
      round_left[i] = round;
      occupied[goals[i]] = 0;
    }
    left -= leaving.size();
  }
  // Boxes that never left are filled first, with the last round's.
  int last = 0;
  for (int& r : round_left) {
    if (r < 0) r = round;
    last = std::max(last, r);
  }
  for (std::size_t i = 0; i < goals.size(); ++i) layer[i] = last - round_left[i];
  return layer;
}

// The level's rows with each goal shown as its layer: 0-9, then a-z, then '+'.
inline std::string goal_layers_text(const Board& board, const std::vector<int>& layers) {
  std::vector<std::string> rows = board.level().rows;
  for (std::size_t i = 0; i < layers.size(); ++i) {
    const int c = board.goals()[i];
    const int l = layers[i];
    const char mark = l < 10 ? static_cast<char>('0' + l) : l < 36 ? static_cast<char>('a' + l - 10) : '+';
    rows[static_cast<std::size_t>(board.row(c))][static_cast<std::size_t>(board.col(c))] = mark;
  }
  std::string text;
  for (const std::string& r : rows) text += r + "\n";
  return text;
}

// The guide of the anytime search's first solution: boxes not packed (see above), then the
// push bound. Dead ends stay dead ends.
class PackingGuide {
 public:
  explicit PackingGuide(const Board& board)
      : box_count_(static_cast<int>(board.initial_boxes().size())),
        layers_(goal_fill_layers(board)),
        layer_of_cell_(static_cast<std::size_t>(board.cell_count()), -1) {
    for (std::size_t i = 0; i < layers_.size(); ++i) {
      layer_of_cell_[board.goals()[i]] = layers_[i];
      const auto l = static_cast<std::size_t>(layers_[i]);
      if (l >= goals_in_layer_.size()) goals_in_layer_.resize(l + 1, 0);
      ++goals_in_layer_[l];
    }
  }

  template <class Set>
  int estimate(const BasicPushState<Set>& s) const {
    if (is_dead_end(s.h)) return s.h;
    return kPackedWeight * unpacked(s.box_cell.data()) + s.h;
  }
  bool admissible() const { return false; }

  // Each goal's layer (by goal index: goal_fill_layers), and how many layers there are.
  const std::vector<int>& layers() const { return layers_; }
  int layer_of_cell(int cell) const { return layer_of_cell_[static_cast<std::size_t>(cell)]; }
  int layer_count() const { return static_cast<int>(goals_in_layer_.size()); }

  // How far the plan has come: the boxes packed, and the boxes on goals of the layers after the
  // first one not yet full (out of plan: they stand where the plan fills later, and may wall off
  // goals it fills before them).
  struct Progress {
    int packed = 0;
    int out_of_plan = 0;
    int open_layer = 0;  // the first layer not full (layer_count(): every goal filled)
  };
  Progress progress(const std::uint16_t* box_cell) const {
    std::array<int, kMaxBoxes> filled{};
    for (int b = 0; b < box_count_; ++b) {
      const int l = layer_of_cell_[box_cell[b]];
      if (l >= 0) ++filled[static_cast<std::size_t>(l)];
    }
    Progress p;
    std::size_t l = 0;
    for (; l < goals_in_layer_.size(); ++l) {
      p.packed += filled[l];
      if (filled[l] < goals_in_layer_[l]) break;
    }
    p.open_layer = static_cast<int>(l);
    for (++l; l < goals_in_layer_.size(); ++l) p.out_of_plan += filled[l];
    return p;
  }

  // The boxes (on cells box_cell[0 .. boxes - 1]) that are not packed.
  int unpacked(const std::uint16_t* box_cell) const { return box_count_ - progress(box_cell).packed; }

  // Above any push bound a level may have (at most 4096 cells, 64 boxes: far less in practice,
  // and a larger bound only makes packing a little less dominant).
  static constexpr int kPackedWeight = 1 << 16;

 private:
  int box_count_;
  std::vector<int> layers_;
  std::vector<int> layer_of_cell_;  // -1: no goal
  std::vector<int> goals_in_layer_;
};

}  // namespace hsearch::sokoban
