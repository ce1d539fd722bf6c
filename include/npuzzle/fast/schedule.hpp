#pragma once
// What the fast solver runs on a board of a given size: every size threshold of its steps, in
// one place. The steps that shorten answers on small boards cost time or memory that grows
// faster than the board, so each runs up to a size, and the widths of its beams narrow as the
// boards grow. docs/fast-solver.md describes the steps; docs/lab/ holds the measurements that
// chose each threshold.

#include <cstddef>

#include "npuzzle/core/geometry.hpp"

namespace npuzzle {

/// Boards the line beam takes: every board it keeps is copied at each depth, so past 32x32 it
/// narrows below its width elsewhere, and past 42x42 a beam that ends within a second is no
/// shorter than the constructive answer.
inline constexpr int kMaxBeamCells = 1764;

/// Boards whose answer the fast solver holds whole, to end it with its last region solved again;
/// past them the constructive answer is the first and the last, handed on as it is found.
inline constexpr int kMaxHeldCells = 4096;

struct FastSchedule {
  /// The lines also placed by a beam (past it, the constructive answer is the first and the
  /// last, and it is handed on as it is found), and the beam's width: its time grows with the
  /// width, the cells and the moves, so it narrows as boards grow.
  bool line_beam = false;
  int line_beam_width = 0;
  /// The line beam counts the moves that place each tile exactly, from a table per tile; a
  /// table's size and build time grow with the cube of the cells.
  bool placing_tables = false;
  /// A second line beam per frame with the placing tables weighed otherwise, 0 where none:
  /// beams weighted apart go different ways, and where one does badly the other often does not.
  int second_placing_weight = 0;
  /// Where the time allows (kRoomySeconds or more) and the bound on widths leaves room, the first
  /// beam of each frame this wide and the second (if any) weighing the placing tables so, 0 where
  /// not: the first beam decides most boards, and the second's beams end sooner, which pays for
  /// it.
  int roomy_first_width = 0;
  int roomy_second_weight = 0;
  /// Given a second thread, the board is also solved transposed (its lines placed in the other
  /// order) and the shorter answer kept. Up to 5x5 the beam over whole boards decides instead.
  bool transposed_frame = false;
  /// Stretches of the answer shortened by a small exact search, as far as the searches reach.
  bool shorten = false;
  /// One more shortening pass with longer windows at the end, 0 where none.
  int last_pass_window = 0;
  /// The side of the last region solved again as a board of its own (with the wide beams of a
  /// small board), 0 where none; and where the time left allows (kRoomyRegionSeconds or more),
  /// the side of a larger one, 0 where none: the larger the region, the more of the answer is
  /// made again from a board with fewer tiles far from home.
  int region_side = 0;
  int roomy_region_side = 0;
  /// Where the last region is solved on two threads and the time allows (as for the larger
  /// region), the side of a spare last region, 0 where none: the thread that shortens the moves
  /// before the first region is free long before that region is solved, and solves this one from
  /// the same draft, another way to end the answer; the shorter answer stands.
  int spare_region_side = 0;
  /// The width of the beam over whole boards, 0 where it is not run: where the estimate still
  /// guides it, a wider beam is shorter, and its time grows with the width and the cells. A
  /// region of a larger board gets its own width (its moves are a small part of the answer).
  std::size_t board_beam_width = 0;
  std::size_t region_board_beam_width = 0;
  /// What the rounds after the schedule's (Budget::improve_rounds) vary: where a beam over whole
  /// boards ends the schedule it decides, so they widen it; elsewhere within the line beam's
  /// reach they make other drafts with other line beams. None up to 3x3 (exact already) or past
  /// the line beam's reach.
  enum class LaterRounds { None, WiderBoardBeam, OtherLineBeams };
  LaterRounds later_rounds = LaterRounds::None;
};

/// The time left (in seconds) from which the roomy beams are run: the drafts they make and their
/// finishing take most of it on a small machine, so with less a deadline would cut them.
inline constexpr double kRoomySeconds = 0.75;

/// The time left (in seconds) when the last region is solved from which the larger region is
/// solved: on a small machine its solve takes most of it.
inline constexpr double kRoomyRegionSeconds = 0.3;

/// The schedule for boards of `cells` cells.
FastSchedule fast_schedule(int cells);

}  // namespace npuzzle
