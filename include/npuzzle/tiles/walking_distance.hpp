#pragma once
// Walking distance (Takahashi): how many vertical moves the tiles need, counting only which
// goal row each tile belongs to, plus the same for columns. A vertical move takes one tile
// one row, so an abstract state is a matrix of counts, tiles per (current row, goal row), whose
// distances a breadth-first search from the goal gives exactly; the two sums bound the true
// distance from below. Boards of at most 4 x 4, any goal.

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "npuzzle/tiles/heuristics.hpp"

namespace npuzzle {

/// One direction's walking distance: rows of the board, or rows of its transpose (columns).
class WalkingTable {
 public:
  static constexpr int kMaxSide = 4;
  using Id = std::int32_t;
  /// counts[line][home]: the tiles standing on `line` that belong on line `home`. The blank's
  /// line is the one holding fewer tiles than the others.
  using Counts = std::array<std::array<std::uint8_t, kMaxSide>, kMaxSide>;

  /// `lines` lines of `width` cells each; `home[t]` the line tile t belongs to (t >= 1).
  WalkingTable(int lines, int width, std::span<const int> home);

  /// The state with these counts; throws std::logic_error for counts no board reaching the
  /// goal can show.
  Id id_of(const Counts& counts) const;
  int distance(Id id) const { return distance_[static_cast<std::size_t>(id)]; }
  /// After a tile whose home line is `home` moves one line down (towards larger lines) or up.
  Id after(Id id, bool tile_moves_down, int home) const {
    return next_[(static_cast<std::size_t>(id) * 2 + (tile_moves_down ? 1 : 0)) *
                     static_cast<std::size_t>(lines_) +
                 static_cast<std::size_t>(home)];
  }

 private:
  int lines_;
  std::unordered_map<std::uint64_t, Id> ids_;
  std::vector<std::uint8_t> distance_;
  std::vector<Id> next_;  // by (state, direction, home line)
};

/// The walking tables built so far, one per (lines, width, home lines) shape, shared by every
/// search that needs them; safe to use from several threads.
class WalkingTables {
 public:
  std::shared_ptr<const WalkingTable> get(int lines, int width, std::span<const int> home);

 private:
  std::mutex mutex_;
  std::map<std::tuple<int, int, std::vector<int>>, std::shared_ptr<const WalkingTable>> tables_;
};

class WalkingDistance {
 public:
  static constexpr std::string_view kName = "walking-distance";
  static constexpr std::string_view kSummary =
      "Takahashi's walking distance, rows plus columns (boards up to 4x4)";
  static bool serves(const Board& goal, const HeuristicInputs&) {
    return goal.geometry.rows <= WalkingTable::kMaxSide &&
           goal.geometry.cols <= WalkingTable::kMaxSide;
  }

  struct Memo {
    WalkingTable::Id rows = 0, cols = 0;
  };

  /// Takes its tables from `inputs.walking`. Throws InputError for a board larger than 4 x 4.
  WalkingDistance(const GoalLayout& layout, const HeuristicInputs& inputs);

  int evaluate(std::span<const SmallTile> tiles, Memo& memo) const;
  int update(int, std::span<const SmallTile>, Memo& memo, SmallTile tile, Cell from,
             Cell to) const {
    const Geometry g = layout_->geometry();
    if (g.row(from) != g.row(to)) {
      memo.rows = rows_->after(memo.rows, g.row(to) > g.row(from), layout_->home_row(tile));
    } else {
      memo.cols = cols_->after(memo.cols, g.col(to) > g.col(from), layout_->home_col(tile));
    }
    return rows_->distance(memo.rows) + cols_->distance(memo.cols);
  }

 private:
  const GoalLayout* layout_;
  std::shared_ptr<const WalkingTable> rows_, cols_;
};

}  // namespace npuzzle
