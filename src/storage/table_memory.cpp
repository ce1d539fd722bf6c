#include "npuzzle/storage/table_memory.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <exception>

namespace npuzzle {

TableMemory::TableMemory(LargeBytes own)
    : size_(own.size()), own_(std::move(own)), data_(own_.data()) {}

TableMemory::TableMemory(std::span<const std::uint8_t> mapped, std::shared_ptr<const void> keep,
                         bool in_huge_pages)
    : size_(mapped.size()), keep_(std::move(keep)), data_(mapped.data()) {
  if (in_huge_pages) return;
  try {
    own_ = LargeBytes(size_);
    copier_ = std::thread([this, mapped] { copy(mapped); });
  } catch (const std::exception&) {  // no memory or no thread for the copy: read in the mapping
    own_ = LargeBytes();
  }
}

TableMemory::~TableMemory() {
  stop_.store(true, std::memory_order_relaxed);
  if (copier_.joinable()) copier_.join();
}

void TableMemory::wait_copied() {
  if (copier_.joinable()) copier_.join();
}

void TableMemory::copy(std::span<const std::uint8_t> from) {
#ifdef __linux__
  // Behind the searches that read the table meanwhile: the copy only speeds them up.
  ::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), 19);
#endif
  constexpr std::size_t kPiece = std::size_t{2} << 20;
  for (std::size_t first = 0; first < from.size(); first += kPiece) {
    if (stop_.load(std::memory_order_relaxed)) return;
    const std::size_t n = std::min(kPiece, from.size() - first);
    std::memcpy(own_.data() + first, from.data() + first, n);
  }
  data_.store(own_.data(), std::memory_order_release);
}

}  // namespace npuzzle
