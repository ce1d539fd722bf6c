#pragma once
// Uniformly random boards that can reach a given goal, reproducible from a seed on any platform
// (the standard library's distributions and shuffle are not, so neither is used).

#include <cstdint>
#include <functional>
#include <optional>
#include <random>

#include "npuzzle/core/board.hpp"

namespace npuzzle {

/// A uniform draw from [0, n), n > 0, by rejection.
std::uint64_t uniform_below(std::mt19937_64& rng, std::uint64_t n);

/// A board drawn uniformly from those that can reach `goal`.
Board random_board(const Board& goal, std::mt19937_64& rng);

/// The board reached from `goal` by `moves` moves of the blank, each drawn uniformly from those
/// that do not undo the move before (where undoing is the only move, at the end of a single
/// line, it is made). Such a board is at most `moves` moves from the goal, often fewer.
/// `stop`, where given, is asked now and then (every kWalkCheck moves): once it says so, the
/// walk gives up and the answer is nullopt.
inline constexpr std::uint64_t kWalkCheck = 1 << 16;
std::optional<Board> random_walk(const Board& goal, std::uint64_t moves, std::mt19937_64& rng,
                                 const std::function<bool()>& stop = {});

}  // namespace npuzzle
