#pragma once
// Tables built into the program at build time (native builds; none in the WebAssembly build).

#include <cstdint>
#include <span>

#include "npuzzle/core/geometry.hpp"

namespace npuzzle::detail {

/// The packed distance table of `g` with the blank's goal on `blank_home`, where the program
/// carries it (3x3, blank in a corner of the two usual goals); empty otherwise.
std::span<const std::uint8_t> embedded_distance_table(Geometry g, Cell blank_home);

}  // namespace npuzzle::detail
