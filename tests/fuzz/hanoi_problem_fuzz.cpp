// Fuzz target: the Hanoi problem file ("start: <position>", "goal: <position>") and the
// position notation it holds. Any input gives a problem whose positions print back to
// themselves, or a NotationError / LayoutError (std::invalid_argument) naming the problem.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>

#include "hsearch/hanoi/notation.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace hsearch::hanoi;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  try {
    const ProblemText text = read_problem_text(in, "fuzz.problem");
    const Problem problem = make_problem(text.start, text.goal);
    const std::string start = format_position(problem.layout, problem.start);
    const std::string goal = format_position(problem.layout, problem.goal);
    const Problem again = make_problem(start, goal);
    if (format_position(again.layout, again.start) != start || format_position(again.layout, again.goal) != goal) {
      __builtin_trap();
    }
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
