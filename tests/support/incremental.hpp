#pragma once
// A check for estimates kept up move by move: along a seeded random walk, the estimate a tile
// domain carries must equal the one computed from scratch on the same board.

#include <gtest/gtest.h>

#include <random>

#include "npuzzle/core/random_board.hpp"

namespace npuzzle::testing_support {

template <class Domain>
void expect_incremental_estimates_exact(const Domain& domain, const Board& goal,
                                        std::mt19937_64& rng, int steps) {
  auto state = domain.state_of(random_board(goal, rng));
  Dir last = kNoDir;
  for (int step = 0; step < steps; ++step) {
    const auto moves = domain.moves(state, last);
    last = moves[uniform_below(rng, moves.size())];
    domain.apply(state, last);
    const Board now{goal.geometry, {state.tiles.begin(), state.tiles.end()}};
    ASSERT_EQ(state.h, domain.state_of(now).h) << goal.geometry.name() << " step " << step;
  }
}

}  // namespace npuzzle::testing_support
