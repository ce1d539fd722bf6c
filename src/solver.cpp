#include "npuzzle/solver.hpp"

#include <chrono>

#include "npuzzle/errors.hpp"
#include "npuzzle/parity.hpp"
#include "npuzzle/pdb/pdb_heuristic.hpp"
#include "npuzzle/search/astar.hpp"
#include "npuzzle/search/bfs.hpp"
#include "npuzzle/search/bibfs.hpp"
#include "npuzzle/search/idastar.hpp"
#include "npuzzle/tiles/distance_table.hpp"
#include "npuzzle/tiles/tile_domain.hpp"
#include "npuzzle/tiles/walking_distance.hpp"

namespace npuzzle {
namespace {

template <class Heuristic, class... Extra>
SearchResult<Dir> run_search(Algorithm a, const Board& board, const Board& goal,
                             const Budget& budget, Extra&&... extra) {
  const TileDomain<Heuristic> domain(goal, std::forward<Extra>(extra)...);
  const auto start = domain.state_of(board);
  switch (a) {
    case Algorithm::Bfs:
      return breadth_first_search(domain, start, budget);
    case Algorithm::Bibfs:
      return bidirectional_bfs(domain, start, budget);
    case Algorithm::AStar:
      return astar_search(domain, start, budget);
    case Algorithm::IdaStar:
      return ida_star_search(domain, start, budget);
    case Algorithm::Auto:
    case Algorithm::Table:
      break;
  }
  throw std::logic_error("run_search takes a search algorithm");
}

Solution solve_with_table(const Board& board, const Board& goal) {
  const auto began = std::chrono::steady_clock::now();
  const TableSolver solver(goal);
  Solution s;
  s.algorithm = Algorithm::Table;
  if (auto moves = solver.solve(board)) {
    s.status = SearchStatus::Solved;
    s.moves = std::move(*moves);
  }
  s.stats.peak_bytes = solver.table().bytes();
  s.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  return s;
}

}  // namespace

std::string_view name(Algorithm a) {
  switch (a) {
    case Algorithm::Auto:
      return "auto";
    case Algorithm::Table:
      return "table";
    case Algorithm::Bfs:
      return "bfs";
    case Algorithm::Bibfs:
      return "bibfs";
    case Algorithm::AStar:
      return "astar";
    case Algorithm::IdaStar:
      return "idastar";
  }
  return "?";
}

std::string_view name(Heuristic h) {
  switch (h) {
    case Heuristic::Manhattan:
      return "manhattan";
    case Heuristic::LinearConflict:
      return "linear-conflict";
    case Heuristic::WalkingDistance:
      return "walking-distance";
    case Heuristic::Pdb:
      return "pdb";
  }
  return "?";
}

std::optional<Algorithm> algorithm_named(std::string_view text) {
  for (Algorithm a : kAlgorithms) {
    if (name(a) == text) return a;
  }
  return std::nullopt;
}

std::optional<Heuristic> heuristic_named(std::string_view text) {
  for (Heuristic h : kHeuristics) {
    if (name(h) == text) return h;
  }
  return std::nullopt;
}

std::string_view describe(SearchStatus s) {
  switch (s) {
    case SearchStatus::Solved:
      return "solved";
    case SearchStatus::NoSolution:
      return "unsolvable";
    case SearchStatus::DepthLimit:
      return "depth limit";
    case SearchStatus::NodeLimit:
      return "node limit";
    case SearchStatus::TimeLimit:
      return "time limit";
    case SearchStatus::MemoryLimit:
      return "memory limit";
  }
  return "?";
}

Algorithm resolve(Algorithm a, Geometry g) {
  if (a != Algorithm::Auto) return a;
  return g.cells() <= 9 ? Algorithm::Table : Algorithm::IdaStar;
}

Solution solve(const Board& board, const Board& goal, const SolveOptions& options) {
  validate(board);
  validate(goal);
  const Algorithm algorithm = resolve(options.algorithm, board.geometry);
  if (!solvable(board, goal)) {  // also checks the geometries agree
    Solution s;
    s.algorithm = algorithm;
    if (is_informed(algorithm)) s.heuristic = options.heuristic;
    return s;
  }
  if (algorithm == Algorithm::Table) return solve_with_table(board, goal);

  Solution s;
  s.algorithm = algorithm;
  SearchResult<Dir> r;
  if (!is_informed(algorithm)) {
    r = run_search<Blind>(algorithm, board, goal, options.budget);
  } else {
    s.heuristic = options.heuristic;
    switch (options.heuristic) {
      case Heuristic::Manhattan:
        r = run_search<Manhattan>(algorithm, board, goal, options.budget);
        break;
      case Heuristic::LinearConflict:
        r = run_search<LinearConflict>(algorithm, board, goal, options.budget);
        break;
      case Heuristic::WalkingDistance:
        r = run_search<WalkingDistance>(algorithm, board, goal, options.budget);
        break;
      case Heuristic::Pdb: {
        if (!options.pdb) throw InputError("the pdb heuristic needs a pattern database set");
        // Searched in the tables' frame, the moves mapped back.
        const GoalFrame frame(goal);
        r = run_search<PdbHeuristic>(algorithm, frame.to_frame(board), frame.to_frame(goal),
                                     options.budget, options.pdb);
        for (Dir& d : r.path) d = frame.move_from_frame(d);
        break;
      }
    }
  }
  s.status = r.status;
  s.moves = std::move(r.path);
  s.stats = r.stats;
  return s;
}

}  // namespace npuzzle
