#pragma once
// The processes a run is shared among: this one alone in the plain build (processes_alone.cpp);
// the ranks of an MPI job in the MPI build (processes_mpi.cpp, scripts/build-mpi.sh). Every
// rank runs the same command on the same input; an IDA* search shares its large iterations
// among them, and rank 0 alone writes what the command prints.

#include <functional>
#include <string>
#include <vector>

#include "npuzzle/search/cluster.hpp"

namespace npuzzle::cli {

/// This process's part in the run, from the start of main to its end.
class Processes {
 public:
  /// MPI: joins the job; the ranks but 0 send their standard output and error nowhere.
  Processes(int& argc, char**& argv);
  ~Processes();
  Processes(const Processes&) = delete;
  Processes& operator=(const Processes&) = delete;
};

/// The cluster IDA* searches share their iterations with; nullptr where this process is alone.
Cluster* cluster();

/// Items dealt among the processes: `work(i)` for every i below `count`, each process taking the
/// next item whenever one of its `threads` is free. Rank 0 (alone: this process) gets each
/// result as soon as it is in, by `arrived(i, result)`, one call at a time; the other ranks get
/// none. What `work` throws is rethrown once the items are done.
void deal_items(std::size_t count, unsigned threads,
                const std::function<std::string(std::size_t)>& work,
                const std::function<void(std::size_t, std::string)>& arrived);

/// A batch's items dealt one at a time to whichever process asks next (rank 0 too), each
/// process's searches its own meanwhile: `work(i)` runs where item i is dealt, what it writes to
/// standard output and error is captured there, and rank 0 writes each item's in item order, as
/// soon as the items before it are in, and calls `done(i, code)` with the code `work` returned.
/// Returns false, having done nothing, where this process is alone (the caller does the items).
bool deal_in_order(std::size_t count, const std::function<int(std::size_t)>& work,
                   const std::function<void(std::size_t, int)>& done);

/// The run's exit code from this process's: the gravest of every process's (bad input, then an
/// interruption, then a failure), so that each rank, and mpirun, says the same. Alone: `code`.
int agreed_exit_code(int code);

/// MPI: gives every rank rank 0's standard input, read whole (so it must end), the first time a
/// command reads it; every rank's command reaches this at the same point. Alone: nothing.
void share_standard_input();

}  // namespace npuzzle::cli
