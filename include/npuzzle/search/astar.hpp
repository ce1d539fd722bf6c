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
  std::vector<Index> parent;
  std::vector<Move> via;
  std::vector<Depth> g, h;
  std::vector<bool> closed;
  std::vector<std::vector<Index>> open;  // open[f]: last in, first out within a bucket
  std::size_t open_entries = 0, lowest = 0;
  std::vector<std::byte> buffer(domain.packed_bytes());

  const auto bytes = [&] {
    return store.bytes() + parent.capacity() * sizeof(Index) + via.capacity() * sizeof(Move) +
           (g.capacity() + h.capacity()) * sizeof(Depth) + closed.capacity() / 8 +
           open_entries * sizeof(Index);
  };
  const auto push = [&](Index i) {
    const std::size_t f = std::size_t{g[i]} + h[i];
    if (f >= open.size()) open.resize(f + 1);
    open[f].push_back(i);
    ++open_entries;
    if (f < lowest) lowest = f;
  };
  const auto add = [&](Index from, Move m, int depth, int estimate) {
    parent.push_back(from);
    via.push_back(m);
    g.push_back(static_cast<Depth>(depth));
    h.push_back(static_cast<Depth>(estimate));
    closed.push_back(false);
  };

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
    const Index i = open[lowest].back();
    open[lowest].pop_back();
    --open_entries;
    if (closed[i] || std::size_t{g[i]} + h[i] != lowest) continue;  // a stale entry

    domain.unpack(store.record(i), state);
    if (domain.is_goal(state)) return run.finish(SearchStatus::Solved, trace_path(parent, via, i));
    if (const auto stop = run.over_budget(bytes())) return run.finish<Move>(*stop);
    closed[i] = true;
    ++run.stats.expanded;
    const int child_g = g[i] + 1;
    for (const Move m : domain.moves(state, via[i])) {
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
