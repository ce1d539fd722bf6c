#include "cube_input.hpp"

#include <fmt/format.h>

#include "common.hpp"

namespace npuzzle::cli {

int for_each_cube_dataset(Scanner& in, BlockWriter& out,
                          const std::function<void(const CubeInput&)>& handle) {
  int code = kOk;
  for (int number = 1; in.skip_space(); ++number) {
    CubeInput d;
    d.number = number;
    d.line = in.line();
    const auto refuse = [&](std::string_view message) {
      out.flush();
      report(fmt::format("dataset {} (line {})", number, d.line), message);
      code = kBadInput;
    };
    const auto x = in.number();
    const auto y = in.skip_space() ? in.number() : std::nullopt;
    if (!x || !y) {
      refuse("it should start with the empty square's x and y, numbers 1 to 3");
      break;  // without them there is no telling where the next dataset starts
    }
    if (*x == 0 && *y == 0) break;
    // Letters are single characters, so "WWW" and "W W W" read the same.
    constexpr std::size_t kLetters = 9;
    std::string letters;
    while (letters.size() < kLetters && in.skip_space()) letters += in.next_char();
    if (letters.size() < kLetters) {
      refuse(fmt::format("the input ends after {} of the pattern's 9 squares", letters.size()));
      break;
    }
    try {
      d.dataset = {*x, *y, std::move(letters)};
      handle(d);
    } catch (const InputError& e) {
      refuse(e.what());
    }
  }
  return code;
}

}  // namespace npuzzle::cli
