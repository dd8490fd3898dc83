#pragma once
// The seed's "Manhattan distance": for every disk, with (x, y) = (peg index,
// level from the bottom) now and (xf, yf) in the goal, |x - xf| + |y - yf|; summed over disks.
//
// NOT admissible: one move carries a disk across any number of pegs, so |x - xf| alone can
// exceed the moves needed. Example: 4 pegs, one disk on peg A whose goal is peg D: h = 3, one
// move solves it. A result found with it is never called optimal (admissible() is false).
#include <cstdlib>

#include "hsearch/hanoi/coordinates.hpp"

namespace hsearch::hanoi {

class ManhattanHeuristic {
 public:
  explicit ManhattanHeuristic(const HanoiDomain& domain)
      : domain_(&domain), goal_(coordinates_of(domain, domain.goal())) {}

  int estimate(const HanoiDomain::State& s) const {
    const Coordinates c = coordinates_of(*domain_, s);
    int h = 0;
    for (int d = 0; d < domain_->disks(); ++d) {
      const auto i = static_cast<std::size_t>(d);
      h += std::abs(c.peg[i] - goal_.peg[i]) + std::abs(c.level[i] - goal_.level[i]);
    }
    return h;
  }
  bool admissible() const { return false; }

 private:
  const HanoiDomain* domain_;
  Coordinates goal_;
};

}  // namespace hsearch::hanoi
