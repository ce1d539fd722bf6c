#pragma once
// IDA*'s split iterations shared among processes (the ranks of an MPI job) as well as threads.
// Every process runs the same search, so each lists the same top. The subtrees are handed out
// among the processes on request, each searching its own on its threads; a solution one process
// finds is announced, so that the others skip the subtrees after it; and once each process's
// threads are back, what they found is combined, so that every process goes on from the same state
// and the answer is the one a single thread finds. The search layer knows no MPI: a front end
// brings the Cluster.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "npuzzle/search/domain.hpp"
#include "npuzzle/search/iteration_history.hpp"

namespace npuzzle {

/// What one process brings to a split iteration's combine, and what it takes back: the same on
/// every process afterwards.
struct ClusterShare {
  static constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();

  std::vector<Frontier> below;          // by subtree (kNoFrontier where not searched): the least
  std::vector<std::uint64_t> searched;  // by subtree: the nodes expanded below it, summed
  int next_bound = 0;                   // the least
  std::uint64_t expanded = 0, generated = 0;  // summed
  std::size_t found_at = kNone;               // the least subtree holding a solution
  std::vector<std::uint8_t> found_path;       // its moves, from the process that found it
  std::optional<SearchStatus> stopped;        // a limit that stopped any process
};

class Cluster {
 public:
  virtual ~Cluster() = default;
  virtual unsigned processes() const = 0;
  virtual unsigned rank() const = 0;
  /// The next subtree of this iteration's listing for this process to search, on request, in
  /// listing order across every process (so a process that is free takes the next one: the
  /// costly subtrees do not pile up on one); past the listing's end when none is left. Called
  /// from any thread.
  virtual std::size_t next_subtree() = 0;
  /// Tells the other processes that subtree `i` holds a solution. Called from any thread.
  virtual void announce(std::size_t i) = 0;
  /// The least subtree another process has announced so far (ClusterShare::kNone: none).
  /// Called from any thread, between subtrees.
  virtual std::size_t heard() = 0;
  /// Every process's share combined into each (a collective: every process calls it once per
  /// split iteration, after its threads are back); the next iteration's subtrees are handed out
  /// from the first again.
  virtual void combine(ClusterShare& share) = 0;
  /// Whether every process passed the same `value` (a collective, before a search: every
  /// process must search alike). Processes of one program state, as threads are, always do.
  virtual bool agree(std::uint64_t value) {
    (void)value;
    return true;
  }
};

/// The cluster a search shares its iterations with: none where it has one process (a front end's
/// processes may each work alone for a while, on boards of their own).
inline Cluster* sharing(Cluster* cluster) {
  return cluster != nullptr && cluster->processes() > 1 ? cluster : nullptr;
}

}  // namespace npuzzle
