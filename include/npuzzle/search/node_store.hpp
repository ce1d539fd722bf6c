#pragma once
// Fixed-size packed states, stored once each, found by an open-addressing hash of their bytes.
// Indices follow insertion order, so a breadth-first search needs no queue besides the store.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace npuzzle {

class NodeStore {
 public:
  using Index = std::uint32_t;
  static constexpr Index kNone = ~Index{0};

  explicit NodeStore(std::size_t record_bytes) : record_bytes_(record_bytes), slots_(1024, kNone) {}

  struct Insertion {
    Index index;
    bool inserted;  // false: the record was already there, at `index`
  };

  Insertion insert(const std::byte* record) {
    if ((size() + 1) * 2 > slots_.size()) grow();
    std::size_t slot = find_slot(record);
    if (slots_[slot] != kNone) return {slots_[slot], false};
    const auto index = static_cast<Index>(size());
    records_.insert(records_.end(), record, record + record_bytes_);
    slots_[slot] = index;
    return {index, true};
  }

  Index find(const std::byte* record) const { return slots_[find_slot(record)]; }

  /// Valid until the next insert.
  const std::byte* record(Index i) const {
    return records_.data() + std::size_t{i} * record_bytes_;
  }
  std::size_t size() const { return records_.size() / record_bytes_; }
  std::size_t bytes() const { return records_.capacity() + slots_.capacity() * sizeof(Index); }

 private:
  static std::uint64_t mix(std::uint64_t x) {  // splitmix64's finaliser
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
  }

  std::uint64_t hash(const std::byte* p) const {
    std::uint64_t h = record_bytes_;
    for (std::size_t i = 0; i < record_bytes_; i += 8) {
      std::uint64_t w = 0;
      std::memcpy(&w, p + i, std::min<std::size_t>(8, record_bytes_ - i));
      h = mix(h ^ w);
    }
    return h;
  }

  // The slot holding `record`, or the empty slot where it would go.
  std::size_t find_slot(const std::byte* record) const {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t s = hash(record) & mask;; s = (s + 1) & mask) {
      const Index i = slots_[s];
      if (i == kNone || std::memcmp(this->record(i), record, record_bytes_) == 0) return s;
    }
  }

  void grow() {
    slots_.assign(slots_.size() * 2, kNone);
    const std::size_t mask = slots_.size() - 1;
    for (Index i = 0; i < size(); ++i) {
      std::size_t s = hash(record(i)) & mask;
      while (slots_[s] != kNone) s = (s + 1) & mask;
      slots_[s] = i;
    }
  }

  std::size_t record_bytes_;
  std::vector<std::byte> records_;
  std::vector<Index> slots_;  // a power of two in size, at most half full
};

/// The moves from a root to node `i`, following parent links.
template <class Move>
std::vector<Move> trace_path(const std::vector<NodeStore::Index>& parent,
                             const std::vector<Move>& via, NodeStore::Index i) {
  std::vector<Move> path;
  for (; parent[i] != NodeStore::kNone; i = parent[i]) path.push_back(via[i]);
  return {path.rbegin(), path.rend()};
}

}  // namespace npuzzle
