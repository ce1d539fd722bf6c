#pragma once
// Memory for large tables: mapped directly (so it starts as zero pages, with no pass to clear
// it) and marked for transparent huge pages, so random lookups in a table of hundreds of
// megabytes miss the TLB far less often. A file mapping can be in huge pages too, where the
// system's file cache holds the file in them (see DirectoryStore::map).

#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <new>
#include <span>
#include <utility>

namespace npuzzle {

/// A huge page: the processor's second page size (2 MiB on x86-64 and most arm64).
inline constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;

/// Reads a byte of each huge page's stretch of the file mapping that starts at `start` (reading
/// from the file what the system's file cache lacks there) and returns how many of its bytes
/// are then mapped in huge pages, as /proc/self/smaps tells; 0 where the first stretch is not
/// (the others then left unread), or the system cannot map them so or tell.
std::size_t probe_file_mapping(const void* start, std::size_t size);

/// A fixed-size array of T in its own mapping, zero-filled; moves, never copies.
template <class T>
class LargeArray {
 public:
  LargeArray() = default;
  explicit LargeArray(std::size_t size) : size_(size) {
    if (size == 0) return;
    void* p = ::mmap(nullptr, bytes(), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    ::madvise(p, bytes(), MADV_HUGEPAGE);  // advice only: ignored where unsupported
    data_ = static_cast<T*>(p);
  }
  LargeArray(LargeArray&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}
  LargeArray& operator=(LargeArray&& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    return *this;
  }
  ~LargeArray() {
    if (data_ != nullptr) ::munmap(data_, bytes());
  }

  T* data() { return data_; }
  const T* data() const { return data_; }
  std::size_t size() const { return size_; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  std::span<T> span() { return {data_, size_}; }
  std::span<const T> span() const { return {data_, size_}; }

 private:
  std::size_t bytes() const { return size_ * sizeof(T); }

  T* data_ = nullptr;
  std::size_t size_ = 0;
};

using LargeBytes = LargeArray<std::uint8_t>;

}  // namespace npuzzle
