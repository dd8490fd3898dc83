#include "solver_jobs.hpp"

#include <algorithm>

#include "hsearch/core/observer.hpp"
#include "hsearch/sokoban/play/hint.hpp"
#include "hsearch/sokoban/solver.hpp"

namespace hsearch::sokoban::web {

namespace {

// Finished jobs are kept this long for the page to read their result.
constexpr std::int64_t kKeepDoneMs = 5 * 60 * 1000;

const char* state_name(JobState s) {
  switch (s) {
    case JobState::queued: return "queued";
    case JobState::running: return "running";
    case JobState::done: return "done";
  }
  return "done";
}

// Copies the search's counters into the job while it runs: the expansions, and the push bound
// reached (the largest f = g + h A* has expanded, A* expanding in order of f; IDA* announces its
// bound per iteration). Progress only, so the solve goes through the search the library
// compiles once (solver.hpp's solve_with).
struct JobProgress : NullObserver {
  static constexpr bool kWantsProgress = true;
  std::atomic<std::uint64_t>* expanded;
  std::atomic<std::uint64_t>* generated;
  std::atomic<std::int64_t>* bound;
  std::uint64_t done_expanded = 0, done_generated = 0;  // searches that have ended
  std::uint64_t last_expanded = 0, last_generated = 0;  // the search running now

  void on_iteration_begin(std::int64_t b) { raise(b); }
  // The solver may run several searches one after the other (the fewer-moves pass, IDA* after
  // A*'s memory ran out), each counting from zero: the job shows their sum, which never goes
  // backwards.
  void on_progress(const Statistics& stats, double) {
    if (stats.expanded < last_expanded || stats.generated < last_generated) {
      done_expanded += last_expanded;
      done_generated += last_generated;
    }
    last_expanded = stats.expanded;
    last_generated = stats.generated;
    expanded->store(done_expanded + last_expanded, std::memory_order_relaxed);
    generated->store(done_generated + last_generated, std::memory_order_relaxed);
    raise(stats.f_reached);
  }
  void raise(std::int64_t f) {
    if (f > bound->load(std::memory_order_relaxed)) bound->store(f, std::memory_order_relaxed);
  }
};

}  // namespace

std::int64_t steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

nlohmann::ordered_json Job::to_json() const {
  const JobState state = state_.load();
  const std::int64_t started = started_ms_.load(), finished = finished_ms_.load();
  const double seconds = started == 0 ? 0.0 : static_cast<double>((finished != 0 ? finished : steady_ms()) - started) / 1000.0;
  const std::int64_t bound = bound_.load();
  nlohmann::ordered_json j = {{"job", id_},
                      {"kind", kind_ == JobKind::hint ? "hint" : "solve"},
                      {"game", game_id_},
                      {"state", state_name(state)},
                      {"seconds", seconds},
                      {"expanded", expanded_.load()},
                      {"generated", generated_.load()},
                      {"bound", bound >= 0 ? nlohmann::ordered_json(bound) : nlohmann::ordered_json(nullptr)}};
  std::lock_guard lock(result_mutex_);
  j["result"] = result_;
  return j;
}

void Job::run(const SolverPoolOptions& options) {
  started_ms_.store(steady_ms());
  state_.store(JobState::running);
  SolveOptions solve;
  solve.limits.max_seconds = options.seconds;
  solve.limits.max_bytes = options.max_bytes;
  solve.limits.stop_flag = &stop_;
  JobProgress progress;
  progress.expanded = &expanded_;
  progress.generated = &generated_;
  progress.bound = &bound_;
  nlohmann::ordered_json result;
  try {
    const SolveReport report = solve_level(position_, solve, progress);
    const game::Game start(position_);
    // The report's counts, unless the live ones (every search's) are larger.
    expanded_.store(std::max<std::uint64_t>(expanded_.load(), report.result.stats.expanded));
    generated_.store(std::max<std::uint64_t>(generated_.load(), report.result.stats.generated));
    progress.raise(report.result.stats.f_reached);
    result = {{"status", report.status()}, {"optimal", report.solved() && report.result.optimal}};
    if (report.solved()) {
      // The solution is replayed on the position it was asked for before it is sent.
      game::Game replay = start;
      const std::string problem = replay.play(report.lurd);
      if (!problem.empty() || !replay.won()) {
        result = {{"status", "error"},
                  {"optimal", false},
                  {"message", "internal error: the solver's solution does not replay (" +
                                  (problem.empty() ? std::string("the level is not finished") : problem) + ")"}};
      } else {
        result["pushes"] = report.pushes;
        result["moves"] = report.moves;
        result["lurd"] = report.lurd;
      }
    }
    if (kind_ == JobKind::hint && result["status"] == "solved") {
      const play::Hint hint = play::hint_from(start, report, options.seconds);
      result["message"] = hint.text;
      if (hint.kind == play::Hint::Kind::push) {
        result["hint"] = {{"walk", hint.walk},
                          {"box", {hint.box_row, hint.box_col}},
                          {"dir", play::direction_name(hint.dir)},
                          {"pushes_to_go", hint.pushes_to_go}};
      }
    } else if (!result.contains("message")) {
      const play::Hint said = play::hint_from(start, report, options.seconds);
      std::string message;
      if (report.solved()) {
        message = "solution: " + std::to_string(report.pushes) + " pushes, " + std::to_string(report.moves) +
                  " moves" + (report.result.optimal ? " (push-optimal)" : "");
      } else if (report.result.stop_reason == StopReason::interrupted) {
        message = "search cancelled";
      } else {
        // hint_from words the other outcomes for a player ("no solution from here ...", "no hint
        // within 10 s"): for a whole solution, the same words.
        message = said.text;
        if (kind_ == JobKind::solve && message.rfind("no hint", 0) == 0) message.replace(0, 7, "no solution");
      }
      result["message"] = message;
    }
  } catch (const std::exception& e) {
    result = {{"status", "error"}, {"optimal", false}, {"message", std::string("internal error: ") + e.what()}};
  }
  {
    std::lock_guard lock(result_mutex_);
    result_ = std::move(result);
  }
  finished_ms_.store(steady_ms());
  state_.store(JobState::done);
}

SolverPool::SolverPool(SolverPoolOptions options) : options_(options) {
  for (int i = 0; i < options_.workers; ++i) workers_.emplace_back([this] { work(); });
}

SolverPool::~SolverPool() {
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
    for (auto& [id, job] : jobs_) job->stop_.store(true);
  }
  wake_.notify_all();
  for (std::thread& t : workers_) t.join();
}

