#pragma once
// A board: its geometry and the tile on each cell, 0 standing for the blank.

#include <cstdint>
#include <vector>

#include "npuzzle/core/geometry.hpp"

namespace npuzzle {

using Tile = std::uint32_t;
inline constexpr Tile kBlank = 0;
/// Tiles as searches and tables store them: boards of at most 256 cells.
using SmallTile = std::uint8_t;
inline constexpr int kMaxSearchCells = 256;

struct Board {
  Geometry geometry;
  std::vector<Tile> tiles;  // row-major, tiles.size() == geometry.cells()

  Cell blank() const;
  /// The tiles row by row, 0 the blank: a board as the front ends show it.
  std::vector<std::vector<Tile>> rows() const;
  /// 1 .. n-1 in reading order, then the blank: the everyday goal.
  static Board blank_last(Geometry g);
  /// The blank, then 1 .. n-1: the goal of Korf's benchmark sets.
  static Board blank_first(Geometry g);

  friend bool operator==(const Board&, const Board&) = default;
};

/// Throws InputError unless the board is at least 1x2 (or 2x1) and holds each of 0 .. n-1 once.
void validate(const Board& board);

/// For each tile, the cell it occupies: the inverse of `board.tiles`.
std::vector<Cell> cells_of_tiles(const Board& board);

}  // namespace npuzzle
