#include <gtest/gtest.h>

#include "npuzzle/errors.hpp"
#include "npuzzle/format.hpp"
#include "npuzzle/moves.hpp"
#include "npuzzle/solver.hpp"
#include "support/reference.hpp"

namespace npuzzle {
namespace {

// The whole 8-puzzle through the public API: every one of the 181,440 boards that can reach the
// everyday goal, solved, replayed, and its length compared with the reference BFS.
TEST(Solver, EveryEightPuzzleIsSolvedOptimally) {
  const Board goal = Board::blank_last({3, 3});
  const auto dist = reference::distances_to(goal);
  ASSERT_EQ(dist.size(), 181440u);
  for (const auto& [key, distance] : dist) {
    const Solution s = solve(Board{goal.geometry, reference::decode(key)}, goal, {});
    ASSERT_EQ(s.status, SearchStatus::Solved) << key;
    ASSERT_EQ(s.algorithm, Algorithm::Table);
    ASSERT_EQ(static_cast<int>(s.moves.size()), distance) << key;
    std::string state = key;
    ASSERT_TRUE(reference::replay(state, format_moves(s.moves, Notation::Blank), 3, 3));
    ASSERT_EQ(state, reference::encode(goal.tiles)) << key;
  }
}

TEST(Solver, AutoPicksTheTableUpToNineCellsAndIdaStarBeyond) {
  EXPECT_EQ(resolve(Algorithm::Auto, {3, 3}), Algorithm::Table);
  EXPECT_EQ(resolve(Algorithm::Auto, {2, 4}), Algorithm::Table);
  EXPECT_EQ(resolve(Algorithm::Auto, {3, 4}), Algorithm::IdaStar);
  EXPECT_EQ(resolve(Algorithm::Bfs, {3, 3}), Algorithm::Bfs);
}

TEST(Solver, UnsolvableBoardsAreAnsweredWithoutSearching) {
  const Board board = parse_board("2 1 3 4 5 6 7 8 0");
  for (Algorithm a : kAlgorithms) {
    SolveOptions o;
    o.algorithm = a;
    const Solution s = solve(board, Board::blank_last({3, 3}), o);
    EXPECT_EQ(s.status, SearchStatus::NoSolution) << name(a);
    EXPECT_EQ(s.stats.expanded, 0u) << name(a);
  }
}

TEST(Solver, TheGoalItselfNeedsNoMoves) {
  for (Algorithm a : kAlgorithms) {
    SolveOptions o;
    o.algorithm = a;
    const Solution s = solve(Board::blank_first({3, 3}), Board::blank_first({3, 3}), o);
    EXPECT_EQ(s.status, SearchStatus::Solved) << name(a);
    EXPECT_TRUE(s.moves.empty()) << name(a);
  }
}

TEST(Solver, RefusesWhatNoMethodCanTake) {
  EXPECT_THROW(solve(Board::blank_last({2, 3}), Board::blank_last({3, 2}), {}), InputError);
  SolveOptions table;
  table.algorithm = Algorithm::Table;
  EXPECT_THROW(solve(Board::blank_last({4, 4}), Board::blank_last({4, 4}), table), InputError);
  SolveOptions ida;
  ida.algorithm = Algorithm::IdaStar;
  EXPECT_THROW(solve(Board::blank_last({17, 17}), Board::blank_last({17, 17}), ida), InputError);
  EXPECT_THROW(solve(Board{{2, 2}, {1, 1, 2, 0}}, Board::blank_last({2, 2}), {}), InputError);
}

TEST(Solver, NamesRoundTrip) {
  for (Algorithm a : kAlgorithms) EXPECT_EQ(algorithm_named(name(a)), a);
  for (Heuristic h : kHeuristics) EXPECT_EQ(heuristic_named(name(h)), h);
  EXPECT_FALSE(algorithm_named("dijkstra"));
}

}  // namespace
}  // namespace npuzzle
