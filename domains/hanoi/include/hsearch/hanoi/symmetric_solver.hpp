#pragma once
// The symmetric method for the classic shape: all disks on one peg A at the start, the SAME
// stack on another peg D at the goal, and a unique largest disk L. Any P >= 3.
//
// Why optimal = 2H + 1, with H = the fewest moves taking the other disks ("small" disks) from
// their start stack on A to any position with no small disk on A or D (docs/hanoi.md has the
// full proof):
// - L must move (it starts on A, ends on D). It moves only when it is the top of its peg and
//   its target peg is empty (every other disk is smaller). So at its first move, A -> X, no
//   small disk is on A or X; at its last move, Y -> D, no small disk is on Y or D.
// - Before the first move only small disks moved, from their start stack on A (L below them
//   constrains nothing): a plan of the half problem towards "off A and X". Renaming the pegs
//   other than A (X <-> D) maps the start to itself, so its length is >= H.
// - After the last move, read backwards: from the goal stack on D to "off Y and D". Renaming
//   the pegs (D -> A, Y -> D) maps the goal stack to the start stack, so again >= H moves.
// - The two parts do not overlap and L's move is between them: >= 2H + 1 moves.
// - 2H + 1 is reached: a shortest half plan takes the start to some s with no small disk on A
//   or D; then L A -> D; then the half plan backwards with A and D swapped, which takes s
//   (unchanged by the swap: nothing on A or D) to the small disks' stack on D.
// So a proven-optimal half plan gives a proven-optimal full plan, and a proven lower bound b
// on the half problem gives 2b + 1 on the full one.
#include <cstdint>
#include <optional>
#include <vector>

#include "hsearch/hanoi/domain.hpp"
#include "hsearch/hanoi/off_pegs_domain.hpp"

namespace hsearch::hanoi {

struct ClassicShape {
  int from = 0;  // peg A: every disk there at the start
  int to = 0;    // peg D: the same stack there at the goal
};

// The shape when the problem has it (see the header comment), else nothing.
inline std::optional<ClassicShape> classic_shape(const Layout& layout, const Position& start,
                                                 const Position& goal) {
  if (layout.disks() < 1 || layout.class_size(0) != 1) return std::nullopt;  // L unique
  int a = -1, d = -1;
  for (int q = 0; q < layout.pegs(); ++q) {
    const auto& sq = start[static_cast<std::size_t>(q)];
    const auto& gq = goal[static_cast<std::size_t>(q)];
    if (!sq.empty()) {
      if (a >= 0 || static_cast<int>(sq.size()) != layout.disks()) return std::nullopt;
      a = q;
    }
    if (!gq.empty()) {
      if (d >= 0 || static_cast<int>(gq.size()) != layout.disks()) return std::nullopt;
      d = q;
    }
  }
  if (a < 0 || d < 0 || a == d) return std::nullopt;
  if (start[static_cast<std::size_t>(a)] != goal[static_cast<std::size_t>(d)]) return std::nullopt;
  return ClassicShape{a, d};
}

// The half problem: the layout without L (ids shift down by one: L is id 0, the only disk of
// the largest radius), its start (the small disks' stack on A) and the goal set's peg mask.
struct HalfProblem {
  Layout layout;
  Position start;
  std::uint32_t off = 0;
};

// Needs layout.disks() >= 2 (with one disk the answer is the single move L A -> D).
inline HalfProblem half_problem(const Layout& layout, const Position& start, const ClassicShape& shape) {
  std::vector<Disk> small(layout.all_disks().begin() + 1, layout.all_disks().end());
  HalfProblem hp{Layout(layout.pegs(), small), Position(static_cast<std::size_t>(layout.pegs())), 0};
  for (int id : start[static_cast<std::size_t>(shape.from)]) {
    if (id != 0) hp.start[static_cast<std::size_t>(shape.from)].push_back(id - 1);
  }
  hp.off = (std::uint32_t{1} << shape.from) | (std::uint32_t{1} << shape.to);
  return hp;
}

// The full plan from a half plan (moves of the half layout): the half plan, L A -> D, then the
// half plan backwards with A and D swapped (each move inverted).
inline std::vector<HanoiDomain::Move> assemble_symmetric_plan(const std::vector<HanoiDomain::Move>& half,
                                                              const ClassicShape& shape) {
  const auto swap_ad = [&](std::uint8_t q) -> std::uint8_t {
    if (q == shape.from) return static_cast<std::uint8_t>(shape.to);
    if (q == shape.to) return static_cast<std::uint8_t>(shape.from);
    return q;
  };
  std::vector<HanoiDomain::Move> plan;
  plan.reserve(2 * half.size() + 1);
  for (const auto& m : half) plan.push_back({static_cast<std::uint8_t>(m.disk + 1), m.from, m.to});
  plan.push_back({0, static_cast<std::uint8_t>(shape.from), static_cast<std::uint8_t>(shape.to)});
  for (auto it = half.rbegin(); it != half.rend(); ++it) {
    plan.push_back({static_cast<std::uint8_t>(it->disk + 1), swap_ad(it->to), swap_ad(it->from)});
  }
  return plan;
}

}  // namespace hsearch::hanoi
