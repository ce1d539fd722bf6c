#pragma once
// The additive pattern-database estimate as a TileDomain heuristic policy: each pattern's
// value and index kept per state, and on each move only the moved tile's pattern (and, with the
// reflected lookup, its mirror's) indexed again, from its index before (see
// PlacementRanker::moved), with the blank's region among the cells it leaves free.
// The other patterns' entries stay: a move of a tile outside a pattern leaves the blank in the
// same region of that pattern's free cells (the tile's cell is one of them).

#include <array>
#include <memory>
#include <string_view>
#include <vector>

#include "npuzzle/pdb/cell_regions.hpp"
#include "npuzzle/pdb/pdb_set.hpp"
#include "npuzzle/tiles/heuristics.hpp"

namespace npuzzle {

class PdbHeuristic {
  // The tile on each cell of the board, and of the mirrored board (the mirror is its own
  // inverse).
  struct PlainOn {
    std::span<const SmallTile> board;
    SmallTile operator()(unsigned c) const { return board[c]; }
  };
  struct MirroredOn {
    std::span<const SmallTile> board;
    const PdbHeuristic& h;
    SmallTile operator()(unsigned c) const { return h.mirror_tile_[board[h.mirror_cell_[c]]]; }
  };

 public:
  static constexpr int kMaxCells = 32;
  static constexpr int kMaxPatterns = 8;

  // The tables keep each pattern's distance as its Manhattan distance plus twice a stored value
  // (see PatternDatabase), and the board's Manhattan distance is the same mirrored; so the
  // estimate is the Manhattan distance plus twice the larger sum of stored values.
  struct Memo {
    std::array<std::uint8_t, kMaxCells> cell{};           // by tile
    std::array<std::uint8_t, kMaxCells> mirrored_cell{};  // by tile of the mirrored board
    std::array<int, kMaxPatterns> value{}, mirrored_value{};
    std::array<PlacementIndex, kMaxPatterns> rank{}, mirrored_rank{};  // by pattern
    std::array<CellMask, kMaxPatterns> taken{}, mirrored_taken{};  // by pattern: its tiles' cells
    int sum = 0, mirrored_sum = 0;
    int manhattan = 0;
    /// The values and indexes each move replaced, last move last, for undo.
    struct Replaced {
      int value, mirrored_value;
      PlacementIndex rank, mirrored_rank;
    };
    std::vector<Replaced> trail;
  };

  /// A child's estimate and the indexes and stored values it read, which the move to that child
  /// adopts. `mirrored_value` is read only where `h` is within the limit. `tie`: the blank's
  /// distance from its goal cell after the move, by which IDA* orders children of equal
  /// estimate: a solution ends by bringing the blank home, which the tables do not count.
  struct ChildEstimate {
    int h = 0;
    int tie = 0;
    int value = 0, mirrored_value = 0;
    PlacementIndex rank = 0, mirrored_rank = 0;
  };

  static constexpr std::string_view kName = "pdb";
  static constexpr std::string_view kSummary =
      "additive pattern databases (4x4 and 5x5, the goal's blank in a corner)";
  /// Whether `inputs.pdb` serves boards of `goal`: the solver maps the goal onto the tables'
  /// blank-first frame first.
  static bool serves(const Board& goal, const HeuristicInputs& inputs) {
    return inputs.pdb != nullptr && inputs.pdb->spec().geometry == goal.geometry &&
           GoalFrame::serves(goal);
  }

  /// `inputs.pdb` must be built for the blank-first goal of `layout`'s geometry (throws
  /// InputError).
  PdbHeuristic(const GoalLayout& layout, const HeuristicInputs& inputs);

  int evaluate(std::span<const SmallTile> tiles, Memo& memo) const;

