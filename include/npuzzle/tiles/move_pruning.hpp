#pragma once
// Move pruning for depth-first search on sliding tiles: a finite-state machine over the blank's
// moves that rejects every move string holding a redundant stretch (Taylor & Korf's duplicate
// operator strings). A stretch is redundant where another string with the same effect is
// shorter, or as long and earlier in u < d < l < r order, and fits wherever it fits: its blank
// path's bounding box lies within the stretch's (a path is legal on a rectangular board exactly
// when its box is). Replacing the stretch gives a smaller string to the same board, so the
// least string to each board (shortest, then first) never holds one: a search that follows the
// machine still meets every board at its distance, on any board size and any goal.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "npuzzle/core/geometry.hpp"
#include "npuzzle/search/domain.hpp"

namespace npuzzle {

/// A move string of up to kMaxMoveStringLength moves: two bits a move (u, d, l, r as 0-3), the
/// last move lowest, so that appending a move is code * 4 + move.
struct MoveString {
  std::uint32_t code = 0;
  int length = 0;
  Dir at(int i) const { return static_cast<Dir>((code >> (2 * (length - 1 - i))) & 3u); }
  /// One word: the code, and the length in the top four bits.
  std::uint32_t packed() const { return code | static_cast<std::uint32_t>(length) << 28; }
  static MoveString unpacked(std::uint32_t word) {
    return {word & 0x0FFF'FFFFu, static_cast<int>(word >> 28)};
  }
  friend bool operator==(const MoveString&, const MoveString&) = default;
};
inline constexpr int kMaxMoveStringLength = 14;

/// Every redundant string of up to `max_length` moves (at most kMaxMoveStringLength) that holds
/// no shorter one, by length, then in order. Found by enumerating the strings without one in
/// that order: a string is redundant where one met before it has the same effect (on an
/// unbounded board) and a box within its own. The count grows about three times a move:
/// 12 moves take about two seconds.
std::vector<MoveString> find_redundant_strings(int max_length);

class MovePruning {
 public:
  /// The machine that rejects the strings holding any of `redundant`, none of which may hold
  /// another (as find_redundant_strings gives them).
  explicit MovePruning(std::span<const MoveString> redundant);

  /// The length of the stretches the searches' machine recognises: longer stretches prune more
  /// nodes, but past this the machine outgrows the processor's caches and the search slows.
  static constexpr int kStandardLength = 12;
  /// The machine the searches follow: the strings up to kStandardLength, found at build time
  /// and carried in the program (the WebAssembly build finds those up to 8 moves when first
  /// used).
  static const MovePruning& standard();

  /// The state after `d` from `state` (kPruningStart before any move), or kPrunedMove where `d`
  /// completes a redundant stretch.
  PruningState after(PruningState state, Dir d) const {
    return next_[static_cast<std::size_t>(state) * kDirCount + static_cast<std::size_t>(index(d))];
  }

  std::size_t states() const { return next_.size() / kDirCount; }

 private:
  std::vector<PruningState> next_;  // by state, then move
};

}  // namespace npuzzle
