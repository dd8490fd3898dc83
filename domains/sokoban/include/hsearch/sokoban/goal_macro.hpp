#pragma once
// Goal macros (the reference thesis, 12.1, after Junghanns and Schaeffer): beside a state's
// ordinary pushes, a box that its own pushes alone (the other boxes standing still) can take
// onto one of the most enclosed empty goals gets one more move that does so, costing all its
// pushes. "Most enclosed" is Demaret's goal ranking (move_ordering.hpp's goal_enclosure: walls
// and boxes among a goal's four neighbours): only the empty goals of the highest rank are
// targets, so corners fill first and a macro does not wall the rest of a goal room off.
//
// Why no optimal solution is lost: nothing is taken away. A macro is offered beside the
// ordinary pushes, and it leads where the same pushes made one by one lead, at their cost; the
// cheapest cost from every state is therefore what it was, and so is every state's lower bound
// and its admissibility. (A* may reach a state sooner through a macro; its reopening and its
// rule of taking a goal only when nothing open is ordered below it are unchanged.) A macro
// starts with one of the pushes the state offers (after PI-corral pruning), so a PI-corral
// that restricts a state's pushes restricts its macros too.
//
// What it buys: within the last f layer, a state with a box on its goal in one expansion
// instead of one per push. What it costs: a breadth-first search over each movable box's
// pushes per expansion, which mostly tells the player's sides of a square apart by looking at
// the squares around it.
//
// A macro is a Push whose `to` names the goal and whose `dir` is its last push's direction (the
// player ends behind the box on that side). The pushes themselves are not stored:
// goal_macro_pushes() finds them again, the same number, to write the solution out.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/move_ordering.hpp"
#include "hsearch/sokoban/push_apply.hpp"
#include "hsearch/sokoban/push_state.hpp"

namespace hsearch::sokoban {

// The breadth-first search over the pushes of one box, the others standing still. A node is
// (the box's square, the side the player stands on: a direction from the box); the nodes of one
// square whose sides the player can walk between count as one (sides_joined). Arrays of fixed
// size, made once (the domain holds one walk): no allocation per walk.
template <class Set>
class OneBoxWalk {
 public:
  static constexpr int kNodes = Set::kCapacity * 4;
  static constexpr std::uint16_t kNoNode = 0xFFFF;
  // A macro's pushes fit its `steps`.
  static constexpr int kMaxPushes = 255;

  // Walks the box on `from` among `boxes` (which hold it), starting with one push in each of
  // `first` (count `n`: directions whose push the player can make now). Calls
  // visit(square, side, pushes, joined) for each node in order of pushes, where joined[d] tells
  // whether the player can walk to the box's side d; stops when visit returns true (then path()
  // leads to that node).
  template <class Visit>
  void run(const Board& board, const Set& boxes, std::uint16_t from, const std::uint8_t* first, int n, Visit&& visit) {
    for (auto& s : queued_) s.clear();
    for (auto& s : done_) s.clear();
    stopped_ = kNoNode;
    cuts_ready_ = false;
    Set others = boxes;
    others.reset(from);
    int tail = 0;
    for (int i = 0; i < n; ++i) {
      const int d = first[i];
      const std::uint16_t c = board.neighbor(from, d);
      enqueue(c, opposite(d), kNoNode, tail);
    }
    int head = 0;
    for (int pushes = 1; head < tail && pushes <= kMaxPushes; ++pushes) {
      for (const int level_end = tail; head < level_end; ++head) {
        const std::uint16_t node = queue_[static_cast<std::size_t>(head)];
        const std::uint16_t c = static_cast<std::uint16_t>(node / 4);
        const int side = node % 4;
        if (done_[static_cast<std::size_t>(side)].test(c)) continue;
        const std::array<bool, 4> joined = sides_joined(board, others, c, side);
        for (int k = 0; k < 4; ++k)
          if (joined[static_cast<std::size_t>(k)]) done_[static_cast<std::size_t>(k)].set(c);
        if (visit(c, side, pushes, joined)) {
          stopped_ = node;
          return;
        }
        for (int d = 0; d < 4; ++d) {
          const std::uint16_t ahead = board.neighbor(c, d);
          if (!joined[static_cast<std::size_t>(opposite(d))] || ahead == kNoCell || others.test(ahead) || !board.is_live(ahead))
            continue;
          enqueue(ahead, opposite(d), node, tail);
        }
      }
    }
  }

  // The pushes that led to the node visit stopped at, first to last (empty when it did not stop).
  std::vector<Push> path(const Board& board) const {
    if (stopped_ == kNoNode) return {};
    std::array<Push, kMaxPushes> pushes;
    const int n = path_to(board, static_cast<std::uint16_t>(stopped_ / 4), stopped_ % 4, pushes);
    return {pushes.begin(), pushes.begin() + n};
  }

