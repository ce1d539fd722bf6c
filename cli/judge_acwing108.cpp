// AcWing 108: can the second n x n board be reached from the first? Parity, in linear time.

#include <fmt/format.h>

#include "common.hpp"
#include "judges.hpp"
#include "npuzzle/core/parity.hpp"
#include "npuzzle/util/errors.hpp"
#include "scanner.hpp"

namespace npuzzle::cli {
namespace {

constexpr std::uint64_t kMaxSide = 5000;

}  // namespace

int judge_acwing108() {
  Scanner in = Scanner::from(stdin);
  BlockWriter out(stdout);
  int code = kOk;
  const auto refuse = [&](int line, std::string_view message) {
    out.flush();
    report(fmt::format("dataset at line {}", line), message);
    code = kBadInput;
  };

  while (in.skip_space()) {
    const int line = in.line();
    const auto n = in.number();
    if (!n || *n == 0 || *n > kMaxSide) {
      refuse(line, fmt::format("the dataset should start with its size n, 1 to {}", kMaxSide));
      break;  // without a size there is no telling where the next dataset starts
    }
    const auto side = static_cast<int>(*n);
    const auto cells = *n * *n;
    Board boards[2] = {{{side, side}, std::vector<Tile>(cells)},
                       {{side, side}, std::vector<Tile>(cells)}};
    std::string bad;
    std::uint64_t read = 0;
    for (; read < 2 * cells; ++read) {
      if (!in.skip_space()) break;
      const auto value = in.number();
      if (!value || *value >= cells) {
        if (bad.empty()) {
          bad = fmt::format("number {} of the dataset is not a tile 0 to {}", read + 1, cells - 1);
        }
        continue;
      }
      boards[read / cells].tiles[read % cells] = static_cast<Tile>(*value);
    }
    if (read < 2 * cells) {
      refuse(line,
             fmt::format("the input ends after {} of the dataset's {} numbers", read, 2 * cells));
      break;
    }
    if (!bad.empty()) {
      refuse(line, bad);
      continue;
    }
    if (cells == 1) {  // a lone blank: nothing to move, and nothing to reach
      out.write("TAK\n");
      continue;
    }
    try {
      for (int i = 0; i < 2; ++i) {
        try {
          validate(boards[i]);
        } catch (const InputError& e) {
          throw InputError(fmt::format("{} board: {}", i == 0 ? "first" : "second", e.what()));
        }
      }
    } catch (const InputError& e) {
      refuse(line, e.what());
      continue;
    }
    out.write(solvable(boards[0], boards[1]) ? "TAK\n" : "NIE\n");
  }
  return code;
}

}  // namespace npuzzle::cli
