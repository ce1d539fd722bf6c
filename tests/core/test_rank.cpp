#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

#include "npuzzle/core/rank.hpp"

namespace npuzzle {
namespace {

TEST(Rank, EveryPermutationOfUpToEightRoundTripsInLexicographicOrder) {
  for (std::size_t n = 1; n <= 8; ++n) {
    std::vector<std::uint8_t> perm(n), back(n);
    std::iota(perm.begin(), perm.end(), 0);
    PermutationRank expected = 0;
    do {
      ASSERT_EQ(rank_permutation(perm), expected);
      unrank_permutation(expected, back);
      ASSERT_EQ(back, perm);
      ++expected;
    } while (std::next_permutation(perm.begin(), perm.end()));
    EXPECT_EQ(expected, kFactorial[n]);
  }
}

TEST(Rank, SeededLargePermutationsRoundTrip) {
  std::mt19937_64 rng(20261122);
  for (std::size_t n : {12u, 16u, 20u}) {
    std::vector<std::uint8_t> perm(n), back(n);
    for (int trial = 0; trial < 1000; ++trial) {
      std::iota(perm.begin(), perm.end(), 0);
      for (std::size_t i = n - 1; i > 0; --i) std::swap(perm[i], perm[rng() % (i + 1)]);
      const auto r = rank_permutation(perm);
      ASSERT_LT(r, kFactorial[n]);
      unrank_permutation(r, back);
      ASSERT_EQ(back, perm);
    }
  }
}

TEST(Rank, HalfRankSeparatesOnlyTheLastTwoElements) {
  const std::vector<std::uint8_t> a{2, 0, 3, 1}, b{2, 0, 1, 3};
  EXPECT_EQ(half_rank(rank_permutation(a)), half_rank(rank_permutation(b)));
  EXPECT_NE(rank_permutation(a), rank_permutation(b));
}

}  // namespace
}  // namespace npuzzle
