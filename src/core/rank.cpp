#include "npuzzle/core/rank.hpp"

#include <bit>

namespace npuzzle {

PermutationRank rank_permutation(std::span<const std::uint8_t> perm) {
  const auto n = perm.size();
  std::uint32_t used = 0;  // bit v set once element v has been seen
  PermutationRank rank = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const auto v = perm[i];
    const auto smaller_unused =
        static_cast<unsigned>(v) - static_cast<unsigned>(std::popcount(used & ((1u << v) - 1)));
    rank += smaller_unused * kFactorial[n - 1 - i];
    used |= 1u << v;
  }
  return rank;
}

void unrank_permutation(PermutationRank rank, std::span<std::uint8_t> perm) {
  const auto n = perm.size();
  std::uint32_t unused = (n >= 32 ? ~0u : (1u << n) - 1);
  for (std::size_t i = 0; i < n; ++i) {
    const PermutationRank f = kFactorial[n - 1 - i];
    auto k = rank / f;
    rank %= f;
    std::uint32_t bits = unused;  // the k-th lowest unused element
    for (; k > 0; --k) bits &= bits - 1;
    const auto v = std::countr_zero(bits);
    perm[i] = static_cast<std::uint8_t>(v);
    unused &= ~(1u << v);
  }
}

}  // namespace npuzzle
