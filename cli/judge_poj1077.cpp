// POJ 1077 / HDU 1043 / AcWing 179 "Eight": a shortest move string per 8-puzzle, read off the
// distance table.
//
// A puzzle costs a fraction of a microsecond, so puzzles go to the threads in blocks: handing
// them over one at a time would cost more than answering them. The blocks are read on this
// thread, answered on every core, and printed here in input order.

#include <fmt/format.h>

#include <algorithm>
#include <thread>

#include "common.hpp"
#include "judges.hpp"
#include "npuzzle/util/in_order.hpp"
#include "scanner.hpp"
#include "session.hpp"

namespace npuzzle::cli {
namespace {

constexpr std::size_t kCells = 9;
constexpr std::size_t kBlock = 4096;

struct Block {
  std::vector<Tile> tiles;  // kCells per puzzle
  std::vector<int> lines;   // where each puzzle starts
  // Per puzzle: what is wrong with it (empty if nothing), and where its answer ends in `text`.
  std::vector<std::string> errors;
  std::vector<std::size_t> ends;
  std::string text;

  std::size_t size() const { return lines.size(); }
};

}  // namespace

int judge_poj1077() {
  Scanner in = Scanner::from(stdin);
  BlockWriter out(stdout);
  const Geometry g{3, 3};
  const Solver::Plan plan = solver().plan(Board::blank_last(g));
  int code = kOk;
  const auto refuse = [&](int line, std::string_view message) {
    out.flush();
    report("line " + std::to_string(line), message);
    code = kBadInput;
  };

  const auto answer = [&](Block& b) {
    Board board{g, std::vector<Tile>(kCells)};
    b.ends.resize(b.size());
    for (std::size_t i = 0; i < b.size(); ++i) {
      if (b.errors[i].empty()) {
        std::copy_n(b.tiles.begin() + static_cast<std::ptrdiff_t>(i * kCells), kCells,
                    board.tiles.begin());
        try {
          const Solution s = plan.solve(board);
          if (s.solvable()) {
            append_moves(b.text, s.moves, Notation::Blank);
          } else {
            b.text += "unsolvable";
          }
          b.text += '\n';
        } catch (const InputError& e) {
          b.errors[i] = e.what();
        } catch (const std::bad_alloc&) {
          b.errors[i] = "out of memory";
        }
      }
      b.ends[i] = b.text.size();
    }
  };
  const auto print = [&](Block& b) {
    std::size_t from = 0;
    for (std::size_t i = 0; i < b.size(); ++i) {
      if (!b.errors[i].empty()) refuse(b.lines[i], b.errors[i]);
      out.write(std::string_view(b.text).substr(from, b.ends[i] - from));
      from = b.ends[i];
    }
  };
  InOrder<Block> blocks(std::max(1u, std::thread::hardware_concurrency()), answer, print);

  Block block;
  const auto hand_over = [&] {
    blocks.add(std::move(block));
    block = Block{};
  };
  while (in.skip_space()) {
    const int line = in.line();
    // Tokens are single characters, so glued puzzles like 23415x768 read the same.
    std::string bad;
    std::size_t read = 0;
    block.tiles.resize(block.tiles.size() + kCells);
    Tile* tiles = block.tiles.data() + block.tiles.size() - kCells;
    for (; read < kCells && in.skip_space(); ++read) {
      const char c = in.next_char();
      if (c >= '1' && c <= '8') {
        tiles[read] = static_cast<Tile>(c - '0');
      } else if (c == 'x' || c == 'X' || c == '0') {
        tiles[read] = kBlank;
      } else if (bad.empty()) {
        bad = fmt::format("'{}' is not a tile (1-8, or x for the blank)", c);
      }
    }
    if (read < kCells) {
      block.tiles.resize(block.tiles.size() - kCells);
      hand_over();
      blocks.drain();
      refuse(line, fmt::format("the input ends after {} of the puzzle's 9 tiles", read));
      return code;
    }
    block.lines.push_back(line);
    block.errors.push_back(std::move(bad));
    if (block.size() == kBlock) hand_over();
  }
  hand_over();
  blocks.drain();
  return code;
}

}  // namespace npuzzle::cli
