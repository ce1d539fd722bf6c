#pragma once
// A large table's bytes as searches read them. A table built here is in huge-page memory of its
// own. A table loaded from a mapped file is read there: where the mapping is in huge pages
// throughout, for as long as it lives; elsewhere at first, while a thread copies it into
// huge-page memory (random reads in small pages miss the TLB more often), and readers that look
// at location() on each read move to the copy once it is whole. Both hold the same bytes, and
// the file stays mapped while the table lives, so a reader on either is right.
//
// (Loading straight into new memory would do without the thread, but memory the system has not
// handed out lately can be slow to touch the first time: a virtual machine's host backs it
// page by page. A file the system has cached is mapped in a fraction of that.)

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <thread>

#include "npuzzle/storage/huge_pages.hpp"

namespace npuzzle {

class TableMemory {
 public:
  /// Bytes already in memory of their own.
  explicit TableMemory(LargeBytes own);
  /// Bytes in a mapping that `keep` holds; unless `in_huge_pages`, copied into memory of their
  /// own on another thread (where one cannot be started, they stay in the mapping).
  TableMemory(std::span<const std::uint8_t> mapped, std::shared_ptr<const void> keep,
              bool in_huge_pages);
  /// Stops a copy that is still running.
  ~TableMemory();
  TableMemory(const TableMemory&) = delete;
  TableMemory& operator=(const TableMemory&) = delete;

  /// Where the bytes are now: a reader that loads it (acquire) on each read moves to the copy
  /// as soon as it is whole.
  const std::atomic<const std::uint8_t*>& location() const { return data_; }
  const std::uint8_t* data() const { return data_.load(std::memory_order_acquire); }
  std::size_t size() const { return size_; }
  std::span<const std::uint8_t> span() const { return {data(), size_}; }
  /// Waits for a copy under way to end.
  void wait_copied();

 private:
  void copy(std::span<const std::uint8_t> from);

  std::size_t size_ = 0;
  LargeBytes own_;
  std::shared_ptr<const void> keep_;
  std::atomic<const std::uint8_t*> data_{nullptr};
  std::atomic<bool> stop_{false};
  std::thread copier_;
};

}  // namespace npuzzle
