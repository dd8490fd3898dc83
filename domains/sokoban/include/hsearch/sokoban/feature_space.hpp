#pragma once
// Sokoban's feature space and advisors for the feature-space search
// (framework/include/hsearch/search/feature_space_search.hpp), after FESS's features:
//
// - packing: the boxes packed in the goals' fill order (packing_order.hpp's PackingGuide);
// - out of plan: the boxes on goals that the fill order fills later than the first goals still
//   empty (such a box may wall those goals off: the plan must take it away first);
// - connectivity: into how many regions the boxes cut the free floor (one region: the player
//   can walk everywhere the boxes are not);
// - room connectivity: how many links between rooms the boxes cut (rooms.hpp: boxes standing in
//   every doorway or corridor between two rooms).
//
// The anytime solver's two spaces: (packing, out of plan, connectivity), plan_connectivity, and
// the packing alone (FeatureCells::packing). The coarser space has a tenth as many cells or
// fewer, so the search's turns go mostly to how far the packing has come; it solves levels the
// finer one does not, and the other way round (docs/sokoban.md), so the solver runs one of each
// in turn (FeatureCells::both). Out of plan splits each packing count into the states that keep
// to the plan and those that do not, so a crowd of states with boxes on the wrong goals does not
// take the turns of the few that can go on packing. Room connectivity only counts the cuts that
// keep the player from going from room to room, where connectivity also counts every pocket a
// box cuts off inside a room; (packing, out of plan, room connectivity), plan_rooms, is offered
// and measured, not the default: in place of plan_connectivity it solved fewer XSokoban levels
// (docs/sokoban.md). The push-optimal search's bound probes search (packing, connectivity).
//
// A push weighs 0 when an advisor recommends it, 1 otherwise:
// - it pushes again the box the last push moved (a box's whole journey, a macro move, costs what
//   its first push costs);
// - it packs one more box;
// - it takes a box out of plan off its goal (out of plan drops);
// - it joins regions of the floor (connectivity drops);
// - it opens a link between rooms (room connectivity drops);
// - the packing advisor (the anytime solver's searches; not the bound probes): it brings nearer
//   to the plan's next goals the box that is nearest to them (advises()).
// Nothing here is admissible or claims to be: the search that uses it looks for a solution,
// never an optimal one.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/packing_order.hpp"
#include "hsearch/sokoban/push_apply.hpp"
#include "hsearch/sokoban/push_state.hpp"
#include "hsearch/sokoban/rooms.hpp"

namespace hsearch::sokoban {

// What makes a cell of the feature space: one of four spaces, or `both` (the anytime solver's
// default: a search over kFinerCells and one over packing, in turns; solver.hpp).
// packing_connectivity is the space of the bound probes of the push-optimal search.
enum class FeatureCells { plan_rooms, plan_connectivity, packing, packing_connectivity, both };

// The finer of the two spaces that `both` takes in turns (the other is packing alone).
inline constexpr FeatureCells kFinerCells = FeatureCells::plan_connectivity;

inline const char* feature_cells_name(FeatureCells cells) {
  switch (cells) {
    case FeatureCells::plan_rooms: return "plan-rooms";
    case FeatureCells::plan_connectivity: return "plan-connectivity";
    case FeatureCells::packing: return "packing";
    case FeatureCells::packing_connectivity: return "packing-connectivity";
    case FeatureCells::both: return "both";
  }
  return "?";
}

// `option` names the option in the message of a name not offered.
inline FeatureCells parse_feature_cells(const std::string& name, const std::string& option = "--feature-cells") {
  for (const FeatureCells c : {FeatureCells::both, FeatureCells::plan_rooms, FeatureCells::plan_connectivity,
                               FeatureCells::packing, FeatureCells::packing_connectivity}) {
    if (name == feature_cells_name(c)) return c;
  }
  throw std::invalid_argument(option + " " + name +
                              ": sokoban offers both, plan-rooms, plan-connectivity, packing, packing-connectivity");
}

class PushFeatures {
 public:
  // (`both` is not one space: it is taken as kFinerCells here.) `packing_advisor`: see weight().
  explicit PushFeatures(const Board& board, FeatureCells cells = kFinerCells, bool packing_advisor = false)
      : board_(&board),
        regions_(in(cells, FeatureCells::plan_connectivity) || cells == FeatureCells::packing_connectivity),
        out_of_plan_(in(cells, FeatureCells::plan_connectivity) || in(cells, FeatureCells::plan_rooms)),
        packing_advisor_(packing_advisor),
        packing_(board) {
    // Only the space that counts room links pays for finding the rooms.
    if (in(cells, FeatureCells::plan_rooms)) rooms_.emplace(board);
  }

