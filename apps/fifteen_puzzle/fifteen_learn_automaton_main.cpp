// fifteen-learn-automaton: learns a move-pruning automaton for sliding-tile puzzles with the
// framework's learner (Taylor & Korf 1993): breadth-first rounds of growing depth over label
// sequences from a board with the blank in the centre (default 7x7), redundant sequences found
// by the preference order (i)-(iv), the automaton built with Aho-Corasick and saved after every
// round (so an interrupted run keeps its last completed round, and --resume continues it).
//
// Samples: the primary one has the blank in the centre; one more per other cell of the board
// puts the blank there, so condition (iii) (applicability near edges) is checked in every
// context. The learned automaton uses only the four labels (up, down, left, right) and serves any
// board size. Exit status: the table of hsearch::app (3 when a limit stopped it, 130 on Ctrl-C).
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "hsearch/app/exit_status.hpp"
#include "hsearch/app/messages.hpp"
#include "hsearch/app/options.hpp"
#include "hsearch/fifteen_puzzle/domain.hpp"
#include "hsearch/fifteen_puzzle/solver.hpp"
#include "hsearch/pruning/automaton_file.hpp"
#include "hsearch/pruning/learner.hpp"

namespace app = hsearch::app;
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
  constexpr const char* kProgram = "fifteen-learn-automaton";
  std::string output, depth_text = "13", side_text = "7";
  bool resume = false;
  app::CommandLineSpec spec;
  spec.groups = app::kLimitOptions;
  spec.memory_help = "MiB for the kept sequences (0: 8192)";
  app::CommandLine cli(kProgram, "fifteen-learn-automaton --output FILE [--depth D] [--side N] [--resume]",
                       "Learns a move-pruning automaton for sliding-tile puzzles and saves it to FILE after\n"
                       "each completed round (use it with fifteen-puzzle --pruning learned=FILE).",
                       spec);
  cli.options().add_options()
      ("output,o", app::po::value(&output), "automaton file to write")
      ("depth,d", app::po::value(&depth_text)->default_value("13"), "last round's sequence length (1 to 40)")
      ("side", app::po::value(&side_text)->default_value("7"), "board side N (N x N board, blank in the centre; 5 or 7)")
      ("resume", app::po::bool_switch(&resume), "continue from the rounds already saved in FILE (same board and samples)");
  cli.parse(argc, argv);
  if (output.empty()) cli.usage_error("--output FILE is required");
  unsigned side = 7, depth = 13;
  try {
    side = static_cast<unsigned>(app::parse_count_in("side", side_text, 5, 7));
    depth = static_cast<unsigned>(app::parse_count_in("depth", depth_text, 1, 40));
  } catch (const std::invalid_argument& e) {
    cli.usage_error(e.what());
  }
  if (side % 2 == 0) cli.usage_error("--side must be 5 or 7 (odd: the blank starts in the centre)");
  const LargePuzzle puzzle(side, side);
  const unsigned cells = side * side;
  const unsigned centre = cells / 2;
  std::vector<ByteBoard> samples{board_with_blank_at(cells, centre)};
  for (unsigned c = 0; c < cells; ++c) {
    if (c != centre) samples.push_back(board_with_blank_at(cells, c));
  }
  LearnerOptions options;
  options.max_depth = depth;
  options.limits = cli.common().limits();
  if (options.limits.max_bytes == 0) options.limits.max_bytes = std::size_t{8192} << 20;
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
      app::print_error(kProgram, std::string("stopped (") + to_string(result.stop_reason) + "); " + output +
                                     " holds depth " + std::to_string(result.depth_completed));
      return app::code(result.stop_reason == StopReason::interrupted ? app::ExitStatus::interrupted
                                                                     : app::ExitStatus::limit);
    }
    std::cerr << "saved " << output << ": depth " << result.depth_completed << ", "
              << result.forbidden.size() << " forbidden sequences, "
              << result.automaton.state_count() << " states\n";
  } catch (const std::bad_alloc&) {
    app::print_error(kProgram, "out of memory (see --memory-limit); " + output + " holds the last completed round");
    return app::code(app::ExitStatus::limit);
  } catch (const std::exception& e) {
    app::print_error(kProgram, e.what());
    return app::code(app::ExitStatus::bad_input);
  }
  return 0;
}
