#include "npuzzle/fast/constructive.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <vector>

#include "npuzzle/core/moves.hpp"
#include "npuzzle/core/parity.hpp"
#include "npuzzle/fast/line_order.hpp"
#include "npuzzle/fast/pair_window.hpp"
#include "npuzzle/search/idastar.hpp"
#include "npuzzle/tiles/bounds.hpp"
#include "npuzzle/tiles/heuristics.hpp"
#include "npuzzle/tiles/tile_domain.hpp"
#include "npuzzle/util/errors.hpp"

namespace npuzzle {
namespace {

/// Rows [r0, r1) and columns [c0, c1).
struct Rect {
  int r0 = 0, c0 = 0, r1 = 0, c1 = 0;
  bool contains(int r, int c) const { return r >= r0 && r < r1 && c >= c0 && c < c1; }
  int rows() const { return r1 - r0; }
  int cols() const { return c1 - c0; }
};

/// Moves on their way to the sink: a move that undoes the one before cancels it, and the rest
/// go out in chunks, keeping the latest chunk back so that cancelling can still reach it.
class MoveBuffer {
 public:
  explicit MoveBuffer(const MoveSink& sink) : sink_(sink) {}

  void push(Dir d) {
    if (!moves_.empty() && moves_.back() == reverse(d)) {
      moves_.pop_back();
      return;
    }
    moves_.push_back(d);
    if (moves_.size() >= 2 * kChunk) {
      sink_(std::span(moves_).first(kChunk));
      moves_.erase(moves_.begin(), moves_.begin() + kChunk);
    }
  }
  void flush() {
    if (!moves_.empty()) sink_(moves_);
    moves_.clear();
  }
  std::size_t bytes() const { return moves_.capacity() * sizeof(Dir); }

 private:
  static constexpr std::size_t kChunk = std::size_t{1} << 16;
  const MoveSink& sink_;
  std::vector<Dir> moves_;
};

/// What a move of the blank costs in the constructive solver's walks. Each move slides a tile
/// one step; a step away from home must be made up by two more moves later, so a walk is
/// judged by its length with steps away weighed more (the weights were chosen by measurement:
/// see docs/lab/).
constexpr int kToward = 1, kAway = 4;

/// How near the blank walks to a tile greedily before the cheapest way on is searched. The
/// search pays for the area between, so the reach shrinks as the board grows; a longer reach
/// gives shorter walks for more time.
int reach(Geometry g) {
  return std::max(16, 6400 / std::max(g.rows, g.cols));
}

/// Thrown inside the solver when the budget stops it.
struct Stopped {
  SearchStatus status;
};

/// One solve. Tiles are named by their home: the cell where each belongs once the goal's blank
/// has been walked to the last corner (the goal is reached from there by walking it back), so
/// that every line can be placed with the blank's home still ahead in the region left.
class Constructor {
 public:
  Constructor(const Board& board, const Board& goal, std::size_t tiles, MoveBuffer& out,
              SearchRun& run)
      : board_(board),
        goal_(goal),
        g_(board.geometry),
        home_(static_cast<std::size_t>(g_.cells())),
        at_(static_cast<std::size_t>(g_.cells())),
        fixed_(static_cast<std::size_t>(g_.cells()), 0),
        seen_(static_cast<std::size_t>(g_.cells()), 0),
        parent_(static_cast<std::size_t>(g_.cells())),
        cost_(static_cast<std::size_t>(g_.cells())),
        to_corner_(walk_to_corner(goal)),
        region_{0, 0, g_.rows, g_.cols},
        reach_(reach(g_)),
        limit_(tiles),
        out_(out),
        run_(run) {
    Board corner_goal = goal;
    for (Dir d : to_corner_) apply_move(corner_goal, d);
    std::vector<Cell> home_of_tile(static_cast<std::size_t>(g_.cells()));
    for (Cell c = 0; c < g_.cells(); ++c) home_of_tile[corner_goal.tiles[idx(c)]] = c;
    for (Cell c = 0; c < g_.cells(); ++c) {
      const Tile t = board.tiles[idx(c)];
      if (t == kBlank) {
        home_[idx(c)] = -1;
        blank_ = c;
      } else {
        home_[idx(c)] = home_of_tile[t];
        at_[idx(home_of_tile[t])] = c;
      }
    }
  }

