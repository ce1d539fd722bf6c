#include "npuzzle/core/moves.hpp"

#include <utility>

#include "npuzzle/util/errors.hpp"

namespace npuzzle {
namespace {

// A character for a message: quoted, or as a byte value when it would not print.
std::string shown_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u < 0x20 || u >= 0x7F) return "byte " + std::to_string(u);
  return std::string("'") + c + "'";
}

}  // namespace
namespace {

// In tile notation the letter names the moved tile's direction: the opposite of the blank's.
Dir in_notation(Dir blank_dir, Notation notation) {
  return notation == Notation::Blank ? blank_dir : reverse(blank_dir);
}

}  // namespace

std::string format_moves(std::span<const Dir> moves, Notation notation) {
  std::string out;
  out.reserve(moves.size());
  append_moves(out, moves, notation);
  return out;
}

void append_moves(std::string& out, std::span<const Dir> moves, Notation notation) {
  for (Dir d : moves) out.push_back("udlr"[index(in_notation(d, notation))]);
}

std::vector<Dir> parse_moves(std::string_view text, Notation notation, std::size_t before) {
  std::vector<Dir> moves;
  moves.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    Dir d;
    switch (text[i]) {
      case 'u':
      case 'U':
        d = Dir::Up;
        break;
      case 'd':
      case 'D':
        d = Dir::Down;
        break;
      case 'l':
      case 'L':
        d = Dir::Left;
        break;
      case 'r':
      case 'R':
        d = Dir::Right;
        break;
      case ' ':
      case '\t':
      case '\n':
      case '\r':
        continue;
      default:
        throw InputError("move " + std::to_string(before + i + 1) + " is " + shown_char(text[i]) +
                         ", not one of u, d, l, r");
    }
    moves.push_back(in_notation(d, notation));
  }
  return moves;
}

bool apply_move(Board& board, Dir d) {
  const Cell blank = board.blank();
  const Cell target = board.geometry.step(blank, d);
  if (target < 0) return false;
  std::swap(board.tiles[static_cast<std::size_t>(blank)],
            board.tiles[static_cast<std::size_t>(target)]);
  return true;
}

Replay replay(Board board, std::span<const Dir> moves) {
  Replayer r(std::move(board));
  r.play(moves);
  return std::move(r).take();
}

Replayer::Replayer(Board board) : r_{std::move(board)}, blank_(r_.final.blank()) {}

bool Replayer::play(std::span<const Dir> moves) {
  if (!r_.legal) return false;
  const Geometry g = r_.final.geometry;
  for (const Dir d : moves) {
    const Cell target = g.step(blank_, d);
    if (target < 0) {
      r_.legal = false;
      r_.refused = d;
      return false;
    }
    std::swap(r_.final.tiles[static_cast<std::size_t>(blank_)],
              r_.final.tiles[static_cast<std::size_t>(target)]);
    blank_ = target;
    ++r_.applied;
  }
  return true;
}

}  // namespace npuzzle
