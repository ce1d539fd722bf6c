#pragma once
// Move strings in either notation, and replaying them on a board.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "npuzzle/board.hpp"

namespace npuzzle {

/// Blank: a letter names where the blank goes (the classic problems' notation).
/// TileMoves: a letter names where the moved tile goes, the mirror image (speedsolvers' notation).
enum class Notation { Blank, TileMoves };

std::string format_moves(std::span<const Dir> moves, Notation notation);
/// Parses u/d/l/r letters (either case); throws InputError naming the first bad character.
std::vector<Dir> parse_moves(std::string_view text, Notation notation);

/// Moves the blank one step; returns false, leaving the board as it was, if that leaves the board.
bool apply_move(Board& board, Dir d);

struct Replay {
  Board final;
  std::size_t applied = 0;  // moves applied before the first illegal one (all of them if legal)
  bool legal = true;
};
Replay replay(Board board, std::span<const Dir> moves);

}  // namespace npuzzle
