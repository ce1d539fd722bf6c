#include "npuzzle/core/parity.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "npuzzle/util/errors.hpp"

namespace npuzzle {
namespace {

bool same_tile_order(const Board& board, const Board& goal) {
  std::size_t j = 0;
  for (Tile t : board.tiles) {
    if (t == kBlank) continue;
    while (goal.tiles[j] == kBlank) ++j;
    if (goal.tiles[j++] != t) return false;
  }
  return true;
}

// One bit per element: a 32nd of the array it marks, so it stays in cache where the array does not.
class VisitedBits {
 public:
  explicit VisitedBits(std::size_t size) : words_((size + 63) / 64) {}
  bool operator[](std::size_t i) const { return ((words_[i / 64] >> (i % 64)) & 1) != 0; }
  void mark(std::size_t i) { words_[i / 64] |= std::uint64_t{1} << (i % 64); }
  /// The first unmarked index at or after `i`, or `size` where there is none.
  std::size_t first_unmarked(std::size_t i, std::size_t size) const {
    while (i < size && (*this)[i]) i = (i % 64 == 0 && ~words_[i / 64] == 0) ? i + 64 : i + 1;
    return std::min(i, size);
  }

 private:
  std::vector<std::uint64_t> words_;
};

// One cycle at a time: each step waits for the last read, which is fine while the array is in
// cache.
std::size_t count_cycles_one_by_one(std::span<const std::uint32_t> next) {
  VisitedBits seen(next.size());
  std::size_t cycles = 0;
  for (std::size_t start = 0; start < next.size(); ++start) {
    if (seen[start]) continue;
    ++cycles;
    for (std::size_t c = start; !seen[c]; c = next[c]) seen.mark(c);
  }
  return cycles;
}

}  // namespace

std::size_t count_cycles(std::span<const std::uint32_t> next) {
  // Past the cache a walk waits on memory at every step. So several walks go at once, each
  // starting from unvisited elements of its own stretch of the array; the reads of different
  // walks are independent and overlap. A walk stops at the first visited element, which is
  // always where a walk started (any other visited element's only predecessor was visited by the
  // walk that went on from it), so the walks cut the cycles into segments. A segment that meets
  // its own start is a whole cycle; the others form a permutation of segments, with as many
  // cycles as the rest of `next`. Separate stretches keep the segments few where the
  // permutation runs in order (a goal board: one cycle through every cell in turn).
  constexpr std::size_t kInCache = std::size_t{1} << 14;
  const std::size_t n = next.size();
  if (n <= kInCache) return count_cycles_one_by_one(next);
  constexpr std::size_t kWalks = 16;
  struct Segment {
    std::uint32_t start, met;  // where its walk started, and the start it met
  };
  struct Walk {
    std::uint32_t to;           // the element it reaches next
    std::size_t stretch, scan;  // its stretch, and where the search for a start resumes
  };
  const std::size_t stretch_size = (n + kWalks - 1) / kWalks;
  std::array<std::vector<Segment>, kWalks> segments;  // per stretch, by increasing start
  std::array<Walk, kWalks> walks{};
  VisitedBits seen(n);
  std::size_t cycles = 0, active = 0;
  const auto start_walk = [&](Walk& walk) {
    const std::size_t end = std::min(n, (walk.stretch + 1) * stretch_size);
    walk.scan = seen.first_unmarked(walk.scan, end);
    if (walk.scan == end) return false;
    seen.mark(walk.scan);
    segments[walk.stretch].push_back({static_cast<std::uint32_t>(walk.scan), 0});
    walk.to = next[walk.scan];
    return true;
  };
  for (std::size_t k = 0; k < kWalks; ++k) {
    walks[active] = {0, k, k * stretch_size};
    if (walks[active].scan < n && start_walk(walks[active])) ++active;
  }
  while (active > 0) {
    for (std::size_t i = 0; i < active;) {
      Walk& walk = walks[i];
      if (!seen[walk.to]) {
        seen.mark(walk.to);
        walk.to = next[walk.to];
        ++i;
        continue;
      }
      auto& own = segments[walk.stretch];
      if (walk.to == own.back().start) {
        ++cycles;  // a whole cycle: no other walk will meet it
        own.pop_back();
      } else {
        own.back().met = walk.to;
      }
      if (!start_walk(walk)) walk = walks[--active];
    }
  }
  // The segments in order of their starts, and each one's successor among them.
  std::vector<std::uint32_t> starts, meets;
  for (const auto& stretch : segments) {
    for (const Segment& s : stretch) starts.push_back(s.start);
  }
  for (const auto& stretch : segments) {
    for (const Segment& s : stretch) {
      meets.push_back(static_cast<std::uint32_t>(
          std::lower_bound(starts.begin(), starts.end(), s.met) - starts.begin()));
    }
  }
  return cycles + count_cycles_one_by_one(meets);
}

bool solvable(const Board& board, const Board& goal) {
  if (board.geometry != goal.geometry) {
    throw InputError("the board is " + board.geometry.name() + " but the goal is " +
                     goal.geometry.name());
  }
  const Geometry g = board.geometry;
  if (g.rows == 1 || g.cols == 1) return same_tile_order(board, goal);

  // The permutation taking the board to the goal is goal^-1 . board (both read as maps from
  // cells to tiles), so its parity is the sum of theirs, and a permutation of n elements with k
  // cycles has parity (n - k) mod 2.
  const std::size_t cycles = count_cycles(board.tiles) + count_cycles(goal.tiles);
  const auto permutation_parity = cycles % 2;
  const Cell from = board.blank(), to = goal.blank();
  const auto blank_parity = static_cast<std::size_t>(g.taxicab(from, to)) % 2;
  return permutation_parity == blank_parity;
}

}  // namespace npuzzle
