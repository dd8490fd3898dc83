#pragma once
// The number of disks not on their goal peg. Admissible and consistent: a move changes the peg
// of exactly one disk, so h drops by at most 1 per move. Incremental: the child's value follows
// from the parent's and the move (estimate_after).
#include "hsearch/hanoi/domain.hpp"

namespace hsearch::hanoi {

class OffGoalPegHeuristic {
 public:
  explicit OffGoalPegHeuristic(const HanoiDomain& domain)
      : disks_(domain.disks()), goal_peg_(domain.goal().peg) {}

  int estimate(const HanoiDomain::State& s) const {
    int h = 0;
    for (int d = 0; d < disks_; ++d) {
      h += s.peg[static_cast<std::size_t>(d)] != goal_peg_[static_cast<std::size_t>(d)];
    }
    return h;
  }
  int estimate_after(const HanoiDomain::State&, const HanoiDomain::Move& m, int parent_h) const {
    const std::uint8_t g = goal_peg_[m.disk];
    return parent_h - (m.to == g) + (m.from == g);
  }

 private:
  int disks_;
  std::array<std::uint8_t, kMaxDisks> goal_peg_;
};

}  // namespace hsearch::hanoi
