#pragma once
// Learned sub-states and what they cost (Junghanns's pattern search). A pattern
// is a set P of box cells with the player's zone Z on the board that holds only P's boxes, and
// the exact number c(P) of pushes that brings those boxes alone onto goals (any goals) with
// the player starting in Z; c(P) is infinite when they cannot all get there: a deadlock.
//
// Why the bound stays admissible. Take a state S whose boxes include P and whose player stands
// in Z. Replay any solution of S with every box outside P removed: the player's walks stay
// legal (fewer obstacles), a push of a removed box becomes a step, a push of a P box stays
// legal (its target square was free with more boxes around), and P's boxes end on goals. So
// the solution pushes P's boxes at least c(P) times. For disjoint patterns P1..Pk matched in S
// and the other boxes R, pushes of different boxes are different pushes, and the boxes of R
// end on distinct goals, each at least its push distance (from the side the player reaches)
// away:   pushes >= c(P1) + ... + c(Pk) + M(R),   M = minimum-cost matching of R to the goals.
// The table's bound is the larger of that sum, the whole state's matching, and the dual bound
// below. (Adding penalties c(P) - M(P) to the whole matching instead, as pattern databases of
// this kind usually do, needs extra goal-subset checks to stay admissible.)
//
// The dual bound, for patterns that know their cost per goal set (goal_set_costs.hpp). The
// sum above charges the rest R a matching onto all goals, even those P's boxes must take, and
// so often loses to the whole matching. The state's matching has dual potentials u (boxes)
// and v (goals) with u(b) + v(g) <= cost(b, g), and its value M is the sum of all of them. In
// a solution, P's boxes end on some goal set G, in at least c(P -> G) pushes, and R's boxes
// end on goals outside G: a matching of R to the goals outside G, which by the potentials'
// inequality costs at least M - u(P) - v(G). So
//     pushes >= M + min over G of [ c(P -> G) - u(P) - v(G) ],
// and for disjoint patterns P1..Pk (their goal sets are disjoint too) the terms add up. A goal
// set not listed costs at least the list's floor, and its v(G) is at most the sum of the |P|
// largest potentials of goals.
//
// A pattern may also hold walls: a set W of boxes frozen on goals (freeze.hpp) that stood
// beside P when it was searched, searched with P as boxes that never move, so c(P) is the cost
// of P's boxes on the board where W's squares are walls. W is frozen among P's and W's boxes
// alone (every box of W blocked by walls, dead cells or boxes of that frozen set), so in every
// state S that holds P and W, W never moves: replaying S's solution with the boxes outside P
// and W removed keeps W where it is, and P's boxes still need c(P) pushes. The pattern matches S when S holds P and W; only P's
// boxes count as its own (disjointness, the pushes summed), so patterns that share walls still
// add up, and W's boxes, on their goals at push distance 0, stay in the rest R.
//
// A state's player is normalised to the smallest cell of its area, and its area lies inside
// one zone of the board holding only P's and W's boxes, so "S's player is in Z" is a one-bit
// test.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <functional>
#include <vector>

#include "hsearch/core/cost.hpp"
#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/cell_set.hpp"
#include "hsearch/sokoban/goal_set_costs.hpp"
#include "hsearch/sokoban/hungarian.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"

namespace hsearch::sokoban {

// Set: the cell-set width of the states (cell_set.hpp).
template <class Set>
class BasicPenaltyTable {
 public:
  using State = BasicPushState<Set>;
  using Cost = PushCost;

  static constexpr std::int32_t kDeadlock = -1;  // Pattern::cost of a deadlock

  struct Pattern {
    Set boxes;
    Set walls;  // W: boxes frozen on goals that the pattern needs in the state too (none: empty)
    Set zone;
    std::int32_t cost = 0;     // c(P), or kDeadlock
    std::int32_t penalty = 0;  // c(P) - M(P): what it adds over the pattern's own matching
    int size = 0;              // number of boxes
    // Its costs per goal set (set_goal_sets): sets_[sets_begin, sets_begin + sets_count),
    // cheapest first, and what every goal set not listed costs at least (0: no list).
    std::uint32_t sets_begin = 0;
    std::uint32_t sets_count = 0;
    std::int32_t sets_floor = 0;
  };

