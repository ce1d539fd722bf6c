#pragma once
// Breadth-first search: the plain exact method, storing every state it reaches.

#include "npuzzle/search/domain.hpp"
#include "npuzzle/search/node_store.hpp"

namespace npuzzle {

/// From any of `starts` to a goal state.
template <SearchDomain D>
SearchResult<typename D::Move> breadth_first_search(const D& domain,
                                                    std::span<const typename D::State> starts,
                                                    const Budget& budget) {
  using Move = typename D::Move;
  using Index = NodeStore::Index;
  SearchRun run(budget);
  for (const auto& s : starts) {
    if (domain.is_goal(s)) return run.finish<Move>(SearchStatus::Solved);
  }

  NodeStore store(domain.packed_bytes());
  ChunkedArray<Index> parent;
  ChunkedArray<Move> via;
  std::vector<std::byte> buffer(domain.packed_bytes());
  const auto bytes = [&] { return store.bytes() + parent.bytes() + via.bytes(); };
  for (const auto& s : starts) {
    domain.pack(s, buffer.data());
    if (store.insert(buffer.data()).inserted) {
      parent.push_back(NodeStore::kNone);
      via.push_back(D::kNoMove);
    }
  }

  typename D::State state = starts.front();
  // Insertion order is breadth-first order: the store is the queue, and a layer ends where the
  // store ended when the layer began.
  int depth = 0;
  for (Index i = 0, layer_end = static_cast<Index>(store.size()); i < store.size(); ++i) {
    if (i == layer_end) {
      ++depth;
      layer_end = static_cast<Index>(store.size());
      run.bound = depth;  // goals are tested as they are generated
    }
    if (budget.max_depth && depth >= *budget.max_depth) {
      return run.finish<Move>(SearchStatus::DepthLimit);
    }
    const std::size_t held = bytes();
    if (run.over_budget(held)) return run.finish<Move>(run.limit());
    domain.unpack(store.record(i), state);
    const auto moves = domain.moves(state, via[i]);
    if (const auto full = make_room(store, moves.size(), run, held, parent, via)) {
      return run.finish<Move>(*full);
    }
    ++run.stats.expanded;
    for (const Move m : moves) {
      domain.apply(state, m);
      ++run.stats.generated;
      domain.pack(state, buffer.data());
      if (const auto [child, inserted] = store.insert(buffer.data()); inserted) {
        parent.push_back(i);
        via.push_back(m);
        if (domain.is_goal(state)) {
          return run.finish(SearchStatus::Solved, trace_path(parent, via, child));
        }
      }
      domain.apply(state, domain.reverse(m));
    }
  }
  return run.finish<Move>(SearchStatus::NoSolution);
}

template <SearchDomain D>
SearchResult<typename D::Move> breadth_first_search(const D& domain, const typename D::State& start,
                                                    const Budget& budget) {
  return breadth_first_search(domain, std::span(&start, 1), budget);
}

}  // namespace npuzzle
