#include "npuzzle/tiles/distance_table.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <numeric>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>

#include "npuzzle/core/parity.hpp"
#include "npuzzle/util/errors.hpp"

namespace npuzzle {
namespace {

// The 8-puzzle with the blank's goal in a corner: states per distance 0..31 (Reinefeld 1993).
constexpr std::uint64_t kEightPuzzleCorner[] = {
    1,     2,     4,     8,     16,    20,   39,   62,   116,   152,   286,
    396,   748,   1024,  1893,  2512,  4485, 5638, 9529, 10878, 16993, 17110,
    23952, 20224, 24047, 15578, 14560, 6274, 3910, 760,  221,   2};

}  // namespace

TableDescriptor describe_table(Geometry geometry, Cell blank_home) {
  if (geometry.cells() > DistanceTable::kMaxCells || geometry.cells() < 2) {
    throw InputError("distance tables cover boards of 2 to " +
                     std::to_string(DistanceTable::kMaxCells) + " cells, not " + geometry.name());
  }
  TableDescriptor d{geometry, blank_home, 0, {}};
  const auto n = static_cast<std::uint64_t>(geometry.cells());
  // On a single line tiles never pass each other: the blank's cell is all that changes.
  d.reachable =
      geometry.rows == 1 || geometry.cols == 1 ? n : kFactorial[static_cast<std::size_t>(n)] / 2;
  const bool corner =
      (geometry.row(blank_home) == 0 || geometry.row(blank_home) == geometry.rows - 1) &&
      (geometry.col(blank_home) == 0 || geometry.col(blank_home) == geometry.cols - 1);
  if (geometry == Geometry{3, 3} && corner) {
    d.depth_counts.assign(std::begin(kEightPuzzleCorner), std::end(kEightPuzzleCorner));
  }
  return d;
}

namespace {
// The entries for each cell of the blank: half the orders of the other tiles (one parity is
// reachable); with a single tile there is one order, not half of one.
PermutationRank orders_per_blank_cell(Geometry g) {
  return std::max<PermutationRank>(1, kFactorial[static_cast<std::size_t>(g.cells() - 1)] / 2);
}
}  // namespace

DistanceTable::DistanceTable(TableDescriptor descriptor)
    : descriptor_(std::move(descriptor)),
      per_blank_cell_(orders_per_blank_cell(descriptor_.geometry)),
      distance_(
          checked_size(per_blank_cell_ * static_cast<std::uint64_t>(descriptor_.geometry.cells())),
          kUnreached),
      toward_(distance_.size()) {
  const Geometry g = descriptor_.geometry;
  const auto n = static_cast<std::size_t>(g.cells());
  const auto blank_value = static_cast<std::uint8_t>(descriptor_.blank_home);

  // Layer by layer from the goal (the identity, rank 0); the queue holds full ranks, which
  // unrank without a parity fix-up. Every parent of a state lies in the layer before it, so
  // the first of u, d, l, r back to a parent is settled by the end of that layer.
  std::vector<std::uint32_t> layer{0}, next;
  std::vector<std::uint8_t> perm(n);
  unrank_permutation(0, perm);
  distance_[index(perm)] = 0;
  for (std::uint8_t depth = 0; !layer.empty(); ++depth) {
    depth_counts_.push_back(layer.size());
    next.clear();
    for (const std::uint32_t rank : layer) {
      unrank_permutation(rank, perm);
      const auto blank =
          static_cast<Cell>(std::find(perm.begin(), perm.end(), blank_value) - perm.begin());
      for (Dir d : kAllDirs) {
        const Cell target = g.step(blank, d);
        if (target < 0) continue;
        std::swap(perm[static_cast<std::size_t>(blank)], perm[static_cast<std::size_t>(target)]);
        const Index i = index(perm);
        const Dir back = reverse(d);
        if (distance_[i] == kUnreached) {
          distance_[i] = static_cast<std::uint8_t>(depth + 1);
          toward_.set(i, back);
          next.push_back(static_cast<std::uint32_t>(rank_permutation(perm)));
        } else if (distance_[i] == depth + 1 && back < toward_[i]) {
          toward_.set(i, back);
        }
        std::swap(perm[static_cast<std::size_t>(blank)], perm[static_cast<std::size_t>(target)]);
      }
    }
    layer.swap(next);
  }

  const auto reached =
      std::accumulate(depth_counts_.begin(), depth_counts_.end(), std::uint64_t{0});
  const auto& expected = descriptor_.depth_counts;
  if (reached != descriptor_.reachable || (!expected.empty() && expected != depth_counts_)) {
    throw std::logic_error("the " + g.name() + " distance table reached " +
                           std::to_string(reached) + " states in " +
                           std::to_string(depth_counts_.size()) + " layers, not the expected " +
                           std::to_string(descriptor_.reachable));
  }
}

namespace {
constexpr int kDistanceBits = 6;
constexpr std::uint8_t kDistanceMask = (1u << kDistanceBits) - 1;
}  // namespace

DistanceTable::DistanceTable(TableDescriptor descriptor, std::span<const std::uint8_t> packed)
    : descriptor_(std::move(descriptor)),
      per_blank_cell_(orders_per_blank_cell(descriptor_.geometry)),
      distance_(packed.size()),
      toward_(packed.size()) {
  for (std::size_t i = 0; i < packed.size(); ++i) {
    distance_[i] = packed[i] & kDistanceMask;
    toward_.set(i, static_cast<Dir>(packed[i] >> kDistanceBits));
    if (distance_[i] >= depth_counts_.size()) depth_counts_.resize(distance_[i] + 1u);
    ++depth_counts_[distance_[i]];
  }
  const auto& expected = descriptor_.depth_counts;
  if (packed.size() !=
          per_blank_cell_ * static_cast<PermutationRank>(descriptor_.geometry.cells()) ||
      (!expected.empty() && expected != depth_counts_)) {
    throw std::logic_error("the stored " + descriptor_.geometry.name() +
                           " distance table is damaged: its size or its count of states at each "
                           "distance is not the expected one");
  }
}

std::vector<std::uint8_t> DistanceTable::packed() const {
  std::vector<std::uint8_t> out(distance_.size());
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (distance_[i] > kDistanceMask) {
      throw std::logic_error("a distance table past " + std::to_string(kDistanceMask) +
                             " moves does not pack");
    }
    out[i] = static_cast<std::uint8_t>(distance_[i] | static_cast<unsigned>(toward_[i])
                                                          << kDistanceBits);
  }
  return out;
}