  // packing << 24 | out of plan << 16 | obstructed links << 8 | connectivity, with 0 for a
  // feature the space leaves out (then no push is advised for improving it either). Each count
  // but packing stops at 255 (a cell for "255 or more" is still a cell).
  template <class Set>
  std::uint64_t cell(const BasicPushState<Set>& s) const {
    const PackingGuide::Progress p = packing_.progress(s.box_cell.data());
    return make_cell(p.packed, out_of_plan_ ? p.out_of_plan : 0, regions_ ? regions(s) : 0,
                     rooms_ ? rooms_->obstructed_links(s.box_cell.data()) : 0);
  }
  static int packed_of(std::uint64_t cell) { return static_cast<int>(cell >> 24); }
  static int out_of_plan_of(std::uint64_t cell) { return static_cast<int>(cell >> 16 & 0xFF); }
  static int obstructed_links_of(std::uint64_t cell) { return static_cast<int>(cell >> 8 & 0xFF); }
  static int regions_of(std::uint64_t cell) { return static_cast<int>(cell & 0xFF); }
  static std::uint64_t make_cell(int packed, int out_of_plan, int regions, int obstructed_links = 0) {
    return static_cast<std::uint64_t>(packed) << 24 | capped(out_of_plan) << 16 | capped(obstructed_links) << 8 |
           capped(regions);
  }

  // Whether a state of cell a is further on than one of cell b (the feature-space search's
  // ranked cells): more boxes packed, then fewer regions, fewer obstructed links, fewer boxes out
  // of plan (the order of Shoham's Festival 3.1).
  static bool better(std::uint64_t a, std::uint64_t b) {
    if (packed_of(a) != packed_of(b)) return packed_of(a) > packed_of(b);
    if (regions_of(a) != regions_of(b)) return regions_of(a) < regions_of(b);
    if (obstructed_links_of(a) != obstructed_links_of(b)) return obstructed_links_of(a) < obstructed_links_of(b);
    return out_of_plan_of(a) < out_of_plan_of(b);
  }

  template <class Set>
  int weight(const BasicPushState<Set>& parent, std::uint64_t parent_cell, const Push* last, const Push& m,
             const BasicPushState<Set>&, std::uint64_t child_cell) const {
    if (last != nullptr && push_target(*board_, *last) == m.from) return 0;
    if (packed_of(child_cell) > packed_of(parent_cell)) return 0;
    if (out_of_plan_of(child_cell) < out_of_plan_of(parent_cell)) return 0;
    if (regions_of(child_cell) < regions_of(parent_cell)) return 0;
    if (obstructed_links_of(child_cell) < obstructed_links_of(parent_cell)) return 0;
    if (packing_advisor_ && advises(parent, m)) return 0;
    return 1;
  }

  // The packing advisor's push: it brings nearer to the plan's next goals (the empty goals of
  // the first layer not full) the box not packed that is nearest to them, in pushes with the
  // box alone on the board. One box per state: the search's cheap layer follows one plan to
  // pack the next box, where every push that brings some box nearer would weigh 0 for all.
  template <class Set>
  bool advises(const BasicPushState<Set>& parent, const Push& m) const {
    const int boxes = static_cast<int>(board_->initial_boxes().size());
    if (!std::equal(parent.box_cell.begin(), parent.box_cell.begin() + boxes, advice_key_.begin())) {
      std::copy(parent.box_cell.begin(), parent.box_cell.begin() + boxes, advice_key_.begin());
      find_advice(parent.box_cell.data(), parent.boxes);
    }
    if (advised_box_ < 0 || m.from != advised_box_) return false;
    return nearest_target(push_target(*board_, m)) < advised_distance_;
  }

