#include "method_registry.hpp"

#include <algorithm>
#include <chrono>
#include <tuple>

#include "cube_problem.hpp"
#include "npuzzle/search/algorithms.hpp"
#include "npuzzle/search/beam.hpp"
#include "npuzzle/tiles/beam_lines.hpp"
#include "npuzzle/tiles/constructive.hpp"
#include "npuzzle/tiles/distance_table.hpp"
#include "npuzzle/tiles/pdb_heuristic.hpp"
#include "npuzzle/tiles/shorten.hpp"
#include "npuzzle/tiles/tile_domain.hpp"
#include "npuzzle/tiles/walking_distance.hpp"

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

/// The width of the beam over whole boards on boards of `cells` cells, 0 where it is not run.
/// Measured on Korf & Felner's 50 and on seeded 6x6 boards: where the estimate still guides
/// it, a wider beam is shorter (5x5, with linear conflict: 1.17x the optimum at 1,024, 1.12x at
/// 4,096, 1.08x at 16,384), and its time grows with the width and the cells; on 8x8 it no
/// longer beats the line beam.
std::size_t state_beam_width(int cells) {
  if (cells <= 9) return 0;  // solved exactly by the constructive solver already
  if (cells <= 25) return 4096;
  return cells <= 36 ? 1024 : 0;
}

/// The fast solver: the constructive answer; on boards of up to `kMaxBeamCells` the line beam's
/// where that is shorter; then shortened stretch by stretch where the board is small enough for
/// that to take milliseconds (at most 256 cells, as the searches). On small boards a beam over
/// whole boards, scored by linear conflict, runs last (it takes the longest), and its answer,
/// shortened too, is kept where it is shorter: more time never gives a longer answer.
SearchResult<Dir> run_fast(const Board& board, const Board& goal, const HeuristicInputs&,
                           const Budget& budget) {
  const auto began = std::chrono::steady_clock::now();
  const int cells = board.geometry.cells();
  const auto shortened = [&](std::vector<Dir> path) {
    return cells <= kMaxSearchCells ? shorten(board, std::move(path), {}, budget) : path;
  };
  auto r = solve_constructive(board, goal, budget);
  // A later answer's counts join the first's, and its moves replace them where shorter. Where
  // the time ends first, the answer found in time stands.
  const auto offer = [&](SearchResult<Dir>& later) {
    r.stats.expanded += later.stats.expanded;
    r.stats.peak_bytes = std::max(r.stats.peak_bytes, later.stats.peak_bytes);
    if (later.status == SearchStatus::Solved && later.path.size() < r.path.size()) {
      r.path = std::move(later.path);
    }
  };
  if (r.status == SearchStatus::Solved && cells <= kMaxBeamCells) {
    auto beam = solve_beam(board, goal, {beam_width(cells)}, budget);
    if (beam.status == SearchStatus::Cancelled) return beam;
    offer(beam);
  }
  if (r.status == SearchStatus::Solved) r.path = shortened(std::move(r.path));
  if (const std::size_t width = state_beam_width(cells);
      r.status == SearchStatus::Solved && width > 0) {
    const TileDomain<LinearConflict> domain(goal);
    auto beam = beam_search(domain, domain.state_of(board), {width, 1000}, budget);
    if (beam.status == SearchStatus::Cancelled) return beam;
    if (beam.status == SearchStatus::Solved) beam.path = shortened(std::move(beam.path));
    offer(beam);
  }
  r.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  return r;
}

/// Past the line beam's reach the fast solver's answer is the constructive one as it comes.
SearchResult<Dir> run_fast_streaming(const Board& board, const Board& goal, const Budget& budget,
                                     const MoveSink& sink) {
  return solve_constructive(board, goal, budget, sink);
}

template <class Algorithm>
SearchResult<Dir> run_cube(const CubeProblem& p, const Budget& budget) {
  return Algorithm::run(p.domain, std::span<const cube::CubeDomain::State>(p.roots), budget);
}

template <class Entry>
const Entry& named(const std::vector<Entry>& entries, std::string_view name,
                   std::string_view what) {
  std::string known = "auto";
  for (const auto& e : entries) {
    if (e.info.name == name) return e;
    known += ", " + e.info.name;
  }
  throw InputError("no " + std::string(what) + " '" + std::string(name.substr(0, 40)) +
                   "' (known: " + known + ")");
}

}  // namespace

const std::vector<AlgorithmEntry>& algorithm_entries() {
  static const std::vector<AlgorithmEntry> entries = [] {
    std::vector<AlgorithmEntry> out{
        {{"table", "the exact distance of every state, from one backwards BFS (up to 10 cells)",
          true, false},
         DistanceTable::kMaxCells},
        {{std::string(kFastAlgorithm),
          "a valid solution on any board up to 1000x1000, fast, not shortest: lines placed one "
          "by one (by a beam search too up to 32x32), the last 3x3 solved exactly; up to 6x6 also "
          "a beam search over whole boards",
          false, false},
         kMaxConstructiveCells,
         [](std::string_view) -> TileRunner { return &run_fast; },
         nullptr,
         &run_fast_streaming,
         kMaxBeamCells + 1}};
    for_each_method<SearchMethods>([&]<class A>() {
      out.push_back({{std::string(A::kName), std::string(A::kSummary), true, A::kInformed},
                     kMaxSearchCells,
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
      out.push_back({{std::string(H::kName), std::string(H::kSummary), true, false}, &H::serves});
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
