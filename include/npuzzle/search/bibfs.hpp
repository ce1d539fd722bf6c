#pragma once
// Bidirectional breadth-first search: a layer at a time from the starts and from every goal
// state, always growing the side whose frontier is smaller.

#include <algorithm>

#include "npuzzle/search/domain.hpp"
#include "npuzzle/search/node_store.hpp"

namespace npuzzle {

/// From any of `starts` to a goal state.
template <SearchDomain D>
SearchResult<typename D::Move> bidirectional_bfs(const D& domain,
                                                 std::span<const typename D::State> starts,
                                                 const Budget& budget) {
  using Move = typename D::Move;
  using Index = NodeStore::Index;
  SearchRun run(budget);
  for (const auto& s : starts) {
    if (domain.is_goal(s)) return run.finish<Move>(SearchStatus::Solved);
  }

  struct Side {
    explicit Side(std::size_t record_bytes) : store(record_bytes) {}

    NodeStore store;
    ChunkedArray<Index> parent;
    ChunkedArray<Move> via;
    std::vector<std::size_t> layer_begin{0};  // index of the first node of each depth

    void add_root(const std::byte* record) {
      if (store.insert(record).inserted) {
        parent.push_back(NodeStore::kNone);
        via.push_back(D::kNoMove);
      }
    }
    int depth() const { return static_cast<int>(layer_begin.size()) - 1; }
    std::size_t frontier() const { return store.size() - layer_begin.back(); }
    std::size_t bytes() const { return store.bytes() + parent.bytes() + via.bytes(); }
  };
  Side forward(domain.packed_bytes()), backward(domain.packed_bytes());
  std::vector<std::byte> buffer(domain.packed_bytes());
  for (const auto& s : starts) {
    domain.pack(s, buffer.data());
    forward.add_root(buffer.data());
  }
  for (const auto& goal : domain.goal_states()) {
    domain.pack(goal, buffer.data());
    backward.add_root(buffer.data());
  }

  // The moves from a start through the node met on each side to a goal. A backward node's
  // `via` is the move that led away from the goal, so walking to its root replays reverses.
  const auto join = [&](Index f, Index b) {
    std::vector<Move> path = trace_path(forward.parent, forward.via, f);
    for (; backward.parent[b] != NodeStore::kNone; b = backward.parent[b]) {
      path.push_back(domain.reverse(backward.via[b]));
    }
    return path;
  };

  typename D::State state = starts.front();
  // While no node is on both sides, a path is longer than the two depths together, so the first
  // node met closes a shortest path.
  while (forward.frontier() > 0 && backward.frontier() > 0) {
    if (budget.max_depth && forward.depth() + backward.depth() >= *budget.max_depth) {
      return run.finish<Move>(SearchStatus::DepthLimit);
    }
    run.bound = forward.depth() + backward.depth();
    const bool grow_forward = forward.frontier() <= backward.frontier();
    Side& side = grow_forward ? forward : backward;
    const Side& other = grow_forward ? backward : forward;
    const auto end = static_cast<Index>(side.store.size());
    for (auto i = static_cast<Index>(side.layer_begin.back()); i < end; ++i) {
      const std::size_t held = forward.bytes() + backward.bytes();
      if (run.over_budget(held)) return run.finish<Move>(run.limit());
      domain.unpack(side.store.record(i), state);
      const auto moves = domain.moves(state, side.via[i]);
      if (const auto full = make_room(side.store, moves.size(), run, held, side.parent, side.via)) {
        return run.finish<Move>(*full);
      }
      ++run.stats.expanded;
      for (const Move m : moves) {
        domain.apply(state, m);
        ++run.stats.generated;
        domain.pack(state, buffer.data());
        if (const auto [child, inserted] = side.store.insert(buffer.data()); inserted) {
          side.parent.push_back(i);
          side.via.push_back(m);
          if (const Index met = other.store.find(buffer.data()); met != NodeStore::kNone) {
            return run.finish(SearchStatus::Solved,
                              grow_forward ? join(child, met) : join(met, child));
          }
        }
        domain.apply(state, domain.reverse(m));
      }
    }
    side.layer_begin.push_back(end);
  }
  return run.finish<Move>(SearchStatus::NoSolution);
}

template <SearchDomain D>
SearchResult<typename D::Move> bidirectional_bfs(const D& domain, const typename D::State& start,
                                                 const Budget& budget) {
  return bidirectional_bfs(domain, std::span(&start, 1), budget);
}

}  // namespace npuzzle