  // The pushes that led to the node (square c, player's side `side`) the walk has visited,
  // first to last, written to `out`; returns how many. Valid during the walk's visit of that
  // node and after it, until the next run.
  int path_to(const Board& board, std::uint16_t c, int side, std::array<Push, kMaxPushes>& out) const {
    int n = 0;
    for (std::uint16_t node = static_cast<std::uint16_t>(c * 4 + side); node != kNoNode; node = parent_[node]) ++n;
    int i = n;
    for (std::uint16_t node = static_cast<std::uint16_t>(c * 4 + side); node != kNoNode; node = parent_[node]) {
      // The push that brought the box onto its square from the player's side of it.
      const int at = node % 4;
      out[static_cast<std::size_t>(--i)] =
          Push{board.neighbor(static_cast<std::uint16_t>(node / 4), at), static_cast<std::uint8_t>(opposite(at))};
    }
    return n;
  }

 private:
  // The sides of the box on `c` (`others`: the other boxes) that the player on side `side` can
  // walk to: true for `side` itself. Mostly decided around `c` alone: two sides on one run of
  // free squares of its ring of eight are joined; two sides of different side classes on the
  // empty board (Board::side_class) are not, as boxes only cut the floor further. What is left
  // is asked of the cut squares of the floor among `others` (cut_apart).
  std::array<bool, 4> sides_joined(const Board& board, const Set& others, std::uint16_t c, int side) {
    const auto& ring = board.ring(c);
    std::array<int, 8> run{};
    int gap = -1;
    for (int i = 0; i < 8; ++i) {
      const std::uint16_t r = ring[static_cast<std::size_t>(i)];
      const bool free = r != kNoCell && !others.test(r);
      run[static_cast<std::size_t>(i)] = free ? 0 : -1;
      if (!free && gap < 0) gap = i;
    }
    if (gap >= 0) {
      int id = 0;
      bool in_run = false;
      for (int k = 1; k <= 8; ++k) {
        const auto i = static_cast<std::size_t>((gap + k) % 8);
        if (run[i] < 0) {
          in_run = false;
        } else {
          if (!in_run) ++id, in_run = true;
          run[i] = id;
        }
      }
    }
    std::array<bool, 4> joined{};
    joined[static_cast<std::size_t>(side)] = true;
    const int own_run = run[static_cast<std::size_t>(2 * side)];
    for (int d = 0; d < 4; ++d) {
      const int r = run[static_cast<std::size_t>(2 * d)];
      if (d == side || r < 0) continue;
      if (r == own_run) {
        joined[static_cast<std::size_t>(d)] = true;
      } else if (board.side_class(c, d) == board.side_class(c, side)) {
        if (!cuts_ready_) find_cuts(board, others);
        joined[static_cast<std::size_t>(d)] = piece(board, c, board.neighbor(c, d)) == piece(board, c, board.neighbor(c, side));
      }
    }
    return joined;
  }

  // A depth-first search over the floor among `others` (the walking box taken off), recording
  // for each square its discovery number, the lowest number its subtree reaches by one back
  // edge, the last number in its subtree, its parent and its component: Tarjan's cut squares,
  // once per walk, after which whether the box on a square cuts two of its sides apart is
  // a few lookups (piece). Iterative, in the walk's arrays.
  void find_cuts(const Board& board, const Set& others) {
    cuts_ready_ = true;
    const int cells = board.cell_count();
    for (int v = 0; v < cells; ++v) disc_[static_cast<std::size_t>(v)] = 0;
    std::uint16_t counter = 0;
    std::uint16_t component = 0;
    for (int root = 0; root < cells; ++root) {
      if (others.test(root) || disc_[static_cast<std::size_t>(root)] != 0) continue;
      ++component;
      int top = 0;
      const auto open = [&](std::uint16_t v, std::uint16_t parent) {
        disc_[v] = low_[v] = ++counter;
        up_[v] = parent;
        comp_[v] = component;
        stack_[static_cast<std::size_t>(top)] = v;
        next_dir_[static_cast<std::size_t>(top++)] = 0;
      };
      open(static_cast<std::uint16_t>(root), kNoCell);
      while (top > 0) {
        const std::uint16_t v = stack_[static_cast<std::size_t>(top - 1)];
        std::uint8_t& d = next_dir_[static_cast<std::size_t>(top - 1)];
        if (d < 4) {
          const std::uint16_t w = board.neighbor(v, d++);
          if (w == kNoCell || others.test(w)) continue;
          if (disc_[w] == 0) {
            open(w, v);
          } else if (w != up_[v]) {
            low_[v] = std::min(low_[v], disc_[w]);
          }
          continue;
        }
        last_[v] = counter;
        --top;
        if (up_[v] != kNoCell) low_[up_[v]] = std::min(low_[up_[v]], low_[v]);
      }
    }
  }

