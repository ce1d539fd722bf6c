#pragma once
// Lower bounds on the moves of any solution, on boards of any size (a pass over the cells, no
// table): what the fast solver's answers and budget-stopped searches are measured against.

#include <cstdint>

#include "npuzzle/core/board.hpp"

namespace npuzzle {

/// The Manhattan distance: each tile's taxicab distance to its home under `goal`, summed.
std::int64_t manhattan_bound(const Board& board, const Board& goal);
/// That plus the linear conflicts of every row and column.
std::int64_t conflict_bound(const Board& board, const Board& goal);

}  // namespace npuzzle
