#pragma once
// Hanoi with a goal SET: every position in which no disk is on given pegs (e.g. "all disks off
// pegs A and D"). The half problem of the symmetric method (symmetric_solver.hpp) is of this
// kind. Same states, moves, keys and hashes as HanoiDomain; only is_goal differs, so the
// framework's searches and the pattern databases (PdbOptions::goal_off_pegs) work unchanged.
#include <cstdint>

#include "hsearch/hanoi/domain.hpp"

namespace hsearch::hanoi {

class OffPegsDomain : public HanoiDomain {
 public:
  // `off`: bit q set = peg q must be empty at the goal (not all pegs).
  OffPegsDomain(const Layout& layout, std::uint32_t off)
      : HanoiDomain(layout, some_goal(layout, off)), off_(off) {}

  std::uint32_t off_pegs() const { return off_; }

  bool is_goal(const State& s) const {
    for (int q = 0; q < pegs(); ++q) {
      if (((off_ >> q) & 1u) != 0 && s.top[static_cast<std::size_t>(q)] != kNone) return false;
    }
    return true;
  }

 private:
  // One member of the goal set (all disks on the first allowed peg): HanoiDomain wants a goal
  // position; nothing here uses it except as a placeholder.
  static Position some_goal(const Layout& layout, std::uint32_t off) {
    Position p(static_cast<std::size_t>(layout.pegs()));
    int q = 0;
    while (q < layout.pegs() && ((off >> q) & 1u) != 0) ++q;
    if (q == layout.pegs()) throw LayoutError("goal set: every peg excluded");
    for (int id = 0; id < layout.disks(); ++id) p[static_cast<std::size_t>(q)].push_back(id);
    return p;
  }

  std::uint32_t off_;
};

static_assert(Domain<OffPegsDomain>);
static_assert(PackableDomain<OffPegsDomain>);

}  // namespace hsearch::hanoi
