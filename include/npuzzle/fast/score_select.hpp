#pragma once
// The k lowest of many scored items put first, the set std::nth_element would put there, with
// few comparisons between items: a sample of the scores tells about where the k-th lies, a count
// of the scores in narrow buckets around it tells the bucket, and the items are scattered by
// bucket (below it, in it, above it); only those in that bucket are then ordered. Where the
// sample misleads, the bucket is wide and the ordering takes longer; the set is the same.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

namespace npuzzle {

/// `Item` has an integer `score`; `better(a, b)` orders items by score first.
template <class Item>
class ScoreSelect {
 public:
  /// Reorders `items[0, n)` so that the `k` lowest by `better` come first, in no order (what
  /// lies past `n` is not kept).
  template <class Better>
  void select(std::vector<Item>& items, std::size_t n, std::size_t k, Better better) {
    if (k >= n) return;
    if (n < kFewest) {
      std::nth_element(items.begin(), items.begin() + diff(k), items.begin() + diff(n), better);
      return;
    }
    // The scores a sample puts around the k-th: the buckets cover them and as much again above.
    std::array<std::int64_t, kSample> sample;
    for (std::size_t j = 0; j < kSample; ++j) sample[j] = items[j * n / kSample].score;
    std::sort(sample.begin(), sample.end());
    const std::size_t at = k * kSample / n;
    const std::int64_t low = sample[at < kMargin ? 0 : at - kMargin];
    const std::int64_t high = sample[std::min(kSample - 1, at + kMargin)];
    const int width = static_cast<int>(std::bit_width(static_cast<std::uint64_t>(high - low)));
    const int shift = std::max(0, width - (kBucketBits - 1));
    // Bucket 0: below `low`; the last: past the buckets. (Clamped rather than tested: which
    // side of `low` an item lies is a coin toss that a branch would miss.)
    const auto bucket = [&](const Item& x) {
      const std::int64_t b = ((x.score - low) >> shift) + 1;
      return static_cast<std::size_t>(std::clamp<std::int64_t>(b, 0, kBuckets));
    };
    count_.fill(0);
    for (std::size_t i = 0; i < n; ++i) ++count_[bucket(items[i])];
    std::size_t t = 0, before = 0;
    while (before + count_[t] < k) before += count_[t++];
    spare_.resize(items.size());
    std::array<std::size_t, 3> next{0, before, before + count_[t]};
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t b = bucket(items[i]);
      spare_[next[std::size_t{b > t} + std::size_t{b >= t}]++] = items[i];
    }
    std::nth_element(spare_.begin() + diff(before), spare_.begin() + diff(k),
                     spare_.begin() + diff(before + count_[t]), better);
    items.swap(spare_);
  }

 private:
  static constexpr int kBucketBits = 10;
  static constexpr std::size_t kBuckets = std::size_t{1} << kBucketBits;
  static constexpr std::size_t kSample = 64, kMargin = 6, kFewest = 512;
  static std::ptrdiff_t diff(std::size_t i) { return static_cast<std::ptrdiff_t>(i); }

  std::array<std::uint32_t, kBuckets + 1> count_{};
  std::vector<Item> spare_;
};

}  // namespace npuzzle
