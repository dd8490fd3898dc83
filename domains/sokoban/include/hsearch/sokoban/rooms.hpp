#pragma once
// The level's rooms and the passages between them, for FESS's room-connectivity feature
// (feature_space.hpp).
//
// A passage square is a floor square one square wide: at most two floor neighbours, and when
// there are two at a right angle, a wall on the diagonal between them (a corridor's bend; a
// room's corner has floor on that diagonal). Passages are the connected groups of passage
// squares; rooms are the connected groups of the other floor squares. Two rooms are linked when
// a passage touches both. A box on a passage square closes the passage to the player (it is one
// square wide), and a link is obstructed when every passage between its two rooms is closed.
// The feature counts the obstructed links: boxes parked in doorways and corridors that the
// player needs to go from room to room.
#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "hsearch/sokoban/board.hpp"

namespace hsearch::sokoban {

class RoomMap {
 public:
  explicit RoomMap(const Board& board)
      : room_of_(static_cast<std::size_t>(board.cell_count()), -1),
        passage_of_(static_cast<std::size_t>(board.cell_count()), -1),
        box_count_(static_cast<int>(board.initial_boxes().size())) {
    const int n = board.cell_count();
    std::vector<char> narrow(static_cast<std::size_t>(n), 0);
    for (int c = 0; c < n; ++c) narrow[static_cast<std::size_t>(c)] = is_narrow(board, c);
    // Rooms and passages: the connected groups of each kind of square.
    std::vector<std::uint16_t> stack;
    for (int c = 0; c < n; ++c) {
      const bool is_passage = narrow[static_cast<std::size_t>(c)] != 0;
      std::vector<int>& label = is_passage ? passage_of_ : room_of_;
      if (label[static_cast<std::size_t>(c)] >= 0) continue;
      const int id = is_passage ? passage_count_++ : room_count_++;
      label[static_cast<std::size_t>(c)] = id;
      stack.push_back(static_cast<std::uint16_t>(c));
      while (!stack.empty()) {
        const int at = stack.back();
        stack.pop_back();
        for (int d = 0; d < 4; ++d) {
          const std::uint16_t m = board.neighbor(at, d);
          if (m == kNoCell || narrow[m] != narrow[static_cast<std::size_t>(c)] || label[m] >= 0) continue;
          label[m] = id;
          stack.push_back(m);
        }
      }
    }
    // The rooms each passage touches, then the links: pairs of rooms and the passages between.
    std::vector<std::vector<int>> touches(static_cast<std::size_t>(passage_count_));
    for (int c = 0; c < n; ++c) {
      const int p = passage_of_[static_cast<std::size_t>(c)];
      if (p < 0) continue;
      for (int d = 0; d < 4; ++d) {
        const std::uint16_t m = board.neighbor(c, d);
        if (m == kNoCell || room_of_[m] < 0) continue;
        std::vector<int>& rooms = touches[static_cast<std::size_t>(p)];
        if (std::find(rooms.begin(), rooms.end(), room_of_[m]) == rooms.end()) rooms.push_back(room_of_[m]);
      }
    }
    std::vector<std::pair<std::pair<int, int>, int>> pairs;  // ((room, room), passage)
    for (int p = 0; p < passage_count_; ++p) {
      std::vector<int>& rooms = touches[static_cast<std::size_t>(p)];
      std::sort(rooms.begin(), rooms.end());
      for (std::size_t i = 0; i < rooms.size(); ++i) {
        for (std::size_t j = i + 1; j < rooms.size(); ++j) pairs.push_back({{rooms[i], rooms[j]}, p});
      }
    }
    std::sort(pairs.begin(), pairs.end());
    for (const auto& [rooms, p] : pairs) {
      if (links_.empty() || links_.back().room_a != rooms.first || links_.back().room_b != rooms.second) {
        const int at = static_cast<int>(link_passages_.size());
        links_.push_back({rooms.first, rooms.second, at, at});
      }
      link_passages_.push_back(p);
      links_.back().last = static_cast<int>(link_passages_.size());
    }
    closed_.assign(static_cast<std::size_t>(passage_count_), 0);
  }

  int room_count() const { return room_count_; }
  int passage_count() const { return passage_count_; }
  int link_count() const { return static_cast<int>(links_.size()); }
  // The room or passage of a floor square (-1: the square is of the other kind).
  int room_of(int cell) const { return room_of_[static_cast<std::size_t>(cell)]; }
  int passage_of(int cell) const { return passage_of_[static_cast<std::size_t>(cell)]; }

  // The links whose passages the boxes (one cell per box) all close.
  int obstructed_links(const std::uint16_t* box_cell) const {
    if (links_.empty()) return 0;
    ++mark_;
    if (mark_ == 0) {  // (the marks wrapped: clear them)
      std::fill(closed_.begin(), closed_.end(), 0);
      mark_ = 1;
    }
    for (int b = 0; b < box_count_; ++b) {
      const int p = passage_of_[box_cell[b]];
      if (p >= 0) closed_[static_cast<std::size_t>(p)] = mark_;
    }
    int count = 0;
    for (const Link& link : links_) {
      bool all_closed = true;
      for (int i = link.first; i < link.last && all_closed; ++i) {
        all_closed = closed_[static_cast<std::size_t>(link_passages_[static_cast<std::size_t>(i)])] == mark_;
      }
      count += all_closed ? 1 : 0;
    }
    return count;
  }

 private:
  // A floor square one square wide (see the header's comment).
  static bool is_narrow(const Board& board, int c) {
    int floor = 0;
    int dirs[4];
    for (int d = 0; d < 4; ++d) {
      if (board.neighbor(c, d) != kNoCell) dirs[floor++] = d;
    }
    if (floor == 0 || floor > 2) return false;
    if (floor == 1 || (dirs[1] - dirs[0]) == 2) return true;
    // Two at a right angle: the diagonal square between them (the ring runs N, NE, E, SE, ...,
    // so the square between direction d and the next one clockwise is at 2d + 1).
    const int first = (dirs[0] == 0 && dirs[1] == 3) ? 3 : dirs[0];
    return board.ring(c)[static_cast<std::size_t>(2 * first + 1)] == kNoCell;
  }

  struct Link {
    int room_a, room_b;
    int first, last;  // its passages: link_passages_[first, last)
  };

  std::vector<int> room_of_;
  std::vector<int> passage_of_;
  int room_count_ = 0;
  int passage_count_ = 0;
  int box_count_;
  std::vector<Link> links_;
  std::vector<int> link_passages_;
  // Scratch for obstructed_links(): one call at a time per object.
  mutable std::vector<std::uint32_t> closed_;
  mutable std::uint32_t mark_ = 0;
};

}  // namespace hsearch::sokoban
