#pragma once
// The Cubic Eight-Puzzle as POJ 3131 writes it: squares as x y (column, row; 1..3) and target
// patterns as nine letters, B, W or R for a top colour and E for the empty square.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "npuzzle/cube/cube_state.hpp"

namespace npuzzle::cube {

struct TopPattern {
  Cell empty = 0;
  std::array<Colour, kSquares> tops{};  // White on the empty square, which has no top

  CubeTarget target() const { return target_tops(empty, tops); }
};

/// The square at column x, row y; throws InputError unless both are 1..3.
Cell square_at(std::uint64_t x, std::uint64_t y);
/// Nine letters in reading order (spaces ignored); throws InputError naming a bad letter or a
/// missing or second E.
TopPattern parse_pattern(std::string_view letters);
/// The tops an arrangement shows, as three rows of letters separated by '/'.
std::string format_tops(const CubeState& s);
/// Every square's cube as the colours on its top, front and right axes ("WRB" for the standard
/// orientation), or "E" for the empty square, nine words separated by spaces: what a drawing of
/// the cubes needs.
std::string format_faces(const CubeState& s);

}  // namespace npuzzle::cube
