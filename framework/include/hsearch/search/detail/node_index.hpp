#pragma once
// An open-addressing hash index from states to node numbers, for the best-first searches.
// It stores only 32-bit node numbers (plus nothing else): the hash and stored state live in the
// node array, so a probe compares the cached hash first and the state only on a hash match.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace hsearch::detail {

class NodeIndex {
 public:
  static constexpr std::uint32_t kEmpty = 0xFFFFFFFFu;

  NodeIndex() : slots_(1024, kEmpty), mask_(1023) {}

  // Finds the node whose (hash, state) matches; `matches(node)` compares the stored state.
  template <class Matches>
  std::uint32_t find(std::uint64_t hash, Matches&& matches) const {
    for (std::size_t i = hash & mask_;; i = (i + 1) & mask_) {
      const std::uint32_t n = slots_[i];
      if (n == kEmpty) return kEmpty;
      if (matches(n)) return n;
    }
  }

  // Inserts a node known to be absent; `hash_of(node)` gives any stored node's hash (rehash).
  template <class HashOf>
  void insert(std::uint64_t hash, std::uint32_t node, HashOf&& hash_of) {
    if ((size_ + 1) * 2 > slots_.size()) grow(hash_of);
    place(hash, node);
    ++size_;
  }

  std::size_t bytes() const { return slots_.capacity() * sizeof(std::uint32_t); }
  std::size_t size() const { return size_; }

 private:
  void place(std::uint64_t hash, std::uint32_t node) {
    std::size_t i = hash & mask_;
    while (slots_[i] != kEmpty) i = (i + 1) & mask_;
    slots_[i] = node;
  }

  template <class HashOf>
  void grow(HashOf&& hash_of) {
    std::vector<std::uint32_t> old;
    old.swap(slots_);
    slots_.assign(old.size() * 2, kEmpty);
    mask_ = slots_.size() - 1;
    for (std::uint32_t n : old) {
      if (n != kEmpty) place(hash_of(n), n);
    }
  }

  std::vector<std::uint32_t> slots_;
  std::size_t mask_;
  std::size_t size_ = 0;
};

}  // namespace hsearch::detail
