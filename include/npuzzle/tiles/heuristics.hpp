#pragma once
// Admissible estimates for sliding tiles, each kept up to date move by move.
//
// A policy has a name, a per-state Memo, `evaluate` (from scratch) and `update` (after one tile
// moved from `from` to `to`, the board already changed), both returning the new estimate. Every
// policy is made from the goal's layout and the shared inputs below, so that a solver can
// make any of them the same way.

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "npuzzle/core/board.hpp"

namespace npuzzle {

class WalkingTables;
class PdbSet;

/// What a heuristic may need besides the goal: tables owned by the caller and shared.
struct HeuristicInputs {
  WalkingTables* walking = nullptr;   // where walking distance keeps its tables
  std::shared_ptr<const PdbSet> pdb;  // the pattern databases, for the pdb heuristic
};

/// The moves a line's conflicts add to the Manhattan distance: 2 x (the tiles at home in the
/// line - the longest run of them already in home order). `homes` holds, in line order, the
/// home index of each tile that is at home in the line; it is sorted into piles in place
/// (patience sorting), so the caller's buffer is scratch afterwards.
inline int line_conflict_moves(std::span<int> homes) {
  int lis = 0;  // piles[0, lis) hold the smallest end of an increasing run of each length
  for (const int home : homes) {
    const auto pile = std::lower_bound(homes.begin(), homes.begin() + lis, home) - homes.begin();
    homes[static_cast<std::size_t>(pile)] = home;
    if (pile == lis) ++lis;
  }
  return 2 * (static_cast<int>(homes.size()) - lis);
}

/// Where each tile belongs, and each tile's (the blank's too) taxicab distance from every cell to
/// its home.
class GoalLayout {
 public:
  explicit GoalLayout(const Board& goal);

  Geometry geometry() const { return geometry_; }
  int home_row(SmallTile t) const { return home_row_[t]; }
  int home_col(SmallTile t) const { return home_col_[t]; }
  int distance(SmallTile t, Cell c) const {
    return distance_[static_cast<std::size_t>(t) * static_cast<std::size_t>(geometry_.cells()) +
                     static_cast<std::size_t>(c)];
  }

 private:
  Geometry geometry_;
  std::vector<int> home_row_, home_col_;
  std::vector<std::uint8_t> distance_;
};

/// No estimate at all: what the blind searches use.
class Blind {
 public:
  struct Memo {};
  Blind(const GoalLayout&, const HeuristicInputs&) {}
  int evaluate(std::span<const SmallTile>, Memo&) const { return 0; }
  int update(int, std::span<const SmallTile>, Memo&, SmallTile, Cell, Cell) const { return 0; }
};

/// The sum over tiles of their taxicab distance home.
class Manhattan {
 public:
  static constexpr std::string_view kName = "manhattan";
  static constexpr std::string_view kSummary = "the sum of each tile's taxicab distance home";
  static bool serves(const Board&, const HeuristicInputs&) { return true; }

  struct Memo {};
  Manhattan(const GoalLayout& layout, const HeuristicInputs&) : layout_(&layout) {}
  int evaluate(std::span<const SmallTile> tiles, Memo&) const;
  int update(int h, std::span<const SmallTile>, Memo&, SmallTile tile, Cell from, Cell to) const {
    return h + layout_->distance(tile, to) - layout_->distance(tile, from);
  }

 private:
  const GoalLayout* layout_;
};

/// Manhattan distance plus two moves for each tile that must leave its line (row or column) so
/// that the others in that line, all at home in it, can pass: k - LIS of their home order
/// (Hansson, Mayer & Yung 1992). A move changes one tile's row or column, so only the two lines
/// it leaves and enters are counted again.
class LinearConflict {
 public:
  static constexpr std::string_view kName = "linear-conflict";
  static constexpr std::string_view kSummary =
      "Manhattan plus 2 for each tile that must leave its line to let others pass";
  static bool serves(const Board&, const HeuristicInputs&) { return true; }

  struct Memo {
    std::vector<std::uint8_t> line_cost;  // rows first, then columns
  };
  LinearConflict(const GoalLayout& layout, const HeuristicInputs&) : layout_(&layout) {}
  int evaluate(std::span<const SmallTile> tiles, Memo& memo) const;
  int update(int h, std::span<const SmallTile> tiles, Memo& memo, SmallTile tile, Cell from,
             Cell to) const {
    const Geometry g = layout_->geometry();
    h += layout_->distance(tile, to) - layout_->distance(tile, from);
    if (g.row(from) != g.row(to)) {
      h += recount(tiles, memo, g.row(from), true) + recount(tiles, memo, g.row(to), true);
    } else {
      h += recount(tiles, memo, g.col(from), false) + recount(tiles, memo, g.col(to), false);
    }
    return h;
  }

 private:
  int line_cost(std::span<const SmallTile> tiles, int line, bool is_row) const;
  // Updates the memo for one line; returns the change in its cost.
  int recount(std::span<const SmallTile> tiles, Memo& memo, int line, bool is_row) const {
    const auto slot = static_cast<std::size_t>(is_row ? line : layout_->geometry().rows + line);
    const int cost = line_cost(tiles, line, is_row);
    const int change = cost - memo.line_cost[slot];
    memo.line_cost[slot] = static_cast<std::uint8_t>(cost);
    return change;
  }

  const GoalLayout* layout_;
};

}  // namespace npuzzle
