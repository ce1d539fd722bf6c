#pragma once
// The exact number of moves that bring one tile to a target cell when no other tile is in the
// way (any other tile may be pushed anywhere) and some cells are fixed, for every cell of the
// tile and of the blank: what placing that tile costs at least, and about what it costs where
// the other tiles give way. The line beam scores its boards by it.

#include <cstdint>
#include <span>
#include <vector>

#include "npuzzle/core/geometry.hpp"

namespace npuzzle {

class PlacingTable {
 public:
  /// The table of `target` on boards whose free cells are `free` (the others fixed): a
  /// breadth-first search from every board with the tile on `target`, over free^2 positions of
  /// the tile and the blank (2 bytes each).
  PlacingTable(Geometry g, std::span<const Cell> free, Cell target);

  /// The moves with the tile on `tile` and the blank on `blank`, two different free cells;
  /// kNever where the tile cannot reach `target` from there.
  std::uint16_t moves(Cell tile, Cell blank) const {
    return moves_[slot_[static_cast<std::size_t>(tile)] * free_ +
                  slot_[static_cast<std::size_t>(blank)]];
  }

  static constexpr std::uint16_t kNever = 0xFFFF;

 private:
  std::size_t free_ = 0;
  std::vector<std::size_t> slot_;     // of each cell among the free ones
  std::vector<std::uint16_t> moves_;  // [slot of the tile * free + slot of the blank]
};

}  // namespace npuzzle
