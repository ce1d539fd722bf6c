#pragma once
// Every method the solver can run, registered once: the algorithms (the distance table and
// the search list of search/algorithms.hpp) and the sliding-tile heuristics. Names, listings,
// parsing and compare all come from here.

#include <string>
#include <string_view>
#include <vector>

#include "npuzzle/api/solver.hpp"
#include "npuzzle/tiles/heuristics.hpp"

namespace npuzzle::detail {

/// Runs one search on a sliding-tile board towards `goal`.
using TileRunner = SearchResult<Dir> (*)(const Board& board, const Board& goal,
                                         const HeuristicInputs& inputs, const Budget& budget);
/// Runs a method that hands its moves to `sink` as it finds them and keeps none.
using TileStreamer = SearchResult<Dir> (*)(const Board& board, const Board& goal,
                                           const Budget& budget, const MoveSink& sink);
/// Runs one search on the Cubic Eight-Puzzle, from the target's arrangements to the start.
struct CubeProblem;
using CubeRunner = SearchResult<Dir> (*)(const CubeProblem& problem, const Budget& budget);

struct AlgorithmEntry {
  MethodInfo info;  // its largest board among them
  /// Searches only (null for the distance table): the runner reading heuristic `h` (ignored
  /// by uninformed searches), or null if there is no heuristic of that name.
  TileRunner (*tile_runner)(std::string_view h) = nullptr;
  CubeRunner cube_runner = nullptr;
  /// Where the method's first answer is its last on boards of at least `min_stream_cells`
  /// cells (the fast solver past the line beam's reach): the run that streams it.
  TileStreamer streamer = nullptr;
  int min_stream_cells = 0;
};

struct HeuristicEntry {
  MethodInfo info;
  bool (*serves)(const Board& goal, const HeuristicInputs& inputs) = nullptr;
};

/// The entries begin with the distance table, then the fast solver, then the searches.
const std::vector<AlgorithmEntry>& algorithm_entries();
inline constexpr std::string_view kFastAlgorithm = "fast";
const std::vector<HeuristicEntry>& heuristic_entries();

/// The entry of that name; throws InputError listing the known names otherwise.
const AlgorithmEntry& algorithm_named(std::string_view name);
const HeuristicEntry& heuristic_named(std::string_view name);

}  // namespace npuzzle::detail
