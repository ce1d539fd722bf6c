#include <gtest/gtest.h>

#include "npuzzle/core/board.hpp"
#include "npuzzle/core/geometry.hpp"
#include "npuzzle/util/errors.hpp"

namespace npuzzle {
namespace {

TEST(Board, StandardGoals) {
  EXPECT_EQ(Board::blank_last({2, 3}).tiles, (std::vector<Tile>{1, 2, 3, 4, 5, 0}));
  EXPECT_EQ(Board::blank_first({2, 3}).tiles, (std::vector<Tile>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(Board::blank_last({3, 3}).blank(), 8);
}

TEST(Board, ValidateRefusesMalformedBoards) {
  EXPECT_NO_THROW(validate(Board::blank_last({1, 2})));
  EXPECT_THROW(validate(Board{{1, 1}, {0}}), InputError);
  EXPECT_THROW(validate(Board{{2, 2}, {1, 2, 3}}), InputError);
  EXPECT_THROW(validate(Board{{2, 2}, {1, 1, 2, 0}}), InputError);
  EXPECT_THROW(validate(Board{{2, 2}, {1, 0, 2, 0}}), InputError);
  EXPECT_THROW(validate(Board{{2, 2}, {1, 4, 2, 0}}), InputError);
}

TEST(Board, CellsOfTilesInvertsTheBoard) {
  const Board b{{2, 2}, {3, 0, 1, 2}};
  EXPECT_EQ(cells_of_tiles(b), (std::vector<Cell>{1, 2, 3, 0}));
}

TEST(MoveTable, SkipsTheReverseOfTheLastMoveAndStaysOnTheBoard) {
  const Geometry g{3, 4};
  const MoveTable table(g);
  for (Cell c = 0; c < g.cells(); ++c) {
    for (int last = 0; last <= kDirCount; ++last) {
      for (Dir d : table.moves(c, static_cast<Dir>(last))) {
        EXPECT_GE(g.step(c, d), 0);
        EXPECT_EQ(table.target(c, d), g.step(c, d));
        if (last < kDirCount) {
          EXPECT_NE(d, reverse(static_cast<Dir>(last)));
        }
      }
    }
  }
  EXPECT_EQ(table.moves(0, kNoDir).size(), 2u);  // a corner
  EXPECT_EQ(table.moves(5, kNoDir).size(), 4u);  // inside
  EXPECT_EQ(table.moves(5, Dir::Up).size(), 3u);
}

// The taxicab distance is the number of steps of a shortest walk, counted here by stepping.
TEST(Geometry, TaxicabIsTheShortestWalk) {
  const Geometry g{3, 5};
  for (Cell a = 0; a < g.cells(); ++a) {
    for (Cell b = 0; b < g.cells(); ++b) {
      int steps = 0;
      for (Cell c = a; c != b; ++steps) {
        c = g.row(c) != g.row(b) ? g.step(c, g.row(c) < g.row(b) ? Dir::Down : Dir::Up)
                                 : g.step(c, g.col(c) < g.col(b) ? Dir::Right : Dir::Left);
      }
      EXPECT_EQ(g.taxicab(a, b), steps) << a << " " << b;
      EXPECT_EQ(g.taxicab(a, b), g.taxicab(b, a));
    }
  }
}

}  // namespace
}  // namespace npuzzle
