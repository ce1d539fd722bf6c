#pragma once
// Regions of cells on a board of at most 32 cells, by shifts of bit masks: the neighbours of a
// set of cells, the region a cell reaches through free cells, and whether that region is the
// board's main one (more than half of the free cells, so at most one region is).

#include <bit>

#include "npuzzle/core/geometry.hpp"
#include "npuzzle/pdb/placement.hpp"

namespace npuzzle {

class CellRegions {
 public:
  explicit CellRegions(Geometry g) : cols_(g.cols) {
    board_ = g.cells() == 32 ? ~CellMask{0} : (CellMask{1} << g.cells()) - 1;
    for (int r = 0; r < g.rows; ++r) {
      left_ |= CellMask{1} << g.at(r, 0);
      right_ |= CellMask{1} << g.at(r, g.cols - 1);
    }
  }

  CellMask board() const { return board_; }
  CellMask neighbours(CellMask m) const {
    return ((m << cols_) | (m >> cols_) | ((m & ~right_) << 1) | ((m & ~left_) >> 1)) & board_;
  }
  /// The cells of `free` connected to `start` (which need not be in `free`) through `free`.
  CellMask region(int start, CellMask free) const {
    CellMask region = CellMask{1} << start, grown = region;
    while (grown != 0) {
      grown = neighbours(grown) & free & ~region;
      region |= grown;
    }
    return region;
  }
  /// Whether `start`'s region in `free` (`start` among them) holds more than half of `free`'s
  /// cells. It stops growing the region as soon as it knows: from the main region that is
  /// after a few steps.
  bool in_main_region(int start, CellMask free) const {
    const int half = std::popcount(free) / 2;
    CellMask region = CellMask{1} << start, grown = region;
    while (grown != 0) {
      if (std::popcount(region) > half) return true;
      grown = neighbours(grown) & free & ~region;
      region |= grown;
    }
    return std::popcount(region) > half;
  }

 private:
  int cols_;
  CellMask board_ = 0, left_ = 0, right_ = 0;
};

}  // namespace npuzzle
