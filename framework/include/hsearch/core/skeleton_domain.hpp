#pragma once
// The skeleton a new domain starts from: copy it into domains/<name>/include/hsearch/<name>/,
// rename, fill in. It compiles and satisfies the contract (see domain.hpp), so every algorithm
// accepts it; as written it is a counter that must climb from `start` to `goal` by +1 or +2.
#include <cstdint>
#include <string>

#include "hsearch/core/domain.hpp"

namespace hsearch {

class SkeletonDomain {
 public:
  struct State {  // everything that identifies a search state
    int value = 0;
    bool operator==(const State&) const = default;
  };
  struct Move {  // one action; keep it small, it is copied a lot
    int step = 1;
  };
  struct Undo {};  // what undo() needs beyond the move (nothing here: -step undoes +step)
  using Cost = int;

  static constexpr unsigned kLabelCount = 2;  // optional: labels for move-pruning automata
  static constexpr bool kUnitCost = true;     // optional: every move costs 1

  explicit SkeletonDomain(int goal) : goal_(goal) {}

  template <class F>
  void for_each_move(const State& s, F&& f) const {  // no allocation here
    if (s.value + 1 <= goal_) f(Move{1});
    if (s.value + 2 <= goal_) f(Move{2});
  }
  Cost cost(const State&, const Move&) const { return 1; }
  Undo apply(State& s, const Move& m) const {
    s.value += m.step;
    return {};
  }
  void undo(State& s, const Move& m, const Undo&) const { s.value -= m.step; }
  bool is_goal(const State& s) const { return s.value == goal_; }
  std::uint64_t hash(const State& s) const {
    return static_cast<std::uint64_t>(s.value) * 0x9E3779B97F4A7C15ULL;
  }
  unsigned label(const Move& m) const { return static_cast<unsigned>(m.step - 1); }
  std::string move_name(const Move& m) const { return "+" + std::to_string(m.step); }

 private:
  int goal_;
};

static_assert(Domain<SkeletonDomain>);
static_assert(LabelledDomain<SkeletonDomain>);

}  // namespace hsearch
