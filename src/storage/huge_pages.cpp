#include "npuzzle/storage/huge_pages.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <fstream>
#include <string>
#include <string_view>

namespace npuzzle {

#if defined(__linux__) && defined(MADV_POPULATE_READ)
namespace {

// The bytes of the mapping starting at `start` that /proc/self/smaps counts as `field` (in kB
// there); 0 where it has no such mapping or field.
std::size_t mapped_bytes(const void* start, std::string_view field) {
  std::ifstream in("/proc/self/smaps");
  const auto want = reinterpret_cast<std::uintptr_t>(start);
  bool inside = false;
  for (std::string line; std::getline(in, line);) {
    std::uintptr_t first = 0;
    if (const auto [end, ec] = std::from_chars(line.data(), line.data() + line.size(), first, 16);
        ec == std::errc{} && end != line.data() + line.size() && *end == '-') {
      inside = first == want;  // (a header: the mapping's first and last address)
      continue;
    }
    if (!inside || !line.starts_with(field)) continue;
    std::string_view rest = std::string_view(line).substr(field.size());
    rest.remove_prefix(std::min(rest.find_first_not_of(' '), rest.size()));
    std::size_t kb = 0;
    std::from_chars(rest.data(), rest.data() + rest.size(), kb);
    return kb * 1024;
  }
  return 0;
}

}  // namespace

std::size_t populate_file_mapping(const void* start, std::size_t size) {
  if (::madvise(const_cast<void*>(start), size, MADV_POPULATE_READ) != 0) return 0;
  return mapped_bytes(start, "FilePmdMapped:");
}
#else
std::size_t populate_file_mapping(const void*, std::size_t) {
  return 0;
}
#endif

}  // namespace npuzzle
