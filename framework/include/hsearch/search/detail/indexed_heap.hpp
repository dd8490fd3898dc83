#pragma once
// The open list of the best-first searches (A*, HDA*): a binary min-heap of node numbers in
// which every node keeps its own position, so that a node whose path got cheaper while it is
// open moves up in place (decreased()) instead of being pushed a second time, and a node taken
// out is marked closed in the same field.
//
// The search passes an accessor to each call: `bool before(a, b) const` (a comes out first) and
// `std::uint32_t& position(n)` (the field of node n that holds its place in the heap).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace hsearch::detail {

class IndexedHeap {
 public:
  bool empty() const { return heap_.empty(); }
  std::size_t size() const { return heap_.size(); }
  // The node that comes out next (the heap is not empty).
  std::uint32_t top() const { return heap_.front(); }
  std::size_t bytes() const { return heap_.capacity() * sizeof(std::uint32_t); }
  // The bytes `more` further pushes would allocate (the vector doubles; the old buffer is held
  // while the elements move).
  std::size_t growth_bytes(std::size_t more) const {
    if (heap_.size() + more <= heap_.capacity()) return 0;
    return std::max(2 * heap_.capacity(), heap_.size() + more) * sizeof(std::uint32_t);
  }

  template <class Access>
  void push(std::uint32_t n, Access access) {
    access.position(n) = static_cast<std::uint32_t>(heap_.size());
    heap_.push_back(n);
    sift_up(access.position(n), access);
  }

  // Takes the top node out and sets its position to `closed`.
  template <class Access>
  std::uint32_t pop(Access access, std::uint32_t closed) {
    const std::uint32_t top = heap_.front();
    const std::uint32_t last = heap_.back();
    heap_.pop_back();
    if (!heap_.empty()) {
      heap_[0] = last;
      access.position(last) = 0;
      sift_down(0, access);
    }
    access.position(top) = closed;
    return top;
  }

  // Node n, in the heap, now comes out earlier than it did (a smaller f or a larger g).
  template <class Access>
  void decreased(std::uint32_t n, Access access) {
    sift_up(access.position(n), access);
  }

 private:
  template <class Access>
  void sift_up(std::uint32_t pos, Access& access) {
    const std::uint32_t n = heap_[pos];
    while (pos > 0) {
      const std::uint32_t up = (pos - 1) / 2;
      if (!access.before(n, heap_[up])) break;
      heap_[pos] = heap_[up];
      access.position(heap_[pos]) = pos;
      pos = up;
    }
    heap_[pos] = n;
    access.position(n) = pos;
  }

  template <class Access>
  void sift_down(std::uint32_t pos, Access& access) {
    const std::uint32_t n = heap_[pos];
    const auto size = static_cast<std::uint32_t>(heap_.size());
    for (;;) {
      std::uint32_t child = 2 * pos + 1;
      if (child >= size) break;
      if (child + 1 < size && access.before(heap_[child + 1], heap_[child])) ++child;
      if (!access.before(heap_[child], n)) break;
      heap_[pos] = heap_[child];
      access.position(heap_[pos]) = pos;
      pos = child;
    }
    heap_[pos] = n;
    access.position(n) = pos;
  }

  std::vector<std::uint32_t> heap_;
};

}  // namespace hsearch::detail
