#pragma once
// The last two tiles of a line go home together: once both and the blank are in a small window
// of cells by the line's end, a breadth-first search over where the two tiles and the blank are
// in the window (the other tiles there may go anywhere) finishes them. This is that search's
// state space, shared by the constructive solver (which searches forwards) and the line beam
// (which tabulates the moves left backwards from home).

#include <algorithm>
#include <cstddef>
#include <vector>

#include "npuzzle/core/geometry.hpp"

namespace npuzzle {

class PairWindow {
 public:
  PairWindow(Geometry g, std::vector<Cell> cells) : g_(g), cells_(std::move(cells)) {}

  std::size_t cells() const { return cells_.size(); }
  std::size_t states() const { return cells() * cells() * cells(); }
  /// The window's index of `c`, cells() where `c` lies outside it.
  std::size_t index_of(Cell c) const {
    return static_cast<std::size_t>(std::find(cells_.begin(), cells_.end(), c) - cells_.begin());
  }
  /// The state with the first tile on index `a`, the second on `b`, the blank on `blank`.
  std::size_t state(std::size_t a, std::size_t b, std::size_t blank) const {
    return (a * cells() + b) * cells() + blank;
  }
  std::size_t first(std::size_t s) const { return s / (cells() * cells()); }
  std::size_t second(std::size_t s) const { return s / cells() % cells(); }
  std::size_t blank(std::size_t s) const { return s % cells(); }

  /// Calls `visit(next, d)` for each move `d` of the blank that stays in the window, `next` the
  /// state after it: the tile on the blank's new cell slides into its old one.
  template <class Visit>
  void for_each_move(std::size_t s, const Visit& visit) const {
    const std::size_t a = first(s), b = second(s), z = blank(s);
    for (Dir d : kAllDirs) {
      const Cell to = g_.step(cells_[z], d);
      if (to < 0) continue;
      const std::size_t k = index_of(to);
      if (k == cells()) continue;
      visit(state(a == k ? z : a, b == k ? z : b, k), d);
    }
  }

 private:
  Geometry g_;
  std::vector<Cell> cells_;
};

}  // namespace npuzzle
