#pragma once
// Where an IDA* search stands, enough to go on after a restart and give the same answer: the
// iteration's bound, what the iteration before learnt of the top (it orders this one's
// children, and so the list of subtrees), the f the top was listed above, a fingerprint of that
// list, and which of them are finished, with what each found. Only split iterations are kept
// (the ones before are quick).

#include <cstdint>
#include <functional>
#include <span>
#include <stdexcept>
#include <vector>

#include "npuzzle/search/domain.hpp"
#include "npuzzle/search/iteration_history.hpp"

namespace npuzzle {

struct IdaCheckpoint {
  int bound = 0;
  int listed_above = 0;  // the subtrees are the nodes where f first rises above this
  // The subtrees listed, their count and paths mixed: a search that lists them otherwise (another
  // version of the program) refuses the checkpoint rather than skip subtrees it never searched.
  std::uint64_t listing = 0;
  // What decides whether this iteration keeps a history: the iteration before's nodes, and
  // those of them within the history's depth.
  std::uint64_t last_iteration = 0, last_top = 0;
  IterationHistory history;
  // The counts and iterations of the iterations before this one, and the seconds the search
  // had run when this was saved.
  SearchStats before;

  struct Finished {
    std::uint64_t subtree = 0;
    Frontier frontier = kNoFrontier;  // the least f beyond the bound below it, and its h
    int next_bound = 0;               // the least f beyond the bound below it
    std::uint64_t expanded = 0, generated = 0;
  };
  std::vector<Finished> finished;

  std::vector<std::uint8_t> encode() const;
  /// Throws std::invalid_argument where the bytes are not a checkpoint encode() wrote.
  static IdaCheckpoint decode(std::span<const std::uint8_t> bytes);
};

/// A search's checkpoints: where it goes on from (nullptr: the start), and where it hands its
/// progress, at the start of each split iteration and then about every `every_seconds` as
/// subtrees finish. `save` runs on a searching thread, one call at a time.
struct Checkpointing {
  const IdaCheckpoint* resume = nullptr;
  std::function<void(const IdaCheckpoint&)> save;
  double every_seconds = 60;
};

}  // namespace npuzzle
