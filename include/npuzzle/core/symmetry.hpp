#pragma once
// The symmetries of a rectangular board: its rows read bottom up, its columns right to left,
// then rows and columns exchanged. Each maps every board and move to an image, so that a
// solution found for the images of a board and a goal, mapped back move by move, solves the
// board itself: a solver may work in whichever frame suits it.

#include <span>
#include <vector>

#include "npuzzle/core/board.hpp"
#include "npuzzle/core/geometry.hpp"

namespace npuzzle {

struct Symmetry {
  bool flip_rows = false;  // row r becomes row rows - 1 - r
  bool flip_cols = false;  // column c becomes column cols - 1 - c
  bool transpose = false;  // then (r, c) becomes (c, r)

  friend constexpr bool operator==(Symmetry, Symmetry) = default;
};

/// The geometry of the image: rows and columns exchanged where `s` transposes.
Geometry image(Geometry g, Symmetry s);
/// The cell that `c` of a board of geometry `g` becomes.
Cell image(Geometry g, Cell c, Symmetry s);
/// The board with each tile on the image of its cell.
Board image(const Board& board, Symmetry s);
/// The move of the image that mirrors `d`.
Dir image(Dir d, Symmetry s);
/// The move `d` of the image mirrors: the inverse of `image(Dir, Symmetry)`.
Dir preimage(Dir d, Symmetry s);
/// `moves` of the image, mapped back one by one.
std::vector<Dir> preimage(std::span<const Dir> moves, Symmetry s);

/// The symmetry (no transposing) that takes the goal's blank to the last corner or, where it is
/// not in a corner, to the quarter of the board by that corner: solvers that finish with the
/// blank there (the constructive solver) then have the shortest walk back to the goal's blank.
Symmetry blank_to_last_corner(const Board& goal);

}  // namespace npuzzle
