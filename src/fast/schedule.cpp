#include "npuzzle/fast/schedule.hpp"

#include <algorithm>

#include "npuzzle/core/board.hpp"

namespace npuzzle {
namespace {

constexpr int kMaxPlacingCells = 256;
constexpr int kMostWidth = 4096, kLeastWidth = 64;
constexpr int kMostRoomyCells = 169;
constexpr int kMostFullWidthCells = 1024;
// A budget of boards x cells^2 (boards at 100 cells) whose beams end within about half a second
// wherever nothing follows them.
constexpr double kHalfSecondBudget = 4096;

/// A line beam's width from a fixed budget of boards x cells^2 (`at100` boards at 100 cells),
/// within bounds.
int width_from_budget(double at100, int cells, int least = kLeastWidth) {
  const double width = at100 * 100.0 * 100.0 / (static_cast<double>(cells) * cells);
  return static_cast<int>(std::clamp(width, double(least), double{kMostWidth}));
}

/// The line beam's width: more where the placing tables make a wide beam pay; past 32x32, where
/// the least width would take longer than a second, the half-second budget's.
int line_beam_width(int cells) {
  if (cells > kMostFullWidthCells) return width_from_budget(kHalfSecondBudget, cells, 1);
  return width_from_budget(cells <= kMaxPlacingCells ? 1536 : 1024, cells);
}

}  // namespace

FastSchedule fast_schedule(int cells) {
  FastSchedule s;
  s.line_beam = cells <= kMaxBeamCells;
  s.line_beam_width = s.line_beam ? line_beam_width(cells) : 0;
  s.placing_tables = cells <= kMaxPlacingCells;
  const bool mid = cells > 36 && cells <= 100;  // 7x7 to 10x10, or as many cells
  s.second_placing_weight = mid ? 2 : 0;
  if (mid && 5 * s.line_beam_width / 3 <= kMostWidth) {
    s.roomy_first_width = 5 * s.line_beam_width / 3;
    s.roomy_second_weight = 4;
  }
  // Past 100 cells a frame has one beam; up to 16x16 (the placing tables' reach) it fits twice as
  // wide within the time, and up to 13x13 that width is where the beam starts weighing the tiles
  // ahead (a wide beam's weights).
  if (cells > 100 && cells <= kMaxPlacingCells) s.roomy_first_width = 2 * s.line_beam_width;
  // From 257 cells to 32x32 nothing follows the beams (no placing tables, no shortening), and up
  // to about 25x25 they end within a fraction of the time: with time, the half-second budget's
  // width, where that widens the beam by half or more.
  if (const int roomy = width_from_budget(kHalfSecondBudget, cells);
      cells > kMaxPlacingCells && cells <= kMostFullWidthCells &&
      2 * roomy >= 3 * s.line_beam_width) {
    s.roomy_first_width = roomy;
  }
  s.transposed_frame = cells > 25 && s.line_beam;
  s.shorten = cells <= kMaxSearchCells;
  s.last_pass_window = cells > 25 && cells <= 100 ? 32 : 0;
  s.region_side = mid ? 6 : 0;
  // 10x10 to 13x13 (or as many cells): a last region of 8x8, past 100 cells 9x9. Past the line
  // beam's reach, up to 64x64, the last 32x32 region, which the beam still takes at its width.
  if (cells > 81 && cells <= kMostRoomyCells) s.roomy_region_side = cells > 100 ? 9 : 8;
  if (cells > kMaxBeamCells && cells <= kMaxHeldCells) s.roomy_region_side = 32;
  // The spare region a side apart from the one taken with time: 5x5 on 7x7, 7x7 on 8x8 and 9x9,
  // 9x9 on 10x10.
  if (mid) s.spare_region_side = cells <= 49 ? 5 : cells <= 81 ? 7 : 9;
  // Up to 3x3 the constructive solver is exact already.
  if (cells > 9 && cells <= 25) s.board_beam_width = s.region_board_beam_width = 4096;
  if (cells > 25 && cells <= 36) {
    s.board_beam_width = 1024;
    s.region_board_beam_width = 512;
  }
  if (s.board_beam_width > 0) {
    s.later_rounds = FastSchedule::LaterRounds::WiderBoardBeam;
  } else if (cells > 9 && s.line_beam) {
    s.later_rounds = FastSchedule::LaterRounds::OtherLineBeams;
  }
  return s;
}

}  // namespace npuzzle
