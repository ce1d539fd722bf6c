#pragma once
// Checks of a fast (not shortest) answer, shared by the tests of the solvers that give one:
// replayed by the independent reference to the goal, no shorter than its bound, and no move
// undoing the one before.

#include <gtest/gtest.h>

#include <vector>

#include "npuzzle/core/board.hpp"
#include "npuzzle/core/moves.hpp"
#include "npuzzle/io/format.hpp"
#include "npuzzle/search/domain.hpp"
#include "support/reference.hpp"

namespace npuzzle {

inline void expect_reaches(const Board& board, const Board& goal, const std::vector<Dir>& moves) {
  std::vector<Tile> tiles = board.tiles;
  ASSERT_TRUE(reference::replay(tiles, format_moves(moves, Notation::Blank), board.geometry.rows,
                                board.geometry.cols))
      << board.geometry.name();
  EXPECT_EQ(tiles, goal.tiles) << board.geometry.name();
}

inline void expect_valid_answer(const Board& board, const Board& goal,
                                const SearchResult<Dir>& found) {
  ASSERT_EQ(found.status, SearchStatus::Solved) << board.geometry.name();
  expect_reaches(board, goal, found.path);
  EXPECT_LE(found.stats.lower_bound, static_cast<int>(found.path.size()));
  for (std::size_t i = 1; i < found.path.size(); ++i) {
    ASSERT_NE(found.path[i], reverse(found.path[i - 1])) << board.geometry.name() << " move " << i;
  }
}

}  // namespace npuzzle
