#include <gtest/gtest.h>

#include <random>

#include "npuzzle/core/moves.hpp"
#include "npuzzle/core/random_board.hpp"
#include "npuzzle/core/symmetry.hpp"

namespace npuzzle {
namespace {

std::vector<Symmetry> all_symmetries() {
  std::vector<Symmetry> out;
  for (int k = 0; k < 8; ++k) out.push_back({(k & 1) != 0, (k & 2) != 0, (k & 4) != 0});
  return out;
}

TEST(Symmetry, CellsMapOneToOneOntoTheImage) {
  const Geometry g{3, 5};
  for (const Symmetry s : all_symmetries()) {
    const Geometry to = image(g, s);
    EXPECT_EQ(to.rows, s.transpose ? 5 : 3);
    std::vector<int> hit(static_cast<std::size_t>(g.cells()), 0);
    for (Cell c = 0; c < g.cells(); ++c) ++hit[static_cast<std::size_t>(image(g, c, s))];
    EXPECT_EQ(hit, std::vector<int>(hit.size(), 1));
  }
  // Row 0, column 1 of a 3x5: flipped rows, then transposed, is row 1, column 2 of a 5x3.
  EXPECT_EQ(image(g, g.at(0, 1), {true, false, true}), (Geometry{5, 3}).at(1, 2));
}

// The image of a board after some moves is the image of the board after the moves' images,
// and the moves map back to themselves: a solution found in any frame solves the board.
TEST(Symmetry, MovesCommuteWithTheImageAndMapBack) {
  std::mt19937_64 rng(17);
  for (const Geometry g : {Geometry{3, 5}, Geometry{4, 4}, Geometry{2, 7}}) {
    const Board goal = Board::blank_last(g);
    for (const Symmetry s : all_symmetries()) {
      const Board board = random_board(goal, rng);
      std::vector<Dir> moves;
      for (int k = 0; k < 40; ++k) moves.push_back(kAllDirs[rng() % kAllDirs.size()]);
      const Replay plain = replay(board, moves);
      std::vector<Dir> images;
      for (Dir d : moves) images.push_back(image(d, s));
      const Replay mirrored = replay(image(board, s), images);
      EXPECT_EQ(mirrored.applied, plain.applied) << g.name();
      EXPECT_EQ(mirrored.final, image(plain.final, s)) << g.name();
      EXPECT_EQ(preimage(images, s), moves);
    }
  }
}

TEST(Symmetry, TheGoalsBlankGoesToTheLastCorner) {
  const Geometry g{3, 4};
  for (const Cell corner : {g.at(0, 0), g.at(0, 3), g.at(2, 0), g.at(2, 3)}) {
    Board goal = Board::blank_last(g);
    std::swap(goal.tiles[static_cast<std::size_t>(corner)], goal.tiles.back());
    const Symmetry s = blank_to_last_corner(goal);
    EXPECT_FALSE(s.transpose);
    EXPECT_EQ(image(goal, s).blank(), g.cells() - 1) << corner;
  }
  // Off the corners: into the last corner's quarter, a middle line left where it is.
  Board middle{{3, 4}, {1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11}};
  EXPECT_EQ(image(middle, blank_to_last_corner(middle)).blank(), g.at(1, 2));
}

}  // namespace
}  // namespace npuzzle
