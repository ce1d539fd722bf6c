// The last region of a solution: where it is, the region as a board of its own, and an answer of
// the region spliced back in reaching the goal, on seeded boards of several shapes and goals.

#include <gtest/gtest.h>

#include <random>

#include "npuzzle/core/moves.hpp"
#include "npuzzle/core/random_board.hpp"
#include "npuzzle/fast/constructive.hpp"
#include "npuzzle/fast/last_region.hpp"
#include "support/fast_answers.hpp"

namespace npuzzle {
namespace {

TEST(LastRegion, TheWalkToTheCornerGoesDownThenRight) {
  const Board goal = Board::blank_first({4, 5});
  const std::vector<Dir> walk = walk_to_corner(goal);
  EXPECT_EQ(format_moves(walk, Notation::Blank), "dddrrrr");
  EXPECT_EQ(replay(goal, walk).final.blank(), 19);
  EXPECT_TRUE(walk_to_corner(Board::blank_last({4, 5})).empty());
}

TEST(LastRegion, SplicedWithAnAnswerOfTheRegionReachesTheGoal) {
  std::mt19937_64 rng(20261124);
  // The line order, the longer side first (rows on a tie), leaves these regions.
  const std::tuple<Geometry, int, Geometry> cases[] = {{{10, 10}, 6, {6, 6}}, {{8, 8}, 5, {5, 5}},
                                                       {{9, 5}, 5, {5, 5}},   {{4, 7}, 3, {3, 3}},
                                                       {{7, 4}, 5, {5, 4}},   {{6, 11}, 6, {6, 6}}};
  for (const auto& [g, side, region_shape] : cases) {
    for (int round = 0; round < 3; ++round) {
      Board goal = round == 0 ? Board::blank_last(g) : Board::blank_first(g);
      if (round == 2) std::shuffle(goal.tiles.begin(), goal.tiles.end(), rng);
      const Board board = random_board(goal, rng);
      const auto answer = solve_constructive(board, goal, Budget{});
      const auto region = last_region(board, goal, answer.path, side);
      ASSERT_TRUE(region.has_value()) << g.name();
      EXPECT_EQ(region->board.geometry, region_shape) << g.name();
      EXPECT_LT(region->moves_before, answer.path.size()) << g.name();
      // Any answer of the region will do: the constructive one towards its own goal.
      const Board region_goal = Board::blank_last(region_shape);
      const auto rest = solve_constructive(region->board, region_goal, Budget{});
      ASSERT_EQ(rest.status, SearchStatus::Solved) << g.name();
      expect_reaches(board, goal, region->spliced(answer.path, rest.path));
    }
  }
}

TEST(LastRegion, NoneWhereTheBoardIsTheRegionOrTheMovesNeverLeaveOnlyIt) {
  std::mt19937_64 rng(7);
  const Board goal = Board::blank_last({6, 6});
  const Board board = random_board(goal, rng);
  const auto answer = solve_constructive(board, goal, Budget{});
  EXPECT_FALSE(last_region(board, goal, answer.path, 6).has_value());
  EXPECT_FALSE(last_region(board, goal, {}, 5).has_value());
  // A move off the board is no solution: none.
  Board top_left = goal;
  std::swap(top_left.tiles[0], top_left.tiles[35]);
  EXPECT_FALSE(last_region(top_left, goal, std::vector<Dir>{Dir::Up}, 5).has_value());
  // Already on the goal: the region is its own goal, with no moves before.
  const auto home = last_region(goal, goal, {}, 5);
  ASSERT_TRUE(home.has_value());
  EXPECT_EQ(home->moves_before, 0u);
  EXPECT_EQ(home->board, Board::blank_last({5, 5}));
}

}  // namespace
}  // namespace npuzzle