  BasicPenaltyTable(const Board& board, int goal_count)
      : board_(&board), goals_(goal_count), by_first_cell_(static_cast<std::size_t>(board.cell_count())) {}

  // Records a pattern; `matching` is M(P) (ignored for a deadlock), with `walls` W the boxes
  // frozen on goals it was searched beside (their pushes, none, are in neither). Returns its
  // number.
  std::size_t add(const Set& boxes, const Set& zone, std::int32_t cost, std::int32_t matching, const Set& walls = {}) {
    Pattern p;
    p.boxes = boxes;
    p.walls = walls;
    p.zone = zone;
    p.cost = cost;
    p.penalty = cost == kDeadlock ? 0 : cost - matching;
    p.size = boxes.count();
    by_first_cell_[static_cast<std::size_t>(boxes.first())].push_back({boxes | walls, static_cast<std::uint32_t>(patterns_.size())});
    patterns_.push_back(p);
    (cost == kDeadlock ? deadlocks_ : penalties_) += 1;
    return patterns_.size() - 1;
  }

  // Pattern `id`'s costs per goal set (goal_set_costs.hpp), for the dual bound.
  void set_goal_sets(std::size_t id, const GoalSetCosts& costs) {
    Pattern& p = patterns_[id];
    p.sets_begin = static_cast<std::uint32_t>(sets_.size());
    p.sets_count = static_cast<std::uint32_t>(costs.sets.size());
    p.sets_floor = costs.floor;
    sets_.insert(sets_.end(), costs.sets.begin(), costs.sets.end());
    ++with_goal_sets_;
  }
  std::size_t with_goal_sets() const { return with_goal_sets_; }

  std::size_t deadlocks() const { return deadlocks_; }
  std::size_t penalties() const { return penalties_; }
  std::size_t size() const { return patterns_.size(); }
  const std::vector<Pattern>& patterns() const { return patterns_; }
  // What the patterns and their index hold (each index list taken at one slot per pattern,
  // doubled for the lists' spare capacity).
  std::size_t bytes() const {
    return patterns_.capacity() * sizeof(Pattern) + by_first_cell_.size() * sizeof(std::vector<IndexEntry>) +
           patterns_.size() * 2 * sizeof(IndexEntry) + sets_.capacity() * sizeof(GoalSetCost);
  }

