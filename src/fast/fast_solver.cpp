#include "npuzzle/fast/fast_solver.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <vector>

#include "npuzzle/core/symmetry.hpp"
#include "npuzzle/fast/beam_lines.hpp"
#include "npuzzle/fast/constructive.hpp"
#include "npuzzle/fast/last_region.hpp"
#include "npuzzle/fast/schedule.hpp"
#include "npuzzle/fast/shorten.hpp"
#include "npuzzle/search/beam.hpp"
#include "npuzzle/tiles/heuristics.hpp"
#include "npuzzle/tiles/tile_domain.hpp"
#include "npuzzle/util/parallel.hpp"

namespace npuzzle {
namespace {

SearchResult<Dir> solve_region(const Board& board, const Board& goal, const Budget& budget);

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// `later`'s counts join `r`'s, and its moves replace `r`'s where shorter. Where the time ends
/// first, the answer found in time stands.
void offer(SearchResult<Dir>& r, SearchResult<Dir>& later) {
  r.stats.expanded += later.stats.expanded;
  r.stats.generated += later.stats.generated;
  r.stats.peak_bytes = std::max(r.stats.peak_bytes, later.stats.peak_bytes);
  if (later.status == SearchStatus::Solved && later.path.size() < r.path.size()) {
    r.path = std::move(later.path);
  }
}

/// Whether the time left allows the larger last region and the spare one.
bool roomy_regions(const Budget& budget) {
  return SearchRun(budget).seconds_left() >= kRoomyRegionSeconds;
}

/// The side of the last region solved again on its own: the larger one where the time allows.
int region_side(const FastSchedule& schedule, bool roomy) {
  return roomy && schedule.roomy_region_side > 0 ? schedule.roomy_region_side
                                                 : schedule.region_side;
}

/// `moves` with the end from the last region on replaced by the fast solver's answer on the
/// region alone, where that is shorter.
std::vector<Dir> finish_last_region(const Board& board, const Board& goal, std::vector<Dir> moves,
                                    const Budget& budget, SearchStats& stats) {
  const int side = region_side(fast_schedule(board.geometry.cells()), roomy_regions(budget));
  if (side == 0) return moves;
  const auto region = last_region(board, goal, moves, side);
  if (!region) return moves;
  auto rest = solve_region(region->board, Board::blank_last(region->board.geometry), budget);
  stats.expanded += rest.stats.expanded;
  stats.generated += rest.stats.generated;
  if (rest.status != SearchStatus::Solved ||
      region->moves_before + rest.path.size() + region->walk_back.size() >= moves.size()) {
    return moves;
  }
  return region->spliced(moves, rest.path);
}

/// A draft in one frame: the constructive answer, or where the schedule runs the line beam, the
/// beam's where shorter.
SearchResult<Dir> draft(const Board& board, const Board& goal, const BeamOptions& beam_options,
                        const Budget& budget) {
  auto r = solve_constructive(board, goal, floor_of(budget));
  if (r.status == SearchStatus::Solved && fast_schedule(board.geometry.cells()).line_beam) {
    auto beam = solve_beam(board, goal, beam_options, budget);
    if (beam.status == SearchStatus::Cancelled) return beam;
    offer(r, beam);
  }
  return r;
}

/// The beam over whole boards, `width` wide, scored by linear conflict, its answer shortened
/// where the schedule shortens. Deeper than `answer` moves (the answer in hand) and an eighth
/// (what shortening might take off), it cannot win: it stops there rather than at its own limit.
SearchResult<Dir> whole_board_beam(const Board& board, const Board& goal, std::size_t width,
                                   std::size_t answer, const Budget& budget) {
  const TileDomain<LinearConflict> domain(goal);
  const auto deepest = static_cast<int>(answer + answer / 8);
  auto beam = beam_search(domain, domain.state_of(board), {width, deepest}, budget);
  if (beam.status == SearchStatus::Solved && fast_schedule(board.geometry.cells()).shorten) {
    beam.path = shorten(board, std::move(beam.path), {}, budget);
  }
  return beam;
}

/// A draft finished, each step where the schedule runs it: shortened stretch by stretch, its
/// last region solved again on its own, shortened once more with longer windows. A beam over
/// whole boards, scored by linear conflict, runs last (it takes the longest), and its answer,
/// shortened too, is kept where it is shorter: more time never gives a longer answer.
SearchResult<Dir> finish(const Board& board, const Board& goal, SearchResult<Dir> r, bool region,
                         const Budget& budget) {
  const FastSchedule schedule = fast_schedule(board.geometry.cells());
  const auto shortened = [&](std::vector<Dir> path) {
    return schedule.shorten ? shorten(board, std::move(path), {}, budget) : path;
  };
  if (r.status == SearchStatus::Solved) {
    r.path = shortened(std::move(r.path));
    const std::size_t length = r.path.size();
    r.path = finish_last_region(board, goal, std::move(r.path), budget, r.stats);
    if (r.path.size() < length) r.path = shortened(std::move(r.path));
    if (const int window = schedule.last_pass_window; window > 0) {
      r.path =
          shorten(board, std::move(r.path), {.window = window, .nodes_per_window = 2000}, budget);
    }
  }
  if (const std::size_t width =
          region ? schedule.region_board_beam_width : schedule.board_beam_width;
      r.status == SearchStatus::Solved && width > 0) {
    auto beam = whole_board_beam(board, goal, width, r.path.size(), budget);
    if (beam.status == SearchStatus::Cancelled) return beam;
    offer(r, beam);
  }
  return r;
}

/// The last region of a board as a board of its own, on one thread: a draft, finished.
SearchResult<Dir> solve_region(const Board& board, const Board& goal, const Budget& budget) {
  const BeamOptions beam{.width = fast_schedule(board.geometry.cells()).line_beam_width};
  return finish(board, goal, draft(board, goal, beam, budget), true, budget);
}

/// A second solve of a region may take longer than the first: it starts only where the time left
/// is this many times what the first took, so that the deadline rarely cuts it.
constexpr double kSecondRegionMargin = 1.5;

/// The last region of a board, a board of its own, solved on one thread; where `again` and the
/// time left allows (kSecondRegionMargin), solved again transposed (its lines placed in the other
/// order), the shorter answer kept.
SearchResult<Dir> solve_last_region(const Board& region, bool again, const Budget& budget) {
  const Board goal = Board::blank_last(region.geometry);
  const auto start = std::chrono::steady_clock::now();
  SearchResult<Dir> r = solve_region(region, goal, budget);
  if (!again || r.status != SearchStatus::Solved ||
      SearchRun(budget).seconds_left() < kSecondRegionMargin * seconds_since(start)) {
    return r;
  }
  const Symmetry flip{.transpose = true};
  SearchResult<Dir> other = solve_region(image(region, flip), image(goal, flip), budget);
  other.path = preimage(other.path, flip);
  offer(r, other);
  return r;
}

/// A draft of a board with a last region finished on two threads: the moves up to the region
/// shortened (both passes of `finish`) on one, the region solved on its own on the other, at
/// once. The same steps as `finish` but for the windows across the seam. Where the schedule has
/// a spare region and the time allows, the first thread then solves that region of the draft too,
/// and the second, which is done first, its own region again, transposed.
SearchResult<Dir> finish_on_two_threads(const Board& board, const Board& goal, SearchResult<Dir> r,
                                        const Budget& budget) {
  const FastSchedule schedule = fast_schedule(board.geometry.cells());
  const bool roomy = roomy_regions(budget);
  const auto region = r.status == SearchStatus::Solved
                          ? last_region(board, goal, r.path, region_side(schedule, roomy))
                          : std::nullopt;
  if (!region) return finish(board, goal, std::move(r), false, budget);
  const int spare_side = roomy ? schedule.spare_region_side : 0;
  const auto spare = spare_side > 0 ? last_region(board, goal, r.path, spare_side) : std::nullopt;
  const auto seam = r.path.begin() + static_cast<std::ptrdiff_t>(region->moves_before);
  std::vector<Dir> before(r.path.begin(), seam), after(seam, r.path.end());
  SearchResult<Dir> rest, spare_rest;
  std::vector<Dir> other;  // the answer through the spare region, shortened
  for_each_on_threads(2, 2, [&](std::size_t k) {
    Budget own = budget;
    if (k == 0) {
      before = shorten(board, std::move(before), {}, own);
      before = shorten(board, std::move(before),
                       {.window = schedule.last_pass_window, .nodes_per_window = 2000}, own);
      if (spare) {
        spare_rest = solve_region(spare->board, Board::blank_last(spare->board.geometry), own);
      }
      if (spare_rest.status == SearchStatus::Solved) {
        other = shorten(board, spare->spliced(r.path, spare_rest.path), {}, own);
      }
    } else {
      own.progress = nullptr;
      rest = solve_last_region(region->board, roomy, own);
    }
  });
  for (const SearchResult<Dir>* x : {&rest, &spare_rest}) {
    r.stats.expanded += x->stats.expanded;
    r.stats.generated += x->stats.generated;
    r.stats.peak_bytes += x->stats.peak_bytes;  // held at once
  }
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
  if (!other.empty() && other.size() < r.path.size()) r.path = std::move(other);
  return r;
}

/// One way the fast solver tries a board: the frame it works in and the line beam's width and
/// weight on its placing tables.
struct Attempt {
  Symmetry frame;
  BeamOptions beam;
};

/// The attempts on a board: in the frame with the goal's blank by the last corner (a goal with
/// the blank first then needs no walk of the blank to the corner and back), and where the
/// schedule says so and there is a thread for it, the same transposed; each frame also with a
/// second placing weight where the schedule has one.
std::vector<Attempt> attempts(const Board& board, const Board& goal, const Budget& budget) {
  const Geometry g = board.geometry;
  const FastSchedule schedule = fast_schedule(g.cells());
  const Symmetry corner = blank_to_last_corner(goal);
  BeamOptions first{.width = schedule.line_beam_width};
  BeamOptions second{.width = schedule.line_beam_width,
                     .placing_weight = schedule.second_placing_weight};
  if (schedule.roomy_first_width > 0 && SearchRun(budget).seconds_left() >= kRoomySeconds) {
    first.width = schedule.roomy_first_width;
    second.placing_weight = schedule.roomy_second_weight;
  }
  std::vector<Attempt> out{{corner, first}};
  if (budget.threads < 2 || g.rows == 1 || g.cols == 1 || !schedule.transposed_frame) {
    return out;
  }
  out.push_back({{corner.flip_rows, corner.flip_cols, true}, first});
  if (second.placing_weight > 0) {
    for (std::size_t k = 0, frames = out.size(); k < frames; ++k) {
      out.push_back({out[k].frame, second});
    }
  }
  return out;
}

/// A round of attempts on a board: every attempt's draft, then as many finished as there are
/// threads for.
SearchResult<Dir> round_of(const Board& board, const Board& goal, const std::vector<Attempt>& tries,
                           const Budget& budget) {
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
    drafts[k] = draft(image(board, f), image(goal, f), tries[k].beam, own(k));
  });
  const bool split = budget.threads >= 2 && fast_schedule(board.geometry.cells()).region_side > 0;
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
    r.stats.generated += other.stats.generated;
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
    r.stats.generated += left.stats.generated;
    peaks.push_back(left.stats.peak_bytes);
    if (left.status == SearchStatus::Cancelled) r.status = left.status;
  }
  std::sort(peaks.rbegin(), peaks.rend());
  peaks.resize(std::min<std::size_t>(peaks.size(), std::max(1u, budget.threads)));
  r.stats.peak_bytes = 0;
  for (const std::size_t p : peaks) r.stats.peak_bytes += p;
  return r;
}

