#pragma once
// Placing the lines of a board by beam search, for shorter fast solutions on boards of up to a
// few hundred cells. The lines and their order are the constructive solver's; the beam keeps the
// `width` most promising boards at each depth, promising meaning: more tiles placed, fewer moves
// to bring the next tile home (counted exactly as if no other tile were in the way, from tables
// built per tile where the fast solver's schedule allows; on larger boards, the tile's distance and
// the blank's from a cell in front of it), and the other tiles closer to home (every move of the
// blank slides some tile, and the beam prefers the moves that slide it the right way). The
// constructive solver finishes from where the beam ends (the last 3x3, exactly), and places any
// tile on which the beam stalls, a new beam going on from there.

#include <vector>

#include "npuzzle/core/board.hpp"
#include "npuzzle/fast/schedule.hpp"
#include "npuzzle/search/domain.hpp"

namespace npuzzle {

struct BeamOptions {
  int width = 64;  // boards kept at each depth
  /// On a wide beam of a board small enough for the placing tables, the weight of each move they
  /// count, against 6 for each step of the Manhattan distance. Beams weighted apart make
  /// different answers, of which the fast solver keeps the shortest.
  int placing_weight = 3;

  bool operator==(const BeamOptions&) const = default;
};

/// `options` as a beam on a board of `cells` cells runs them: the placing weight set to its
/// default where the beam does not read it (a narrow beam, or a board past the placing tables),
/// so that options which run the same beam compare equal.
BeamOptions as_run(BeamOptions options, int cells);

/// A valid solution of `board` towards `goal` (reachable by parity: the caller decides), the
/// lines placed by the beam and the rest by the constructive solver. Boards up to 3x3 and single
/// lines have no lines to place: the answer is then the constructive one. A cancel stops it;
/// the budget's time limit stops the beam, whose best board so far the constructive solver then
/// finishes (in time linear in its moves). `stats.lower_bound` is as in `solve_constructive`.
SearchResult<Dir> solve_beam(const Board& board, const Board& goal, const BeamOptions& options,
                             const Budget& budget);

}  // namespace npuzzle
