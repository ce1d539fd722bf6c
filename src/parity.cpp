#include "npuzzle/parity.hpp"

#include <array>
#include <vector>

#include "npuzzle/errors.hpp"

namespace npuzzle {
namespace {

bool same_tile_order(const Board& board, const Board& goal) {
  std::size_t j = 0;
  for (Tile t : board.tiles) {
    if (t == kBlank) continue;
    while (goal.tiles[j] == kBlank) ++j;
    if (goal.tiles[j++] != t) return false;
  }
  return true;
}

}  // namespace

bool solvable(const Board& board, const Board& goal) {
  if (board.geometry != goal.geometry) {
    throw InputError("the board is " + board.geometry.name() + " but the goal is " +
                     goal.geometry.name());
  }
  const Geometry g = board.geometry;
  if (g.rows == 1 || g.cols == 1) return same_tile_order(board, goal);

  // perm[c] = the goal cell of the tile on cell c; its parity is (cells - cycles) mod 2.
  // Small boards, answered by the million, keep their scratch space on the stack.
  const auto n = board.tiles.size();
  constexpr std::size_t kSmall = 64;
  std::array<Cell, kSmall> small_cell;
  std::array<bool, kSmall> small_visited{};
  std::vector<Cell> large_cell;
  std::vector<std::uint8_t> large_visited;  // bytes: read and written at random, bits cost more
  Cell* goal_cell = small_cell.data();
  if (n > kSmall) {
    large_cell.resize(n);
    large_visited.assign(n, 0);
    goal_cell = large_cell.data();
  }
  for (std::size_t c = 0; c < n; ++c) goal_cell[goal.tiles[c]] = static_cast<Cell>(c);
  const auto visited = [&](std::size_t c) -> bool {
    return n > kSmall ? large_visited[c] != 0 : small_visited[c];
  };
  const auto visit = [&](std::size_t c) {
    if (n > kSmall) {
      large_visited[c] = 1;
    } else {
      small_visited[c] = true;
    }
  };
  std::size_t cycles = 0;
  for (std::size_t start = 0; start < n; ++start) {
    if (visited(start)) continue;
    ++cycles;
    for (auto c = start; !visited(c); c = static_cast<std::size_t>(goal_cell[board.tiles[c]])) {
      visit(c);
    }
  }
  const auto permutation_parity = (n - cycles) % 2;
  const Cell from = board.blank(), to = goal_cell[kBlank];
  const auto blank_parity = static_cast<std::size_t>(g.taxicab(from, to)) % 2;
  return permutation_parity == blank_parity;
}

}  // namespace npuzzle