/// A round after the schedule's (Budget::improve_rounds) on a board whose answer the line beam
/// makes: the first attempt's frames, each with two line beams of one width (the first
/// attempt's times `width_times`) weighing the placing tables apart. Each round makes other
/// drafts; the shorter answer stands.
struct LaterRound {
  double width_times;
  std::array<int, 2> weights;
};
// Cheap rounds first, wider ones later: a round's time grows with its width. (Where a beam does
// not read its placing weight, its two beams are one, and a round as wide as one before is
// skipped.)
inline constexpr std::array<LaterRound, 10> kLaterRounds = {{{1, {2, 5}},
                                                             {2, {3, 4}},
                                                             {1, {1, 6}},
                                                             {3, {3, 4}},
                                                             {2, {2, 5}},
                                                             {4, {3, 4}},
                                                             {3, {2, 5}},
                                                             {4, {2, 5}},
                                                             {6, {3, 4}},
                                                             {8, {3, 4}}}};
// Where a beam over whole boards ends the schedule, the rounds run it this many times as wide.
inline constexpr std::array<std::size_t, 4> kWiderBoardBeams = {2, 4, 8, 16};

/// The attempts of a later round that no round before has run (`done`, which gains them): in
/// each of the first attempt's frames, a line beam per weight, as the beam runs them.
std::vector<Attempt> later_attempts(const std::vector<Attempt>& first, const LaterRound& round,
                                    int cells, std::vector<Attempt>& done) {
  std::vector<Attempt> out;
  const auto width = static_cast<int>(first.front().beam.width * round.width_times);
  for (const Attempt& a : first) {
    for (const int w : round.weights) {
      const Attempt next{a.frame, as_run({.width = width, .placing_weight = w}, cells)};
      const auto same = [&](const Attempt& o) {
        return o.frame == next.frame && o.beam == next.beam;
      };
      if (std::none_of(done.begin(), done.end(), same)) {
        done.push_back(next);
        out.push_back(next);
      }
    }
  }
  return out;
}

}  // namespace

