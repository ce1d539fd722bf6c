#pragma once
// Sliding tiles as a SearchDomain, for any rows x cols of at most 256 cells and any goal,
// with the estimate chosen by a heuristic policy (see heuristics.hpp).

#include <algorithm>
#include <cstddef>
#include <memory>
#include <vector>

#include "npuzzle/core/board.hpp"
#include "npuzzle/search/domain.hpp"
#include "npuzzle/tiles/heuristics.hpp"
#include "npuzzle/tiles/move_pruning.hpp"

namespace npuzzle {

// `ChildEstimate`, named where the heuristic can estimate a state's children without making
// their moves (search algorithms look for it).
template <class Heuristic>
struct ChildEstimates {};
template <class Heuristic>
requires requires {
  typename Heuristic::ChildEstimate;
}
struct ChildEstimates<Heuristic> {
  using ChildEstimate = typename Heuristic::ChildEstimate;
};

template <class Heuristic>
class TileDomain : public ChildEstimates<Heuristic> {
 public:
  using Move = Dir;
  static constexpr Move kNoMove = kNoDir;

  struct State {
    std::vector<SmallTile> tiles;
    Cell blank = 0;
    int h = 0;
    typename Heuristic::Memo memo;
  };

  /// `goal` must be a valid board of at most 256 cells (throws InputError otherwise); `inputs`
  /// go to the heuristic's constructor with the goal's layout.
  explicit TileDomain(const Board& goal, const HeuristicInputs& inputs = {})
      : layout_(std::make_unique<GoalLayout>(goal)),
        heuristic_(*layout_, inputs),
        moves_(goal.geometry),
        goal_(to_small(goal)),
        // Nibbles while every tile fits in 4 bits, bytes beyond.
        packed_bytes_(goal_.size() <= 16 ? (goal_.size() + 1) / 2 : goal_.size()) {}

  State state_of(const Board& board) const {
    State s;
    s.tiles = to_small(board);
    s.blank = board.blank();
    s.h = heuristic_.evaluate(s.tiles, s.memo);
    return s;
  }

  std::span<const Move> moves(const State& s, Move last) const {
    return moves_.moves(s.blank, last);
  }

  PruningState pruning_after(PruningState at, Move d) const { return pruning_.after(at, d); }
  void prefetch_pruning(PruningState at) const { pruning_.prefetch(at); }

  void apply(State& s, Move d) const {
    const auto [tile, from] = slide(s, d);
    s.h = heuristic_.update(s.h, s.tiles, s.memo, tile, from, s.blank);
    s.blank = from;
  }

  /// The estimate after each of `moves` (at most 4), without making them, where the heuristic
  /// can: `h` exact up to `limit`, and above `limit` whenever the exact value is. Each
  /// estimate also carries what the heuristic read for it, for `apply` to reuse.
  // (Templates on the heuristic, so that a domain whose heuristic has no such estimates lacks
  // these two rather than fails to compile.)
  template <class H = Heuristic>
  [[gnu::always_inline]] void estimate_children(const State& s, std::span<const Move> moves,
                                                int limit,
                                                std::span<typename H::ChildEstimate> out) const {
    std::array<SmallTile, kDirCount> moved{};
    for (std::size_t i = 0; i < moves.size(); ++i) {
      moved[i] = s.tiles[static_cast<std::size_t>(moves_.target(s.blank, moves[i]))];
    }
    heuristic_.estimate_children(s.memo, s.tiles,
                                 std::span<const SmallTile>(moved.data(), moves.size()), s.blank,
                                 limit, out);
  }

  /// Move `d`, whose estimate `child` (from estimate_children, within its limit) was made
  /// in state `s`.
  template <class H = Heuristic>
  [[gnu::always_inline]] void apply(State& s, Move d,
                                    const typename H::ChildEstimate& child) const {
    const auto [tile, from] = slide(s, d);
    s.h = heuristic_.adopt(s.memo, tile, from, s.blank, child);
    s.blank = from;
  }

  /// Takes back move `d`, the last one made, where the heuristic keeps what it needs to restore
  /// its estimate without computing it again.
  [[gnu::always_inline]] void undo(State& s, Move d) const requires
      requires(const Heuristic& h, typename Heuristic::Memo& m) {
    h.undo(m, SmallTile{}, Cell{});
  }
  {
    const Cell from = moves_.target(s.blank, reverse(d));  // where the tile went
    const SmallTile tile = s.tiles[static_cast<std::size_t>(from)];
    s.tiles[static_cast<std::size_t>(s.blank)] = tile;
    s.tiles[static_cast<std::size_t>(from)] = kBlank;
    s.h = heuristic_.undo(s.memo, tile, s.blank);
    s.blank = from;
  }

  Move reverse(Move d) const { return npuzzle::reverse(d); }
  bool is_goal(const State& s) const { return s.tiles == goal_; }
  int estimate(const State& s) const { return s.h; }

  std::vector<State> goal_states() const {
    State s;
    s.tiles = goal_;
    s.blank = static_cast<Cell>(std::find(goal_.begin(), goal_.end(), kBlank) - goal_.begin());
    s.h = heuristic_.evaluate(s.tiles, s.memo);
    return {std::move(s)};
  }

  std::size_t packed_bytes() const { return packed_bytes_; }

  void pack(const State& s, std::byte* out) const {
    if (packed_bytes_ == s.tiles.size()) {
      std::copy(s.tiles.begin(), s.tiles.end(), reinterpret_cast<SmallTile*>(out));
      return;
    }
    std::fill(out, out + packed_bytes_, std::byte{0});
    for (std::size_t c = 0; c < s.tiles.size(); ++c) {
      out[c / 2] |= static_cast<std::byte>(s.tiles[c] << (4 * (c % 2)));
    }
  }

  void unpack(const std::byte* in, State& s) const {
    s.tiles.resize(goal_.size());
    for (std::size_t c = 0; c < s.tiles.size(); ++c) {
      const auto tile =
          packed_bytes_ == s.tiles.size()
              ? std::to_integer<SmallTile>(in[c])
              : static_cast<SmallTile>(std::to_integer<unsigned>(in[c / 2] >> (4 * (c % 2))) & 15u);
      s.tiles[c] = tile;
      if (tile == kBlank) s.blank = static_cast<Cell>(c);
    }
    s.h = heuristic_.evaluate(s.tiles, s.memo);
  }

 private:
  struct Slid {
    SmallTile tile;
    Cell from;
  };
  // Move d's tiles: the tile at its end slides into the blank (whose cell the caller still
  // reads as s.blank, for the estimate's update). Returns the tile and the cell it left.
  Slid slide(State& s, Move d) const {
    const Cell from = moves_.target(s.blank, d);
    const SmallTile tile = s.tiles[static_cast<std::size_t>(from)];
    s.tiles[static_cast<std::size_t>(s.blank)] = tile;
    s.tiles[static_cast<std::size_t>(from)] = kBlank;
    return {tile, from};
  }

  static std::vector<SmallTile> to_small(const Board& board) {
    return {board.tiles.begin(), board.tiles.end()};  // GoalLayout has checked the size
  }

  std::unique_ptr<GoalLayout> layout_;  // on the heap: the heuristic points into it
  Heuristic heuristic_;
  MoveTable moves_;
  const MovePruning& pruning_ = MovePruning::standard();
  std::vector<SmallTile> goal_;
  std::size_t packed_bytes_;
};

}  // namespace npuzzle
