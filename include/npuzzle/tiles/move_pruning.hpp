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
#include <utility>
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
  friend bool operator==(const MoveString&, const MoveString&) = default;
};
/// The longest strings looked for: the strings kept while looking, and so the time and memory,
/// grow about three times a move.
inline constexpr int kMaxMoveStringLength = 14;

/// Every redundant string of up to `max_length` moves (at most kMaxMoveStringLength) that holds
/// no shorter one, by length, then in order. Found by enumerating the strings without one in
/// that order: a string is redundant where one met before it has the same effect (on an
/// unbounded board) and a box within its own.
std::vector<MoveString> find_redundant_strings(int max_length);

class MovePruning {
 public:
  /// The machine that rejects the strings holding any of `redundant`, none of which may hold
  /// another (as find_redundant_strings gives them), with as few states as any such machine.
  /// Throws InputError where a string is empty or too long, or where the machine would need more
  /// states than a PruningState names.
  explicit MovePruning(std::span<const MoveString> redundant);

  /// The length of the stretches the searches' machine recognises: longer stretches prune more
  /// nodes, but the machine grows about five times for every two moves, and past this it would
  /// outgrow the states a PruningState names and the processor's caches.
  static constexpr int kStandardLength = 14;
  /// The machine the searches follow: the strings up to kStandardLength, its table made at build
  /// time and carried in the program (the WebAssembly build finds the strings up to 8 moves when
  /// first used).
  static const MovePruning& standard();

  /// The state after `d` from `state` (kPruningStart before any move), or kPrunedMove where `d`
  /// completes a redundant stretch.
  PruningState after(PruningState state, Dir d) const {
    return next_[static_cast<std::size_t>(state) * kDirCount + static_cast<std::size_t>(index(d))];
  }
  /// Asks memory for the moves after `state`, ahead of a search's `after` there.
  void prefetch(PruningState state) const {
    __builtin_prefetch(next_.data() + static_cast<std::size_t>(state) * kDirCount);
  }

  std::size_t states() const { return next_.size() / kDirCount; }
  /// The state after each move from each state, by state, then move: what `standard()` carries.
  std::span<const PruningState> table() const { return next_; }

 private:
  explicit MovePruning(std::vector<PruningState> table) : next_(std::move(table)) {}

  std::vector<PruningState> next_;  // by state, then move
};

}  // namespace npuzzle
