#pragma once
// IDA*: depth-first iterations under a rising bound on f = g + h, one state changed in place.
// Memory is the path alone; it never ends on a puzzle with no solution, so callers decide
// solvability first.

#include <algorithm>
#include <array>
#include <limits>
#include <span>

#include "npuzzle/search/domain.hpp"

namespace npuzzle {

template <SearchDomain D>
class IdaStar {
 public:
  using Move = typename D::Move;
  using State = typename D::State;

  IdaStar(const D& domain, const Budget& budget)
      : domain_(domain), run_(budget), max_depth_(budget.max_depth) {}

  /// From any of `starts` (each iteration tries them in turn) to a goal state.
  SearchResult<Move> solve(std::span<const State> starts) {
    int bound = kInfinity;
    for (const State& s : starts) bound = std::min(bound, domain_.estimate(s));
    std::vector<State> roots(starts.begin(), starts.end());
    for (;;) {
      run_.bound = bound;  // every shorter solution was ruled out by the iterations before
      if (max_depth_ && bound > *max_depth_) return run_.finish<Move>(SearchStatus::DepthLimit);
      next_bound_ = kInfinity;
      for (State& root : roots) {
        const Outcome outcome = search(root, 0, bound, D::kNoMove);
        if (outcome == Outcome::Found) return run_.finish(SearchStatus::Solved, std::move(path_));
        if (outcome == Outcome::Stopped) return run_.finish<Move>(stop_);
      }
      if (next_bound_ == kInfinity) return run_.finish<Move>(SearchStatus::NoSolution);
      bound = next_bound_;
    }
  }

 private:
  enum class Outcome { Found, NotFound, Stopped };
  static constexpr int kInfinity = std::numeric_limits<int>::max();
  static constexpr std::size_t kMaxChildren = 8;

  Outcome search(State& state, int g, int bound, Move last) {
    const int h = domain_.estimate(state);
    const int f = g + h;
    if (f > bound) {
      if (f < next_bound_) next_bound_ = f;
      return Outcome::NotFound;
    }
    // An admissible estimate is 0 on goal states, so only those need the full test.
    if (h == 0 && domain_.is_goal(state)) return Outcome::Found;
    if (const auto stop = run_.over_budget(path_.capacity() * sizeof(Move))) {
      stop_ = *stop;
      return Outcome::Stopped;
    }
    ++run_.stats.expanded;
    const auto moves = domain_.moves(state, last);
    // Where the domain can estimate all children at once without making the moves (and so
    // overlap their table lookups), children beyond the bound are counted and skipped unmade.
    // Such an estimate may stop short of exact once it passes the limit, which still bounds
    // the next iteration from below.
    std::array<int, kMaxChildren> child_h{};
    constexpr bool kBatched = requires {
      domain_.estimate_children(state, moves, bound, std::span(child_h));
    };
    if constexpr (kBatched)
      domain_.estimate_children(state, moves, bound - g - 1, std::span(child_h));
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move m = moves[i];
      if constexpr (kBatched) {
        if (const int child_f = g + 1 + child_h[i]; child_f > bound) {
          ++run_.stats.generated;
          if (child_f < next_bound_) next_bound_ = child_f;
          continue;
        }
      }
      domain_.apply(state, m);
      ++run_.stats.generated;
      path_.push_back(m);
      const Outcome outcome = search(state, g + 1, bound, m);
      if (outcome != Outcome::NotFound) return outcome;
      path_.pop_back();
      // A domain may undo a move more cheaply than it makes the reverse one.
      if constexpr (requires { domain_.undo(state, m); }) {
        domain_.undo(state, m);
      } else {
        domain_.apply(state, domain_.reverse(m));
      }
    }
    return Outcome::NotFound;
  }

  const D& domain_;
  SearchRun run_;
  std::optional<int> max_depth_;
  std::vector<Move> path_;
  int next_bound_ = kInfinity;
  SearchStatus stop_ = SearchStatus::NoSolution;
};

template <SearchDomain D>
SearchResult<typename D::Move> ida_star_search(const D& domain, const typename D::State& start,
                                               const Budget& budget) {
  return IdaStar<D>(domain, budget).solve(std::span(&start, 1));
}

}  // namespace npuzzle