  void solve() {
    if (g_.rows <= 3 && g_.cols <= 3) {
      exactly(board_, goal_);  // small enough to solve whole, towards the goal itself
      return;
    }
    if (g_.rows == 1 || g_.cols == 1) {
      // A single line: the tiles are already in order (parity says so), only the blank moves.
      walk_straight(goal_.blank());
      return;
    }
    // The region left is the bottom right rectangle from (region_.r0, region_.c0).
    for (;;) {
      const LineOrder order{g_, region_.r0, region_.c0};
      if (order.done(3)) break;
      place_line(order.next_is_row());
      if (placed_ >= limit_) return;
    }
    finish_exactly();
    for (auto it = to_corner_.rbegin(); it != to_corner_.rend(); ++it) move(reverse(*it));
  }

  /// What the solve holds, besides the boards it was given: a few numbers a cell.
  std::size_t bytes() const {
    const auto held = [](const auto& v) { return v.capacity() * sizeof(v[0]); };
    return held(home_) + held(at_) + held(fixed_) + held(seen_) + held(parent_) + held(cost_) +
           held(path_) + held(to_corner_) + out_.bytes();
  }

 private:
  static std::size_t idx(Cell c) { return static_cast<std::size_t>(c); }
  bool free(Cell c) const { return fixed_[idx(c)] == 0; }

  /// The blank moves one step; the tile there slides into its cell.
  void move(Dir d) {
    const Cell next = g_.step(blank_, d);
    const int h = home_[idx(next)];
    home_[idx(blank_)] = h;
    at_[idx(h)] = blank_;
    home_[idx(next)] = -1;
    blank_ = next;
    out_.push(d);
  }

  Dir toward(Cell from, Cell to) const {
    if (to == from - g_.cols) return Dir::Up;
    if (to == from + g_.cols) return Dir::Down;
    return to == from - 1 ? Dir::Left : Dir::Right;
  }

  /// The directions that bring `from` closer to `to`, the longer way first (so that paths
  /// keep diagonal); `count` of them.
  struct Ways {
    std::array<Dir, 2> dirs{};
    std::size_t count = 0;
  };
  Ways ways(Cell from, Cell to) const {
    const int dr = g_.row(to) - g_.row(from), dc = g_.col(to) - g_.col(from);
    Ways w;
    const auto add = [&](bool needed, Dir d) {
      if (needed) w.dirs[w.count++] = d;
    };
    const Dir vertical = dr > 0 ? Dir::Down : Dir::Up;
    const Dir horizontal = dc > 0 ? Dir::Right : Dir::Left;
    const bool rows_first = std::abs(dr) >= std::abs(dc);
    add(rows_first && dr != 0, vertical);
    add(dc != 0, horizontal);
    add(!rows_first && dr != 0, vertical);
    return w;
  }

  void walk_straight(Cell to) {
    while (g_.row(blank_) != g_.row(to)) move(g_.row(blank_) < g_.row(to) ? Dir::Down : Dir::Up);
    while (g_.col(blank_) != g_.col(to)) move(g_.col(blank_) < g_.col(to) ? Dir::Right : Dir::Left);
  }

  /// The cost of the blank's move from `from` to the next cell `to` (kToward or kAway, by
  /// where the tile it slides goes).
  int cost(Cell from, Cell to) const {
    const int h = home_[idx(to)];
    const int step = from - to;
    if (step == 1 || step == -1) return slide(g_.col(h) - g_.col(to), step);
    return slide(g_.row(h) - g_.row(to), step > 0 ? 1 : -1);
  }
  /// The cost of a slide by `step` (+1 or -1) along a line where home is `ahead` cells on.
  static int slide(int ahead, int step) { return ahead * step > 0 ? kToward : kAway; }

