#pragma once
// IDA*'s split iterations shared among processes (the ranks of an MPI job) as well as threads.
// Every process runs the same search, so each lists the same top. The subtrees are dealt among
// the processes, each searching its own on its threads; a solution one process finds is
// announced, so that the others skip the subtrees after it; and once each process's threads
// are back, what they found is combined, so that every process goes on from the same state
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

  std::vector<Frontier> below;  // by subtree (kNoFrontier where not searched): the least
  int next_bound = 0;           // the least
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
  /// The deal: every processes()-th subtree, so that each process's share runs through the
  /// whole listing (the costly subtrees are not all on one).
  bool deals_to_me(std::size_t subtree) const { return subtree % processes() == rank(); }
  /// Tells the other processes that subtree `i` holds a solution. Called from any thread.
  virtual void announce(std::size_t i) = 0;
  /// The least subtree another process has announced so far (ClusterShare::kNone: none).
  /// Called from any thread, between subtrees.
  virtual std::size_t heard() = 0;
  /// Every process's share combined into each (a collective: every process calls it once per
  /// split iteration, after its threads are back).
  virtual void combine(ClusterShare& share) = 0;
};

}  // namespace npuzzle
