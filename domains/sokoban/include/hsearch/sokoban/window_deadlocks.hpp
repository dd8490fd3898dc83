#pragma once
// Deadlock tables for small windows of the level: for every placement of a W x H window
// (4 x 4 unless set), every arrangement of boxes on its live squares is classified once, the
// first time a state is tested against the window, as solvable or not in a game restricted to
// the window; a state whose boxes in some window form an unsolvable arrangement is a dead end.
//
// The window's game. Its squares are the level's floor inside the window (walls stay walls);
// everything outside the window is one free place, OUT, joined to every square of the window
// next to outside floor. A state is the set of squares holding boxes and the player's region
// (his reach over the window's empty squares, with OUT when it touches the outside). Pushes
// follow Sokoban's rules, the player standing on a square of the window or, when the square
// behind the box is outside, in OUT; a box is never pushed onto a dead cell; a box pushed
// onto a live square outside the window leaves the game. The arrangement is solvable when
// some sequence of pushes reaches a state in which every box still in the window stands on a
// goal (the window may hold no goal: then every box must leave).
//
// Why an unsolvable arrangement is a dead end (and the test keeps push-optimality). Take a
// solution from a real state and follow only the boxes that are in the window now, each until
// it first leaves the window. Each of their pushes is a legal push of the window's game: its
// target is live (no solution pushes a box onto a dead cell) and free (the game has fewer
// boxes, the same walls inside the window and none outside), and the player can reach the
// square behind the box (the real player walks around more boxes and walls than the game's,
// and OUT joins all of the outside). At the solution's end every box stands on a goal, so the
// followed boxes still in the window do: the game's goal is reached. So a real state whose
// window arrangement the game cannot solve has no solution. The same holds for the pattern
// searches' sub-problems, whose boxes must all end on goals too.
//
// The classification is one breadth-first search per window, backwards from the goal states
// (any set of the window's goals full, the player in any region), over pulls and over boxes
// coming back into the window from outside (the reverse of leaving). Every state it reaches
// can reach a goal state; one it never reaches cannot. Two bits per arrangement are kept:
// solvable with the player in OUT's region, and solvable with the player in some region. The
// player of a real state is in OUT's region when his square is outside the window or his
// flood in the window reaches the outside; otherwise (shut in inside the window) only the
// second bit is read, which is weaker and still sound.
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <set>
#include <vector>

#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/push_state.hpp"
#include "hsearch/sokoban/small_area_region.hpp"

namespace hsearch::sokoban {

struct WindowDeadlockOptions {
  int width = 4;
  int height = 4;
  // Placements with more live squares are left out: their tables grow as 2^live, and an open
  // area rarely holds a deadlock that the freeze test does not see.
  int max_live = 10;
};

class WindowDeadlockTable {
 public:
  static constexpr int kMaxSquares = 20;    // floor squares of a window (5 x 4)
  static constexpr int kMaxLive = 16;       // live squares: 2^16 arrangements at most

  WindowDeadlockTable(const Board& board, const WindowDeadlockOptions& options = {}) : board_(&board) {
    place_windows(std::clamp(options.width, 2, 5), std::clamp(options.height, 2, 5),
                  std::clamp(options.max_live, 2, kMaxLive));
    classified_.assign(windows_.size(), 0);
  }

  // Placements kept (distinct floor, two to max_live live squares). Each is classified the
  // first time a state with two boxes in it is tested against it.
  std::size_t windows() const { return windows_.size(); }
  std::size_t classified() const { return classified_count_; }
  std::size_t bytes() const {
    return (any_.capacity() + out_.capacity()) * sizeof(std::uint64_t) + windows_.capacity() * sizeof(Window) +
           by_cell_.capacity() * sizeof(std::uint16_t) + cell_start_.capacity() * sizeof(std::uint32_t);
  }
  // States the tests below have called dead ends (a statistic of the search using the table).
  std::uint64_t cuts() const { return cuts_; }

  // After a push onto `to`: true when a window holding `to` has an unsolvable arrangement.
  // `player` is a square of the player's area. Counted in cuts().
  template <class Set>
  bool dead_after_push(const Set& boxes, int player, int to) const {
    if (!unwinnable_after_push(boxes, player, to)) return false;
    ++cuts_;
    return true;
  }

  // The same test, not counted: for states looked at ahead of a push that has not been made
  // (the frozen-corral test's, corral.hpp), which are no cuts of the search.
  template <class Set>
  bool unwinnable_after_push(const Set& boxes, int player, int to) const {
    const std::uint32_t end = cell_start_[static_cast<std::size_t>(to) + 1];
    for (std::uint32_t i = cell_start_[static_cast<std::size_t>(to)]; i < end; ++i) {
      if (dead_in(by_cell_[i], boxes, player)) return true;
    }
    return false;
  }

  // Every window: a whole state (for tests; it classifies every window).
  template <class Set>
  bool dead_anywhere(const Set& boxes, int player) const {
    for (std::size_t w = 0; w < windows_.size(); ++w) {
      if (dead_in(w, boxes, player)) {
        ++cuts_;
        return true;
      }
    }
    return false;
  }

