#pragma once
// Making a valid solution shorter: each stretch of `window` moves is replaced by a shortest
// stretch between the same two boards where a small IDA* finds one (the estimate: how far
// each tile is from where the stretch leaves it). A constructive solution walks the blank
// around tiles it does not need to move, so many stretches have shortcuts.

#include <cstdint>
#include <vector>

#include "npuzzle/core/board.hpp"
#include "npuzzle/search/domain.hpp"

namespace npuzzle {

struct ShortenOptions {
  int window = 24;                        // moves per stretch
  std::uint64_t nodes_per_window = 4000;  // effort for one stretch before it is left as it is
};

/// Shortens `moves`, which take `board` to some goal, in passes until a pass finds nothing or
/// `budget` (time, cancel) ends; the result takes `board` to the same goal and is never longer.
std::vector<Dir> shorten(const Board& board, std::vector<Dir> moves, const ShortenOptions& options,
                         const Budget& budget);

}  // namespace npuzzle
