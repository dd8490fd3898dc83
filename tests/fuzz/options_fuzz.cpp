// Fuzz target: the one place that reads the numbers and names a user types (hsearch::app's
// parse_seconds, parse_count, parse_count_in, parse_range, split_list, the algorithm names,
// and hanoi's --pdb group sizes). Each input line goes through every parser: a value is
// accepted within its documented range, or refused with std::invalid_argument; nothing wraps
// around, crashes or overflows.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>

#include "hsearch/app/options.hpp"
#include "hsearch/hanoi/solver.hpp"
#include "hsearch/search/by_name.hpp"

namespace {

void parse_everything(const std::string& text) {
  namespace app = hsearch::app;
  try {
    const double s = app::parse_seconds("time-limit", text);
    if (!std::isfinite(s) || s < 0) __builtin_trap();
  } catch (const std::invalid_argument&) {
  }
  try {
    (void)app::parse_count("node-limit", text);
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) __builtin_trap();
  } catch (const std::invalid_argument&) {
  }
  try {
    const std::uint64_t v = app::parse_count_in("jobs", text, 1, 256);
    if (v < 1 || v > 256) __builtin_trap();
  } catch (const std::invalid_argument&) {
  }
  int first = 0, last = 0;
  if (app::parse_range(text, first, last) && (first < 1 || last < first)) __builtin_trap();
  for (const std::string& item : app::split_list(text)) {
    if (item.empty()) __builtin_trap();
    (void)hsearch::parse_algorithm(item);
  }
  try {
    (void)hsearch::hanoi::detail::parse_sizes(text, "--pdb");
  } catch (const std::invalid_argument&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  for (std::string line; std::getline(in, line);) parse_everything(line);
  return 0;
}
