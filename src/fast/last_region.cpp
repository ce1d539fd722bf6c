#include "npuzzle/fast/last_region.hpp"

#include "npuzzle/core/moves.hpp"
#include "npuzzle/fast/constructive.hpp"
#include "npuzzle/fast/line_order.hpp"

namespace npuzzle {

std::optional<LastRegion> last_region(const Board& board, const Board& goal,
                                      std::span<const Dir> moves, int side) {
  const Geometry g = board.geometry;
  LineOrder order{g};
  while (!order.done(side)) order.advance();
  const int r0 = order.r0, c0 = order.c0;
  if (r0 == 0 && c0 == 0) return std::nullopt;
  const auto idx = [](Cell c) { return static_cast<std::size_t>(c); };
  const auto inside = [&](Cell c) { return g.row(c) >= r0 && g.col(c) >= c0; };
  Board corner_goal = goal;
  LastRegion region;
  for (Dir d : walk_to_corner(goal)) {
    apply_move(corner_goal, d);
    region.walk_back.insert(region.walk_back.begin(), reverse(d));
  }
  // The tiles away from home outside the region, counted as the moves are made.
  Board at = board;
  Cell blank = at.blank();
  std::size_t away = 0;
  for (Cell c = 0; c < g.cells(); ++c) {
    away += !inside(c) && at.tiles[idx(c)] != corner_goal.tiles[idx(c)];
  }
  const auto home = [&](Cell c) { return at.tiles[idx(c)] == corner_goal.tiles[idx(c)]; };
  std::size_t k = 0;
  while (away > 0 || !inside(blank)) {
    if (k == moves.size()) return std::nullopt;
    const Cell next = g.step(blank, moves[k++]);
    if (next < 0) return std::nullopt;  // not a solution: leave it as it is
    for (const Cell c : {blank, next}) away -= !inside(c) && !home(c);
    std::swap(at.tiles[idx(blank)], at.tiles[idx(next)]);
    for (const Cell c : {blank, next}) away += !inside(c) && !home(c);
    blank = next;
  }
  region.moves_before = k;
  // Each tile of the region is numbered by its home in the region's own reading order.
  const Geometry rg{g.rows - r0, g.cols - c0};
  std::vector<Tile> number(idx(g.cells()), kBlank);
  for (int r = r0; r < g.rows; ++r) {
    for (int c = c0; c < g.cols; ++c) {
      const Tile t = corner_goal.tiles[idx(g.at(r, c))];
      if (t != kBlank) number[t] = static_cast<Tile>(rg.at(r - r0, c - c0) + 1);
    }
  }
  region.board = Board{rg, std::vector<Tile>(idx(rg.cells()))};
  for (int r = r0; r < g.rows; ++r) {
    for (int c = c0; c < g.cols; ++c) {
      region.board.tiles[idx(rg.at(r - r0, c - c0))] = number[at.tiles[idx(g.at(r, c))]];
    }
  }
  return region;
}

std::vector<Dir> LastRegion::spliced(std::span<const Dir> moves,
                                     std::span<const Dir> region_moves) const {
  std::vector<Dir> out(moves.begin(), moves.begin() + static_cast<std::ptrdiff_t>(moves_before));
  out.insert(out.end(), region_moves.begin(), region_moves.end());
  out.insert(out.end(), walk_back.begin(), walk_back.end());
  return out;
}

}  // namespace npuzzle
