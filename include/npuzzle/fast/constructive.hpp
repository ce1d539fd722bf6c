#pragma once
// A valid solution on any board, fast and not shortest: the board is reduced a line (the top
// row or the left column, whichever keeps the rest closer to square) at a time, each tile
// walked home on a staircase path with the blank routed around it (its ways chosen so that the
// tiles it slides go towards home where they can), the last two tiles of a
// line placed together by an exact search in a small window, and the last 3x3 (or smaller)
// region solved exactly. Time and memory are linear in the moves and the cells.

#include <cstdint>
#include <vector>

#include "npuzzle/core/board.hpp"
#include "npuzzle/core/moves.hpp"
#include "npuzzle/search/domain.hpp"

namespace npuzzle {

/// The largest board the constructive solver takes: 1000 x 1000 cells.
inline constexpr int kMaxConstructiveCells = 1'000'000;

/// Solves `board` towards `goal` (which it must be able to reach: the caller decides that by
/// parity) and hands every move to `sink` as it goes, keeping none: the result's path is empty.
/// Its status is Solved, or the budget's time limit or cancellation that stopped it (the moves
/// handed over so far are then a prefix only). `stats.lower_bound` is the bound below, or the
/// answer's length where the answer is shortest (boards up to 3x3 and single lines);
/// `stats.peak_bytes` the solver's own memory, linear in the cells. Immediate reversals (a move
/// undoing the one before) are left out.
SearchResult<Dir> solve_constructive(const Board& board, const Board& goal, const Budget& budget,
                                     const MoveSink& sink);

/// The same, the moves collected into the result's path (and counted in its memory).
SearchResult<Dir> solve_constructive(const Board& board, const Board& goal, const Budget& budget);

/// The budget of a constructive answer that must be had: `budget` without its time limit (the
/// constructive solver's time is linear in its moves), so that every board gets an answer; only
/// a cancel stops it. The time limit bounds the steps that improve on it.
Budget floor_of(Budget budget);

/// Only the first `tiles` tiles in the solver's order (its lines in turn, each line's tiles
/// in order, a line's last two together), placed from `board` on: the lines before are left
/// as they are where already home. The result's path moves the board there. The line beam
/// hands a tile over to it where the beam stalls. Boards up to 3x3 and single lines are
/// solved whole.
SearchResult<Dir> place_first_tiles(const Board& board, const Board& goal, std::size_t tiles,
                                    const Budget& budget);

/// The moves that walk the goal's blank to the last corner (down, then right). The lines are
/// placed towards the goal so changed, so that the blank's home is always in the region left,
/// and the blank is walked back at the end.
std::vector<Dir> walk_to_corner(const Board& goal);

}  // namespace npuzzle