  // The blank's cheapest paths (by cost()) over the free cells of a window, other than `avoid`,
  // by buckets of equal cost; returns the first of `targets` reached, or -1. Cells reached in the
  // latest search carry the search's stamp.
  Cell search_blank(Rect w, std::span<const Cell> targets, std::span<const Cell> avoid) {
    ++stamp_;
    for (auto& b : buckets_) b.clear();
    buckets_[0].push_back(blank_);
    seen_[idx(blank_)] = stamp_;
    cost_[idx(blank_)] = 0;
    std::size_t queued = 1;
    for (int spent = 0; queued > 0; ++spent) {
      auto& bucket = buckets_[static_cast<std::size_t>(spent) % buckets_.size()];
      while (!bucket.empty()) {
        const Cell c = bucket.back();
        bucket.pop_back();
        --queued;
        if (cost_[idx(c)] != spent) continue;  // reached more cheaply since
        if (std::find(targets.begin(), targets.end(), c) != targets.end()) return c;
        const int r = g_.row(c), k = g_.col(c);
        for (Dir d : kAllDirs) {
          const int dr = d == Dir::Up ? -1 : d == Dir::Down ? 1 : 0;
          const int dc = d == Dir::Left ? -1 : d == Dir::Right ? 1 : 0;
          if (!w.contains(r + dr, k + dc)) continue;  // the window lies on the board
          const Cell n = c + dr * g_.cols + dc;
          if (!free(n) || std::find(avoid.begin(), avoid.end(), n) != avoid.end()) continue;
          // The tile on n slides back by (-dr, -dc).
          const int h = home_[idx(n)];
          const int to =
              spent + (dr != 0 ? slide(g_.row(h) - r - dr, -dr) : slide(g_.col(h) - k - dc, -dc));
          if (seen_[idx(n)] == stamp_ && cost_[idx(n)] <= to) continue;
          seen_[idx(n)] = stamp_;
          cost_[idx(n)] = to;
          parent_[idx(n)] = d;
          buckets_[static_cast<std::size_t>(to) % buckets_.size()].push_back(n);
          ++queued;
        }
      }
    }
    return -1;
  }
  /// The blank's path to `c` found by the latest search, walked.
  void walk_found(Cell c) {
    path_.clear();
    for (Cell at = c; at != blank_; at = g_.step(at, reverse(parent_[idx(at)]))) {
      path_.push_back(parent_[idx(at)]);
    }
    for (auto it = path_.rbegin(); it != path_.rend(); ++it) move(*it);
  }

  /// A window around some cells, two cells wider on each side, inside the region.
  Rect around(std::initializer_list<Cell> cells) const {
    Rect w{g_.rows, g_.cols, 0, 0};
    for (Cell c : cells) {
      w.r0 = std::min(w.r0, g_.row(c) - 2);
      w.c0 = std::min(w.c0, g_.col(c) - 2);
      w.r1 = std::max(w.r1, g_.row(c) + 3);
      w.c1 = std::max(w.c1, g_.col(c) + 3);
    }
    return {std::max(w.r0, region_.r0), std::max(w.c0, region_.c0), std::min(w.r1, region_.r1),
            std::min(w.c1, region_.c1)};
  }

  /// Brings the blank within reach of `near` by steps towards it that keep off fixed cells and
  /// `avoid` (one that slides its tile towards home where there is a choice), leaving the last
  /// stretch to a search.
  void approach(Cell near, std::span<const Cell> avoid) {
    for (;;) {
      if (std::abs(g_.row(near) - g_.row(blank_)) <= reach_ &&
          std::abs(g_.col(near) - g_.col(blank_)) <= reach_) {
        return;
      }
      const Ways w = ways(blank_, near);
      const auto open = [&](Dir d) {
        const Cell n = g_.step(blank_, d);
        return free(n) && std::find(avoid.begin(), avoid.end(), n) == avoid.end();
      };
      // Of the open ways, one that slides its tile towards home, else the first.
      Dir way = kNoDir;
      for (std::size_t i = 0; i < w.count; ++i) {
        const Dir d = w.dirs[i];
        if (!open(d)) continue;
        if (way == kNoDir ||
            cost(blank_, g_.step(blank_, d)) < cost(blank_, g_.step(blank_, way))) {
          way = d;
        }
      }
      if (way == kNoDir) return;
      move(way);
    }
  }

