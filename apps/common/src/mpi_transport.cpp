// HDA*'s transport over MPI (HdaTransport, search/hda_star.hpp): non-blocking sends of the
// search's batches, probing receives, and the collectives of its rounds. Compiled with MPI only.
#ifdef HSEARCH_HAVE_MPI
#include <mpi.h>

#include <cstdint>
#include <list>
#include <memory>
#include <vector>

#include "hsearch/search/hda_star.hpp"

namespace hsearch::app {

namespace {

constexpr int kNodesTag = 201;

class MpiTransport final : public HdaTransport {
 public:
  MpiTransport() {
    MPI_Comm_dup(MPI_COMM_WORLD, &comm_);
    MPI_Comm_rank(comm_, &rank_);
    MPI_Comm_size(comm_, &ranks_);
  }
  ~MpiTransport() override {
    for (auto& p : pending_) MPI_Wait(&p.request, MPI_STATUS_IGNORE);
    MPI_Comm_free(&comm_);
  }
  int rank() const override { return rank_; }
  int ranks() const override { return ranks_; }

  void send(int to, std::vector<std::byte>& bytes) override {
    pending_.push_back(Pending{});
    Pending& p = pending_.back();
    p.bytes.swap(bytes);
    MPI_Isend(p.bytes.data(), static_cast<int>(p.bytes.size()), MPI_BYTE, to, kNodesTag, comm_, &p.request);
    // Sends that completed give their buffers back.
    for (auto it = pending_.begin(); it != pending_.end();) {
      int done = 0;
      MPI_Test(&it->request, &done, MPI_STATUS_IGNORE);
      it = done ? pending_.erase(it) : std::next(it);
    }
  }

  bool receive(std::vector<std::byte>& bytes, int& from) override {
    int flag = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, kNodesTag, comm_, &flag, &status);
    if (!flag) return false;
    int size = 0;
    MPI_Get_count(&status, MPI_BYTE, &size);
    bytes.resize(static_cast<std::size_t>(size));
    MPI_Recv(bytes.data(), size, MPI_BYTE, status.MPI_SOURCE, kNodesTag, comm_, MPI_STATUS_IGNORE);
    from = status.MPI_SOURCE;
    return true;
  }

  void all_reduce(std::int64_t* sums, int sum_count, std::int64_t* mins, int min_count) override {
    if (sum_count > 0) MPI_Allreduce(MPI_IN_PLACE, sums, sum_count, MPI_INT64_T, MPI_SUM, comm_);
    if (min_count > 0) MPI_Allreduce(MPI_IN_PLACE, mins, min_count, MPI_INT64_T, MPI_MIN, comm_);
  }

  void broadcast(std::vector<std::byte>& bytes, int root) override {
    std::int64_t size = static_cast<std::int64_t>(bytes.size());
    MPI_Bcast(&size, 1, MPI_INT64_T, root, comm_);
    bytes.resize(static_cast<std::size_t>(size));
    MPI_Bcast(bytes.data(), static_cast<int>(size), MPI_BYTE, root, comm_);
  }

 private:
  struct Pending {
    std::vector<std::byte> bytes;
    MPI_Request request = MPI_REQUEST_NULL;
  };
  MPI_Comm comm_ = MPI_COMM_NULL;
  int rank_ = 0, ranks_ = 1;
  std::list<Pending> pending_;  // a list: the buffers must not move while MPI reads them
};

}  // namespace

std::unique_ptr<HdaTransport> make_mpi_transport() { return std::make_unique<MpiTransport>(); }

}  // namespace hsearch::app
#endif