  // The bound for `s`, whose h is its whole matching: dead_end when a deadlock pattern matches,
  // else the larger of h, c(P1) + ... + c(Pk) + M(rest) over disjoint matched patterns chosen
  // greedily by penalty (largest first, then fewest boxes), and the dual bound (dual_bound).
  Cost bound(const State& s, int box_count) const {
    Found found;
    const int n = matched(s, found);
    if (n < 0) return dead_end<Cost>();
    if (n == 0) return s.h;
    const Cost h = std::max(s.h, dual_bound(s, box_count, found, n));
    // What the state's own matching assigns to each box: the sum over the boxes outside the
    // chosen patterns is a feasible matching of them, so an upper bound on M(rest). When the
    // patterns cost no more than the matching gives their boxes, the sum cannot beat h.
    std::array<std::int32_t, Set::kCapacity> assigned_at{};
    for (int i = 0; i < box_count; ++i) {
      const std::size_t b = static_cast<std::size_t>(i);
      const std::uint16_t d = s.goal_costs(b, static_cast<std::size_t>(goals_))[s.match.col_of_row[b]];
      assigned_at[s.box_cell[b]] = static_cast<std::int32_t>(d);
    }
    Set used;
    std::int64_t sum = 0, gain = 0;
    for (int k = 0; k < n; ++k) {
      const Pattern& p = patterns_[found[static_cast<std::size_t>(k)]];
      bool disjoint = true;
      p.boxes.for_each([&](int c) { disjoint = disjoint && !used.test(c); });
      if (!disjoint) continue;
      std::int64_t given = 0;
      p.boxes.for_each([&](int c) {
        used.set(c);
        given += assigned_at[static_cast<std::size_t>(c)];
      });
      sum += p.cost;
      gain += p.cost - given;
    }
    // The patterns' costs with the rest's own assignment are a feasible solution of the
    // re-matching below, so it gives at most s.h + gain: when that cannot beat h, skip it.
    if (gain <= 0 || s.h + gain <= h) return h;
    // The rest: a matching of the unused boxes to all goals. Warm start from the state's own
    // optimal matching: the pattern boxes' rows become dummy rows of cost 0 one at a time, each
    // change followed by reassign_row's O(n^2) re-insertion of that row.
    // Each row's costs are found once (nullptr: a row of zeros), not at each of the Hungarian
    // method's O(n^2) reads per re-inserted row.
    std::array<const std::uint16_t*, kMaxBoxes> row_costs{};  // the dummy rows stay nullptr
    for (int i = 0; i < box_count; ++i) {
      const std::size_t b = static_cast<std::size_t>(i);
      row_costs[b] = s.goal_costs(b, static_cast<std::size_t>(goals_));
    }
    struct {
      const std::array<const std::uint16_t*, kMaxBoxes>* rows;
      PushDistanceRow row(int row) const { return {(*rows)[static_cast<std::size_t>(row)]}; }
      std::int32_t operator()(int row, int col) const { return this->row(row)[col]; }
    } cost{&row_costs};
    Assignment<kMaxBoxes> a = s.match;
    for (int i = 0; i < box_count; ++i) {
      if (!used.test(s.box_cell[static_cast<std::size_t>(i)])) continue;
      row_costs[static_cast<std::size_t>(i)] = nullptr;
      reassign_row(a, goals_, i, cost);
    }
    const std::int64_t total = sum + assignment_cost(a, goals_, cost);
    if (total >= kNoPushPathCost) return dead_end<Cost>();
    return std::max<Cost>(h, static_cast<Cost>(total));
  }

  static constexpr int kMaxPatternsPerState = 64;
  using Found = std::array<std::uint32_t, kMaxPatternsPerState>;

  // The patterns with a penalty that `s` holds, largest penalty first (then fewest boxes), in
  // `found`: how many, or -1 when a deadlock pattern matches.
  int matched(const State& s, Found& found) const {
    int n = 0;
    // The boxes by square, not by row (see the sort below).
    for (int w = 0; w < Set::kWords; ++w) {
      for (std::uint64_t x = s.boxes.word_at(w); x != 0; x &= x - 1) {
        const int c = w * 64 + std::countr_zero(x);
        for (const IndexEntry& e : by_first_cell_[static_cast<std::size_t>(c)]) {
          if (!e.held.subset_of(s.boxes)) continue;
          const std::uint32_t id = e.id;
          const Pattern& p = patterns_[id];
          if (!p.zone.test(s.player)) continue;
          if (p.cost == kDeadlock) return -1;
          if (p.penalty > 0 && n < kMaxPatternsPerState) found[static_cast<std::size_t>(n++)] = id;
        }
      }
    }
    std::sort(found.begin(), found.begin() + n, [&](std::uint32_t a, std::uint32_t b) {
      const Pattern& x = patterns_[a];
      const Pattern& y = patterns_[b];
      // (then by number: the choice must not follow the order of the state's rows of boxes,
      // which differs between a state generated and the same state rebuilt from its key)
      if (x.penalty != y.penalty) return x.penalty > y.penalty;
      return x.size != y.size ? x.size < y.size : a < b;
    });
    return n;
  }

  // The dual bound alone (0 when it adds nothing to the matching): what the patterns' goal
  // sets give, for tests and measurements.
  Cost dual_bound(const State& s, int box_count) const {
    Found found;
    const int n = matched(s, found);
    return n > 0 ? dual_bound(s, box_count, found, n) : 0;
  }

