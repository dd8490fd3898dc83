#pragma once
// Sokoban's feature space and advisors for the feature-space search
// (framework/include/hsearch/search/feature_space_search.hpp), after FESS's features:
//
// - packing: the boxes packed in the goals' fill order (packing_order.hpp's PackingGuide);
// - connectivity: into how many regions the boxes cut the free floor (one region: the player
//   can walk everywhere the boxes are not).
//
// A cell is (packing, connectivity), or packing alone (FeatureCells::packing). The coarser space
// has a tenth as many cells or fewer, so the search's turns go mostly to how far the packing has
// come; it solves levels the finer one does not, and the other way round (docs/sokoban.md), so
// the anytime solver runs one of each in turn (FeatureCells::both).
//
// A push weighs 0 when an advisor recommends it, 1 otherwise:
// - it pushes again the box the last push moved (a box's whole journey, a macro move, costs what
//   its first push costs);
// - it packs one more box;
// - it joins regions of the floor (connectivity drops).
// Nothing here is admissible or claims to be: the search that uses it looks for a solution,
// never an optimal one.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/packing_order.hpp"
#include "hsearch/sokoban/push_state.hpp"

namespace hsearch::sokoban {

// What makes a cell of the feature space; `both`: two searches, one over each (solver.hpp).
enum class FeatureCells { packing_connectivity, packing, both };

inline const char* feature_cells_name(FeatureCells cells) {
  switch (cells) {
    case FeatureCells::packing_connectivity: return "packing-connectivity";
    case FeatureCells::packing: return "packing";
    case FeatureCells::both: return "both";
  }
  return "?";
}

inline FeatureCells parse_feature_cells(const std::string& name) {
  for (const FeatureCells c : {FeatureCells::both, FeatureCells::packing, FeatureCells::packing_connectivity}) {
    if (name == feature_cells_name(c)) return c;
  }
  throw std::invalid_argument("--feature-cells " + name + ": sokoban offers both, packing, packing-connectivity");
}

class PushFeatures {
 public:
  // (`both` is not one space: it is taken as packing_connectivity here.)
  explicit PushFeatures(const Board& board, FeatureCells cells = FeatureCells::packing_connectivity)
      : board_(&board),
        packing_only_(cells == FeatureCells::packing),
        boxes_(static_cast<int>(board.initial_boxes().size())),
        packing_(board),
        seen_(static_cast<std::size_t>(board.cell_count()), 0) {
    stack_.reserve(static_cast<std::size_t>(board.cell_count()));
  }

  // packing << 16 | connectivity (0 when the cells are the packing alone: then no push counts as
  // joining regions either).
  template <class Set>
  std::uint64_t cell(const BasicPushState<Set>& s) const {
    if (packing_only_) return static_cast<std::uint64_t>(packed(s)) << 16;
    return static_cast<std::uint64_t>(packed(s)) << 16 | static_cast<std::uint64_t>(regions(s.boxes));
  }
  static int packed_of(std::uint64_t cell) { return static_cast<int>(cell >> 16); }
  static int regions_of(std::uint64_t cell) { return static_cast<int>(cell & 0xFFFF); }

  template <class Set>
  int weight(const BasicPushState<Set>&, std::uint64_t parent_cell, const Push* last, const Push& m,
             const BasicPushState<Set>&, std::uint64_t child_cell) const {
    if (last != nullptr && board_->neighbor(last->from, last->dir) == m.from) return 0;
    if (packed_of(child_cell) > packed_of(parent_cell)) return 0;
    if (regions_of(child_cell) < regions_of(parent_cell)) return 0;
    return 1;
  }

  template <class Set>
  int packed(const BasicPushState<Set>& s) const {
    return boxes_ - packing_.unpacked(s.box_cell.data());
  }

  // The connected regions of the floor without the boxes.
  template <class Set>
  int regions(const Set& boxes) const {
    ++mark_;
    if (mark_ == 0) {  // (the marks wrapped: clear them)
      std::fill(seen_.begin(), seen_.end(), 0);
      mark_ = 1;
    }
    int count = 0;
    for (int c = 0; c < board_->cell_count(); ++c) {
      if (seen_[static_cast<std::size_t>(c)] == mark_ || boxes.test(c)) continue;
      ++count;
      seen_[static_cast<std::size_t>(c)] = mark_;
      stack_.push_back(static_cast<std::uint16_t>(c));
      while (!stack_.empty()) {
        const int at = stack_.back();
        stack_.pop_back();
        for (int d = 0; d < 4; ++d) {
          const std::uint16_t n = board_->neighbor(at, d);
          if (n == kNoCell || seen_[n] == mark_ || boxes.test(n)) continue;
          seen_[n] = mark_;
          stack_.push_back(n);
        }
      }
    }
    return count;
  }

  const PackingGuide& packing() const { return packing_; }

 private:
  const Board* board_;
  bool packing_only_;
  int boxes_;
  PackingGuide packing_;
  // Scratch for regions(): one search at a time per object.
  mutable std::vector<std::uint32_t> seen_;
  mutable std::vector<std::uint16_t> stack_;
  mutable std::uint32_t mark_ = 0;
};

}  // namespace hsearch::sokoban