  /// Walks the blank to the cheapest of `targets` it can reach (searching the window around it
  /// first, then the whole region); returns that target.
  Cell walk_blank(std::span<const Cell> targets, std::span<const Cell> avoid, Rect w) {
    for (const Rect& where : {w, region_}) {
      const Cell best = search_blank(where, targets, avoid);
      if (best >= 0) {
        walk_found(best);
        return best;
      }
    }
    throw std::logic_error("constructive solver: the blank is walled in");
  }

  void check_budget() {
    if (run_.over_budget(0)) throw Stopped{run_.limit()};
  }

  /// Walks the tile on `from` to `to` one step at a time, each step towards `to` along whichever
  /// axis the blank reaches at the lower cost (so paths mostly come out as staircases, three
  /// moves a step rather than five), keeping off fixed cells and `hold`.
  void move_tile(Cell from, Cell to, std::span<const Cell> hold) {
    Cell p = from;
    std::array<Cell, 3> avoid{};
    std::copy(hold.begin(), hold.end(), avoid.begin() + 1);
    const std::span<const Cell> avoiding(avoid.data(), 1 + hold.size());
    while (p != to) {
      check_budget();
      avoid[0] = p;
      std::array<Cell, 2> steps{};
      std::size_t count = 0;
      const Ways w = ways(p, to);
      for (std::size_t i = 0; i < w.count; ++i) {
        const Cell n = g_.step(p, w.dirs[i]);
        if (free(n) && std::find(hold.begin(), hold.end(), n) == hold.end()) steps[count++] = n;
      }
      if (count == 0) throw std::logic_error("constructive solver: a tile is walled in");
      approach(p, avoiding);
      const auto candidates = std::span(steps).first(count);
      const Cell n = circle(p, candidates, avoiding)
                         ? ring_target_
                         : walk_blank(candidates, avoiding, around({blank_, p}));
      move(toward(blank_, p));
      p = n;
    }
  }

  /// The common case, without a search: the blank next to the tile on `p` (sides or corners)
  /// walks around it, one way or the other, to the one of `targets` whose free way costs least.
  /// Returns false where neither way is free or the blank is not next to the tile.
  bool circle(Cell p, std::span<const Cell> targets, std::span<const Cell> avoid) {
    // The eight cells around p, clockwise from above; -1 off the board. The blank's step from
    // one to the next slides the tile there the other way; each step's cost either way round.
    std::array<Cell, 8> ring{};
    std::array<int, 8> clockwise{}, anticlockwise{};  // of the step onto each cell
    const int pr = g_.row(p), pc = g_.col(p);
    constexpr std::array<int, 8> kDr{-1, -1, 0, 1, 1, 1, 0, -1}, kDc{0, 1, 1, 1, 0, -1, -1, -1};
    int from = -1;
    for (std::size_t k = 0; k < 8; ++k) {
      const int r = pr + kDr[k], c = pc + kDc[k];
      const bool usable = r >= 0 && r < g_.rows && c >= 0 && c < g_.cols && free(g_.at(r, c)) &&
                          std::find(avoid.begin(), avoid.end(), g_.at(r, c)) == avoid.end();
      ring[k] = usable ? g_.at(r, c) : -1;
      if (!usable) continue;
      if (ring[k] == blank_) {
        from = static_cast<int>(k);
        continue;
      }
      // Stepping onto cell k from k - 1 (clockwise) slides its tile back to k - 1.
      const int h = home_[idx(ring[k])];
      const int ahead_r = g_.row(h) - r, ahead_c = g_.col(h) - c;
      const auto cost_from = [&](std::size_t j) {
        const int dr = kDr[j] - kDr[k], dc = kDc[j] - kDc[k];
        return dr != 0 ? slide(ahead_r, dr) : slide(ahead_c, dc);
      };
      clockwise[k] = cost_from((k + 7) % 8);
      anticlockwise[k] = cost_from((k + 1) % 8);
    }
    if (from < 0) return false;
    constexpr int kNone = std::numeric_limits<int>::max();
    int best = kNone, best_step = 0;
    for (Cell t : targets) {
      const auto to = std::find(ring.begin(), ring.end(), t) - ring.begin();
      if (to == 8) continue;
      for (int step : {1, 7}) {
        const auto& costs = step == 1 ? clockwise : anticlockwise;
        int spent = 0;
        for (int k = from; k != to; k = (k + step) % 8) {
          const auto next = static_cast<std::size_t>((k + step) % 8);
          if (ring[next] < 0) {
            spent = kNone;
            break;
          }
          spent += costs[next];
        }
        if (spent < best) {
          best = spent;
          best_step = step;
          ring_target_ = t;
        }
      }
    }
    if (best == kNone) return false;
    for (int k = from; ring[static_cast<std::size_t>(k)] != ring_target_; k = (k + best_step) % 8) {
      move(toward(blank_, ring[static_cast<std::size_t>((k + best_step) % 8)]));
    }
    return true;
  }

