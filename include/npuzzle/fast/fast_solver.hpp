#pragma once
// The fast solver: a valid answer on any board up to 1000x1000, as short as its steps make it.
// It works in the frame where the goal's blank lies by the last corner (the constructive solver
// ends there), and with two threads or more on boards of 26 to 1,024 cells also in that frame
// transposed, the lines then placed in the other order, keeping the shorter answer; on 7x7 to
// 10x10 each frame also with the line beam weighted otherwise, and the shortest of the four
// drafts finished on two threads.

#include "npuzzle/core/board.hpp"
#include "npuzzle/core/moves.hpp"
#include "npuzzle/search/domain.hpp"

namespace npuzzle {

/// The constructive answer; on boards of up to `kMaxBeamCells` the line beam's where that is
/// shorter; then shortened stretch by stretch (up to `kMaxSearchCells`), and the last region of
/// a 7x7 to 10x10 board solved again on its own; on boards of up to 6x6 a beam over whole boards
/// last. More time never gives a longer answer, and more threads (`budget.threads`) neither,
/// except on 7x7 to 10x10, where two threads finish the shortest of four drafts rather than the
/// first frame's, and an answer may be longer than one thread's (20 seeded 9x9 boards: 2-4 moves
/// longer on 5, 14-96 shorter on 13; 1.945x the Manhattan distance against 2.003x). `board`
/// must reach `goal` (the caller decides by parity).
SearchResult<Dir> solve_fast(const Board& board, const Board& goal, const Budget& budget);

/// Past the line beam's reach: the constructive answer, its moves handed to `sink` as they are
/// found (the result's path is empty).
SearchResult<Dir> solve_fast_streaming(const Board& board, const Board& goal, const Budget& budget,
                                       const MoveSink& sink);

}  // namespace npuzzle
