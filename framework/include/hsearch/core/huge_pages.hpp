#pragma once
// An allocator for large tables read at random: the best-first searches' node index, node
// store and open list, and a domain's own tables probed for every state (Sokoban's goal
// room). A search of millions of nodes probes hundreds of MiB in no order, and with the usual
// 4 KiB pages nearly every probe also misses the TLB (a page walk, itself often a cache
// miss). Blocks of 2 MiB or more are placed on 2 MiB boundaries and offered to the kernel for
// huge pages (Linux transparent huge pages, madvise(MADV_HUGEPAGE): honoured when the
// system's setting is "madvise" or "always", "madvise" being the usual default); one TLB
// entry then covers 512 times as much. Smaller blocks, and every block on other systems, come
// from the ordinary allocator: the hint changes the speed, never the contents.
//
// A huge page is filled in whole on its first touch, so a table holds at most one partly
// used huge page more than it would with small pages; the tables that grow element by
// element (ChunkedArray) keep their first block ordinary so that the thousands of small
// searches some domains run inside a search (Sokoban's pattern searches) touch no more than
// they use.
#include <cstddef>
#include <memory>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace hsearch {

inline constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;

template <class T>
class HugePageAllocator {
 public:
  using value_type = T;

  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    if (!huge(bytes)) return std::allocator<T>().allocate(n);
    void* p = ::operator new(bytes, std::align_val_t{kHugePageBytes});
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    ::madvise(p, bytes, MADV_HUGEPAGE);  // a hint: refused, the pages stay small
#endif
    return static_cast<T*>(p);
  }

  void deallocate(T* p, std::size_t n) noexcept {
    const std::size_t bytes = n * sizeof(T);
    if (!huge(bytes)) {
      std::allocator<T>().deallocate(p, n);
      return;
    }
    ::operator delete(p, std::align_val_t{kHugePageBytes});
  }

  template <class U>
  bool operator==(const HugePageAllocator<U>&) const noexcept {
    return true;
  }

 private:
  static bool huge(std::size_t bytes) { return bytes >= kHugePageBytes; }
};

}  // namespace hsearch