 private:
  // M + the sum of min over G of [c(P -> G) - u(P) - v(G)] over disjoint matched patterns
  // with goal sets, chosen greedily by that term (the file's top explains why it is a bound);
  // 0 when no matched pattern has goal sets or no term is positive.
  Cost dual_bound(const State& s, int box_count, const Found& found, int n) const {
    if (with_goal_sets_ == 0) return 0;
    std::array<std::pair<std::int64_t, std::uint32_t>, kMaxPatternsPerState> terms;
    int t = 0;
    // top[k]: the sum of the k largest goal potentials, at least v(G) for any k goals.
    std::array<std::int64_t, kMaxBoxes + 1> top{};
    bool top_ready = false;
    for (int k = 0; k < n; ++k) {
      const Pattern& p = patterns_[found[static_cast<std::size_t>(k)]];
      if (p.sets_floor == 0) continue;
      if (!top_ready) {
        std::array<std::int32_t, kMaxBoxes> v;
        std::copy(s.match.v.begin(), s.match.v.begin() + goals_, v.begin());
        std::sort(v.begin(), v.begin() + goals_, std::greater<>());
        for (int i = 0; i < goals_; ++i) top[static_cast<std::size_t>(i + 1)] = top[static_cast<std::size_t>(i)] + v[static_cast<std::size_t>(i)];
        top_ready = true;
      }
      std::int64_t u = 0;
      p.boxes.for_each([&](int c) {
        for (int i = 0; i < box_count; ++i) {
          if (s.box_cell[static_cast<std::size_t>(i)] == c) u += s.match.u[static_cast<std::size_t>(i)];
        }
      });
      const std::int64_t least_v = top[static_cast<std::size_t>(p.size)];
      std::int64_t term = p.sets_floor - u - least_v;
      for (std::uint32_t e = p.sets_begin; e < p.sets_begin + p.sets_count && term > 0; ++e) {
        const GoalSetCost& g = sets_[e];
        // The list is cheapest first and v(G) <= least_v: no later set can lower the term.
        if (g.cost - u - least_v >= term) break;
        std::int64_t v = 0;
        for (std::uint64_t m = g.goals; m != 0; m &= m - 1) v += s.match.v[static_cast<std::size_t>(std::countr_zero(m))];
        term = std::min(term, g.cost - u - v);
      }
      if (term > 0) terms[static_cast<std::size_t>(t++)] = {term, found[static_cast<std::size_t>(k)]};
    }
    if (t == 0) return 0;
    std::sort(terms.begin(), terms.begin() + t,
              [](const auto& a, const auto& b) { return a.first != b.first ? a.first > b.first : a.second < b.second; });
    Set used;
    std::int64_t total = 0;
    for (int i = 0; i < goals_; ++i) total += s.match.u[static_cast<std::size_t>(i)] + s.match.v[static_cast<std::size_t>(i)];
    for (int k = 0; k < t; ++k) {
      const Pattern& p = patterns_[terms[static_cast<std::size_t>(k)].second];
      if (p.boxes.intersects(used)) continue;
      used |= p.boxes;
      total += terms[static_cast<std::size_t>(k)].first;
    }
    return static_cast<Cost>(std::min<std::int64_t>(total, kNoPushPathCost - 1));
  }

  const Board* board_;
  int goals_;
  std::vector<Pattern> patterns_;
  // The index holds what a state must hold for each pattern (boxes and walls) beside its
  // number: most patterns fail that test, which then reads one list in order and not a
  // pattern record scattered elsewhere per candidate.
  struct IndexEntry {
    Set held;  // the pattern's boxes | walls
    std::uint32_t id;
  };
  std::vector<std::vector<IndexEntry>> by_first_cell_;  // patterns by their smallest box cell
  std::vector<GoalSetCost> sets_;  // the patterns' goal sets (Pattern::sets_begin)
  std::size_t with_goal_sets_ = 0;
  std::size_t deadlocks_ = 0;
  std::size_t penalties_ = 0;
};

using PenaltyTable = BasicPenaltyTable<CellSet>;

}  // namespace hsearch::sokoban
