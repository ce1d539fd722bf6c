#pragma once
// IDA*: depth-first iterations under a rising bound on f = g + h, one state changed in place.
// Memory is the path alone; it never ends on a puzzle with no solution, so callers decide
// solvability first.

#include <algorithm>
#include <limits>

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
    // Domains whose estimate reads large tables start every child's lookup before the first
    // child is searched, so that the memory accesses overlap.
    if constexpr (requires { domain_.prefetch(state, last); }) {
      for (const Move m : moves) domain_.prefetch(state, m);
    }
    for (const Move m : moves) {
      domain_.apply(state, m);
      ++run_.stats.generated;
      path_.push_back(m);
      const Outcome outcome = search(state, g + 1, bound, m);
      if (outcome != Outcome::NotFound) return outcome;
      path_.pop_back();
      domain_.apply(state, domain_.reverse(m));
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