std::shared_ptr<Job> SolverPool::submit(JobKind kind, const std::string& game_id, const game::Game& game) {
  std::lock_guard lock(mutex_);
  forget_old_jobs();
  if (static_cast<int>(queue_.size()) >= options_.queue) return nullptr;
  auto job = std::make_shared<Job>("j" + std::to_string(next_id_++), kind, game_id, game.position());
  jobs_[job->id()] = job;
  queue_.push_back(job);
  wake_.notify_one();
  return job;
}

std::shared_ptr<Job> SolverPool::find(const std::string& id) {
  std::lock_guard lock(mutex_);
  const auto it = jobs_.find(id);
  return it == jobs_.end() ? nullptr : it->second;
}

bool SolverPool::cancel(const std::string& id) {
  std::lock_guard lock(mutex_);
  const auto it = jobs_.find(id);
  if (it == jobs_.end()) return false;
  it->second->stop_.store(true);
  return true;
}

void SolverPool::work() {
  for (;;) {
    std::shared_ptr<Job> job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return closing_ || !queue_.empty(); });
      if (closing_) return;
      job = queue_.front();
      queue_.pop_front();
    }
    // A job cancelled while it waited still runs: its search stops at once (the stop flag is
    // set) and it ends as interrupted, the same way as a job cancelled while running.
    job->run(options_);
  }
}

void SolverPool::forget_old_jobs() {
  const std::int64_t now = steady_ms();
  for (auto it = jobs_.begin(); it != jobs_.end();) {
    const std::int64_t finished = it->second->finished_ms_.load();
    if (it->second->done() && finished != 0 && now - finished > kKeepDoneMs) {
      it = jobs_.erase(it);
    } else {
      ++it;
    }
  }
  // Many quick jobs within the keeping time: the oldest finished ones go (the unfinished ones
  // are at most the queue and the workers).
  while (jobs_.size() >= kMaxJobs) {
    auto oldest = jobs_.end();
    for (auto it = jobs_.begin(); it != jobs_.end(); ++it) {
      if (it->second->done() &&
          (oldest == jobs_.end() || it->second->finished_ms_.load() < oldest->second->finished_ms_.load()))
        oldest = it;
    }
    if (oldest == jobs_.end()) break;
    jobs_.erase(oldest);
  }
}

}  // namespace hsearch::sokoban::web
