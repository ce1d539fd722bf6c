#pragma once
// The errors the library throws on purpose. InputError: input it cannot accept (front ends
// turn it into exit code 2 and one line on stderr). CancelledError: work stopped through a
// CancelToken. Anything else escaping the library is an internal failure.

#include <stdexcept>
#include <string>

namespace npuzzle {

class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class CancelledError : public std::runtime_error {
 public:
  CancelledError() : std::runtime_error("cancelled") {}
};

}  // namespace npuzzle
