#pragma once
// Multi-tower Tower of Hanoi as a search domain.
//
// State: for every disk its peg and the disk directly below it, plus the top disk of every
// peg: a linked stack per peg, so a move is three byte writes and its undo three more.
// The representation is canonical (one legal position, one State), so State equality is
// position equality. Moves cost 1 (kUnitCost).
//
// Labels: the label of a move is the disk it moves, and inverse_label(l) == l. The framework's
// inverse-move automaton therefore forbids moving the same disk twice in a row. That loses no
// optimality: two consecutive moves of one disk (X->Y, Y->Z) can be replaced by X->Z (or by
// nothing when Z == X), because nothing else changed in between; so no shortest plan contains
// such a pair.
//
// Packed key (A*, BFS, transposition tables): per disk, its peg and its rank among the disks of
// its radius below it on that peg, in at most 128 bits (Layout checks the size).
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>

#include "hsearch/core/domain.hpp"
#include "hsearch/hanoi/layout.hpp"
#include "hsearch/hanoi/notation.hpp"

namespace hsearch::hanoi {

class HanoiDomain {
 public:
  static constexpr std::uint8_t kNone = 0xFF;

  struct State {
    std::array<std::uint8_t, kMaxDisks> peg{};    // peg of each disk
    std::array<std::uint8_t, kMaxDisks> below{};  // the disk directly below, or kNone
    std::array<std::uint8_t, kMaxPegs> top{};     // the top disk of each peg, or kNone
    bool operator==(const State&) const = default;
  };
  struct Move {
    std::uint8_t disk = 0;
    std::uint8_t from = 0;
    std::uint8_t to = 0;
    bool operator==(const Move&) const = default;
  };
  struct Undo {};
  struct Key {
    std::uint64_t lo = 0;
    std::uint64_t hi = 0;
    bool operator==(const Key&) const = default;
  };
  using Cost = int;

  static constexpr unsigned kLabelCount = kMaxDisks;
  static constexpr bool kUnitCost = true;

  HanoiDomain(Layout layout, const Position& goal) : layout_(std::move(layout)) {
    for (int id = 0; id < layout_.disks(); ++id) {
      radius_[static_cast<std::size_t>(id)] = static_cast<std::uint8_t>(layout_.radius(id));
    }
    goal_position_ = goal;
    goal_ = make_state(goal);
  }

  const Layout& layout() const { return layout_; }
  int pegs() const { return layout_.pegs(); }
  int disks() const { return layout_.disks(); }
  int radius(int id) const { return radius_[static_cast<std::size_t>(id)]; }
  const State& goal() const { return goal_; }
  const Position& goal_position() const { return goal_position_; }

  // A legal position -> State (throws NotationError when it is not legal).
  State make_state(const Position& p) const {
    if (const std::string err = position_error(layout_, p); !err.empty()) throw NotationError(err);
    State s = blank();
    for (std::size_t peg = 0; peg < p.size(); ++peg) {
      for (int id : p[peg]) push(s, id, static_cast<int>(peg));
    }
    return s;
  }

  Position position(const State& s) const {
    Position p(static_cast<std::size_t>(pegs()));
    for (int peg = 0; peg < pegs(); ++peg) {
      auto& stack = p[static_cast<std::size_t>(peg)];
      for (std::uint8_t d = s.top[static_cast<std::size_t>(peg)]; d != kNone; d = s.below[d]) {
        stack.push_back(d);
      }
      std::reverse(stack.begin(), stack.end());
    }
    return p;
  }

  template <class F>
  void for_each_move(const State& s, F&& f) const {
    const int n = pegs();
    for (int from = 0; from < n; ++from) {
      const std::uint8_t d = s.top[static_cast<std::size_t>(from)];
      if (d == kNone) continue;
      const std::uint8_t r = radius_[d];
      for (int to = 0; to < n; ++to) {
        if (to == from) continue;
        const std::uint8_t t = s.top[static_cast<std::size_t>(to)];
        if (t == kNone || radius_[t] >= r) {
          f(Move{d, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)});
        }
      }
    }
  }

  Cost cost(const State&, const Move&) const { return 1; }

  Undo apply(State& s, const Move& m) const {
    s.top[m.from] = s.below[m.disk];
    s.below[m.disk] = s.top[m.to];
    s.top[m.to] = m.disk;
    s.peg[m.disk] = m.to;
    return {};
  }
  void undo(State& s, const Move& m, const Undo&) const {
    s.top[m.to] = s.below[m.disk];
    s.below[m.disk] = s.top[m.from];
    s.top[m.from] = m.disk;
    s.peg[m.disk] = m.from;
  }

  // Is m legal in s? (Used to replay plans read from anywhere.)
  bool legal(const State& s, const Move& m) const {
    if (m.disk >= disks() || m.from >= pegs() || m.to >= pegs() || m.from == m.to) return false;
    if (s.top[m.from] != m.disk) return false;
    const std::uint8_t t = s.top[m.to];
    return t == kNone || radius_[t] >= radius_[m.disk];
  }

