// `sokoban serve [LEVELFILE...] [options]`: the browser game. Reads the collections, opens the
// store, binds the socket (127.0.0.1 unless --host says otherwise), prints the page's address as
// the first line of stdout, and serves until Ctrl-C or SIGTERM. Bad input is reported before
// anything is served: a message on stderr, exit status 2.
#include "serve_main.hpp"

#include <chrono>
#include <filesystem>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include <boost/program_options.hpp>

#include "game_server.hpp"
#include "hsearch/app/exit_status.hpp"
#include "hsearch/app/machine.hpp"
#include "hsearch/app/messages.hpp"
#include "hsearch/app/options.hpp"
#include "hsearch/app/web_server.hpp"
#include "hsearch/core/interrupt.hpp"

namespace hsearch::sokoban::web {

namespace {

constexpr const char* kProgram = "sokoban serve";
constexpr int kBadInput = app::code(app::ExitStatus::bad_input);

constexpr const char* kDescription =
    "Serves the Sokoban game to a web browser: the page, and a JSON API under /api/\n"
    "(docs/sokoban_web.md). Profiles, progress and saved games are kept in an SQLite file\n"
    "under --data. LEVELFILE... (XSB or Boxoban text) are offered after the built-in levels.";

constexpr const char* kEpilogue =
    "The first line of standard output is the page's address. Ctrl-C or SIGTERM stops the server\n"
    "(everything is already stored).\n"
    "Exit status: 130 stopped by a signal; 2 bad usage or bad input (an unreadable level file, a\n"
    "port in use, a data directory that cannot be written); 70 internal error.";

int usage_error(const std::string& message) {
  app::print_error(kProgram, message + " (see sokoban serve --help)");
  return kBadInput;
}

}  // namespace

int serve_main(int argc, char** argv) {
  namespace po = boost::program_options;
  app::CommandLineSpec spec;
  spec.groups = 0;
  spec.exit_status_table = false;
  app::CommandLine cli(kProgram, "sokoban serve [LEVELFILE...] [options]", kDescription, spec);
  cli.set_epilogue(kEpilogue);
  app::add_server_options(cli.options());
  cli.options().add_options()
      ("data", po::value<std::string>()->value_name("DIR"),
       "where sokoban-web.sqlite is kept (default $XDG_DATA_HOME/hsearch, else ~/.local/share/hsearch)")
      ("solve-time", po::value<std::string>()->value_name("SECONDS")->default_value("10"),
       "time limit of each hint or solve request")
      ("workers", po::value<std::string>()->value_name("N")->default_value("1"),
       "solver threads (each request searches on one)")
      ("queue", po::value<std::string>()->value_name("N")->default_value("16"),
       "requests that may wait for a solver thread; more are refused (HTTP 503)");
  cli.hidden().add_options()("file", po::value<std::vector<std::string>>(), "level files");
  cli.positional().add("file", -1);
  const po::variables_map& vm = cli.parse(argc, argv);

  app::WebServerOptions web;
  SolverPoolOptions solver;
  try {
    web = app::server_options(vm);
    solver.seconds = app::parse_seconds("solve-time", vm["solve-time"].as<std::string>());
    if (!(solver.seconds > 0 && solver.seconds <= 3600))
      throw std::invalid_argument("--solve-time must be more than 0 and at most 3600 seconds");
    solver.workers = static_cast<int>(app::parse_count_in("workers", vm["workers"].as<std::string>(), 1, 64));
    solver.queue = static_cast<int>(app::parse_count_in("queue", vm["queue"].as<std::string>(), 1, 10000));
  } catch (const std::invalid_argument& e) {
    return usage_error(e.what());
  }

  std::vector<play::Collection> collections{play::builtin_collection()};
  if (vm.count("file")) {
    for (const std::string& file : vm["file"].as<std::vector<std::string>>()) {
      try {
        collections.push_back(play::read_collection(file));
      } catch (const std::runtime_error& e) {
        app::print_error(kProgram, e.what());
        return kBadInput;
      }
    }
  }

  std::filesystem::path dir = vm.count("data") ? std::filesystem::path(vm["data"].as<std::string>()) : app::data_dir();
  if (dir.empty()) return usage_error("neither XDG_DATA_HOME nor HOME is set: give --data DIR");
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    app::print_error(kProgram, dir.string() + ": cannot create the data directory: " + ec.message());
    return kBadInput;
  }
  try {
    Store store(dir / "sokoban-web.sqlite");
    SolverPool pool(solver);
    GameServer game(collections, store, pool);
    app::WebServer server(web);
    game.add_routes(server);
    server.serve_assets(web_assets());
    try {
      server.bind();
    } catch (const std::runtime_error& e) {
      app::print_error(kProgram, e.what());
      return kBadInput;
    }
    std::cout << server.url() << std::endl;
    std::cerr << "sokoban serve: " << collections.size() << " collection" << (collections.size() == 1 ? "" : "s")
              << ", data in " << store.file().string() << "; Ctrl-C stops\n";
    server.run_until_interrupted();
  } catch (const StoreError& e) {
    app::print_error(kProgram, e.what());
    return kBadInput;
  }
  return app::code(app::ExitStatus::interrupted);
}

}  // namespace hsearch::sokoban::web
