#pragma once
// A 64-bit mixing function for hash keys built from small numbers.

#include <cstdint>

namespace npuzzle {

/// splitmix64's finaliser: every bit of `x` moves every bit of the result.
constexpr std::uint64_t mix64(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace npuzzle
