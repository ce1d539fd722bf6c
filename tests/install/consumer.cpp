// Solves the README's board through the installed library and prints the moves.
#include <cstdio>

#include "npuzzle/api/solver.hpp"
#include "npuzzle/core/moves.hpp"
#include "npuzzle/io/format.hpp"

int main() {
  const npuzzle::Solver solver;
  const auto s =
      solver.solve(npuzzle::parse_board("2 3 4 1 5 x 7 6 8"), npuzzle::Board::blank_last({3, 3}));
  std::puts(npuzzle::format_moves(s.moves, npuzzle::Notation::Blank).c_str());
  return s.optimal ? 0 : 1;
}
