#pragma once
// The game's deadlock warning: is the position on the screen lost? Only the solver's own exact
// tests are used, so the warning never claims a deadlock the solver would not prove:
//   * a box off its goal on a dead cell (board.hpp: no goal reachable by pushes, pusher-aware);
//   * a freeze deadlock (freeze.hpp: frozen boxes off their goals);
//   * a frozen corral (corral.hpp: a region the player cannot enter that can never change);
//   * no box-goal matching (SokobanDomain's lower bound is "dead end": some box can reach no
//     goal that the others leave free).
// Each of these keeps the solver push-optimal, i.e. each only fires on positions from which no
// solution exists. They are not complete: a lost position may get no warning (the hint then
// says "no solution from here" once the search has proven it).
#include <string>
#include <vector>

#include "hsearch/core/cost.hpp"
#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/cell_set.hpp"
#include "hsearch/sokoban/corral.hpp"
#include "hsearch/sokoban/freeze.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"

namespace hsearch::sokoban::game {

enum class DeadlockKind { none, dead_square, frozen, corral, matching };

struct DeadlockReport {
  DeadlockKind kind = DeadlockKind::none;
  // Squares (row, col) of the boxes the test points at (empty for the matching).
  std::vector<std::pair<int, int>> boxes;
  bool any() const { return kind != DeadlockKind::none; }
  std::string message() const {
    switch (kind) {
      case DeadlockKind::dead_square: return "deadlock: a box is on a square from which no goal can be reached";
      case DeadlockKind::frozen: return "deadlock: boxes are frozen off their goals";
      case DeadlockKind::corral: return "deadlock: boxes closed off an area that can never change";
      case DeadlockKind::matching: return "deadlock: the boxes cannot all reach goals of their own (the solver's bound)";
      case DeadlockKind::none: break;
    }
    return "";
  }
};

// `grid`: the position's XSB rows (the level's walls and goals, boxes and player where they
// are now); `board`: the analysis of the same level (its cells do not depend on where the boxes
// and the player stand).
// The tests run on the cell-set width the solver would pick for the level (cell_set.hpp).
template <class Set>
DeadlockReport find_deadlock_with(const Board& board, const std::vector<std::string>& grid, int pr, int pc) {
  DeadlockReport report;
  Set boxes;
  std::vector<int> box_cells;
  for (int r = 0; r < static_cast<int>(grid.size()); ++r) {
    for (int c = 0; c < static_cast<int>(grid[static_cast<std::size_t>(r)].size()); ++c) {
      const char ch = grid[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      const std::uint16_t cell = board.cell_at(r, c);
      // Boxes outside the player's area are walled-off scenery already on goals.
      if ((ch == '$' || ch == '*') && cell != kNoCell) {
        boxes.set(cell);
        box_cells.push_back(cell);
      }
    }
  }
  const std::uint16_t player = board.cell_at(pr, pc);
  if (player == kNoCell) return report;  // cannot happen for a position of this level
  auto flag = [&](DeadlockKind kind, int cell) {
    report.kind = kind;
    report.boxes.emplace_back(board.row(cell), board.col(cell));
  };
  for (int c : box_cells)
    if (!board.is_live(c)) flag(DeadlockKind::dead_square, c);
  if (report.any()) return report;
  for (int c : box_cells)
    if (frozen_deadlock(board, boxes, c)) flag(DeadlockKind::frozen, c);
  if (report.any()) return report;

  // The solver's state for this position: the player's reach (for the corral test) and the
  // matching (for the lower bound). unpack() floods from the player's square.
  const BasicSokobanDomain<Set> domain(board);
  typename BasicSokobanDomain<Set>::Key key;
  key.boxes = boxes;
  key.player = player;
  typename BasicSokobanDomain<Set>::State state = domain.unpack(key);
  const bool every_goal_needed = domain.box_count() == static_cast<int>(board.goals().size());
  for (int c : box_cells)
    if (frozen_corral(board, boxes, state.reach, c, every_goal_needed)) flag(DeadlockKind::corral, c);
  if (report.any()) return report;
  if (is_dead_end(domain.full_bound(state))) report.kind = DeadlockKind::matching;
  return report;
}

inline DeadlockReport find_deadlock(const Board& board, const std::vector<std::string>& grid, int pr, int pc) {
  return with_cell_set_for(board.cell_count(), [&]<class Set>(Set) {
    return find_deadlock_with<Set>(board, grid, pr, pc);
  });
}

}  // namespace hsearch::sokoban::game
