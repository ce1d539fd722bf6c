#pragma once
// The thread split's promise, checked once for every domain that uses it: split over threads,
// IDA* gives the single thread's answer move for move.

#include <gtest/gtest.h>

#include <span>

#include "npuzzle/core/moves.hpp"
#include "npuzzle/io/format.hpp"
#include "npuzzle/search/idastar.hpp"

namespace npuzzle::testing {

/// Solves `board` towards `goal` on one thread and on `threads`, as IDA* splits by itself and
/// with every iteration split (so that each takes over the history of a split one, kept by the
/// walk over the top once the threads are back); expects the one thread's answer each way,
/// replayed to the goal. Returns the iterations IDA* split by itself.
template <class Domain>
int expect_split_gives_one_thread_answer(const Domain& domain, const Board& board,
                                         const Board& goal, unsigned threads) {
  const auto start = domain.state_of(board);
  const auto one = ida_star_search(domain, start, {});
  EXPECT_EQ(one.status, SearchStatus::Solved);
  EXPECT_EQ(replay(board, one.path).final, goal);
  Budget split;
  split.threads = threads;
  const auto found = ida_star_search(domain, start, split);
  EXPECT_EQ(found.status, SearchStatus::Solved);
  EXPECT_EQ(found.path, one.path) << format_board(board) << ", " << threads << " threads";
  const auto one_all_split = IdaStar(domain, Budget{}, 0).solve(std::span(&start, 1));
  EXPECT_EQ(replay(board, one_all_split.path).final, goal);
  const auto all_split = IdaStar(domain, split, 0).solve(std::span(&start, 1));
  EXPECT_EQ(all_split.path, one_all_split.path) << format_board(board) << ", every iteration split";
  EXPECT_GE(all_split.stats.split_iterations, 2);
  return found.stats.split_iterations;
}

}  // namespace npuzzle::testing
