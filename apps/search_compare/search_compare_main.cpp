// search-compare: runs a grid of algorithms x heuristics x prunings over the instances of one
// domain, prints a table per configuration and a comparison table (or one JSON line per run),
// and optionally writes CSV, a self-contained HTML report, a teaching trace and a DOT search
// tree. docs/search_compare.md.
#include <algorithm>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "hsearch/app/exit_status.hpp"
#include "hsearch/app/json.hpp"
#include "hsearch/app/machine.hpp"
#include "hsearch/app/messages.hpp"
#include "hsearch/app/mpi_batch.hpp"
#include "hsearch/app/options.hpp"
#include "hsearch/app/trace_json.hpp"
#include "hsearch/compare/csv_writer.hpp"
#include "hsearch/compare/domain_adapter.hpp"
#include "hsearch/compare/grid_runner.hpp"
#include "hsearch/compare/html_report.hpp"
#include "hsearch/compare/json_record.hpp"
#include "hsearch/compare/registry.hpp"
#include "hsearch/compare/summary_table.hpp"
#ifdef HSEARCH_LAB
#include "lab_main.hpp"
#endif

namespace po = boost::program_options;
namespace app = hsearch::app;
using namespace hsearch::compare;

namespace {

constexpr const char* kProgram = "search-compare";

std::string domains_help() {
  std::ostringstream out;
  out << "Domains in this build:\n";
  for (const auto& f : available_adapters()) {
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
  return out.str();
}

std::string limits_text(const hsearch::Limits& l) {
  std::ostringstream out;
  std::ostringstream seconds;
  seconds << l.max_seconds << " s";
  out << "time " << (l.max_seconds > 0 ? seconds.str() : "unlimited")
      << ", nodes " << (l.max_expanded > 0 ? std::to_string(l.max_expanded) : "unlimited")
      << ", memory " << (l.max_bytes > 0 ? format_bytes(l.max_bytes) : std::string("unlimited"));
  return out.str();
}

// --stats: the run's counters and its IDA* / DFS iterations, on stderr.
void print_stats(std::ostream& out, const RunRecord& r) {
  out << "stats " << r.instance << "  " << r.configuration().label() << ": " << r.status_word()
      << ", expanded " << r.expanded << ", generated " << r.generated << ", reopened " << r.reopened
      << ", pruned " << r.pruned << ", duplicates " << r.duplicates << ", peak memory "
      << format_bytes(r.peak_bytes) << ", " << format_seconds(r.seconds) << " s\n";
  for (std::size_t k = 0; k < r.iterations.size(); ++k) {
    const auto& it = r.iterations[k];
    out << "  iteration " << k + 1 << ": bound " << it.bound << ", expanded " << it.expanded << ", generated "
        << it.generated << ", pruned " << it.pruned
        << (it.stopped ? ", stopped by a limit" : ", next bound " + std::to_string(it.next_bound)) << ", "
        << format_seconds(it.seconds) << " s\n";
  }
}

int run(int argc, char** argv, const app::MpiSession& mpi) {
  app::CommandLineSpec spec;
  spec.groups = app::kSolveOptions | app::kPruningOption | app::kCacheDirOption | app::kTraceJsonOption;
  spec.algorithm = "default";
  spec.algorithm_help =
      "comma list of astar, ida, bfs, dfs (other spellings: a*, idastar, iddfs); default: the "
      "domain's list (below)";
  spec.heuristic_help = "comma list of the domain's heuristics (default: the domain's, below)";
  spec.pruning_help = "comma list: none or the domain's prunings (depth-first algorithms only)";
  spec.memory_help = "MiB per run for the search's own tables (0: no limit)";
  app::CommandLine cli(kProgram,
                       "search-compare --domain D (--instances FILE | --random N [--seed S]) [options]\n"
                       "       search-compare lab [--host ADDRESS] [--port N]   (the search lab: docs/search_lab.md)",
                       "Compares search algorithms, heuristics and move prunings on the instances of one "
                       "domain:\na table per configuration and a comparison table on stdout (or one JSON "
                       "line per run),\nCSV and a self-contained HTML report with charts.",
                       spec);
  std::string domain, instances_file, random_text, first_text, seed_text, jobs_text, csv_file, report_file,
      chartjs, old_heuristics, old_prunings;
  bool summary_only = false;
  cli.options().add_options()
      ("domain,d", po::value(&domain), "the domain (those in this build: below)")
      ("instances,i", po::value(&instances_file), "instance file (format per domain, below)")
      ("first", po::value(&first_text), "use only the first N instances of the file")
      ("random", po::value(&random_text), "instead of a file: N random instances")
      ("seed", po::value(&seed_text), "seed of --random (default 1)")
      ("jobs,j", po::value(&jobs_text)->default_value("1"),
       "runs in parallel (timings are cleaner with 1)")
      ("csv", po::value(&csv_file), "write every run as CSV (RFC 4180) to FILE")
      ("report", po::value(&report_file), "write a self-contained HTML report to FILE")
      ("chartjs", po::value(&chartjs),
       "Chart.js file to embed in the report (default $HSEARCH_CHARTJS, else "
       "/usr/share/javascript/chart.js/chart.min.js from libjs-chart.js)")
      ("summary-only", po::bool_switch(&summary_only), "print only the comparison table");
  // Earlier spellings of this program, kept with a warning.
  cli.hidden().add_options()
      ("heuristics", po::value(&old_heuristics))
      ("prunings,p", po::value(&old_prunings));
  cli.set_epilogue(
      domains_help() +
      "\nBlind algorithms (bfs, dfs) run once with heuristic '-'. A pruning applies to the\n"
      "depth-first searches only (with duplicate detection it can lose optimality): a grid\n"
      "that pairs one with astar or bfs leaves that combination out with a note.\n"
      "--json: one line per run, the core keys of every hsearch program (solution is null:\n"
      "plans are not printed; plan_length is their length), then pruning, reopened, pruned,\n"
      "duplicates, iterations, plan_length, peak_bytes, verified, error.\n"
      "Status words: solved, unsolvable, time_limit, node_limit, memory_limit, interrupted,\n"
      "or error (a run that failed, e.g. a plan that failed its replay: exit status 70).");
  const po::variables_map& vm = cli.parse(argc, argv);
  const app::CommonOptions& common = cli.common();

  std::size_t random_count = 0, first = 0;
  std::uint64_t seed = 1;
  unsigned jobs = 1;
  try {
    if (!random_text.empty()) random_count = app::parse_count_in("random", random_text, 1, 1000000);
    if (!first_text.empty()) first = app::parse_count_in("first", first_text, 1, 100000000);
    if (!seed_text.empty()) seed = app::parse_count("seed", seed_text);
    jobs = static_cast<unsigned>(app::parse_count_in("jobs", jobs_text, 1, 256));
  } catch (const std::invalid_argument& e) {
    cli.usage_error(e.what());
  }
  std::string heuristic_text = common.heuristic;
  if (vm.count("heuristics")) {
    app::print_warning(kProgram, "--heuristics is the old spelling of --heuristic; it will be removed in the next release");
    if (!cli.given("heuristic")) heuristic_text = old_heuristics;
  }
  const bool pruning_given = cli.given("pruning") || vm.count("prune") != 0;
  std::string pruning_text = pruning_given ? common.pruning : std::string();
  if (vm.count("prunings")) {
    app::print_warning(kProgram, "--prunings (-p) is the old spelling of --pruning; it will be removed in the next release");
    if (!pruning_given) pruning_text = old_prunings;
  }

  if (domain.empty()) throw UsageError("--domain is required");
  const auto built = available_adapters();
  const auto factory = std::find_if(built.begin(), built.end(),
                                    [&](const AdapterFactory& f) { return f.name == domain; });
  if (factory == built.end()) {
    std::vector<std::string> names;
    for (const auto& f : built) names.push_back(f.name);
    throw UsageError("unknown domain '" + domain + "' (this build has: " + join(names) + ")");
  }
  std::unique_ptr<DomainAdapter> adapter = factory->make();

  if (instances_file.empty() == (random_count == 0)) {
    throw UsageError("give exactly one of --instances FILE and --random N");
  }
  if (!seed_text.empty() && random_count == 0) throw UsageError("--seed goes with --random");
  if (!first_text.empty() && instances_file.empty()) throw UsageError("--first goes with --instances");

  std::vector<std::string> algorithm_names;
  if (common.algorithm == "default") {
    for (const auto a : adapter->default_algorithms()) algorithm_names.emplace_back(hsearch::to_string(a));
  } else {
    algorithm_names = app::split_list(common.algorithm);
  }
  const Grid grid = make_grid(*adapter, algorithm_names,
                              heuristic_text.empty() ? adapter->default_heuristics() : app::split_list(heuristic_text),
                              pruning_text.empty() ? adapter->default_prunings() : app::split_list(pruning_text));

  std::vector<std::string> instances = random_count > 0 ? adapter->generate_instances(random_count, seed)
                                                        : adapter->load_instances(instances_file);
  if (first > 0 && first < instances.size()) instances.resize(first);

  if (mpi.parallel() && (common.trace || !common.dot_file.empty() || !common.trace_json_file.empty())) {
    throw UsageError("--trace, --dot and --trace-json record a run of one process: run them without mpirun");
  }
  // Output files are opened before the runs, so a bad path fails fast.
  std::ofstream csv, report, dot, trace_json;
  // (under mpirun, rank 0 alone writes them, and alone prints notes and progress)
  const bool rank0 = mpi.rank() == 0;
  const auto open = [&](std::ofstream& f, const std::string& path, const char* what) {
    if (path.empty() || !rank0) return;
    f.open(path, std::ios::binary);
    if (!f) throw InputError(std::string("cannot write the ") + what + " file " + path);
  };
  open(csv, csv_file, "CSV");
  open(report, report_file, "report");
  open(dot, common.dot_file, "DOT");
  open(trace_json, common.trace_json_file, "JSON trace");
  ChartLibrary chart;
  if (!report_file.empty()) {
    chart = load_chart_library(chartjs);
    if (!chart.found()) {
      if (!chartjs.empty()) throw InputError(chart.problem);
      app::print_warning(kProgram, chart.problem + "; the report will hold the tables only");
    }
  }

  std::ostream discard(nullptr);
  std::ostream& notes = rank0 ? std::cerr : discard;
  for (const auto& note : grid.notes) notes << kProgram << ": note: " << note << "\n";
  RunOptions run_options;
  run_options.limits = common.limits();
  adapter->prepare(grid.configurations, app::cache_dir(common.cache_dir), notes, run_options.limits);

  run_options.jobs = jobs;
  run_options.teaching.trace = common.trace ? &std::cerr : nullptr;
  run_options.teaching.dot = common.dot_file.empty() ? nullptr : &dot;
  run_options.teaching.dot_max_nodes = common.dot_max_nodes;
  hsearch::Recording recording;
  recording.cap = common.trace_json_cap;
  if (trace_json.is_open()) run_options.teaching.recording = &recording;
  run_options.finished = [&](const RunRecord& r, std::size_t done, std::size_t total) {
    if (!common.quiet) std::cerr << progress_line(r, done, total) << std::flush;
    if (common.stats) print_stats(std::cerr, r);
    if (common.json) app::print_json_line(std::cout, run_json(r, adapter->name()));
  };
  if (run_options.teaching.active() && jobs > 1) {
    std::cerr << kProgram << ": note: --trace/--dot run one job at a time\n";
  }
  if (!common.dot_file.empty() || !common.trace_json_file.empty()) {
    std::cerr << kProgram << ": note: --dot and --trace-json record the first run (" << instances.front() << ", "
              << grid.configurations.front().label() << ")\n";
  }

  std::vector<RunRecord> records;
  if (mpi.parallel()) {
    // Each run is a task handed out over the ranks; --jobs threads are one process's way.
    auto over_ranks = run_grid_over_ranks(mpi, *adapter, instances, grid.configurations, run_options);
    if (!over_ranks) return 0;  // a worker rank: rank 0 prints everything
    records = std::move(*over_ranks);
  } else {
    records = run_grid(*adapter, instances, grid.configurations, run_options);
  }

  if (!common.json) {
    std::cout << adapter->name() << ": " << instances.size() << " instances x " << grid.configurations.size()
              << " configurations; limits per run: " << limits_text(run_options.limits) << "\n";
    if (!summary_only) print_configuration_tables(std::cout, records);
    print_comparison_table(std::cout, records);
  }

  if (csv.is_open()) {
    write_csv(csv, records);
    csv.close();
    if (!csv) throw InputError("writing " + csv_file + " failed");
    std::cerr << kProgram << ": wrote the CSV file " << csv_file << "\n";
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
    std::cerr << kProgram << ": wrote the report " << report_file
              << (chart.found() ? "" : " (tables only: no Chart.js)") << "\n";
  }
  if (trace_json.is_open()) {
    const Configuration& first_run = grid.configurations.front();
    app::TraceInfo info;
    info.program = kProgram;
    info.domain = adapter->name();
    info.instance = instances.front();
    info.algorithm = hsearch::to_string(first_run.algorithm);
    info.heuristic = first_run.heuristic;
    info.pruning = first_run.pruning;
    trace_json << app::trace_json_text(recording, info) << "\n";
    trace_json.close();
    if (!trace_json) throw InputError("writing " + common.trace_json_file + " failed");
    std::cerr << kProgram << ": wrote the JSON trace " << common.trace_json_file << "\n";
  }
  if (dot.is_open()) {
    dot.close();
    std::cerr << kProgram << ": wrote the DOT file " << common.dot_file << "\n";
  }

  app::ExitStatus status = app::ExitStatus::solved;
  std::size_t failed = 0;
  for (const auto& r : records) {
    status = app::worst(status, r.exit_status());
    if (r.failed()) ++failed;
  }
  if (failed > 0) {
    app::print_error(kProgram, std::to_string(failed) + " run(s) failed (status error; see the tables)");
  }
  return app::code(status);
}

}  // namespace

int main(int argc, char** argv) {
  try {
#ifdef HSEARCH_LAB
    if (argc > 1 && std::string(argv[1]) == "lab") return hsearch::lab::lab_main(argc - 1, argv + 1);
#endif
    // Under mpirun: the grid's runs go over the ranks (mpi_batch.hpp); alone, as always.
    const app::MpiSession mpi(argc, argv);
    return run(argc, argv, mpi);
  } catch (const UsageError& e) {
    app::print_error(kProgram, std::string(e.what()) + " (see search-compare --help)");
    return app::code(app::ExitStatus::bad_input);
  } catch (const InputError& e) {
    app::print_error(kProgram, e.what());
    return app::code(app::ExitStatus::bad_input);
  } catch (const std::exception& e) {
    app::print_error(kProgram, e.what());
    return app::code(app::ExitStatus::internal_error);
  }
}
