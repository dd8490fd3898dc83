#pragma once
// Additive pattern databases for sliding-tile puzzles (Korf & Felner 2002; Felner, Korf &
// Hanan 2004).
//
// A pattern is a set of tiles. Its database holds, for every placement of those tiles on the
// board, the fewest moves OF PATTERN TILES needed to bring them to their goal cells (moves of
// other tiles are free). Because each move moves one tile, databases of disjoint patterns can
// be added and stay admissible. Built by our own breadth-first search over abstract states
// (placement, blank region): the blank moves freely among the cells not holding pattern tiles,
// so the abstract state keeps the connected region of free cells holding the blank, and the
// stored value is the minimum over regions. Placements are numbered by the ranking of
// k-permutations (index in [0, N!/(N-k)!)); one byte per placement.
#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <istream>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "hsearch/core/checked_file.hpp"
#include "hsearch/core/limits.hpp"
#include "hsearch/fifteen_puzzle/domain.hpp"

namespace hsearch::fifteen {

namespace detail {

// One breadth-first layer: entries of a fixed byte width (5 for 7 tiles on 5x5: 8 bytes each
// would add 3 bytes to each of the hundreds of millions of abstract states a layer holds) in
// 1 MiB chunks. drain() frees each chunk once read, so the layer being read shrinks while the
// next one grows, and nothing is doubled the way a growing vector's capacity is.
class BfsLayer {
 public:
  explicit BfsLayer(unsigned entry_bytes)
      : width_(entry_bytes), per_chunk_(kChunkBytes / entry_bytes) {}
  std::uint64_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void push(std::uint64_t e) {
    if (size_ % per_chunk_ == 0) chunks_.push_back(std::make_unique<std::uint8_t[]>(kChunkBytes));
    std::uint8_t* at = chunks_.back().get() + (size_ % per_chunk_) * width_;
    for (unsigned b = 0; b < width_; ++b, e >>= 8) at[b] = static_cast<std::uint8_t>(e);
    ++size_;
  }
  // Calls f(entry) for every entry in order and leaves the layer empty. f may push onto
  // another layer.
  template <class F>
  void drain(F&& f) {
    std::uint64_t left = size_;
    for (auto& chunk : chunks_) {
      const std::uint64_t here = std::min<std::uint64_t>(left, per_chunk_);
      const std::uint8_t* at = chunk.get();
      for (std::uint64_t j = 0; j < here; ++j, at += width_) {
        std::uint64_t e = 0;
        for (unsigned b = width_; b-- > 0;) e = (e << 8) | at[b];
        f(e);
      }
      left -= here;
      chunk.reset();
    }
    chunks_.clear();
    size_ = 0;
  }

 private:
  static constexpr std::size_t kChunkBytes = std::size_t{1} << 20;
  unsigned width_;
  std::uint64_t per_chunk_;
  std::uint64_t size_ = 0;
  std::vector<std::unique_ptr<std::uint8_t[]>> chunks_;
};

}  // namespace detail

class PatternDatabase {
 public:
  static constexpr unsigned kMaxPatternTiles = 8;
  static constexpr std::uint8_t kUnset = 0xFF;

  PatternDatabase(const Geometry& geometry, std::vector<unsigned> tiles)
      : geometry_(geometry), tiles_(std::move(tiles)) {
    const unsigned n = geometry_.cells();
    if (tiles_.empty() || tiles_.size() > kMaxPatternTiles) {
      throw std::invalid_argument("a pattern has 1 to 8 tiles");
    }
    std::uint64_t seen = 0;
    for (unsigned t : tiles_) {
      if (t == 0 || t >= n || (seen >> t & 1u) != 0) {
        throw std::invalid_argument("bad pattern tile " + std::to_string(t));
      }
      seen |= std::uint64_t{1} << t;
    }
    size_ = 1;
    for (unsigned i = 0; i < tiles_.size(); ++i) size_ *= n - i;
  }