DistanceTable::Index DistanceTable::index(std::span<const std::uint8_t> relabelled) const {
  const auto blank_value = static_cast<std::uint8_t>(descriptor_.blank_home);
  std::array<std::uint8_t, kMaxCells> others;
  std::size_t count = 0, blank = 0;
  for (std::size_t c = 0; c < relabelled.size(); ++c) {
    const std::uint8_t v = relabelled[c];
    if (v == blank_value) {
      blank = c;
    } else {
      others[count++] = static_cast<std::uint8_t>(v > blank_value ? v - 1 : v);
    }
  }
  return index_of(static_cast<Cell>(blank), rank_permutation(std::span(others.data(), count)));
}

std::vector<std::uint8_t> DistanceTable::board_at(Index index) const {
  const auto n = static_cast<std::size_t>(descriptor_.geometry.cells());
  const auto blank = index / per_blank_cell_;
  std::array<std::uint8_t, kMaxCells> others{};
  unrank_permutation(2 * (index % per_blank_cell_), std::span(others.data(), n - 1));
  const auto blank_value = static_cast<std::uint8_t>(descriptor_.blank_home);
  std::vector<std::uint8_t> relabelled(n);
  for (std::size_t c = 0, i = 0; c < n; ++c) {
    if (c == blank) {
      relabelled[c] = blank_value;
    } else {
      const std::uint8_t v = others[i++];
      relabelled[c] = static_cast<std::uint8_t>(v >= blank_value ? v + 1 : v);
    }
  }
  return relabelled;
}

DistanceTable::Index DistanceTable::nth_at_distance(int distance, std::uint64_t k) const {
  for (std::size_t i = 0; i < distance_.size(); ++i) {
    if (distance_[i] == distance && k-- == 0) return static_cast<Index>(i);
  }
  throw std::logic_error("the distance table has fewer states at distance " +
                         std::to_string(distance) + " than asked for");
}

const DistanceTable& DistanceTables::for_goal(const Board& goal) {
  const std::lock_guard lock(mutex_);
  const Geometry g = goal.geometry;
  auto& slot = tables_[{g.rows, g.cols, goal.blank()}];
  if (!slot) {
    const auto packed = stored_ ? stored_(g, goal.blank()) : std::span<const std::uint8_t>{};
    slot = packed.empty()
               ? std::make_unique<const DistanceTable>(describe_table(g, goal.blank()))
               : std::make_unique<const DistanceTable>(describe_table(g, goal.blank()), packed);
  }
  return *slot;
}

// A board as the table indexes it, kept up to date as the blank moves: the blank's cell, and the
// other tiles' reading order (relabelled to 0 .. n-2) as Lehmer digits, each the number of later
// tiles that are smaller, with their rank. A move along a row leaves the order as it is; a move up
// or down carries one tile past the cols - 1 tiles between its cell and the blank's, which changes
// only their digits and its own. So each move costs a few operations, not a new rank.
class TableSolver::Position {
 public:
  Position(const Board& board, std::span<const Cell> goal_cell, Cell blank_home)
      : geometry_(board.geometry), count_(board.tiles.size() - 1) {
    const auto home = static_cast<std::uint8_t>(blank_home);
    for (std::size_t c = 0, k = 0; c < board.tiles.size(); ++c) {
      const auto v = static_cast<std::uint8_t>(goal_cell[board.tiles[c]]);
      if (v == home) {
        blank_ = static_cast<Cell>(c);
      } else {
        order_[k++] = v > home ? static_cast<std::uint8_t>(v - 1) : v;
      }
    }
    for (std::size_t k = 0; k < count_; ++k) {
      std::uint8_t smaller_later = 0;
      for (std::size_t j = k + 1; j < count_; ++j) smaller_later += order_[j] < order_[k];
      digit_[k] = smaller_later;
      rank_ += smaller_later * weight(k);
    }
    // The parity of the permutation from cells to goal cells: the order's inversions, plus those
    // of the blank (blank cell + blank home, mod 2). A slide changes it and the blank's taxicab
    // distance from home together, so the goal (even, distance 0) is reached where they agree.
    // On a single line tiles never pass each other: only the order of the goal reaches it.
    std::uint32_t inversions = static_cast<std::uint32_t>(blank_ + blank_home);
    for (std::size_t k = 0; k < count_; ++k) inversions += digit_[k];
    const int taxicab = std::abs(geometry_.row(blank_) - geometry_.row(blank_home)) +
                        std::abs(geometry_.col(blank_) - geometry_.col(blank_home));
    reachable_ = geometry_.rows == 1 || geometry_.cols == 1
                     ? rank_ == 0
                     : inversions % 2 == static_cast<std::uint32_t>(taxicab) % 2;
  }

