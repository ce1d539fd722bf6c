#pragma once
// The last region of a solution as a puzzle of its own. The constructive solver and the line
// beam place lines until a corner rectangle is left; from the first board on which every tile
// outside it is home, what is left is a small board, which a solver for small boards (a beam
// over whole boards, an exact search) may finish in fewer moves.

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "npuzzle/core/board.hpp"

namespace npuzzle {

struct LastRegion {
  std::size_t moves_before = 0;  // of the solution, up to the first board that leaves only it
  Board board;                   // the region then, numbered so that its goal is blank-last
  std::vector<Dir> walk_back;    // from the region's goal (blank in the corner) to the goal

  /// `moves` (the solution the region was found in) up to the region, then `region_moves` (an
  /// answer of `board`) and the walk back: a solution of the whole board.
  std::vector<Dir> spliced(std::span<const Dir> moves, std::span<const Dir> region_moves) const;
};

/// The region the line order leaves once no side is longer than `side` (the bottom right
/// rectangle: the longer side loses its first line, rows first on a tie), where `moves` (a
/// solution of `board` towards `goal`) first leave only it to solve; none where they never do,
/// or where the board is no larger than the region.
std::optional<LastRegion> last_region(const Board& board, const Board& goal,
                                      std::span<const Dir> moves, int side);

}  // namespace npuzzle
