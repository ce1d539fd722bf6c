#pragma once
// The public entry point for sliding tiles: one board, one goal, a method and a budget in; a
// shortest solution, "unsolvable", or the limit that stopped the search out.

#include <array>
#include <optional>
#include <string_view>
#include <vector>

#include "npuzzle/board.hpp"
#include "npuzzle/pdb/pdb_set.hpp"
#include "npuzzle/search/domain.hpp"

namespace npuzzle {

enum class Algorithm { Auto, Table, Bfs, Bibfs, AStar, IdaStar };
enum class Heuristic { Manhattan, LinearConflict, WalkingDistance, Pdb };
inline constexpr std::array kAlgorithms{Algorithm::Auto,  Algorithm::Table, Algorithm::Bfs,
                                        Algorithm::Bibfs, Algorithm::AStar, Algorithm::IdaStar};
inline constexpr std::array kHeuristics{Heuristic::Manhattan, Heuristic::LinearConflict,
                                        Heuristic::WalkingDistance, Heuristic::Pdb};

std::string_view name(Algorithm a);
std::string_view name(Heuristic h);
/// The algorithm or heuristic of that name (as `name` writes it), if any.
std::optional<Algorithm> algorithm_named(std::string_view text);
std::optional<Heuristic> heuristic_named(std::string_view text);
std::string_view describe(SearchStatus s);  // "solved", "unsolvable", "node limit", ...

/// Whether an algorithm reads a heuristic.
constexpr bool is_informed(Algorithm a) {
  return a == Algorithm::AStar || a == Algorithm::IdaStar;
}

struct SolveOptions {
  /// Auto: the distance table up to 9 cells, IDA* with linear conflict beyond.
  Algorithm algorithm = Algorithm::Auto;
  Heuristic heuristic = Heuristic::LinearConflict;
  /// The tables Heuristic::Pdb reads: a set for the board's geometry; the goal's blank must be
  /// in a corner (GoalFrame maps it onto the tables' blank-first goal).
  std::shared_ptr<const PdbSet> pdb;
  Budget budget;
};

struct Solution {
  /// Solved, NoSolution (the goal cannot be reached), or the limit that stopped the search.
  SearchStatus status = SearchStatus::NoSolution;
  std::vector<Dir> moves;  // shortest, when solved
  SearchStats stats;
  Algorithm algorithm = Algorithm::Auto;  // the method that ran, never Auto
  std::optional<Heuristic> heuristic;     // the estimate it used, if any
};

/// The method Auto stands for on a board of this geometry.
Algorithm resolve(Algorithm a, Geometry g);

/// Solves `board` towards `goal`. Throws InputError if either is not a valid board, they differ
/// in geometry, or the method cannot take this board (a table beyond 10 cells, a search beyond
/// 256 cells). Reachability is decided by parity first, so no search runs on an unsolvable board.
Solution solve(const Board& board, const Board& goal, const SolveOptions& options);

}  // namespace npuzzle
