#include "npuzzle/fast/beam_lines.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <random>

#include "npuzzle/core/moves.hpp"
#include "npuzzle/core/parity.hpp"
#include "npuzzle/core/unreached.hpp"
#include "npuzzle/fast/constructive.hpp"
#include "npuzzle/fast/line_order.hpp"
#include "npuzzle/fast/pair_window.hpp"
#include "npuzzle/fast/placing_table.hpp"
#include "npuzzle/fast/score_select.hpp"
#include "npuzzle/tiles/bounds.hpp"
#include "npuzzle/util/errors.hpp"

namespace npuzzle {
namespace {

/// A tile named by its home cell (under the goal with the blank walked to the last corner, as
/// the constructive solver names them); the blank has none.
using Home = std::uint16_t;
constexpr Home kNoHome = std::numeric_limits<Home>::max();

/// The tiles placed together: one, or the last two of a line (which cannot be placed one after
/// the other).
struct Stage {
  std::size_t first = 0;  // into Lines::order
  std::size_t count = 0;
  // For two tiles: they are first brought towards `setup` (the first tile on the second's home,
  // the second next to it, away from the line); once they and the blank are in `window` (the
  // free cells of the three lines by the corner), `moves_left` has the exact number of moves
  // that finish, indexed by the window positions of the first tile, the second and the blank.
  std::array<Cell, 2> setup{};
  std::optional<PairWindow> window;
  std::vector<std::uint8_t> in_window;  // each cell's index in `window`, its cells() outside it
  std::vector<std::uint8_t> moves_left;
  std::int64_t outside = 0;  // what a pair outside the window counts: more than any finish in it
  // Where the schedule has placing tables, one table per tile: towards its home (one tile) or its
  // setup cell (two).
  std::vector<PlacingTable> placing;
};

/// The exact table of a pair's window: a backward breadth-first search from every placement
/// with both tiles home (the other tiles in the window go anywhere).
std::vector<std::uint8_t> finishing_moves(const PairWindow& w, Cell a_home, Cell b_home) {
  std::vector<std::uint8_t> moves(w.states(), kUnreached);
  std::vector<std::size_t> queue;
  const std::size_t a = w.index_of(a_home), b = w.index_of(b_home);
  for (std::size_t z = 0; z < w.cells(); ++z) {
    if (z != a && z != b) moves[w.state(a, b, z)] = 0, queue.push_back(w.state(a, b, z));
  }
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::size_t at = queue[head];
    w.for_each_move(at, [&](std::size_t next, Dir) {
      if (moves[next] != kUnreached) return;
      moves[next] = static_cast<std::uint8_t>(moves[at] + 1);
      queue.push_back(next);
    });
  }
  return moves;
}

/// The constructive solver's lines in its order: while the region left is larger than 3x3, its
/// longer side loses its first line.
struct Lines {
  std::vector<Cell> order;  // home cells, in the order they are placed
  std::vector<Stage> stages;
  std::vector<Cell> by_rank;      // every cell: those in `order`, then the rest (so a stage's
                                  // free cells are those from its first tile's rank on)
  std::vector<std::size_t> rank;  // of each cell in `by_rank`
};

// For boards at least two cells in each direction and larger than 3x3.
Lines plan_lines(Geometry g) {
  Lines lines;
  std::vector<std::pair<int, int>> corners;  // of each pair's window: first row, first column
  for (LineOrder at{g}; !at.done(3); at.advance()) {
    const std::size_t start = lines.order.size();
    const bool row = at.next_is_row();
    if (row) {
      for (int c = at.c0; c < g.cols; ++c) lines.order.push_back(g.at(at.r0, c));
      corners.emplace_back(at.r0, std::max(at.c0, g.cols - 3));
    } else {
      for (int r = at.r0; r < g.rows; ++r) lines.order.push_back(g.at(r, at.c0));
      corners.emplace_back(std::max(at.r0, g.rows - 3), at.c0);
    }
    const std::size_t end = lines.order.size();
    for (std::size_t k = start; k + 2 < end; ++k) {
      Stage& one = lines.stages.emplace_back();
      one.first = k;
      one.count = 1;
    }
    const Cell corner = lines.order[end - 1];
    Stage& two = lines.stages.emplace_back();
    two.first = end - 2;
    two.count = 2;
    two.setup = {corner, corner + (row ? g.cols : 1)};
  }
  constexpr std::size_t kUnranked = std::numeric_limits<std::size_t>::max();
  lines.rank.assign(static_cast<std::size_t>(g.cells()), kUnranked);
  for (std::size_t k = 0; k < lines.order.size(); ++k) {
    lines.rank[static_cast<std::size_t>(lines.order[k])] = k;
  }
  lines.by_rank = lines.order;
  for (Cell c = 0; c < g.cells(); ++c) {
    if (lines.rank[static_cast<std::size_t>(c)] != kUnranked) continue;
    lines.rank[static_cast<std::size_t>(c)] = lines.by_rank.size();
    lines.by_rank.push_back(c);
  }
  std::size_t pair = 0;
  const bool placing_tables = fast_schedule(g.cells()).placing_tables;
  for (Stage& s : lines.stages) {
    if (placing_tables) {
      for (std::size_t k = 0; k < s.count; ++k) {
        const Cell target = s.count == 2 ? s.setup[k] : lines.order[s.first];
        const auto free = std::span<const Cell>(lines.by_rank).subspan(s.first);
        s.placing.emplace_back(g, free, target);
      }
    }
    if (s.count != 2) continue;
    const auto [wr, wc] = corners[pair++];
    std::vector<Cell> window;
    for (int r = wr; r < std::min(g.rows, wr + 3); ++r) {
      for (int c = wc; c < std::min(g.cols, wc + 3); ++c) {
        if (lines.rank[static_cast<std::size_t>(g.at(r, c))] >= s.first)
          window.push_back(g.at(r, c));
      }
    }
    s.window.emplace(g, std::move(window));
    s.in_window.resize(static_cast<std::size_t>(g.cells()));
    for (Cell c = 0; c < g.cells(); ++c) {
      s.in_window[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(s.window->index_of(c));
    }
    s.moves_left = finishing_moves(*s.window, lines.order[s.first], lines.order[s.first + 1]);
    for (const std::uint8_t m : s.moves_left) {
      if (m != kUnreached) s.outside = std::max<std::int64_t>(s.outside, m + 1);
    }
  }
  return lines;
}

/// How a board is judged (lower is better): placed tiles first, then others x (the Manhattan
/// distance of the whole board) + ahead x (that of the tiles to be placed soon after the stage's)
/// + exact x (the moves that the stage's placing tables count), or on boards too large for those
/// tables, tile x (the stage's tiles' distance from home) + gap x (the blank's distance from a
/// cell in front of one of them); a pair in its window counts gap x its exact finishing moves.
constexpr std::int64_t kStage = std::int64_t{1} << 40;
struct Weights {
  std::int64_t tile, gap, others, exact, ahead;
};
/// A wide beam keeps enough different boards to weigh the other tiles and the blank's walk more
/// and still place its tiles; a narrow one that does so stalls. The placing tables count in
/// moves and the whole solution is about twice the Manhattan distance, hence exact about
/// others / 2. A tile soon to be placed costs several moves for each step it stands from home,
/// another tile about two, so a wide beam also prefers the boards where the blank's moves have
/// slid the next tiles towards home.
constexpr std::size_t kWideBeam = 1024;
constexpr Weights kNarrowWeights{8, 2, 2, 1, 0};
/// The weights for a beam `width` wide: a wide one's placing tables weighed as the caller says
/// (`BeamOptions::placing_weight`, 3 by default).
Weights weights_for(std::size_t width, int placing_weight) {
  return width < kWideBeam ? kNarrowWeights : Weights{8, 4, 6, placing_weight, 3};
}
/// How many tiles after the stage's count as placed soon: two and a half lines as long as the
/// board's shorter side (the length of the lines placed first).
std::size_t tiles_ahead(Geometry g) {
  return static_cast<std::size_t>(5 * std::min(g.rows, g.cols) / 2);
}

class Beam {
 public:
  Beam(Geometry g, const std::vector<Home>& start, const Lines& lines, const BeamOptions& options,
       SearchRun& run)
      : g_(g),
        n_(static_cast<std::size_t>(g_.cells())),
        lines_(lines),
        stage_count_(lines.stages.size()),
        width_(static_cast<std::size_t>(options.width)),
        weights_(weights_for(width_, options.placing_weight)),
        ahead_(tiles_ahead(g)),
        moves_(g),
        run_(run),
        bytes_(2 * width_ * n_ * sizeof(Home)) {
    std::mt19937_64 random(0x5eed);  // fixed: the same board always gets the same answer
    keys_.resize(n_);
    for (auto& k : keys_) k = random();
    for (Cell c = 0; c < g_.cells(); ++c) {
      row_.push_back(static_cast<std::int16_t>(g_.row(c)));
      col_.push_back(static_cast<std::int16_t>(g_.col(c)));
    }
    boards_.assign(start.begin(), start.end());
    Info info;
    info.blank = static_cast<Cell>(std::find(start.begin(), start.end(), kNoHome) - start.begin());
    for (Cell c = 0; c < g_.cells(); ++c) {
      const Home h = start[idx(c)];
      if (h == kNoHome) continue;
      info.manhattan += taxicab(c, h);
      info.hash += value(h) * keys_[idx(c)];
    }
    settle(boards_.data(), info, -1, -1);
    infos_.push_back(info);
  }

  struct End {
    std::vector<Dir> moves;
    std::vector<Home> board;
    std::size_t stage = 0;  // the first not complete
    std::size_t since = 0;  // moves in, where the board's last stage was completed
  };
  /// Runs until every line is placed, the beam stalls, or the budget ends. Returns the moves to
  /// the boards it ends with, best first (at most `most`), and those boards.
  std::vector<End> run(std::size_t most) {
    std::size_t best_stage = infos_[best_].stage, advanced_at = 0;
    // Placing nothing for this long, it has stalled: the constructive solver places that tile.
    const std::size_t stall = static_cast<std::size_t>(10 * (g_.rows + g_.cols));
    while (infos_[best_].stage < lines_.stages.size()) {
      if (!expand()) break;
      const std::size_t depth = parents_.size();
      if (infos_[best_].stage > best_stage) {
        best_stage = infos_[best_].stage;
        advanced_at = depth;
      } else if (depth - advanced_at > stall) {
        stalled_ = true;
        break;
      }
    }
    // The boards are kept in no order: the best `most` are ranked now.
    std::vector<std::size_t> ranked(infos_.size());
    for (std::size_t i = 0; i < ranked.size(); ++i) ranked[i] = i;
    const auto shown = static_cast<std::ptrdiff_t>(std::min(most, ranked.size()));
    std::partial_sort(ranked.begin(), ranked.begin() + shown, ranked.end(),
                      [&](std::size_t a, std::size_t b) { return better(infos_[a], infos_[b]); });
    std::vector<End> ends;
    for (auto it = ranked.begin(); it != ranked.begin() + shown; ++it) {
      const Info& info = infos_[*it];
      if (info.stage != infos_[best_].stage) break;
      ends.push_back(
          {path_to(*it), std::vector<Home>(board(*it), board(*it) + n_), info.stage, info.since});
    }
    return ends;
  }

  /// The limit that stopped the beam, if one did.
  std::optional<SearchStatus> stopped() const { return stopped_; }
  /// Whether the beam stopped for placing nothing for long.
  bool stalled() const { return stalled_; }

 private:
  /// A board's state in the beam, its tiles apart. Each child of every board gets one, so it is
  /// kept small.
  struct Info {
    std::uint64_t hash = 0;
    std::int64_t score = 0;
    std::int32_t manhattan = 0;
    std::int32_t ahead = 0;  // the Manhattan distance of the tiles placed soon after the stage's
    std::uint32_t stage = 0;
    std::uint32_t since = 0;   // the depth at which `stage` was reached
    std::uint32_t parent = 0;  // the board it was reached from, one depth up
    Cell blank = 0;
    std::array<Cell, 2> target_at{};  // where the stage's tiles are
    Dir last = kNoDir;                // the move that reached it
  };

  static std::size_t idx(Cell c) { return static_cast<std::size_t>(c); }
  /// How much further from its home `h` a tile gets sliding from `from` to `to`, neighbours in
  /// one column (`line` holds each cell's row) or one row (`line` holds each cell's column).
  static int away(const std::vector<std::int16_t>& line, Home h, Cell from, Cell to) {
    const int home = line[h];
    return std::abs(line[idx(to)] - home) - std::abs(line[idx(from)] - home);
  }
  /// The geometry's taxicab distance, from the tables.
  int taxicab(Cell a, Cell b) const {
    return std::abs(row_[idx(a)] - row_[idx(b)]) + std::abs(col_[idx(a)] - col_[idx(b)]);
  }
  static std::uint64_t value(Home h) { return std::uint64_t{h} + 1; }
  const Home* board(std::size_t i) const { return boards_.data() + i * n_; }
  /// Whether the tile on `c` is placed before stage `s`, never to move again.
  bool fixed(Cell c, const Stage& s) const { return lines_.rank[idx(c)] < s.first; }
  /// The ranks of the tiles placed soon after stage `stage`'s, from `first` on, `count` of them
  /// (none where the weights ignore them).
  struct Ranks {
    std::size_t first = 0, count = 0;
    bool holds(Home h, const Lines& lines) const {
      return lines.rank[idx(static_cast<Cell>(h))] - first < count;
    }
  };
  Ranks ahead(std::size_t stage) const {
    if (weights_.ahead == 0 || stage == stage_count_) return {};
    const Stage& s = lines_.stages[stage];
    return {s.first + s.count, ahead_};
  }

  /// Brings `info` up to date on `board` with the tile from `from` moved to `to` (from < 0: no
  /// move): the stages now complete are passed, the next stage's tiles found, the score set.
  void settle(const Home* board, Info& info, Cell from, Cell to) const {
    if (from < 0 || complete(info)) pass_complete_stages(board, info, from, to);
    info.score = score(info);
  }

  /// Whether the tiles of `info`'s stage are home.
  bool complete(const Info& info) const {
    if (info.stage == stage_count_) return false;
    const Stage& s = lines_.stages[info.stage];
    const Cell* home = lines_.order.data() + s.first;
    return info.target_at[0] == home[0] && (s.count == 1 || info.target_at[1] == home[1]);
  }

  /// `settle` where `info`'s stage is complete or its tiles are not yet found.
  void pass_complete_stages(const Home* board, Info& info, Cell from, Cell to) const {
    const auto at = [&](Cell c) {
      return c == from ? kNoHome : c == to ? board[idx(from)] : board[idx(c)];
    };
    bool located = from >= 0;
    const std::size_t stage_before = info.stage;
    for (;;) {
      if (info.stage == stage_count_) break;
      const Stage& s = lines_.stages[info.stage];
      if (!located) {
        for (std::size_t k = 0; k < s.count; ++k) {
          const Home h = static_cast<Home>(lines_.order[s.first + k]);
          Cell found = 0;
          while (at(found) != h) ++found;
          info.target_at[k] = found;
        }
        located = true;
      }
      if (!complete(info)) break;
      ++info.stage;
      located = false;
    }
    if (from < 0 || info.stage != stage_before) {  // other tiles are placed soon now
      info.ahead = 0;
      if (const Ranks soon = ahead(info.stage); soon.count > 0) {
        for (Cell c = 0; c < g_.cells(); ++c) {
          if (const Home h = at(c); h != kNoHome && soon.holds(h, lines_)) {
            info.ahead += taxicab(c, h);
          }
        }
      }
    }
  }

  /// The score of `info`, its stage settled.
  std::int64_t score(const Info& info) const {
    std::int64_t score = -kStage * static_cast<std::int64_t>(info.stage) +
                         weights_.others * info.manhattan + weights_.ahead * info.ahead;
    if (info.stage == stage_count_) return score;
    const Stage& s = lines_.stages[info.stage];
    if (s.count == 2) {
      const PairWindow& w = *s.window;
      const std::size_t n = w.cells(), a = s.in_window[idx(info.target_at[0])],
                        b = s.in_window[idx(info.target_at[1])], z = s.in_window[idx(info.blank)];
      if (a < n && b < n && z < n) return score + weights_.gap * s.moves_left[w.state(a, b, z)];
      score += weights_.gap * s.outside;
    }
    if (!s.placing.empty()) {  // for a pair, each tile as if the other were not there
      std::int64_t moves = s.placing[0].moves(info.target_at[0], info.blank);
      if (s.count == 2) moves += s.placing[1].moves(info.target_at[1], info.blank);
      return score + weights_.exact * moves;
    }
    // The blank walks in front of each tile in turn, from where the one before ended.
    std::int64_t distance = 0, gap = 0;
    Cell walker = info.blank;
    for (std::size_t k = 0; k < s.count; ++k) {
      const Cell p = info.target_at[k], h = s.count == 2 ? s.setup[k] : lines_.order[s.first];
      if (p == h) continue;
      distance += taxicab(p, h);
      const int dr = row_[idx(h)] - row_[idx(p)], dc = col_[idx(h)] - col_[idx(p)];
      int walk = std::numeric_limits<int>::max();
      if (dr != 0) walk = std::min(walk, taxicab(walker, p + (dr > 0 ? g_.cols : -g_.cols)));
      if (dc != 0) walk = std::min(walk, taxicab(walker, p + (dc > 0 ? 1 : -1)));
      gap += walk;
      walker = h;
    }
    return score + weights_.tile * distance + weights_.gap * gap;
  }

  /// One depth more: every board's children judged, the best `width` different ones kept.
  /// Returns false where no board could move or the budget ended.
  bool expand() {
    // Room for every board's children is made once.
    if (candidates_.size() < kDirCount * infos_.size()) {
      candidates_.resize(kDirCount * infos_.size());
      order_.resize(kDirCount * infos_.size());
    }
    std::size_t made = 0;
    for (std::size_t i = 0; i < infos_.size(); ++i) {
      const Info& info = infos_[i];
      const Home* b = board(i);
      ++run_.stats.expanded;
      if (run_.over_budget(bytes_)) {
        stopped_ = run_.limit();
        return false;
      }
      const Stage& s = lines_.stages[info.stage];
      const Ranks soon = ahead(info.stage);
      for (const Dir d : moves_.moves(info.blank, info.last)) {
        const Cell n = moves_.target(info.blank, d);
        if (fixed(n, s)) continue;
        // The tile on n slides onto the blank's cell.
        const Home h = b[idx(n)];
        ++run_.stats.generated;
        Info& c = candidates_[made];
        c = info;
        c.parent = static_cast<std::uint32_t>(i);
        c.last = d;
        const int step =
            is_vertical(d) ? away(row_, h, n, info.blank) : away(col_, h, n, info.blank);
        c.manhattan += step;
        if (soon.holds(h, lines_)) c.ahead += step;
        c.hash += value(h) * (keys_[idx(info.blank)] - keys_[idx(n)]);
        c.blank = n;
        for (std::size_t k = 0; k < s.count; ++k) {
          if (info.target_at[k] == n) c.target_at[k] = info.blank;
        }
        settle(b, c, n, info.blank);
        if (c.stage != info.stage) c.since = static_cast<std::uint32_t>(parents_.size() + 1);
        order_[made] = {c.score, c.hash, made};
        ++made;
      }
    }
    if (made == 0) return false;
    // The best `width` different boards are kept, found among the best few more than `width`
    // (copies of one board come in where they leave some out), in time linear in the children.
    // Copies of one board are ordered by their parents' hashes (different boards), so which
    // copy stays depends on the boards alone, not on the order the selection leaves them in.
    const auto ranked_better = [this](const Ranked& a, const Ranked& b) {
      if (a.score != b.score) return a.score < b.score;
      if (a.hash != b.hash) return a.hash < b.hash;
      return infos_[candidates_[a.candidate].parent].hash <
             infos_[candidates_[b.candidate].parent].hash;
    };
    const std::size_t looked_at = std::min(made, width_ + width_ / 4 + 8);
    select_.select(order_, made, looked_at, ranked_better);
    // The same board reached twice has the same hash: one copy stays, the first as ordered.
    if (seen_.size() < 2 * looked_at) {
      seen_.assign(std::bit_ceil(2 * looked_at), 0);
      seen_at_.resize(seen_.size());
    }
    const std::size_t mask = seen_.size() - 1;
    std::size_t distinct = 0;
    taken_.clear();
    for (std::size_t k = 0; k < looked_at; ++k) {
      const std::uint64_t key = order_[k].hash | 1;  // 0 marks a free slot
      std::size_t slot = static_cast<std::size_t>(key >> 7) & mask;
      while (seen_[slot] != 0 && seen_[slot] != key) slot = (slot + 1) & mask;
      if (seen_[slot] == key) {
        Ranked& kept = order_[seen_at_[slot]];
        if (ranked_better(order_[k], kept)) kept = order_[k];
        continue;
      }
      seen_[slot] = key;
      seen_at_[slot] = distinct;
      taken_.push_back(slot);
      order_[distinct++] = order_[k];
    }
    for (const std::size_t slot : taken_) seen_[slot] = 0;
    const std::size_t kept = std::min(distinct, width_);
    select_.select(order_, distinct, kept, ranked_better);
    next_boards_.resize(kept * n_);
    next_infos_.clear();
    std::vector<std::uint32_t> parents;
    std::vector<Dir> dirs;
    parents.reserve(kept);
    dirs.reserve(kept);
    best_ = 0;
    for (std::size_t k = 0; k < kept; ++k) {
      const Info& c = candidates_[order_[k].candidate];
      const Home* from = board(c.parent);
      Home* to = next_boards_.data() + k * n_;
      std::copy(from, from + n_, to);
      std::swap(to[idx(c.blank)], to[idx(infos_[c.parent].blank)]);
      next_infos_.push_back(c);
      if (better(c, next_infos_[best_])) best_ = k;
      parents.push_back(c.parent);
      dirs.push_back(c.last);
    }
    bytes_ += parents.size() * (sizeof(std::uint32_t) + sizeof(Dir));
    boards_.swap(next_boards_);
    infos_.swap(next_infos_);
    parents_.push_back(std::move(parents));
    dirs_.push_back(std::move(dirs));
    return true;
  }

  /// The order boards are judged in: by score, ties broken by hash, the same every run.
  static bool better(const Info& a, const Info& b) {
    return a.score != b.score ? a.score < b.score : a.hash < b.hash;
  }

  std::vector<Dir> path_to(std::size_t i) const {
    std::vector<Dir> path(parents_.size());
    for (std::size_t depth = parents_.size(); depth-- > 0;) {
      path[depth] = dirs_[depth][i];
      i = parents_[depth][i];
    }
    return path;
  }

  Geometry g_;
  std::size_t n_;
  const Lines& lines_;
  std::size_t stage_count_;  // lines_.stages.size(), read for every child without a division
  std::size_t width_;
  Weights weights_;
  std::size_t ahead_;  // how many tiles after a stage's are placed soon
  MoveTable moves_;
  SearchRun& run_;
  std::vector<std::uint64_t> keys_;  // per cell, for a hash that follows a move in O(1)
  // Each cell's row and column, read where dividing by the width would be (the beam's hottest
  // loop).
  std::vector<std::int16_t> row_, col_;
  std::vector<Home> boards_, next_boards_;
  std::vector<Info> infos_, next_infos_;
  std::vector<Info> candidates_;  // the children of every board, in the order they are made
  struct Ranked {
    std::int64_t score;
    std::uint64_t hash;
    std::size_t candidate;
  };
  std::vector<Ranked> order_;
  ScoreSelect<Ranked> select_;
  std::vector<std::uint64_t> seen_;   // the hashes of the boards kept at this depth, 0 between
  std::vector<std::size_t> seen_at_;  // by slot of `seen_`: where in `order_` that board is
  std::vector<std::size_t> taken_;    // the slots of `seen_` in use
  std::size_t best_ = 0;              // into infos_
  std::vector<std::vector<std::uint32_t>> parents_;  // per depth, per board kept
  std::vector<std::vector<Dir>> dirs_;
  std::size_t bytes_ = 0;  // of the boards and the paths kept
  std::optional<SearchStatus> stopped_;
  bool stalled_ = false;
};

/// Appends `more` to `moves`, a move that undoes the one before cancelling it.
void append(std::vector<Dir>& moves, std::span<const Dir> more) {
  for (Dir d : more) {
    if (!moves.empty() && moves.back() == reverse(d)) {
      moves.pop_back();
    } else {
      moves.push_back(d);
    }
  }
}

}  // namespace

BeamOptions as_run(BeamOptions options, int cells) {
  if (static_cast<std::size_t>(options.width) < kWideBeam || !fast_schedule(cells).placing_tables) {
    options.placing_weight = BeamOptions{}.placing_weight;
  }
  return options;
}

SearchResult<Dir> solve_beam(const Board& board, const Board& goal, const BeamOptions& options,
                             const Budget& budget) {
  const Geometry g = board.geometry;
  if (g.cells() > kMaxBeamCells) {
    throw InputError("the beam takes boards of at most " + std::to_string(kMaxBeamCells) +
                     " cells, not " + g.name());
  }
  if (options.width < 1) throw InputError("the beam's width must be at least 1");
  if (options.placing_weight < 0) {
    throw InputError("the beam's weight on the placing tables must not be negative");
  }
  validate(board);
  validate(goal);
  if (board.geometry != goal.geometry) throw InputError("the board and the goal differ in size");
  if (!solvable(board, goal)) throw InputError("the board cannot reach the goal");
  // A board one cell thin has no lines to place (its tiles never change order); a 3x3 or smaller
  // is solved exactly by the constructive solver.
  if (g.rows == 1 || g.cols == 1 || (g.rows <= 3 && g.cols <= 3)) {
    return solve_constructive(board, goal, budget);
  }
  const Lines lines = plan_lines(g);
  const auto began = std::chrono::steady_clock::now();
  // The tiles named by their homes under the goal with its blank walked to the last corner.
  Board corner_goal = goal;
  for (Dir d : walk_to_corner(goal)) apply_move(corner_goal, d);
  std::vector<Home> home_of_tile(static_cast<std::size_t>(g.cells()));
  for (Cell c = 0; c < g.cells(); ++c) {
    home_of_tile[corner_goal.tiles[static_cast<std::size_t>(c)]] = static_cast<Home>(c);
  }
  const auto homes_of = [&](const Board& b) {
    std::vector<Home> homes(static_cast<std::size_t>(g.cells()));
    for (Cell c = 0; c < g.cells(); ++c) {
      const Tile t = b.tiles[static_cast<std::size_t>(c)];
      homes[static_cast<std::size_t>(c)] = t == kBlank ? kNoHome : home_of_tile[t];
    }
    return homes;
  };
  const auto board_of = [&](const std::vector<Home>& homes) {
    Board b{g, std::vector<Tile>(static_cast<std::size_t>(g.cells()))};
    for (Cell c = 0; c < g.cells(); ++c) {
      const Home h = homes[static_cast<std::size_t>(c)];
      b.tiles[static_cast<std::size_t>(c)] =
          h == kNoHome ? kBlank : corner_goal.tiles[static_cast<std::size_t>(h)];
    }
    return b;
  };

  SearchRun run(budget);
  SearchResult<Dir> best;
  best.status = SearchStatus::Solved;
  // Where the beam stalls, the constructive solver places the tile (or pair) it could not,
  // from the board on which the beam's best board had placed the one before, and a new beam
  // goes on from there. `prefix` holds the moves to where the latest beam began.
  std::vector<Dir> prefix;
  Board from = board;
  std::vector<Beam::End> ends;
  Budget finishing = budget;
  for (;;) {
    Beam beam(g, homes_of(from), lines, options, run);
    ends = beam.run(8);
    if (const auto stop = beam.stopped()) {
      if (*stop != SearchStatus::TimeLimit) {
        best.status = *stop;
        best.stats = run.stats;
        return best;
      }
      // Out of time: the best board so far is finished as the first answer is, which takes
      // time linear in its moves, so that the beam's start is not lost.
      ends.resize(std::min<std::size_t>(ends.size(), 1));
      finishing = floor_of(budget);
      break;
    }
    if (!beam.stalled()) break;
    Beam::End& stuck = ends.front();
    stuck.moves.resize(stuck.since);
    from = replay(std::move(from), stuck.moves).final;
    const Stage& s = lines.stages[stuck.stage];
    auto placed = place_first_tiles(from, goal, s.first + s.count, budget);
    if (placed.status != SearchStatus::Solved) {
      best.status = placed.status;
      best.stats = run.stats;
      return best;
    }
    from = replay(std::move(from), placed.path).final;
    append(prefix, stuck.moves);
    append(prefix, placed.path);
  }
  // The boards the beam ends with are finished by the constructive solver; the shortest wins.
  bool found = false;
  for (const auto& end : ends) {
    auto rest = solve_constructive(board_of(end.board), goal, finishing);
    if (rest.status != SearchStatus::Solved) {
      if (!found) best.status = rest.status;
      break;
    }
    std::vector<Dir> moves = prefix;
    append(moves, end.moves);
    append(moves, rest.path);
    if (!found || moves.size() < best.path.size()) {
      best.path = std::move(moves);
      best.status = SearchStatus::Solved;
      found = true;
    }
  }
  best.stats = run.stats;
  best.stats.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  best.stats.lower_bound = static_cast<int>(conflict_bound(board, goal));
  if (!found) best.path.clear();
  return best;
}

}  // namespace npuzzle
