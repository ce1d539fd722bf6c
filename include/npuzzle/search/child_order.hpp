#pragma once
// Which children IDA* searches at a node, and in what order. Every iteration but the last visits
// the same nodes in any order; the last one meets a solution sooner when the children that look
// nearest a goal go first:
// - by estimate: the lowest first, then, where the domain's estimates carry a `tie` key, the
//   lowest of that, then move order;
// - near the root, by the iteration history: the child under which the iteration before came
//   nearest a goal first (see iteration_history.hpp).

#include <array>
#include <cstddef>
#include <span>
#include <type_traits>

#include "npuzzle/search/domain.hpp"
#include "npuzzle/search/iteration_history.hpp"

namespace npuzzle::child_order {

/// Where `a` goes before `b`.
template <class ChildEstimate>
bool searched_before(const ChildEstimate& a, const ChildEstimate& b) {
  if constexpr (requires { a.tie; }) {
    return a.h < b.h || (a.h == b.h && a.tie < b.tie);
  } else {
    return a.h < b.h;
  }
}

/// The first `count` children's indices, lowest estimate first (equals in move order).
template <class ChildEstimate>
std::array<std::size_t, kMaxChildren> lowest_first(
    const std::array<ChildEstimate, kMaxChildren>& child, std::size_t count) {
  std::array<std::size_t, kMaxChildren> order;  // (the first `count` filled below)
  for (std::size_t i = 0; i < count; ++i) {
    std::size_t j = i;
    for (; j > 0 && searched_before(child[i], child[order[j - 1]]); --j) {
      order[j] = order[j - 1];
    }
    order[j] = i;
  }
  return order;
}

/// The first `count` children's indices in move order, for domains that estimate a child only
/// once its move is made.
inline std::array<std::size_t, kMaxChildren> in_move_order(std::size_t count) {
  std::array<std::size_t, kMaxChildren> order{};
  for (std::size_t i = 0; i < count; ++i) order[i] = i;
  return order;
}

/// Sorts the children of a node at depth g within the bound (`here`: its node in `before`, the
/// history of the iteration before) by the frontier that iteration found under each, keeping
/// `order` among equals. `child`: the children's estimates where the domain makes them (a child
/// within the bound that the iteration before did not search lay on that frontier itself; one
/// beyond the bound goes last, to be skipped), else nullptr (such a child goes after those
/// searched before: its estimate is not known without making its move).
template <class Estimates>
void by_history(const IterationHistory& before, int g, int bound, std::size_t count,
                const Estimates& child, IterationHistory::Node here,
                std::array<std::size_t, kMaxChildren>& order) {
  if (here == IterationHistory::kNone) return;  // the first iteration, or a node new to this one
  std::array<Frontier, kMaxChildren> score{};
  std::size_t within = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const IterationHistory::Node n = before.find_child(here, i);
    if constexpr (std::is_same_v<Estimates, std::nullptr_t>) {
      score[i] = n == IterationHistory::kNone ? kNoFrontier - 1 : before.least(n);
      ++within;
    } else {
      const int h = child[i].h;
      if (g + 1 + h > bound) {
        score[i] = kNoFrontier;
        continue;
      }
      ++within;
      score[i] = n == IterationHistory::kNone ? frontier_of(g + 1 + h, h) : before.least(n);
    }
  }
  if (within < 2) return;
  for (std::size_t k = 1; k < count; ++k) {  // insertion, which keeps equals in order
    const std::size_t i = order[k];
    std::size_t j = k;
    for (; j > 0 && score[i] < score[order[j - 1]]; --j) order[j] = order[j - 1];
    order[j] = i;
  }
}

/// A node's moves that the domain's move pruning (if any) keeps, each with the machine's state
/// after it.
template <SearchDomain D>
struct Children {
  std::array<typename D::Move, kMaxChildren> move{};
  std::array<PruningState, kMaxChildren> at{};
  std::size_t count = 0;
  std::span<const typename D::Move> moves() const { return {move.data(), count}; }
};

template <SearchDomain D>
[[gnu::always_inline]] inline Children<D> children_of(const D& domain,
                                                      const typename D::State& state,
                                                      typename D::Move last, PruningState at) {
  Children<D> out;
  for (const typename D::Move m : domain.moves(state, last)) {
    const PruningState next = pruning_after(domain, at, m);
    if (next == kPrunedMove) continue;
    // (a child searched will read its moves there: a machine too large for the nearest caches
    // is asked for them early)
    if constexpr (requires { domain.prefetch_pruning(next); }) domain.prefetch_pruning(next);
    out.at[out.count] = next;
    out.move[out.count++] = m;
  }
  return out;
}

}  // namespace npuzzle::child_order
