// AcWing 108: can the second n x n board be reached from the first? Parity, in linear time.

#include <fmt/format.h>

#include <algorithm>
#include <future>
#include <optional>
#include <span>
#include <string>
#include <system_error>

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

// What a dataset's two boards get: "TAK\n" or "NIE\n", or why they were refused.
struct Checked {
  std::string verdict;
  std::string refusal;
};

// Every number a tile, each board's tiles once each, then parity.
Checked check(const Board (&boards)[2], std::uint64_t cells) {
  if (const auto bad = first_out_of_range(boards, cells)) {
    return {{}, fmt::format("number {} of the dataset is not a tile 0 to {}", *bad + 1, cells - 1)};
  }
  if (cells == 1) return {"TAK\n", {}};  // a lone blank: nothing to move, and nothing to reach
  for (int i = 0; i < 2; ++i) {
    try {
      validate(boards[i]);
    } catch (const InputError& e) {
      return {{}, fmt::format("{} board: {}", i == 0 ? "first" : "second", e.what())};
    }
  }
  return {solvable(boards[0], boards[1]) ? "TAK\n" : "NIE\n", {}};
}

// Datasets of at least this many cells are checked on a thread of their own while the next one
// is read; smaller ones are over sooner than a thread starts.
constexpr std::uint64_t kCheckAsideCells = 1 << 14;

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
  // The dataset being checked aside, if any: its answer goes out before anything after it.
  std::future<Checked> aside;
  int aside_line = 0;
  const auto answer = [&](int line, const Checked& c) {
    if (c.refusal.empty()) {
      out.write(c.verdict);
    } else {
      refuse(line, c.refusal);
    }
  };
  const auto settle = [&] {
    if (aside.valid()) answer(aside_line, aside.get());
  };

  // Two pairs of boards, kept from one dataset to the next (their memory is touched once): one
  // read into while the other is checked.
  Board pairs[2][2];
  int next = 0;
  while (in.skip_space()) {
    Board(&boards)[2] = pairs[next];
    const int line = in.line();
    const auto n = in.number();
    if (!n || *n == 0 || *n > kMaxSide) {
      settle();
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
    settle();
    if (read < 2 * cells) {
      refuse(line,
             fmt::format("the input ends after {} of the dataset's {} numbers", read, 2 * cells));
      break;
    }
    if (cells < kCheckAsideCells) {
      answer(line, check(boards, cells));
      continue;
    }
    try {
      aside = std::async(std::launch::async, [&boards, cells] { return check(boards, cells); });
    } catch (const std::system_error&) {  // no thread to be had: checked here instead
      answer(line, check(boards, cells));
      continue;
    }
    aside_line = line;
    next ^= 1;
  }
  settle();
  return code;
}

}  // namespace npuzzle::cli
