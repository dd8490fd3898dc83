#pragma once
// A minimal hand-written A* for the 4x4 puzzle, the yardstick of the framework's A*: the board
// in one 64-bit word, the blank's cell kept with each node (never searched for), Manhattan
// distance from its own [tile][from][to] table, updated per move, blank moves tried up, left,
// right, down, the goal tested when a node is selected.
//
// It is meant to expand exactly the nodes the framework's A* expands, in the same order, so that
// the two can be compared node for node. The framework (as `fifteen-puzzle --algorithm astar`
// runs it) orders its open list by f, then by the larger g, and leaves the remaining ties to
// its binary heap. The heap here therefore makes the same comparisons: a node's key is
// (f, 255 - g) in one word, "before" is key_a < key_b, and push, pop (last element to the root,
// sifted down, the right child taken only when strictly before the left one) and decrease-key
// (sift up) follow the same steps, on nodes numbered in creation order. The same sequence of
// operations on the same keys then leaves every tie in the same place. A bucket queue would be
// faster but orders ties differently, and the counts would no longer match.
//
// Counting as the framework does: every child is counted as generated (there is no parent
// pruning in A*: the move back leads to the closed parent and is a duplicate); a node is
// counted as expanded after it has passed the goal test. A child reaching an open node by a
// cheaper path lowers its g in place; reaching a closed one that way reopens it (with
// Manhattan, which is consistent, that never happens, but it keeps the loop correct for any
// admissible table).
#include <cstdint>
#include <cstdlib>
#include <vector>

namespace hsearch::fifteen::bench {

class HandAStar {
 public:
  HandAStar() {
    for (unsigned t = 1; t < 16; ++t) {
      for (unsigned a = 0; a < 16; ++a) {
        for (unsigned b = 0; b < 16; ++b) delta_[t][a][b] = static_cast<std::int8_t>(distance(t, b) - distance(t, a));
      }
    }
    for (unsigned p = 0; p < 16; ++p) {
      const unsigned r = p / 4, c = p % 4;
      count_[p] = 0;
      if (r > 0) to_[p][count_[p]++] = static_cast<std::uint8_t>(p - 4);  // up
      if (c > 0) to_[p][count_[p]++] = static_cast<std::uint8_t>(p - 1);  // left
      if (c < 3) to_[p][count_[p]++] = static_cast<std::uint8_t>(p + 1);  // right
      if (r < 3) to_[p][count_[p]++] = static_cast<std::uint8_t>(p + 4);  // down
    }
  }

  // The Manhattan distance of a board (nibble p = tile on cell p, 0 = the blank).
  int manhattan(std::uint64_t board) const {
    int h = 0;
    for (unsigned p = 0; p < 16; ++p) {
      const unsigned t = (board >> (4 * p)) & 15u;
      if (t != 0) h += distance(t, p);
    }
    return h;
  }

  // Returns the solution length (-1: none, i.e. the board has the wrong parity); the counts
  // and the tables are those of this call.
  int solve(std::uint64_t board, unsigned blank) {
    expanded = generated = reopened = 0;
    // Fresh tables each time, as the framework's search object has: both pay for growing them.
    std::vector<Node>().swap(nodes_);
    std::vector<Entry>().swap(heap_);
    slots_ = std::vector<std::uint32_t>(std::size_t{1} << 10, kEmpty);
    mask_ = slots_.size() - 1;
    place(board, add(board, blank, 0, manhattan(board), kNone));
    while (!heap_.empty()) {
      // Room for this expansion's children first, so that the empty slot a lookup ends on
      // is where a new child goes (load at most one half).
      if ((nodes_.size() + 4) * 2 > slots_.size()) grow();
      const std::uint32_t n = pop();
      const Node node = nodes_[n];
      if (node.board == kGoal) return node.g;
      ++expanded;
      const unsigned from = node.blank;
      const int gc = node.g + 1;
      for (unsigned i = 0; i < count_[from]; ++i) {
        const unsigned to = to_[from][i];
        const std::uint64_t tile = (node.board >> (4 * to)) & 15u;
        const std::uint64_t child = node.board ^ ((tile << (4 * to)) | (tile << (4 * from)));
        ++generated;
        const std::uint64_t hash = hash_of(child);
        std::size_t s = hash & mask_;
        for (; slots_[s] != kEmpty; s = (s + 1) & mask_) {
          if (nodes_[slots_[s]].board == child) break;
        }
        if (slots_[s] == kEmpty) {
          slots_[s] = add(child, to, gc, node.h + delta_[tile][to][from], n);
          continue;
        }
        const std::uint32_t known = slots_[s];
        Node& k = nodes_[known];
        if (gc >= k.g) continue;  // a duplicate, no cheaper
        k.g = static_cast<std::uint8_t>(gc);
        k.parent = n;
        if (k.heap_pos == kClosed) {
          ++reopened;
          push(known);
        } else {
          heap_[k.heap_pos].key = key(k);
          sift_up(k.heap_pos);
        }
      }
    }
    return -1;
  }

