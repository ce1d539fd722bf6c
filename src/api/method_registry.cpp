#include "method_registry.hpp"

#include <tuple>

#include "cube_problem.hpp"
#include "npuzzle/fast/constructive.hpp"
#include "npuzzle/fast/fast_solver.hpp"
#include "npuzzle/fast/schedule.hpp"
#include "npuzzle/search/algorithms.hpp"
#include "npuzzle/tiles/distance_table.hpp"
#include "npuzzle/tiles/pdb_heuristic.hpp"
#include "npuzzle/tiles/tile_domain.hpp"
#include "npuzzle/tiles/walking_distance.hpp"
#include "npuzzle/util/named.hpp"

namespace npuzzle::detail {
namespace {

/// Every sliding-tile heuristic; adding one is adding it here.
using TileHeuristics = std::tuple<Manhattan, LinearConflict, WalkingDistance, PdbHeuristic>;

template <class Algorithm, class Heuristic>
SearchResult<Dir> run_tiles(const Board& board, const Board& goal, const HeuristicInputs& inputs,
                            const Budget& budget) {
  const TileDomain<Heuristic> domain(goal, inputs);
  const auto start = domain.state_of(board);
  return Algorithm::run(domain, std::span(&start, 1), budget);
}

template <class Algorithm>
TileRunner tile_runner(std::string_view heuristic) {
  if constexpr (!Algorithm::kInformed) {
    return &run_tiles<Algorithm, Blind>;
  } else {
    TileRunner runner = nullptr;
    for_each_method<TileHeuristics>([&]<class H>() {
      if (H::kName == heuristic) runner = &run_tiles<Algorithm, H>;
    });
    return runner;
  }
}

SearchResult<Dir> run_fast(const Board& board, const Board& goal, const HeuristicInputs&,
                           const Budget& budget) {
  return solve_fast(board, goal, budget);
}

template <class Algorithm>
SearchResult<Dir> run_cube(const CubeProblem& p, const Budget& budget) {
  return Algorithm::run(p.domain, std::span<const cube::CubeDomain::State>(p.roots), budget);
}

template <class Entry>
const Entry& named(const std::vector<Entry>& entries, std::string_view name,
                   std::string_view what) {
  return find_named(
      entries, name, what, [](const Entry& e) -> const std::string& { return e.info.name; },
      "auto");
}

}  // namespace

const std::vector<AlgorithmEntry>& algorithm_entries() {
  static const std::vector<AlgorithmEntry> entries = [] {
    std::vector<AlgorithmEntry> out{
        {{.name = "table",
          .summary = "the exact distance of every state, from one backwards BFS (up to 10 cells)",
          .lookup = true,
          .max_cells = DistanceTable::kMaxCells}},
        {{.name = std::string(kFastAlgorithm),
          .summary = "a valid solution on any board up to 1000x1000, fast, not shortest: lines "
                     "placed one by one (by a beam search too up to 42x42), the last 3x3 solved "
                     "exactly; up to 6x6 also a beam search over whole boards",
          .optimal = false,
          .streams = true,
          .max_cells = kMaxConstructiveCells},
         [](std::string_view) -> TileRunner { return &run_fast; },
         nullptr,
         &solve_fast_streaming,
         kMaxHeldCells + 1}};
    for_each_method<SearchMethods>([&]<class A>() {
      out.push_back({{.name = std::string(A::kName),
                      .summary = std::string(A::kSummary),
                      .informed = A::kInformed,
                      .max_cells = kMaxSearchCells},
                     &tile_runner<A>,
                     &run_cube<A>});
    });
    return out;
  }();
  return entries;
}

const std::vector<HeuristicEntry>& heuristic_entries() {
  static const std::vector<HeuristicEntry> entries = [] {
    std::vector<HeuristicEntry> out;
    for_each_method<TileHeuristics>([&]<class H>() {
      out.push_back(
          {{.name = std::string(H::kName), .summary = std::string(H::kSummary)}, &H::serves});
    });
    return out;
  }();
  return entries;
}

const AlgorithmEntry& algorithm_named(std::string_view name) {
  return named(algorithm_entries(), name, "algorithm");
}

const HeuristicEntry& heuristic_named(std::string_view name) {
  return named(heuristic_entries(), name, "heuristic");
}

}  // namespace npuzzle::detail