  const std::vector<unsigned>& tiles() const { return tiles_; }
  std::uint64_t size() const { return size_; }
  bool ready() const { return table_.size() == size_; }
  const std::vector<std::uint8_t>& table() const { return table_; }

  // What the table was built for: written into and checked against the cache file.
  std::string params() const {
    std::string p = std::to_string(geometry_.width()) + "x" + std::to_string(geometry_.height()) +
                    " goal=0..N-1 additive blank-region-bfs v1 tiles=";
    return p + joined(",");
  }
  std::string file_name() const {
    std::string f = "fifteen-pdb-" + std::to_string(geometry_.width()) + "x" +
                    std::to_string(geometry_.height()) + "-";
    return f + joined("_") + ".tbl";
  }
  static constexpr const char* kKind = "sliding-tile-additive-pdb";

  // std::popcount is a library call unless the build targets a CPU with POPCNT; this SWAR
  // count stays inline on every target (it is in every heuristic lookup).
  static unsigned bit_count(std::uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return static_cast<unsigned>((x * 0x0101010101010101ULL) >> 56);
  }

  // Rank of a placement: positions[i] is the cell of tiles()[i].
  std::uint64_t rank(const std::uint8_t* positions) const {
    const unsigned n = geometry_.cells();
    std::uint64_t used = 0, index = 0;
    for (unsigned i = 0; i < tiles_.size(); ++i) {
      const unsigned p = positions[i];
      const unsigned smaller_used = bit_count(used & ((std::uint64_t{1} << p) - 1));
      index = index * (n - i) + (p - smaller_used);
      used |= std::uint64_t{1} << p;
    }
    return index;
  }

  void unrank(std::uint64_t index, std::uint8_t* positions) const {
    const unsigned n = geometry_.cells();
    const unsigned k = static_cast<unsigned>(tiles_.size());
    unsigned digits[kMaxPatternTiles];
    for (unsigned i = k; i-- > 0;) {
      digits[i] = static_cast<unsigned>(index % (n - i));
      index /= (n - i);
    }
    std::uint64_t used = 0;
    for (unsigned i = 0; i < k; ++i) {
      unsigned skip = digits[i];  // the skip-th free cell
      unsigned p = 0;
      for (;; ++p) {
        if ((used >> p & 1u) == 0) {
          if (skip == 0) break;
          --skip;
        }
      }
      positions[i] = static_cast<std::uint8_t>(p);
      used |= std::uint64_t{1} << p;
    }
  }

  unsigned value(std::uint64_t index) const { return table_[index]; }
  // Placements reached by the last build() (0 after load()).
  std::uint64_t reachable() const { return reachable_; }

  // Breadth-first search from the goal placement. `log` (may be null) gets a progress line
  // every set_progress_period() seconds (5 by default), or a tenth of the time spent when that
  // is longer: the share of the placements reached, the time, an estimate of the time left (a
  // large table takes an hour, and says so). With `each_depth`, one line per depth as well.
  // Peak memory: the table (1 byte/placement), a mask of visited blank cells per placement (2
  // bytes for boards of <= 16 cells, 4 for <= 32, 8 beyond), and the breadth-first layer being
  // read with the one being written, 5 bytes per abstract state up to 7 tiles on 5x5 or 8 on
  // 4x4 (detail::BfsLayer). A 7-tile 5x5 table: 2.4 GB + 9.7 GB + the two largest layers.
  // The time limit and the stop flag of `limits` are polled as a search polls them: when one
  // says stop, build throws StoppedByLimit and the table stays unbuilt.
  void build(std::ostream* log = nullptr, const Limits& limits = {}, bool each_depth = true) {
    const unsigned n = geometry_.cells();
    if (n <= 16) {
      build_with<std::uint16_t>(log, limits, each_depth);
    } else if (n <= 32) {
      build_with<std::uint32_t>(log, limits, each_depth);
    } else {
      build_with<std::uint64_t>(log, limits, each_depth);
    }
  }
  void set_progress_period(double seconds) { progress_period_ = seconds; }

