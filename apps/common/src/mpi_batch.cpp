// The batch over MPI ranks (mpi_batch.hpp): rank 0's queue, the workers' loop, and the child
// process each instance runs in. Without MPI (HSEARCH_HAVE_MPI unset) only MpiSession's one-rank
// form is compiled and run_batch_over_ranks runs every instance in this process, in order.
#include "hsearch/app/mpi_batch.hpp"

#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <vector>

#ifdef HSEARCH_HAVE_MPI
#include <mpi.h>
#endif

namespace hsearch::app {

#ifdef HSEARCH_HAVE_MPI
std::unique_ptr<HdaTransport> make_mpi_transport();  // mpi_transport.cpp
#endif

namespace {

// Launched by mpirun (OpenMPI) or another PMI launcher: only then is MPI started.
bool launched_by_mpirun() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"}) {
    if (std::getenv(name) != nullptr) return true;
  }
  return false;
}

#ifdef HSEARCH_HAVE_MPI
// Rank 0 took a rank for dead: MPI_Finalize would wait for it forever (it synchronizes with every
// rank), so this process ends without it.
bool lost_a_rank = false;

// What an instance's child process writes to its pipe: three length-prefixed strings
// (captured stdout, captured stderr, solve()'s data).
void put_string(std::string& frame, const std::string& s) {
  const std::uint64_t n = s.size();
  frame.append(reinterpret_cast<const char*>(&n), sizeof n);
  frame += s;
}
bool get_string(const std::string& frame, std::size_t& at, std::string& s) {
  std::uint64_t n = 0;
  if (frame.size() - at < sizeof n) return false;
  std::memcpy(&n, frame.data() + at, sizeof n);
  at += sizeof n;
  if (frame.size() - at < n) return false;
  s.assign(frame, at, n);
  at += n;
  return true;
}

struct Captured {
  std::string out, err;
  BatchOutcome outcome;
};

// Decodes a finished child's frame, or says how the child ended.
// `wait_status` is 0 for a frame the child sent, else how the child ended.
Captured decode(const std::string& frame, int wait_status) {
  Captured c;
  std::size_t at = 0;
  const bool exited = WIFEXITED(wait_status) && WEXITSTATUS(wait_status) == 0;
  if (exited && get_string(frame, at, c.out) && get_string(frame, at, c.err) &&
      get_string(frame, at, c.outcome.data) && at == frame.size()) {
    c.outcome.ran = true;
    return c;
  }
  c.out.clear();
  c.err.clear();
  if (WIFSIGNALED(wait_status)) {
    const int sig = WTERMSIG(wait_status);
    c.outcome.failure = "the process solving it was killed by signal " + std::to_string(sig) + " (" +
                        (sigdescr_np(sig) ? sigdescr_np(sig) : "unknown") + ")";
  } else if (WIFEXITED(wait_status) && WEXITSTATUS(wait_status) != 0) {
    c.outcome.failure = "the process solving it exited with status " + std::to_string(WEXITSTATUS(wait_status));
  } else {
    c.outcome.failure = "the process solving it sent an incomplete result";
  }
  return c;
}

// The child process a rank runs its instances in. It is forked once (again only after a death)
// and runs one instance after another, as the program on one process would: its heap, tables
// and caches stay warm between instances (a fresh process per instance pays its page faults
// again, about 0.08 s per Microban level here). It reads instance numbers from one pipe and
// writes each result, length-prefixed, to another; when it dies, the pipe's end says so.
class SolverProcess {
 public:
  explicit SolverProcess(const std::function<std::string(std::size_t)>& solve) : solve_(solve) {}
  SolverProcess(const SolverProcess&) = delete;
  SolverProcess& operator=(const SolverProcess&) = delete;
  ~SolverProcess() { stop(); }

  bool busy() const { return busy_.has_value(); }
  std::size_t index() const { return *busy_; }

  // Hands instance `index` to the child (forked first if there is none).
  void start(std::size_t index) {
    if (pid_ <= 0) fork_child();
    busy_ = index;
    frame_.clear();
    const std::uint64_t i = index;
    if (write(to_child_, &i, sizeof i) != static_cast<ssize_t>(sizeof i)) {
      // The child is gone already: poll_done() finds its pipe closed and reports it.
    }
  }

