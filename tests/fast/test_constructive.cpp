// The fast solver: every answer replayed by the independent reference on seeded boards of many
// shapes and goals; its lower bound never above a known optimal length; budgets and bad input.

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>

#include "npuzzle/core/moves.hpp"
#include "npuzzle/core/parity.hpp"
#include "npuzzle/core/random_board.hpp"
#include "npuzzle/fast/constructive.hpp"
#include "npuzzle/io/format.hpp"
#include "npuzzle/tiles/bounds.hpp"
#include "npuzzle/util/errors.hpp"
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

/// The cells in the order the solver places them: the top row or the left column of what is
/// left, whichever is longer (rows first on a tie), until 3x3 or less is left.
std::vector<Cell> placing_order(Geometry g) {
  std::vector<Cell> order;
  int r0 = 0, c0 = 0;
  while (g.rows - r0 > 3 || g.cols - c0 > 3) {
    if (g.rows - r0 >= g.cols - c0) {
      for (int c = c0; c < g.cols; ++c) order.push_back(g.at(r0, c));
      ++r0;
    } else {
      for (int r = r0; r < g.rows; ++r) order.push_back(g.at(r, c0));
      ++c0;
    }
  }
  return order;
}

// Asked for the first tiles only, the solver places those (under the goal with its blank
// walked to the last corner, where it names the tiles), stops there, and leaves any already
// home in place: a second call from there goes on. The lines' last two go in together, so a count
// that splits them places both.
TEST(Constructive, PlacesTheFirstTilesAskedForAndGoesOnFromThere) {
  std::mt19937_64 rng(20261123);
  for (const Geometry g : {Geometry{7, 9}, Geometry{9, 7}, Geometry{10, 10}, Geometry{4, 12}}) {
    for (int round = 0; round < 3; ++round) {
      const Board goal = round == 0   ? Board::blank_last(g)
                         : round == 1 ? Board::blank_first(g)
                                      : shuffled_goal(g, rng);
      Board corner_goal = goal;
      for (int r = g.row(goal.blank()); r + 1 < g.rows; ++r) apply_move(corner_goal, Dir::Down);
      for (int c = g.col(goal.blank()); c + 1 < g.cols; ++c) apply_move(corner_goal, Dir::Right);
      const std::vector<Cell> order = placing_order(g);
      Board board = random_board(goal, rng);
      for (const std::size_t tiles :
           {std::size_t{1}, std::size_t{4}, order.size() / 2, order.size() - 1, order.size()}) {
        const auto placed = place_first_tiles(board, goal, tiles, Budget{});
        ASSERT_EQ(placed.status, SearchStatus::Solved);
        // It stops there: short of the whole solve from the same board.
        EXPECT_LT(placed.path.size(), solve_constructive(board, goal, Budget{}).path.size());
        std::vector<Tile> tiles_after = board.tiles;
        ASSERT_TRUE(reference::replay(tiles_after, format_moves(placed.path, Notation::Blank),
                                      g.rows, g.cols));
        board.tiles = tiles_after;
        for (std::size_t k = 0; k < tiles; ++k) {
          const auto at = static_cast<std::size_t>(order[k]);
          ASSERT_EQ(board.tiles[at], corner_goal.tiles[at]) << g.name() << " tile " << k;
        }
      }
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
  std::string path = NPUZZLE_SOURCE_DIR;
  path += "/instances/";
  path += file;
  std::ifstream in(path);
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
