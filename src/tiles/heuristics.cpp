#include "npuzzle/tiles/heuristics.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "npuzzle/util/errors.hpp"

namespace npuzzle {

GoalLayout::GoalLayout(const Board& goal) : geometry_(goal.geometry) {
  const int n = geometry_.cells();
  if (n > kMaxSearchCells) {
    throw InputError("searching is limited to boards of at most " +
                     std::to_string(kMaxSearchCells) + " cells; this one is " + geometry_.name());
  }
  home_row_.resize(static_cast<std::size_t>(n));
  home_col_.resize(static_cast<std::size_t>(n));
  for (Cell c = 0; c < n; ++c) {
    const Tile t = goal.tiles[static_cast<std::size_t>(c)];
    home_row_[t] = geometry_.row(c);
    home_col_[t] = geometry_.col(c);
  }
  distance_.resize(static_cast<std::size_t>(n) * static_cast<std::size_t>(n));
  // The blank's too: sums over a board skip it, and a search may order moves by it.
  for (int t = 0; t < n; ++t) {
    for (Cell c = 0; c < n; ++c) {
      const auto tile = static_cast<SmallTile>(t);
      const int d =
          std::abs(geometry_.row(c) - home_row(tile)) + std::abs(geometry_.col(c) - home_col(tile));
      distance_[static_cast<std::size_t>(t * n + c)] = static_cast<std::uint8_t>(d);
    }
  }
}

int Manhattan::evaluate(std::span<const SmallTile> tiles, Memo&) const {
  int h = 0;
  for (std::size_t c = 0; c < tiles.size(); ++c) {
    if (tiles[c] != kBlank) h += layout_->distance(tiles[c], static_cast<Cell>(c));
  }
  return h;
}

int LinearConflict::line_cost(std::span<const SmallTile> tiles, int line, bool is_row) const {
  const Geometry g = layout_->geometry();
  const int length = is_row ? g.cols : g.rows;
  std::array<int, kMaxSearchCells> homes;
  std::size_t at_home = 0;
  for (int i = 0; i < length; ++i) {
    const Cell c = is_row ? g.at(line, i) : g.at(i, line);
    const SmallTile t = tiles[static_cast<std::size_t>(c)];
    if (t == kBlank) continue;
    if ((is_row ? layout_->home_row(t) : layout_->home_col(t)) != line) continue;
    homes[at_home++] = is_row ? layout_->home_col(t) : layout_->home_row(t);
  }
  return line_conflict_moves(std::span(homes).first(at_home));
}

int LinearConflict::evaluate(std::span<const SmallTile> tiles, Memo& memo) const {
  const Geometry g = layout_->geometry();
  memo.line_cost.assign(static_cast<std::size_t>(g.rows + g.cols), 0);
  int h = 0;
  for (std::size_t c = 0; c < tiles.size(); ++c) {
    if (tiles[c] != kBlank) h += layout_->distance(tiles[c], static_cast<Cell>(c));
  }
  for (int r = 0; r < g.rows; ++r) h += recount(tiles, memo, r, true);
  for (int k = 0; k < g.cols; ++k) h += recount(tiles, memo, k, false);
  return h;
}

}  // namespace npuzzle
