#pragma once
// A growable array stored in fixed-size chunks: A*'s node store.
//
// A std::vector that doubles holds the old and the new buffer at once while it grows: with
// millions of nodes that is a transient 1.5-3x of the memory in use, which a memory limit
// cannot see coming. Chunks grow the store one chunk at a time (one allocation per 2^16
// elements, none per element) and never move elements, so references stay valid.
// A chunk's storage is left uninitialised until an element is pushed: a small search (a
// pattern sub-search runs thousands of them) pays for the elements it uses, not for a whole
// chunk of default-constructed ones. For the same reason the first chunk comes from the
// ordinary allocator and the others from the huge-page one (huge_pages.hpp): a large search
// reads its nodes at random.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "hsearch/core/huge_pages.hpp"

namespace hsearch::detail {

template <class T>
class ChunkedArray {
 public:
  static constexpr unsigned kChunkBits = 16;
  static constexpr std::size_t kChunkSize = std::size_t{1} << kChunkBits;

  ChunkedArray() = default;
  ChunkedArray(const ChunkedArray&) = delete;
  ChunkedArray& operator=(const ChunkedArray&) = delete;
  ~ChunkedArray() {
    for (std::size_t c = 0; c < chunks_.size(); ++c) {
      const std::size_t used = std::min(kChunkSize, size_ - c * kChunkSize);
      std::destroy_n(chunks_[c], used);
      release(c, chunks_[c]);
    }
  }

  T& operator[](std::size_t i) { return chunks_[i >> kChunkBits][i & (kChunkSize - 1)]; }
  const T& operator[](std::size_t i) const { return chunks_[i >> kChunkBits][i & (kChunkSize - 1)]; }

  void push_back(const T& value) {
    if ((size_ & (kChunkSize - 1)) == 0 && (size_ >> kChunkBits) == chunks_.size()) {
      chunks_.reserve(chunks_.size() + 1);  // so that the push below cannot throw and leak
      chunks_.push_back(allocate(chunks_.size()));
    }
    std::construct_at(&(*this)[size_], value);
    ++size_;
  }

  std::size_t size() const { return size_; }
  // Memory held by the elements' chunks and the chunk table.
  std::size_t bytes() const { return chunks_.size() * kChunkSize * sizeof(T) + chunks_.capacity() * sizeof(T*); }
  // The bytes `more` further elements would allocate (new chunks; the chunk table's growth).
  std::size_t growth_bytes(std::size_t more) const {
    const std::size_t chunks = (size_ + more + kChunkSize - 1) >> kChunkBits;
    if (chunks <= chunks_.size()) return 0;
    const std::size_t table = chunks > chunks_.capacity() ? 2 * chunks * sizeof(T*) : 0;
    return (chunks - chunks_.size()) * kChunkSize * sizeof(T) + table;
  }

 private:
  // Chunk number `chunk`'s storage, and its release: the two pick the same allocator.
  static T* allocate(std::size_t chunk) {
    return chunk == 0 ? std::allocator<T>().allocate(kChunkSize) : HugePageAllocator<T>().allocate(kChunkSize);
  }
  static void release(std::size_t chunk, T* p) {
    if (chunk == 0) {
      std::allocator<T>().deallocate(p, kChunkSize);
    } else {
      HugePageAllocator<T>().deallocate(p, kChunkSize);
    }
  }

  std::vector<T*> chunks_;
  std::size_t size_ = 0;
};

}  // namespace hsearch::detail
