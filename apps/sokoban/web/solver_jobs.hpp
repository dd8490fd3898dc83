#pragma once
// The solver behind the page: hint and solve requests are jobs, run on a fixed number of
// worker threads with a time and memory limit each, from a bounded queue (a full queue refuses
// the request at once instead of making it wait without end). A job's progress (expansions,
// the push bound reached) can be read while it runs; a job can be cancelled; finished jobs are
// kept a few minutes for the page to read, then forgotten.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "hsearch/sokoban/game/game.hpp"

namespace hsearch::sokoban::web {

struct SolverPoolOptions {
  int workers = 1;                         // 0: jobs only wait (a test of the queue)
  int queue = 16;                          // jobs that may wait for a worker
  double seconds = 10;                     // each job's time limit
  std::size_t max_bytes = std::size_t{512} << 20;  // each job's memory for its search tables
};

enum class JobKind { hint, solve };
enum class JobState { queued, running, done };

class Job {
 public:
  Job(std::string id, JobKind kind, std::string game_id, Level position)
      : id_(std::move(id)), kind_(kind), game_id_(std::move(game_id)), position_(std::move(position)) {}

  const std::string& id() const { return id_; }
  // The job as the API shows it (see docs/sokoban_web.md).
  nlohmann::ordered_json to_json() const;
  bool done() const { return state_.load() == JobState::done; }

 private:
  friend class SolverPool;
  void run(const SolverPoolOptions& options);

  const std::string id_;
  const JobKind kind_;
  const std::string game_id_;
  const Level position_;  // the game's position when the job was asked for (not its history)

  std::atomic<JobState> state_{JobState::queued};
  std::atomic<bool> stop_{false};
  std::atomic<std::uint64_t> expanded_{0}, generated_{0};
  std::atomic<std::int64_t> bound_{-1};
  std::atomic<std::int64_t> started_ms_{0}, finished_ms_{0};  // steady clock; 0: not yet
  mutable std::mutex result_mutex_;
  nlohmann::ordered_json result_;  // null until done
};

class SolverPool {
 public:
  explicit SolverPool(SolverPoolOptions options);
  ~SolverPool();  // cancels every job and joins the workers
  SolverPool(const SolverPool&) = delete;
  SolverPool& operator=(const SolverPool&) = delete;

  const SolverPoolOptions& options() const { return options_; }

  // Queues a job on a copy of `game`; nothing when the queue is full.
  std::shared_ptr<Job> submit(JobKind kind, const std::string& game_id, const game::Game& game);
  std::shared_ptr<Job> find(const std::string& id);
  // Stops the job's search (it ends as "interrupted"); false when there is no such job.
  bool cancel(const std::string& id);

 private:
  void work();
  void forget_old_jobs();  // call with mutex_ held

  // Jobs remembered at most (finished ones are forgotten first, oldest first).
  static constexpr std::size_t kMaxJobs = 1000;

  SolverPoolOptions options_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::shared_ptr<Job>> queue_;
  std::map<std::string, std::shared_ptr<Job>> jobs_;
  std::uint64_t next_id_ = 1;
  bool closing_ = false;
  std::vector<std::thread> workers_;
};

std::int64_t steady_ms();

}  // namespace hsearch::sokoban::web
