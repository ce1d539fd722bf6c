// The fast solver: every answer replayed by the independent reference on seeded boards of many
// shapes and goals; its lower bound never above a known optimal length; budgets and bad input.

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>

#include "npuzzle/errors.hpp"
#include "npuzzle/format.hpp"
#include "npuzzle/moves.hpp"
#include "npuzzle/parity.hpp"
#include "npuzzle/random_board.hpp"
#include "npuzzle/tiles/constructive.hpp"
#include "support/fast_answers.hpp"
#include "support/reference.hpp"

namespace npuzzle {
namespace {

/// A goal with the tiles and the blank shuffled (any arrangement is a goal).
Board shuffled_goal(Geometry g, std::mt19937_64& rng) {
  Board goal = Board::blank_last(g);
  std::shuffle(goal.tiles.begin(), goal.tiles.end(), rng);
  return goal;
}

TEST(Constructive, SolvesSeededBoardsOfEveryShapeTowardsAnyGoal) {
  std::mt19937_64 rng(20261122);
  const Geometry shapes[] = {{1, 2}, {2, 1}, {1, 9}, {9, 1},  {2, 2},   {2, 3},   {3, 2},
                             {3, 3}, {2, 9}, {9, 2}, {3, 8},  {8, 3},   {4, 4},   {4, 7},
                             {7, 4}, {5, 5}, {6, 6}, {3, 17}, {10, 10}, {13, 20}, {31, 7}};
  for (const Geometry g : shapes) {
    for (int round = 0; round < 6; ++round) {
      const Board goal = round % 3 == 0   ? Board::blank_last(g)
                         : round % 3 == 1 ? Board::blank_first(g)
                                          : shuffled_goal(g, rng);
      const Board board = random_board(goal, rng);
      expect_valid_answer(board, goal, solve_constructive(board, goal, Budget{}));
    }
  }
}

TEST(Constructive, AnswersNothingForABoardAtItsGoal) {
  const Board goal = Board::blank_first({7, 5});
  EXPECT_TRUE(solve_constructive(goal, goal, Budget{}).path.empty());
}

TEST(Constructive, RefusesBoardsThatCannotReachTheGoalAndBoardsTooLarge) {
  Board board = Board::blank_last({3, 4});
  std::swap(board.tiles[0], board.tiles[1]);
  ASSERT_FALSE(solvable(board, Board::blank_last({3, 4})));
  EXPECT_THROW(solve_constructive(board, Board::blank_last({3, 4}), Budget{}), InputError);
  const Geometry huge{1001, 1000};
  const Board big = Board::blank_last(huge);
  EXPECT_THROW(solve_constructive(big, big, Budget{}), InputError);
}

TEST(Constructive, StopsWhenCancelled) {
  std::mt19937_64 rng(7);
  const Board goal = Board::blank_last({60, 60});
  const Board board = random_board(goal, rng);
  CancelToken cancel;
  cancel.cancel();
  Budget budget;
  budget.cancel = &cancel;
  const auto found = solve_constructive(board, goal, budget);
  EXPECT_EQ(found.status, SearchStatus::Cancelled);
  EXPECT_TRUE(found.path.empty());
}

/// Reads "id length ... tiles" lines of an instance file.
std::vector<std::pair<Board, int>> instances(const std::string& file, Geometry g, int skip) {
  std::ifstream in(std::string(NPUZZLE_SOURCE_DIR) + "/instances/" + file);
  std::vector<std::pair<Board, int>> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    int id = 0, length = 0;
    std::string ignored;
    fields >> id >> length;
    for (int i = 0; i < skip; ++i) fields >> ignored;
    Board b{g, std::vector<Tile>(static_cast<std::size_t>(g.cells()))};
    for (Tile& t : b.tiles) fields >> t;
    out.emplace_back(std::move(b), length);
  }
  return out;
}

// The bound is a proven one: never above a published optimal length (Korf's 100 15-puzzles and
// Korf & Felner's 50 24-puzzles), and every fast answer on them replays.
TEST(Constructive, BoundNeverExceedsPublishedOptimalLengths) {
  const auto fifteen = instances("korf100.txt", {4, 4}, 2);
  const auto twenty_four = instances("korf24_50.txt", {5, 5}, 1);
  ASSERT_EQ(fifteen.size(), 100u);
  ASSERT_EQ(twenty_four.size(), 50u);
  for (const auto* set : {&fifteen, &twenty_four}) {
    for (const auto& [board, length] : *set) {
      const Board goal = Board::blank_first(board.geometry);
      const auto found = solve_constructive(board, goal, Budget{});
      EXPECT_LE(found.stats.lower_bound, length);
      EXPECT_GE(static_cast<int>(found.path.size()), length);
      expect_reaches(board, goal, found.path);
    }
  }
}

// The bound against true distances: every 3x3 board's distance by the reference BFS.
TEST(Constructive, BoundIsAdmissibleOnEveryEightPuzzle) {
  const Board goal = Board::blank_last({3, 3});
  for (const auto& [key, distance] : reference::distances_to(goal)) {
    const Board board{goal.geometry, reference::decode(key)};
    ASSERT_LE(conflict_bound(board, goal), distance) << key;
  }
}

}  // namespace
}  // namespace npuzzle
