// Boards of a chosen difficulty: exactly so many moves from the goal, proven by the exact
// search, or so many random moves away.

#include <algorithm>
#include <array>
#include <chrono>
#include <string>

#include "npuzzle/api/solver.hpp"
#include "npuzzle/core/moves.hpp"
#include "npuzzle/core/parity.hpp"
#include "npuzzle/core/random_board.hpp"
#include "npuzzle/fast/constructive.hpp"
#include "npuzzle/tiles/bounds.hpp"
#include "solver_impl.hpp"

namespace npuzzle {
namespace {

constexpr int kMaxGenerateCells = 16;
/// 4x4 distances at which uniform boards are drawn by rejection (see Solver::generate).
constexpr int kRejectionLow = 46;
constexpr int kRejectionHigh = 60;
/// The most moves any 4x4 board needs (Brüngger et al. 1999).
constexpr int kFifteenDiameter = 80;
/// Walks outward that may end below the distance before the request is refused.
constexpr int kMaxWalks = 1000;

/// What is left of a budget's time, for each of the searches that share it.
class SearchBudgets {
 public:
  explicit SearchBudgets(const SolveOptions& options)
      : options_(options), start_(std::chrono::steady_clock::now()) {}

  /// Options for one search that looks for solutions of at most `max_depth` moves; nullopt
  /// where the time is up or the work was cancelled (searches that end at once never look).
  std::optional<SolveOptions> next(int max_depth) const {
    if (options_.budget.cancel && options_.budget.cancel->cancelled()) return std::nullopt;
    SolveOptions o = options_;
    o.budget.max_depth = max_depth;
    if (options_.budget.timeout_seconds > 0) {
      const double left =
          options_.budget.timeout_seconds -
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
      if (left <= 0) return std::nullopt;
      o.budget.timeout_seconds = left;
    }
    return o;
  }

 private:
  SolveOptions options_;
  std::chrono::steady_clock::time_point start_;
};

/// The parity of every solution's length: that of the blank's taxicab distance home.
int length_parity(const Board& board, const Board& goal) {
  return goal.geometry.taxicab(board.blank(), goal.blank()) % 2;
}

}  // namespace

std::optional<Board> Solver::random_walk(const Board& goal, std::uint64_t moves,
                                         std::mt19937_64& rng, const Budget& budget) const {
  validate(goal);
  const SearchRun run(budget);
  return npuzzle::random_walk(goal, moves, rng, [&] { return run.interrupted().has_value(); });
}

std::optional<Board> Solver::generate(const Board& goal, int distance, std::mt19937_64& rng,
                                      const SolveOptions& options) const {
  validate(goal);
  const Geometry g = goal.geometry;
  if (distance < 0) throw InputError("a distance is at least 0, not " + std::to_string(distance));
  if (g.cells() > kMaxGenerateCells) {
    throw InputError("boards at a proven distance are drawn on boards of up to " +
                     std::to_string(kMaxGenerateCells) + " cells, not " + g.name() +
                     " (random moves from the goal serve any size)");
  }

  if (g.cells() <= DistanceTable::kMaxCells) {
    const TableSolver table(goal, impl_->distance);
    const auto counts = table.table().depth_counts();
    if (static_cast<std::size_t>(distance) >= counts.size()) {
      throw InputError("no " + g.name() + " board is more than " +
                       std::to_string(counts.size() - 1) + " moves from this goal");
    }
    return table.board_at_distance(distance,
                                   uniform_below(rng, counts[static_cast<std::size_t>(distance)]));
  }
  if (g == Geometry{4, 4} && distance > kFifteenDiameter) {
    throw InputError("no 4x4 board is more than " + std::to_string(kFifteenDiameter) +
                     " moves from the goal");
  }

  const SearchBudgets budgets(options);
  // The exact length of `board` if it is at most `cap` moves; nullopt in `*length` if longer;
  // false where the budget ended.
  const auto measure = [&](const Board& board, int cap, std::optional<int>* length) {
    const auto o = budgets.next(cap);
    if (!o) return false;
    if (conflict_bound(board, goal) > cap) {
      *length = std::nullopt;
      return true;
    }
    const Solution s = solve(board, goal, *o);
    if (s.status == SearchStatus::Solved) {
      if (!s.optimal) return false;  // auto handed over to the fast solver: the budget ended
      *length = static_cast<int>(s.moves.size());
      return true;
    }
    *length = std::nullopt;
    return s.status == SearchStatus::DepthLimit;
  };

  if (g == Geometry{4, 4} && distance >= kRejectionLow && distance <= kRejectionHigh) {
    for (;;) {
      const Board b = random_board(goal, rng);
      if (length_parity(b, goal) != distance % 2) continue;
      std::optional<int> length;
      if (!measure(b, distance, &length)) return std::nullopt;
      if (length == distance) return b;
    }
  }

  // Outward: every move changes the distance by exactly one (the moves alternate the blank's
  // colour on a chessboard), so a neighbour of a board d away that has no solution of d - 1
  // moves is d + 1 away.
  const MoveTable move_table(g);
  for (int walk = 0; walk < kMaxWalks; ++walk) {
    Board b = goal;
    Dir last = kNoDir;
    int d = 0;
    for (; d < distance; ++d) {
      std::array<Dir, kDirCount> dirs{};
      const auto moves = move_table.moves(b.blank(), last);
      const std::size_t count = moves.size();
      std::copy(moves.begin(), moves.end(), dirs.begin());
      for (std::size_t i = count; i > 1; --i) {
        std::swap(dirs[i - 1], dirs[static_cast<std::size_t>(uniform_below(rng, i))]);
      }
      bool moved = false;
      for (std::size_t i = 0; i < count && !moved; ++i) {
        Board next = b;
        apply_move(next, dirs[i]);
        std::optional<int> closer;
        if (d > 0 && !measure(next, d - 1, &closer)) return std::nullopt;
        if (!closer) {
          b = std::move(next);
          last = dirs[i];
          moved = true;
        }
      }
      if (!moved) break;  // no neighbour is farther: walk again
    }
    if (d == distance) return b;
  }
  throw InputError("no walk outward from the goal reached a " + g.name() + " board " +
                   std::to_string(distance) + " moves away in " + std::to_string(kMaxWalks) +
                   " tries: boards that far are rare or do not exist");
}

}  // namespace npuzzle
