#pragma once
// Arrangements of the Cubic Eight-Puzzle: eight cubes and one empty square on a 3x3 board, and
// targets that fix the empty square and, on every other square, the orientations allowed there
// (a top colour allows two; a whole orientation one).

#include <array>
#include <cstdint>
#include <vector>

#include "npuzzle/core/geometry.hpp"
#include "npuzzle/cube/orientation.hpp"

namespace npuzzle::cube {

inline constexpr Geometry kBoard{3, 3};
inline constexpr int kSquares = 9;
/// The content of the empty square in CubeState::cells.
inline constexpr OrientationIndex kEmpty = kOrientations;

/// Dense number of an arrangement: empty square * 6^8 + the orientations in reading order.
using CubeIndex = std::uint32_t;
inline constexpr CubeIndex kPow6[] = {1, 6, 36, 216, 1296, 7776, 46656, 279936, 1679616};
inline constexpr CubeIndex kCubeStates = kSquares * kPow6[8];  // 15,116,544

struct CubeState {
  std::array<OrientationIndex, kSquares> cells{};  // kEmpty on the empty square
  Cell empty = 0;

  friend bool operator==(const CubeState&, const CubeState&) = default;
};

/// Every cube in the standard orientation, the empty square on `empty`.
CubeState standard_start(Cell empty);
CubeIndex encode(const CubeState& s);
CubeState decode(CubeIndex index);

/// Moves the empty square one step in direction `d`: the cube there rolls into the old empty
/// square (along x for l/r, along y for u/d). Returns false, changing nothing, off the board.
bool apply_move(CubeState& s, Dir d);
/// What encode gives after apply_move(s, d), from `index`, the number of `s`, without the move
/// made: only the squares from the empty square to the cube that rolls into it change their
/// place in the number. kNoMove off the board.
inline constexpr CubeIndex kNoMove = ~CubeIndex{0};
CubeIndex encode_after(const CubeState& s, CubeIndex index, Dir d);

/// Bit k of a mask allows orientation k.
using OrientationMask = std::uint8_t;
inline constexpr OrientationMask kAnyOrientation = (1u << kOrientations) - 1;
OrientationMask with_top(Colour c);
constexpr bool allows(OrientationMask mask, int orientation) {
  return ((static_cast<unsigned>(mask) >> orientation) & 1u) != 0;
}

struct CubeTarget {
  Cell empty = 0;
  std::array<OrientationMask, kSquares> allowed{};  // ignored on the empty square

  bool matches(const CubeState& s) const;
  /// Every arrangement that meets the target (256 where only top colours are fixed).
  std::vector<CubeState> states() const;
};

/// The POJ 3131 target: the empty square and a top colour on each other square.
CubeTarget target_tops(Cell empty, const std::array<Colour, kSquares>& tops);

}  // namespace npuzzle::cube
