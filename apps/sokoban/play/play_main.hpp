#pragma once
// `sokoban play ...`: the terminal game (issue #7). main.cpp hands over argv after "play".
namespace hsearch::sokoban::play {
int play_main(int argc, char** argv);
}
