#pragma once
// Move strings in either notation, and replaying them on a board.

#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "npuzzle/core/board.hpp"

namespace npuzzle {

/// Blank: a letter names where the blank goes (the classic problems' notation).
/// TileMoves: a letter names where the moved tile goes, the mirror image (speedsolvers' notation).
enum class Notation { Blank, TileMoves };

/// Hears a move sequence in order, a chunk at a time, where it is too long to keep whole.
using MoveSink = std::function<void(std::span<const Dir>)>;

std::string format_moves(std::span<const Dir> moves, Notation notation);
/// The same, added to the end of `out`.
void append_moves(std::string& out, std::span<const Dir> moves, Notation notation);
/// Parses u/d/l/r letters (either case) and white space; throws InputError naming the first bad
/// character, counted from the start of the whole string where `text` is a piece of it that
/// `before` characters precede.
std::vector<Dir> parse_moves(std::string_view text, Notation notation, std::size_t before = 0);

/// Moves the blank one step; returns false, leaving the board as it was, if that leaves the board.
bool apply_move(Board& board, Dir d);

struct Replay {
  Board final;
  std::size_t applied = 0;  // moves applied before the first illegal one (all of them if legal)
  bool legal = true;
  Dir refused = Dir::Up;  // where not legal: the move that would leave the board
};
Replay replay(Board board, std::span<const Dir> moves);

/// A replay fed a piece at a time, so that a long answer need not be held whole: the blank is
/// followed, so each move costs the same on any size.
class Replayer {
 public:
  explicit Replayer(Board board);
  /// Makes `moves` in turn; at the first that leaves the board, stops for good (false).
  bool play(std::span<const Dir> moves);
  const Replay& result() const { return r_; }
  Replay take() && { return std::move(r_); }

 private:
  Replay r_;
  Cell blank_;
};

}  // namespace npuzzle