 private:
  struct Window {
    int row0 = 0, col0 = 0;
    int squares = 0, live = 0;                    // floor squares; the first `live` of them are live
    std::array<std::uint16_t, kMaxSquares> cell{};  // by square
    std::array<std::uint32_t, kMaxSquares> near{};  // by square: the window's squares next to it
    std::array<std::int8_t, 25> local{};          // by (row - row0) * 5 + (col - col0): square or -1
    std::uint32_t by_outside = 0, goals = 0;
    std::size_t offset = 0;  // first word of its bits in any_ and out_
  };

  static constexpr std::uint32_t bit(int i) { return std::uint32_t{1} << i; }
  static bool test(const std::vector<std::uint64_t>& bits, std::size_t offset, std::uint32_t i) {
    return ((bits[offset + i / 64] >> (i % 64)) & 1) != 0;
  }
  static void set(std::vector<std::uint64_t>& bits, std::size_t offset, std::uint32_t i) {
    bits[offset + i / 64] |= std::uint64_t{1} << (i % 64);
  }

  int square_of(const Window& w, int cell) const {
    const int r = board_->row(cell) - w.row0, c = board_->col(cell) - w.col0;
    if (r < 0 || r >= height_ || c < 0 || c >= width_) return -1;
    return w.local[static_cast<std::size_t>(r * 5 + c)];
  }

  template <class Set>
  bool dead_in(std::size_t at, const Set& boxes, int player) const {
    const Window& w = windows_[at];
    std::uint32_t config = 0;
    for (int i = 0; i < w.live; ++i) {
      if (boxes.test(w.cell[static_cast<std::size_t>(i)])) config |= bit(i);
    }
    // A lone box: the dead cells and the matching's push distances already see where it is
    // stuck, so the window is not classified for it (skipping a test only prunes less; most
    // windows of a small level never hold two boxes, and classifying them would cost more
    // than its whole search).
    if (std::popcount(config) < 2) return false;
    if (classified_[at] == 0) classify(at);
    if (!test(any_, w.offset, config)) return true;
    if (test(out_, w.offset, config)) return false;
    // Solvable only with the player shut in somewhere in the window: is he?
    const int p = square_of(w, player);
    return p < 0 || flood(w, config, p).out;
  }

  // --- the placements ------------------------------------------------------------------------
  void place_windows(int width, int height, int max_live) {
    width_ = width;
    height_ = height;
    const Level& level = board_->level();
    std::set<std::vector<std::uint16_t>> distinct;
    std::vector<std::vector<std::uint16_t>> of_cell(static_cast<std::size_t>(board_->cell_count()));
    for (int r0 = 0; r0 + height <= std::max(level.height, height); ++r0) {
      for (int c0 = 0; c0 + width <= std::max(level.width, width); ++c0) {
        Window w;
        w.row0 = r0;
        w.col0 = c0;
        w.local.fill(-1);
        std::vector<std::uint16_t> cells;
        for (int r = r0; r < r0 + height; ++r) {
          for (int c = c0; c < c0 + width; ++c) {
            const std::uint16_t cell = board_->cell_at(r, c);
            if (cell != kNoCell) cells.push_back(cell);
          }
        }
        std::sort(cells.begin(), cells.end());  // the live cells first (board.hpp numbers them so)
        const int live = static_cast<int>(std::count_if(cells.begin(), cells.end(), [&](int c) { return board_->is_live(c); }));
        if (live < 2 || live > max_live || static_cast<int>(cells.size()) > kMaxSquares) continue;
        if (!distinct.insert(cells).second) continue;
        w.squares = static_cast<int>(cells.size());
        w.live = live;
        for (int i = 0; i < w.squares; ++i) {
          const std::uint16_t cell = cells[static_cast<std::size_t>(i)];
          w.cell[static_cast<std::size_t>(i)] = cell;
          w.local[static_cast<std::size_t>((board_->row(cell) - r0) * 5 + (board_->col(cell) - c0))] = static_cast<std::int8_t>(i);
          if (board_->is_goal(cell)) w.goals |= bit(i);
        }
        for (int i = 0; i < w.squares; ++i) {
          for (int d = 0; d < 4; ++d) {
            const std::uint16_t n = board_->neighbor(w.cell[static_cast<std::size_t>(i)], d);
            if (n == kNoCell) continue;
            const int j = square_of(w, n);
            if (j >= 0) {
              w.near[static_cast<std::size_t>(i)] |= bit(j);
            } else {
              w.by_outside |= bit(i);
            }
          }
        }
        w.offset = any_.size();
        const std::size_t words = ((std::size_t{1} << live) + 63) / 64;
        any_.resize(any_.size() + words, 0);
        out_.resize(out_.size() + words, 0);
        for (int i = 0; i < live; ++i) of_cell[cells[static_cast<std::size_t>(i)]].push_back(static_cast<std::uint16_t>(windows_.size()));
        windows_.push_back(w);
      }
    }
    cell_start_.assign(of_cell.size() + 1, 0);
    for (std::size_t c = 0; c < of_cell.size(); ++c) {
      cell_start_[c + 1] = cell_start_[c] + static_cast<std::uint32_t>(of_cell[c].size());
      by_cell_.insert(by_cell_.end(), of_cell[c].begin(), of_cell[c].end());
    }
  }

