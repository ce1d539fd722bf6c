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
#include "npuzzle/tiles/last_region.hpp"
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

/// The side of the last region that the fast solver finishes again as a board of its own, 0
/// where none: on a board of its own, up to 6x6, the region gets the wide line beam and the beam
/// over whole boards. Measured on 20 seeded boards each, medians over the boards: 7x7 from
/// 2.025x to 1.928x the Manhattan distance (361 to 855 ms), 8x8 from 2.077x to 1.999x (421 to
/// 749 ms), 10x10 from 2.162x to 2.136x (335 to 641 ms). Regions solved in turn (10x10's last
/// 8x8, its last 6x6, its last 5x5) gave 1.913x, 1.994x and 2.116x, but 1.1 to 1.4 s a board.
int region_side(int cells) {
  return cells > 36 && cells <= 100 ? 6 : 0;
}

SearchResult<Dir> run_fast(const Board& board, const Board& goal, const HeuristicInputs& inputs,
                           const Budget& budget);

/// `moves` with the end from the last region on replaced by the fast solver's answer on the
/// region alone, where that is shorter.
std::vector<Dir> finish_last_region(const Board& board, const Board& goal, std::vector<Dir> moves,
                                    const Budget& budget, SearchStats& stats) {
  const int side = region_side(board.geometry.cells());
  if (side == 0) return moves;
  const auto region = last_region(board, goal, moves, side);
  if (!region) return moves;
  auto rest = run_fast(region->board, Board::blank_last(region->board.geometry), {}, budget);
  stats.expanded += rest.stats.expanded;
  if (rest.status != SearchStatus::Solved ||
      region->moves_before + rest.path.size() + region->walk_back.size() >= moves.size()) {
    return moves;
  }
  moves.resize(region->moves_before);
  moves.insert(moves.end(), rest.path.begin(), rest.path.end());
  moves.insert(moves.end(), region->walk_back.begin(), region->walk_back.end());
  return moves;
}

/// The fast solver: the constructive answer; on boards of up to `kMaxBeamCells` the line beam's
/// where that is shorter; then shortened stretch by stretch where the board is small enough for
/// that to take milliseconds (at most 256 cells, as the searches), and its last region solved
/// again on its own. On small boards a beam over
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
  if (r.status == SearchStatus::Solved) {
    r.path = shortened(std::move(r.path));
    const std::size_t length = r.path.size();
    r.path = finish_last_region(board, goal, std::move(r.path), budget, r.stats);
    if (r.path.size() < length) r.path = shortened(std::move(r.path));
  }
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
