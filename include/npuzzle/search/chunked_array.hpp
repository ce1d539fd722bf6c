#pragma once
// An array that grows a fixed-size chunk at a time. Growing never copies an element, so it never
// holds two copies at once, never stalls on one huge reallocation, and what the next growth costs
// is known before it happens: the searches that store states keep their memory budget by it.

#include <algorithm>
#include <cstddef>
#include <memory>
#include <vector>

namespace npuzzle {

/// `ChunkShift`: log2 of the rows in a chunk (smaller for the many small arrays of a bucket
/// queue).
template <class T, std::size_t ChunkShift = 12>
class ChunkedArray {
 public:
  static constexpr std::size_t kChunkShift = ChunkShift;
  static constexpr std::size_t kChunkRows = std::size_t{1} << kChunkShift;

  /// Each row holds `width` elements side by side.
  explicit ChunkedArray(std::size_t width = 1) : width_(width) {}

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

  T* row(std::size_t i) {
    return chunks_[i >> kChunkShift].get() + (i & (kChunkRows - 1)) * width_;
  }
  const T* row(std::size_t i) const {
    return chunks_[i >> kChunkShift].get() + (i & (kChunkRows - 1)) * width_;
  }
  T& operator[](std::size_t i) { return *row(i); }
  const T& operator[](std::size_t i) const { return *row(i); }
  T& back() { return *row(size_ - 1); }

  /// Appends a row, its elements unset, and returns it.
  T* push_row() {
    if (size_ == chunks_.size() * kChunkRows) chunks_.emplace_back(new T[kChunkRows * width_]);
    return row(size_++);
  }
  void push_back(const T& value) { *push_row() = value; }
  /// Gives back a chunk once a whole spare one lies beyond the last row.
  void pop_back() {
    --size_;
    if (chunks_.size() > (size_ >> kChunkShift) + 2) chunks_.pop_back();
  }

  std::size_t bytes() const {
    return chunks_.size() * chunk_bytes() + chunks_.capacity() * sizeof(chunks_[0]);
  }
  /// What `count` more rows would add to `bytes()`, at most.
  std::size_t bytes_to_grow(std::size_t count) const {
    const std::size_t chunks = (size_ + count + kChunkRows - 1) >> kChunkShift;
    if (chunks <= chunks_.size()) return 0;
    std::size_t bytes = (chunks - chunks_.size()) * chunk_bytes();
    if (chunks > chunks_.capacity()) {  // the chunk list is reallocated too
      bytes += std::max(2 * chunks_.capacity(), chunks) * sizeof(chunks_[0]);
    }
    return bytes;
  }

 private:
  std::size_t chunk_bytes() const { return kChunkRows * width_ * sizeof(T); }

  std::size_t width_;
  std::size_t size_ = 0;
  std::vector<std::unique_ptr<T[]>> chunks_;
};

}  // namespace npuzzle
