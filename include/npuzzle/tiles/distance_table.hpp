#pragma once
// Exact distances from every reachable state of a small board (at most 10 cells) to one goal,
// found by one breadth-first search backwards from the goal, so that a shortest solution costs a
// lookup per move.
//
// Boards are relabelled so that the goal reads 0, 1, ..., n-1 (each tile becomes the number of
// its goal cell); a table then depends only on the geometry and the blank's goal cell.
//
// Index: the blank's cell, then the half rank of the other tiles in reading order. With the blank
// on a given cell only one parity of that order is reachable, so the index is dense: n!/2 entries.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <tuple>
#include <vector>

#include "npuzzle/core/board.hpp"
#include "npuzzle/core/rank.hpp"
#include "npuzzle/core/unreached.hpp"

namespace npuzzle {

/// Everything that defines a table, and what its construction must find.
struct TableDescriptor {
  Geometry geometry;
  Cell blank_home = 0;
  std::uint64_t reachable = 0;              // states the search must reach
  std::vector<std::uint64_t> depth_counts;  // per distance, where published; empty otherwise
};

TableDescriptor describe_table(Geometry geometry, Cell blank_home);

/// Moves packed four to a byte, so that a walk along a table's moves stays in the first-level
/// cache; all Up until set.
class PackedDirs {
 public:
  explicit PackedDirs(std::size_t size) : bytes_((size + 3) / 4) {}
  Dir operator[](std::size_t i) const {
    return static_cast<Dir>((static_cast<unsigned>(bytes_[i / 4]) >> shift(i)) & 3u);
  }
  void set(std::size_t i, Dir d) {
    std::uint8_t& b = bytes_[i / 4];
    b = static_cast<std::uint8_t>((b & ~(3u << shift(i))) | static_cast<unsigned>(d) << shift(i));
  }
  std::size_t bytes() const { return bytes_.size(); }

 private:
  static unsigned shift(std::size_t i) { return static_cast<unsigned>(i % 4 * 2); }
  std::vector<std::uint8_t> bytes_;
};

class DistanceTable {
 public:
  static constexpr int kMaxCells = 10;

  /// Builds the table; throws std::logic_error if what it finds differs from the descriptor.
  explicit DistanceTable(TableDescriptor descriptor);
  /// The table from its packed form (below), as built before; throws std::logic_error if its
  /// size or its count of states at each distance differs from the descriptor.
  DistanceTable(TableDescriptor descriptor, std::span<const std::uint8_t> packed);
  /// One byte per index: the distance in the low six bits, the move toward the goal in the top
  /// two. Throws std::logic_error for a table with distances past 63.
  std::vector<std::uint8_t> packed() const;

  std::span<const std::uint64_t> depth_counts() const { return depth_counts_; }
  std::size_t bytes() const { return distance_.size() + toward_.bytes(); }

  /// The distance of a relabelled board that can reach the goal (one that cannot aliases another
  /// board's entry: decide reachability first).
  std::uint8_t distance(std::span<const std::uint8_t> relabelled) const {
    return distance_[index(relabelled)];
  }

  using Index = std::uint32_t;
  Index index(std::span<const std::uint8_t> relabelled) const;
  /// The index of the board with the blank on `blank` and the other tiles in the order of rank
  /// `order` (either of the two orders that share an entry).
  Index index_of(Cell blank, PermutationRank order) const {
    return static_cast<Index>(static_cast<PermutationRank>(blank) * per_blank_cell_ +
                              half_rank(order));
  }
  std::uint8_t distance_at(Index i) const { return distance_[i]; }
  /// The first of u, d, l, r that takes the blank one move closer to the goal (for an index
  /// at distance above 0), kept beside the distance so that a solution costs one index per move.
  Dir toward_goal(Index i) const { return toward_[i]; }
  /// The relabelled board of one of the two orders that share `index` (the other differs in its
  /// last two tiles): the caller picks the reachable one.
  std::vector<std::uint8_t> board_at(Index index) const;
  /// The `k`-th index, in index order, of a state `distance` moves from the goal
  /// (k < depth_counts()[distance]).
  Index nth_at_distance(int distance, std::uint64_t k) const;

 private:
  TableDescriptor descriptor_;
  PermutationRank per_blank_cell_;      // entries for each cell of the blank
  std::vector<std::uint8_t> distance_;  // by index
  PackedDirs toward_;                   // by index
  std::vector<std::uint64_t> depth_counts_;
};

/// The tables built so far, one per geometry and blank cell, each made on first use: read from
/// `stored` where it has the table packed (tables built into the program), built otherwise.
/// Safe to use from several threads.
class DistanceTables {
 public:
  using Stored = std::function<std::span<const std::uint8_t>(Geometry, Cell blank_home)>;
  explicit DistanceTables(Stored stored = {}) : stored_(std::move(stored)) {}
  const DistanceTable& for_goal(const Board& goal);

 private:
  Stored stored_;
  std::mutex mutex_;
  std::map<std::tuple<int, int, Cell>, std::unique_ptr<const DistanceTable>> tables_;
};

/// Shortest solutions against one goal, read off its table.
class TableSolver {
 public:
  TableSolver(const Board& goal, DistanceTables& tables);

  /// The distance of `board` to the goal, or nullopt if it cannot reach it (decided by parity
  /// first: an unreachable board's rank would alias a reachable one's).
  std::optional<int> distance(const Board& board) const;
  /// A shortest move sequence, or nullopt if the board cannot reach the goal. Where several moves
  /// start a shortest path, the first of u, d, l, r is taken.
  std::optional<std::vector<Dir>> solve(const Board& board) const;
  /// The `k`-th board, in the table's order, of those exactly `distance` moves from the goal
  /// (k below the table's count at that distance); with k uniform, a uniform draw among them.
  Board board_at_distance(int distance, std::uint64_t k) const;
  const DistanceTable& table() const { return *table_; }

 private:
  class Position;

  Board goal_;
  std::vector<Cell> goal_cell_;  // by tile
  const DistanceTable* table_;
};

}  // namespace npuzzle
