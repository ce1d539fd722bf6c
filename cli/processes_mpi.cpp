// The MPI build's processes: the ranks of one job, each running the same command.

#include <fcntl.h>
#include <mpi.h>
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <climits>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <deque>
#include <exception>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>

#include "npuzzle/util/parallel.hpp"
#include "processes.hpp"

namespace npuzzle::cli {
namespace {

constexpr int kFoundTag = 1;
constexpr int kItemTag = 2;

// A split iteration's subtrees handed out from a counter on rank 0 (MPI's atomic fetch-and-add
// on a window); a solution announced to every other
// rank with the iteration's number (so that a late message from an iteration before is
// ignored); the shares combined by reductions, the path broadcast by its finder.
class MpiCluster final : public Cluster {
 public:
  MpiCluster(int rank, int size) : rank_(rank), size_(size) {
    // Memory MPI allocates itself, so that ranks on one node share it (a fetch-and-add then
    // needs nothing of rank 0, which is searching).
    std::uint64_t* counter = nullptr;
    MPI_Win_allocate(rank == 0 ? sizeof(std::uint64_t) : 0, sizeof(std::uint64_t), MPI_INFO_NULL,
                     MPI_COMM_WORLD, &counter, &window_);
    if (rank == 0) *counter = 0;
    MPI_Win_lock_all(0, window_);
    MPI_Barrier(MPI_COMM_WORLD);
  }
  ~MpiCluster() override {
    MPI_Win_unlock_all(window_);
    MPI_Win_free(&window_);
  }
  MpiCluster(const MpiCluster&) = delete;
  MpiCluster& operator=(const MpiCluster&) = delete;

  std::size_t next_subtree() override {
    const std::lock_guard lock(mutex_);
    const std::uint64_t one = 1;
    std::uint64_t taken = 0;
    MPI_Fetch_and_op(&one, &taken, MPI_UINT64_T, 0, 0, MPI_SUM, window_);
    MPI_Win_flush(0, window_);
    return static_cast<std::size_t>(taken);
  }

  unsigned processes() const override { return solo_ ? 1 : static_cast<unsigned>(size_); }

