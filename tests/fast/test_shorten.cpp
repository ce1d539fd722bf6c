// Shortening a valid solution: the result still reaches the goal (replayed by the independent
// reference), is never longer, finds the shortcuts planted in it, and keeps to its budget.

#include <gtest/gtest.h>

#include <random>

#include "npuzzle/core/moves.hpp"
#include "npuzzle/core/random_board.hpp"
#include "npuzzle/fast/constructive.hpp"
#include "npuzzle/fast/shorten.hpp"
#include "support/reference.hpp"

namespace npuzzle {
namespace {

std::vector<Tile> replayed(const Board& board, const std::vector<Dir>& moves) {
  std::vector<Tile> tiles = board.tiles;
  EXPECT_TRUE(reference::replay(tiles, format_moves(moves, Notation::Blank), board.geometry.rows,
                                board.geometry.cols));
  return tiles;
}

TEST(Shorten, KeepsTheGoalAndNeverLengthens) {
  std::mt19937_64 rng(20261122);
  for (const Geometry g :
       {Geometry{3, 3}, Geometry{4, 4}, Geometry{5, 5}, Geometry{4, 7}, Geometry{8, 8}}) {
    for (int round = 0; round < 4; ++round) {
      const Board goal = round % 2 ? Board::blank_first(g) : Board::blank_last(g);
      const Board board = random_board(goal, rng);
      const auto fast = solve_constructive(board, goal, Budget{});
      const auto shorter = shorten(board, fast.path, {}, Budget{});
      EXPECT_LE(shorter.size(), fast.path.size()) << g.name();
      EXPECT_EQ(replayed(board, shorter), goal.tiles) << g.name();
      EXPECT_GE(static_cast<int>(shorter.size()), fast.stats.lower_bound) << g.name();
    }
  }
}

// A detour planted in a shortest solution (a walk out and back, and a loop around a 2x2 block)
// is found and taken out.
TEST(Shorten, TakesOutPlantedDetours) {
  const Board goal = Board::blank_last({4, 4});
  Board board = goal;
  const std::vector<Dir> away{Dir::Up, Dir::Left, Dir::Up, Dir::Left};
  for (Dir d : away) ASSERT_TRUE(apply_move(board, d));
  std::vector<Dir> moves{Dir::Left, Dir::Up, Dir::Right, Dir::Down,   // a loop: 4 moves
                         Dir::Left, Dir::Up, Dir::Right, Dir::Down,   // and back round it:
                         Dir::Left, Dir::Up, Dir::Right, Dir::Down};  // three loops cancel out
  moves.insert(moves.end(), {Dir::Right, Dir::Down, Dir::Right, Dir::Down});
  ASSERT_EQ(replayed(board, moves), goal.tiles);
  const auto shorter = shorten(board, moves, {}, Budget{});
  EXPECT_EQ(replayed(board, shorter), goal.tiles);
  EXPECT_EQ(shorter.size(), 4u);
}

TEST(Shorten, ACancelledBudgetKeepsTheMovesAsTheyWere) {
  std::mt19937_64 rng(5);
  const Board goal = Board::blank_last({6, 6});
  const Board board = random_board(goal, rng);
  const auto fast = solve_constructive(board, goal, Budget{});
  CancelToken cancel;
  cancel.cancel();
  Budget budget;
  budget.cancel = &cancel;
  const auto kept = shorten(board, fast.path, {}, budget);
  EXPECT_EQ(kept, fast.path);
  // Not cancelled, the same moves do get shorter: the test above is of the cancel.
  EXPECT_LT(shorten(board, fast.path, {}, Budget{}).size(), fast.path.size());
}

}  // namespace
}  // namespace npuzzle
