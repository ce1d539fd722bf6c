#include "npuzzle/tiles/bounds.hpp"

#include <cstdlib>
#include <vector>

#include "npuzzle/tiles/heuristics.hpp"

namespace npuzzle {

namespace {

/// Each tile's home row and column under `goal`.
struct Homes {
  std::vector<int> row, col;
  explicit Homes(const Board& goal)
      : row(static_cast<std::size_t>(goal.geometry.cells())),
        col(static_cast<std::size_t>(goal.geometry.cells())) {
    for (Cell c = 0; c < goal.geometry.cells(); ++c) {
      row[goal.tiles[static_cast<std::size_t>(c)]] = goal.geometry.row(c);
      col[goal.tiles[static_cast<std::size_t>(c)]] = goal.geometry.col(c);
    }
  }
};

std::int64_t manhattan(const Board& board, const Homes& homes) {
  const Geometry g = board.geometry;
  std::int64_t sum = 0;
  for (Cell c = 0; c < g.cells(); ++c) {
    const Tile t = board.tiles[static_cast<std::size_t>(c)];
    if (t != kBlank) sum += std::abs(g.row(c) - homes.row[t]) + std::abs(g.col(c) - homes.col[t]);
  }
  return sum;
}

}  // namespace

std::int64_t manhattan_bound(const Board& board, const Board& goal) {
  return manhattan(board, Homes(goal));
}

std::int64_t conflict_bound(const Board& board, const Board& goal) {
  const Geometry g = board.geometry;
  const Homes homes_of(goal);
  std::int64_t bound = manhattan(board, homes_of);
  std::vector<int> homes;
  // Rows: a tile at home in the row is ranked by its home column; columns the other way.
  for (const bool rows : {true, false}) {
    const std::vector<int>& line_of = rows ? homes_of.row : homes_of.col;
    const std::vector<int>& rank_of = rows ? homes_of.col : homes_of.row;
    for (int line = 0; line < (rows ? g.rows : g.cols); ++line) {
      homes.clear();
      for (int i = 0; i < (rows ? g.cols : g.rows); ++i) {
        const Tile t = board.tiles[static_cast<std::size_t>(rows ? g.at(line, i) : g.at(i, line))];
        if (t != kBlank && line_of[t] == line) homes.push_back(rank_of[t]);
      }
      bound += line_conflict_moves(homes);
    }
  }
  return bound;
}

}  // namespace npuzzle