  bool agree(std::uint64_t value) override {
    const std::lock_guard lock(mutex_);
    std::array<std::uint64_t, 2> least{value, ~value};  // the least value, and the greatest
    MPI_Allreduce(MPI_IN_PLACE, least.data(), 2, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
    return least[0] == value && ~least[1] == value;
  }

  /// While the ranks work on items of their own: a cluster of one, whose searches share nothing.
  void set_solo(bool solo) { solo_ = solo; }

  /// Sends an item's record to rank 0 (an empty one: this rank has no more).
  void send_to_root(const std::string& bytes) {
    const std::lock_guard lock(mutex_);
    MPI_Send(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, 0, kItemTag, MPI_COMM_WORLD);
  }
  /// Rank 0: the next record another rank has sent, if one has come.
  bool receive_at_root(std::string& bytes) {
    const std::lock_guard lock(mutex_);
    int waiting = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, kItemTag, MPI_COMM_WORLD, &waiting, &status);
    if (!waiting) return false;
    int size = 0;
    MPI_Get_count(&status, MPI_BYTE, &size);
    bytes.resize(static_cast<std::size_t>(size));
    MPI_Recv(bytes.data(), size, MPI_BYTE, status.MPI_SOURCE, kItemTag, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    return true;
  }
  unsigned rank() const override { return static_cast<unsigned>(rank_); }

  void announce(std::size_t i) override {
    const std::lock_guard lock(mutex_);
    note(i);
    for (int r = 0; r < size_; ++r) {
      if (r == rank_) continue;
      Sent& s = sent_.emplace_back();
      s.message = {round_, i};
      MPI_Isend(s.message.data(), 2, MPI_UINT64_T, r, kFoundTag, MPI_COMM_WORLD, &s.request);
    }
  }

  std::size_t heard() override {
    const std::lock_guard lock(mutex_);
    for (;;) {
      int waiting = 0;
      MPI_Status status;
      MPI_Iprobe(MPI_ANY_SOURCE, kFoundTag, MPI_COMM_WORLD, &waiting, &status);
      if (!waiting) break;
      std::array<std::uint64_t, 2> message{};
      MPI_Recv(message.data(), 2, MPI_UINT64_T, status.MPI_SOURCE, kFoundTag, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
      if (message[0] == round_) note(message[1]);
    }
    return heard_;
  }

  void combine(ClusterShare& share) override {
    for (Sent& s : sent_) MPI_Wait(&s.request, MPI_STATUS_IGNORE);
    sent_.clear();
    MPI_Allreduce(MPI_IN_PLACE, share.below.data(), static_cast<int>(share.below.size()),
                  MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, share.searched.data(), static_cast<int>(share.searched.size()),
                  MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, &share.next_bound, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    std::array<std::uint64_t, 2> counts{share.expanded, share.generated};
    MPI_Allreduce(MPI_IN_PLACE, counts.data(), 2, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    share.expanded = counts[0];
    share.generated = counts[1];
    std::uint64_t found = share.found_at;
    MPI_Allreduce(MPI_IN_PLACE, &found, 1, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
    int stopped = share.stopped ? static_cast<int>(*share.stopped) : -1;
    MPI_Allreduce(MPI_IN_PLACE, &stopped, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    share.stopped = stopped < 0 ? std::nullopt : std::optional(static_cast<SearchStatus>(stopped));
    if (found != ClusterShare::kNone) {  // its finder sends the path to the others
      int finder = share.found_at == found ? rank_ : size_;
      MPI_Allreduce(MPI_IN_PLACE, &finder, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
      int length = static_cast<int>(share.found_path.size());
      MPI_Bcast(&length, 1, MPI_INT, finder, MPI_COMM_WORLD);
      share.found_path.resize(static_cast<std::size_t>(length));
      MPI_Bcast(share.found_path.data(), length, MPI_UINT8_T, finder, MPI_COMM_WORLD);
    }
    share.found_at = static_cast<std::size_t>(found);
    ++round_;
    heard_ = ClusterShare::kNone;
    restart();
  }

  /// The counter back at 0, once every rank is past its last fetch (a collective).
  void restart() {
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank_ == 0) {
      const std::uint64_t zero = 0;
      MPI_Accumulate(&zero, 1, MPI_UINT64_T, 0, 0, 1, MPI_UINT64_T, MPI_REPLACE, window_);
      MPI_Win_flush(0, window_);
    }
    MPI_Barrier(MPI_COMM_WORLD);
  }

 private:
  struct Sent {
    std::array<std::uint64_t, 2> message{};
    MPI_Request request{};
  };
  void note(std::size_t i) { heard_ = std::min(heard_, i); }

  int rank_, size_;
  MPI_Win window_{};  // rank 0's counter: the next subtree to hand out
  std::mutex mutex_;  // MPI is called from one thread at a time
  std::atomic<bool> solo_ = false;
  std::uint64_t round_ = 0;
  std::size_t heard_ = ClusterShare::kNone;
  std::deque<Sent> sent_;  // (a deque: the messages stay where they are until sent)
};

std::unique_ptr<MpiCluster> the_cluster;
int the_rank = 0, the_size = 1;
// The ranks' own communicator for agreeing on the exit code: a rank that ends early must not
// meet the others' searches in a collective of the same communicator.
MPI_Comm the_exits = MPI_COMM_NULL;
// Ranks but 0: what the rank writes to stderr (kept, said only where it ends the job alone), and
// the stderr it had.
int the_kept_errors = -1, the_stderr = -1;
// How long a rank that failed waits for the others to end too, before it ends the job.
constexpr auto kExitWait = std::chrono::seconds(10);

void flush_all() {
  std::cout.flush();
  std::fflush(stdout);
  std::fflush(stderr);
}

int memory_file(const char* name) {
  const int fd = ::memfd_create(name, 0);
  if (fd < 0) throw std::runtime_error(std::string("memfd_create: ") + std::strerror(errno));
  return fd;
}

// Everything left to read from `fd` (up to a read error).
std::string read_all(int fd) {
  std::string bytes;
  char buffer[1 << 16];
  for (::ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    bytes.append(buffer, static_cast<std::size_t>(n));
  }
  return bytes;
}

// What a memory file holds; closes it.
std::string contents(int fd) {
  ::lseek(fd, 0, SEEK_SET);
  std::string bytes = read_all(fd);
  ::close(fd);
  return bytes;
}

// False where `fd` took not all of it (closed, full).
bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ::ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

// Puts `bytes` in place of standard input.
void replace_stdin(const std::string& bytes) {
  const int fd = memory_file("npuzzle-stdin");
  if (!write_all(fd, bytes))
    throw std::runtime_error(std::string("write: ") + std::strerror(errno));
  ::lseek(fd, 0, SEEK_SET);
  ::dup2(fd, STDIN_FILENO);
  ::close(fd);
}

// One item of a dealt batch, done: what it wrote, and its code. Sent as the item's number, the
// code, the output's length, the output and the errors.
struct Item {
  std::uint64_t index = 0;
  std::int64_t code = 0;
  std::string out, err;

  std::string packed() const {
    std::string bytes;
    for (const std::uint64_t w :
         {index, static_cast<std::uint64_t>(code), static_cast<std::uint64_t>(out.size())}) {
      bytes.append(reinterpret_cast<const char*>(&w), sizeof w);
    }
    return bytes + out + err;
  }
  static Item unpacked(const std::string& bytes) {
    std::array<std::uint64_t, 3> w{};
    std::memcpy(w.data(), bytes.data(), sizeof w);
    return {w[0], static_cast<std::int64_t>(w[1]), bytes.substr(sizeof w, w[2]),
            bytes.substr(sizeof w + w[2])};
  }
};

}  // namespace

Processes::Processes(int& argc, char**& argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &the_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &the_size);
  if (the_size == 1) return;
  the_cluster = std::make_unique<MpiCluster>(the_rank, the_size);
  MPI_Comm_dup(MPI_COMM_WORLD, &the_exits);
  // Ctrl-C reaches mpirun, which ends the job by SIGTERM: each rank takes it as Ctrl-C (the
  // handler the command installs), so the searches stop together and rank 0 says so.
  struct sigaction action {};
  action.sa_handler = [](int) { std::raise(SIGINT); };
  sigemptyset(&action.sa_mask);
  sigaction(SIGTERM, &action, nullptr);
  if (the_rank != 0) {  // rank 0 speaks for all: the others' output goes nowhere, errors aside
    const int sink = ::open("/dev/null", O_WRONLY);
    ::dup2(sink, STDOUT_FILENO);
    ::close(sink);
    the_stderr = ::dup(STDERR_FILENO);
    the_kept_errors = ::memfd_create("npuzzle-rank-errors", 0);
    if (the_kept_errors >= 0) ::dup2(the_kept_errors, STDERR_FILENO);
  }
}

Processes::~Processes() {
  the_cluster.reset();
  if (the_exits != MPI_COMM_NULL) MPI_Comm_free(&the_exits);
  MPI_Finalize();
}

Cluster* cluster() {
  return the_cluster.get();
}

namespace {

// Rank 0: a thread that passes each record the other ranks send to `take` until each has sent
// an empty one (it has no more). Elsewhere: no thread.
std::thread receive_at_root(std::function<void(const std::string&)> take) {
  if (the_rank != 0) return {};
  return std::thread([take = std::move(take)] {
    std::string bytes;
    for (int finished = 1; finished < the_size;) {
      if (!the_cluster->receive_at_root(bytes)) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      } else if (bytes.empty()) {
        ++finished;
      } else {
        take(bytes);
      }
    }
  });
}

}  // namespace

void deal_items(std::size_t count, unsigned threads,
                const std::function<std::string(std::size_t)>& work,
                const std::function<void(std::size_t, std::string)>& arrived) {
  if (!the_cluster) {
    std::mutex one_at_a_time;
    for_each_on_threads(count, threads, [&](std::size_t i) {
      std::string result = work(i);
      const std::lock_guard lock(one_at_a_time);
      arrived(i, std::move(result));
    });
    return;
  }
  // Rank 0 takes its own results and, on a thread of its own, the others' as (item, bytes).
  std::mutex one_at_a_time;
  const auto take = [&](const std::string& bytes) {
    std::uint64_t item = 0;
    std::memcpy(&item, bytes.data(), sizeof item);
    const std::lock_guard lock(one_at_a_time);
    arrived(static_cast<std::size_t>(item), bytes.substr(sizeof item));
  };
  std::thread receiver = receive_at_root(take);
  std::exception_ptr failure;
  std::mutex failing;
  run_on_threads(std::max(1u, threads), [&] {
    for (std::size_t i; (i = the_cluster->next_subtree()) < count;) {
      try {
        const std::uint64_t item = i;
        const std::string bytes =
            std::string(reinterpret_cast<const char*>(&item), sizeof item) + work(i);
        if (the_rank == 0) {
          take(bytes);
        } else {
          the_cluster->send_to_root(bytes);
        }
      } catch (...) {
        const std::lock_guard lock(failing);
        if (!failure) failure = std::current_exception();
        break;
      }
    }
  });
  if (the_rank != 0) the_cluster->send_to_root("");
  if (receiver.joinable()) receiver.join();
  the_cluster->restart();
  if (failure) std::rethrow_exception(failure);
}

bool deal_in_order(std::size_t count, const std::function<int(std::size_t)>& work,
                   const std::function<void(std::size_t, int)>& done) {
  if (!the_cluster) return false;
  flush_all();
  const int real_out = ::dup(STDOUT_FILENO), real_err = ::dup(STDERR_FILENO);
  // Rank 0: the items in, written out in order as the ones before them are.
  std::mutex order;
  std::map<std::uint64_t, Item> arrived;
  std::uint64_t next = 0;
  const auto arrive = [&](Item item) {
    const std::lock_guard lock(order);
    arrived.emplace(item.index, std::move(item));
    for (auto it = arrived.find(next); it != arrived.end(); it = arrived.find(++next)) {
      // (A closed output is found by the batch at its next write of its own.)
      write_all(real_err, it->second.err);
      write_all(real_out, it->second.out);
      done(static_cast<std::size_t>(it->first), static_cast<int>(it->second.code));
      arrived.erase(it);
    }
  };
  the_cluster->set_solo(true);
  std::thread receiver =
      receive_at_root([&](const std::string& bytes) { arrive(Item::unpacked(bytes)); });
  std::exception_ptr failure;
  try {
    for (std::size_t i; (i = the_cluster->next_subtree()) < count;) {
      const int out = memory_file("npuzzle-item"), err = memory_file("npuzzle-item");
      ::dup2(out, STDOUT_FILENO);
      ::dup2(err, STDERR_FILENO);
      int code = 0;
      try {
        code = work(i);
      } catch (...) {
        failure = std::current_exception();
      }
      flush_all();
      ::dup2(real_out, STDOUT_FILENO);
      ::dup2(real_err, STDERR_FILENO);
      Item item{i, code, contents(out), contents(err)};
      if (the_rank == 0) {
        arrive(std::move(item));
      } else {
        the_cluster->send_to_root(item.packed());
      }
      if (failure) break;
    }
  } catch (...) {
    failure = std::current_exception();
  }
  if (the_rank != 0) the_cluster->send_to_root("");
  if (receiver.joinable()) receiver.join();
  the_cluster->set_solo(false);
  the_cluster->restart();
  ::close(real_out);
  ::close(real_err);
  if (failure) std::rethrow_exception(failure);
  return true;
}

int agreed_exit_code(int code) {
  if (the_size == 1) return code;
  // From the mildest to the gravest; any other code counts as a failure.
  constexpr std::array<int, 4> kGrades{0, 1, 130, 2};
  int grade = 1, gravest = 0;
  for (int g = 0; g < static_cast<int>(kGrades.size()); ++g) {
    if (kGrades[static_cast<std::size_t>(g)] == code) grade = g;
  }
  flush_all();
  MPI_Request request{};
  MPI_Iallreduce(&grade, &gravest, 1, MPI_INT, MPI_MAX, the_exits, &request);
  // A rank that failed alone (its node's tables, its memory) finds the others still searching:
  // it says why, as rank 0 would, and ends the job rather than wait for them forever.
  const auto deadline = std::chrono::steady_clock::now() + kExitWait;
  for (int done = 0; !done;) {
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done) break;
    if (code != 0 && std::chrono::steady_clock::now() > deadline) {
      const std::string said = the_kept_errors >= 0 ? contents(the_kept_errors) : std::string();
      const std::string why = "npuzzle: rank " + std::to_string(the_rank) +
                              " failed while the other ranks went on; the job ends here\n";
      write_all(the_rank == 0 ? STDERR_FILENO : the_stderr, said + why);
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return kGrades[static_cast<std::size_t>(gravest)];
}

void share_standard_input() {
  static bool shared = false;
  if (the_size == 1 || std::exchange(shared, true)) return;
  std::string input = the_rank == 0 ? read_all(STDIN_FILENO) : std::string();
  std::uint64_t size = input.size();
  MPI_Bcast(&size, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  input.resize(static_cast<std::size_t>(size));
  for (std::uint64_t at = 0; at < size; at += INT_MAX) {
    const auto piece = static_cast<int>(std::min<std::uint64_t>(INT_MAX, size - at));
    MPI_Bcast(input.data() + at, piece, MPI_CHAR, 0, MPI_COMM_WORLD);
  }
  replace_stdin(input);
}

}  // namespace npuzzle::cli