  /// The estimates after moving each of `tiles` into the blank on `to`, on `board` (the tile
  /// on each cell), leaving the memo as it is: every entry (plain and reflected) fetched
  /// together, so the children cost one wait on memory rather than two; the reflected sums are
  /// added only for the children the plain sum does not already put above `limit`. The blank's
  /// region is looked at only where the lesser of a placement's two entries does not already put
  /// the child above `limit`.
  void estimate_children(const Memo& memo, std::span<const SmallTile> board,
                         std::span<const SmallTile> tiles, Cell to, int limit,
                         std::span<ChildEstimate> out) const {
    std::array<Entry, 4> at{}, mirrored_at{};
    const auto mirror_to = mirror_cell_[static_cast<std::size_t>(to)];
    for (std::size_t i = 0; i < tiles.size(); ++i) {
      at[i] = entry(memo.cell, memo.taken, memo.rank, tiles[i], to, PlainOn{board});
      at[i].prefetch();
      out[i].rank = at[i].rank;
      if (!reflect_) continue;
      mirrored_at[i] = entry(memo.mirrored_cell, memo.mirrored_taken, memo.mirrored_rank,
                             mirror_tile_[tiles[i]], mirror_to, MirroredOn{board, *this});
      mirrored_at[i].prefetch();
      out[i].mirrored_rank = mirrored_at[i].rank;
    }
    std::array<int, 4> manhattan{}, sum{};
    for (std::size_t i = 0; i < tiles.size(); ++i) {
      const SmallTile t = tiles[i];
      out[i].tie = layout_->distance(kBlank, memo.cell[t]);
      manhattan[i] = memo.manhattan + layout_->distance(t, to) - layout_->distance(t, memo.cell[t]);
      const int others = memo.sum - memo.value[pattern_of_[t]];
      out[i].h = manhattan[i] + 2 * (others + at[i].least());
      if (out[i].h > limit) continue;
      out[i].value = at[i].value(regions_);
      sum[i] = others + out[i].value;
      out[i].h = manhattan[i] + 2 * sum[i];
    }
    if (!reflect_) return;
    for (std::size_t i = 0; i < tiles.size(); ++i) {
      if (out[i].h > limit) continue;
      const SmallTile mirror = mirror_tile_[tiles[i]];
      const int others = memo.mirrored_sum - memo.mirrored_value[pattern_of_[mirror]];
      out[i].h = manhattan[i] + 2 * std::max(sum[i], others + mirrored_at[i].least());
      if (out[i].h > limit) continue;
      out[i].mirrored_value = mirrored_at[i].value(regions_);
      out[i].h = manhattan[i] + 2 * std::max(sum[i], others + out[i].mirrored_value);
    }
  }

  /// `board`: the tile on each cell after the move.
  int update(int, std::span<const SmallTile> board, Memo& memo, SmallTile tile, Cell from,
             Cell to) const {
    ChildEstimate child;
    const Entry at = entry(memo.cell, memo.taken, memo.rank, tile, to, PlainOn{board});
    child.value = at.value(regions_);
    child.rank = at.rank;
    if (reflect_) {
      const Entry mirrored_at =
          entry(memo.mirrored_cell, memo.mirrored_taken, memo.mirrored_rank, mirror_tile_[tile],
                mirror_cell_[static_cast<std::size_t>(to)], MirroredOn{board, *this});
      child.mirrored_value = mirrored_at.value(regions_);
      child.mirrored_rank = mirrored_at.rank;
    }
    return adopt(memo, tile, from, to, child);
  }

  /// The update of moving `tile` from `from` to `to`, with the values `child` read for it.
  int adopt(Memo& memo, SmallTile tile, Cell from, Cell to, const ChildEstimate& child) const {
    const std::uint8_t p = pattern_of_[tile];
    const std::uint8_t q = pattern_of_[mirror_tile_[tile]];
    memo.trail.push_back(
        {memo.value[p], memo.mirrored_value[q], memo.rank[p], memo.mirrored_rank[q]});
    memo.manhattan += layout_->distance(tile, to) - layout_->distance(tile, from);
    memo.taken[p] ^= (CellMask{1} << from) ^ (CellMask{1} << to);
    memo.cell[tile] = static_cast<std::uint8_t>(to);
    memo.sum += child.value - memo.value[p];
    memo.value[p] = child.value;
    memo.rank[p] = child.rank;
    if (!reflect_) return memo.manhattan + 2 * memo.sum;
    const SmallTile mirror = mirror_tile_[tile];
    memo.mirrored_taken[q] ^= (CellMask{1} << memo.mirrored_cell[mirror]) ^
                              (CellMask{1} << mirror_cell_[static_cast<std::size_t>(to)]);
    memo.mirrored_cell[mirror] = mirror_cell_[static_cast<std::size_t>(to)];
    memo.mirrored_sum += child.mirrored_value - memo.mirrored_value[q];
    memo.mirrored_value[q] = child.mirrored_value;
    memo.mirrored_rank[q] = child.mirrored_rank;
    return memo.manhattan + 2 * std::max(memo.sum, memo.mirrored_sum);
  }

