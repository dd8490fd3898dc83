#pragma once
// The additive pattern-database heuristic: the sum of the databases of disjoint patterns, and
// on square boards also the same databases looked up on the board reflected about the main
// diagonal (the goal is symmetric: tile at row r, column c <-> row c, column r), taking the
// max of the two sums (Korf & Felner 2002). Admissible.
//
// Shared tables: when a partition holds P and s(P) for a board symmetry s that maps P's
// abstract goal onto s(P)'s (board_symmetry.hpp), only P's table is built and s(P) reads it at
// the mapped placement; the value is exactly s(P)'s database, so additivity and admissibility
// are those of separate tables. A partition closed under the reflection gets the same sum on
// the reflected board, so its reflected lookup is skipped.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "hsearch/fifteen_puzzle/board_symmetry.hpp"
#include "hsearch/fifteen_puzzle/domain.hpp"
#include "hsearch/fifteen_puzzle/pattern_database.hpp"
#include "hsearch/fifteen_puzzle/pdb_cache.hpp"

namespace hsearch::fifteen {

// Named partitions of the tiles into disjoint patterns. `max_with` names other partitions of
// the same board: the heuristic is then the max of each partition's additive sum (each with
// its reflected sum), admissible as a max of admissible estimates.
struct Partition {
  std::string name;
  unsigned width, height;
  std::vector<std::vector<unsigned>> patterns;
  std::vector<std::string> max_with = {};
};

inline std::vector<Partition> known_partitions() {
  return {
      // Compact blocks of cells (goal: blank top-left): the top-left block, the right side,
      // the bottom row.
      {"pdb-555", 4, 4, {{1, 2, 4, 5, 8}, {3, 6, 7, 10, 11}, {9, 12, 13, 14, 15}}},
      {"pdb-663", 4, 4, {{1, 2, 4, 5, 8, 9}, {3, 6, 7, 10, 11, 15}, {12, 13, 14}}},
      {"pdb-78", 4, 4, {{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14, 15}}},
      // 5x5: four compact 6-tile blocks, not closed under the reflection (the reflected lookup
      // gives a second, different sum). The left and bottom blocks are the half and quarter
      // turns of the right one: two tables are built (shared_tables).
      {"pdb-6666", 5, 5,
       {{1, 2, 5, 6, 7, 12}, {3, 4, 8, 9, 13, 14}, {10, 11, 15, 16, 20, 21},
        {17, 18, 19, 22, 23, 24}}},
      // 5x5, two 7-tile blocks and two 5-tile blocks: the right-edge block with the cell below
      // it, and its half turn on the left edge (one 7-tile table is built: 2.4 G entries), the
      // top-left block around the blank's goal corner and the bottom-right block. Opt-in: the
      // 7-tile table takes 45 minutes and 14 GB to build (docs/fifteen_puzzle.md). Weaker than
      // pdb-6666 (its 5-tile blocks lose more than the 7-tile ones gain); kept to compare.
      {"pdb-7755", 5, 5,
       {{3, 4, 8, 9, 13, 14, 19}, {5, 10, 11, 15, 16, 20, 21}, {1, 2, 6, 7, 12},
        {17, 18, 22, 23, 24}}},
      // 5x5, closed under the reflection: two self-symmetric blocks around the diagonal and a
      // mirrored pair (the second pair member is read through the first's table: three tables;
      // no reflected sum, it would equal the regular one).
      {"pdb-6666-mirror", 5, 5,
       {{1, 5, 6, 7, 11, 12}, {2, 3, 4, 8, 9, 14}, {10, 15, 16, 20, 21, 22},
        {13, 17, 18, 19, 23, 24}}},
      // 5x5, pdb-6666 with tile 19 moved from the bottom block to the right one (reads the
      // 7-tile table of pdb-7755 and the top-left table of pdb-6666). Also weaker than pdb-6666.
      {"pdb-7665", 5, 5,
       {{3, 4, 8, 9, 13, 14, 19}, {1, 2, 5, 6, 7, 12}, {10, 11, 15, 16, 20, 21},
        {17, 18, 22, 23, 24}}},
      // The max of pdb-6666 and pdb-7755: every estimate at least pdb-6666's (five tables,
      // 2.7 GB in memory).
      {"pdb-6666+7755", 5, 5,
       {{1, 2, 5, 6, 7, 12}, {3, 4, 8, 9, 13, 14}, {10, 11, 15, 16, 20, 21},
        {17, 18, 19, 22, 23, 24}},
       {"pdb-7755"}},
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

// One term of the sum: a table, read either directly or through a board symmetry (the term
// then stands for pattern s(P) where P is the table's pattern: see board_symmetry.hpp).
struct PdbTerm {
  std::shared_ptr<const PatternDatabase> table;
  std::size_t symmetry = 0;  // index into board_symmetries(); 0 = identity
};

// How a partition's tables are obtained: for each pattern, the earlier pattern whose table it
// reads and the symmetry (source = -1: its own table).
struct TableShare {
  int source = -1;
  std::size_t symmetry = 0;
};

inline std::vector<TableShare> shared_tables(const Partition& partition) {
  const Geometry g(partition.width, partition.height);
  const auto symmetries = board_symmetries(g);
  std::vector<TableShare> out(partition.patterns.size());
  const auto set_of = [](const std::vector<unsigned>& tiles, const BoardSymmetry& s) {
    std::uint64_t set = 0;
    for (unsigned t : tiles) set |= std::uint64_t{1} << s.cell[t];
    return set;
  };
  for (std::size_t i = 0; i < partition.patterns.size(); ++i) {
    const std::uint64_t set = set_of(partition.patterns[i], symmetries[0]);
    for (std::size_t j = 0; j < i && out[i].source < 0; ++j) {
      if (out[j].source >= 0) continue;  // share only tables that are built
      for (std::size_t k = 1; k < symmetries.size(); ++k) {
        if (set_of(partition.patterns[j], symmetries[k]) == set &&
            symmetry_shares_table(g, symmetries[k], partition.patterns[j])) {
          out[i] = TableShare{static_cast<int>(j), k};
          break;
        }
      }
    }
  }
  return out;
}

template <class Board>
class AdditivePdb {
 public:
  using Domain = SlidingTilePuzzle<Board>;
  using Move = typename Domain::Move;
  static constexpr unsigned kMax = Board::kMaxCells;
  // Every pattern holds a tile, so a partition has fewer terms than the board has cells.
  static constexpr std::size_t kMaxTerms = kMax;

  // The parts of an estimate, for IDA* (heuristic.hpp, MemoHeuristic): each tile's cell and
  // each term's value in the regular and the reflected sum. A move changes one tile's cell, so
  // the child's sums look up only the term holding that tile in each: 2 table reads instead
  // of 2 per term. estimate(s) fills one too: the sums are computed in one place.
  struct Memo {
    std::array<std::uint8_t, kMax> where;
    std::array<std::uint8_t, kMaxTerms> regular_term, reflected_term;
    int regular, reflected;
  };
  static constexpr bool kNeverDeadEnd = true;  // a sum of one-byte table entries, never dead_end()

  AdditivePdb(const Domain& domain, const std::vector<std::shared_ptr<const PatternDatabase>>& pdbs,
              bool reflect)
      : AdditivePdb(domain, plain_terms(pdbs), reflect) {}

  // Throws std::invalid_argument for overlapping terms, an unbuilt table, a reflection or
  // symmetry the board does not have, or a symmetry that does not give the exact table of the
  // image pattern (symmetry_shares_table): every term is then an exact pattern database.
  AdditivePdb(const Domain& domain, std::vector<PdbTerm> terms, bool reflect)
      : cells_(domain.cells()), terms_(std::move(terms)), reflect_(reflect) {
    const Geometry& g = domain.geometry();
    const auto symmetries = board_symmetries(g);
    if (reflect_ && g.width() != g.height()) {
      throw std::invalid_argument("reflected lookup needs a square board");
    }
    std::uint64_t covered = 0;
    std::vector<std::uint64_t> sets;
    for (const auto& term : terms_) {
      if (!term.table->ready()) throw std::invalid_argument("pattern database not built");
      if (term.symmetry >= symmetries.size()) throw std::invalid_argument("no such board symmetry");
      if (!symmetry_shares_table(g, symmetries[term.symmetry], term.table->tiles())) {
        throw std::invalid_argument("the " + symmetries[term.symmetry].name +
                                    " image of a pattern walling the blank in has its own table");
      }
      std::uint64_t set = 0;
      for (unsigned t : term.table->tiles()) set |= std::uint64_t{1} << symmetries[term.symmetry].cell[t];
      if ((covered & set) != 0) throw std::invalid_argument("patterns overlap: not additive");
      covered |= set;
      sets.push_back(set);
    }
    // Closed under the reflection (every term's reflected tile set is a term's tile set): since
    // every term is the exact table of its tile set, the reflected sum is then the same sum.
    if (reflect_) {
      const BoardSymmetry& t = symmetries[4];  // main diagonal (square boards)
      bool closed = true;
      for (const std::uint64_t set : sets) {
        std::uint64_t reflected = 0;
        for (unsigned p = 0; p < cells_; ++p) {
          if ((set >> p & 1u) != 0) reflected |= std::uint64_t{1} << t.cell[p];
        }
        closed = closed && std::find(sets.begin(), sets.end(), reflected) != sets.end();
      }
      if (closed) reflect_ = false;
    }
    // Term for s(P) read through P's table: pattern tile p_i of the table sits, on the mapped
    // board, at s^-1(where[s(p_i)]). On the reflected board T (where'[u] = T(where[T(u)])) it
    // is s^-1(T(where[T(s(p_i))])).
    for (const auto& term : terms_) {
      const PatternDatabase& pdb = *term.table;
      const BoardSymmetry& s = symmetries[term.symmetry];
      Lookup l;
      l.table = pdb.table().data();
      l.direct = s.identity();
      l.k = static_cast<unsigned>(pdb.tiles().size());
      for (unsigned i = 0; i < l.k; ++i) {
        const unsigned tile = s.cell[pdb.tiles()[i]];
        l.tile[i] = static_cast<std::uint8_t>(tile);
        l.weight[i] = 1;
        for (unsigned j = i + 1; j < l.k; ++j) l.weight[i] *= cells_ - j;
        if (reflect_) l.reflected_tile[i] = symmetries[4].cell[tile];
      }
      for (unsigned p = 0; p < cells_; ++p) {
        l.cell[p] = s.inverse[p];
        if (reflect_) l.reflected_cell[p] = s.inverse[symmetries[4].cell[p]];
      }
      lookups_.push_back(l);
    }
    regular_of_.fill(-1);
    reflected_of_.fill(-1);
    for (std::size_t j = 0; j < lookups_.size(); ++j) {
      for (unsigned i = 0; i < lookups_[j].k; ++i) {
        regular_of_[lookups_[j].tile[i]] = static_cast<std::int8_t>(j);
        if (reflect_) reflected_of_[lookups_[j].reflected_tile[i]] = static_cast<std::int8_t>(j);
      }
    }
  }

  // Loads or builds the partition's tables (pdb_cache.hpp); throws StoppedByLimit when the
  // time limit or the stop flag of `limits` stops a build.
  AdditivePdb(const Domain& domain, const Partition& partition, bool reflect,
              const std::filesystem::path& cache_dir, std::ostream* log, const Limits& limits = {})
      : AdditivePdb(domain, load_all(domain, partition, cache_dir, log, limits), reflect) {
    for (const std::string& other : partition.max_with) {
      const Partition* p = find_partition(other);
      if (p == nullptr) throw std::invalid_argument(partition.name + ": no partition " + other);
      others_.emplace_back(domain, *p, reflect, cache_dir, log, limits);
    }
  }

  // Tables actually held (terms read through a symmetry share one), and whether the reflected
  // sum is computed.
  std::size_t table_count() const {
    std::size_t n = 0;
    for (const auto& t : terms_) n += t.symmetry == 0 ? 1 : 0;
    for (const auto& o : others_) n += o.table_count();
    return n;
  }
  bool reflected_lookup() const { return reflect_; }

  int estimate(const Board& s) const {
    Memo memo;
    return estimate(s, memo);
  }

  // The same value, with its parts in `memo` (the search's root).
  int estimate(const Board& s, Memo& memo) const {
    fill(s, memo);
    return with_others(s, memo);
  }

  // The child's value from the parent's parts: the tile that moved now stands at m.from (the
  // blank's old cell); only the term holding it changes, in each sum.
  int estimate_after(const Board& child, const Move& m, const Memo& parent, Memo& memo) const {
    memo = parent;
    const unsigned tile = child.at(m.from);
    memo.where[tile] = m.from;
    memo.where[0] = m.to;
    if (const int j = regular_of_[tile]; j >= 0) {
      const unsigned v = regular_value(lookups_[static_cast<std::size_t>(j)], memo.where.data());
      memo.regular += static_cast<int>(v) - memo.regular_term[static_cast<std::size_t>(j)];
      memo.regular_term[static_cast<std::size_t>(j)] = static_cast<std::uint8_t>(v);
    }
    if (const int j = reflected_of_[tile]; reflect_ && j >= 0) {
      const unsigned v = reflected_value(lookups_[static_cast<std::size_t>(j)], memo.where.data());
      memo.reflected += static_cast<int>(v) - memo.reflected_term[static_cast<std::size_t>(j)];
      memo.reflected_term[static_cast<std::size_t>(j)] = static_cast<std::uint8_t>(v);
    }
    return with_others(child, memo);
  }

 private:
  // Each tile's cell and each term of the regular and the reflected sum of board s.
  void fill(const Board& s, Memo& memo) const {
    for (unsigned p = 0; p < cells_; ++p) memo.where[s.at(p)] = static_cast<std::uint8_t>(p);
    memo.regular = memo.reflected = 0;
    for (std::size_t j = 0; j < lookups_.size(); ++j) {
      const unsigned v = regular_value(lookups_[j], memo.where.data());
      memo.regular_term[j] = static_cast<std::uint8_t>(v);
      memo.regular += static_cast<int>(v);
      if (reflect_) {
        const unsigned r = reflected_value(lookups_[j], memo.where.data());
        memo.reflected_term[j] = static_cast<std::uint8_t>(r);
        memo.reflected += static_cast<int>(r);
      }
    }
  }

  // A flat copy of what a lookup needs (no pointer chasing in the search loop). Same index as
  // PatternDatabase::rank: sum of (cell - earlier pattern cells below it) * weight[i], with
  // the counts done by comparisons (std::popcount is a library call on baseline x86-64).
  struct Lookup {
    const std::uint8_t* table = nullptr;
    bool direct = true;  // identity symmetry: cell[] is not needed
    unsigned k = 0;
    std::array<std::uint8_t, PatternDatabase::kMaxPatternTiles> tile{}, reflected_tile{};
    std::array<std::uint64_t, PatternDatabase::kMaxPatternTiles> weight{};
    std::array<std::uint8_t, kMax> cell{}, reflected_cell{};
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

  // This partition's sum (the max with its reflected sum), then the max with max_with's.
  int with_others(const Board& s, const Memo& memo) const {
    int h = reflect_ ? std::max(memo.regular, memo.reflected) : memo.regular;
    for (const AdditivePdb& o : others_) h = std::max(h, o.estimate(s));
    return h;
  }

  // One term, on the board and on the reflected board, from the tiles' cells.
  unsigned regular_value(const Lookup& l, const std::uint8_t* where) const {
    std::uint8_t pos[PatternDatabase::kMaxPatternTiles];
    if (l.direct) {
      for (unsigned i = 0; i < l.k; ++i) pos[i] = where[l.tile[i]];
    } else {
      for (unsigned i = 0; i < l.k; ++i) pos[i] = l.cell[where[l.tile[i]]];
    }
    return l.table[l.rank(pos)];
  }
  unsigned reflected_value(const Lookup& l, const std::uint8_t* where) const {
    std::uint8_t pos[PatternDatabase::kMaxPatternTiles];
    for (unsigned i = 0; i < l.k; ++i) pos[i] = l.reflected_cell[where[l.reflected_tile[i]]];
    return l.table[l.rank(pos)];
  }


  static std::vector<PdbTerm> plain_terms(
      const std::vector<std::shared_ptr<const PatternDatabase>>& pdbs) {
    std::vector<PdbTerm> out;
    for (const auto& p : pdbs) out.push_back(PdbTerm{p, 0});
    return out;
  }

  // Builds or loads each pattern's table, except patterns that read an earlier table through a
  // board symmetry (shared_tables).
  static std::vector<PdbTerm> load_all(const Domain& domain, const Partition& partition,
                                       const std::filesystem::path& dir, std::ostream* log,
                                       const Limits& limits) {
    if (partition.width != domain.width() || partition.height != domain.height()) {
      throw std::invalid_argument(partition.name + " is for " + std::to_string(partition.width) +
                                  "x" + std::to_string(partition.height) + " boards");
    }
    const auto share = shared_tables(partition);
    std::vector<PdbTerm> out;
    for (std::size_t i = 0; i < partition.patterns.size(); ++i) {
      if (share[i].source >= 0) {
        out.push_back(PdbTerm{out[static_cast<std::size_t>(share[i].source)].table, share[i].symmetry});
      } else {
        out.push_back(PdbTerm{load_or_build_pdb(domain.geometry(), partition.patterns[i], dir, log, false, limits), 0});
      }
    }
    return out;
  }

  unsigned cells_;
  std::vector<PdbTerm> terms_;
  std::vector<Lookup> lookups_;
  bool reflect_;
  std::vector<AdditivePdb> others_;  // the partitions of max_with
  std::array<std::int8_t, kMax> regular_of_{}, reflected_of_{};  // tile -> its term in each sum
};

}  // namespace hsearch::fifteen
