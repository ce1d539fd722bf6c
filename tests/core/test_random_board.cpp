#include <gtest/gtest.h>

#include <map>

#include "npuzzle/core/random_board.hpp"
#include "support/reference.hpp"

namespace npuzzle {
namespace {

TEST(RandomBoard, SameSeedSameBoards) {
  std::mt19937_64 a(7), b(7);
  const Board goal = Board::blank_last({3, 4});
  for (int i = 0; i < 20; ++i) EXPECT_EQ(random_board(goal, a), random_board(goal, b));
}

// Every draw is among the boards a plain BFS from the goal reaches.
TEST(RandomBoard, AlwaysReachesTheGoal) {
  std::mt19937_64 rng(1);
  for (const Geometry g :
       {Geometry{2, 2}, Geometry{3, 3}, Geometry{2, 4}, Geometry{1, 5}, Geometry{4, 2}}) {
    for (const Board& goal : {Board::blank_last(g), Board::blank_first(g)}) {
      const auto& reachable = reference::distances_to(goal);
      for (int i = 0; i < 200; ++i) {
        ASSERT_TRUE(reachable.contains(reference::encode(random_board(goal, rng).tiles)))
            << g.name();
      }
    }
  }
}

// 2x3 has 360 solvable boards; 360,000 seeded draws should hit each about 1000 times.
TEST(RandomBoard, CoversEverySolvableBoardEvenly) {
  std::mt19937_64 rng(773);
  const Board goal = Board::blank_last({2, 3});
  std::map<std::string, int> seen;
  for (int i = 0; i < 360000; ++i) ++seen[reference::encode(random_board(goal, rng).tiles)];
  EXPECT_EQ(seen.size(), reference::distances_to(goal).size());
  for (const auto& [board, count] : seen) {
    EXPECT_GT(count, 850) << board;
    EXPECT_LT(count, 1150) << board;
  }
}

// A walk of K moves ends at most K moves away, at a distance of K's parity (each move changes
// the blank's colour on a chessboard), and never undoes a move: two moves never return.
TEST(RandomWalk, EndsWithinItsMovesAndNeverStepsBack) {
  std::mt19937_64 rng(11);
  for (const Geometry g : {Geometry{3, 3}, Geometry{2, 4}, Geometry{1, 5}, Geometry{2, 2}}) {
    const Board goal = Board::blank_last(g);
    const auto& dist = reference::distances_to(goal);
    for (std::uint64_t k : {0u, 1u, 2u, 7u, 20u}) {
      for (int i = 0; i < 50; ++i) {
        const int d = dist.at(reference::encode(random_walk(goal, k, rng)->tiles));
        ASSERT_LE(d, static_cast<int>(k)) << g.name();
        ASSERT_EQ(d % 2, static_cast<int>(k % 2)) << g.name();
        if (k == 2 && g.rows > 1 && g.cols > 2) {
          ASSERT_EQ(d, 2) << g.name();
        }
      }
    }
  }
  // On a single line a walk turns back only at the end: 1x5, 6 moves, 4 out and 2 back.
  const Board line = Board::blank_last({1, 5});
  EXPECT_EQ(random_walk(line, 6, rng)->tiles, (std::vector<Tile>{1, 2, 0, 3, 4}));
}

TEST(RandomWalk, SameSeedSameBoards) {
  std::mt19937_64 a(3), b(3);
  const Board goal = Board::blank_first({30, 20});
  EXPECT_EQ(random_walk(goal, 5000, a), random_walk(goal, 5000, b));
}

// A walk asks `stop` every kWalkCheck moves and gives up once told to; a shorter one never asks.
TEST(RandomWalk, GivesUpWhenToldTo) {
  std::mt19937_64 rng(5);
  const Board goal = Board::blank_last({3, 3});
  std::uint64_t asked = 0;
  const auto stop_at_third = [&] { return ++asked == 3; };
  EXPECT_EQ(random_walk(goal, 10 * kWalkCheck, rng, stop_at_third), std::nullopt);
  EXPECT_EQ(asked, 3u);
  asked = 0;
  EXPECT_TRUE(random_walk(goal, kWalkCheck - 1, rng, [&] { return ++asked > 0; }).has_value());
  EXPECT_EQ(asked, 0u);
  EXPECT_TRUE(random_walk(goal, 2 * kWalkCheck, rng, [] { return false; }).has_value());
}

}  // namespace
}  // namespace npuzzle