  void fix(Cell c) {
    fixed_[idx(c)] = 1;
    ++placed_;
  }

  /// Places the top row (or left column) of the region and takes it off the region.
  void place_line(bool row) {
    const Rect r = region_;
    std::vector<Cell> line;
    if (row) {
      for (int c = r.c0; c < r.c1; ++c) line.push_back(g_.at(r.r0, c));
    } else {
      for (int k = r.r0; k < r.r1; ++k) line.push_back(g_.at(k, r.c0));
    }
    const std::size_t m = line.size();
    for (std::size_t j = 0; j + 2 < m; ++j) {
      if (placed_ >= limit_) return;
      move_tile(at_[idx(line[j])], line[j], {});
      fix(line[j]);
    }
    if (placed_ >= limit_) return;
    place_last_two(line[m - 2], line[m - 1], row);
    if (row) {
      ++region_.r0;
    } else {
      ++region_.c0;
    }
  }

  /// The last two tiles of a line cannot be walked home one after the other. The far one's
  /// partner goes to the far corner first, the far one into a small window by the corner
  /// (three lines deep, at most three wide), and an exact search of that window finishes both.
  void place_last_two(Cell near_home, Cell corner, bool row) {
    const Rect& r = region_;
    const Rect window = row ? Rect{r.r0, std::max(r.c0, r.c1 - 3), r.r0 + 3, r.c1}
                            : Rect{std::max(r.r0, r.r1 - 3), r.c0, r.r1, r.c0 + 3};
    if (at_[idx(near_home)] != near_home || at_[idx(corner)] != corner) {
      move_tile(at_[idx(near_home)], corner, {});
      const Cell held = corner;  // the near tile, parked in the corner
      std::vector<Cell> cells;
      for (int k = window.r0; k < window.r1; ++k) {
        for (int c = window.c0; c < window.c1; ++c) {
          if (free(g_.at(k, c))) cells.push_back(g_.at(k, c));
        }
      }
      const Cell far_at = at_[idx(corner)];
      if (!window.contains(g_.row(far_at), g_.col(far_at))) {
        Cell nearest = -1;
        int best = 0;
        for (Cell c : cells) {
          const int d = g_.taxicab(c, far_at);
          if (c != held && (nearest < 0 || d < best)) nearest = c, best = d;
        }
        move_tile(far_at, nearest, std::span(&held, 1));
      }
      if (!window.contains(g_.row(blank_), g_.col(blank_))) {
        const std::array<Cell, 2> tiles{at_[idx(near_home)], at_[idx(corner)]};
        std::vector<Cell> targets;
        for (Cell c : cells) {
          if (c != tiles[0] && c != tiles[1]) targets.push_back(c);
        }
        walk_blank(targets, tiles, around({blank_, near_home, corner}));
      }
      solve_window(cells, near_home, corner);
    }
    fix(near_home);
    fix(corner);
  }

