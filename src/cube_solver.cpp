#include "npuzzle/cube/cube_solver.hpp"

#include <algorithm>

#include "npuzzle/cube/cube_domain.hpp"
#include "npuzzle/errors.hpp"
#include "npuzzle/search/astar.hpp"
#include "npuzzle/search/bfs.hpp"
#include "npuzzle/search/bibfs.hpp"
#include "npuzzle/search/idastar.hpp"

namespace npuzzle::cube {

CubeSolution solve_cube(const CubeState& start, const CubeTarget& target, Algorithm algorithm,
                        const Budget& budget) {
  const CubeDomain domain(start);
  std::vector<CubeDomain::State> roots;
  for (const CubeState& s : target.states()) roots.push_back(domain.state_of(s));

  CubeSolution out;
  out.algorithm = algorithm == Algorithm::Auto ? Algorithm::IdaStar : algorithm;
  SearchResult<Dir> r;
  switch (out.algorithm) {
    case Algorithm::AStar:
      r = astar_search(domain, std::span<const CubeDomain::State>(roots), budget);
      break;
    case Algorithm::IdaStar:
      r = IdaStar<CubeDomain>(domain, budget).solve(roots);
      break;
    case Algorithm::Bfs:
      r = breadth_first_search(domain, std::span<const CubeDomain::State>(roots), budget);
      break;
    case Algorithm::Bibfs:
      r = bidirectional_bfs(domain, std::span<const CubeDomain::State>(roots), budget);
      break;
    case Algorithm::Auto:
    case Algorithm::Table:
      throw InputError("the cube searches are astar, idastar, bfs and bibfs");
  }
  out.status = r.status;
  out.stats = r.stats;
  // The search ran from the target to the start: replay it backwards.
  for (auto it = r.path.rbegin(); it != r.path.rend(); ++it) out.moves.push_back(reverse(*it));
  return out;
}

}  // namespace npuzzle::cube
