#pragma once
// Board shape and the blank's moves on it: any rows x cols, nothing square-only.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace npuzzle {

/// A cell of the board, row-major: cell = row * cols + col.
using Cell = int;

/// The direction the blank travels in one move (the notation of all the classic problems).
/// Values pair up so that a move's reverse is value ^ 1.
enum class Dir : std::uint8_t { Up = 0, Down = 1, Left = 2, Right = 3 };
inline constexpr int kDirCount = 4;
inline constexpr std::array<Dir, kDirCount> kAllDirs{Dir::Up, Dir::Down, Dir::Left, Dir::Right};
/// Stands for "no previous move" where a move list leaves out the reverse of the last move.
inline constexpr Dir kNoDir = static_cast<Dir>(kDirCount);

constexpr int index(Dir d) {
  return static_cast<int>(d);
}
constexpr Dir reverse(Dir d) {
  return static_cast<Dir>(static_cast<std::uint8_t>(d) ^ 1u);
}
constexpr bool is_vertical(Dir d) {
  return d == Dir::Up || d == Dir::Down;
}

/// The most cells a board may have (5000 x 5000, the largest AcWing 108 size): a size is
/// checked against it, in 64 bits, before any memory is taken.
inline constexpr std::int64_t kMaxBoardCells = 25'000'000;

struct Geometry {
  int rows = 0;
  int cols = 0;

  constexpr int cells() const { return rows * cols; }
  constexpr int row(Cell c) const { return c / cols; }
  constexpr int col(Cell c) const { return c % cols; }
  constexpr Cell at(int r, int c) const { return r * cols + c; }
  /// The taxicab distance between two cells: the fewest moves that take a tile from one to the
  /// other on an empty board.
  constexpr int taxicab(Cell a, Cell b) const {
    const int dr = row(a) - row(b), dc = col(a) - col(b);
    return (dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc);
  }
  /// The neighbour of `c` in direction `d`, or -1 off the board.
  constexpr Cell step(Cell c, Dir d) const {
    const int r = row(c), k = col(c);
    switch (d) {
      case Dir::Up:
        return r > 0 ? c - cols : -1;
      case Dir::Down:
        return r + 1 < rows ? c + cols : -1;
      case Dir::Left:
        return k > 0 ? c - 1 : -1;
      case Dir::Right:
        return k + 1 < cols ? c + 1 : -1;
    }
    return -1;
  }
  /// "RxC", the form `--size` takes.
  std::string name() const { return std::to_string(rows) + "x" + std::to_string(cols); }

  friend constexpr bool operator==(Geometry, Geometry) = default;
};

/// Per-cell move lists, one for each previous move, each leaving out that move's reverse so that
/// a search never walks straight back to its parent. Built once per geometry.
class MoveTable {
 public:
  explicit MoveTable(Geometry g);

  /// The blank's moves from `blank` after `last` (kNoDir: all of them).
  std::span<const Dir> moves(Cell blank, Dir last) const {
    const auto slot = static_cast<std::size_t>(blank * (kDirCount + 1) + index(last));
    return {dirs_.data() + begin_[slot], static_cast<std::size_t>(begin_[slot + 1] - begin_[slot])};
  }
  /// Where the blank lands after moving `d` from `blank` (`d` must be one of its moves).
  Cell target(Cell blank, Dir d) const {
    return targets_[static_cast<std::size_t>(blank * kDirCount + index(d))];
  }
  Geometry geometry() const { return geometry_; }

 private:
  Geometry geometry_;
  std::vector<Dir> dirs_;
  std::vector<int> begin_;
  std::vector<Cell> targets_;
};

}  // namespace npuzzle
