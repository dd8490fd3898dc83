// search-compare: runs a grid of algorithms x heuristics x prunings over the instances of one
// domain, prints a table per configuration and a comparison table, and optionally writes CSV,
// a self-contained HTML report, a teaching trace and a DOT search tree. docs/search_compare.md.
#include <boost/program_options.hpp>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "hsearch/compare/registry.hpp"
#include "hsearch/compare/csv_writer.hpp"
#include "hsearch/compare/domain_adapter.hpp"
#include "hsearch/compare/grid_runner.hpp"
#include "hsearch/compare/html_report.hpp"
#include "hsearch/compare/summary_table.hpp"
#include "hsearch/core/interrupt.hpp"

namespace po = boost::program_options;
using namespace hsearch::compare;

namespace {

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::string item;
  std::istringstream in(text);
  while (std::getline(in, item, ',')) {
    item.erase(0, item.find_first_not_of(" \t"));
    item.erase(item.find_last_not_of(" \t") + 1);
    if (!item.empty()) out.push_back(item);
  }
  return out;
}

std::string domains_help() {
  std::ostringstream out;
  const auto built = available_adapters();
  out << "Domains in this build:\n";
  for (const auto& f : built) {
    const auto a = f.make();
    out << "  " << a->name() << "\n"
        << "    algorithms: " << join(a->algorithms()) << " (default " << join(a->default_algorithms())
        << ")\n"
        << "    heuristics: " << join(a->heuristics()) << " (default " << join(a->default_heuristics())
        << ")\n"
        << "    prunings:   " << join(a->prunings()) << " (default " << join(a->default_prunings())
        << "; depth-first algorithms only)\n"
        << "    instances:  " << a->instance_format() << "\n";
  }
  for (const auto& name : planned_domains()) {
    const bool present = std::any_of(built.begin(), built.end(),
                                     [&](const AdapterFactory& f) { return f.name == name; });
    if (!present) out << "  " << name << ": not in this build (its adapter could not be built yet)\n";
  }
  return out.str();
}

std::string limits_text(const hsearch::Limits& l) {
  std::ostringstream out;
  std::ostringstream seconds;
  seconds << l.max_seconds << " s";
  out << "time " << (l.max_seconds > 0 ? seconds.str() : "unlimited")
      << ", nodes " << (l.max_expanded > 0 ? std::to_string(l.max_expanded) : "unlimited")
      << ", memory "
      << (l.max_bytes > 0 ? format_bytes(l.max_bytes) : std::string("unlimited"));
  return out.str();
}