  void set_table(std::vector<std::uint8_t> table) {
    if (table.size() != size_) throw std::invalid_argument("pattern database size mismatch");
    table_ = std::move(table);
  }

  void save(const std::filesystem::path& file) const {
    write_table_file(file, kKind, params(), table_);
  }
  // Throws TableFileError when the file is missing, of another kind/pattern, or corrupt
  // (a checksummed payload of the wrong size included: the callers rebuild on TableFileError).
  void load(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw TableFileError(file.string() + ": cannot open");
    load(in, file.string());
  }
  // The same from a seekable binary stream; `name` (the file's name) starts every message.
  void load(std::istream& in, const std::string& name) {
    std::vector<std::uint8_t> table = read_table_file(in, name, kKind, params());
    if (table.size() != size_) {
      throw TableFileError(name + ": pattern database of " + std::to_string(table.size()) +
                           " entries, expected " + std::to_string(size_));
    }
    table_ = std::move(table);
  }

 private:
  std::string joined(const char* separator) const {
    std::string out;
    for (std::size_t i = 0; i < tiles_.size(); ++i) {
      if (i != 0) out += separator;
      out += std::to_string(tiles_[i]);
    }
    return out;
  }

  // Cells reachable from `from` through cells not in `blocked`: a bit-parallel flood fill.
  std::uint64_t region(unsigned from, std::uint64_t blocked) const {
    const std::uint64_t open = board_ & ~blocked;
    const unsigned w = geometry_.width();
    std::uint64_t reached = std::uint64_t{1} << from;
    for (;;) {
      const std::uint64_t grown =
          (reached | ((reached << 1) & not_first_col_) | ((reached >> 1) & not_last_col_) |
           (reached << w) | (reached >> w)) &
          open;
      if (grown == reached) return reached;
      reached = grown;
    }
  }

