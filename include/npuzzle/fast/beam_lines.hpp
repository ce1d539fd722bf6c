#pragma once
// Placing the lines of a board by beam search, for shorter fast solutions on boards of up to a
// few hundred cells. The lines and their order are the constructive solver's; the beam keeps the
// `width` most promising boards at each depth, promising meaning: more tiles placed, fewer moves
// to bring the next tile home (counted exactly as if no other tile were in the way, from tables
// built per tile on boards of up to 256 cells; on larger ones, the tile's distance and the
// blank's from a cell in front of it), and the other tiles closer to home (every move of the
// blank slides some tile, and the beam prefers the moves that slide it the right way). The
// constructive solver finishes from where the beam ends (the last 3x3, exactly), and places any
// tile on which the beam stalls, a new beam going on from there.

#include <vector>

#include "npuzzle/core/board.hpp"
#include "npuzzle/search/domain.hpp"

namespace npuzzle {

/// Boards the beam takes: every board it keeps is copied, so its cost grows with the cells.
inline constexpr int kMaxBeamCells = 1024;

struct BeamOptions {
  int width = 64;  // boards kept at each depth
  /// On a wide beam (1,024 boards or more) of a board small enough for the placing tables, the
  /// weight of each move they count, against 6 for each step of the Manhattan distance. Beams
  /// weighted apart make different answers, of which the fast solver keeps the shortest.
  int placing_weight = 3;
};

/// The width the fast solver gives the beam on a board of `cells` cells: the beam's time grows
/// with the width, the cells and the moves, so it narrows as boards grow, from 4096 on boards
/// of up to 7x7 through 1536 on 10x10 (1024 per 100 cells past 16x16) to 64 from 20x20 on.
int beam_width(int cells);

/// A valid solution of `board` towards `goal` (reachable by parity: the caller decides), the
/// lines placed by the beam and the rest by the constructive solver. Boards up to 3x3 and single
/// lines have no lines to place: the answer is then the constructive one. The budget's time
/// limit and cancel stop it; `stats.lower_bound` is as in `solve_constructive`.
SearchResult<Dir> solve_beam(const Board& board, const Board& goal, const BeamOptions& options,
                             const Budget& budget);

}  // namespace npuzzle
