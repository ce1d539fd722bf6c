#include "npuzzle/core/symmetry.hpp"

#include <utility>

namespace npuzzle {
namespace {

/// Up and Down exchanged, or Left and Right: each pair's values differ in the last bit.
Dir flipped(Dir d, bool vertical) {
  return is_vertical(d) == vertical ? reverse(d) : d;
}

/// Up <-> Left and Down <-> Right: the moves of the transposed board.
Dir transposed(Dir d) {
  switch (d) {
    case Dir::Up:
      return Dir::Left;
    case Dir::Left:
      return Dir::Up;
    case Dir::Down:
      return Dir::Right;
    case Dir::Right:
      return Dir::Down;
  }
  return d;
}

}  // namespace

Geometry image(Geometry g, Symmetry s) {
  return s.transpose ? Geometry{g.cols, g.rows} : g;
}

Cell image(Geometry g, Cell c, Symmetry s) {
  int r = g.row(c), col = g.col(c);
  if (s.flip_rows) r = g.rows - 1 - r;
  if (s.flip_cols) col = g.cols - 1 - col;
  if (s.transpose) std::swap(r, col);
  return image(g, s).at(r, col);
}

Board image(const Board& board, Symmetry s) {
  const Geometry g = board.geometry;
  Board out{image(g, s), std::vector<Tile>(board.tiles.size())};
  for (Cell c = 0; c < g.cells(); ++c) {
    out.tiles[static_cast<std::size_t>(image(g, c, s))] = board.tiles[static_cast<std::size_t>(c)];
  }
  return out;
}

Dir image(Dir d, Symmetry s) {
  if (s.flip_rows) d = flipped(d, true);
  if (s.flip_cols) d = flipped(d, false);
  return s.transpose ? transposed(d) : d;
}

Dir preimage(Dir d, Symmetry s) {
  if (s.transpose) d = transposed(d);
  if (s.flip_rows) d = flipped(d, true);
  return s.flip_cols ? flipped(d, false) : d;
}

std::vector<Dir> preimage(std::span<const Dir> moves, Symmetry s) {
  std::vector<Dir> out;
  out.reserve(moves.size());
  for (Dir d : moves) out.push_back(preimage(d, s));
  return out;
}

Symmetry blank_to_last_corner(const Board& goal) {
  const Geometry g = goal.geometry;
  const Cell blank = goal.blank();
  // A blank in the middle line stays: flipping would not bring it nearer.
  return {2 * g.row(blank) < g.rows - 1, 2 * g.col(blank) < g.cols - 1, false};
}

}  // namespace npuzzle