  std::uint64_t expanded = 0;
  std::uint64_t generated = 0;
  std::uint64_t reopened = 0;

 private:
  static constexpr std::uint64_t kGoal = 0xFEDCBA9876543210ULL;
  static constexpr std::uint32_t kEmpty = 0xFFFFFFFFu;
  static constexpr std::uint32_t kClosed = 0xFFFFFFFFu;
  static constexpr std::uint32_t kNone = 0xFFFFFFFFu;

  struct Node {
    std::uint64_t board;
    std::uint32_t parent;    // for the plan; kept so that both searches store the same
    std::uint32_t heap_pos;  // or kClosed
    std::uint8_t g, h, blank;
  };
  struct Entry {
    std::uint32_t key;  // (f << 8) | (255 - g): smaller comes out first
    std::uint32_t node;
  };

  static int distance(unsigned tile, unsigned cell) {
    return std::abs(static_cast<int>(tile / 4) - static_cast<int>(cell / 4)) +
           std::abs(static_cast<int>(tile % 4) - static_cast<int>(cell % 4));
  }
  static std::uint64_t hash_of(std::uint64_t b) {
    b ^= b >> 29;
    b *= 0x9E3779B97F4A7C15ULL;
    return b ^ (b >> 32);
  }
  static std::uint32_t key(const Node& n) {
    return (static_cast<std::uint32_t>(n.g + n.h) << 8) | static_cast<std::uint32_t>(255 - n.g);
  }

  std::uint32_t add(std::uint64_t board, unsigned blank, int g, int h, std::uint32_t parent) {
    const auto id = static_cast<std::uint32_t>(nodes_.size());
    nodes_.push_back(Node{board, parent, kClosed, static_cast<std::uint8_t>(g), static_cast<std::uint8_t>(h),
                          static_cast<std::uint8_t>(blank)});
    push(id);
    return id;
  }

  void place(std::uint64_t board, std::uint32_t id) {
    std::size_t s = hash_of(board) & mask_;
    while (slots_[s] != kEmpty) s = (s + 1) & mask_;
    slots_[s] = id;
  }
  // Doubles the table and places every node again.
  void grow() {
    slots_.assign(slots_.size() * 2, kEmpty);
    mask_ = slots_.size() - 1;
    for (std::uint32_t i = 0; i < nodes_.size(); ++i) place(nodes_[i].board, i);
  }

  void push(std::uint32_t n) {
    heap_.push_back(Entry{key(nodes_[n]), n});
    sift_up(static_cast<std::uint32_t>(heap_.size() - 1));
  }
  std::uint32_t pop() {
    const std::uint32_t top = heap_[0].node;
    const Entry last = heap_.back();
    heap_.pop_back();
    if (!heap_.empty()) {
      heap_[0] = last;
      sift_down(0);
    }
    nodes_[top].heap_pos = kClosed;
    return top;
  }
  void sift_up(std::uint32_t pos) {
    const Entry e = heap_[pos];
    while (pos > 0) {
      const std::uint32_t up = (pos - 1) / 2;
      if (e.key >= heap_[up].key) break;
      heap_[pos] = heap_[up];
      nodes_[heap_[pos].node].heap_pos = pos;
      pos = up;
    }
    heap_[pos] = e;
    nodes_[e.node].heap_pos = pos;
  }
  void sift_down(std::uint32_t pos) {
    const Entry e = heap_[pos];
    const auto size = static_cast<std::uint32_t>(heap_.size());
    for (;;) {
      std::uint32_t child = 2 * pos + 1;
      if (child >= size) break;
      if (child + 1 < size && heap_[child + 1].key < heap_[child].key) ++child;
      if (heap_[child].key >= e.key) break;
      heap_[pos] = heap_[child];
      nodes_[heap_[pos].node].heap_pos = pos;
      pos = child;
    }
    heap_[pos] = e;
    nodes_[e.node].heap_pos = pos;
  }

  std::int8_t delta_[16][16][16] = {};
  std::uint8_t to_[16][4] = {};
  std::uint8_t count_[16] = {};
  std::vector<Node> nodes_;
  std::vector<Entry> heap_;
  std::vector<std::uint32_t> slots_;
  std::size_t mask_ = 0;
};

}  // namespace hsearch::fifteen::bench
