#pragma once
// Reachability by the parity rule, in time linear in the number of cells.

#include <cstddef>
#include <cstdint>
#include <span>

#include "npuzzle/core/board.hpp"

namespace npuzzle {

/// Whether `goal` can be reached from `board` by sliding tiles. Both must be valid boards of the
/// same geometry (throws InputError otherwise).
///
/// Every move is a transposition of the blank with a tile and moves the blank one cell, so the
/// parity of the permutation taking `board` to `goal` always equals the parity of the blank's
/// taxicab distance to its goal cell; on boards of at least 2x2 that condition is also sufficient.
/// On a single row or column tiles can never pass each other, so there their order decides.
bool solvable(const Board& board, const Board& goal);

/// The number of cycles of the permutation c -> next[c] of 0 .. size-1, in time linear in its size.
std::size_t count_cycles(std::span<const std::uint32_t> next);

}  // namespace npuzzle