  /// Breadth-first search over where two tiles and the blank are within `cells` (the other
  /// tiles there may go anywhere), to put the two at `a_home` and `b_home`.
  void solve_window(const std::vector<Cell>& cells, Cell a_home, Cell b_home) {
    const PairWindow w(g_, cells);
    constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
    const std::size_t start =
        w.state(w.index_of(at_[idx(a_home)]), w.index_of(at_[idx(b_home)]), w.index_of(blank_));
    std::vector<std::size_t> from(w.states(), kNone);
    std::vector<Dir> by(from.size());
    std::vector<std::size_t> queue{start};
    from[start] = start;
    std::size_t found = kNone;
    const std::size_t a_goal = w.index_of(a_home), b_goal = w.index_of(b_home);
    for (std::size_t head = 0; head < queue.size(); ++head) {
      const std::size_t s = queue[head];
      if (w.first(s) == a_goal && w.second(s) == b_goal) {
        found = s;
        break;
      }
      w.for_each_move(s, [&](std::size_t next, Dir d) {
        if (from[next] != kNone) return;
        from[next] = s;
        by[next] = d;
        queue.push_back(next);
      });
    }
    if (found == kNone)
      throw std::logic_error("constructive solver: the window has no way through");
    path_.clear();
    for (std::size_t s = found; s != start; s = from[s]) path_.push_back(by[s]);
    for (auto it = path_.rbegin(); it != path_.rend(); ++it) move(*it);
  }

  /// The region left (3x3 or smaller) solved exactly, as a board of its own whose goal has the
  /// blank last.
  void finish_exactly() {
    const Rect r = region_;
    const Geometry small{r.rows(), r.cols()};
    Board board{small, std::vector<Tile>(static_cast<std::size_t>(small.cells()))};
    for (int k = r.r0; k < r.r1; ++k) {
      for (int c = r.c0; c < r.c1; ++c) {
        const int h = home_[idx(g_.at(k, c))];
        board.tiles[static_cast<std::size_t>(small.at(k - r.r0, c - r.c0))] =
            h < 0 ? kBlank : static_cast<Tile>(small.at(g_.row(h) - r.r0, g_.col(h) - r.c0) + 1);
      }
    }
    exactly(board, Board::blank_last(small));
  }

  /// A shortest solution of a small board (at most 3x3) whose moves are the blank's moves here.
  void exactly(const Board& board, const Board& goal) {
    if (board == goal) return;
    const TileDomain<LinearConflict> domain(goal);
    const auto start = domain.state_of(board);
    const auto found =
        IdaStar<TileDomain<LinearConflict>>(domain, Budget{}).solve(std::span(&start, 1));
    if (found.status != SearchStatus::Solved) {
      throw std::logic_error("constructive solver: a small region cannot be solved");
    }
    for (Dir d : found.path) move(d);
  }