  template <class Set>
  int packed(const BasicPushState<Set>& s) const {
    return packing_.progress(s.box_cell.data()).packed;
  }

  // The connected regions of the floor without the boxes. The player's area is one of them,
  // and every push keeps it (push_apply.hpp): only the floor outside it is flooded, which is
  // little (pockets the boxes cut off), where a flood of the whole floor would visit every square.
  template <class Set>
  int regions(const BasicPushState<Set>& s) const {
    Set flooded = s.reach;
    int count = 1;
    const int cells = board_->cell_count();
    for (int w = 0; w * 64 < cells; ++w) {
      std::uint64_t outside = ~(s.boxes.word_at(w) | s.reach.word_at(w));
      if (cells - w * 64 < 64) outside &= (std::uint64_t{1} << (cells - w * 64)) - 1;
      for (; outside != 0; outside &= outside - 1) {
        const int c = w * 64 + std::countr_zero(outside);
        if (flooded.test(c)) continue;
        ++count;
        flooded.set(c);
        grow_area(*board_, s.boxes, static_cast<std::uint16_t>(c), flooded);
      }
    }
    return count;
  }

  const PackingGuide& packing() const { return packing_; }

 private:
  // The box (its cell, -1: none) advises() advises and its distance to the nearest target goal.
  template <class Set>
  void find_advice(const std::uint16_t* box_cell, const Set& box_set) const {
    const int boxes = static_cast<int>(board_->initial_boxes().size());
    const int open = packing_.progress(box_cell).open_layer;
    targets_ = 0;
    const auto& goals = board_->goals();
    for (std::size_t g = 0; g < goals.size(); ++g) {
      if (packing_.layers()[g] == open && !box_set.test(goals[g])) target_[targets_++] = static_cast<int>(g);
    }
    advised_box_ = -1;
    advised_distance_ = kUnreachable;
    for (int b = 0; b < boxes; ++b) {
      const int l = packing_.layer_of_cell(box_cell[b]);
      if (l >= 0 && l <= open) continue;  // (packed)
      const int d = nearest_target(box_cell[b]);
      if (d < advised_distance_) {
        advised_distance_ = d;
        advised_box_ = box_cell[b];
      }
    }
  }
  int nearest_target(int cell) const {
    int best = kUnreachable;
    for (int t = 0; t < targets_; ++t) best = std::min(best, static_cast<int>(board_->distance(target_[t], cell)));
    return best;
  }
  // Whether `cells` is `space`, or `both` with `space` its finer one.
  static bool in(FeatureCells cells, FeatureCells space) {
    return cells == space || (cells == FeatureCells::both && space == kFinerCells);
  }
  static std::uint64_t capped(int n) { return static_cast<std::uint64_t>(std::min(n, 255)); }
  static std::array<std::uint16_t, kMaxBoxes> filled_with(std::uint16_t v) {
    std::array<std::uint16_t, kMaxBoxes> a;
    a.fill(v);
    return a;
  }
  const Board* board_;
  bool regions_;
  bool out_of_plan_;
  bool packing_advisor_;
  PackingGuide packing_;
  std::optional<RoomMap> rooms_;  // (only when the space counts room links)
  // The packing advisor's choice for the last parent it saw, whose boxes' cells advice_key_
  // holds (kNoCell, no cell, before the first: so the first parent is always looked at).
  mutable std::array<std::uint16_t, kMaxBoxes> advice_key_ = filled_with(kNoCell);
  mutable std::array<int, kMaxBoxes> target_{};
  mutable int targets_ = 0;
  mutable int advised_box_ = -1;
  mutable int advised_distance_ = kUnreachable;
};

}  // namespace hsearch::sokoban
