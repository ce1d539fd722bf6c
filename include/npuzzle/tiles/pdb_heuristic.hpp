#pragma once
// The additive pattern-database estimate as a TileDomain heuristic policy: each pattern's
// value and index kept per state, and on each move only the moved tile's pattern (and, with the
// reflected lookup, its mirror's) indexed again, from its index before (see
// PlacementRanker::moved), with the blank's region among the cells it leaves free.
// The other patterns' entries stay: a move of a tile outside a pattern leaves the blank in the
// same region of that pattern's free cells (the tile's cell is one of them).

#include <array>
#include <atomic>
#include <limits>
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
    std::array<std::uint8_t, kMaxCells> cell{};  // by tile (on the mirrored board, mirror_cell_)
    std::array<int, kMaxPatterns> value{}, mirrored_value{};
    std::array<PlacementIndex, kMaxPatterns> rank{}, mirrored_rank{};  // by pattern
    std::array<CellMask, kMaxPatterns> taken{}, mirrored_taken{};  // by pattern: its tiles' cells
    int sum = 0, mirrored_sum = 0;
    int manhattan = 0;
    /// What each move replaced, last move last, for undo.
    struct Replaced {
      int value, mirrored_value;
      PlacementIndex rank, mirrored_rank;
      int sum, mirrored_sum, manhattan;
    };
    std::vector<Replaced> trail;
  };

  /// A child's estimate and what it read and added up on the way, which the move to that child
  /// adopts. Where `h` is within the limit it is exact, and so are the sums and values; above
  /// it, only `h`, `tie`, `manhattan` and the indexes are set. `tie`: the blank's distance from its
  /// goal cell after the move, by which IDA* orders children of equal estimate: a solution ends by
  /// bringing the blank home, which the tables do not count.
  struct ChildEstimate {  // (no initializers: IDA* keeps an array of them per node)
    int h;
    int tie;
    int value, mirrored_value;
    int sum, mirrored_sum, manhattan;
    PlacementIndex rank, mirrored_rank;
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
    std::array<const std::uint8_t*, 4> at, mirrored_at{};  // each child's placement's byte
    const unsigned mirror_to = mirror_cell_[static_cast<std::size_t>(to)];
    for (std::size_t i = 0; i < tiles.size(); ++i) {
      const SmallTile t = tiles[i];
      const unsigned from = memo.cell[t];
      out[i].rank =
          moved_rank(memo.rank, memo.taken, t, from, static_cast<unsigned>(to), PlainOn{board});
      at[i] = table(pattern_of_[t]) + out[i].rank;
      __builtin_prefetch(at[i]);
      if (!reflect_) continue;
      const SmallTile mirror = mirror_tile_[t];
      out[i].mirrored_rank = moved_rank(memo.mirrored_rank, memo.mirrored_taken, mirror,
                                        mirror_cell_[from], mirror_to, MirroredOn{board, *this});
      mirrored_at[i] = table(pattern_of_[mirror]) + out[i].mirrored_rank;
      __builtin_prefetch(mirrored_at[i]);
    }
    std::array<int, 4> manhattan, sum;
    for (std::size_t i = 0; i < tiles.size(); ++i) {
      const SmallTile t = tiles[i];
      const unsigned from = memo.cell[t];
      const std::uint8_t p = pattern_of_[t];
      out[i].tie = distance(kBlank, from);
      manhattan[i] = memo.manhattan + distance(t, static_cast<unsigned>(to)) - distance(t, from);
      const int others = memo.sum - memo.value[p];
      out[i].manhattan = manhattan[i];
      out[i].h = manhattan[i] + 2 * (others + PatternDatabase::least(*at[i]));
      if (out[i].h > limit) continue;
      out[i].value = PatternDatabase::stored(*at[i], [&] {
        return blank_in_main_region(memo.taken[p], from, static_cast<unsigned>(to));
      });
      sum[i] = others + out[i].value;
      out[i].sum = sum[i];
      out[i].h = manhattan[i] + 2 * sum[i];
    }
    if (!reflect_) return;
    for (std::size_t i = 0; i < tiles.size(); ++i) {
      if (out[i].h > limit) continue;
      const SmallTile mirror = mirror_tile_[tiles[i]];
      const std::uint8_t q = pattern_of_[mirror];
      const int others = memo.mirrored_sum - memo.mirrored_value[q];
      out[i].h =
          manhattan[i] + 2 * std::max(sum[i], others + PatternDatabase::least(*mirrored_at[i]));
      if (out[i].h > limit) continue;
      out[i].mirrored_value = PatternDatabase::stored(*mirrored_at[i], [&] {
        return blank_in_main_region(memo.mirrored_taken[q], mirror_cell_[memo.cell[tiles[i]]],
                                    mirror_to);
      });
      out[i].mirrored_sum = others + out[i].mirrored_value;
      out[i].h = manhattan[i] + 2 * std::max(sum[i], out[i].mirrored_sum);
    }
  }

  /// `board`: the tile on each cell after the move (the estimate reads only the cells between
  /// the tile's two cells, the same before and after).
  int update(int, std::span<const SmallTile> board, Memo& memo, SmallTile tile, Cell from,
             Cell to) const {
    std::array<ChildEstimate, 1> child{};
    estimate_children(memo, board, std::span(&tile, 1), to, std::numeric_limits<int>::max(), child);
    return adopt(memo, tile, from, to, child[0]);
  }

  /// The update of moving `tile` from `from` to `to`, with what `child` read and added up.
  int adopt(Memo& memo, SmallTile tile, Cell from, Cell to, const ChildEstimate& child) const {
    const std::uint8_t p = pattern_of_[tile];
    const std::uint8_t q = pattern_of_[mirror_tile_[tile]];
    memo.trail.push_back({memo.value[p], memo.mirrored_value[q], memo.rank[p],
                          memo.mirrored_rank[q], memo.sum, memo.mirrored_sum, memo.manhattan});
    memo.taken[p] ^= (CellMask{1} << from) ^ (CellMask{1} << to);
    memo.cell[tile] = static_cast<std::uint8_t>(to);
    memo.value[p] = child.value;
    memo.rank[p] = child.rank;
    memo.sum = child.sum;
    memo.manhattan = child.manhattan;
    if (reflect_) {
      memo.mirrored_taken[q] ^= (CellMask{1} << mirror_cell_[static_cast<std::size_t>(from)]) ^
                                (CellMask{1} << mirror_cell_[static_cast<std::size_t>(to)]);
      memo.mirrored_value[q] = child.mirrored_value;
      memo.mirrored_rank[q] = child.mirrored_rank;
      memo.mirrored_sum = child.mirrored_sum;
    }
    return child.h;
  }

  /// Takes back the last update, which moved `tile` away from `back`.
  int undo(Memo& memo, SmallTile tile, Cell back) const {
    const auto& replaced = memo.trail.back();
    const std::uint8_t p = pattern_of_[tile];
    const std::uint8_t q = pattern_of_[mirror_tile_[tile]];
    const unsigned now = memo.cell[tile];
    memo.taken[p] ^= (CellMask{1} << now) ^ (CellMask{1} << back);
    memo.cell[tile] = static_cast<std::uint8_t>(back);
    memo.value[p] = replaced.value;
    memo.rank[p] = replaced.rank;
    memo.sum = replaced.sum;
    memo.manhattan = replaced.manhattan;
    if (reflect_) {
      memo.mirrored_taken[q] ^= (CellMask{1} << mirror_cell_[now]) ^
                                (CellMask{1} << mirror_cell_[static_cast<std::size_t>(back)]);
      memo.mirrored_value[q] = replaced.mirrored_value;
      memo.mirrored_rank[q] = replaced.mirrored_rank;
      memo.mirrored_sum = replaced.mirrored_sum;
    }
    memo.trail.pop_back();
    return estimate(memo);
  }

 private:
  int distance(SmallTile t, unsigned c) const { return distance_[t][c]; }
  // Pattern p's table where it is now (a loaded one moves once copied: see TableMemory).
  const std::uint8_t* table(std::uint8_t p) const {
    return data_[p]->load(std::memory_order_acquire);
  }
  int estimate(const Memo& memo) const {
    return memo.manhattan + 2 * (reflect_ ? std::max(memo.sum, memo.mirrored_sum) : memo.sum);
  }

  // The index of the moved tile's pattern, with the tiles on `cell` (their cells `taken`, the
  // indexes `rank`) but `moved` on `to`; `tile_on` names the tile on a cell.
  template <class TileOn>
  [[gnu::always_inline]] PlacementIndex moved_rank(
      const std::array<PlacementIndex, kMaxPatterns>& rank,
      const std::array<CellMask, kMaxPatterns>& taken, SmallTile moved, unsigned from, unsigned to,
      TileOn tile_on) const {
    const std::uint8_t p = pattern_of_[moved];
    return ranker_[p]->moved(rank[p], index_in_pattern_[moved], from, to, taken[p],
                             [&](unsigned c) { return int{index_in_pattern_[tile_on(c)]}; });
  }

  // Whether the blank, on the cell `from` a tile of the pattern whose cells are `taken` left for
  // `to`, is in the main region of the cells the pattern then leaves free.
  bool blank_in_main_region(CellMask taken, unsigned from, unsigned to) const {
    const CellMask after = taken ^ (CellMask{1} << from) ^ (CellMask{1} << to);
    return regions_.in_main_region(static_cast<Cell>(from), regions_.board() & ~after);
  }

  // Ranks pattern p from `cell` (the blank on its own cell); stores its index and returns the
  // change in its value.
  int revalue(const std::array<std::uint8_t, kMaxCells>& cell,
              const std::array<CellMask, kMaxPatterns>& taken, std::array<int, kMaxPatterns>& value,
              std::array<PlacementIndex, kMaxPatterns>& rank, std::uint8_t p) const {
    const auto& pattern = patterns_[p];
    std::array<std::uint8_t, PlacementRanker::kMaxTiles> placement;
    for (std::size_t i = 0; i < pattern.size(); ++i) placement[i] = cell[pattern[i]];
    rank[p] = ranker_[p]->rank(std::span(placement.data(), pattern.size()));
    const int now = PatternDatabase::stored(table(p)[rank[p]], [&] {
      return regions_.in_main_region(cell[kBlank], regions_.board() & ~taken[p]);
    });
    const int change = now - value[p];
    value[p] = now;
    return change;
  }

  CellRegions regions_;
  std::shared_ptr<const PdbSet> set_;  // (held: data_ and ranker_ point into its tables)
  std::vector<std::vector<SmallTile>> patterns_;
  std::array<std::uint8_t, kMaxCells> pattern_of_{};        // by tile
  std::array<std::uint8_t, kMaxCells> index_in_pattern_{};  // by tile: its place in the pattern
  std::array<SmallTile, kMaxCells> mirror_tile_{};  // the tile's label on the mirrored board
  // By pattern: where its table is (TableMemory::location).
  std::array<const std::atomic<const std::uint8_t*>*, kMaxPatterns> data_{};
  std::array<const PlacementRanker*, kMaxPatterns> ranker_{};
  // The goal layout's distances, copied: a fixed stride, read in the search's inner loop
  // without a pointer to follow.
  std::array<std::array<std::uint8_t, kMaxCells>, kMaxCells> distance_{};
  std::array<std::uint8_t, kMaxCells> mirror_cell_{};
  bool reflect_ = false;
};

}  // namespace npuzzle
