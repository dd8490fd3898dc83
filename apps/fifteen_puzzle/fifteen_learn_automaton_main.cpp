// fifteen-learn-automaton: learns the move-pruning automaton of seed 002 §2.2 step 5 with the
// framework's learner (Taylor & Korf 1993): breadth-first rounds of growing depth over label
// sequences from a board with the blank in the centre (default 7x7), redundant sequences found
// by the preference order (i)-(iv), the automaton built with Aho-Corasick and saved after every
// round (so an interrupted run keeps its last completed round, and --resume continues it).
//
// Samples: the primary one has the blank in the centre; one more per other cell of the board
// puts the blank there, so condition (iii) (applicability near edges) is checked in every
// context. The learned automaton uses only the labels H B G D and serves any board size.
#include <boost/program_options.hpp>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <string>
#include <vector>

#include "hsearch/core/interrupt.hpp"
#include "hsearch/fifteen_puzzle/domain.hpp"
#include "hsearch/fifteen_puzzle/solver.hpp"
#include "hsearch/pruning/automaton_file.hpp"
#include "hsearch/pruning/learner.hpp"

namespace po = boost::program_options;
using namespace hsearch;
using namespace hsearch::fifteen;

namespace {

// Tile i on cell i except that the blank sits on `blank_cell` and tile blank_cell on cell 0.
ByteBoard board_with_blank_at(unsigned cells, unsigned blank_cell) {
  ByteBoard b{};
  for (unsigned p = 0; p < cells; ++p) b.set(p, p);
  if (blank_cell != 0) {
    b.set(0, blank_cell);
    b.set(blank_cell, 0);
  }
  return b;
}

}  // namespace

int main(int argc, char** argv) {
  unsigned side = 7, depth = 13;
  std::string output;
  bool resume = false;
  double max_seconds = 0, max_memory_mb = 8192;
  po::options_description desc(
      "Usage: fifteen-learn-automaton --output FILE [--depth D] [--side N] [--resume]\n"
      "Learns a move-pruning automaton for sliding-tile puzzles and saves it to FILE after\n"
      "each completed round (use it with fifteen-puzzle --pruning learned=FILE).\n\nOptions");
  desc.add_options()("help,h", "show this help")(
      "output,o", po::value(&output)->required(), "automaton file to write")(
      "depth,d", po::value(&depth)->default_value(13), "last round's sequence length")(
      "side", po::value(&side)->default_value(7),
      "board side N (N x N board, blank in the centre; odd N from 5 to 7)")(
      "resume", po::bool_switch(&resume),
      "continue from the rounds already saved in FILE (same board and samples)")(
      "max-seconds", po::value(&max_seconds)->default_value(0),
      "stop after this many seconds (the last completed round is kept)")(
      "max-memory", po::value(&max_memory_mb)->default_value(8192),
      "memory limit in MB for the kept sequences");
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, desc), vm);
    if (vm.count("help") != 0) {
      std::cout << desc << "\n";
      return 0;
    }
    po::notify(vm);
  } catch (const std::exception& e) {
    std::cerr << "fifteen-learn-automaton: " << e.what() << " (see --help)\n";
    return 2;
  }
  if (side < 5 || side > 7 || side % 2 == 0) {
    std::cerr << "fifteen-learn-automaton: --side must be 5 or 7\n";
    return 2;
  }
  if (depth < 1 || depth > 40) {
    std::cerr << "fifteen-learn-automaton: --depth must be between 1 and 40\n";
    return 2;
  }
  const LargePuzzle puzzle(side, side);
  const unsigned cells = side * side;
  const unsigned centre = cells / 2;
  std::vector<ByteBoard> samples{board_with_blank_at(cells, centre)};
  for (unsigned c = 0; c < cells; ++c) {
    if (c != centre) samples.push_back(board_with_blank_at(cells, c));
  }
  LearnerOptions options;
  options.max_depth = depth;
  options.limits.max_seconds = max_seconds;
  options.limits.max_bytes = static_cast<std::size_t>(max_memory_mb * 1024 * 1024);
  install_interrupt_handler();
  options.limits.stop_flag = &interrupt_flag();
  try {
    if (resume && std::filesystem::exists(output)) {
      const auto data = load_move_automaton(output, kAutomatonDomainTag, 4);
      options.initial_forbidden = data.forbidden;
      options.initial_depth = std::min(data.learned_depth, depth);
      std::cerr << "resuming after depth " << options.initial_depth << " ("
                << data.forbidden.size() << " forbidden sequences)\n";
    }
    std::cout << "depth  nodes  sequences  new_forbidden  forbidden  states  branching  kept  "
                 "MB  seconds\n";
    const auto result = learn_move_automaton(
        puzzle, samples, options, [&](const LearnerRound& r, const LearnerResult& so_far) {
          save_move_automaton(output, kAutomatonDomainTag, so_far.file_data());
          std::cout << r.depth << "  " << r.nodes << "  " << r.sequences << "  "
                    << r.new_forbidden << "  " << r.forbidden_total << "  "
                    << r.automaton_states << "  " << std::setprecision(4) << r.branching << "  "
                    << r.kept << "  " << r.bytes / (1024 * 1024) << "  " << r.seconds
                    << std::endl;
        });
    if (result.stop_reason != StopReason::none) {
      std::cerr << "fifteen-learn-automaton: stopped (" << to_string(result.stop_reason)
                << "); " << output << " holds depth " << result.depth_completed << "\n";
      return 3;
    }
    std::cerr << "saved " << output << ": depth " << result.depth_completed << ", "
              << result.forbidden.size() << " forbidden sequences, "
              << result.automaton.state_count() << " states\n";
  } catch (const std::exception& e) {
    std::cerr << "fifteen-learn-automaton: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
