#pragma once
// Rolling cubes towards one arrangement, the destination, as a SearchDomain.
//
// The estimate: for each colour, keep only the empty square and, for every cube, the axis that
// colour lies on. A roll moves that axis predictably (rolled() in orientation.hpp), so this is
// an abstraction of the puzzle with 9 x 3^8 states, and its exact distances to the
// destination's image bound the true ones from below. The estimate is the largest of the
// three colours' distances, kept up to date move by move.

#include <array>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

#include "npuzzle/cube/cube_state.hpp"
#include "npuzzle/search/domain.hpp"

namespace npuzzle::cube {

/// An abstract state: empty square * 3^9 + the axis of one colour on each square (0 on the empty).
using AbstractIndex = std::uint32_t;
inline constexpr AbstractIndex kPow3[] = {1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683};
inline constexpr AbstractIndex kAbstractStates = kSquares * kPow3[9];

/// A symmetry of the board: where it sends each square, and what becomes of each axis (a
/// transpose exchanges front and right, and with them rolls along x and along y). Each of the
/// eight maps abstract states onto abstract states and moves onto moves, so distances agree.
struct Symmetry {
  std::array<Cell, kSquares> square;
  std::array<std::uint8_t, kAxes> axis;
};

/// One colour's estimate towards one destination: a distance table over abstract states seen
/// through a symmetry. Tables are keyed by the smallest image of their root under the eight
/// symmetries and shared, so every destination whose cubes share one orientation (every POJ
/// 3131 start) needs one of only seven tables.
struct AbstractView {
  std::shared_ptr<const std::vector<std::uint8_t>> table;
  Symmetry symmetry;
};

/// The abstraction tables built so far, shared by every search that needs them; safe to use
/// from several threads.
class AbstractTables {
 public:
  /// The views of the three colours towards `destination`, each table built on first use.
  std::array<AbstractView, kColours> views(const CubeState& destination);

 private:
  std::mutex mutex_;
  std::map<AbstractIndex, std::shared_ptr<const std::vector<std::uint8_t>>> tables_;
};

class CubeDomain {
 public:
  using Move = Dir;
  static constexpr Move kNoMove = kNoDir;

  struct State {
    CubeState cube;
    std::array<AbstractIndex, kColours> abstract{};
    int h = 0;
  };

  CubeDomain(const CubeState& destination, AbstractTables& tables);

  State state_of(const CubeState& cube) const;

  std::span<const Move> moves(const State& s, Move last) const {
    return moves_.moves(s.cube.empty, last);
  }

  void apply(State& s, Move d) const {
    const Cell to = s.cube.empty, from = moves_.target(to, d);
    auto& cells = s.cube.cells;
    const OrientationIndex before = cells[static_cast<std::size_t>(from)];
    const OrientationIndex after = roll(before, !is_vertical(d));
    cells[static_cast<std::size_t>(to)] = after;
    cells[static_cast<std::size_t>(from)] = kEmpty;
    s.cube.empty = from;
    s.h = 0;
    for (std::size_t k = 0; k < kColours; ++k) {
      const auto colour = static_cast<Colour>(k);
      const Symmetry& g = views_[k].symmetry;
      const auto from_image = g.square[static_cast<std::size_t>(from)];
      const auto to_image = g.square[static_cast<std::size_t>(to)];
      auto& a = s.abstract[k];
      a = a - g.axis[static_cast<std::size_t>(axis_of(before, colour))] * kPow3[from_image] +
          g.axis[static_cast<std::size_t>(axis_of(after, colour))] * kPow3[to_image] +
          static_cast<AbstractIndex>(from_image) * kPow3[9] -
          static_cast<AbstractIndex>(to_image) * kPow3[9];
      s.h = std::max<int>(s.h, (*views_[k].table)[a]);
    }
  }

  Move reverse(Move d) const { return npuzzle::reverse(d); }
  bool is_goal(const State& s) const { return s.cube == destination_; }
  int estimate(const State& s) const { return s.h; }
  std::vector<State> goal_states() const { return {state_of(destination_)}; }

  std::size_t packed_bytes() const { return sizeof(CubeIndex); }
  void pack(const State& s, std::byte* out) const {
    const CubeIndex i = encode(s.cube);
    std::memcpy(out, &i, sizeof i);
  }
  void unpack(const std::byte* in, State& s) const {
    CubeIndex i;
    std::memcpy(&i, in, sizeof i);
    s = state_of(decode(i));
  }

 private:
  CubeState destination_;
  MoveTable moves_;
  std::array<AbstractView, kColours> views_;
};

}  // namespace npuzzle::cube
