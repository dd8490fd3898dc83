#pragma once
// The search lab's runs (`search-compare lab`, docs/search_lab.md): one search on one small
// instance of a domain, recorded event by event (hsearch::RecordingObserver) and returned as
// the JSON trace of app/trace_json.hpp, the same that `--trace-json FILE` writes.
//
// A request names the domain (fifteen-puzzle, hanoi, sokoban), the instance in the domain's
// own text (a board of 9 or 16 tiles; "START -> GOAL" in the hanoi notation or "classic P N";
// one XSB level), the algorithm, heuristic and pruning by their command-line names, A*'s
// weights and the cap on recorded events. Anything the lab does not take (an unknown name, a
// malformed or unsolvable board, an instance over the lab's limits) is a LabError naming the
// problem: the server answers it with 400 and nothing else happens.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "hsearch/app/json.hpp"

namespace hsearch::lab {

class LabError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct LabLimits {
  std::size_t max_cap = 200000;           // recorded events at most
  std::uint64_t max_expanded = 200000;    // node limit of every run
  double max_seconds = 10;                // time limit of every run
  std::size_t max_bytes = std::size_t{512} << 20;  // the search's own tables, every run
  unsigned max_tiles = 16;                // sliding tiles: 3x3 and 4x4
  int max_disks = 8;                      // Tower of Hanoi
  int max_pegs = 6;
  int max_sokoban_cells = 20 * 20;        // level width x height
  int max_boxes = 4;
};

struct LabRequest {
  std::string domain;
  std::string instance;
  std::string algorithm = "astar";
  std::string heuristic;                  // empty: the domain's first
  std::string pruning = "none";
  int weight_g = 1, weight_h = 1;
  std::size_t cap = 50000;
};

// The request read from the page's JSON body (LabError on a missing or wrong member).
LabRequest parse_lab_request(const app::Json& body);

// Runs it: the trace as JSON text, with "lab" (the limits applied) added.
std::string run_lab(const LabRequest& request, const LabLimits& limits);

// What the page offers: domains, their algorithms, heuristics and prunings, the limits.
app::Json lab_catalog(const LabLimits& limits);

// A random solvable board of width x height from `seed`: the first board that
// `fifteen-puzzle --size WxH --random 1 --seed SEED` prints.
std::string random_board(unsigned width, unsigned height, std::uint64_t seed);

}  // namespace hsearch::lab
