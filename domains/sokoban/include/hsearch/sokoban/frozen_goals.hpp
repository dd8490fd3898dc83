#pragma once
// Push distances for a board on which some boxes are frozen on their goals.
//
// A frozen box (freeze.hpp) never moves again in any solution: it is a wall for the rest of
// the level. Goal rooms are where this matters: a box frozen at the entrance cuts off the goals
// behind it, a row frozen along a wall changes which squares the pusher can stand on. The
// board's distances (board.hpp) cannot see any of it, so the matching keeps offering goals
// that no box can reach any more, and the search explores the whole f-layer below such states.
//
// For a frozen set F this builds the board's pusher-aware push distances again with F's
// cells taken out: a box may not enter them and the player may not stand on them. Each box
// on F keeps distance 0 to its own goal and can reach no other; the other boxes cannot reach
// F's goals. The side classes are found again without F's cells too: two sides of a box that
// the player could walk between only through a goal corridor F now fills are two classes, so
// a box whose pusher F has shut out of a room is as far from a goal as it really is (a box
// may have no way left to the last empty goal, and the state is a dead end at once; with the
// board's classes it kept a finite distance through the filled corridor).
//
// Every value stays a lower bound on the pushes any solution makes for that box. F never
// moves, so a box alone on the board with F's walls needs at least these pushes from any side.
// The matching looks a box's distance up by the board's side class of the player
// (Board::player_side, found without F), so an entry is the least over the sides of that class:
// the player stands in one of F's finer classes inside it. So the matching over these tables
// stays admissible (push-optimality is kept).
//
// Tables are built on first use and kept, keyed by F, up to a memory budget; past it callers
// keep the plain board's distances (weaker, still admissible).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/cell_set.hpp"

namespace hsearch::sokoban {

// Set: the cell-set width of the states (cell_set.hpp).
template <class Set>
class BasicFrozenGoalTables {
 public:
  explicit BasicFrozenGoalTables(const Board& board, std::size_t max_bytes = std::size_t{128} << 20)
      : board_(&board),
        cells_(static_cast<std::size_t>(board.cell_count())),
        goals_(board.goals().size()),
        max_tables_(tables_within(max_bytes)) {}

  // The budget for tables not built yet (tables already built stay).
  void set_max_bytes(std::size_t max_bytes) { max_tables_ = tables_within(max_bytes); }

  // What the tables and their scratch hold now (an estimate of the hash map's own nodes).
  std::size_t bytes() const {
    return tables_.size() * (table_size() * sizeof(std::uint16_t) + sizeof(std::vector<std::uint16_t>) + sizeof(Set) +
                             2 * sizeof(void*)) +
           tables_.bucket_count() * sizeof(void*) + node_dist_.capacity() * sizeof(std::uint16_t) +
           queue_.capacity() * sizeof(std::uint32_t) + side_class_.capacity() + seen_.capacity() * sizeof(std::uint32_t) +
           flood_.capacity() * sizeof(std::uint16_t);
  }

  // The distances for the frozen set `frozen` (boxes on goals), laid out as
  // Board::distances_from_side: [(cell * 4 + side) * goals + goal]. nullptr once the budget is
  // spent on other sets.
  const std::uint16_t* distances(const Set& frozen) {
    auto it = tables_.find(frozen);
    if (it != tables_.end()) return it->second.data();
    if (tables_.size() >= max_tables_) return nullptr;
    std::vector<std::uint16_t>& table = tables_[frozen];
    build(frozen, table);
    return table.data();
  }

 private:
  std::size_t table_size() const { return cells_ * 4 * goals_; }
  std::size_t tables_within(std::size_t max_bytes) const {
    return std::max<std::size_t>(1, max_bytes / (table_size() * sizeof(std::uint16_t)));
  }

  // side_class_[c * 4 + d]: the side class of direction d of cell c on the floor without F's
  // cells and c (the classes that share a number are the sides the player can walk between
  // around a box on c); -1 for a wall or a cell of F. A breadth-first flood from each
  // unclassified side, stopped once it has reached every side of c.
  void find_side_classes(const Set& frozen) {
    const Board& b = *board_;
    side_class_.assign(cells_ * 4, -1);
    seen_.resize(cells_);
    flood_.resize(cells_);
    for (std::size_t c = 0; c < cells_; ++c) {
      if (frozen.test(static_cast<int>(c))) continue;
      int open = 0;
      for (int d = 0; d < 4; ++d) {
        const std::uint16_t n = b.neighbor(static_cast<int>(c), d);
        if (n != kNoCell && !frozen.test(n)) ++open;
      }
      int classes = 0;
      for (int d = 0; d < 4; ++d) {
        const std::uint16_t n = b.neighbor(static_cast<int>(c), d);
        if (n == kNoCell || frozen.test(n) || side_class_[c * 4 + static_cast<std::size_t>(d)] >= 0) continue;
        const int k = classes++;
        if (++mark_ == 0) {  // (the marks wrapped: clear them)
          std::fill(seen_.begin(), seen_.end(), 0);
          mark_ = 1;
        }
        seen_[c] = mark_;
        seen_[n] = mark_;
        std::size_t head = 0, tail = 0;
        flood_[tail++] = n;
        int found = 0;
        while (head < tail) {
          const std::uint16_t at = flood_[head++];
          for (int e = 0; e < 4; ++e) {  // (is `at` a side of c?)
            if (b.neighbor(static_cast<int>(c), e) == at) {
              side_class_[c * 4 + static_cast<std::size_t>(e)] = static_cast<std::int8_t>(k);
              ++found;
            }
          }
          if (found == open) break;
          for (int e = 0; e < 4; ++e) {
            const std::uint16_t next = b.neighbor(at, e);
            if (next == kNoCell || seen_[next] == mark_ || frozen.test(next)) continue;
            seen_[next] = mark_;
            flood_[tail++] = next;
          }
        }
      }
    }
  }
  int side_class(int cell, int dir) const { return side_class_[static_cast<std::size_t>(cell) * 4 + static_cast<std::size_t>(dir)]; }

