#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "npuzzle/errors.hpp"
#include "npuzzle/parity.hpp"
#include "npuzzle/random_board.hpp"
#include "support/reference.hpp"

namespace npuzzle {
namespace {

// Every arrangement of every small board, against what a plain BFS from the goal reaches.
TEST(Parity, AgreesWithBreadthFirstReachabilityOnEverySmallBoard) {
  const Geometry shapes[] = {{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {1, 2}, {1, 4}, {3, 1}};
  for (const Geometry g : shapes) {
    for (const Board& goal : {Board::blank_last(g), Board::blank_first(g)}) {
      const auto reachable = reference::distances_to(goal);
      Board b = Board::blank_first(g);
      std::size_t solvable_count = 0;
      do {
        const bool expected = reachable.contains(reference::encode(b.tiles));
        ASSERT_EQ(solvable(b, goal), expected) << g.name() << " " << reference::encode(b.tiles);
        solvable_count += expected;
      } while (std::next_permutation(b.tiles.begin(), b.tiles.end()));
      EXPECT_EQ(solvable_count, reachable.size());
    }
  }
}

TEST(Parity, SamLoydsFourteenFifteenSwapIsUnsolvable) {
  Board b = Board::blank_last({4, 4});
  std::swap(b.tiles[13], b.tiles[14]);
  EXPECT_FALSE(solvable(b, Board::blank_last({4, 4})));
}

// On large boards, boards made by legal moves from the goal are reachable by construction; one
// swap of two tiles more makes them unreachable (a move changes the parity of both sides).
TEST(Parity, LargeOddAndEvenBoardsFollowTheTranspositionRule) {
  std::mt19937_64 rng(108);
  for (const Geometry g : {Geometry{499, 499}, Geometry{100, 100}, Geometry{37, 64}}) {
    const Board goal = Board::blank_last(g);
    Board b = goal;
    Cell blank = b.blank();
    for (int step = 0; step < 200000; ++step) {
      const Cell next = g.step(blank, kAllDirs[uniform_below(rng, kAllDirs.size())]);
      if (next < 0) continue;
      std::swap(b.tiles[static_cast<std::size_t>(blank)], b.tiles[static_cast<std::size_t>(next)]);
      blank = next;
    }
    EXPECT_TRUE(solvable(b, goal)) << g.name();
    std::swap(b.tiles[b.tiles[0] == kBlank ? 1 : 0], b.tiles[b.tiles[2] == kBlank ? 3 : 2]);
    EXPECT_FALSE(solvable(b, goal)) << g.name();
  }
}

TEST(Parity, RefusesBoardsOfDifferentShapes) {
  EXPECT_THROW(solvable(Board::blank_last({2, 3}), Board::blank_last({3, 2})), InputError);
}

}  // namespace
}  // namespace npuzzle