SearchResult<Dir> solve_fast(const Board& board, const Board& goal, const Budget& given) {
  const auto began = std::chrono::steady_clock::now();
  Budget budget = given;  // one deadline for every step
  if (!budget.since) budget.since = began;
  const std::vector<Attempt> tries = attempts(board, goal, budget);
  SearchResult<Dir> r = round_of(board, goal, tries, budget);
  // Later rounds (Budget::improve_rounds), each where the time left is at least what it should
  // take: the round before's time, scaled by their widths.
  const FastSchedule schedule = fast_schedule(board.geometry.cells());
  const bool whole = schedule.later_rounds == FastSchedule::LaterRounds::WiderBoardBeam;
  const bool lines = schedule.later_rounds == FastSchedule::LaterRounds::OtherLineBeams;
  const std::size_t listed = whole ? kWiderBoardBeams.size() : lines ? kLaterRounds.size() : 0;
  const auto width_of = [&](std::size_t k) {
    return whole ? static_cast<double>(kWiderBoardBeams[k]) : kLaterRounds[k].width_times;
  };
  std::vector<Attempt> done;  // the line beams run so far
  for (const Attempt& a : tries) done.push_back({a.frame, as_run(a.beam, board.geometry.cells())});
  double seconds_before = seconds_since(began), width_before = 1;
  for (std::size_t k = 0; k < std::min(listed, budget.improve_rounds); ++k) {
    const auto beams = whole ? std::vector<Attempt>{}
                             : later_attempts(tries, kLaterRounds[k], board.geometry.cells(), done);
    if (!whole && beams.empty()) continue;
    if (r.status != SearchStatus::Solved ||
        SearchRun(budget).seconds_left() < seconds_before * width_of(k) / width_before) {
      break;
    }
    const auto start = std::chrono::steady_clock::now();
    SearchResult<Dir> later =
        whole ? whole_board_beam(board, goal, kWiderBoardBeams[k] * schedule.board_beam_width,
                                 r.path.size(), budget)
              : round_of(board, goal, beams, budget);
    if (later.status == SearchStatus::Cancelled) return later;
    r.stats.peak_bytes = std::max(r.stats.peak_bytes, later.stats.peak_bytes);
    offer(r, later);
    seconds_before = seconds_since(start);
    width_before = width_of(k);
  }
  r.stats.seconds = seconds_since(began);
  return r;
}

SearchResult<Dir> solve_fast_streaming(const Board& board, const Board& goal, const Budget& budget,
                                       const MoveSink& sink) {
  const Symmetry corner = blank_to_last_corner(goal);
  return solve_constructive(image(board, corner), image(goal, corner), floor_of(budget),
                            [&](std::span<const Dir> moves) { sink(preimage(moves, corner)); });
}

}  // namespace npuzzle