  // Reads what is there (waiting up to `wait_ms`); true once the instance's result (or the
  // child's death) is known: then result() gives it.
  bool poll_done(int wait_ms) {
    pollfd p{from_child_, POLLIN, 0};
    if (::poll(&p, 1, wait_ms) <= 0) return false;
    char buffer[65536];
    const ssize_t n = read(from_child_, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) return false;
    if (n > 0) {
      frame_.append(buffer, static_cast<std::size_t>(n));
      std::uint64_t size = 0;
      if (frame_.size() < sizeof size) return false;
      std::memcpy(&size, frame_.data(), sizeof size);
      if (frame_.size() - sizeof size < size) return false;
      result_ = decode(frame_.substr(sizeof size), 0);
      busy_.reset();
      return true;
    }
    // The pipe closed: the child died.
    int status = 0;
    close(from_child_);
    close(to_child_);
    from_child_ = to_child_ = -1;
    if (waitpid(pid_, &status, 0) < 0) status = 0;
    pid_ = -1;
    result_ = decode(std::string(), status == 0 ? (1 << 8) : status);
    busy_.reset();
    return true;
  }
  const Captured& result() const { return result_; }

  // Ends the child (it exits when its pipe closes; a child still busy is killed).
  void stop() {
    if (pid_ <= 0) return;
    if (busy_) kill(pid_, SIGKILL);
    close(to_child_);
    close(from_child_);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }

 private:
  void fork_child() {
    int down[2], up[2];
    if (pipe(down) != 0) throw std::runtime_error(std::string("pipe: ") + strerror(errno));
    if (pipe(up) != 0) {
      close(down[0]);
      close(down[1]);
      throw std::runtime_error(std::string("pipe: ") + strerror(errno));
    }
    std::cout.flush();
    std::cerr.flush();
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error(std::string("fork: ") + strerror(errno));
    if (pid_ == 0) {
      close(down[1]);
      close(up[0]);
      child_loop(down[0], up[1]);
    }
    close(down[0]);
    close(up[1]);
    to_child_ = down[1];
    from_child_ = up[0];
  }

  // In the child: instances until the parent closes the pipe. Never returns.
  [[noreturn]] void child_loop(int in, int out) {
    for (;;) {
      std::uint64_t index = 0;
      std::size_t got = 0;
      while (got < sizeof index) {
        const ssize_t n = read(in, reinterpret_cast<char*>(&index) + got, sizeof index - got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) _exit(0);  // the parent is done (or gone)
        got += static_cast<std::size_t>(n);
      }
      std::ostringstream captured_out, captured_err;
      std::streambuf* old_out = std::cout.rdbuf(captured_out.rdbuf());
      std::streambuf* old_err = std::cerr.rdbuf(captured_err.rdbuf());
      std::string data;
      int code = 0;
      try {
        data = solve_(static_cast<std::size_t>(index));
      } catch (const std::exception& e) {
        captured_err << "internal error: " << e.what() << "\n";
        code = 70;
      }
      std::cout.rdbuf(old_out);
      std::cerr.rdbuf(old_err);
      if (code != 0) {
        std::cerr << captured_err.str();
        _exit(code);
      }
      std::string body;
      put_string(body, captured_out.str());
      put_string(body, captured_err.str());
      put_string(body, data);
      std::string frame;
      put_string(frame, body);  // the length, then the body
      for (std::size_t at = 0; at < frame.size();) {
        const ssize_t n = write(out, frame.data() + at, frame.size() - at);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) _exit(71);
        at += static_cast<std::size_t>(n);
      }
    }
  }

  const std::function<std::string(std::size_t)>& solve_;
  pid_t pid_ = -1;
  int to_child_ = -1, from_child_ = -1;
  std::optional<std::size_t> busy_;
  std::string frame_;
  Captured result_;
};

// Rank 0's in-order output: results wait here until every earlier one was reported.
class InOrder {
 public:
  InOrder(const std::function<void(std::size_t, const BatchOutcome&)>& report) : report_(report) {}
  void add(std::size_t index, Captured c) {
    done_.emplace(index, std::move(c));
    while (!done_.empty() && done_.begin()->first == next_) emit_first();
  }
  // After a stop: the instances that ran past one that did not (handed out out of order) are
  // reported too, in order.
  void flush() {
    while (!done_.empty()) emit_first();
  }

 private:
  void emit_first() {
    const auto it = done_.begin();
    std::cerr << it->second.err;
    std::cerr.flush();
    std::cout << it->second.out;
    std::cout.flush();
    report_(it->first, it->second.outcome);
    next_ = it->first + 1;
    done_.erase(it);
  }

