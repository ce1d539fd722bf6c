#include "npuzzle/tiles/move_pruning.hpp"

#include <algorithm>
#include <array>
#include <span>
#include <string>

#include "npuzzle/search/node_store.hpp"
#include "npuzzle/util/errors.hpp"

namespace npuzzle {
namespace {

// The cells a blank path covers, from its start.
struct Box {
  int top = 0, bottom = 0, left = 0, right = 0;
  bool within(const Box& o) const {
    return top >= o.top && bottom <= o.bottom && left >= o.left && right <= o.right;
  }
};

// A string's effect: the cells it displaces (at most one more than its moves) and what each
// holds after it, in pairs.
using Effect = std::array<std::uint16_t, 2 * (kMaxMoveStringLength + 1)>;

// The moves' effect on an unbounded board (large enough for the strings' paths, so that no
// step leaves it), the blank starting in the middle: which cells end up holding which tile.
class Plane {
 public:
  explicit Plane(int max_length)
      : plane_{2 * max_length + 3, 2 * max_length + 3},
        middle_(plane_.at(max_length + 1, max_length + 1)) {
    cells_.resize(static_cast<std::size_t>(plane_.cells()));
    for (std::size_t c = 0; c < cells_.size(); ++c) cells_[c] = static_cast<int>(c);
  }

  // The effect of the string as a key (each displaced cell and what it holds, in cell order,
  // then zeros: the plane's first cell is beyond any string's reach), and its path's box. The
  // plane is left as it was.
  Effect effect(std::uint32_t code, int length, Box& box) {
    touched_.assign(1, middle_);
    Cell blank = middle_;
    box = Box{};
    for (int i = 0; i < length; ++i) {
      const Cell next = plane_.step(blank, MoveString{code, length}.at(i));
      std::swap(cells_[static_cast<std::size_t>(blank)], cells_[static_cast<std::size_t>(next)]);
      blank = next;
      touched_.push_back(blank);
      const int row = plane_.row(blank) - plane_.row(middle_);
      const int col = plane_.col(blank) - plane_.col(middle_);
      box = {std::min(box.top, row), std::max(box.bottom, row), std::min(box.left, col),
             std::max(box.right, col)};
    }
    std::sort(touched_.begin(), touched_.end());
    touched_.erase(std::unique(touched_.begin(), touched_.end()), touched_.end());
    Effect key{};
    std::size_t at = 0;
    for (const Cell c : touched_) {
      const int holds = cells_[static_cast<std::size_t>(c)];
      if (holds == c) continue;
      key[at++] = static_cast<std::uint16_t>(c);
      key[at++] = static_cast<std::uint16_t>(holds);
      cells_[static_cast<std::size_t>(c)] = c;
    }
    return key;
  }

