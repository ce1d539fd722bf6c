#include "npuzzle/fast/fast_solver.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

#include "npuzzle/core/symmetry.hpp"
#include "npuzzle/fast/beam_lines.hpp"
#include "npuzzle/fast/constructive.hpp"
#include "npuzzle/fast/last_region.hpp"
#include "npuzzle/fast/shorten.hpp"
#include "npuzzle/search/beam.hpp"
#include "npuzzle/tiles/heuristics.hpp"
#include "npuzzle/tiles/tile_domain.hpp"
#include "npuzzle/util/parallel.hpp"

namespace npuzzle {
namespace {

/// The width of the beam over whole boards on boards of `cells` cells, 0 where it is not run.
/// Measured on Korf & Felner's 50 and on seeded 6x6 boards: where the estimate still guides
/// it, a wider beam is shorter (5x5, with linear conflict: 1.17x the optimum at 1,024, 1.12x at
/// 4,096, 1.08x at 16,384), and its time grows with the width and the cells; on 8x8 it no
/// longer beats the line beam.
/// A region of a larger board gets half the width past 5x5: its answer is a tenth of the whole
/// (60 seeded 10x10 boards: the same length within 0.1%, 70 ms less a board).
std::size_t state_beam_width(int cells, bool region) {
  if (cells <= 9) return 0;  // solved exactly by the constructive solver already
  if (cells <= 25) return 4096;
  if (cells > 36) return 0;
  return region ? 512 : 1024;
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

SearchResult<Dir> solve_region(const Board& board, const Board& goal, const Budget& budget);

/// `later`'s counts join `r`'s, and its moves replace `r`'s where shorter. Where the time ends
/// first, the answer found in time stands.
void offer(SearchResult<Dir>& r, SearchResult<Dir>& later) {
  r.stats.expanded += later.stats.expanded;
  r.stats.peak_bytes = std::max(r.stats.peak_bytes, later.stats.peak_bytes);
  if (later.status == SearchStatus::Solved && later.path.size() < r.path.size()) {
    r.path = std::move(later.path);
  }
}

/// `moves` with the end from the last region on replaced by the fast solver's answer on the
/// region alone, where that is shorter.
std::vector<Dir> finish_last_region(const Board& board, const Board& goal, std::vector<Dir> moves,
                                    const Budget& budget, SearchStats& stats) {
  const int side = region_side(board.geometry.cells());
  if (side == 0) return moves;
  const auto region = last_region(board, goal, moves, side);
  if (!region) return moves;
  auto rest = solve_region(region->board, Board::blank_last(region->board.geometry), budget);
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

/// The weight of the line beam's placing tables in a second attempt on boards of 7x7 to 10x10,
/// where the time allows two line beams a thread (the first takes `BeamOptions`' default, 3), 0
/// where none. Measured on 60 seeded 10x10 boards (20 of seed 1, 40 of seed 2) with every draft
/// finished: the two frames at 3 give 2.008x the Manhattan distance, at 2 also 2.008x, but the
/// shortest of the four 1.975x (a second weight of 4: 1.990x; 3 against 5 or 7 for the Manhattan
/// distance rather than 6: 1.989x, 1.987x); finishing only the shortest draft, 1.981x. Two beams
/// weighted apart go different ways, and where one does badly the other often does not.
int second_placing_weight(int cells) {
  return cells > 36 && cells <= 100 ? 2 : 0;
}

/// A draft in one frame: the constructive answer, or on boards of up to `kMaxBeamCells` the
/// line beam's, where shorter.
SearchResult<Dir> draft(const Board& board, const Board& goal, int placing_weight,
                        const Budget& budget) {
  auto r = solve_constructive(board, goal, budget);
  const int cells = board.geometry.cells();
  if (r.status == SearchStatus::Solved && cells <= kMaxBeamCells) {
    auto beam = solve_beam(board, goal, {beam_width(cells), placing_weight}, budget);
    if (beam.status == SearchStatus::Cancelled) return beam;
    offer(r, beam);
  }
  return r;
}

/// A draft finished: shortened stretch by stretch where the board is small enough for that to
/// take milliseconds (at most 256 cells, as the searches), its last region solved again on its
/// own, and on boards of 26 to 100 cells shortened once more with longer windows. On small
/// boards a beam over whole boards, scored by linear conflict, runs last (it takes the longest),
/// and its answer, shortened too, is kept where it is shorter: more time never gives a longer
/// answer.
SearchResult<Dir> finish(const Board& board, const Board& goal, SearchResult<Dir> r, bool region,
                         const Budget& budget) {
  const int cells = board.geometry.cells();
  const auto shortened = [&](std::vector<Dir> path) {
    return cells <= kMaxSearchCells ? shorten(board, std::move(path), {}, budget) : path;
  };
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
  if (const std::size_t width = state_beam_width(cells, region);
      r.status == SearchStatus::Solved && width > 0) {
    const TileDomain<LinearConflict> domain(goal);
    // Deeper than the answer in hand and an eighth (what shortening might take off), the beam
    // cannot win: it stops there rather than at its own limit (one region of a seeded 10x10
    // board: 1.7 s to 0.3 s, the same answer).
    const auto deepest = static_cast<int>(r.path.size() + r.path.size() / 8);
    auto beam = beam_search(domain, domain.state_of(board), {width, deepest}, budget);
    if (beam.status == SearchStatus::Cancelled) return beam;
    if (beam.status == SearchStatus::Solved) beam.path = shortened(std::move(beam.path));
    offer(r, beam);
  }
  return r;
}

/// The last region of a board as a board of its own, on one thread: a draft, finished.
SearchResult<Dir> solve_region(const Board& board, const Board& goal, const Budget& budget) {
  return finish(board, goal, draft(board, goal, BeamOptions{}.placing_weight, budget), true,
                budget);
}

/// A draft of a board with a last region (7x7 to 10x10) finished on two threads: the moves up
/// to the region shortened (both passes of `finish`) on one, the region solved on its own on the
/// other, at once. The same steps as `finish` but for the windows across the seam.
SearchResult<Dir> finish_on_two_threads(const Board& board, const Board& goal, SearchResult<Dir> r,
                                        const Budget& budget) {
  const int cells = board.geometry.cells();
  const auto region = r.status == SearchStatus::Solved
                          ? last_region(board, goal, r.path, region_side(cells))
                          : std::nullopt;
  if (!region) return finish(board, goal, std::move(r), false, budget);
  const auto seam = r.path.begin() + static_cast<std::ptrdiff_t>(region->moves_before);
  std::vector<Dir> before(r.path.begin(), seam), after(seam, r.path.end());
  SearchResult<Dir> rest;
  for_each_on_threads(2, 2, [&](std::size_t k) {
    Budget own = budget;
    if (k == 0) {
      before = shorten(board, std::move(before), {}, own);
      before = shorten(board, std::move(before),
                       {.window = last_pass_window(cells), .nodes_per_window = 2000}, own);
    } else {
      own.progress = nullptr;
      rest = solve_region(region->board, Board::blank_last(region->board.geometry), own);
    }
  });
  r.stats.expanded += rest.stats.expanded;
  r.stats.peak_bytes += rest.stats.peak_bytes;  // held at once
  const bool kept = rest.status == SearchStatus::Solved &&
                    rest.path.size() + region->walk_back.size() < after.size();
  if (kept) {
    after = std::move(rest.path);
    after.insert(after.end(), region->walk_back.begin(), region->walk_back.end());
  }
  r.path = std::move(before);
  r.path.insert(r.path.end(), after.begin(), after.end());
  // The draft's own end has not been shortened yet: it is, with the stretches across the seam.
  if (!kept) r.path = shorten(board, std::move(r.path), {}, budget);
  return r;
}

/// One way the fast solver tries a board: the frame it works in and the line beam's weight on
/// its placing tables.
struct Attempt {
  Symmetry frame;
  int placing_weight = BeamOptions{}.placing_weight;
};

/// The attempts on a board: in the frame with the goal's blank by the last corner (a goal with
/// the blank first then needs no walk back: 20 seeded 10x10 boards from 2.136x to 2.080x the
/// Manhattan distance), and where there is a thread for it, the same transposed, its lines
/// placed in the other order (the shorter of the two: 2.040x); not up to 5x5, where the beam over
/// whole boards decides and gains nothing from it (Korf & Felner's 50: 1.115x the optimum
/// either way), nor past the line beam's reach. On 7x7 to 10x10 each frame also with a second
/// placing weight.
std::vector<Attempt> attempts(const Board& board, const Board& goal, const Budget& budget) {
  const Geometry g = board.geometry;
  const Symmetry corner = blank_to_last_corner(goal);
  std::vector<Attempt> out{{corner}};
  if (budget.threads < 2 || g.rows == 1 || g.cols == 1 || g.cells() <= 25 ||
      g.cells() > kMaxBeamCells) {
    return out;
  }
  out.push_back({{corner.flip_rows, corner.flip_cols, true}});
  if (const int second = second_placing_weight(g.cells()); second > 0) {
    for (std::size_t k = 0, frames = out.size(); k < frames; ++k) {
      out.push_back({out[k].frame, second});
    }
  }
  return out;
}

}  // namespace

SearchResult<Dir> solve_fast(const Board& board, const Board& goal, const Budget& budget) {
  const auto began = std::chrono::steady_clock::now();
  const std::vector<Attempt> tries = attempts(board, goal, budget);
  const auto own = [&](std::size_t k) {
    Budget b = budget;
    b.threads = 1;
    if (k > 0) b.progress = nullptr;  // followed on the first only
    return b;
  };
  // Every attempt's draft, then as many finished as there are threads for: on a board with a
  // last region the shortest, each on two threads; else the first (so that more threads never
  // give a longer answer there) and the shortest of the others, each on one. The answer does
  // not depend on which thread ends first.
  std::vector<SearchResult<Dir>> drafts(tries.size());
  for_each_on_threads(tries.size(), budget.threads, [&](std::size_t k) {
    const Symmetry f = tries[k].frame;
    drafts[k] = draft(image(board, f), image(goal, f), tries[k].placing_weight, own(k));
  });
  const bool split = budget.threads >= 2 && region_side(board.geometry.cells()) > 0;
  std::vector<std::size_t> order(tries.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  const auto length = [&](std::size_t k) {
    return drafts[k].status == SearchStatus::Solved ? drafts[k].path.size() : SIZE_MAX;
  };
  std::stable_sort(order.begin() + (split ? 0 : 1), order.end(),
                   [&](std::size_t a, std::size_t b) { return length(a) < length(b); });
  const unsigned per_finish = split ? 2 : 1;
  const std::size_t finishing =
      std::min<std::size_t>(order.size(), std::max(1u, budget.threads / per_finish));
  std::vector<SearchResult<Dir>> results(finishing);
  for_each_on_threads(finishing, static_cast<unsigned>(finishing), [&](std::size_t j) {
    const Symmetry f = tries[order[j]].frame;
    const Board b = image(board, f), g = image(goal, f);
    results[j] = split ? finish_on_two_threads(b, g, std::move(drafts[order[j]]), own(j))
                       : finish(b, g, std::move(drafts[order[j]]), false, own(j));
    results[j].path = preimage(results[j].path, f);
  });
  // At most one attempt per thread is held at once: the largest peaks add up.
  std::vector<std::size_t> peaks;
  for (const auto& x : results) peaks.push_back(x.stats.peak_bytes);
  SearchResult<Dir> r = std::move(results[0]);
  for (std::size_t j = 1; j < finishing; ++j) {
    SearchResult<Dir>& other = results[j];
    r.stats.expanded += other.stats.expanded;
    if (other.status == SearchStatus::Cancelled) r.status = other.status;
    if (other.status == SearchStatus::Solved &&
        (r.status != SearchStatus::Solved || other.path.size() < r.path.size())) {
      r.status = other.status;
      r.path = std::move(other.path);
    }
  }
  for (std::size_t j = finishing; j < order.size(); ++j) {  // the drafts left: counted only
    const SearchResult<Dir>& left = drafts[order[j]];
    r.stats.expanded += left.stats.expanded;
    peaks.push_back(left.stats.peak_bytes);
    if (left.status == SearchStatus::Cancelled) r.status = left.status;
  }
  std::sort(peaks.rbegin(), peaks.rend());
  peaks.resize(std::min<std::size_t>(peaks.size(), std::max(1u, budget.threads)));
  r.stats.peak_bytes = 0;
  for (const std::size_t p : peaks) r.stats.peak_bytes += p;
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
