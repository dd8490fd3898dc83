#pragma once
// IDA*'s transposition table: a fixed-size, always-replace table of (state, automaton state,
// g) entries valid for one iteration. Every generated child is recorded, whether or not its f
// is within the bound. A node generated again in the same iteration, in the same
// pruning-automaton state, with a g no smaller than the recorded one, is a duplicate: its
// subtree was (or is being) searched with at least as much remaining budget, or its f already
// counted toward the next bound, so it is skipped.
// The automaton state is part of the key because it decides which moves the subtree may use.
// Losing an entry to replacement only costs re-search, never correctness.
//
// The table is allocated zeroed with calloc when its entries allow it (all-zero bytes = "never
// written"): the kernel then maps pages on first touch, so a large table costs nothing up front
// on a small problem (a 64 MB table zero-filled by a vector took ~25 ms per run on tiny levels).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

#include "hsearch/core/domain.hpp"
#include "hsearch/core/stored_state.hpp"

namespace hsearch::detail {

template <Domain D>
class TranspositionTable {
 public:
  using Cost = typename D::Cost;
  using Stored = typename StoredState<D>::type;

  // `entries` is rounded down to a power of two; 0 disables the table.
  explicit TranspositionTable(std::size_t entries) {
    if (entries == 0) return;
    std::size_t n = 1;
    while (n * 2 <= entries) n *= 2;
    if constexpr (kZeroIsEmpty) {
      void* memory = std::calloc(n, sizeof(Entry));
      if (memory == nullptr) throw std::bad_alloc();
      // Entry is an implicit-lifetime aggregate: calloc's storage holds zeroed Entry objects.
      zeroed_.reset(static_cast<Entry*>(memory));
      table_ = zeroed_.get();
    } else {
      owned_.resize(n);
      table_ = owned_.data();
    }
    size_ = n;
    mask_ = n - 1;
  }

  bool enabled() const { return size_ != 0; }
  void next_iteration() { ++iteration_; }
  std::size_t bytes() const { return size_ * sizeof(Entry); }

  // True when (state, automaton) was already entered this iteration at cost <= g (a duplicate);
  // otherwise records g and returns false.
  bool seen(const D& domain, const typename D::State& s, std::uint64_t hash,
            std::uint32_t automaton, Cost g) {
    // The slot mixes in the automaton state: one position reached in several automaton states
    // must not keep evicting itself from a single slot.
    const std::uint64_t slot = (hash ^ (std::uint64_t{automaton} * 0x9E3779B97F4A7C15ULL)) & mask_;
    Entry& e = table_[slot];
    if (e.iteration == iteration_ && e.hash == hash && e.automaton == automaton &&
        e.stored == StoredState<D>::store(domain, s)) {
      if (e.g <= g) return true;
      e.g = g;
      return false;
    }
    e = Entry{StoredState<D>::store(domain, s), hash, g, automaton, iteration_};
    return false;
  }

 private:
  struct Entry {
    Stored stored{};
    std::uint64_t hash = 0;
    Cost g = 0;
    std::uint32_t automaton = 0;
    std::uint32_t iteration = 0;  // 0 = never written (iterations count from 1)
  };
  // All-zero bytes are a valid "never written" entry when the stored form is plain bytes.
  static constexpr bool kZeroIsEmpty =
      std::is_trivially_copyable_v<Entry> && std::is_trivially_destructible_v<Entry>;
  struct FreeDeleter {
    void operator()(Entry* p) const { std::free(p); }
  };
  std::unique_ptr<Entry, FreeDeleter> zeroed_;
  std::vector<Entry> owned_;
  Entry* table_ = nullptr;
  std::size_t size_ = 0;
  std::size_t mask_ = 0;
  std::uint32_t iteration_ = 0;
};

}  // namespace hsearch::detail
