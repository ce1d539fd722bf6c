#pragma once
// Ranking where a pattern's k tiles stand among a board's n cells: an ordered choice of k of n
// cells, indexed densely in [0, n!/(n-k)!). Boards of at most 32 cells.

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

}  // namespace npuzzle
