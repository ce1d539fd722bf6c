#pragma once
// The mark of a distance kept in one byte that a breadth-first search has not reached.

#include <cstdint>

namespace npuzzle {

/// Every table of byte distances (exact tables, pattern databases, the cube's tables, the fast
/// solver's window tables) marks its unreached entries so; no distance kept in a byte reaches it.
inline constexpr std::uint8_t kUnreached = 0xFF;

}  // namespace npuzzle
