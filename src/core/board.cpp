#include "npuzzle/core/board.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <utility>

#include "npuzzle/util/errors.hpp"

namespace npuzzle {

Cell Board::blank() const {
  const auto it = std::find(tiles.begin(), tiles.end(), kBlank);
  return static_cast<Cell>(it - tiles.begin());
}

std::vector<std::vector<Tile>> Board::rows() const {
  std::vector<std::vector<Tile>> out;
  const auto cols = static_cast<std::ptrdiff_t>(geometry.cols);
  for (auto row = tiles.begin(); row != tiles.end(); row += cols) out.emplace_back(row, row + cols);
  return out;
}

Board Board::blank_last(Geometry g) {
  Board b{g, std::vector<Tile>(static_cast<std::size_t>(g.cells()))};
  for (std::size_t i = 0; i + 1 < b.tiles.size(); ++i) b.tiles[i] = static_cast<Tile>(i + 1);
  b.tiles.back() = kBlank;
  return b;
}

Board Board::blank_first(Geometry g) {
  Board b{g, std::vector<Tile>(static_cast<std::size_t>(g.cells()))};
  for (std::size_t i = 0; i < b.tiles.size(); ++i) b.tiles[i] = static_cast<Tile>(i);
  return b;
}

void validate(const Board& board) {
  const Geometry g = board.geometry;
  if (g.rows < 1 || g.cols < 1 || g.cells() < 2) {
    throw InputError("a board needs at least 2 cells, got " + g.name());
  }
  const auto n = static_cast<std::size_t>(g.cells());
  if (board.tiles.size() != n) {
    throw InputError("a " + g.name() + " board has " + std::to_string(n) + " tiles, got " +
                     std::to_string(board.tiles.size()));
  }
  // Small boards, checked by the million, keep their scratch space on the stack.
  constexpr std::size_t kSmall = 64;
  std::array<bool, kSmall> small_seen{};
  std::vector<bool> large_seen(n > kSmall ? n : 0, false);
  const auto seen_before = [&](Tile t) {
    if (n > kSmall) return large_seen[t] ? true : (large_seen[t] = true, false);
    return std::exchange(small_seen[t], true);
  };
  for (Tile t : board.tiles) {
    if (t >= n) {
      throw InputError("tile " + std::to_string(t) + " is out of range on a " + g.name() +
                       " board (tiles are 1.." + std::to_string(n - 1) + " and one blank)");
    }
    if (seen_before(t)) {
      throw InputError(t == kBlank ? std::string("the board has two blanks")
                                   : "tile " + std::to_string(t) + " appears twice");
    }
  }
}

std::vector<Cell> cells_of_tiles(const Board& board) {
  std::vector<Cell> cell(board.tiles.size());
  for (std::size_t c = 0; c < board.tiles.size(); ++c) cell[board.tiles[c]] = static_cast<Cell>(c);
  return cell;
}

}  // namespace npuzzle
