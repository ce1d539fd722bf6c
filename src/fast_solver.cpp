#include "npuzzle/tiles/fast_solver.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <vector>

#include "npuzzle/parallel.hpp"
#include "npuzzle/search/beam.hpp"
#include "npuzzle/symmetry.hpp"
#include "npuzzle/tiles/beam_lines.hpp"
#include "npuzzle/tiles/constructive.hpp"
#include "npuzzle/tiles/heuristics.hpp"
#include "npuzzle/tiles/last_region.hpp"
#include "npuzzle/tiles/shorten.hpp"
#include "npuzzle/tiles/tile_domain.hpp"

namespace npuzzle {
namespace {

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

/// The window of one more shortening pass over the line beam's answer, 0 where none: longer
/// windows than the passes before (32 moves rather than 24) at half their nodes each, once at
/// the end. Measured on seeded boards against no such pass: 10x10 (60 boards) from 2.018x to
/// 2.009x the Manhattan distance in 4-11% more time (32 moves at 4,000 nodes: 2.007x in 13-31%
/// more; 40 at 2,000: 2.010x); 6x6 to 9x9 0.2-0.6% shorter in 6-12% more time. On 12x12 and
/// 16x16 it took 2x and 2.8x the time (at 4,000 nodes) for 0.5%; Korf & Felner's 50 unchanged.
int last_pass_window(int cells) {
  return cells > 25 && cells <= 100 ? 32 : 0;
}

SearchResult<Dir> solve_in_frame(const Board& board, const Board& goal, const Budget& budget);

/// `moves` with the end from the last region on replaced by the fast solver's answer on the
/// region alone, where that is shorter.
std::vector<Dir> finish_last_region(const Board& board, const Board& goal, std::vector<Dir> moves,
                                    const Budget& budget, SearchStats& stats) {
  const int side = region_side(board.geometry.cells());
  if (side == 0) return moves;
  const auto region = last_region(board, goal, moves, side);
  if (!region) return moves;
  auto rest = solve_in_frame(region->board, Board::blank_last(region->board.geometry), budget);
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
/// that to take milliseconds (at most 256 cells, as the searches), its last region solved again
/// on its own, and on boards of 26 to 100 cells shortened once more with longer windows. On small
/// boards a beam over whole boards, scored by linear conflict, runs last (it takes the longest),
/// and its answer, shortened too, is kept where it is shorter: more time never gives a longer
/// answer.
SearchResult<Dir> solve_in_frame(const Board& board, const Board& goal, const Budget& budget) {
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
    if (const int window = last_pass_window(cells); window > 0) {
      r.path =
          shorten(board, std::move(r.path), {.window = window, .nodes_per_window = 2000}, budget);
    }
  }
  if (const std::size_t width = state_beam_width(cells);
      r.status == SearchStatus::Solved && width > 0) {
    const TileDomain<LinearConflict> domain(goal);
    // Deeper than the answer in hand and an eighth (what shortening might take off), the beam
    // cannot win: it stops there rather than at its own limit (one region of a seeded 10x10
    // board: 1.7 s to 0.3 s, the same answer).
    const auto deepest = static_cast<int>(r.path.size() + r.path.size() / 8);
    auto beam = beam_search(domain, domain.state_of(board), {width, deepest}, budget);
    if (beam.status == SearchStatus::Cancelled) return beam;
    if (beam.status == SearchStatus::Solved) beam.path = shortened(std::move(beam.path));
    offer(beam);
  }
  r.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  return r;
}

/// The frames a board is solved in: the one with the goal's blank by the last corner (a goal
/// with the blank first then needs no walk back: 20 seeded 10x10 boards from 2.136x to 2.080x
/// the Manhattan distance), and where there is a thread for it, the same transposed, its lines
/// placed in the other order (the shorter of the two: 2.040x). Not up to 5x5, where the beam over
/// whole boards decides and gains nothing from it (Korf & Felner's 50: 1.115x the optimum
/// either way), nor past the line beam's reach.
std::vector<Symmetry> frames(const Board& board, const Board& goal, const Budget& budget) {
  const Geometry g = board.geometry;
  const Symmetry corner = blank_to_last_corner(goal);
  std::vector<Symmetry> out{corner};
  if (budget.threads >= 2 && g.rows > 1 && g.cols > 1 && g.cells() > 25 &&
      g.cells() <= kMaxBeamCells) {
    out.push_back({corner.flip_rows, corner.flip_cols, true});
  }
  return out;
}

}  // namespace

SearchResult<Dir> solve_fast(const Board& board, const Board& goal, const Budget& budget) {
  const auto began = std::chrono::steady_clock::now();
  const std::vector<Symmetry> in = frames(board, goal, budget);
  std::vector<SearchResult<Dir>> results(in.size());
  std::vector<std::exception_ptr> failed(in.size());
  std::atomic<std::size_t> next{0};
  run_on_threads(static_cast<unsigned>(in.size()), [&] {
    for (std::size_t k; (k = next++) < in.size();) {
      Budget own = budget;
      own.threads = 1;
      if (k > 0) own.progress = nullptr;  // followed on the first frame
      try {  // an error (out of memory, say) reaches the caller, not std::terminate
        results[k] = solve_in_frame(image(board, in[k]), image(goal, in[k]), own);
        results[k].path = preimage(results[k].path, in[k]);
      } catch (...) {
        failed[k] = std::current_exception();
      }
    }
  });
  for (const auto& e : failed) {
    if (e) std::rethrow_exception(e);
  }
  SearchResult<Dir> r = std::move(results[0]);
  for (std::size_t k = 1; k < results.size(); ++k) {
    SearchResult<Dir>& other = results[k];
    r.stats.expanded += other.stats.expanded;
    r.stats.peak_bytes += other.stats.peak_bytes;  // both held at once
    if (other.status == SearchStatus::Cancelled) r.status = other.status;
    if (other.status == SearchStatus::Solved &&
        (r.status != SearchStatus::Solved || other.path.size() < r.path.size())) {
      r.status = other.status;
      r.path = std::move(other.path);
    }
  }
  r.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  return r;
}

SearchResult<Dir> solve_fast_streaming(const Board& board, const Board& goal, const Budget& budget,
                                       const MoveSink& sink) {
  const Symmetry corner = blank_to_last_corner(goal);
  return solve_constructive(image(board, corner), image(goal, corner), budget,
                            [&](std::span<const Dir> moves) { sink(preimage(moves, corner)); });
}

}  // namespace npuzzle
