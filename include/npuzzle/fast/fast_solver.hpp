#pragma once
// The fast solver: a valid answer on any board up to 1000x1000, as short as its steps make it.
// It works in the frame where the goal's blank lies by the last corner (the constructive solver
// ends there), and with two threads or more also in that frame transposed, the lines then placed
// in the other order, keeping the shorter answer; each frame may also run with the line beam
// weighted otherwise, and the shortest draft is finished on two threads. Which steps run on a
// board of a given size is its schedule (fast/schedule.hpp).

#include "npuzzle/core/board.hpp"
#include "npuzzle/core/moves.hpp"
#include "npuzzle/search/domain.hpp"

namespace npuzzle {

/// The constructive answer; where the schedule says so, the line beam's where that is shorter,
/// shortened stretch by stretch, its last region solved again on its own, and a beam over whole
/// boards last. More time never gives a longer answer, and more threads (`budget.threads`)
/// neither, except where a second placing weight makes several drafts: two threads then finish
/// the shortest draft rather than the first frame's, and a board's answer may come out longer
/// than one thread's (shorter on most). The answer does not depend on which thread ends first.
/// The budget's time limit is one deadline for every step after the first answer (counted from
/// `budget.since` where set): the first answer, linear in its moves, is always finished, so a
/// tiny timeout still gets one. `board` must reach `goal` (the caller decides by parity).
SearchResult<Dir> solve_fast(const Board& board, const Board& goal, const Budget& budget);

/// Past the line beam's reach: the constructive answer, its moves handed to `sink` as they are
/// found (the result's path is empty); only a cancel stops it.
SearchResult<Dir> solve_fast_streaming(const Board& board, const Board& goal, const Budget& budget,
                                       const MoveSink& sink);

}  // namespace npuzzle
