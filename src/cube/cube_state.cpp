#include "npuzzle/cube/cube_state.hpp"

#include <algorithm>
#include <utility>

namespace npuzzle::cube {

CubeState standard_start(Cell empty) {
  CubeState s;
  s.cells.fill(kStandard);
  s.cells[static_cast<std::size_t>(empty)] = kEmpty;
  s.empty = empty;
  return s;
}

CubeIndex encode(const CubeState& s) {
  CubeIndex code = 0;
  for (auto it = s.cells.rbegin(); it != s.cells.rend(); ++it) {
    if (*it != kEmpty) code = code * kOrientations + *it;
  }
  return static_cast<CubeIndex>(s.empty) * kPow6[8] + code;
}

CubeState decode(CubeIndex index) {
  CubeState s;
  s.empty = static_cast<Cell>(index / kPow6[8]);
  CubeIndex code = index % kPow6[8];
  for (Cell c = 0; c < kSquares; ++c) {
    auto& cell = s.cells[static_cast<std::size_t>(c)];
    if (c == s.empty) {
      cell = kEmpty;
    } else {
      cell = static_cast<OrientationIndex>(code % kOrientations);
      code /= kOrientations;
    }
  }
  return s;
}

bool apply_move(CubeState& s, Dir d) {
  const Cell from = kBoard.step(s.empty, d);
  if (from < 0) return false;
  auto& moving = s.cells[static_cast<std::size_t>(from)];
  s.cells[static_cast<std::size_t>(s.empty)] = roll(moving, !is_vertical(d));
  moving = kEmpty;
  s.empty = from;
  return true;
}

CubeIndex encode_after(const CubeState& s, CubeIndex index, Dir d) {
  const Cell from = kBoard.step(s.empty, d);
  if (from < 0) return kNoMove;
  // The squares lo..hi hold the same cubes before and after but for the rolled one; their
  // digits start at place lo in the number (every square before them holds a cube).
  const Cell lo = std::min(s.empty, from), hi = std::max(s.empty, from);
  CubeIndex before = 0, after = 0, place_before = kPow6[lo], place_after = kPow6[lo];
  for (Cell c = lo; c <= hi; ++c) {
    const auto cell = static_cast<std::size_t>(c);
    if (c != s.empty) {
      before += s.cells[cell] * place_before;
      place_before *= kOrientations;
    }
    if (c != from) {
      const OrientationIndex o =
          c == s.empty ? roll(s.cells[static_cast<std::size_t>(from)], !is_vertical(d))
                       : s.cells[cell];
      after += o * place_after;
      place_after *= kOrientations;
    }
  }
  const CubeIndex cubes = index - static_cast<CubeIndex>(s.empty) * kPow6[8];
  return static_cast<CubeIndex>(from) * kPow6[8] + (cubes - before + after);
}

OrientationMask with_top(Colour c) {
  OrientationMask mask = 0;
  for (int o = 0; o < kOrientations; ++o) {
    if (top_colour(static_cast<OrientationIndex>(o)) == c)
      mask |= static_cast<OrientationMask>(1u << o);
  }
  return mask;
}

bool CubeTarget::matches(const CubeState& s) const {
  if (s.empty != empty) return false;
  for (Cell c = 0; c < kSquares; ++c) {
    const auto cell = static_cast<std::size_t>(c);
    if (c != empty && !allows(allowed[cell], s.cells[cell])) {
      return false;
    }
  }
  return true;
}

std::vector<CubeState> CubeTarget::states() const {
  std::vector<CubeState> out;
  CubeState s;
  s.empty = empty;
  s.cells[static_cast<std::size_t>(empty)] = kEmpty;
  // Every combination of the allowed orientations, square by square.
  const auto fill = [&](auto& self, Cell c) -> void {
    if (c == kSquares) {
      out.push_back(s);
      return;
    }
    if (c == empty) return self(self, c + 1);
    for (int o = 0; o < kOrientations; ++o) {
      if (allows(allowed[static_cast<std::size_t>(c)], o)) {
        s.cells[static_cast<std::size_t>(c)] = static_cast<OrientationIndex>(o);
        self(self, c + 1);
      }
    }
  };
  fill(fill, 0);
  return out;
}

CubeTarget target_tops(Cell empty, const std::array<Colour, kSquares>& tops) {
  CubeTarget t;
  t.empty = empty;
  for (std::size_t c = 0; c < tops.size(); ++c) t.allowed[c] = with_top(tops[c]);
  t.allowed[static_cast<std::size_t>(empty)] = kAnyOrientation;
  return t;
}

}  // namespace npuzzle::cube