 private:
  Geometry plane_;
  Cell middle_;
  std::vector<int> cells_;
  std::vector<Cell> touched_;
};

}  // namespace

std::vector<MoveString> find_redundant_strings(int max_length) {
  if (max_length < 0 || max_length > kMaxMoveStringLength) {
    throw InputError("move pruning covers strings of 0 to " + std::to_string(kMaxMoveStringLength) +
                     " moves, not " + std::to_string(max_length));
  }
  Plane plane(max_length);
  // Each effect met, stored once, and the boxes of the strings met so far that have it and hold
  // no redundant stretch: a list through `boxes`, its first entry in `first_box`, by the
  // effect's index. Other strings need not be kept: each holds one, so a smaller string has its
  // effect in a box within its own.
  NodeStore effects(sizeof(Effect));
  std::vector<std::uint32_t> first_box;
  constexpr std::uint32_t kEndOfList = 0xFFFF'FFFF;
  std::vector<std::pair<Box, std::uint32_t>> boxes;
  const auto keep = [&](const Effect& e, const Box& b) {
    const auto [index, inserted] = effects.insert(std::as_bytes(std::span(e)).data());
    if (inserted) first_box.push_back(kEndOfList);
    boxes.emplace_back(b, first_box[index]);
    first_box[index] = static_cast<std::uint32_t>(boxes.size() - 1);
  };
  // The redundant strings found shorter than `max_length`, one bit per string of each length.
  std::vector<std::vector<bool>> redundant(static_cast<std::size_t>(std::max(max_length, 1)));
  for (std::size_t k = 1; k < redundant.size(); ++k) {
    redundant[k].assign(std::size_t{1} << 2 * k, false);
  }
  std::vector<MoveString> out;
  Box box;
  keep(plane.effect(0, 0, box), box);
  std::vector<std::uint32_t> layer{0};  // the strings of one length kept, in order
  for (int length = 1; length <= max_length; ++length) {
    std::vector<std::uint32_t> next;
    for (const std::uint32_t s : layer) {
      for (std::uint32_t m = 0; m < kDirCount; ++m) {
        const std::uint32_t t = s * 4 + m;
        // Only a suffix can be redundant: every other stretch lies within s, which was kept.
        bool holds_one = false;
        for (int k = 2; k < length && !holds_one; ++k) {
          holds_one = redundant[static_cast<std::size_t>(k)][t & ((1u << (2 * k)) - 1)];
        }
        if (holds_one) continue;
        const Effect e = plane.effect(t, length, box);
        bool within = false;
        if (const auto index = effects.find(std::as_bytes(std::span(e)).data());
            index != NodeStore::kNone) {
          for (std::uint32_t k = first_box[index]; k != kEndOfList && !within;
               k = boxes[k].second) {
            within = boxes[k].first.within(box);
          }
        }
        if (within) {
          if (length < max_length) redundant[static_cast<std::size_t>(length)][t] = true;
          out.push_back({t, length});
          continue;
        }
        keep(e, box);
        next.push_back(t);
      }
    }
    layer = std::move(next);
  }
  return out;
}

MovePruning::MovePruning(std::span<const MoveString> redundant) {
  // Aho-Corasick over the redundant strings: a trie, then each node's transitions completed by
  // its longest proper suffix that is also a trie node.
  constexpr std::uint32_t kNone = 0xFFFF'FFFF;
  using Node = std::array<std::uint32_t, kDirCount>;
  std::vector<Node> child(1, Node{kNone, kNone, kNone, kNone});
  std::vector<char> ends(1, 0);
  for (const MoveString& r : redundant) {
    if (r.length < 1 || r.length > kMaxMoveStringLength) {
      throw InputError("a redundant move string has 1 to " + std::to_string(kMaxMoveStringLength) +
                       " moves, not " + std::to_string(r.length));
    }
    std::uint32_t at = 0;
    for (int i = 0; i < r.length; ++i) {
      const auto a = static_cast<std::size_t>(index(r.at(i)));
      if (child[at][a] == kNone) {
        child[at][a] = static_cast<std::uint32_t>(child.size());
        child.push_back(Node{kNone, kNone, kNone, kNone});
        ends.push_back(0);
      }
      at = child[at][a];
    }
    ends[at] = 1;
  }
  std::vector<Node> go(child.size());
  std::vector<std::uint32_t> fail(child.size(), 0);
  std::vector<std::uint32_t> order{0};  // breadth first: each node after its fail node
  for (std::size_t a = 0; a < kDirCount; ++a) {
    go[0][a] = child[0][a] == kNone ? 0 : child[0][a];
    if (child[0][a] != kNone) order.push_back(child[0][a]);
  }
  for (std::size_t k = 1; k < order.size(); ++k) {
    const std::uint32_t n = order[k];
    ends[n] |= ends[fail[n]];
    for (std::size_t a = 0; a < kDirCount; ++a) {
      const std::uint32_t c = child[n][a], via_fail = go[fail[n]][a];
      if (c == kNone) {
        go[n][a] = via_fail;
      } else {
        go[n][a] = c;
        fail[c] = via_fail;
        order.push_back(c);
      }
    }
  }

  // The states are the nodes where no redundant string ends. Nodes that accept the same
  // continuations are one state: Moore's refinement splits the nodes by their class and their
  // successors' classes until no class splits.
  constexpr std::uint32_t kEnd = kNone;
  std::vector<std::uint32_t> live, cls(child.size(), 0);
  for (const std::uint32_t n : order) {
    if (ends[n]) {
      cls[n] = kEnd;
    } else {
      live.push_back(n);
    }
  }
  using Key = std::array<std::uint32_t, 1 + kDirCount>;
  std::vector<std::pair<Key, std::uint32_t>> keyed(live.size());
  for (std::size_t classes = 1;;) {
    for (std::size_t k = 0; k < live.size(); ++k) {
      const std::uint32_t n = live[k];
      keyed[k] = {{cls[n], cls[go[n][0]], cls[go[n][1]], cls[go[n][2]], cls[go[n][3]]}, n};
    }
    std::sort(keyed.begin(), keyed.end());
    std::uint32_t count = 0;
    for (std::size_t k = 0; k < keyed.size(); ++k) {
      if (k > 0 && keyed[k].first != keyed[k - 1].first) ++count;
      cls[keyed[k].second] = count;
    }
    if (++count == classes) break;
    classes = count;
  }

  // Numbered in breadth-first order of the trie (the start first, and the states of short
  // strings, visited most, together).
  std::vector<std::uint32_t> id(live.size(), kNone);
  std::uint32_t count = 0;
  for (const std::uint32_t n : order) {
    if (cls[n] != kEnd && id[cls[n]] == kNone) id[cls[n]] = count++;
  }
  if (count > kPrunedMove) {
    throw InputError("the move-pruning machine of these strings needs " + std::to_string(count) +
                     " states; a PruningState names at most " + std::to_string(kPrunedMove));
  }
  next_.assign(std::size_t{count} * kDirCount, kPrunedMove);
  for (const std::uint32_t n : order) {
    if (cls[n] == kEnd) continue;
    for (std::size_t a = 0; a < kDirCount; ++a) {
      const std::uint32_t to = cls[go[n][a]];
      next_[std::size_t{id[cls[n]]} * kDirCount + a] =
          to == kEnd ? kPrunedMove : static_cast<PruningState>(id[to]);
    }
  }
}

}  // namespace npuzzle
