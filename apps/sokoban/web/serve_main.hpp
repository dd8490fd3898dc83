#pragma once
// `sokoban serve ...`: the browser game. main.cpp hands over argv after "serve" (argv[0] is
// "serve"); returns the exit status.
#include <span>

#include "hsearch/app/web_server.hpp"

namespace hsearch::sokoban::web {
int serve_main(int argc, char** argv);
// The page's files, compiled into the program (apps/sokoban/web/assets).
std::span<const app::WebAsset> web_assets();
}  // namespace hsearch::sokoban::web