  // --- the player's region -------------------------------------------------------------------
  using Region = SmallAreaRegion<std::uint32_t>;

  // From square `from`, or from OUT when `from` is the window's square count.
  static Region flood(const Window& w, std::uint32_t config, int from) {
    return flood_small_area(~config & (bit(w.squares) - 1), w.near, w.by_outside, from, from == w.squares);
  }
  // A region's name: the square count (OUT) when it holds the outside, else its smallest square.
  static int name(const Window& w, const Region& r) { return r.out ? w.squares : std::countr_zero(r.squares); }

  // --- the backward search -------------------------------------------------------------------
  void classify(std::size_t at) const {
    const Window& w = windows_[at];
    classified_[at] = 1;
    ++classified_count_;
    const int names = w.squares + 1;
    std::vector<std::uint32_t>& seen = seen_;  // by arrangement: a bit per region name
    seen.assign(std::size_t{1} << w.live, 0);
    std::vector<std::uint32_t>& queue = queue_;  // config * names + name
    queue.clear();
    auto reach = [&](std::uint32_t config, int from) {
      const int n = name(w, flood(w, config, from));
      if ((seen[config] & bit(n)) != 0) return;
      seen[config] |= bit(n);
      queue.push_back(config * static_cast<std::uint32_t>(names) + static_cast<std::uint32_t>(n));
    };
    const std::uint32_t live_goals = w.goals & (bit(w.live) - 1);
    // The goal states: every set of the window's goals full, the player in each region.
    for (std::uint32_t full = live_goals;; full = (full - 1) & live_goals) {
      reach(full, w.squares);
      for (int s = 0; s < w.squares; ++s) {
        if ((full & bit(s)) == 0) reach(full, s);
      }
      if (full == 0) break;
    }
    for (std::size_t head = 0; head < queue.size(); ++head) {
      const std::uint32_t config = queue[head] / static_cast<std::uint32_t>(names);
      const int player = static_cast<int>(queue[head] % static_cast<std::uint32_t>(names));
      set(any_, w.offset, config);
      if (player == w.squares) set(out_, w.offset, config);
      const Region r = flood(w, config, player);
      // A push inside the window that left a box on b: it came from a, the player from p0
      // behind it, and the player now stands on a.
      for (std::uint32_t boxes = config; boxes != 0; boxes &= boxes - 1) {
        const int b = std::countr_zero(boxes);
        const std::uint16_t cb = w.cell[static_cast<std::size_t>(b)];
        for (int d = 0; d < 4; ++d) {
          const std::uint16_t a = board_->neighbor(cb, opposite(d));
          if (a == kNoCell || !board_->is_live(a)) continue;
          const int ia = square_of(w, a);
          if (ia < 0 || (r.squares & bit(ia)) == 0) continue;  // (a box from outside is not followed)
          const std::uint16_t p0 = board_->neighbor(a, opposite(d));
          if (p0 == kNoCell) continue;
          const std::uint32_t before = (config & ~bit(b)) | bit(ia);
          const int ip0 = square_of(w, p0);
          if (ip0 >= 0 && (before & bit(ip0)) != 0) continue;
          reach(before, ip0 >= 0 ? ip0 : w.squares);
        }
      }
      // A box pushed out of the window from live square s onto live floor outside: the player
      // now stands on s.
      for (std::uint32_t free = r.squares & (bit(w.live) - 1) & w.by_outside; free != 0; free &= free - 1) {
        const int s = std::countr_zero(free);
        const std::uint16_t cs = w.cell[static_cast<std::size_t>(s)];
        for (int d = 0; d < 4; ++d) {
          const std::uint16_t x = board_->neighbor(cs, d);
          if (x == kNoCell || square_of(w, x) >= 0 || !board_->is_live(x)) continue;
          const std::uint16_t p0 = board_->neighbor(cs, opposite(d));
          if (p0 == kNoCell) continue;
          const std::uint32_t before = config | bit(s);
          const int ip0 = square_of(w, p0);
          if (ip0 >= 0 && (before & bit(ip0)) != 0) continue;
          reach(before, ip0 >= 0 ? ip0 : w.squares);
        }
      }
    }
  }

  const Board* board_;
  int width_ = 4, height_ = 4;
  std::vector<Window> windows_;
  std::vector<std::uint16_t> by_cell_;    // the windows holding each live cell, from cell_start_
  std::vector<std::uint32_t> cell_start_;
  // Filled as the windows are first used: the tests stay const, the table being one search's.
  mutable std::vector<std::uint64_t> any_, out_;  // per window: a bit per arrangement
  mutable std::vector<char> classified_;
  mutable std::size_t classified_count_ = 0;
  mutable std::vector<std::uint32_t> seen_, queue_;  // the backward search's scratch
  mutable std::uint64_t cuts_ = 0;                   // a statistic
};

}  // namespace hsearch::sokoban
