#pragma once
// A*: best-first on f = g + h over stored states, the lowest h first among equal f, with a
// bucket queue (f and h are small integers). Nodes reached again by a shorter path are
// reopened, so any admissible estimate gives a shortest path, consistent or not.

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <vector>

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
  // A bucket of the open list: many are small, so their chunks are (256 rows).
  using Bucket = ChunkedArray<Index, 8>;
  const std::size_t bucket_chunk = Bucket().bytes_to_grow(1);

  NodeStore store(domain.packed_bytes());
  ChunkedArray<Index> parent;
  ChunkedArray<Move> via;
  ChunkedArray<Depth> g, h;
  ChunkedArray<bool> closed;
  // The open list: a bucket per (f, h), f = g + h, at key f(f+1)/2 + h (h <= f), so that the
  // lowest key is the lowest f and, within it, the lowest h: on the last f a solution is met
  // far sooner than with f alone.
  // Last in, first out within a bucket.
  std::vector<Bucket> open;
  std::size_t open_entries = 0, open_bytes = 0, lowest = 0;
  std::vector<std::byte> buffer(domain.packed_bytes());

  const auto key_of = [&](Index i) {
    const std::size_t f = std::size_t{g[i]} + h[i];
    return f * (f + 1) / 2 + h[i];
  };
  const auto bytes = [&] {
    return store.bytes() + parent.bytes() + via.bytes() + g.bytes() + h.bytes() + closed.bytes() +
           open.capacity() * sizeof(open[0]) + open_bytes;
  };
  // Pushes node i where what that adds fits in the budget: a chunk of its bucket, and, past
  // the last bucket, a longer list of them (held beside the old one while it moves).
  const auto push = [&](Index i) {
    const std::size_t key = key_of(i);
    std::size_t more = key < open.size() ? open[key].bytes_to_grow(1) : bucket_chunk;
    if (key >= open.size()) more += std::max(2 * open.size(), key + 1) * sizeof(open[0]);
    if (more > run.room(bytes())) return false;
    if (key >= open.size()) open.resize(key + 1);
    open_bytes -= open[key].bytes();
    open[key].push_back(i);
    open_bytes += open[key].bytes();
    ++open_entries;
    if (key < lowest) lowest = key;
    return true;
  };
  const auto pop = [&] {
    while (open[lowest].empty()) ++lowest;
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

  for (const auto& s : starts) {
    domain.pack(s, buffer.data());
    if (const auto [root, inserted] = store.insert(buffer.data()); inserted) {
      add(NodeStore::kNone, D::kNoMove, 0, domain.estimate(s));
      if (!push(root)) return run.finish<Move>(SearchStatus::MemoryLimit);
    }
  }
  const int max_f = budget.max_depth.value_or(std::numeric_limits<int>::max());
  bool pruned = false;  // whether max_depth cut anything off

  typename D::State state = starts.front();
  while (open_entries > 0) {
    const Index i = pop();
    if (closed[i] || key_of(i) != lowest) continue;  // a stale entry
    // With an admissible estimate an open node on a shortest path has f <= its length.
    run.bound = g[i] + h[i];

    domain.unpack(store.record(i), state);
    if (domain.is_goal(state)) return run.finish(SearchStatus::Solved, trace_path(parent, via, i));
    const std::size_t held = bytes();
    if (run.over_budget(held)) return run.finish<Move>(run.limit());
    const auto moves = domain.moves(state, via[i]);
    if (const auto full = make_room(store, moves.size(), run, held, parent, via, g, h, closed)) {
      return run.finish<Move>(*full);
    }
    closed[i] = true;
    ++run.stats.expanded;
    const int child_g = g[i] + 1;
    // Child `m` of estimate `estimate`, its move made in `state`; false where the open list
    // cannot take it within the budget.
    const auto reach = [&](Move m, int estimate) {
      ++run.stats.generated;
      if (child_g + estimate > max_f) {
        pruned = true;
        return true;
      }
      domain.pack(state, buffer.data());
      if (const auto [child, inserted] = store.insert(buffer.data()); inserted) {
        add(i, m, child_g, estimate);
        return push(child);
      } else if (child_g < g[child]) {
        parent[child] = i;
        via[child] = m;
        g[child] = static_cast<Depth>(child_g);
        closed[child] = false;
        return push(child);
      }
      return true;
    };
    bool fits = true;
    if constexpr (EstimatesChildren<D>) {
      // Every child estimated at once (their table lookups overlap), each move made with what
      // its estimate read.
      std::array<typename D::ChildEstimate, kMaxChildren> child;
      domain.estimate_children(state, moves, max_f - child_g,
                               std::span(child.data(), moves.size()));
      for (std::size_t k = 0; k < moves.size() && fits; ++k) {
        if (child_g + child[k].h > max_f) {  // (its estimate may be short of exact: unmade)
          ++run.stats.generated;
          pruned = true;
          continue;
        }
        domain.apply(state, moves[k], child[k]);
        fits = reach(moves[k], child[k].h);
        take_back(domain, state, moves[k]);
      }
    } else {
      for (std::size_t k = 0; k < moves.size() && fits; ++k) {
        domain.apply(state, moves[k]);
        fits = reach(moves[k], domain.estimate(state));
        take_back(domain, state, moves[k]);
      }
    }
    if (!fits) return run.finish<Move>(SearchStatus::MemoryLimit);
  }
  return run.finish<Move>(pruned ? SearchStatus::DepthLimit : SearchStatus::NoSolution);
}

template <SearchDomain D>
SearchResult<typename D::Move> astar_search(const D& domain, const typename D::State& start,
                                            const Budget& budget) {
  return astar_search(domain, std::span(&start, 1), budget);
}

}  // namespace npuzzle
