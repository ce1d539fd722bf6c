#pragma once
// Fixed-size packed states, stored once each, found by an open-addressing hash of their bytes.
// Indices follow insertion order, so a breadth-first search needs no queue besides the store.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <vector>

#include "npuzzle/search/chunked_array.hpp"
#include "npuzzle/search/domain.hpp"
#include "npuzzle/storage/huge_pages.hpp"
#include "npuzzle/util/hash.hpp"

namespace npuzzle {

class NodeStore {
 public:
  using Index = std::uint32_t;
  static constexpr Index kNone = ~Index{0};

  explicit NodeStore(std::size_t record_bytes)
      : record_bytes_(record_bytes), records_(record_bytes), slots_(1024) {}

  struct Insertion {
    Index index;
    bool inserted;  // false: the record was already there, at `index`
  };

  Insertion insert(const std::byte* record) {
    if ((size() + 1) * kLoad.den > slots_.size() * load_num_) grow([] { return false; });
    std::size_t slot = find_slot(record);
    if (slots_[slot] != kEmpty) return {slots_[slot] - 1, false};
    const auto index = static_cast<Index>(size());
    std::memcpy(records_.push_row(), record, record_bytes_);
    slots_[slot] = index + 1;
    return {index, true};
  }

  Index find(const std::byte* record) const { return slots_[find_slot(record)] - 1; }

  const std::byte* record(Index i) const { return records_.row(i); }
  std::size_t size() const { return records_.size(); }
  std::size_t bytes() const { return records_.bytes() + slots_.size() * sizeof(Index); }
  /// What the store held while its slot table last grew (both tables), or 0.
  std::size_t growth_bytes() const { return growth_bytes_; }

  /// Readies the store for `count` more records within `room` more bytes, growing the slot table
  /// now if it must grow. Where doubling it does not fit, the table fills further instead
  /// (slower lookups, no more memory). False when the records do not fit even so, or when
  /// `stop()`, asked now and then while the table grows, says to stop (the growth is dropped).
  template <class Stop>
  bool make_room(std::size_t count, std::size_t room, const Stop& stop) {
    const std::size_t records = records_.bytes_to_grow(count);
    if (records > room) return false;
    if ((size() + count) * kLoad.den <= slots_.size() * load_num_) return true;
    if (load_num_ == kLoad.num && slots_.size() * 2 * sizeof(Index) <= room - records) {
      return grow(stop);
    }
    load_num_ = kLoad.most;
    return (size() + count) * kLoad.den <= slots_.size() * load_num_;
  }

 private:
  static constexpr Index kEmpty = 0;  // a slot holds its record's index + 1
  // The slot table is kept at most num/den full, or most/den once doubling it no longer fits.
  static constexpr struct { std::size_t num, most, den; } kLoad{2, 3, 4};

  std::uint64_t hash(const std::byte* p) const {
    std::uint64_t h = record_bytes_;
    for (std::size_t i = 0; i < record_bytes_; i += 8) {
      std::uint64_t w = 0;
      std::memcpy(&w, p + i, std::min<std::size_t>(8, record_bytes_ - i));
      h = mix64(h ^ w);
    }
    return h;
  }

  // The slot holding `record`, or the empty slot where it would go.
  std::size_t find_slot(const std::byte* record) const {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t s = hash(record) & mask;; s = (s + 1) & mask) {
      const Index i = slots_[s];
      if (i == kEmpty || std::memcmp(this->record(i - 1), record, record_bytes_) == 0) return s;
    }
  }

  // Doubles the slot table. A large one takes a while to fill (about a second for 20 million
  // records), so `stop` is asked every 65,536 records.
  template <class Stop>
  bool grow(const Stop& stop) {
    LargeArray<Index> wider(slots_.size() * 2);
    growth_bytes_ = bytes() + wider.size() * sizeof(Index);
    const std::size_t mask = wider.size() - 1;
    for (Index i = 0; i < size(); ++i) {
      if ((i & 0xffff) == 0xffff && stop()) return false;
      std::size_t s = hash(record(i)) & mask;
      while (wider[s] != kEmpty) s = (s + 1) & mask;
      wider[s] = i + 1;
    }
    slots_ = std::move(wider);
    return true;
  }

  std::size_t record_bytes_;
  ChunkedArray<std::byte> records_;
  // A power of two in size; mapped zero-filled, in huge pages where the system has them, so a
  // large table costs few page faults to create and few TLB misses to probe.
  LargeArray<Index> slots_;
  std::size_t load_num_ = kLoad.num;
  std::size_t growth_bytes_ = 0;
};

/// The moves from a root to node `i`, following parent links.
template <class Move>
std::vector<Move> trace_path(const ChunkedArray<NodeStore::Index>& parent,
                             const ChunkedArray<Move>& via, NodeStore::Index i) {
  std::vector<Move> path;
  for (; parent[i] != NodeStore::kNone; i = parent[i]) path.push_back(via[i]);
  return {path.rbegin(), path.rend()};
}

/// Readies `store` and the arrays kept beside it (one row per node) for `count` more nodes
/// within the memory budget of `run`, which holds `bytes_now`. Returns the limit that stops the
/// search where they do not fit or where the run is interrupted while the slot table grows.
template <class... Arrays>
std::optional<SearchStatus> make_room(NodeStore& store, std::size_t count, SearchRun& run,
                                      std::size_t bytes_now, const Arrays&... beside) {
  const std::size_t room = run.room(bytes_now);
  const std::size_t arrays = (std::size_t{0} + ... + beside.bytes_to_grow(count));
  if (arrays > room) return SearchStatus::MemoryLimit;
  const std::size_t store_before = store.bytes(), growth_before = store.growth_bytes();
  const bool fits =
      store.make_room(count, room - arrays, [&run] { return run.interrupted().has_value(); });
  if (store.growth_bytes() != growth_before) {  // both slot tables were held for a while
    run.stats.peak_bytes =
        std::max(run.stats.peak_bytes, bytes_now - store_before + store.growth_bytes());
  }
  if (fits) return std::nullopt;
  return run.interrupted().value_or(SearchStatus::MemoryLimit);
}

}  // namespace npuzzle
