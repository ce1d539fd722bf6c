#include "npuzzle/random_board.hpp"

#include <utility>

#include "npuzzle/parity.hpp"

namespace npuzzle {

std::uint64_t uniform_below(std::mt19937_64& rng, std::uint64_t n) {
  const std::uint64_t threshold = (0 - n) % n;  // 2^64 mod n: the values that would bias
  for (;;) {
    const std::uint64_t r = rng();
    if (r >= threshold) return r % n;
  }
}

Board random_board(const Board& goal, std::mt19937_64& rng) {
  Board b = goal;
  auto& t = b.tiles;
  const Geometry g = goal.geometry;
  if (g.rows == 1 || g.cols == 1) {
    // Tiles keep their order on a single line; only the blank's cell is free.
    const auto blank = static_cast<std::size_t>(goal.blank());
    const auto to = static_cast<std::size_t>(uniform_below(rng, t.size()));
    t.erase(t.begin() + static_cast<std::ptrdiff_t>(blank));
    t.insert(t.begin() + static_cast<std::ptrdiff_t>(to), kBlank);
    return b;
  }
  for (std::size_t i = t.size() - 1; i > 0; --i) {
    std::swap(t[i], t[static_cast<std::size_t>(uniform_below(rng, i + 1))]);
  }
  // Swapping two tiles flips the parity: a bijection between the unsolvable and solvable halves,
  // so the result stays uniform.
  if (!solvable(b, goal)) {
    const std::size_t a = t[0] == kBlank ? 1 : 0;
    const std::size_t c = t[a + 1] == kBlank ? a + 2 : a + 1;
    std::swap(t[a], t[c]);
  }
  return b;
}

}  // namespace npuzzle
