#include "npuzzle/storage/huge_pages.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <fstream>
#include <string>
#include <string_view>

namespace npuzzle {

#ifdef __linux__
namespace {

// The bytes of the mapping starting at `start` that /proc/self/smaps counts as `field` (in kB
// there); 0 where it has no such mapping or field.
std::size_t mapped_bytes(const void* start, std::string_view field) {
  // Read in small pieces: the kernel counts each mapping's pages as it writes the mapping's
  // lines, so the reading stops soon after this mapping's rather than after those of the
  // tables mapped before it (at higher addresses, listed after it).
  std::array<char, 1024> buffer;
  std::ifstream in;
  in.rdbuf()->pubsetbuf(buffer.data(), buffer.size());
  in.open("/proc/self/smaps");
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

std::size_t probe_file_mapping(const void* start, std::size_t size) {
  // A read fault maps a whole huge page where the cache holds one there, and a few small ones
  // elsewhere: mapping every small page up front would cost more than many a search. The first
  // stretch goes first: where it is not huge (the system's cache keeps small pages, most
  // likely), the rest is left to the search.
  const auto* bytes = static_cast<const volatile std::uint8_t*>(start);
  (void)bytes[0];
  if (size >= kHugePageBytes && mapped_bytes(start, "FilePmdMapped:") == 0) return 0;
  for (std::size_t at = kHugePageBytes; at < size; at += kHugePageBytes) (void)bytes[at];
  return mapped_bytes(start, "FilePmdMapped:");
}
#else
std::size_t probe_file_mapping(const void*, std::size_t) {
  return 0;
}
#endif

}  // namespace npuzzle
