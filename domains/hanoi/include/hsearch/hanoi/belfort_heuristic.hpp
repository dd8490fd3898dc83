#pragma once
// The seed's "Belfort distance": the Manhattan term of every disk multiplied by
// "the sum of the numbers of disks above the two positions studied". Our reading, literally:
//
//   h = sum over disks d of  (|x - xf| + |y - yf|) * (above(d) + above_target(d))
//
// above(d): disks now on top of d; above_target(d): disks now on d's goal peg at or above d's
// goal level (they must leave before d can land there), d itself excluded. Taken literally, a
// disk with nothing above either position contributes 0 even when it is misplaced.
//
// NOT admissible (it multiplies an already inadmissible estimate): never call a result found
// with it optimal; admissible() is false so the searches do not.
#include <cstdlib>

#include "hsearch/hanoi/coordinates.hpp"

namespace hsearch::hanoi {

class BelfortHeuristic {
 public:
  explicit BelfortHeuristic(const HanoiDomain& domain)
      : domain_(&domain), goal_(coordinates_of(domain, domain.goal())) {}

  int estimate(const HanoiDomain::State& s) const {
    const Coordinates c = coordinates_of(*domain_, s);
    int h = 0;
    for (int d = 0; d < domain_->disks(); ++d) {
      const auto i = static_cast<std::size_t>(d);
      const int manhattan = std::abs(c.peg[i] - goal_.peg[i]) + std::abs(c.level[i] - goal_.level[i]);
      if (manhattan == 0) continue;
      const int above = c.height[c.peg[i]] - 1 - c.level[i];
      const int target_peg = goal_.peg[i];
      int above_target = c.height[static_cast<std::size_t>(target_peg)] - goal_.level[i];
      if (above_target < 0) above_target = 0;
      if (c.peg[i] == target_peg && c.level[i] >= goal_.level[i]) --above_target;
      h += manhattan * (above + above_target);
    }
    return h;
  }
  bool admissible() const { return false; }

 private:
  const HanoiDomain* domain_;
  Coordinates goal_;
};

}  // namespace hsearch::hanoi
