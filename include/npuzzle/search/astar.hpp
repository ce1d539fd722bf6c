#pragma once
// A*: best-first on f = g + h over stored states, with a bucket queue (f is a small integer).
// Nodes reached again by a shorter path are reopened, so any admissible estimate gives a
// shortest path, consistent or not.

#include <cstdint>
#include <limits>

#include "npuzzle/search/domain.hpp"
#include "npuzzle/search/node_store.hpp"

namespace npuzzle {

/// From any of `starts` to a goal state.
template <SearchDomain D>
SearchResult<typename D::Move> astar_search(const D& domain,
                                            std::span<const typename D::State> starts,
                                            const Budget& budget) {
  using Move = typename D::Move;
  using Index = NodeStore::Index;
  using Depth = std::uint16_t;
  SearchRun run(budget);

  NodeStore store(domain.packed_bytes());
  ChunkedArray<Index> parent;
  ChunkedArray<Move> via;
  ChunkedArray<Depth> g, h;
  ChunkedArray<bool> closed;
  std::vector<ChunkedArray<Index>> open;  // open[f]: last in, first out within a bucket
  std::size_t open_entries = 0, open_bytes = 0, lowest = 0;
  std::vector<std::byte> buffer(domain.packed_bytes());

  const auto bytes = [&] {
    return store.bytes() + parent.bytes() + via.bytes() + g.bytes() + h.bytes() + closed.bytes() +
           open.capacity() * sizeof(open[0]) + open_bytes;
  };
  const auto push = [&](Index i) {
    const std::size_t f = std::size_t{g[i]} + h[i];
    if (f >= open.size()) open.resize(f + 1);
    open_bytes -= open[f].bytes();
    open[f].push_back(i);
    open_bytes += open[f].bytes();
    ++open_entries;
    if (f < lowest) lowest = f;
  };
  const auto pop = [&] {
    const Index i = open[lowest].back();
    open_bytes -= open[lowest].bytes();
    open[lowest].pop_back();
    open_bytes += open[lowest].bytes();
    --open_entries;
    return i;
  };
  const auto add = [&](Index from, Move m, int depth, int estimate) {
    parent.push_back(from);
    via.push_back(m);
    g.push_back(static_cast<Depth>(depth));
    h.push_back(static_cast<Depth>(estimate));
    closed.push_back(false);
  };
  // What a push may add: a chunk of its bucket.
  const std::size_t bucket_chunk = ChunkedArray<Index>().bytes_to_grow(1);

  for (const auto& s : starts) {
    domain.pack(s, buffer.data());
    if (const auto [root, inserted] = store.insert(buffer.data()); inserted) {
      add(NodeStore::kNone, D::kNoMove, 0, domain.estimate(s));
      push(root);
    }
  }
  const int max_f = budget.max_depth.value_or(std::numeric_limits<int>::max());
  bool pruned = false;  // whether max_depth cut anything off

  typename D::State state = starts.front();
  while (open_entries > 0) {
    while (open[lowest].empty()) ++lowest;
    // With an admissible estimate an open node on a shortest path has f <= its length.
    run.bound = static_cast<int>(lowest);
    const Index i = pop();
    if (closed[i] || std::size_t{g[i]} + h[i] != lowest) continue;  // a stale entry

    domain.unpack(store.record(i), state);
    if (domain.is_goal(state)) return run.finish(SearchStatus::Solved, trace_path(parent, via, i));
    const std::size_t held = bytes();
    if (const auto stop = run.over_budget(held)) return run.finish<Move>(*stop);
    const auto moves = domain.moves(state, via[i]);
    const std::size_t buckets = moves.size() * bucket_chunk;
    if (const auto full =
            make_room(store, moves.size(), run, held + buckets, parent, via, g, h, closed)) {
      return run.finish<Move>(*full);
    }
    closed[i] = true;
    ++run.stats.expanded;
    const int child_g = g[i] + 1;
    for (const Move m : moves) {
      domain.apply(state, m);
      ++run.stats.generated;
      domain.pack(state, buffer.data());
      if (child_g + domain.estimate(state) > max_f) {
        pruned = true;
      } else if (const auto [child, inserted] = store.insert(buffer.data()); inserted) {
        add(i, m, child_g, domain.estimate(state));
        push(child);
      } else if (child_g < g[child]) {
        parent[child] = i;
        via[child] = m;
        g[child] = static_cast<Depth>(child_g);
        closed[child] = false;
        push(child);
      }
      domain.apply(state, domain.reverse(m));
    }
  }
  return run.finish<Move>(pruned ? SearchStatus::DepthLimit : SearchStatus::NoSolution);
}

template <SearchDomain D>
SearchResult<typename D::Move> astar_search(const D& domain, const typename D::State& start,
                                            const Budget& budget) {
  return astar_search(domain, std::span(&start, 1), budget);
}

}  // namespace npuzzle