  template <class Mask>
  void build_with(std::ostream* log, const Limits& limits, bool each_depth) {
    using Clock = std::chrono::steady_clock;
    const auto t0 = Clock::now();
    LimitGuard guard(limits);
    const unsigned k = std::min(static_cast<unsigned>(tiles_.size()), kMaxPatternTiles);
    const unsigned n = geometry_.cells();
    board_ = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
    not_first_col_ = not_last_col_ = board_;
    for (unsigned p = 0; p < n; ++p) {
      if (geometry_.col(p) == 0) not_first_col_ &= ~(std::uint64_t{1} << p);
      if (geometry_.col(p) + 1 == geometry_.width()) not_last_col_ &= ~(std::uint64_t{1} << p);
    }
    std::array<std::uint64_t, 64> adjacent{};
    for (unsigned p = 0; p < n; ++p) {
      for (unsigned l = 0; l < 4; ++l) {
        if (const int q = geometry_.neighbour(p, l); q >= 0) adjacent[p] |= std::uint64_t{1} << q;
      }
    }
    std::vector<std::uint8_t> table(size_, kUnset);
    std::vector<Mask> visited(size_, 0);
    // A queue entry packs the pattern tiles' cells (`bits` each) and the blank's cell, so
    // nothing needs unranking: (cell of tile 0) | (cell of tile 1) << bits | ... | blank << bits*k.
    const unsigned bits = static_cast<unsigned>(std::bit_width(n - 1));
    const std::uint64_t cell_mask = (std::uint64_t{1} << bits) - 1;
    const unsigned entry_bytes = ((k + 1) * bits + 7) / 8;
    detail::BfsLayer layer(entry_bytes), next(entry_bytes);
    const auto pack = [k, bits](const std::uint8_t* pos, unsigned blank) {
      std::uint64_t e = blank;
      for (unsigned i = k; i-- > 0;) e = (e << bits) | pos[i];
      return e;
    };

    std::uint8_t pos[kMaxPatternTiles];
    // (i < kMaxPatternTiles repeats what k already ensures: GCC 12 cannot see it here)
    for (unsigned i = 0; i < k && i < kMaxPatternTiles; ++i) pos[i] = static_cast<std::uint8_t>(tiles_[i]);
    {
      const std::uint64_t idx = rank(pos);
      std::uint64_t occupied = 0;
      for (unsigned i = 0; i < k; ++i) occupied |= std::uint64_t{1} << pos[i];
      visited[idx] = static_cast<Mask>(region(0, occupied));
      table[idx] = 0;
      layer.push(pack(pos, 0));
    }
    std::uint64_t placements = 1;
    // A pattern of every tile reaches half the placements (the other parity); any other, all.
    const std::uint64_t reachable = k + 1 == n ? size_ / 2 : size_;
    auto last_line = t0;
    std::uint64_t since_clock = 0;
    for (unsigned depth = 0; !layer.empty(); ++depth) {
      if (depth + 1 >= kUnset) throw std::runtime_error("pattern database depth overflow");
      layer.drain([&](const std::uint64_t entry) {
        guard.poll();
        if (log != nullptr && ++since_clock == 65536) {
          since_clock = 0;
          const auto now = Clock::now();
          const double spent = std::chrono::duration<double>(now - t0).count();
          // (lines grow sparser as the build goes on: about 30 over an hour-long build)
          if (std::chrono::duration<double>(now - last_line).count() >= std::max(progress_period_, spent / 10)) {
            last_line = now;
            // Time per placement is about constant: the rest takes what the same number took.
            const double left = spent * static_cast<double>(reachable - std::min(reachable, placements)) /
                                static_cast<double>(placements);
            *log << "  pdb " << file_name() << ": " << (100 * placements / reachable) << "% of its placements after "
                 << static_cast<long long>(spent) << " s (depth " << depth + 1 << "), about "
                 << static_cast<long long>(left + 0.5) << " s left" << std::endl;
          }
        }
        std::uint64_t occupied = 0;
        std::uint64_t e = entry;
        for (unsigned i = 0; i < k; ++i, e >>= bits) {
          pos[i] = static_cast<std::uint8_t>(e & cell_mask);
          occupied |= std::uint64_t{1} << pos[i];
        }
        const std::uint64_t free_cells = region(static_cast<unsigned>(e), occupied);
        // A pattern tile next to the blank's region may slide into any adjacent region cell.
        for (unsigned i = 0; i < k; ++i) {
          const unsigned q = pos[i];
          std::uint64_t targets = adjacent[q] & free_cells;
          while (targets != 0) {
            const unsigned c = static_cast<unsigned>(std::countr_zero(targets));
            targets &= targets - 1;
            pos[i] = static_cast<std::uint8_t>(c);
            const std::uint64_t child = rank(pos);
            if ((visited[child] >> q & 1u) == 0) {
              const std::uint64_t child_occupied =
                  (occupied & ~(std::uint64_t{1} << q)) | (std::uint64_t{1} << c);
              visited[child] |= static_cast<Mask>(region(q, child_occupied));
              if (table[child] == kUnset) {
                table[child] = static_cast<std::uint8_t>(depth + 1);
                ++placements;
              }
              next.push(pack(pos, q));
            }
            pos[i] = static_cast<std::uint8_t>(q);
          }
        }
      });
      if (log != nullptr && each_depth) {
        *log << "  pdb " << file_name() << ": depth " << depth + 1 << ", " << next.size()
             << " abstract states, " << placements << "/" << size_ << " placements, "
             << std::chrono::duration<double>(Clock::now() - t0).count() << " s\n";
      }
      std::swap(layer, next);
    }
    // Every placement is reachable unless the pattern holds all tiles (then parity leaves half
    // of them unreachable: those stay kUnset and never match a solvable board).
    reachable_ = placements;
    table_ = std::move(table);
  }

  double progress_period_ = 5.0;
  Geometry geometry_;
  std::vector<unsigned> tiles_;
  std::uint64_t size_ = 0;
  std::uint64_t reachable_ = 0;
  std::uint64_t board_ = 0, not_first_col_ = 0, not_last_col_ = 0;  // build-time cell masks
  std::vector<std::uint8_t> table_;
};

}  // namespace hsearch::fifteen