  bool is_goal(const State& s) const { return s == goal_; }

  // Same-radius disks below `id` on its peg (0 when none).
  int rank_in_class(const State& s, int id) const {
    int rank = 0;
    const std::uint8_t r = radius_[static_cast<std::size_t>(id)];
    for (std::uint8_t b = s.below[static_cast<std::size_t>(id)]; b != kNone && radius_[b] == r;
         b = s.below[b]) {
      ++rank;
    }
    return rank;
  }

  Key pack(const State& s) const {
    Key k;
    const int pb = layout_.peg_bits();
    const int width = pb + layout_.rank_bits();
    int bit = 0;
    for (int id = 0; id < disks(); ++id) {
      std::uint64_t field = s.peg[static_cast<std::size_t>(id)];
      if (layout_.rank_bits() > 0) field |= static_cast<std::uint64_t>(rank_in_class(s, id)) << pb;
      put(k, bit, field);
      bit += width;
    }
    return k;
  }

  State unpack(const Key& k) const {
    const int pb = layout_.peg_bits();
    const int width = pb + layout_.rank_bits();
    std::array<std::uint8_t, kMaxDisks> peg{}, rank{};
    for (int id = 0; id < disks(); ++id) {
      const std::uint64_t field = get(k, id * width, width);
      peg[static_cast<std::size_t>(id)] = static_cast<std::uint8_t>(field & ((1u << pb) - 1));
      rank[static_cast<std::size_t>(id)] = static_cast<std::uint8_t>(field >> pb);
    }
    State s = blank();
    // Ids ascend by decreasing radius, so pushing class by class (each class by rank) builds
    // every stack bottom to top.
    for (int first = 0; first < disks(); first += layout_.class_size(first)) {
      const int m = layout_.class_size(first);
      for (int r = 0; r < m; ++r) {
        for (int id = first; id < first + m; ++id) {
          if (rank[static_cast<std::size_t>(id)] == r) push(s, id, peg[static_cast<std::size_t>(id)]);
        }
      }
    }
    return s;
  }

  // Over the raw arrays (the representation is canonical, so equal states hash equally):
  // cheaper than packing, which searches also do.
  std::uint64_t hash(const State& s) const {
    std::uint64_t h = 0x9E3779B97F4A7C15ULL;
    const int words = (disks() + 7) / 8;
    for (int w = 0; w < words; ++w) {
      std::uint64_t p = 0, b = 0;
      std::memcpy(&p, s.peg.data() + 8 * w, 8);
      std::memcpy(&b, s.below.data() + 8 * w, 8);
      h = mix(h ^ p) + b;
    }
    return mix(h);
  }

  unsigned label(const Move& m) const { return m.disk; }
  unsigned inverse_label(unsigned l) const { return l; }

  // "a1 A->C": disk, source peg, target peg.
  std::string move_name(const Move& m) const {
    return layout_.name(m.disk) + " " + peg_name(m.from) + "->" + peg_name(m.to);
  }
  std::string state_string(const State& s) const { return format_position(layout_, position(s)); }

  // Building blocks for decoders: the state with no disk placed, and placing a disk on top of
  // a peg (the caller keeps the stacking rule; make_state checks it).
  State blank() const {
    State s;
    s.peg.fill(0);
    s.below.fill(kNone);
    s.top.fill(kNone);
    return s;
  }
  static void push(State& s, int id, int peg) {
    const auto d = static_cast<std::size_t>(id);
    s.below[d] = s.top[static_cast<std::size_t>(peg)];
    s.top[static_cast<std::size_t>(peg)] = static_cast<std::uint8_t>(id);
    s.peg[d] = static_cast<std::uint8_t>(peg);
  }

 private:
  static void put(Key& k, int bit, std::uint64_t field) {
    if (bit < 64) {
      k.lo |= field << bit;
      if (bit > 0) k.hi |= field >> (64 - bit);  // 0 unless the field straddles the words
    } else {
      k.hi |= field << (bit - 64);
    }
  }
  static std::uint64_t get(const Key& k, int bit, int width) {
    const std::uint64_t mask = (std::uint64_t{1} << width) - 1;
    if (bit >= 64) return (k.hi >> (bit - 64)) & mask;
    std::uint64_t v = k.lo >> bit;
    if (bit > 0 && bit + width > 64) v |= k.hi << (64 - bit);
    return v & mask;
  }
  static std::uint64_t mix(std::uint64_t x) {
    x ^= x >> 30;
    x *= 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 27;
    x *= 0x94D049BB133111EBULL;
    x ^= x >> 31;
    return x;
  }

  Layout layout_;
  std::array<std::uint8_t, kMaxDisks> radius_{};
  Position goal_position_;
  State goal_;
};

static_assert(Domain<HanoiDomain>);
static_assert(InvertibleLabels<HanoiDomain>);
static_assert(PackableDomain<HanoiDomain>);

}  // namespace hsearch::hanoi