  const std::function<void(std::size_t, const BatchOutcome&)>& report_;
  std::map<std::size_t, Captured> done_;
  std::size_t next_ = 0;
};

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

enum Tag : int { kRequest = 101, kWork = 102, kHeartbeat = 103, kResult = 104 };
constexpr std::int64_t kStop = -1;

void send_bytes(int to, int tag, const std::string& bytes) {
  MPI_Send(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, to, tag, MPI_COMM_WORLD);
}

// A worker: asks for an instance, runs it in a child, sends heartbeats while it runs, then the result.
void worker_loop(const std::function<std::string(std::size_t)>& solve) {
  SolverProcess solver(solve);
  for (;;) {
    char none = 0;
    MPI_Send(&none, 0, MPI_BYTE, 0, kRequest, MPI_COMM_WORLD);
    std::int64_t index = kStop;
    if (MPI_Recv(&index, 1, MPI_INT64_T, 0, kWork, MPI_COMM_WORLD, MPI_STATUS_IGNORE) != MPI_SUCCESS) return;
    if (index == kStop) return;
    Captured c;
    try {
      solver.start(static_cast<std::size_t>(index));
      Clock::time_point beat = Clock::now();
      while (!solver.poll_done(50)) {
        if (since(beat) >= 0.25) {
          MPI_Send(&none, 0, MPI_BYTE, 0, kHeartbeat, MPI_COMM_WORLD);
          beat = Clock::now();
        }
      }
      c = solver.result();
    } catch (const std::exception& e) {
      c.outcome.failure = e.what();
    }
    std::string message;
    put_string(message, std::string(reinterpret_cast<const char*>(&index), sizeof index));
    put_string(message, c.outcome.ran ? std::string("1") : std::string("0"));
    put_string(message, c.out);
    put_string(message, c.err);
    put_string(message, c.outcome.ran ? c.outcome.data : c.outcome.failure);
    send_bytes(0, kResult, message);
  }
}

struct Worker {
  std::optional<std::size_t> busy;  // the instance it runs
  Clock::time_point heard = Clock::now();
  bool dead = false;
  bool stopped = false;
};

bool coordinator_loop(int ranks, std::size_t count, const std::function<std::string(std::size_t)>& solve,
                      const std::function<void(std::size_t, const BatchOutcome&)>& report,
                      const std::function<bool()>& stop, const std::vector<std::size_t>& order) {
  InOrder output(report);
  std::vector<Worker> workers(static_cast<std::size_t>(ranks));
  std::size_t next = 0;      // the next instance to hand out
  std::size_t finished = 0;  // instances with a result (ran or failed)
  SolverProcess own(solve);
  bool stopping = false;
  auto hand_out = [&]() -> std::optional<std::size_t> {
    if (!stopping && stop()) stopping = true;
    if (stopping || next >= count) return std::nullopt;
    const std::size_t i = next++;
    return order.empty() ? i : order[i];
  };
  auto failed = [&](std::size_t index, const std::string& why) {
    Captured c;
    c.outcome.failure = why;
    output.add(index, std::move(c));
    ++finished;
  };
  for (;;) {
    const std::size_t handed = next;
    const bool all_done = finished == handed && (stopping || next >= count);
    bool workers_stopped = true;
    for (int r = 1; r < ranks; ++r) {
      const Worker& w = workers[static_cast<std::size_t>(r)];
      workers_stopped = workers_stopped && (w.dead || w.stopped);
    }
    if (all_done && !own.busy() && workers_stopped) break;
    // Rank 0's own instance.
    if (!own.busy()) {
      if (const auto i = hand_out()) own.start(*i);
    }
    if (own.busy()) {
      const std::size_t index = own.index();
      if (own.poll_done(2)) {
        output.add(index, own.result());
        ++finished;
        continue;
      }
    }
    // The workers' messages.
    for (;;) {
      int flag = 0;
      MPI_Status status;
      MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
      if (!flag) break;
      int size = 0;
      MPI_Get_count(&status, MPI_BYTE, &size);
      std::string bytes(static_cast<std::size_t>(size), '\0');
      MPI_Recv(bytes.data(), size, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      Worker& w = workers[static_cast<std::size_t>(status.MPI_SOURCE)];
      if (w.dead) continue;  // taken for dead already: its instance was reported
      w.heard = Clock::now();
      if (status.MPI_TAG == kRequest) {
        const auto i = hand_out();
        const std::int64_t index = i ? static_cast<std::int64_t>(*i) : kStop;
        MPI_Send(&index, 1, MPI_INT64_T, status.MPI_SOURCE, kWork, MPI_COMM_WORLD);
        w.busy = i;
        w.stopped = !i;
      } else if (status.MPI_TAG == kResult) {
        std::size_t at = 0;
        std::string index_bytes, ran, data;
        Captured c;
        if (get_string(bytes, at, index_bytes) && index_bytes.size() == sizeof(std::int64_t) &&
            get_string(bytes, at, ran) && get_string(bytes, at, c.out) && get_string(bytes, at, c.err) &&
            get_string(bytes, at, data) && w.busy) {
          c.outcome.ran = ran == "1";
          (c.outcome.ran ? c.outcome.data : c.outcome.failure) = std::move(data);
          output.add(*w.busy, std::move(c));
          ++finished;
        } else if (w.busy) {
          failed(*w.busy, "rank " + std::to_string(status.MPI_SOURCE) + " sent a malformed result");
        }
        w.busy.reset();
      }
    }
    // Ranks that stopped answering.
    for (int r = 1; r < ranks; ++r) {
      Worker& w = workers[static_cast<std::size_t>(r)];
      if (w.dead || w.stopped || since(w.heard) < kHeartbeatTimeout) continue;
      w.dead = true;
      lost_a_rank = true;
      if (w.busy) {
        failed(*w.busy, "rank " + std::to_string(r) + " stopped answering while solving it (its process died?)");
        w.busy.reset();
      }
    }
    if (!own.busy()) {
      // Nothing of our own to wait on: do not spin.
      pollfd none{-1, 0, 0};
      ::poll(&none, 0, 2);
    }
  }
  output.flush();
  return true;
}
#endif

}  // namespace

