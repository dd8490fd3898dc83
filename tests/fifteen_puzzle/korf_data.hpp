#pragma once
// Loads Korf's 100 15-puzzle instances, Korf & Felner's 50 24-puzzle instances and their meta
// data (../shared/data/fifteen/) for tests.
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "data_dir.hpp"

namespace hsearch::fifteen::testing {

struct KorfInstance {
  int id = 0;
  std::vector<unsigned> tiles;
  int opt = 0;
  int md0 = 0;
  std::uint64_t repro_nodes = 0;
  std::uint64_t repro_expanded = 0;
  int lc_h0 = 0;
  std::uint64_t lc_repro_nodes = 0;
};

inline std::vector<KorfInstance> load_korf100() {
  std::vector<KorfInstance> all;
  std::ifstream boards(hsearch::testing::data_file("fifteen/korf100.txt"));
  std::string line;
  while (std::getline(boards, line)) {
    if (line.empty()) continue;
    KorfInstance k;
    k.id = static_cast<int>(all.size()) + 1;
    std::istringstream in(line);
    unsigned t = 0;
    while (in >> t) k.tiles.push_back(t);
    all.push_back(k);
  }
  std::ifstream meta(hsearch::testing::data_file("fifteen/korf100_meta.tsv"));
  std::getline(meta, line);  // header
  while (std::getline(meta, line)) {
    std::istringstream in(line);
    int id = 0;
    std::uint64_t korf85 = 0, last = 0, iters = 0, lc_exp = 0, lc_iters = 0;
    KorfInstance m;
    in >> id >> m.opt >> m.md0 >> korf85 >> m.repro_nodes >> m.repro_expanded >> last >> iters >>
        m.lc_h0 >> m.lc_repro_nodes >> lc_exp >> lc_iters;
    if (id >= 1 && id <= static_cast<int>(all.size())) {
      auto& k = all[static_cast<std::size_t>(id - 1)];
      k.opt = m.opt;
      k.md0 = m.md0;
      k.repro_nodes = m.repro_nodes;
      k.repro_expanded = m.repro_expanded;
      k.lc_h0 = m.lc_h0;
      k.lc_repro_nodes = m.lc_repro_nodes;
    }
  }
  return all;
}

// Korf & Felner's 50 random 24-puzzle instances with `opt` and `md0` from the meta file.
struct KorfFelnerInstance {
  int id = 0;
  std::vector<unsigned> tiles;
  int opt = 0;
  int md0 = 0;
  std::uint64_t kf02_nodes = 0;
};

inline std::vector<KorfFelnerInstance> load_korf_felner24() {
  std::vector<KorfFelnerInstance> all;
  std::ifstream boards(hsearch::testing::data_file("fifteen/korf_felner_24puzzle_50.txt"));
  std::string line;
  while (std::getline(boards, line)) {
    if (line.empty()) continue;
    KorfFelnerInstance k;
    k.id = static_cast<int>(all.size()) + 1;
    std::istringstream in(line);
    unsigned t = 0;
    while (in >> t) k.tiles.push_back(t);
    all.push_back(k);
  }
  std::ifstream meta(hsearch::testing::data_file("fifteen/korf_felner_24puzzle_50_meta.tsv"));
  std::getline(meta, line);  // header: id opt md0 kf02_nodes korf_taylor_1996
  while (std::getline(meta, line)) {
    std::istringstream in(line);
    int id = 0, opt = 0, md0 = 0;
    std::uint64_t nodes = 0;
    in >> id >> opt >> md0 >> nodes;
    if (id >= 1 && id <= static_cast<int>(all.size())) {
      auto& k = all[static_cast<std::size_t>(id - 1)];
      k.opt = opt;
      k.md0 = md0;
      k.kf02_nodes = nodes;
    }
  }
  return all;
}

}  // namespace hsearch::fifteen::testing
