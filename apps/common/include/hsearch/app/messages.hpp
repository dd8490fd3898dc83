#pragma once
// Messages to the user: on stderr, starting with the program's name, so that a message in a
// pipeline or a log says which program wrote it.
#include <iostream>
#include <string_view>

namespace hsearch::app {

inline void print_error(std::string_view program, std::string_view message) {
  std::cerr << program << ": " << message << "\n";
}

inline void print_warning(std::string_view program, std::string_view message) {
  std::cerr << program << ": warning: " << message << "\n";
}

// A choice the program made for the user (e.g. smaller tables than asked, to fit a limit).
inline void print_note(std::string_view program, std::string_view message) {
  std::cerr << program << ": note: " << message << "\n";
}

}  // namespace hsearch::app