MpiSession::MpiSession([[maybe_unused]] int& argc, [[maybe_unused]] char**& argv) {
#ifdef HSEARCH_HAVE_MPI
  if (!launched_by_mpirun()) return;
  MPI_Init(&argc, &argv);
  started_ = true;
  // A dead peer must show as an error code (or as silence), not abort this rank.
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks_);
#else
  if (launched_by_mpirun()) {
    std::cerr << "warning: started by mpirun, but this build has no MPI: every rank runs the whole job\n";
  }
#endif
}

MpiSession::~MpiSession() {
#ifdef HSEARCH_HAVE_MPI
  if (started_ && !lost_a_rank) MPI_Finalize();
#endif
}

std::unique_ptr<HdaTransport> MpiSession::transport() const {
#ifdef HSEARCH_HAVE_MPI
  if (started_) return make_mpi_transport();
#endif
  return std::make_unique<LocalTransport>();
}

bool run_batch_over_ranks([[maybe_unused]] const MpiSession& session, std::size_t count,
                          const std::function<std::string(std::size_t)>& solve,
                          const std::function<void(std::size_t, const BatchOutcome&)>& report,
                          const std::function<bool()>& stop,
                          [[maybe_unused]] const std::vector<std::size_t>& hand_out_order) {
#ifdef HSEARCH_HAVE_MPI
  if (session.parallel()) {
    // A solving process that died must show as a closed pipe, not end this rank with SIGPIPE.
    signal(SIGPIPE, SIG_IGN);
    if (session.rank() != 0) {
      worker_loop(solve);
      return false;
    }
    if (!hand_out_order.empty()) {
      std::vector<bool> seen(count, false);
      bool permutation = hand_out_order.size() == count;
      for (const std::size_t i : hand_out_order) {
        permutation = permutation && i < count && !seen[i];
        if (i < count) seen[i] = true;
      }
      if (!permutation) throw std::invalid_argument("run_batch_over_ranks: hand_out_order is not a permutation");
    }
    return coordinator_loop(session.ranks(), count, solve, report, stop, hand_out_order);
  }
#endif
  // One process: each instance in this process, in order (as a program without MPI runs it).
  for (std::size_t i = 0; i < count; ++i) {
    if (stop()) break;
    BatchOutcome outcome;
    outcome.data = solve(i);
    outcome.ran = true;
    report(i, outcome);
  }
  return true;
}

}  // namespace hsearch::app
