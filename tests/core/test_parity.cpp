#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#include "npuzzle/core/parity.hpp"
#include "npuzzle/core/random_board.hpp"
#include "npuzzle/util/errors.hpp"
#include "support/reference.hpp"

namespace npuzzle {
namespace {

// Every arrangement of every small board, against what a plain BFS from the goal reaches.
TEST(Parity, AgreesWithBreadthFirstReachabilityOnEverySmallBoard) {
  const Geometry shapes[] = {{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {1, 2}, {1, 4}, {3, 1}};
  for (const Geometry g : shapes) {
    for (const Board& goal : {Board::blank_last(g), Board::blank_first(g)}) {
      const auto& reachable = reference::distances_to(goal);
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

// The overlapped walks of large permutations against one plain walk, on shapes that stress them:
// fixed points, one long cycle, pairs, short cycles, random; scattered and in order.
TEST(Parity, CycleCountsOfLargePermutationsMatchAPlainWalk) {
  std::mt19937_64 rng(2026);
  const auto plain_count = [](const std::vector<std::uint32_t>& next) {
    std::vector<bool> seen(next.size());
    std::size_t cycles = 0;
    for (std::size_t s = 0; s < next.size(); ++s) {
      if (seen[s]) continue;
      ++cycles;
      for (std::size_t c = s; !seen[c]; c = next[c]) seen[c] = true;
    }
    return cycles;
  };
  for (const std::size_t n : {std::size_t{1}, std::size_t{100}, std::size_t{16384},
                              std::size_t{16385}, std::size_t{200003}}) {
    std::vector<std::uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0U);
    std::shuffle(order.begin(), order.end(), rng);
    for (const std::size_t cycle_length :
         {std::size_t{1}, std::size_t{2}, std::size_t{7}, std::size_t{1000}, n}) {
      // Cycles of the given length through the shuffled cells, the last one shorter.
      std::vector<std::uint32_t> next(n);
      for (std::size_t i = 0; i < n; ++i) {
        const std::size_t first = i - i % cycle_length;
        const std::size_t after = std::min(first + cycle_length, n);
        next[order[i]] = order[i + 1 < after ? i + 1 : first];
      }
      std::vector<std::uint32_t> random(n);
      std::iota(random.begin(), random.end(), 0U);
      std::shuffle(random.begin(), random.end(), rng);
      // And in order: a shift by the cycle length within blocks, as goal boards run.
      std::vector<std::uint32_t> in_order(n);
      for (std::size_t c = 0; c < n; ++c) {
        const std::size_t first = c - c % cycle_length;
        const std::size_t after = std::min(first + cycle_length, n);
        in_order[c] = static_cast<std::uint32_t>(c + 1 < after ? c + 1 : first);
      }
      for (std::vector<std::uint32_t>* p : {&next, &random, &in_order}) {
        const std::size_t expected = plain_count(*p);
        EXPECT_EQ(count_cycles(*p), expected) << n << " cells, cycles of " << cycle_length;
      }
    }
  }
}

TEST(Parity, RefusesBoardsOfDifferentShapes) {
  EXPECT_THROW(solvable(Board::blank_last({2, 3}), Board::blank_last({3, 2})), InputError);
}

}  // namespace
}  // namespace npuzzle
