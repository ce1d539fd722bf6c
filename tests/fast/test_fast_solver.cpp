// The fast solver in its frames: valid answers on seeded boards of several shapes and goals
// (the goal's blank in a corner and off the corners), on one thread and on two, where the
// transposed frame joins and, up to 6x6, the answer is never longer than one thread's; on a
// board with a last region (7x7 to 10x10, 7x6 here) each frame also with a second weight for the
// line beam, and the shortest draft finished on two threads (not always the shorter answer);
// rounds after the schedule's never lengthen the answer; past the beam's reach,
// the last region solved again; past the held answers, a streamed one.

#include <gtest/gtest.h>

#include <random>

#include "npuzzle/core/random_board.hpp"
#include "npuzzle/fast/constructive.hpp"
#include "npuzzle/fast/fast_solver.hpp"
#include "npuzzle/fast/schedule.hpp"
#include "support/fast_answers.hpp"

namespace npuzzle {
namespace {

TEST(FastSolver, EveryAttemptGivesAValidAnswerOnOneThreadAndOnTwo) {
  std::mt19937_64 rng(20261124);
  enum class Goal { BlankFirst, BlankLast, Shuffled };
  const std::pair<Geometry, Goal> cases[] = {
      {{6, 6}, Goal::BlankFirst}, {{7, 6}, Goal::BlankFirst}, {{7, 4}, Goal::BlankLast},
      {{7, 4}, Goal::Shuffled},   {{4, 4}, Goal::Shuffled},   {{2, 13}, Goal::BlankFirst}};
  for (const auto& [g, kind] : cases) {
    Board goal = kind == Goal::BlankFirst ? Board::blank_first(g) : Board::blank_last(g);
    if (kind == Goal::Shuffled) std::shuffle(goal.tiles.begin(), goal.tiles.end(), rng);
    const Board board = random_board(goal, rng);
    Budget one, two;
    two.threads = 2;
    const auto alone = solve_fast(board, goal, one);
    const auto both = solve_fast(board, goal, two);
    expect_valid_answer(board, goal, alone);
    expect_valid_answer(board, goal, both);
    if (g.cells() <= 36) {
      EXPECT_LE(both.path.size(), alone.path.size()) << g.name();
    }
    EXPECT_EQ(both.stats.lower_bound, alone.stats.lower_bound);
    // From 6x6 on the other attempts join (their effort counted beside the first's), and the
    // same board gets the same answer, whichever thread finishes first.
    if (g.cells() >= 36) {
      EXPECT_GT(both.stats.expanded, alone.stats.expanded);
      EXPECT_EQ(solve_fast(board, goal, two).path, both.path);
    }
  }
}

// Rounds after the schedule's (Budget::improve_rounds) keep the shortest answer: never longer
// than the schedule's alone, with other line beams (7x7 to 42x42, or as many cells) or a wider
// beam over whole boards (up to 6x6). Up to 3x3 the answer is exact already, and none runs.
TEST(FastSolver, LaterRoundsNeverLengthenTheAnswer) {
  std::mt19937_64 rng(11);
  for (const Geometry g : {Geometry{4, 10}, Geometry{6, 6}, Geometry{3, 3}}) {
    const Board goal = Board::blank_last(g);
    const Board board = random_board(goal, rng);
    Budget plain, improving;  // (one thread: one frame, the test's time halved)
    improving.improve_rounds = 1;
    const auto before = solve_fast(board, goal, plain);
    const auto after = solve_fast(board, goal, improving);
    expect_valid_answer(board, goal, after);
    EXPECT_LE(after.path.size(), before.path.size()) << g.name();
    if (g.cells() > 9) {
      EXPECT_GT(after.stats.expanded, before.stats.expanded) << g.name();
    } else {
      EXPECT_EQ(after.path, before.path);
      EXPECT_EQ(after.stats.expanded, before.stats.expanded);
    }
  }
}

// Past the line beam's reach on the whole board (and up to kMaxHeldCells), the answer is held and
// its last 32x32 region solved again, with the beam: shorter than the constructive answer alone.
TEST(FastSolver, PastTheBeamsReachTheLastRegionIsSolvedAgain) {
  std::mt19937_64 rng(43);
  const Geometry g{43, 42};
  ASSERT_GT(g.cells(), kMaxBeamCells);
  ASSERT_LE(g.cells(), kMaxHeldCells);
  const Board goal = Board::blank_last(g);
  const Board board = random_board(goal, rng);
  const auto found = solve_fast(board, goal, Budget{});
  expect_valid_answer(board, goal, found);
  EXPECT_LT(found.path.size(), solve_constructive(board, goal, Budget{}).path.size());
}

// Past the beam's reach the answer streams from the corner frame, each move mapped back.
TEST(FastSolver, AStreamedAnswerReachesAGoalWithTheBlankFirst) {
  std::mt19937_64 rng(5);
  const Board goal = Board::blank_first({40, 33});
  const Board board = random_board(goal, rng);
  std::vector<Dir> moves;
  const auto r = solve_fast_streaming(board, goal, Budget{}, [&](std::span<const Dir> m) {
    moves.insert(moves.end(), m.begin(), m.end());
  });
  ASSERT_EQ(r.status, SearchStatus::Solved);
  EXPECT_TRUE(r.path.empty());
  expect_reaches(board, goal, moves);
}

}  // namespace
}  // namespace npuzzle
