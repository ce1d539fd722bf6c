#pragma once
// A Cubic Eight-Puzzle search as the solver sets it up: the domain towards the start, and the
// target's arrangements to search from.

#include <vector>

#include "npuzzle/cube/cube_domain.hpp"

namespace npuzzle::detail {

struct CubeProblem {
  cube::CubeDomain domain;
  std::vector<cube::CubeDomain::State> roots;
};

}  // namespace npuzzle::detail