  bool reachable() const { return reachable_; }
  DistanceTable::Index index(const DistanceTable& table) const {
    return table.index_of(blank_, rank_);
  }

  /// A move the table gives, which is legal.
  void move(Dir d) {
    const Cell target = blank_ + step_[static_cast<std::size_t>(d)];
    if (d == Dir::Down) {  // the tile below goes back past the tiles between: positions blank_..
      carry(static_cast<std::size_t>(target) - 1, static_cast<std::size_t>(blank_));
    } else if (d == Dir::Up) {  // the tile above goes on past them: to position blank_ - 1
      carry(static_cast<std::size_t>(target), static_cast<std::size_t>(blank_) - 1);
    }
    blank_ = target;
  }

 private:
  PermutationRank weight(std::size_t k) const { return kFactorial[count_ - 1 - k]; }

  // Moves the tile at position `from` of the order to position `to`, the ones between shifting
  // one place towards `from`.
  void carry(std::size_t from, std::size_t to) {
    const std::size_t lo = std::min(from, to), hi = std::max(from, to);
    for (std::size_t k = lo; k <= hi; ++k) rank_ -= digit_[k] * weight(k);
    const std::uint8_t tile = order_[from];
    std::uint8_t digit = digit_[from];
    if (to < from) {  // it now comes before them: it counts the smaller, they no longer count it
      for (std::size_t k = from; k > to; --k) {
        order_[k] = order_[k - 1];
        digit += order_[k] < tile;
        digit_[k] = static_cast<std::uint8_t>(digit_[k - 1] - (tile < order_[k]));
      }
    } else {  // it now comes after them: the reverse
      for (std::size_t k = from; k < to; ++k) {
        order_[k] = order_[k + 1];
        digit -= order_[k] < tile;
        digit_[k] = static_cast<std::uint8_t>(digit_[k + 1] + (tile < order_[k]));
      }
    }
    order_[to] = tile;
    digit_[to] = digit;
    for (std::size_t k = lo; k <= hi; ++k) rank_ += digit_[k] * weight(k);
  }

  Geometry geometry_;
  std::array<Cell, 4> step_{-geometry_.cols, geometry_.cols, -1, 1};  // by Dir: u, d, l, r
  std::size_t count_;
  Cell blank_ = 0;
  std::array<std::uint8_t, DistanceTable::kMaxCells> order_{}, digit_{};
  PermutationRank rank_ = 0;
  bool reachable_ = false;
};

TableSolver::TableSolver(const Board& goal, DistanceTables& tables)
    : goal_(goal), goal_cell_(cells_of_tiles(goal)), table_(&tables.for_goal(goal)) {}

std::optional<int> TableSolver::distance(const Board& board) const {
  const Position p(board, goal_cell_, goal_.blank());
  if (!p.reachable()) return std::nullopt;
  return table_->distance_at(p.index(*table_));
}

std::optional<std::vector<Dir>> TableSolver::solve(const Board& board) const {
  Position p(board, goal_cell_, goal_.blank());
  if (!p.reachable()) return std::nullopt;
  std::vector<Dir> moves(table_->distance_at(p.index(*table_)));
  for (Dir& move : moves) {
    move = table_->toward_goal(p.index(*table_));
    p.move(move);
  }
  if (table_->distance_at(p.index(*table_)) != 0) {
    throw std::logic_error("the distance table leads astray");
  }
  return moves;
}

Board TableSolver::board_at_distance(int distance, std::uint64_t k) const {
  const std::vector<std::uint8_t> relabelled =
      table_->board_at(table_->nth_at_distance(distance, k));
  Board b = goal_;
  for (std::size_t c = 0; c < relabelled.size(); ++c) b.tiles[c] = goal_.tiles[relabelled[c]];
  if (!solvable(b, goal_)) {  // the other order of the index: its last two tiles swapped
    std::size_t last = b.tiles.size() - 1;
    if (b.tiles[last] == kBlank) --last;
    std::size_t before = last - 1;
    if (b.tiles[before] == kBlank) --before;
    std::swap(b.tiles[last], b.tiles[before]);
  }
  return b;
}

}  // namespace npuzzle
