#pragma once
// What one IDA* iteration learns of the top of its tree for the next one: for each node within
// a few moves of a root, the least f beyond the bound among the nodes cut off below it, and the
// least estimate at that f. The next iteration's bound takes in those nodes, so among a node's
// children it searches first the one whose cut-off nodes came nearest a goal (Korf's 100: a
// fifth fewer nodes, the last iteration meeting a solution sooner).

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "npuzzle/search/domain.hpp"

namespace npuzzle {

/// The least f, then the least h at that f, as one number that orders them so.
using Frontier = std::uint64_t;
inline constexpr Frontier kNoFrontier = ~Frontier{0};
inline Frontier frontier_of(int f, int h) {
  return (Frontier{static_cast<std::uint32_t>(f)} << 32) | static_cast<std::uint32_t>(h);
}

/// The frontier under each node of one iteration's top, as a tree of the nodes the search went
/// through: a node's children are numbered as the domain lists its moves, which it does the
/// same way in every iteration. (A board reached by two paths is two nodes.)
class IterationHistory {
 public:
  using Node = std::uint32_t;
  static constexpr Node kNone = ~Node{0};

  /// Root `r` (one per start), made where it is missing.
  Node root(std::size_t r) {
    while (roots_.size() <= r) roots_.push_back(make());
    return roots_[r];
  }
  /// The most nodes one iteration keeps: enough for the top of a 15- or 24-puzzle search
  /// (Korf's 100 take as many nodes as with no limit), and a bound on what a wide top costs.
  static constexpr std::size_t kMaxNodes = 4096;

  /// Child `i` of `parent` (kNone: none), made where it is missing and there is room: else kNone.
  Node child(Node parent, std::size_t i) {
    if (parent == kNone) return kNone;
    if (nodes_[parent].child[i] == kNone) {
      if (nodes_.size() >= kMaxNodes) return kNone;
      const Node made = make();
      nodes_[parent].child[i] = made;
    }
    return nodes_[parent].child[i];
  }
  Node find_root(std::size_t r) const { return r < roots_.size() ? roots_[r] : kNone; }
  /// kNone where `parent` is kNone or lacks that child.
  Node find_child(Node parent, std::size_t i) const {
    return parent == kNone ? kNone : nodes_[parent].child[i];
  }

  void note(Node n, Frontier frontier) { nodes_[n].least = frontier; }
  Frontier least(Node n) const { return nodes_[n].least; }

  bool empty() const { return nodes_.empty(); }
  std::size_t bytes() const {
    return nodes_.capacity() * sizeof(Entry) + roots_.capacity() * sizeof(Node);
  }
  /// Forgets every node, keeping the memory for the next iteration's.
  void clear() {
    nodes_.clear();
    roots_.clear();
  }

  /// The tree as numbers, to be kept in a checkpoint: the roots, then each node's frontier and
  /// children.
  std::vector<std::uint64_t> to_words() const {
    std::vector<std::uint64_t> words{roots_.size()};
    words.insert(words.end(), roots_.begin(), roots_.end());
    words.push_back(nodes_.size());
    for (const Entry& e : nodes_) {
      words.push_back(e.least);
      words.insert(words.end(), e.child.begin(), e.child.end());
    }
    return words;
  }
  /// The tree back from to_words(); false, leaving it empty, where the words are not such a tree.
  bool from_words(std::span<const std::uint64_t> words) {
    clear();
    if (read_tree(words)) return true;
    clear();
    return false;
  }

 private:
  struct Entry {
    Frontier least = kNoFrontier;
    std::array<Node, kMaxChildren> child;
  };
  static constexpr std::size_t kEntryWords = 1 + kMaxChildren;

  // The words of to_words(): the roots' count and the roots, the nodes' count, then each node.
  bool read_tree(std::span<const std::uint64_t> words) {
    if (words.empty() || words[0] > kMaxNodes || words.size() < words[0] + 2) return false;
    const auto root_count = static_cast<std::size_t>(words[0]);
    const std::uint64_t nodes = words[root_count + 1];
    const auto entries = words.subspan(root_count + 2);
    if (nodes > kMaxNodes || entries.size() != nodes * kEntryWords) return false;
    const auto valid = [&](std::uint64_t n) { return n == kNone || n < nodes; };
    for (const std::uint64_t r : words.subspan(1, root_count)) {
      if (r >= nodes) return false;
      roots_.push_back(static_cast<Node>(r));
    }
    for (std::size_t at = 0; at < entries.size(); at += kEntryWords) {
      Entry e;
      e.least = entries[at];
      for (std::size_t i = 0; i < kMaxChildren; ++i) {
        if (!valid(entries[at + 1 + i])) return false;
        e.child[i] = static_cast<Node>(entries[at + 1 + i]);
      }
      nodes_.push_back(e);
    }
    return true;
  }
  Node make() {
    Entry e;
    e.child.fill(kNone);
    nodes_.push_back(e);
    return static_cast<Node>(nodes_.size() - 1);
  }

  std::vector<Entry> nodes_;
  std::vector<Node> roots_;
};

}  // namespace npuzzle
