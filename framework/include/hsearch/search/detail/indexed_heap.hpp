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

#include "hsearch/core/huge_pages.hpp"

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

  std::vector<std::uint32_t, HugePageAllocator<std::uint32_t>> heap_;
};

// The same heap with each node's sort key kept in its entry: a search whose order comes from
// several fields of the node (f from options and weights, g, the tie fields) computes the key
// once, when the node is pushed or moves up (decreased()), and every comparison of a sift reads
// two entries of this array instead of two nodes at random places in the node store. The
// search must pass a new key whenever a field the key comes from changes while the node is
// open; the order is then the same as comparing the nodes themselves.
//
// The accessor: `bool before(const Entry& a, const Entry& b) const` (a comes out first; it may
// use a.node too, e.g. creation order as the last tie) and `std::uint32_t& position(n)`.
template <class Key>
class KeyedIndexedHeap {
 public:
  struct Entry {
    Key key;
    std::uint32_t node;
  };

  bool empty() const { return heap_.empty(); }
  std::size_t size() const { return heap_.size(); }
  // The node that comes out next (the heap is not empty).
  std::uint32_t top() const { return heap_.front().node; }
  std::size_t bytes() const { return heap_.capacity() * sizeof(Entry); }
  // The bytes `more` further pushes would allocate (the vector doubles; the old buffer is held
  // while the elements move).
  std::size_t growth_bytes(std::size_t more) const {
    if (heap_.size() + more <= heap_.capacity()) return 0;
    return std::max(2 * heap_.capacity(), heap_.size() + more) * sizeof(Entry);
  }

  template <class Access>
  void push(std::uint32_t n, const Key& key, Access access) {
    const auto pos = static_cast<std::uint32_t>(heap_.size());
    heap_.push_back(Entry{key, n});
    sift_up(pos, access);
  }

  // Takes the top node out and sets its position to `closed`.
  template <class Access>
  std::uint32_t pop(Access access, std::uint32_t closed) {
    const std::uint32_t top = heap_.front().node;
    const Entry last = heap_.back();
    heap_.pop_back();
    if (!heap_.empty()) {
      heap_[0] = last;
      sift_down(0, access);
    }
    access.position(top) = closed;
    return top;
  }

  // Node n, in the heap, now has `key`, which comes out earlier than its old one (a smaller f
  // or a larger g).
  template <class Access>
  void decreased(std::uint32_t n, const Key& key, Access access) {
    const std::uint32_t pos = access.position(n);
    heap_[pos].key = key;
    sift_up(pos, access);
  }

 private:
  // (the same steps, and so the same comparisons, as IndexedHeap's)
  template <class Access>
  void sift_up(std::uint32_t pos, Access& access) {
    const Entry e = heap_[pos];
    while (pos > 0) {
      const std::uint32_t up = (pos - 1) / 2;
      if (!access.before(e, heap_[up])) break;
      heap_[pos] = heap_[up];
      access.position(heap_[pos].node) = pos;
      pos = up;
    }
    heap_[pos] = e;
    access.position(e.node) = pos;
  }

  template <class Access>
  void sift_down(std::uint32_t pos, Access& access) {
    const Entry e = heap_[pos];
    const auto size = static_cast<std::uint32_t>(heap_.size());
    for (;;) {
      std::uint32_t child = 2 * pos + 1;
      if (child >= size) break;
      if (child + 1 < size && access.before(heap_[child + 1], heap_[child])) ++child;
      if (!access.before(heap_[child], e)) break;
      heap_[pos] = heap_[child];
      access.position(heap_[pos].node) = pos;
      pos = child;
    }
    heap_[pos] = e;
    access.position(e.node) = pos;
  }

  std::vector<Entry, HugePageAllocator<Entry>> heap_;
};

}  // namespace hsearch::detail
