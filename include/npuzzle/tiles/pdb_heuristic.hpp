#pragma once
// The additive pattern-database estimate as a TileDomain heuristic policy: each pattern's
// value and index kept per state in each view (a partition of the set's tiles, read on the board
// as it is or mirrored), and on each move only the moved tile's pattern of each view indexed
// again, from its index before (see PlacementRanker::moved), with the blank's region among the
// cells it leaves free.
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
 public:
  static constexpr int kMaxCells = 32;
  static constexpr int kMaxPatterns = 8;
  /// A view: one partition of the set read on the board as it is, or on the board mirrored in
  /// its main diagonal (a reflected partition gives two).
  static constexpr std::size_t kMaxViews = 4;

  // The tables keep each pattern's distance as its Manhattan distance plus twice a stored value
  // (see PatternDatabase), and the board's Manhattan distance is the same in every view; so the
  // estimate is the Manhattan distance plus twice the largest view's sum of stored values.
  struct Memo {
    struct View {
      std::array<int, kMaxPatterns> value{};
      std::array<PlacementIndex, kMaxPatterns> rank{};
      std::array<CellMask, kMaxPatterns> taken{};  // its tiles' cells, as the view sees them
      int sum = 0;
      bool operator==(const View&) const = default;
    };
    std::array<std::uint8_t, kMaxCells> cell{};  // by tile
    std::array<View, kMaxViews> view{};
    int manhattan = 0;
    /// What each move replaced, last move last, for undo: by view, the moved tile's pattern's
    /// value and index and the view's sum.
    struct Replaced {
      Replaced() {}  // (filled by the move for the views there are: not cleared first)
      std::array<int, kMaxViews> value, sum;
      std::array<PlacementIndex, kMaxViews> rank;
      int manhattan;
    };
    std::vector<Replaced> trail;
  };

  /// A child's estimate and what it read and added up on the way, which the move to that child
  /// adopts. Where `h` is within the limit it is exact, and so are the sums and values, and the
  /// indexes; above it, only `h`, `tie` and `manhattan` are set. `tie`: the blank's distance from
  /// its goal cell after the move, by which IDA* orders children of equal estimate: a solution ends
  /// by bringing the blank home, which the tables do not count. By view: the moved tile's pattern's
  /// value and index, and the view's sum.
  struct ChildEstimate {  // (no initializers: IDA* keeps an array of them per node)
    int h;
    int tie;
    int manhattan;
    std::array<int, kMaxViews> value, sum;
    std::array<PlacementIndex, kMaxViews> rank;
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
  /// on each cell), leaving the memo as it is: every view's entry fetched together, so the
  /// children cost one wait on memory rather than one per view; each view after the first is
  /// added only for the children the views before do not already put above `limit`. The
  /// blank's region is looked at only where the lesser of a placement's two entries does not
  /// already put the child above `limit`. A child that the other patterns' values already put
  /// above `limit` (its own pattern's value at least 0) reads nothing.
  void estimate_children(const Memo& memo, std::span<const SmallTile> board,
                         std::span<const SmallTile> tiles, Cell to, int limit,
                         std::span<ChildEstimate> out) const {
    std::array<std::array<const std::uint8_t*, 4>, kMaxViews> at;  // each child's entry's byte
    std::array<bool, 4> reads{};
    for (std::size_t i = 0; i < tiles.size(); ++i) {
      const SmallTile t = tiles[i];
      const unsigned from = memo.cell[t];
      out[i].tie = distance(kBlank, from);
      out[i].manhattan =
          memo.manhattan + distance(t, static_cast<unsigned>(to)) - distance(t, from);
      int others = 0;
      for_each_view([&](auto v) {
        const Memo::View& seen = memo.view[v];
        others = std::max(others, seen.sum - seen.value[view_[v].pattern_of[t]]);
      });
      out[i].h = out[i].manhattan + 2 * others;
      if (out[i].h > limit) continue;
      reads[i] = true;
      for_each_view([&](auto view_index) {
        constexpr std::size_t v = view_index;
        const View& view = view_[v];
        const std::uint8_t p = view.pattern_of[t];
        out[i].rank[v] = view.ranker[p]->moved(
            memo.view[v].rank[p], view.index_in_pattern[t], seen_cell<v>(from),
            seen_cell<v>(static_cast<unsigned>(to)), memo.view[v].taken[p],
            [&](unsigned c) { return int{view.index_in_pattern[board[seen_cell<v>(c)]]}; });
        at[v][i] = table(v, p) + out[i].rank[v];
        __builtin_prefetch(at[v][i]);
      });
    }
    std::array<int, 4> best;  // the largest sum so far (set by view 0)
    for_each_view([&](auto view_index) {
      constexpr std::size_t v = view_index;
      const View& view = view_[v];
      const Memo::View& seen = memo.view[v];
      for (std::size_t i = 0; i < tiles.size(); ++i) {
        if (!reads[i] || (v > 0 && out[i].h > limit)) continue;
        const SmallTile t = tiles[i];
        const std::uint8_t p = view.pattern_of[t];
        const int others = seen.sum - seen.value[p];
        const int least = others + PatternDatabase::least(*at[v][i]);
        out[i].h = out[i].manhattan + 2 * (v == 0 ? least : std::max(best[i], least));
        if (out[i].h > limit) continue;
        out[i].value[v] = PatternDatabase::stored(*at[v][i], [&] {
          return blank_in_main_region(seen.taken[p], seen_cell<v>(memo.cell[t]),
                                      seen_cell<v>(static_cast<unsigned>(to)));
        });
        out[i].sum[v] = others + out[i].value[v];
        best[i] = v == 0 ? out[i].sum[v] : std::max(best[i], out[i].sum[v]);
        out[i].h = out[i].manhattan + 2 * best[i];
      }
    });
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
  [[gnu::always_inline]] int adopt(Memo& memo, SmallTile tile, Cell from, Cell to,
                                   const ChildEstimate& child) const {
    Memo::Replaced& replaced = memo.trail.emplace_back();
    replaced.manhattan = memo.manhattan;
    for_each_view([&](auto view_index) {
      constexpr std::size_t v = view_index;
      Memo::View& seen = memo.view[v];
      const std::uint8_t p = view_[v].pattern_of[tile];
      replaced.value[v] = seen.value[p];
      replaced.rank[v] = seen.rank[p];
      replaced.sum[v] = seen.sum;
      seen.taken[p] ^= (CellMask{1} << seen_cell<v>(static_cast<unsigned>(from))) ^
                       (CellMask{1} << seen_cell<v>(static_cast<unsigned>(to)));
      seen.value[p] = child.value[v];
      seen.rank[p] = child.rank[v];
      seen.sum = child.sum[v];
    });
    memo.cell[tile] = static_cast<std::uint8_t>(to);
    memo.manhattan = child.manhattan;
    return child.h;
  }

  /// Takes back the last update, which moved `tile` away from `back`.
  [[gnu::always_inline]] int undo(Memo& memo, SmallTile tile, Cell back) const {
    const auto& replaced = memo.trail.back();
    const unsigned now = memo.cell[tile];
    for_each_view([&](auto view_index) {
      constexpr std::size_t v = view_index;
      Memo::View& seen = memo.view[v];
      const std::uint8_t p = view_[v].pattern_of[tile];
      seen.taken[p] ^= (CellMask{1} << seen_cell<v>(now)) ^
                       (CellMask{1} << seen_cell<v>(static_cast<unsigned>(back)));
      seen.value[p] = replaced.value[v];
      seen.rank[p] = replaced.rank[v];
      seen.sum = replaced.sum[v];
    });
    memo.cell[tile] = static_cast<std::uint8_t>(back);
    memo.manhattan = replaced.manhattan;
    memo.trail.pop_back();
    return estimate(memo);
  }

 private:
  // A partition's tables as one view reads them. The mirror is its own inverse, so `cell` maps
  // the view's cells to the board's as well.
  struct View {
    std::array<std::uint8_t, kMaxCells> pattern_of{};        // by tile of the board
    std::array<std::uint8_t, kMaxCells> index_in_pattern{};  // by tile: its place in the pattern
    // By cell: the view's cell; by tile of the board, its label in the view likewise.
    std::array<std::uint8_t, kMaxCells> cell{};
    // By pattern: where its table is (TableMemory::location).
    std::array<const std::atomic<const std::uint8_t*>*, kMaxPatterns> data{};
    std::array<const PlacementRanker*, kMaxPatterns> ranker{};
    std::vector<std::vector<SmallTile>> patterns;  // in the view's labels
  };

  int distance(SmallTile t, unsigned c) const { return distance_[t][c]; }
  // Calls f with the index of each view there is, in order, as a constant
  // (std::integral_constant<std::size_t, v>): the loops over views written out.
  template <class F>
  [[gnu::always_inline]] void for_each_view(F f) const {
    static_assert(kMaxViews == 4);
    f(std::integral_constant<std::size_t, 0>{});
    if (views_ > 1) f(std::integral_constant<std::size_t, 1>{});
    if (views_ > 2) f(std::integral_constant<std::size_t, 2>{});
    if (views_ > 3) f(std::integral_constant<std::size_t, 3>{});
  }
  // Cell c of the board as view v sees it (view 0, the first partition on the board as it is,
  // sees the board's own cells).
  template <std::size_t v>
  unsigned seen_cell(unsigned c) const {
    if constexpr (v == 0) {
      return c;
    } else {
      return view_[v].cell[c];
    }
  }
  // Pattern p's table of view v where it is now (a loaded one moves once copied: see
  // TableMemory).
  const std::uint8_t* table(std::size_t v, std::uint8_t p) const {
    return view_[v].data[p]->load(std::memory_order_acquire);
  }
  int estimate(const Memo& memo) const {
    int best = 0;
    for_each_view([&](auto v) { best = std::max(best, memo.view[v].sum); });
    return memo.manhattan + 2 * best;
  }

  // Whether the blank, on the cell `from` a tile of the pattern whose cells are `taken` left for
  // `to` (cells as the view sees them), is in the main region of the cells the pattern then
  // leaves free.
  bool blank_in_main_region(CellMask taken, unsigned from, unsigned to) const {
    const CellMask after = taken ^ (CellMask{1} << from) ^ (CellMask{1} << to);
    return regions_.in_main_region(static_cast<Cell>(from), regions_.board() & ~after);
  }

  CellRegions regions_;
  std::shared_ptr<const PdbSet> set_;  // (held: the views point into its tables)
  std::array<View, kMaxViews> view_;
  std::size_t views_ = 0;
  // The goal layout's distances, copied: a fixed stride, read in the search's inner loop
  // without a pointer to follow.
  std::array<std::array<std::uint8_t, kMaxCells>, kMaxCells> distance_{};
};

}  // namespace npuzzle
