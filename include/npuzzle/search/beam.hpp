#pragma once
// Beam search: breadth-first, but each depth keeps only the `width` new states with the lowest
// estimate. Neither complete nor shortest; with a good estimate it finds a short solution in
// time linear in the width and the depth. Every state it keeps is stored once (so no state is
// kept twice, at one depth or at two), with its parent and move for the path back.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "npuzzle/search/domain.hpp"
#include "npuzzle/search/node_store.hpp"

namespace npuzzle {

struct BeamSearchOptions {
  std::size_t width = 1024;  // states kept at each depth
  int max_depth = 1000;      // the search gives up (NodeLimit) past this depth, or stuck
};

template <SearchDomain D>
SearchResult<typename D::Move> beam_search(const D& d, const typename D::State& start,
                                           const BeamSearchOptions& options, const Budget& budget) {
  using Move = typename D::Move;
  using Index = NodeStore::Index;
  SearchRun run(budget);
  run.bound = d.estimate(start);
  if (d.is_goal(start)) return run.finish<Move>(SearchStatus::Solved);

  const std::size_t bytes = d.packed_bytes();
  NodeStore store(bytes);
  std::vector<Index> parent;  // by store index
  std::vector<Move> move;
  std::vector<std::byte> record(bytes);
  d.pack(start, record.data());
  store.insert(record.data());
  parent.push_back(NodeStore::kNone);
  move.push_back(D::kNoMove);

  // A depth's children, before the best of them are kept: packed, with their estimate, parent
  // and move; ordered by estimate, then by the order they were made in (deterministic).
  struct Child {
    int h;
    Index parent;
    Move move;
  };
  std::vector<std::byte> packed;
  std::vector<Child> children;
  std::vector<std::uint32_t> order;
  std::vector<Index> layer{0}, next;
  typename D::State s = start;

  const auto path_to = [&](Index i, Move last) {
    std::vector<Move> path{last};
    for (; parent[i] != NodeStore::kNone; i = parent[i]) path.push_back(move[i]);
    std::reverse(path.begin(), path.end());
    return path;
  };
  const auto held = [&] {
    return store.bytes() + packed.capacity() + children.capacity() * sizeof(Child) +
           (parent.capacity() + order.capacity()) * sizeof(Index) + move.capacity() * sizeof(Move);
  };

  for (int depth = 0; depth < options.max_depth; ++depth) {
    packed.clear();
    children.clear();
    for (const Index i : layer) {
      if (run.over_budget(held())) return run.finish<Move>(run.limit());
      ++run.stats.expanded;
      d.unpack(store.record(i), s);
      for (const Move m : d.moves(s, move[i])) {
        d.apply(s, m);
        ++run.stats.generated;
        if (d.is_goal(s)) {
          auto solved = run.finish(SearchStatus::Solved, path_to(i, m));
          solved.stats.lower_bound = d.estimate(start);  // the path is not proven shortest
          return solved;
        }
        d.pack(s, record.data());
        if (store.find(record.data()) == NodeStore::kNone) {
          packed.insert(packed.end(), record.begin(), record.end());
          children.push_back({d.estimate(s), i, m});
        }
        d.apply(s, d.reverse(m));
      }
    }
    order.resize(children.size());
    for (std::uint32_t k = 0; k < order.size(); ++k) order[k] = k;
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
      return children[a].h != children[b].h ? children[a].h < children[b].h : a < b;
    });
    next.clear();
    for (const std::uint32_t k : order) {
      if (next.size() == options.width) break;
      const auto inserted = store.insert(packed.data() + std::size_t{k} * bytes);
      if (!inserted.inserted) continue;  // made twice at this depth
      parent.push_back(children[k].parent);
      move.push_back(children[k].move);
      next.push_back(inserted.index);
    }
    if (next.empty()) break;  // every child seen before: the beam is stuck, proving nothing
    std::swap(layer, next);
  }
  return run.finish<Move>(SearchStatus::NodeLimit);
}

}  // namespace npuzzle
