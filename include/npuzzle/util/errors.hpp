#pragma once
// The errors the library throws on purpose. InputError: input it cannot accept (front ends
// turn it into exit code 2 and one line on stderr). ResourceError: work the machine has too
// little memory for, refused before it starts (exit code 1, its message as it is).
// CancelledError: work stopped through a CancelToken. Anything else escaping the library is an
// internal failure.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

namespace npuzzle {

class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class ResourceError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class CancelledError : public std::runtime_error {
 public:
  CancelledError() : std::runtime_error("cancelled") {}
};

/// A 64-bit count as a size, for memory about to be taken: throws std::length_error where it
/// does not fit (32-bit WebAssembly), rather than taking less.
inline std::size_t checked_size(std::uint64_t n) {
  if constexpr (sizeof(std::size_t) < sizeof(std::uint64_t)) {
    if (n > std::numeric_limits<std::size_t>::max()) {
      throw std::length_error("more than this platform can address");
    }
  }
  return static_cast<std::size_t>(n);
}

}  // namespace npuzzle