  const Board& board_;
  const Board& goal_;
  Geometry g_;
  std::vector<int> home_;  // of the tile on each cell; -1 on the blank's
  std::vector<Cell> at_;   // where the tile of each home is
  std::vector<std::uint8_t> fixed_;
  std::vector<std::uint32_t> seen_;
  std::vector<Dir> parent_;
  std::vector<int> cost_;  // of the blank's way to each cell, in the latest search
  std::vector<std::vector<Cell>> buckets_ =
      std::vector<std::vector<Cell>>(static_cast<std::size_t>(kAway + 1));
  std::vector<Dir> path_;
  std::uint32_t stamp_ = 0;
  Cell ring_target_ = -1;  // where the latest circle() took the blank
  Cell blank_ = 0;
  std::vector<Dir> to_corner_;  // the goal's blank walked to the last corner
  Rect region_;
  int reach_;
  std::size_t limit_;       // tiles to place before stopping (all, unless asked for fewer)
  std::size_t placed_ = 0;  // so far, in the order of the lines
  MoveBuffer& out_;
  SearchRun& run_;
};

}  // namespace

namespace {

/// A solve, or the first `tiles` tiles of one, its moves handed to `sink`.
SearchResult<Dir> construct(const Board& board, const Board& goal, std::size_t tiles,
                            const Budget& budget, const MoveSink& sink) {
  if (board.geometry.cells() > kMaxConstructiveCells) {
    throw InputError("the fast solver takes boards of at most " +
                     std::to_string(kMaxConstructiveCells) + " cells, not " +
                     board.geometry.name());
  }
  validate(board);
  validate(goal);
  if (board.geometry != goal.geometry) throw InputError("the board and the goal differ in size");
  if (!solvable(board, goal)) throw InputError("the board cannot reach the goal");
  const auto began = std::chrono::steady_clock::now();
  SearchResult<Dir> result;
  result.status = SearchStatus::Solved;
  SearchRun run(budget);
  std::uint64_t length = 0;
  const MoveSink counted = [&](std::span<const Dir> moves) {
    length += moves.size();
    sink(moves);
  };
  MoveBuffer out(counted);
  Constructor solver(board, goal, tiles, out, run);
  try {
    solver.solve();
  } catch (const Stopped& stop) {
    result.status = stop.status;
  }
  out.flush();
  result.stats.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  result.stats.peak_bytes = solver.bytes();
  const Geometry g = board.geometry;
  // Up to 3x3 the whole board is the exactly solved region, and on a single line the blank's
  // walk is the only solution: the answer is then its own bound.
  const bool exact = ((g.rows <= 3 && g.cols <= 3) || g.rows == 1 || g.cols == 1) &&
                     tiles == std::numeric_limits<std::size_t>::max();
  result.stats.lower_bound = exact && result.status == SearchStatus::Solved
                                 ? static_cast<int>(length)
                                 : static_cast<int>(conflict_bound(board, goal));
  return result;
}

/// The same, the moves collected into the result's path (and counted in its memory).
SearchResult<Dir> construct(const Board& board, const Board& goal, std::size_t tiles,
                            const Budget& budget) {
  std::vector<Dir> path;
  SearchResult<Dir> result = construct(board, goal, tiles, budget, [&](std::span<const Dir> moves) {
    path.insert(path.end(), moves.begin(), moves.end());
  });
  result.stats.peak_bytes += path.capacity() * sizeof(Dir);
  if (result.status == SearchStatus::Solved) result.path = std::move(path);
  return result;
}

constexpr std::size_t kAllTiles = std::numeric_limits<std::size_t>::max();

}  // namespace

SearchResult<Dir> solve_constructive(const Board& board, const Board& goal, const Budget& budget,
                                     const MoveSink& sink) {
  return construct(board, goal, kAllTiles, budget, sink);
}

SearchResult<Dir> solve_constructive(const Board& board, const Board& goal, const Budget& budget) {
  return construct(board, goal, kAllTiles, budget);
}

Budget floor_of(Budget budget) {
  budget.timeout_seconds = 0;
  return budget;
}

SearchResult<Dir> place_first_tiles(const Board& board, const Board& goal, std::size_t tiles,
                                    const Budget& budget) {
  return construct(board, goal, tiles, budget);
}

std::vector<Dir> walk_to_corner(const Board& goal) {
  const Geometry g = goal.geometry;
  const Cell blank = goal.blank();
  std::vector<Dir> walk;
  for (int r = g.row(blank); r + 1 < g.rows; ++r) walk.push_back(Dir::Down);
  for (int c = g.col(blank); c + 1 < g.cols; ++c) walk.push_back(Dir::Right);
  return walk;
}

}  // namespace npuzzle
