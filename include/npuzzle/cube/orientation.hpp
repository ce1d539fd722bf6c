#pragma once
// The orientation algebra of one cube of the Cubic Eight-Puzzle, derived at compile time.
//
// Opposite faces share a colour, so a cube's orientation is which colour lies on each of the
// three axes: top, front (towards larger y) and right (towards larger x), one of 3! = 6.
// Rolling along x exchanges the colours of the top and right axes; rolling along y exchanges
// top and front.

#include <array>
#include <cstdint>

namespace npuzzle::cube {

enum class Colour : std::uint8_t { White, Red, Blue };
inline constexpr int kColours = 3;

enum class Axis : std::uint8_t { Top, Front, Right };
inline constexpr int kAxes = 3;

struct Orientation {
  std::array<Colour, kAxes> colour;  // by axis
  friend constexpr bool operator==(const Orientation&, const Orientation&) = default;
};

/// An orientation by number: 0 .. 5, the permutations of (White, Red, Blue) in lexicographic order.
using OrientationIndex = std::uint8_t;
inline constexpr int kOrientations = 6;

inline constexpr std::array<Orientation, kOrientations> kOrientationList = [] {
  std::array<Orientation, kOrientations> list{};
  int n = 0;
  for (int top = 0; top < kColours; ++top) {
    for (int front = 0; front < kColours; ++front) {
      if (front == top) continue;
      const int right = kColours - top - front;  // the colour left over: 0 + 1 + 2 = 3
      list[static_cast<std::size_t>(n++)] = {
          {static_cast<Colour>(top), static_cast<Colour>(front), static_cast<Colour>(right)}};
    }
  }
  return list;
}();

constexpr OrientationIndex index_of(const Orientation& o) {
  for (std::size_t i = 0; i < kOrientationList.size(); ++i) {
    if (kOrientationList[i] == o) return static_cast<OrientationIndex>(i);
  }
  return kOrientations;  // unreachable for a permutation of the three colours
}

constexpr Colour colour_on(OrientationIndex o, Axis a) {
  return kOrientationList[o].colour[static_cast<std::size_t>(a)];
}
constexpr Colour top_colour(OrientationIndex o) {
  return colour_on(o, Axis::Top);
}

constexpr Axis axis_of(OrientationIndex o, Colour c) {
  for (int a = 0; a < kAxes; ++a) {
    if (colour_on(o, static_cast<Axis>(a)) == c) return static_cast<Axis>(a);
  }
  return Axis::Top;  // unreachable: every colour lies on one axis
}

/// The axis a colour on `a` lies on after a roll along x (`along_x`) or along y.
constexpr Axis rolled(Axis a, bool along_x) {
  const Axis side = along_x ? Axis::Right : Axis::Front;
  return a == Axis::Top ? side : a == side ? Axis::Top : a;
}

/// Orientations after a roll, by orientation: [0] along y, [1] along x.
inline constexpr std::array<std::array<OrientationIndex, kOrientations>, 2> kRolled = [] {
  std::array<std::array<OrientationIndex, kOrientations>, 2> table{};
  for (int along_x = 0; along_x < 2; ++along_x) {
    for (int o = 0; o < kOrientations; ++o) {
      Orientation next{};
      for (int a = 0; a < kAxes; ++a) {
        const auto axis = static_cast<Axis>(a);
        next.colour[static_cast<std::size_t>(rolled(axis, along_x == 1))] =
            colour_on(static_cast<OrientationIndex>(o), axis);
      }
      table[static_cast<std::size_t>(along_x)][static_cast<std::size_t>(o)] = index_of(next);
    }
  }
  return table;
}();

constexpr OrientationIndex roll(OrientationIndex o, bool along_x) {
  return kRolled[along_x ? 1 : 0][o];
}

/// White on top, red in front, blue on the right: how every cube starts in POJ 3131.
inline constexpr OrientationIndex kStandard =
    index_of({{Colour::White, Colour::Red, Colour::Blue}});

static_assert(kStandard == 0);
static_assert(top_colour(roll(kStandard, true)) == Colour::Blue);
static_assert(top_colour(roll(kStandard, false)) == Colour::Red);
static_assert(roll(roll(kStandard, true), true) == kStandard);

}  // namespace npuzzle::cube
