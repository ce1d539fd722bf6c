#pragma once
// The one error type the library throws for input it cannot accept. Front ends turn it into exit
// code 2 and one line on stderr; anything else escaping the library is an internal failure.

#include <stdexcept>
#include <string>

namespace npuzzle {

class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace npuzzle
