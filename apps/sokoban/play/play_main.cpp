// Placeholder while the game is being written (replaced by the game's entry point).
#include "play_main.hpp"

#include <iostream>

namespace hsearch::sokoban::play {
int play_main(int, char**) {
  std::cerr << "sokoban play: not available in this build\n";
  return 2;
}
}  // namespace hsearch::sokoban::play