  // Which part of the floor square x (beside c) falls in once a box stands on c: the child
  // subtree of c that holds x when nothing in that subtree reaches above c, else the rest of
  // c's component (kNoCell); a square of another component is its own part.
  std::uint32_t piece(const Board& board, std::uint16_t c, std::uint16_t x) const {
    if (comp_[x] != comp_[c]) return 0x10000u + comp_[x];
    for (int d = 0; d < 4; ++d) {
      const std::uint16_t v = board.neighbor(c, d);
      if (v == kNoCell || disc_[v] == 0 || up_[v] != c || comp_[v] != comp_[c]) continue;
      if (disc_[v] <= disc_[x] && disc_[x] <= last_[v]) return low_[v] >= disc_[c] ? v : kNoCell;
    }
    return kNoCell;
  }

  void enqueue(std::uint16_t c, int side, std::uint16_t parent, int& tail) {
    auto& q = queued_[static_cast<std::size_t>(side)];
    if (q.test(c) || done_[static_cast<std::size_t>(side)].test(c)) return;
    q.set(c);
    const auto node = static_cast<std::uint16_t>(c * 4 + side);
    parent_[node] = parent;
    queue_[static_cast<std::size_t>(tail++)] = node;
  }

  std::array<Set, 4> queued_, done_;
  std::array<std::uint16_t, kNodes> queue_;
  std::array<std::uint16_t, kNodes> parent_;
  std::uint16_t stopped_ = kNoNode;
  // find_cuts's tables, by square.
  bool cuts_ready_ = false;
  std::array<std::uint16_t, Set::kCapacity> disc_, low_, last_, up_, comp_, stack_;
  std::array<std::uint8_t, Set::kCapacity> next_dir_;
};

// The goals a macro may end on in `s`: the empty goals of the highest enclosure rank.
template <class Set>
Set goal_macro_targets(const Board& board, const Set& boxes) {
  Set targets;
  int best = -1;
  for (const std::uint16_t g : board.goals()) {
    if (boxes.test(g)) continue;
    const int rank = goal_enclosure(board, boxes, kNoCell, g);
    if (rank > best) targets.clear(), best = rank;
    if (rank == best) targets.set(g);
  }
  return targets;
}

// Calls f(macro) for each goal macro of the box on `from` in state `s`, whose offered pushes
// (legal, PI-corral pruning passed) go in the directions `first` (count `n`): one per target
// goal the box's pushes reach, by the fewest pushes, when that is two pushes or more (one push
// is an ordinary move already offered).
template <class Set, class F>
void for_each_goal_macro(const Board& board, const BasicPushState<Set>& s, const Set& targets, std::uint16_t from,
                         const std::uint8_t* first, int n, OneBoxWalk<Set>& walk, F&& f) {
  // The targets a lone box could reach from here (the board's push distances from the player's
  // side): the walk stops once it has reached them all, and does not start for none.
  int left = 0;
  targets.for_each([&](int g) { left += board.distance_with_player(board.goal_index(g), from, s.player) != kUnreachable; });
  if (left == 0) return;
  Set reached;
  walk.run(board, s.boxes, from, first, n, [&](std::uint16_t c, int side, int pushes, const std::array<bool, 4>&) {
    if (!targets.test(c) || reached.test(c)) return false;
    reached.set(c);
    if (pushes >= 2) {
      Push m{from, static_cast<std::uint8_t>(opposite(side)), static_cast<std::uint8_t>(pushes)};
      m.to = c;
      f(m);
    }
    return --left == 0;
  });
}

// The single pushes of the goal macro `m` made among `boxes` with the player's area `reach`
// (the state it is offered in), first to last; throws std::logic_error when they cannot be
// found with m.steps pushes (a plan that does not fit the level: a bug upstream).
// The search walked from the pushes the state offered, which PI-corral pruning may have cut
// down; a push it withheld might reach the goal in fewer pushes. So each first push is walked
// from alone, and the first whose walk reaches the goal, the player on the macro's side, in
// exactly m.steps pushes gives them (the one the search's walk took does).
template <class Set>
std::vector<Push> goal_macro_pushes(const Board& board, const Set& boxes, const Set& reach, const Push& m) {
  auto walk = std::make_unique<OneBoxWalk<Set>>();
  for (int d = 0; d < 4; ++d) {
    if (!can_push(board, boxes, reach, m.from, d)) continue;
    const auto first = static_cast<std::uint8_t>(d);
    int found = -1;
    walk->run(board, boxes, m.from, &first, 1, [&](std::uint16_t c, int, int pushes, const std::array<bool, 4>& joined) {
      // The player ends behind the last push, on the side opposite its direction.
      if (c != m.to || !joined[static_cast<std::size_t>(opposite(m.dir))]) return false;
      found = pushes;
      return true;
    });
    if (found == m.steps) return walk->path(board);
  }
  throw std::logic_error("a goal macro's pushes cannot be found again");
}

}  // namespace hsearch::sokoban
