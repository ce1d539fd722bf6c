#include "npuzzle/parity.hpp"

#include <array>
#include <cstdint>
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
  // Small boards, answered by the million, keep their scratch space on the stack. On large ones
  // the cycle walk reads at random, so it reads one array only, with a cell's visit marked in
  // its top bit.
  const auto n = board.tiles.size();
  constexpr std::size_t kSmall = 64;
  constexpr std::uint32_t kVisited = std::uint32_t{1} << 31;  // boards have fewer cells
  std::array<std::uint32_t, kSmall> small_cell, small_perm;
  std::vector<std::uint32_t> large_cell, large_perm;
  std::uint32_t* goal_cell = small_cell.data();
  std::uint32_t* perm = small_perm.data();
  if (n > kSmall) {
    large_cell.resize(n);
    large_perm.resize(n);
    goal_cell = large_cell.data();
    perm = large_perm.data();
  }
  for (std::size_t c = 0; c < n; ++c) goal_cell[goal.tiles[c]] = static_cast<std::uint32_t>(c);
  for (std::size_t c = 0; c < n; ++c) perm[c] = goal_cell[board.tiles[c]];
  std::size_t cycles = 0;
  for (std::size_t start = 0; start < n; ++start) {
    if ((perm[start] & kVisited) != 0) continue;
    ++cycles;
    for (std::size_t c = start; (perm[c] & kVisited) == 0;) {
      const std::uint32_t next = perm[c];
      perm[c] |= kVisited;
      c = next;
    }
  }
  const auto permutation_parity = (n - cycles) % 2;
  const Cell from = board.blank(), to = static_cast<Cell>(goal_cell[kBlank]);
  const auto blank_parity = static_cast<std::size_t>(g.taxicab(from, to)) % 2;
  return permutation_parity == blank_parity;
}

}  // namespace npuzzle
