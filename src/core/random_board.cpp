#include "npuzzle/core/random_board.hpp"

#include <array>
#include <utility>

#include "npuzzle/core/parity.hpp"

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

std::optional<Board> random_walk(const Board& goal, std::uint64_t moves, std::mt19937_64& rng,
                                 const std::function<bool()>& stop) {
  Board b = goal;
  const Geometry g = goal.geometry;
  Cell blank = goal.blank();
  Dir last = kNoDir;
  std::array<Cell, kDirCount> targets{};
  std::array<Dir, kDirCount> dirs{};
  for (std::uint64_t i = 0; i < moves; ++i) {
    if (i % kWalkCheck == kWalkCheck - 1 && stop && stop()) return std::nullopt;
    std::size_t count = 0;
    for (Dir d : kAllDirs) {
      const Cell t = g.step(blank, d);
      if (t >= 0 && (last == kNoDir || d != reverse(last))) {
        targets[count] = t;
        dirs[count++] = d;
      }
    }
    if (count == 0) {  // a dead end of a single line: back the way it came
      targets[0] = g.step(blank, reverse(last));
      dirs[0] = reverse(last);
      count = 1;
    }
    const auto k = static_cast<std::size_t>(uniform_below(rng, count));
    std::swap(b.tiles[static_cast<std::size_t>(blank)],
              b.tiles[static_cast<std::size_t>(targets[k])]);
    blank = targets[k];
    last = dirs[k];
  }
  return b;
}

}  // namespace npuzzle
