#pragma once
// The public entry point for the Cubic Eight-Puzzle: a start and a target in, a shortest roll
// sequence (written as where the empty square goes) out.

#include <vector>

#include "npuzzle/cube/cube_state.hpp"
#include "npuzzle/search/domain.hpp"
#include "npuzzle/solver.hpp"

namespace npuzzle::cube {

struct CubeSolution {
  SearchStatus status = SearchStatus::NoSolution;  // DepthLimit: none within budget.max_depth
  std::vector<Dir> moves;
  SearchStats stats;
  Algorithm algorithm = Algorithm::Auto;  // the method that ran, never Auto
};

/// Searches from the target's arrangements back towards `start` (one arrangement, so the
/// estimate is exact-distance tables of its abstractions) and returns the path reversed.
/// Algorithm: Auto (IDA*, the fastest measured), AStar, IdaStar, Bfs or Bibfs; Table is not a
/// search (see answer_table.hpp) and throws InputError here.
CubeSolution solve_cube(const CubeState& start, const CubeTarget& target, Algorithm algorithm,
                        const Budget& budget);

}  // namespace npuzzle::cube
