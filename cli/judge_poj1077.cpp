// POJ 1077 / HDU 1043 / AcWing 179 "Eight": a shortest move string per 8-puzzle, read off the
// distance table.

#include <fmt/format.h>

#include "common.hpp"
#include "judges.hpp"
#include "scanner.hpp"
#include "session.hpp"

namespace npuzzle::cli {

int judge_poj1077() {
  Scanner in = Scanner::from(stdin);
  BlockWriter out(stdout);
  const Geometry g{3, 3};
  const Solver::Plan plan = solver().plan(Board::blank_last(g));
  Board board{g, std::vector<Tile>(9)};
  int code = kOk;
  const auto refuse = [&](int line, std::string_view message) {
    out.flush();
    report("line " + std::to_string(line), message);
    code = kBadInput;
  };

  while (in.skip_space()) {
    const int line = in.line();
    // Tokens are single characters, so glued puzzles like 23415x768 read the same.
    std::string bad;
    std::size_t read = 0;
    for (; read < 9 && in.skip_space(); ++read) {
      const char c = in.next_char();
      if (c >= '1' && c <= '8') {
        board.tiles[read] = static_cast<Tile>(c - '0');
      } else if (c == 'x' || c == 'X' || c == '0') {
        board.tiles[read] = kBlank;
      } else if (bad.empty()) {
        bad = fmt::format("'{}' is not a tile (1-8, or x for the blank)", c);
      }
    }
    if (read < 9) {
      refuse(line, fmt::format("the input ends after {} of the puzzle's 9 tiles", read));
      break;
    }
    if (!bad.empty()) {
      refuse(line, bad);
      continue;
    }
    try {
      const Solution s = plan.solve(board);
      out.write(s.status == SearchStatus::Solved ? format_moves(s.moves, Notation::Blank)
                                                 : "unsolvable");
      out.write("\n");
    } catch (const InputError& e) {
      refuse(line, e.what());
    }
  }
  return code;
}

}  // namespace npuzzle::cli
