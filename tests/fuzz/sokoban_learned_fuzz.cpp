// Fuzz target: the learned file of `sokoban --resume` (sokoban/learned_file.hpp, kind
// "sokoban-learned": read_table_file, the bound, then BasicPatternSearch::restore), fed as a
// whole file and as the payload behind a valid header (table_file_input.hpp), for one small
// level of its own. Restoring is all or nothing: when it throws, the table stays empty.
#include <cstddef>
#include <cstdint>
#include <istream>
#include <sstream>

#include "hsearch/sokoban/learned_file.hpp"
#include "hsearch/sokoban/level_reader.hpp"
#include "table_file_input.hpp"

namespace {

using namespace hsearch::sokoban;

// The level the seeds were written for (tests/fuzz/corpus/sokoban_learned: `sokoban LEVEL
// --resume --cache-dir DIR --pattern-start-after 0` on this text: the start's groups searched, so
// that the file holds area-entry sub-states too).
constexpr const char* kLevel =
    " ########\n"
    " # .    ###\n"
    "## $$#    #\n"
    "#.  @ $   #\n"
    "#  ##.   ##\n"
    "####   ###\n"
    "   #####\n";

const Board& board() {
  static const Board b = [] {
    std::istringstream in(kLevel);
    return Board(read_levels(in, "fuzz-level").front().level);
  }();
  return b;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const PatternSearchOptions options;
  hsearch::fuzz::feed_table_file(data, size, "sokoban-learned", learned_params(board(), options),
                                 [&](std::istream& in) {
                                   const LearnedFile learned =
                                       parse_learned_file(in, hsearch::fuzz::kInputName, board(), options);
                                   PatternSearch search(board(), options);
                                   try {
                                     search.restore(learned.patterns, hsearch::fuzz::kInputName);
                                   } catch (const hsearch::TableFileError&) {
                                     if (search.table().size() != 0) __builtin_trap();
                                     throw;
                                   }
                                 });
  return 0;
}
