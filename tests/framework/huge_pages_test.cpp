// HugePageAllocator (the large tables' memory): a large block starts on a 2 MiB boundary, a
// small one comes from the ordinary allocator, and either holds what is written to it; a
// vector using it keeps its elements as it grows past the threshold.
#include "hsearch/core/huge_pages.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace {

using hsearch::HugePageAllocator;
using hsearch::kHugePageBytes;

TEST(HugePageAllocator, LargeBlocksStartOnAHugePageAndKeepTheirValues) {
  HugePageAllocator<std::uint64_t> a;
  const std::size_t n = 3 * kHugePageBytes / sizeof(std::uint64_t) + 5;
  std::uint64_t* p = a.allocate(n);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % kHugePageBytes, 0u);
  for (std::size_t i = 0; i < n; ++i) p[i] = i * 3;
  for (std::size_t i = 0; i < n; i += 4099) ASSERT_EQ(p[i], i * 3);
  EXPECT_EQ(p[n - 1], (n - 1) * 3);
  a.deallocate(p, n);

  std::uint64_t* q = a.allocate(16);  // small: the ordinary allocator
  for (std::size_t i = 0; i < 16; ++i) q[i] = i;
  EXPECT_EQ(q[15], 15u);
  a.deallocate(q, 16);
}

TEST(HugePageAllocator, AVectorKeepsItsElementsAcrossTheThreshold) {
  std::vector<std::uint32_t, HugePageAllocator<std::uint32_t>> v;
  const std::size_t n = 2 * kHugePageBytes / sizeof(std::uint32_t);
  for (std::size_t i = 0; i < n; ++i) v.push_back(static_cast<std::uint32_t>(i ^ 0x5a5a));
  for (std::size_t i = 0; i < n; i += 997) ASSERT_EQ(v[i], static_cast<std::uint32_t>(i ^ 0x5a5a));
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(v.data()) % kHugePageBytes, 0u);
  v.assign(8, 1u);
  v.shrink_to_fit();
  EXPECT_EQ(v.size(), 8u);
}

}  // namespace
