#pragma once
// The additive pattern-database heuristic: the sum of the databases of disjoint patterns, and
// on square boards also the same databases looked up on the board reflected about the main
// diagonal (the goal is symmetric: tile at row r, column c <-> row c, column r), taking the
// max of the two sums (Korf & Felner 2002). Admissible.
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "hsearch/fifteen_puzzle/domain.hpp"
#include "hsearch/fifteen_puzzle/pattern_database.hpp"
#include "hsearch/fifteen_puzzle/pdb_cache.hpp"

namespace hsearch::fifteen {

// Named partitions of the tiles into disjoint patterns.
struct Partition {
  std::string name;
  unsigned width, height;
  std::vector<std::vector<unsigned>> patterns;
};

inline std::vector<Partition> known_partitions() {
  return {
      // Compact blocks of cells (goal: blank top-left): the top-left block, the right side,
      // the bottom row.
      {"pdb-555", 4, 4, {{1, 2, 4, 5, 8}, {3, 6, 7, 10, 11}, {9, 12, 13, 14, 15}}},
      {"pdb-663", 4, 4, {{1, 2, 4, 5, 8, 9}, {3, 6, 7, 10, 11, 15}, {12, 13, 14}}},
      {"pdb-78", 4, 4, {{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14, 15}}},
      {"pdb-6666", 5, 5,
       {{1, 2, 5, 6, 7, 12}, {3, 4, 8, 9, 13, 14}, {10, 11, 15, 16, 20, 21},
        {17, 18, 19, 22, 23, 24}}},
      {"pdb-333", 3, 3, {{1, 2, 3}, {4, 5, 6}, {7, 8}}},  // small: tests on the 8-puzzle
  };
}

inline const Partition* find_partition(const std::string& name) {
  static const auto all = known_partitions();
  for (const auto& p : all) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

template <class Board>
class AdditivePdb {
 public:
  using Domain = SlidingTilePuzzle<Board>;
  static constexpr unsigned kMax = Board::kMaxCells;

  AdditivePdb(const Domain& domain, std::vector<std::shared_ptr<const PatternDatabase>> pdbs,
              bool reflect)
      : cells_(domain.cells()), pdbs_(std::move(pdbs)), reflect_(reflect) {
    const Geometry& g = domain.geometry();
    if (reflect_ && g.width() != g.height()) {
      throw std::invalid_argument("reflected lookup needs a square board");
    }
    std::uint64_t covered = 0;
    for (const auto& pdb : pdbs_) {
      if (!pdb->ready()) throw std::invalid_argument("pattern database not built");
      for (unsigned t : pdb->tiles()) {
        if ((covered >> t & 1u) != 0) throw std::invalid_argument("patterns overlap: not additive");
        covered |= std::uint64_t{1} << t;
      }
    }
    for (const auto& pdb : pdbs_) {
      Lookup l;
      l.table = pdb->table().data();
      l.k = static_cast<unsigned>(pdb->tiles().size());
      for (unsigned i = 0; i < l.k; ++i) {
        l.tiles[i] = static_cast<std::uint8_t>(pdb->tiles()[i]);
        l.weight[i] = 1;
        for (unsigned j = i + 1; j < l.k; ++j) l.weight[i] *= cells_ - j;
      }
      lookups_.push_back(l);
    }
    for (unsigned p = 0; p < cells_; ++p) {
      transpose_[p] = static_cast<std::uint8_t>(g.col(p) * g.width() + g.row(p));
    }
  }

  AdditivePdb(const Domain& domain, const Partition& partition, bool reflect,
              const std::filesystem::path& cache_dir, std::ostream* log)
      : AdditivePdb(domain, load_all(domain, partition, cache_dir, log), reflect) {}

  int estimate(const Board& s) const {
    std::array<std::uint8_t, kMax> where{};  // where[tile] = cell
    for (unsigned p = 0; p < cells_; ++p) where[s.at(p)] = static_cast<std::uint8_t>(p);
    int regular = 0;
    for (const Lookup& l : lookups_) {
      std::uint8_t pos[PatternDatabase::kMaxPatternTiles];
      for (unsigned i = 0; i < l.k; ++i) pos[i] = where[l.tiles[i]];
      regular += l.table[l.rank(pos)];
    }
    if (!reflect_) return regular;
    // Reflected board: tile T(t) stands at cell T(where[t]); so pattern tile u of the reflected
    // board sits at T(where[T(u)]) (tile numbers equal goal cells).
    int reflected = 0;
    for (const Lookup& l : lookups_) {
      std::uint8_t pos[PatternDatabase::kMaxPatternTiles];
      for (unsigned i = 0; i < l.k; ++i) pos[i] = transpose_[where[transpose_[l.tiles[i]]]];
      reflected += l.table[l.rank(pos)];
    }
    return std::max(regular, reflected);
  }

 private:
  static std::vector<std::shared_ptr<const PatternDatabase>> load_all(
      const Domain& domain, const Partition& partition, const std::filesystem::path& dir,
      std::ostream* log) {
    if (partition.width != domain.width() || partition.height != domain.height()) {
      throw std::invalid_argument(partition.name + " is for " + std::to_string(partition.width) +
                                  "x" + std::to_string(partition.height) + " boards");
    }
    std::vector<std::shared_ptr<const PatternDatabase>> out;
    for (const auto& tiles : partition.patterns) {
      out.push_back(load_or_build_pdb(domain.geometry(), tiles, dir, log));
    }
    return out;
  }

  // A flat copy of what a lookup needs (no pointer chasing in the search loop). Same index as
  // PatternDatabase::rank: sum of (cell - earlier pattern cells below it) * weight[i], with
  // the counts done by comparisons (std::popcount is a library call on baseline x86-64).
  struct Lookup {
    const std::uint8_t* table = nullptr;
    unsigned k = 0;
    std::array<std::uint8_t, PatternDatabase::kMaxPatternTiles> tiles{};
    std::array<std::uint64_t, PatternDatabase::kMaxPatternTiles> weight{};
    std::uint64_t rank(const std::uint8_t* pos) const {
      std::uint64_t index = 0;
      for (unsigned i = 0; i < k; ++i) {
        unsigned below = 0;
        for (unsigned j = 0; j < i; ++j) below += pos[j] < pos[i];
        index += (pos[i] - below) * weight[i];
      }
      return index;
    }
  };

  unsigned cells_;
  std::vector<std::shared_ptr<const PatternDatabase>> pdbs_;
  std::vector<Lookup> lookups_;
  bool reflect_;
  std::array<std::uint8_t, kMax> transpose_{};
};

}  // namespace hsearch::fifteen
