// Fuzz target: a Cubic Eight-Puzzle dataset (the empty square's x and y, nine letters) and a
// roll sequence replayed on it.

#include <cstdint>
#include <string>
#include <string_view>

#include "npuzzle/api/solver.hpp"
#include "npuzzle/core/moves.hpp"
#include "npuzzle/util/errors.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace npuzzle;
  if (size < 2) return 0;
  static const Solver solver;
  const std::string_view rest(reinterpret_cast<const char*>(data) + 2, size - 2);
  const auto split = rest.find('\n');
  const CubeDataset d{data[0], data[1], std::string(rest.substr(0, split))};
  try {
    const auto moves =
        parse_moves(split == std::string_view::npos ? std::string_view{} : rest.substr(split + 1),
                    Notation::Blank);
    const CubeVerdict v = solver.verify_cube(d, moves);
    if (v.tops.size() != 11) __builtin_trap();  // three rows of three, two slashes
  } catch (const InputError&) {
  }
  return 0;
}