  /// Takes back the last update, which moved `tile` away from `back`.
  int undo(Memo& memo, SmallTile tile, Cell back) const {
    const auto replaced = memo.trail.back();
    memo.trail.pop_back();
    const std::uint8_t p = pattern_of_[tile];
    memo.manhattan += layout_->distance(tile, back) - layout_->distance(tile, memo.cell[tile]);
    memo.taken[p] ^= (CellMask{1} << memo.cell[tile]) ^ (CellMask{1} << back);
    memo.cell[tile] = static_cast<std::uint8_t>(back);
    memo.sum += replaced.value - memo.value[p];
    memo.value[p] = replaced.value;
    memo.rank[p] = replaced.rank;
    if (!reflect_) return memo.manhattan + 2 * memo.sum;
    const SmallTile mirror = mirror_tile_[tile];
    const std::uint8_t q = pattern_of_[mirror];
    memo.mirrored_taken[q] ^= (CellMask{1} << memo.mirrored_cell[mirror]) ^
                              (CellMask{1} << mirror_cell_[static_cast<std::size_t>(back)]);
    memo.mirrored_cell[mirror] = mirror_cell_[static_cast<std::size_t>(back)];
    memo.mirrored_sum += replaced.mirrored_value - memo.mirrored_value[q];
    memo.mirrored_value[q] = replaced.mirrored_value;
    memo.mirrored_rank[q] = replaced.mirrored_rank;
    return memo.manhattan + 2 * std::max(memo.sum, memo.mirrored_sum);
  }

 private:
  // Where a placement's entries lie, and what tells which of them holds: the blank's cell and
  // the cells the pattern leaves free.
  struct Entry {
    const std::uint8_t* data = nullptr;
    PlacementIndex rank = 0;
    Cell blank = 0;
    CellMask free = 0;
    void prefetch() const { __builtin_prefetch(data + rank); }
    int least() const { return PatternDatabase::least(data, rank); }
    int value(const CellRegions& regions) const {
      return PatternDatabase::stored(data, rank,
                                     [&] { return regions.in_main_region(blank, free); });
    }
  };

  // The entries of the moved tile's pattern, with the tiles on `cell` (their cells `taken`, the
  // index `rank`) but `moved` on `to`, and the blank on the cell it leaves; `tile_on` names the
  // tile on a cell.
  template <class TileOn>
  [[gnu::always_inline]] Entry entry(const std::array<std::uint8_t, kMaxCells>& cell,
                                     const std::array<CellMask, kMaxPatterns>& taken,
                                     const std::array<PlacementIndex, kMaxPatterns>& rank,
                                     SmallTile moved, Cell to, TileOn tile_on) const {
    const std::uint8_t p = pattern_of_[moved];
    const Cell blank = cell[moved];
    const auto& table = set_->tables()[p];
    const PlacementIndex r = table.ranker().moved(
        rank[p], index_in_pattern_[moved], static_cast<unsigned>(blank), static_cast<unsigned>(to),
        taken[p], [&](unsigned c) { return int{index_in_pattern_[tile_on(c)]}; });
    const CellMask after = taken[p] ^ (CellMask{1} << blank) ^ (CellMask{1} << to);
    return {table.data(), r, blank, regions_.board() & ~after};
  }

  // Ranks pattern p from `cell` (the blank on its own cell); stores its index and returns the
  // change in its value.
  int revalue(const std::array<std::uint8_t, kMaxCells>& cell,
              const std::array<CellMask, kMaxPatterns>& taken, std::array<int, kMaxPatterns>& value,
              std::array<PlacementIndex, kMaxPatterns>& rank, std::uint8_t p) const {
    const auto& pattern = patterns_[p];
    std::array<std::uint8_t, PlacementRanker::kMaxTiles> placement;
    for (std::size_t i = 0; i < pattern.size(); ++i) placement[i] = cell[pattern[i]];
    const auto& table = set_->tables()[p];
    rank[p] = table.ranker().rank(std::span(placement.data(), pattern.size()));
    const Entry at{table.data(), rank[p], cell[kBlank], regions_.board() & ~taken[p]};
    const int now = at.value(regions_);
    const int change = now - value[p];
    value[p] = now;
    return change;
  }

  const GoalLayout* layout_;
  CellRegions regions_;
  std::shared_ptr<const PdbSet> set_;
  std::vector<std::vector<SmallTile>> patterns_;
  std::array<std::uint8_t, kMaxCells> pattern_of_{};        // by tile
  std::array<std::uint8_t, kMaxCells> index_in_pattern_{};  // by tile: its place in the pattern
  std::array<SmallTile, kMaxCells> mirror_tile_{};  // the tile's label on the mirrored board
  std::array<std::uint8_t, kMaxCells> mirror_cell_{};
  bool reflect_ = false;
};

}  // namespace npuzzle