  void build(const Set& frozen, std::vector<std::uint16_t>& table) {
    table.assign(table_size(), kUnreachable);
    node_dist_.resize(cells_ * 4);
    queue_.resize(cells_ * 4);
    find_side_classes(frozen);
    const Board& b = *board_;
    for (std::size_t g = 0; g < goals_; ++g) {
      const int goal = b.goals()[g];
      for (std::size_t d = 0; d < 4; ++d) table[(static_cast<std::size_t>(goal) * 4 + d) * goals_ + g] = 0;
      if (frozen.test(goal)) continue;  // its box stays: no other box can come
      // Backwards from the goal over (cell, side class) nodes, as Board::analyse does.
      std::fill(node_dist_.begin(), node_dist_.end(), kUnreachable);
      std::size_t head = 0, tail = 0;
      for (int d = 0; d < 4; ++d) {
        const int k = side_class(goal, d);
        const std::size_t node = static_cast<std::size_t>(goal) * 4 + static_cast<std::size_t>(k);
        if (k >= 0 && node_dist_[node] != 0) {
          node_dist_[node] = 0;
          queue_[tail++] = static_cast<std::uint32_t>(node);
        }
      }
      while (head < tail) {
        const std::uint32_t node = queue_[head++];
        const int u = static_cast<int>(node / 4);
        const int k = static_cast<int>(node % 4);
        // The push that ends with the box on u and the player on u's side k came from
        // t = u's neighbour on that side, the player standing beyond t.
        for (int d = 0; d < 4; ++d) {
          const int back = opposite(d);
          if (side_class(u, back) != k) continue;
          const std::uint16_t t = b.neighbor(u, back);
          if (t == kNoCell || frozen.test(t)) continue;
          const std::uint16_t p = b.neighbor(t, back);
          if (p == kNoCell || frozen.test(p)) continue;
          const std::size_t prev = static_cast<std::size_t>(t) * 4 + static_cast<std::size_t>(side_class(t, back));
          if (node_dist_[prev] != kUnreachable) continue;
          node_dist_[prev] = static_cast<std::uint16_t>(node_dist_[node] + 1);
          queue_[tail++] = static_cast<std::uint32_t>(prev);
        }
      }
      for (std::size_t c = 0; c < cells_; ++c) {
        if (frozen.test(static_cast<int>(c)) || static_cast<int>(c) == goal) continue;
        // The player's side is looked up by the board's classes: the least over the sides of
        // the board's class (each in one of F's classes, or a cell of F).
        for (int d = 0; d < 4; ++d) {
          const int k = b.side_class(static_cast<int>(c), d);
          if (k < 0) continue;
          std::uint16_t best = kUnreachable;
          for (int e = 0; e < 4; ++e) {
            const int f = side_class(static_cast<int>(c), e);
            if (f >= 0 && b.side_class(static_cast<int>(c), e) == k) {
              best = std::min(best, node_dist_[c * 4 + static_cast<std::size_t>(f)]);
            }
          }
          table[(c * 4 + static_cast<std::size_t>(d)) * goals_ + g] = best;
        }
      }
    }
  }

  struct Hash {
    std::size_t operator()(const Set& s) const {
      std::uint64_t h = 0x9E3779B97F4A7C15ULL;
      for (int i = 0; i < Set::kWords; ++i) h = (h ^ s.word_at(i)) * 0xBF58476D1CE4E5B9ULL;
      return static_cast<std::size_t>(h ^ (h >> 31));
    }
  };

  const Board* board_;
  std::size_t cells_;
  std::size_t goals_;
  std::size_t max_tables_;
  std::unordered_map<Set, std::vector<std::uint16_t>, Hash> tables_;
  std::vector<std::uint16_t> node_dist_;  // BFS scratch, reused
  std::vector<std::uint32_t> queue_;
  std::vector<std::int8_t> side_class_;  // find_side_classes' result, and its scratch:
  std::vector<std::uint32_t> seen_;
  std::vector<std::uint16_t> flood_;
  std::uint32_t mark_ = 0;
};

using FrozenGoalTables = BasicFrozenGoalTables<CellSet>;

}  // namespace hsearch::sokoban
