#pragma once
// Ranking where a pattern's k tiles stand among a board's n cells: an ordered choice of k of n
// cells, indexed densely in [0, n!/(n-k)!), and a walk over the placements in index order.
// Boards of at most 32 cells.

#include <array>
#include <bit>
#include <cstdint>
#include <span>

namespace npuzzle {

/// Index of a placement of a pattern's tiles.
using PlacementIndex = std::uint64_t;
using CellMask = std::uint32_t;  // bit c: cell c

class PlacementRanker {
 public:
  static constexpr int kMaxTiles = 16;

  PlacementRanker(int cells, int tiles) : cells_(cells), tiles_(tiles) {
    // weight_[i] = (n-1-i)! / (n-k)!: the placements of the tiles after the i-th.
    for (int i = tiles - 1; i >= 0; --i) {
      weight_[static_cast<std::size_t>(i)] = i == tiles - 1
                                                 ? 1
                                                 : weight_[static_cast<std::size_t>(i + 1)] *
                                                       static_cast<PlacementIndex>(cells - 1 - i);
    }
    size_ = weight_[0] * static_cast<PlacementIndex>(cells);
  }

  PlacementIndex size() const { return size_; }
  int tiles() const { return tiles_; }

  /// `cells[i]`: where the pattern's i-th tile stands.
  PlacementIndex rank(std::span<const std::uint8_t> cells) const {
    CellMask used = 0;
    PlacementIndex r = 0;
    for (int i = 0; i < tiles_; ++i) {
      const unsigned c = cells[static_cast<std::size_t>(i)];
      const auto below = static_cast<unsigned>(std::popcount(used & ((CellMask{1} << c) - 1)));
      r += (c - below) * weight_[static_cast<std::size_t>(i)];
      used |= CellMask{1} << c;
    }
    return r;
  }

  /// The index after the pattern's `index`-th tile moves from cell `from` to the free cell `to`,
  /// from the index `r` before, without ranking again: the moved tile's digit changes by the
  /// cells it passes, less those the tiles before it hold, and each later tile standing between
  /// `from` and `to` gains or loses one cell below it. `taken`: the pattern's cells;
  /// `index_on(c)`: the pattern index of the tile on cell c (asked only for cells in `taken`
  /// strictly between the two).
  template <class IndexOn>
  PlacementIndex moved(PlacementIndex r, int index, unsigned from, unsigned to, CellMask taken,
                       IndexOn index_on) const {
    const auto w = weight_[static_cast<std::size_t>(index)];
    const CellMask from_bit = CellMask{1} << from;
    // The cells from the lower of the two up to the higher, less the tile's own: those strictly
    // between them (`to` is free).
    CellMask between = taken & ~from_bit & ((from_bit - 1) ^ ((CellMask{1} << to) - 1));
    // Unsigned arithmetic wraps, so the changes add up right whatever their signs.
    PlacementIndex change = 0;
    for (; between != 0; between &= between - 1) {
      const int j = index_on(static_cast<unsigned>(std::countr_zero(between)));
      change += j < index ? PlacementIndex{0} - w : weight_[static_cast<std::size_t>(j)];
    }
    const PlacementIndex step = (PlacementIndex{to} - from) * w;
    return r + step + (to > from ? change : PlacementIndex{0} - change);
  }

  int cells() const { return cells_; }

  void unrank(PlacementIndex r, std::span<std::uint8_t> cells) const {
    CellMask unused = cells_ == 32 ? ~CellMask{0} : (CellMask{1} << cells_) - 1;
    for (int i = 0; i < tiles_; ++i) {
      const PlacementIndex w = weight_[static_cast<std::size_t>(i)];
      auto k = r / w;
      r %= w;
      CellMask bits = unused;
      for (; k > 0; --k) bits &= bits - 1;
      const auto c = static_cast<std::uint8_t>(std::countr_zero(bits));
      cells[static_cast<std::size_t>(i)] = c;
      unused &= ~(CellMask{1} << c);
    }
  }

 private:
  int cells_, tiles_;
  std::array<PlacementIndex, kMaxTiles> weight_{};
  PlacementIndex size_ = 0;
};

/// The placements from a given index on, in index order: the index's digits (the i-th tile's
/// rank among the cells the tiles before it leave, base n - i) counted up like an odometer, so
/// a step re-places only the tiles after the digit that changed.
class PlacementWalk {
 public:
  PlacementWalk(const PlacementRanker& ranker, PlacementIndex start)
      : cells_(ranker.cells()), tiles_(ranker.tiles()) {
    for (int i = tiles_ - 1; i >= 0; --i) {
      const auto base = static_cast<PlacementIndex>(cells_ - i);
      digit_[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(start % base);
      start /= base;
    }
    place_from(0);
  }

  /// Where the pattern's tiles stand now (`cell()[i]`: the i-th tile's cell).
  std::span<const std::uint8_t> cells() const {
    return {cell_.data(), static_cast<std::size_t>(tiles_)};
  }
  /// The lowest tile whose cell the last step changed (0 before any step).
  int changed_from() const { return changed_; }

  /// Moves to the next placement (after the last one: back to the first).
  void next() {
    int i = tiles_ - 1;
    while (i >= 0 && ++digit_[static_cast<std::size_t>(i)] == cells_ - i) {
      digit_[static_cast<std::size_t>(i)] = 0;
      --i;
    }
    place_from(i < 0 ? 0 : i);
  }

 private:
  void place_from(int first) {
    changed_ = first;
    CellMask used = 0;
    for (int i = 0; i < first; ++i) used |= CellMask{1} << cell_[static_cast<std::size_t>(i)];
    for (int i = first; i < tiles_; ++i) {
      CellMask free = ~used;
      for (int k = digit_[static_cast<std::size_t>(i)]; k > 0; --k) free &= free - 1;
      const auto c = static_cast<std::uint8_t>(std::countr_zero(free));
      cell_[static_cast<std::size_t>(i)] = c;
      used |= CellMask{1} << c;
    }
  }

  int cells_, tiles_;
  int changed_ = 0;
  std::array<std::uint8_t, PlacementRanker::kMaxTiles> digit_{}, cell_{};
};

}  // namespace npuzzle
