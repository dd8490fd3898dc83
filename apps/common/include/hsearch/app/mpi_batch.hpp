#pragma once
// Runs under mpirun: one program layer for every program that spreads work over MPI ranks.
//
// MpiSession starts MPI only when the process was launched by mpirun (OpenMPI's or a PMI
// launcher's environment says so) and the build found MPI (CMake option HSEARCH_MPI); a program
// started on its own never touches MPI and behaves as it always did.
//
// run_batch_over_ranks hands a batch's instances out over the ranks. Rank 0 keeps the queue and
// hands out the next instance to whichever rank asks (itself included), collects the results and
// reports them in the batch's order, so that stdout and the summary are those of a run on one
// process. Each rank runs its instances one after another in a solving process it forked (once,
// and again only after a death; the rank itself only supervises): what an instance writes to
// std::cout and std::cerr is captured and replayed by rank 0 in order, and a crash or kill of the
// solving process costs that instance only (reported through BatchOutcome::failure). A worker rank sends a heartbeat while it supervises; a
// rank silent for kHeartbeatTimeout seconds is taken for dead: its instance is reported as failed
// and the rest goes to the living ranks. (OpenMPI's mpirun ends the whole job when a rank dies
// unless it was started with --enable-recovery: see docs/parallel.md.)
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "hsearch/search/hda_star.hpp"

namespace hsearch::app {

class MpiSession {
 public:
  MpiSession(int& argc, char**& argv);
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  int rank() const { return rank_; }
  int ranks() const { return ranks_; }
  // Several ranks: batches go over ranks, HDA* spreads its states.
  bool parallel() const { return ranks_ > 1; }
  // The MPI transport for HDA* (a one-rank transport without MPI).
  std::unique_ptr<HdaTransport> transport() const;

 private:
  int rank_ = 0;
  int ranks_ = 1;
  bool started_ = false;
};

struct BatchOutcome {
  bool ran = false;      // the instance's process ended normally and returned `data`
  std::string data;      // what solve() returned
  std::string failure;   // when !ran: what happened (a killed process, a rank that stopped answering)
};

// Seconds of silence after which rank 0 takes a busy rank for dead.
inline constexpr double kHeartbeatTimeout = 5.0;

// solve(i) runs in the solving process of the rank that took instance i; its writes to std::cout and
// std::cerr are captured. report(i, outcome) runs on rank 0 for i = 0, 1, ... in order, after the
// instance's captured stderr and stdout were written there. `stop()` is asked on rank 0 between
// hand-outs (Ctrl-C): no new instance is handed out, the ones running finish, and report() is
// called, in order, for every instance that ran. Returns true on rank 0 (the caller goes on with
// its summary), false on the other ranks (they have nothing more to print).
//
// `hand_out_order` (a permutation of 0 .. count-1; empty: 0, 1, ...) is the order in which the
// ranks get the instances; the output keeps the batch's order. A batch handed out in its own
// order ends with its last instances running alone when those are the long ones (Microban's and
// XSokoban's hardest levels come last), so a caller that can guess which instances take longest
// hands those out first (longest processing time first). One process ignores it: it runs the
// instances in the batch's order, as a program without MPI does.
bool run_batch_over_ranks(const MpiSession& session, std::size_t count,
                          const std::function<std::string(std::size_t)>& solve,
                          const std::function<void(std::size_t, const BatchOutcome&)>& report,
                          const std::function<bool()>& stop,
                          const std::vector<std::size_t>& hand_out_order = {});

}  // namespace hsearch::app
