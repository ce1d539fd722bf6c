// Fuzz target: the board reader in every form, with and without a size. A board it accepts is
// valid, and reads back the same from the way it is printed.

#include <cstdint>
#include <string_view>

#include "npuzzle/core/parity.hpp"
#include "npuzzle/io/format.hpp"
#include "npuzzle/util/errors.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace npuzzle;
  if (size == 0) return 0;
  // The first byte says whether a size is given: its text runs up to the first newline.
  std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  std::optional<Geometry> geometry;
  try {
    if (data[0] & 1) {
      const auto newline = text.find('\n');
      geometry = parse_geometry(text.substr(0, newline));
      text = newline == std::string_view::npos ? std::string_view{} : text.substr(newline + 1);
    }
    const Board b = parse_board(text, geometry);
    validate(b);
    if (parse_board(format_board(b), b.geometry) != b) __builtin_trap();
    if (b.tiles.size() <= 4096) (void)solvable(b, Board::blank_last(b.geometry));
  } catch (const InputError&) {
  }
  return 0;
}
