#pragma once
// A byte count for people, in binary units: "512 B", "1.5 KiB", "577.0 MiB", "3.87 GiB".

#include <cstdint>
#include <cstdio>
#include <string>

namespace npuzzle {

inline std::string human_bytes(std::uint64_t b) {
  constexpr std::uint64_t kKi = 1024, kMi = kKi * 1024, kGi = kMi * 1024;
  const auto x = static_cast<double>(b);
  char text[32];
  if (b < kKi) {
    std::snprintf(text, sizeof text, "%llu B", static_cast<unsigned long long>(b));
  } else if (b < kMi) {
    std::snprintf(text, sizeof text, "%.1f KiB", x / kKi);
  } else if (b < kGi) {
    std::snprintf(text, sizeof text, "%.1f MiB", x / kMi);
  } else {
    std::snprintf(text, sizeof text, "%.2f GiB", x / kGi);
  }
  return text;
}

}  // namespace npuzzle
