// Fuzz target: move strings in both notations, and goals by name or board. What is accepted
// prints back to the same moves and replays without harm.

#include <cstdint>
#include <string_view>

#include "npuzzle/core/moves.hpp"
#include "npuzzle/io/format.hpp"
#include "npuzzle/util/errors.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace npuzzle;
  if (size == 0) return 0;
  const Notation notation = (data[0] & 1) ? Notation::TileMoves : Notation::Blank;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  try {
    const auto moves = parse_moves(text, notation);
    if (parse_moves(format_moves(moves, notation), notation) != moves) __builtin_trap();
    const Replay r = replay(Board::blank_last({3, 4}), moves);
    if (r.legal != (r.applied == moves.size())) __builtin_trap();
  } catch (const InputError&) {
  }
  try {
    const Board goal = parse_goal(text, Geometry{2 + (data[0] >> 4 & 3), 2 + (data[0] >> 6)});
    validate(goal);
  } catch (const InputError&) {
  }
  return 0;
}
