// AcWing 108: can the second n x n board be reached from the first? Parity, in linear time.

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <span>

#include "common.hpp"
#include "judges.hpp"
#include "npuzzle/core/parity.hpp"
#include "npuzzle/util/errors.hpp"
#include "scanner.hpp"

namespace npuzzle::cli {
namespace {

constexpr std::uint64_t kMaxSide = 5000;

// The place of the first number of the two boards that is not a tile 0 to cells - 1.
std::optional<std::uint64_t> first_out_of_range(const Board (&boards)[2], std::uint64_t cells) {
  for (std::size_t i = 0; i < 2; ++i) {
    const auto& tiles = boards[i].tiles;
    const auto it = std::find_if(tiles.begin(), tiles.end(), [&](Tile t) { return t >= cells; });
    if (it != tiles.end()) return i * cells + static_cast<std::uint64_t>(it - tiles.begin());
  }
  return std::nullopt;
}

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

  Board boards[2];  // kept from one dataset to the next: their memory is touched once
  while (in.skip_space()) {
    const int line = in.line();
    const auto n = in.number();
    if (!n || *n == 0 || *n > kMaxSide) {
      refuse(line, fmt::format("the dataset should start with its size n, 1 to {}", kMaxSide));
      break;  // without a size there is no telling where the next dataset starts
    }
    const auto side = static_cast<int>(*n);
    const auto cells = *n * *n;
    for (Board& b : boards) {
      b.geometry = {side, side};
      b.tiles.resize(cells);
    }
    // In bulk where the numbers are plain; a token that is not a number reads as `cells`, out of
    // range like a number too large, so that one pass afterwards finds the first bad one.
    std::uint64_t read = 0;
    for (Board& b : boards) {
      const std::span<Tile> tiles(b.tiles);
      std::size_t at = 0;
      while (at < cells) {
        at += in.numbers(tiles.subspan(at));
        if (at == cells || !in.skip_space()) break;
        const auto value = in.number();
        tiles[at++] = static_cast<Tile>(value && *value < cells ? *value : cells);
      }
      read += at;
      if (at < cells) break;
    }
    if (read < 2 * cells) {
      refuse(line,
             fmt::format("the input ends after {} of the dataset's {} numbers", read, 2 * cells));
      break;
    }
    if (const auto bad = first_out_of_range(boards, cells)) {
      refuse(line,
             fmt::format("number {} of the dataset is not a tile 0 to {}", *bad + 1, cells - 1));
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
