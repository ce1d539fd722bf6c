// The beam's answers: replayed by the independent reference on seeded boards of many shapes and
// goals, never longer than the constructive answer they improve on, the same on every run;
// budgets and bad input; and the selection that keeps each depth's best children.

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <random>
#include <vector>

#include "npuzzle/core/moves.hpp"
#include "npuzzle/core/parity.hpp"
#include "npuzzle/core/random_board.hpp"
#include "npuzzle/fast/beam_lines.hpp"
#include "npuzzle/fast/constructive.hpp"
#include "npuzzle/fast/schedule.hpp"
#include "npuzzle/fast/score_select.hpp"
#include "npuzzle/io/format.hpp"
#include "npuzzle/util/errors.hpp"
#include "support/fast_answers.hpp"
#include "support/reference.hpp"

namespace npuzzle {
namespace {

TEST(BeamLines, SolvesSeededBoardsOfEveryShapeTowardsAnyGoal) {
  std::mt19937_64 rng(20261123);
  const Geometry shapes[] = {{1, 5}, {5, 1}, {2, 2}, {3, 3},  {2, 4},   {4, 2},
                             {2, 9}, {9, 2}, {3, 8}, {8, 3},  {4, 4},   {4, 7},
                             {7, 4}, {5, 5}, {6, 6}, {3, 17}, {10, 10}, {12, 9}};
  for (const Geometry g : shapes) {
    for (int round = 0; round < 6; ++round) {
      Board goal = round % 3 == 0 ? Board::blank_last(g) : Board::blank_first(g);
      if (round % 3 == 2) std::shuffle(goal.tiles.begin(), goal.tiles.end(), rng);
      const Board board = random_board(goal, rng);
      // Width 1 is a greedy walk that can stall; the constructive solver then finishes.
      for (const int width : {1, 16}) {
        expect_valid_answer(board, goal, solve_beam(board, goal, {width}, Budget{}));
      }
    }
  }
}

// What the beam is for: answers shorter than the constructive solver's (by how much is a
// benchmark's figure). A beam that lost its way would fall back on the constructive solver and
// fail this.
TEST(BeamLines, IsShorterThanTheConstructiveAnswerAndTheSameOnEveryRun) {
  std::mt19937_64 rng(64);
  const Board goal = Board::blank_last({8, 8});
  std::size_t beam = 0, constructive = 0;
  for (int round = 0; round < 8; ++round) {
    const Board board = random_board(goal, rng);
    const auto found = solve_beam(board, goal, {64}, Budget{});
    expect_reaches(board, goal, found.path);
    EXPECT_EQ(solve_beam(board, goal, {64}, Budget{}).path, found.path);
    beam += found.path.size();
    constructive += solve_constructive(board, goal, Budget{}).path.size();
  }
  EXPECT_LT(beam, constructive);
}

// The weight on the placing tables steers a wide beam (on boards small enough for the tables):
// another weight, another valid answer, each the same on every run; a narrow beam keeps its own
// weights.
TEST(BeamLines, TheWeightOnThePlacingTablesSteersAWideBeam) {
  std::mt19937_64 rng(3);
  const Board goal = Board::blank_first({6, 7});
  const Board board = random_board(goal, rng);
  const auto standard = solve_beam(board, goal, {1024}, Budget{});
  const auto lighter = solve_beam(board, goal, {1024, 2}, Budget{});
  expect_valid_answer(board, goal, standard);
  expect_valid_answer(board, goal, lighter);
  EXPECT_NE(lighter.path, standard.path);
  EXPECT_EQ(solve_beam(board, goal, {1024, 2}, Budget{}).path, lighter.path);
  EXPECT_EQ(solve_beam(board, goal, {64, 2}, Budget{}).path,
            solve_beam(board, goal, {64}, Budget{}).path);
}

// A narrow beam on a large board stalls on some tiles (each needs a way that first takes it
// further from home); the constructive solver places those and the beam goes on. On this
// 24x24 board, 16 wide, a beam that stopped at its first stall was no shorter than the
// constructive answer; going on, it is shorter.
TEST(BeamLines, GoesOnPastATileOnWhichItStalls) {
  std::mt19937_64 rng(1);
  const Board goal = Board::blank_last({24, 24});
  const Board board = random_board(goal, rng);
  const auto found = solve_beam(board, goal, {16}, Budget{});
  expect_valid_answer(board, goal, found);
  const auto constructive = solve_constructive(board, goal, Budget{});
  EXPECT_LT(found.path.size(), constructive.path.size());
}

TEST(BeamLines, StopsWhenCancelledAndRefusesBadInput) {
  std::mt19937_64 rng(7);
  const Board goal = Board::blank_last({20, 20});
  const Board board = random_board(goal, rng);
  CancelToken cancel;
  cancel.cancel();
  Budget budget;
  budget.cancel = &cancel;
  const auto found = solve_beam(board, goal, {64}, budget);
  EXPECT_EQ(found.status, SearchStatus::Cancelled);
  EXPECT_TRUE(found.path.empty());

  EXPECT_THROW(solve_beam(board, goal, {0}, Budget{}), InputError);
  EXPECT_THROW(solve_beam(board, goal, {1024, -1}, Budget{}), InputError);
  const Board big = Board::blank_last({kMaxBeamCells / 32 + 1, 32});  // past the beam's reach
  EXPECT_THROW(solve_beam(big, big, {8}, Budget{}), InputError);
  Board swapped = Board::blank_last({4, 5});
  std::swap(swapped.tiles[0], swapped.tiles[1]);
  EXPECT_THROW(solve_beam(swapped, Board::blank_last({4, 5}), {8}, Budget{}), InputError);
}

// Out of time, the beam's best board so far is finished by the constructive solver: an answer,
// never nothing (the budget's time has run out before the beam starts, and the beam looks at
// the clock after a fixed count of boards, so the answer is the same on every run).
TEST(BeamLines, OutOfTimeFinishesItsBestBoard) {
  std::mt19937_64 rng(11);
  const Board goal = Board::blank_last({10, 10});
  const Board board = random_board(goal, rng);
  Budget budget;
  budget.timeout_seconds = 0.001;
  budget.since = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  const auto found = solve_beam(board, goal, {1024}, budget);
  expect_valid_answer(board, goal, found);
  EXPECT_EQ(solve_beam(board, goal, {1024}, budget).path, found.path);
}

// The beam keeps its best children with ScoreSelect: the same items as std::nth_element puts
// first, whatever the spread of the scores (many ties; a few far lower, as where a child
// completes a stage; far apart) and wherever the k-th lies.
TEST(ScoreSelect, PutsFirstWhatNthElementPutsFirst) {
  struct Item {
    std::int64_t score;
    std::uint64_t tie;
    std::size_t id;
  };
  const auto better = [](const Item& a, const Item& b) {
    return a.score != b.score ? a.score < b.score : a.tie < b.tie;
  };
  std::mt19937_64 rng(7);
  ScoreSelect<Item> select;
  for (int round = 0; round < 400; ++round) {
    const std::size_t n = 1 + rng() % 6000;
    std::vector<Item> items(n + rng() % 3);  // (only the first n are selected from)
    for (std::size_t i = 0; i < items.size(); ++i) {
      const std::uint64_t r = rng();
      std::int64_t score = 0;
      switch (round % 4) {
        case 0:
          score = static_cast<std::int64_t>(r % 60);
          break;
        case 1:
          score = static_cast<std::int64_t>(r % 100000) - 50000;
          break;
        case 2:
          score =
              (r % 16 == 0 ? -(std::int64_t{1} << 40) : 0) + static_cast<std::int64_t>(r % 3000);
          break;
        default:
          score = static_cast<std::int64_t>(r % 9) * 1000000007;
          break;
      }
      items[i] = {score, rng() % 40, i};
    }
    const std::size_t k = round % 5 == 0 ? n - 1 : rng() % (n + 1);
    std::vector<Item> expected = items;
    std::nth_element(expected.begin(), expected.begin() + static_cast<std::ptrdiff_t>(k),
                     expected.begin() + static_cast<std::ptrdiff_t>(n), better);
    select.select(items, n, k, better);
    const auto keys = [&](const std::vector<Item>& v, std::size_t from, std::size_t to) {
      std::vector<std::pair<std::int64_t, std::uint64_t>> out;
      for (std::size_t i = from; i < to; ++i) out.emplace_back(v[i].score, v[i].tie);
      std::sort(out.begin(), out.end());
      return out;
    };
    ASSERT_EQ(keys(items, 0, k), keys(expected, 0, k)) << "round " << round;
    std::vector<std::size_t> ids;  // every item still there once
    for (std::size_t i = 0; i < n; ++i) ids.push_back(items[i].id);
    std::sort(ids.begin(), ids.end());
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(ids[i], i) << "round " << round;
  }
}

}  // namespace
}  // namespace npuzzle
