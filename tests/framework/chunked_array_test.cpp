// ChunkedArray (A*'s node store): elements keep their values and addresses across chunks, and
// every element constructed is destroyed exactly once (storage is left uninitialised until a
// push, so the count of live objects must follow the pushes, not the chunk size).
#include "hsearch/search/detail/chunked_array.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <memory>
#include <string>

namespace {

using hsearch::detail::ChunkedArray;

TEST(ChunkedArray, KeepsValuesAndAddressesAcrossChunks) {
  ChunkedArray<std::size_t> a;
  const std::size_t n = 3 * ChunkedArray<std::size_t>::kChunkSize + 17;
  a.push_back(0);
  const std::size_t* first = &a[0];
  for (std::size_t i = 1; i < n; ++i) a.push_back(i * 7);
  EXPECT_EQ(a.size(), n);
  EXPECT_EQ(&a[0], first);  // growing never moves an element
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(a[i], i * 7) << i;
  EXPECT_GE(a.bytes(), 4 * ChunkedArray<std::size_t>::kChunkSize * sizeof(std::size_t));
}

TEST(ChunkedArray, DestroysExactlyTheElementsItConstructed) {
  auto counter = std::make_shared<int>(0);
  {
    ChunkedArray<std::shared_ptr<int>> a;
    for (std::size_t i = 0; i < ChunkedArray<std::shared_ptr<int>>::kChunkSize + 5; ++i) a.push_back(counter);
    EXPECT_EQ(counter.use_count(), static_cast<long>(ChunkedArray<std::shared_ptr<int>>::kChunkSize + 6));
  }
  EXPECT_EQ(counter.use_count(), 1);
  {
    ChunkedArray<std::string> empty;  // no chunk at all
    EXPECT_EQ(empty.size(), 0u);
  }
}

}  // namespace
