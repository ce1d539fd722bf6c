#pragma once
// The order in which the fast solver places the lines of a board, written once: while the region
// left (the bottom right rectangle from row `r0`, column `c0`) has a side longer than the last
// region's, its longer side loses its first line (rows first on a tie), so that what is left
// stays close to square. The constructive solver, the line beam and the last region follow it.

#include "npuzzle/core/geometry.hpp"

namespace npuzzle {

struct LineOrder {
  Geometry board;
  int r0 = 0, c0 = 0;  // the region left

  /// Whether every side of the region left is at most `last` long.
  bool done(int last) const { return board.rows - r0 <= last && board.cols - c0 <= last; }
  /// Whether the next line is the region's first row (else its first column).
  bool next_is_row() const { return board.rows - r0 >= board.cols - c0; }
  /// The next line placed: the region loses it.
  void advance() { next_is_row() ? ++r0 : ++c0; }
};

}  // namespace npuzzle
