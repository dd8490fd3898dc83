#pragma once
// A growable array stored in fixed-size chunks: A*'s node store.
//
// A std::vector that doubles holds the old and the new buffer at once while it grows: with
// millions of nodes that is a transient 1.5-3x of the memory in use, which a memory limit
// cannot see coming. Chunks grow the store one chunk at a time (one allocation per 2^16
// elements, none per element) and never move elements, so references stay valid.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace hsearch::detail {

template <class T>
class ChunkedArray {
 public:
  static constexpr unsigned kChunkBits = 16;
  static constexpr std::size_t kChunkSize = std::size_t{1} << kChunkBits;

  T& operator[](std::size_t i) { return chunks_[i >> kChunkBits][i & (kChunkSize - 1)]; }
  const T& operator[](std::size_t i) const { return chunks_[i >> kChunkBits][i & (kChunkSize - 1)]; }

  void push_back(const T& value) {
    if ((size_ & (kChunkSize - 1)) == 0 && (size_ >> kChunkBits) == chunks_.size()) {
      chunks_.push_back(std::make_unique_for_overwrite<T[]>(kChunkSize));
    }
    (*this)[size_++] = value;
  }

  std::size_t size() const { return size_; }
  // Memory held by the elements' chunks and the chunk table.
  std::size_t bytes() const {
    return chunks_.size() * kChunkSize * sizeof(T) + chunks_.capacity() * sizeof(std::unique_ptr<T[]>);
  }

 private:
  std::vector<std::unique_ptr<T[]>> chunks_;
  std::size_t size_ = 0;
};

}  // namespace hsearch::detail
