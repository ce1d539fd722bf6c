#pragma once
// The additive pattern-database estimate as a TileDomain heuristic policy: each pattern's
// value kept per state, and on each move only the moved tile's pattern (and, with the reflected
// lookup, its mirror's) ranked again, with the blank's region among the cells it leaves free.
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
    std::array<CellMask, kMaxPatterns> taken{}, mirrored_taken{};  // by pattern: its tiles' cells
    int sum = 0, mirrored_sum = 0;
    int manhattan = 0;
    /// The values each move replaced, last move last, for undo.
    struct Replaced {
      int value, mirrored_value;
    };
    std::vector<Replaced> trail;
  };

  /// A child's estimate and the stored values it read, which the move to that child adopts
  /// rather than ranking its patterns again. `mirrored_value` is read only where `h` is within
  /// the limit.
  struct ChildEstimate {
    int h = 0;
    int value = 0, mirrored_value = 0;
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

  /// The estimates after moving each of `tiles` into the blank on `to`, leaving the memo as it
  /// is: every entry (plain and reflected) fetched together, so the children cost one wait on
  /// memory rather than two; the reflected sums are added only for the children the plain sum
  /// does not already put above `limit`. The blank's region is looked at only where the lesser
  /// of a placement's two entries does not already put the child above `limit`.
  void estimate_children(const Memo& memo, std::span<const SmallTile> tiles, Cell to, int limit,
                         std::span<ChildEstimate> out) const {
    std::array<Entry, 4> at{}, mirrored_at{};
    const auto mirror_to = mirror_cell_[static_cast<std::size_t>(to)];
    for (std::size_t i = 0; i < tiles.size(); ++i) {
      at[i] = entry(memo.cell, memo.taken, pattern_of_[tiles[i]], tiles[i], to);
      at[i].prefetch();
      if (!reflect_) continue;
      const SmallTile mirror = mirror_tile_[tiles[i]];
      mirrored_at[i] =
          entry(memo.mirrored_cell, memo.mirrored_taken, pattern_of_[mirror], mirror, mirror_to);
      mirrored_at[i].prefetch();
    }
    std::array<int, 4> manhattan{}, sum{};
    for (std::size_t i = 0; i < tiles.size(); ++i) {
      const SmallTile t = tiles[i];
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

  int update(int, std::span<const SmallTile>, Memo& memo, SmallTile tile, Cell from,
             Cell to) const {
    ChildEstimate child;
    child.value = entry(memo.cell, memo.taken, pattern_of_[tile], tile, to).value(regions_);
    if (reflect_) {
      const SmallTile mirror = mirror_tile_[tile];
      child.mirrored_value = entry(memo.mirrored_cell, memo.mirrored_taken, pattern_of_[mirror],
                                   mirror, mirror_cell_[static_cast<std::size_t>(to)])
                                 .value(regions_);
    }
    return adopt(memo, tile, from, to, child);
  }

  /// The update of moving `tile` from `from` to `to`, with the values `child` read for it.
  int adopt(Memo& memo, SmallTile tile, Cell from, Cell to, const ChildEstimate& child) const {
    const std::uint8_t p = pattern_of_[tile];
    memo.trail.push_back({memo.value[p], memo.mirrored_value[pattern_of_[mirror_tile_[tile]]]});
    memo.manhattan += layout_->distance(tile, to) - layout_->distance(tile, from);
    memo.taken[p] ^= (CellMask{1} << from) ^ (CellMask{1} << to);
    memo.cell[tile] = static_cast<std::uint8_t>(to);
    memo.sum += child.value - memo.value[p];
    memo.value[p] = child.value;
    if (!reflect_) return memo.manhattan + 2 * memo.sum;
    const SmallTile mirror = mirror_tile_[tile];
    const std::uint8_t q = pattern_of_[mirror];
    memo.mirrored_taken[q] ^= (CellMask{1} << memo.mirrored_cell[mirror]) ^
                              (CellMask{1} << mirror_cell_[static_cast<std::size_t>(to)]);
    memo.mirrored_cell[mirror] = mirror_cell_[static_cast<std::size_t>(to)];
    memo.mirrored_sum += child.mirrored_value - memo.mirrored_value[q];
    memo.mirrored_value[q] = child.mirrored_value;
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
    if (!reflect_) return memo.manhattan + 2 * memo.sum;
    const SmallTile mirror = mirror_tile_[tile];
    const std::uint8_t q = pattern_of_[mirror];
    memo.mirrored_taken[q] ^= (CellMask{1} << memo.mirrored_cell[mirror]) ^
                              (CellMask{1} << mirror_cell_[static_cast<std::size_t>(back)]);
    memo.mirrored_cell[mirror] = mirror_cell_[static_cast<std::size_t>(back)];
    memo.mirrored_sum += replaced.mirrored_value - memo.mirrored_value[q];
    memo.mirrored_value[q] = replaced.mirrored_value;
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

  // The entries of pattern p with the tiles on `cell` (their cells `taken`), except `moved` on
  // `to`, and the blank on the cell it leaves (with no tile moved, the blank's own cell).
  [[gnu::always_inline]] Entry entry(const std::array<std::uint8_t, kMaxCells>& cell,
                                     const std::array<CellMask, kMaxPatterns>& taken,
                                     std::uint8_t p, SmallTile moved, Cell to) const {
    const auto& pattern = patterns_[p];
    std::array<std::uint8_t, PlacementRanker::kMaxTiles> placement;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
      placement[i] = pattern[i] == moved ? static_cast<std::uint8_t>(to) : cell[pattern[i]];
    }
    const Cell blank = cell[moved];
    const CellMask after = taken[p] ^ (CellMask{1} << blank) ^ (CellMask{1} << to);
    const auto& table = set_->tables()[p];
    return {table.data(), table.ranker().rank(std::span(placement.data(), pattern.size())), blank,
            regions_.board() & ~after};
  }

  // Ranks pattern p again from `cell`; stores and returns the change in its value.
  int revalue(const std::array<std::uint8_t, kMaxCells>& cell,
              const std::array<CellMask, kMaxPatterns>& taken, std::array<int, kMaxPatterns>& value,
              std::uint8_t p) const {
    // No pattern holds the blank: moving it onto its own cell changes nothing.
    const int now = entry(cell, taken, p, kBlank, cell[kBlank]).value(regions_);
    const int change = now - value[p];
    value[p] = now;
    return change;
  }

  const GoalLayout* layout_;
  CellRegions regions_;
  std::shared_ptr<const PdbSet> set_;
  std::vector<std::vector<SmallTile>> patterns_;
  std::array<std::uint8_t, kMaxCells> pattern_of_{};  // by tile
  std::array<SmallTile, kMaxCells> mirror_tile_{};    // the tile's label on the mirrored board
  std::array<std::uint8_t, kMaxCells> mirror_cell_{};
  bool reflect_ = false;
};

}  // namespace npuzzle
