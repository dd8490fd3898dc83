// `search-compare lab [--host ADDRESS] [--port N]`: serves the search lab at /lab. The page
// (assets/, compiled in) asks POST /api/lab/run for a recorded run and plays it back; GET
// /api/lab/catalog lists the domains and their algorithms, heuristics and prunings; GET
// /api/lab/random draws a sliding-tile board; GET /chart.js is Debian's Chart.js when it is
// installed. The first line of stdout is the page's address; Ctrl-C or SIGTERM stops it.
#include "lab_main.hpp"

#include <atomic>
#include <chrono>
#include <iostream>
#include <string>
#include <thread>

#include <boost/program_options.hpp>

#include "hsearch/app/exit_status.hpp"
#include "hsearch/app/messages.hpp"
#include "hsearch/app/options.hpp"
#include "hsearch/app/web_server.hpp"
#include "hsearch/compare/html_report.hpp"
#include "hsearch/core/interrupt.hpp"
#include "lab_runner.hpp"

namespace hsearch::lab {

std::span<const app::WebAsset> web_assets();  // the page, compiled in (cmake/EmbedAssets.cmake)

namespace {

constexpr const char* kProgram = "search-compare lab";
constexpr int kBadInput = app::code(app::ExitStatus::bad_input);

// Runs at once at most; more are answered 503 (each run is bounded by the lab's limits).
constexpr int kMaxRuns = 2;

const app::WebAsset* find_asset(const std::string& path) {
  for (const app::WebAsset& a : web_assets()) {
    if (a.path == path) return &a;
  }
  return nullptr;
}

}  // namespace

int lab_main(int argc, char** argv) {
  namespace po = boost::program_options;
  app::CommandLineSpec spec;
  spec.groups = 0;
  spec.exit_status_table = false;
  app::CommandLine cli(kProgram, "search-compare lab [--host ADDRESS] [--port N]",
                       "Serves the search lab to a web browser at /lab: BFS, IDA*, A* and weighted A* on small\n"
                       "instances of the sliding-tile puzzle, the Tower of Hanoi and Sokoban, recorded event by\n"
                       "event and played back step by step (docs/search_lab.md).",
                       spec);
  cli.set_epilogue(
      "The first line of standard output is the page's address. Ctrl-C or SIGTERM stops the server.\n"
      "Exit status: 130 stopped by a signal; 2 bad usage (a port in use); 70 internal error.");
  app::add_server_options(cli.options());
  cli.options().add_options()
      ("node-limit", po::value<std::string>()->value_name("EXPANSIONS")->default_value("200000"),
       "expansions of each run at most")
      ("time-limit", po::value<std::string>()->value_name("SECONDS")->default_value("10"),
       "seconds of each run at most")
      ("chartjs", po::value<std::string>()->value_name("FILE"),
       "Chart.js file for the page's charts (default $HSEARCH_CHARTJS, else "
       "/usr/share/javascript/chart.js/chart.min.js from libjs-chart.js)");
  const po::variables_map& vm = cli.parse(argc, argv);
  app::WebServerOptions web;
  LabLimits limits;
  try {
    web = app::server_options(vm);
    limits.max_expanded = app::parse_count_in("node-limit", vm["node-limit"].as<std::string>(), 1, 100000000);
    limits.max_seconds = app::parse_seconds("time-limit", vm["time-limit"].as<std::string>());
    if (!(limits.max_seconds > 0 && limits.max_seconds <= 600)) {
      throw std::invalid_argument("--time-limit must be more than 0 and at most 600 seconds");
    }
  } catch (const std::invalid_argument& e) {
    app::print_error(kProgram, std::string(e.what()) + " (see search-compare lab --help)");
    return kBadInput;
  }
  const compare::ChartLibrary chart = compare::load_chart_library(vm.count("chartjs") ? vm["chartjs"].as<std::string>() : "");
  if (!chart.found()) {
    if (vm.count("chartjs")) {
      app::print_error(kProgram, chart.problem);
      return kBadInput;
    }
    app::print_warning(kProgram, chart.problem + "; the page will show its numbers without charts");
  }

  app::WebServer server(web);
  std::atomic<int> running{0};
  const auto page = [](const std::string& path) {
    return [path](const httplib::Request&, httplib::Response& response) {
      const app::WebAsset* a = find_asset(path);
      if (a == nullptr) throw app::HttpError(404, "no such page: " + path);
      response.set_content(std::string(a->body), std::string(a->content_type));
    };
  };
  server.get("/", [](const httplib::Request&, httplib::Response& response) { response.set_redirect("/lab"); });
  server.get("/lab", page("/lab.html"));
  server.get("/chart.js", [&chart](const httplib::Request&, httplib::Response& response) {
    if (!chart.found()) throw app::HttpError(404, "Chart.js is not installed (libjs-chart.js)");
    response.set_content(chart.text, "text/javascript; charset=utf-8");
  });
  server.get("/api/lab/catalog", [&limits](const httplib::Request&, httplib::Response& response) {
    app::reply_json(response, lab_catalog(limits));
  });
  server.get("/api/lab/random", [](const httplib::Request& request, httplib::Response& response) {
    const auto param = [&](const char* name, long long low, long long high, long long fallback) {
      if (!request.has_param(name)) return fallback;
      try {
        return static_cast<long long>(app::parse_count_in(name, request.get_param_value(name),
                                                          static_cast<std::uint64_t>(low), static_cast<std::uint64_t>(high)));
      } catch (const std::invalid_argument& e) {
        throw app::HttpError(400, e.what());
      }
    };
    const auto size = param("size", 3, 4, 3);
    const auto seed = param("seed", 0, 0x7fffffffffffffffLL, 1);
    app::reply_json(response, app::Json{{"instance", random_board(static_cast<unsigned>(size), static_cast<unsigned>(size),
                                                                  static_cast<std::uint64_t>(seed))},
                                        {"size", size},
                                        {"seed", seed}});
  });
  server.post("/api/lab/run", [&limits, &running](const httplib::Request& request, httplib::Response& response) {
    LabRequest lab_request;
    try {
      lab_request = parse_lab_request(app::json_body(request));
    } catch (const LabError& e) {
      throw app::HttpError(400, e.what());
    }
    if (running.fetch_add(1) >= kMaxRuns) {
      running.fetch_sub(1);
      throw app::HttpError(503, "the lab is busy with other runs: try again in a moment");
    }
    try {
      response.set_content(run_lab(lab_request, limits), "application/json");
    } catch (const LabError& e) {
      running.fetch_sub(1);
      throw app::HttpError(400, e.what());
    } catch (...) {
      running.fetch_sub(1);
      throw;
    }
    running.fetch_sub(1);
  });
  server.serve_assets(web_assets());
  try {
    server.bind();
  } catch (const std::runtime_error& e) {
    app::print_error(kProgram, e.what());
    return kBadInput;
  }
  std::cout << server.url() << "lab" << std::endl;
  std::cerr << kProgram << ": runs of at most " << limits.max_expanded << " expansions and " << limits.max_seconds
            << " s, at most " << limits.max_cap << " events recorded; Ctrl-C stops\n";
  server.run_until_interrupted();
  return app::code(app::ExitStatus::interrupted);
}

}  // namespace hsearch::lab
