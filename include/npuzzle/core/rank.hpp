#pragma once
// Ranking permutations of up to 20 elements (Lehmer code, linear time with a bit mask).

#include <array>
#include <cstdint>
#include <span>

namespace npuzzle {

/// Lehmer rank of a permutation of 0 .. n-1: an index in [0, n!).
using PermutationRank = std::uint64_t;
inline constexpr int kMaxRankedElements = 20;  // 20! < 2^63

inline constexpr std::array<PermutationRank, kMaxRankedElements + 1> kFactorial = [] {
  std::array<PermutationRank, kMaxRankedElements + 1> f{};
  f[0] = 1;
  for (std::size_t i = 1; i < f.size(); ++i) f[i] = f[i - 1] * i;
  return f;
}();

PermutationRank rank_permutation(std::span<const std::uint8_t> perm);
/// Writes the permutation of `perm.size()` elements whose rank is `rank`.
void unrank_permutation(PermutationRank rank, std::span<std::uint8_t> perm);

/// Two permutations that differ only in their last two elements have ranks 2k and 2k + 1 and
/// opposite parities, so where only one parity can occur, rank / 2 indexes densely.
constexpr PermutationRank half_rank(PermutationRank rank) {
  return rank >> 1;
}

}  // namespace npuzzle
