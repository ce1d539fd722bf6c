#include "npuzzle/fast/placing_table.hpp"

#include "npuzzle/core/moves.hpp"
#include "npuzzle/util/errors.hpp"

namespace npuzzle {

PlacingTable::PlacingTable(Geometry g, std::span<const Cell> free, Cell target)
    : free_(free.size()), slot_(static_cast<std::size_t>(g.cells()), free.size()) {
  for (std::size_t k = 0; k < free.size(); ++k) {
    const Cell c = free[k];
    if (c < 0 || c >= g.cells() || slot_[static_cast<std::size_t>(c)] != free_) {
      throw InputError("a placing table's free cells must be different cells of " + g.name());
    }
    slot_[static_cast<std::size_t>(c)] = k;
  }
  const auto slot = [&](Cell c) { return slot_[static_cast<std::size_t>(c)]; };
  if (target < 0 || target >= g.cells() || slot(target) == free_) {
    throw InputError("a placing table's target must be a free cell");
  }
  const std::size_t n = free_;
  moves_.assign(n * n, kNever);
  // The puzzle's moves undo each other, so a search forwards from the boards with the tile on
  // its target counts the moves back to them.
  std::vector<std::size_t> queue;  // of tile slot * n + blank slot
  queue.reserve(n * n);
  const std::size_t home = slot(target);
  for (std::size_t z = 0; z < n; ++z) {
    if (z == home) continue;
    moves_[home * n + z] = 0;
    queue.push_back(home * n + z);
  }
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::size_t at = queue[head], t = at / n, z = at % n;
    for (Dir d : kAllDirs) {
      const Cell to = g.step(free[z], d);
      if (to < 0 || slot(to) == n) continue;
      const std::size_t k = slot(to);
      const std::size_t next = (k == t ? z : t) * n + k;  // the blank pushes the tile onto z
      if (moves_[next] != kNever) continue;
      moves_[next] = static_cast<std::uint16_t>(moves_[at] + 1);
      queue.push_back(next);
    }
  }
}

}  // namespace npuzzle