int run(int argc, char** argv) {
  std::string domain, instances_file, algorithms, heuristics, prunings, csv_file, report_file,
      dot_file, chartjs;
  std::size_t random_count = 0, dot_max_nodes = 200, first = 0;
  std::uint64_t seed = 1, node_limit = 0;
  double time_limit = 0, memory_limit_mb = 0;
  unsigned jobs = 1;
  bool trace = false, quiet = false, summary_only = false;

  po::options_description options("Options");
  options.add_options()
      ("help,h", "show this help")
      ("domain,d", po::value(&domain), "the domain: sokoban | fifteen-puzzle | hanoi (see below)")
      ("instances,i", po::value(&instances_file), "instance file (format per domain, below)")
      ("random", po::value(&random_count), "instead of a file: N random instances")
      ("first", po::value(&first), "use only the first N instances of the file")
      ("seed", po::value(&seed), "seed of --random (default 1)")
      ("algorithms,a", po::value(&algorithms), "comma list: astar, idastar (ida), bfs, iddfs")
      ("heuristics,H", po::value(&heuristics), "comma list of the domain's heuristics")
      ("prunings,p", po::value(&prunings), "comma list: none or the domain's prunings")
      ("time-limit", po::value(&time_limit), "seconds per run (0 = none)")
      ("node-limit", po::value(&node_limit), "expansions per run (0 = none)")
      ("memory-limit", po::value(&memory_limit_mb),
       "MiB per run for the search's own tables (0 = none)")
      ("jobs,j", po::value(&jobs), "runs in parallel (default 1; timings are cleaner with 1)")
      ("csv", po::value(&csv_file), "write every run as CSV (RFC 4180) to FILE")
      ("report", po::value(&report_file), "write a self-contained HTML report to FILE")
      ("chartjs", po::value(&chartjs),
       "Chart.js file to embed in the report (default $HSEARCH_CHARTJS, else "
       "/usr/share/javascript/chart.js/chart.min.js from libjs-chart.js)")
      ("trace", po::bool_switch(&trace),
       "print IDA*/IDDFS iterations and A* reopen events of every run (runs one job)")
      ("dot", po::value(&dot_file), "write the search tree of the first run as Graphviz DOT")
      ("dot-max-nodes", po::value(&dot_max_nodes), "node bound of --dot (default 200)")
      ("summary-only", po::bool_switch(&summary_only), "print only the comparison table")
      ("quiet,q", po::bool_switch(&quiet), "no progress lines on stderr");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(options).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "search-compare: " << e.what() << " (see --help)\n";
    return 2;
  }
  if (vm.count("help")) {
    std::cout << "search-compare: compare search algorithms, heuristics and prunings on a domain.\n"
                 "Usage: search-compare --domain D (--instances FILE | --random N [--seed S])\n"
                 "         [--algorithms A,..] [--heuristics H,..] [--prunings P,..] [limits]\n"
                 "         [--jobs J] [--csv FILE] [--report FILE.html] [--trace] [--dot FILE]\n\n"
              << options << "\n"
              << domains_help()
              << "\nBlind algorithms (bfs, iddfs) run once with heuristic '-'. Pruning applies to\n"
                 "depth-first searches only (with duplicate detection it can lose optimality).\n"
                 "Exit status: 0 done, 1 bad input file or failed run, 2 bad command line.\n";
    return 0;
  }
  if (domain.empty()) throw UsageError("--domain is required (see --help)");
  const auto built = available_adapters();
  const auto factory = std::find_if(built.begin(), built.end(),
                                    [&](const AdapterFactory& f) { return f.name == domain; });
  if (factory == built.end()) {
    const auto planned = planned_domains();
    if (std::find(planned.begin(), planned.end(), domain) != planned.end()) {
      throw UsageError("domain '" + domain + "' is not in this build (its adapter could not be built)");
    }
    std::vector<std::string> names;
    for (const auto& f : built) names.push_back(f.name);
    throw UsageError("unknown domain '" + domain + "' (this build has: " + join(names) + ")");
  }
  std::unique_ptr<DomainAdapter> adapter = factory->make();

  if (instances_file.empty() == (random_count == 0)) {
    throw UsageError("give exactly one of --instances FILE and --random N");
  }
  if (vm.count("seed") && random_count == 0) throw UsageError("--seed goes with --random");
  if (vm.count("first") && instances_file.empty()) throw UsageError("--first goes with --instances");
  if (jobs == 0) throw UsageError("--jobs must be at least 1");
  if (time_limit < 0 || memory_limit_mb < 0) throw UsageError("limits must not be negative");
  if (dot_max_nodes == 0) throw UsageError("--dot-max-nodes must be at least 1");

  const Grid grid = make_grid(
      *adapter, algorithms.empty() ? adapter->default_algorithms() : split_list(algorithms),
      heuristics.empty() ? adapter->default_heuristics() : split_list(heuristics),
      prunings.empty() ? adapter->default_prunings() : split_list(prunings));

  std::vector<std::string> instances;
  try {
    instances = random_count > 0 ? adapter->generate_instances(random_count, seed)
                                 : adapter->load_instances(instances_file);
  } catch (const InputError& e) {
    std::cerr << "search-compare: " << e.what() << "\n";
    return 1;
  }
  if (first > 0 && first < instances.size()) instances.resize(first);

  // Output files are opened before the runs, so a bad path fails fast.
  std::ofstream csv, report, dot;
  const auto open = [](std::ofstream& f, const std::string& path, const char* what) {
    if (path.empty()) return;
    f.open(path, std::ios::binary);
    if (!f) throw InputError(std::string("cannot write the ") + what + " file " + path);
  };
  open(csv, csv_file, "CSV");
  open(report, report_file, "report");
  open(dot, dot_file, "DOT");
  ChartLibrary chart;
  if (!report_file.empty()) {
    chart = load_chart_library(chartjs);
    if (!chart.found()) {
      if (!chartjs.empty()) throw InputError(chart.problem);
      std::cerr << "search-compare: warning: " << chart.problem
                << "; the report will hold the tables only\n";
    }
  }

  for (const auto& note : grid.notes) std::cerr << "note: " << note << "\n";
  adapter->prepare(grid.configurations, std::cerr);

  hsearch::install_interrupt_handler();
  RunOptions run_options;
  run_options.limits.max_seconds = time_limit;
  run_options.limits.max_expanded = node_limit;
  run_options.limits.max_bytes = static_cast<std::size_t>(memory_limit_mb * 1024 * 1024);
  run_options.limits.stop_flag = &hsearch::interrupt_flag();
  run_options.jobs = jobs;
  run_options.teaching.trace = trace ? &std::cout : nullptr;
  run_options.teaching.dot = dot_file.empty() ? nullptr : &dot;
  run_options.teaching.dot_max_nodes = dot_max_nodes;
  run_options.progress = quiet ? nullptr : &std::cerr;
  if (run_options.teaching.active() && jobs > 1) {
    std::cerr << "note: --trace/--dot run one job at a time\n";
  }
  if (!dot_file.empty()) {
    std::cerr << "note: --dot records the first run (" << instances.front() << ", "
              << grid.configurations.front().label() << ")\n";
  }

  const auto records = run_grid(*adapter, instances, grid.configurations, run_options);

  std::cout << "search-compare: " << adapter->name() << ", " << instances.size() << " instances x "
            << grid.configurations.size() << " configurations; limits per run: "
            << limits_text(run_options.limits) << "\n";
  if (!summary_only) print_configuration_tables(std::cout, records);
  print_comparison_table(std::cout, records);

  if (csv.is_open()) {
    write_csv(csv, records);
    csv.close();
    if (!csv) throw InputError("writing " + csv_file + " failed");
    std::cout << "CSV: " << csv_file << "\n";
  }
  if (report.is_open()) {
    ReportInfo info;
    info.domain = adapter->name();
    for (int i = 0; i < argc; ++i) info.command += (i ? " " : "") + std::string(argv[i]);
    info.limits = limits_text(run_options.limits);
    info.notes = grid.notes;
    write_html_report(report, records, info, chart);
    report.close();
    if (!report) throw InputError("writing " + report_file + " failed");
    std::cout << "report: " << report_file << (chart.found() ? "" : " (tables only: no Chart.js)")
              << "\n";
  }
  if (dot.is_open()) {
    dot.close();
    std::cout << "DOT: " << dot_file << "\n";
  }
  const auto errors = std::count_if(records.begin(), records.end(),
                                    [](const RunRecord& r) { return r.status == "error"; });
  if (errors > 0) {
    std::cerr << "search-compare: " << errors << " run(s) failed (status error; see the tables)\n";
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const UsageError& e) {
    std::cerr << "search-compare: " << e.what() << "\n";
    return 2;
  } catch (const InputError& e) {
    std::cerr << "search-compare: " << e.what() << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "search-compare: " << e.what() << "\n";
    return 1;
  }
}
