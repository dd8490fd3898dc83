#pragma once
// An open-addressing hash index from states to node numbers, for the best-first searches.
// Each slot packs a node number with 32 bits of the state's hash (a tag), so most probes that
// miss are rejected without touching the node array; on a tag match `matches(node)` compares
// the stored state.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "hsearch/core/huge_pages.hpp"

namespace hsearch::detail {

// The most nodes one expansion may add: the best-first searches check, before each expansion,
// that the growth this many more nodes would cause still fits the memory limit, so the limit
// holds at the transient peak of a growing table and not only after it. (Larger than any
// branching factor here: Sokoban has at most 4 pushes per box, Hanoi p(p-1) moves.)
inline constexpr std::size_t kGrowthLookahead = 1024;

class NodeIndex {
 public:
  static constexpr std::uint32_t kEmpty = 0xFFFFFFFFu;

  NodeIndex() : slots_(1024, kEmptySlot), mask_(1023) {}

  // Finds the node whose (hash, state) matches; `matches(node)` compares the stored state.
  template <class Matches>
  std::uint32_t find(std::uint64_t hash, Matches&& matches) const {
    const std::uint32_t tag = tag_of(hash);
    for (std::size_t i = hash & mask_;; i = (i + 1) & mask_) {
      const std::uint64_t slot = slots_[i];
      if (slot == kEmptySlot) return kEmpty;
      const auto node = static_cast<std::uint32_t>(slot);
      if (static_cast<std::uint32_t>(slot >> 32) == tag && matches(node)) return node;
    }
  }

  // Inserts a node known to be absent; `hash_of(node)` gives any stored node's hash (rehash).
  template <class HashOf>
  void insert(std::uint64_t hash, std::uint32_t node, HashOf&& hash_of) {
    if ((size_ + 1) * 2 > slots_.size()) grow(hash_of);
    place(hash, node);
    ++size_;
  }

  std::size_t bytes() const { return slots_.capacity() * sizeof(std::uint64_t); }
  // The bytes `more` further insertions would allocate: growing doubles the slots, and the old
  // ones are held until every node is placed again, so this is the growth's transient peak.
  std::size_t growth_bytes(std::size_t more) const {
    return (size_ + more) * 2 > slots_.size() ? 2 * slots_.size() * sizeof(std::uint64_t) : 0;
  }
  std::size_t size() const { return size_; }

 private:
  static constexpr std::uint64_t kEmptySlot = ~std::uint64_t{0};
  static std::uint32_t tag_of(std::uint64_t hash) { return static_cast<std::uint32_t>(hash >> 32); }

  void place(std::uint64_t hash, std::uint32_t node) {
    std::size_t i = hash & mask_;
    while (slots_[i] != kEmptySlot) i = (i + 1) & mask_;
    slots_[i] = (std::uint64_t{tag_of(hash)} << 32) | node;
  }

  template <class HashOf>
  void grow(HashOf&& hash_of) {
    Slots old;
    old.swap(slots_);
    slots_.assign(old.size() * 2, kEmptySlot);
    mask_ = slots_.size() - 1;
    for (std::uint64_t slot : old) {
      if (slot != kEmptySlot) {
        const auto node = static_cast<std::uint32_t>(slot);
        place(hash_of(node), node);
      }
    }
  }

  using Slots = std::vector<std::uint64_t, HugePageAllocator<std::uint64_t>>;
  Slots slots_;
  std::size_t mask_;
  std::size_t size_ = 0;
};

}  // namespace hsearch::detail
