// LeetCode 773 "Sliding Puzzle": the least number of moves to 1..n-1 then the blank, or -1.

#include <iostream>

#include "common.hpp"
#include "judges.hpp"
#include "npuzzle/format.hpp"

namespace npuzzle::cli {

int judge_leetcode773() {
  const SearchFlags defaults;
  bool gave_up = false;
  const int code = for_each_board({}, [&](std::string_view text, const std::string& where) {
    const Board board = parse_board(text);
    const Board goal = Board::blank_last(board.geometry);
    const Solution s = solve(board, goal, defaults.options(goal));
    switch (s.status) {
      case SearchStatus::Solved:
        std::cout << s.moves.size() << '\n';
        break;
      case SearchStatus::NoSolution:
        std::cout << "-1\n";
        break;
      default:
        gave_up = true;
        report(where, "no answer within the default budget: use 'npuzzle solve' with a larger one");
    }
  });
  return code != kOk ? code : gave_up ? kFailure : kOk;
}

}  // namespace npuzzle::cli
