#include "npuzzle/tiles/distance_table.hpp"

#include <algorithm>
#include <array>
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
      toward_(distance_.size(), Dir::Up) {
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
          toward_[i] = back;
          next.push_back(static_cast<std::uint32_t>(rank_permutation(perm)));
        } else if (distance_[i] == depth + 1 && back < toward_[i]) {
          toward_[i] = back;
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
    toward_[i] = static_cast<Dir>(packed[i] >> kDistanceBits);
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
  const auto order = half_rank(rank_permutation(std::span(others.data(), count)));
  return static_cast<Index>(blank * per_blank_cell_ + order);
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

TableSolver::TableSolver(const Board& goal, DistanceTables& tables)
    : goal_(goal), goal_cell_(cells_of_tiles(goal)), table_(&tables.for_goal(goal)) {}

std::vector<std::uint8_t> TableSolver::relabel(const Board& board) const {
  std::vector<std::uint8_t> perm(board.tiles.size());
  for (std::size_t c = 0; c < perm.size(); ++c) {
    perm[c] = static_cast<std::uint8_t>(goal_cell_[board.tiles[c]]);
  }
  return perm;
}

std::optional<int> TableSolver::distance(const Board& board) const {
  if (!solvable(board, goal_)) return std::nullopt;
  const auto d = table_->distance(relabel(board));
  if (d == kUnreached) return std::nullopt;
  return d;
}

std::optional<std::vector<Dir>> TableSolver::solve(const Board& board) const {
  if (!solvable(board, goal_)) return std::nullopt;
  return solve_reachable(board);
}

std::vector<Dir> TableSolver::solve_reachable(const Board& board) const {
  std::vector<std::uint8_t> perm = relabel(board);
  DistanceTable::Index i = table_->index(perm);
  const std::uint8_t distance = table_->distance_at(i);
  if (distance == kUnreached) {
    throw std::logic_error("the board cannot reach the goal");
  }
  const Geometry g = board.geometry;
  Cell blank = board.blank();
  std::vector<Dir> moves(distance);
  for (Dir& move : moves) {
    move = table_->toward_goal(i);
    const Cell target = g.step(blank, move);
    std::swap(perm[static_cast<std::size_t>(blank)], perm[static_cast<std::size_t>(target)]);
    i = table_->index_after(i, blank, target, perm);
    blank = target;
  }
  if (table_->distance_at(i) != 0) throw std::logic_error("the distance table leads astray");
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
