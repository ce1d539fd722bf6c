#include "npuzzle/fast/shorten.hpp"

#include <algorithm>
#include <optional>

#include "npuzzle/tiles/move_pruning.hpp"

namespace npuzzle {
namespace {

/// One pass over a move list with two boards a window apart: `a` where the kept moves have
/// led, `b` that many moves further along the old list. The estimate `h` (every tile's taxicab
/// distance between its cells on the two boards) is kept up to date as either board moves.
class Pass {
 public:
  Pass(const Board& board, const ShortenOptions& options, SearchRun& run)
      : g_(board.geometry),
        options_(options),
        run_(run),
        a_(board.tiles),
        b_(board.tiles),
        at_a_(a_.size()),
        at_b_(a_.size()) {
    for (Cell c = 0; c < g_.cells(); ++c) {
      at_a_[a_[idx(c)]] = c;
      at_b_[a_[idx(c)]] = c;
    }
    blank_a_ = blank_b_ = board.blank();
  }

  /// Returns the shortened list, or nothing where the budget ended first.
  std::optional<std::vector<Dir>> run(const std::vector<Dir>& moves, bool& shorter) {
    const std::size_t n = moves.size(), w = static_cast<std::size_t>(options_.window);
    std::vector<Dir> out;
    out.reserve(n);
    std::size_t i = 0, j = 0;
    const auto advance_b = [&](std::size_t to) {
      for (; j < to; ++j) move_b(moves[j]);
    };
    advance_b(std::min(w, n));
    while (i < n) {
      if (run_.over_budget(0)) return std::nullopt;
      const auto span = static_cast<int>(j - i);
      if (span >= 4 && h_ <= span - 2 && search(span - 2)) {
        for (Dir d : found_) move_a(d);
        out.insert(out.end(), found_.begin(), found_.end());
        shorter = true;
        i = j;
        advance_b(std::min(j + w, n));
        continue;
      }
      move_a(moves[i]);
      out.push_back(moves[i]);
      ++i;
      advance_b(std::min(i + w, n));
    }
    return out;
  }

 private:
  static std::size_t idx(Cell c) { return static_cast<std::size_t>(c); }
  int distance(Cell x, Cell y) const { return g_.taxicab(x, y); }

  void move_a(Dir d) {
    const Cell next = g_.step(blank_a_, d);
    const Tile t = a_[idx(next)];
    h_ += distance(blank_a_, at_b_[t]) - distance(next, at_b_[t]);
    a_[idx(blank_a_)] = t;
    at_a_[t] = blank_a_;
    a_[idx(next)] = kBlank;
    blank_a_ = next;
  }
  void move_b(Dir d) {
    const Cell next = g_.step(blank_b_, d);
    const Tile t = b_[idx(next)];
    h_ += distance(at_a_[t], blank_b_) - distance(at_a_[t], next);
    b_[idx(blank_b_)] = t;
    at_b_[t] = blank_b_;
    b_[idx(next)] = kBlank;
    blank_b_ = next;
  }

  /// IDA* from `a` to `b` for a path of at most `limit` moves, within the window's nodes.
  bool search(int limit) {
    nodes_ = 0;
    path_.clear();
    // Every path between the two boards has the parity of the estimate.
    for (int bound = h_; bound <= limit; bound += 2) {
      if (dfs(0, bound, kPruningStart)) {
        found_ = path_;
        for (auto it = path_.rbegin(); it != path_.rend(); ++it) move_a(reverse(*it));
        return true;
      }
      if (nodes_ >= options_.nodes_per_window) return false;
    }
    return false;
  }
  /// The moves follow the searches' move-pruning machine, which leaves out the strings that
  /// another no longer reaches the same board by, the reverse move among them.
  bool dfs(int depth, int bound, PruningState at) {
    if (h_ == 0) return true;  // every tile where b has it, so the blank too
    if (depth + h_ > bound || ++nodes_ >= options_.nodes_per_window) return false;
    for (Dir d : kAllDirs) {
      const PruningState next = pruning_.after(at, d);
      if (next == kPrunedMove || g_.step(blank_a_, d) < 0) continue;
      move_a(d);
      path_.push_back(d);
      if (dfs(depth + 1, bound, next)) return true;
      path_.pop_back();
      move_a(reverse(d));
    }
    return false;
  }

  Geometry g_;
  const MovePruning& pruning_ = MovePruning::standard();
  const ShortenOptions& options_;
  SearchRun& run_;
  std::vector<Tile> a_, b_;
  std::vector<Cell> at_a_, at_b_;
  Cell blank_a_ = 0, blank_b_ = 0;
  int h_ = 0;
  std::uint64_t nodes_ = 0;
  std::vector<Dir> path_, found_;
};

}  // namespace

std::vector<Dir> shorten(const Board& board, std::vector<Dir> moves, const ShortenOptions& options,
                         const Budget& budget) {
  SearchRun run(budget);
  // A pass reads the budget only now and then; a cancel or timeout before it starts keeps it
  // from starting at all.
  for (bool shorter = true; shorter && !run.interrupted();) {
    shorter = false;
    auto next = Pass(board, options, run).run(moves, shorter);
    if (!next) break;
    moves = std::move(*next);
  }
  return moves;
}

}  // namespace npuzzle
