#pragma once
// `sokoban play ...`: the terminal game. main.cpp hands over argv after "play" (argv[0] is
// "play"); returns the exit status.
namespace hsearch::sokoban::play {
int play_main(int argc, char** argv);
}
