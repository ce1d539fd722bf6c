#pragma once
// What one split iteration shared among a cluster learns for the next one's listing: the nodes
// searched below each node of its top that held more than a given part of the iteration. The
// next listing goes on below such a node instead of listing it whole (idastar_split.hpp), so
// that no subtree a process takes holds much more than its part of the search: with many
// processes, a listing at one depth leaves a few subtrees far larger than the rest.
//
// Nodes are known by a hash of their path (the root, then the moves), which every process of a
// cluster computes alike. A collision can only change where a listing stops, never an answer.

#include <cstddef>
#include <cstdint>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

#include "npuzzle/util/hash.hpp"

namespace npuzzle {

class SplitCosts {
 public:
  /// The key of root `r`, and of a node's child by move `m` (as a number).
  static std::uint64_t root_key(std::size_t r) { return mix64(0x6e707a6c + r); }
  static std::uint64_t child_key(std::uint64_t parent, std::uint64_t m) {
    return mix64(parent ^ (m + 1) * 0x9e3779b97f4a7c15ULL);
  }

  struct Cost {
    std::uint64_t nodes = 0;  // searched below the node in the iteration before
    bool listed = false;      // the node was a subtree of its own then (its children unknown)
  };

  /// What was learnt of the node with `key`: nothing where at most limit() nodes were searched
  /// below it (or it was not in the top).
  const Cost* find(std::uint64_t key) const {
    const auto it = costs_.find(key);
    return it == costs_.end() ? nullptr : &it->second;
  }
  /// The part of the iteration before above which a node was kept (0: nothing was).
  std::uint64_t limit() const { return limit_; }
  bool empty() const { return costs_.empty(); }
  /// What the learnt costs take: each node of the map, with a pointer per bucket.
  std::size_t bytes() const {
    return costs_.size() * (sizeof(std::pair<const std::uint64_t, Cost>) + 2 * sizeof(void*)) +
           costs_.bucket_count() * sizeof(void*);
  }
  void clear() {
    costs_.clear();
    limit_ = 0;
  }

  /// Learns from one iteration's listing, in the order listed (depth first): subtree `i`
  /// under root `root[i]` by the moves `path(i)` (a span of `Move`s, at least `from`), `nodes[i]`
  /// searched below it. Keeps every node from `from` moves deep whose subtrees held more than
  /// `limit`.
  template <class Move, class PathOf>
  void learn(std::span<const std::size_t> root, const PathOf& path,
             std::span<const std::uint64_t> nodes, std::size_t from, std::uint64_t limit) {
    clear();
    limit_ = limit;
    // The nodes on the path to the subtree before, from `from` moves deep, with what has been
    // searched below each so far: once a later subtree leaves one, nothing more comes under it.
    struct Open {
      std::uint64_t key, nodes;
    };
    std::vector<Open> open;
    std::size_t last_root = 0;
    std::span<const Move> last_path;
    const auto close_to = [&](std::size_t keep, bool listed) {  // all but the first `keep`
      while (open.size() > keep) {
        if (open.back().nodes > limit) costs_[open.back().key] = {open.back().nodes, listed};
        listed = false;  // (only the deepest was listed itself)
        open.pop_back();
      }
    };
    for (std::size_t i = 0; i < root.size(); ++i) {
      const std::span<const Move> moves = path(i);
      std::size_t shared = 0;      // moves in common with the subtree before
      if (root[i] == last_root) {  // (the first subtree has no path before it)
        while (shared < moves.size() && shared < last_path.size() &&
               moves[shared] == last_path[shared]) {
          ++shared;
        }
      }
      // (Subtrees are disjoint: the one before is never a prefix of this one's path.)
      close_to(shared < from ? 0 : shared - from + 1, true);
      std::uint64_t key = root_key(root[i]);
      for (std::size_t d = 0; d < moves.size(); ++d) {
        key = child_key(key, static_cast<std::uint64_t>(moves[d]));
        if (d + 1 >= from && d + 1 - from >= open.size()) open.push_back({key, 0});
      }
      for (Open& o : open) o.nodes += nodes[i];
      last_root = root[i];
      last_path = moves;
    }
    close_to(0, true);
  }

 private:
  std::unordered_map<std::uint64_t, Cost> costs_;
  std::uint64_t limit_ = 0;
};

}  // namespace npuzzle
