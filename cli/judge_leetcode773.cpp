// LeetCode 773 "Sliding Puzzle": the least number of moves to 1..n-1 then the blank, or -1.

#include <iostream>

#include "batch.hpp"
#include "common.hpp"
#include "flags.hpp"
#include "judges.hpp"

namespace npuzzle::cli {

int judge_leetcode773() {
  BoardFlags boards;  // the goal: 1 .. n-1, then the blank
  const SearchFlags search;
  Plans plans(boards, search);
  bool gave_up = false;
  const int code =
      for_each_board({}, std::nullopt, [&](const Board& board, const std::string& where) {
        const Solution s = plans.for_board(board).solve(board);
        switch (s.status) {
          case SearchStatus::Solved:
            std::cout << s.moves.size() << '\n';
            break;
          case SearchStatus::NoSolution:
            std::cout << "-1\n";
            break;
          default:
            gave_up = true;
            if (s.status != SearchStatus::Cancelled) {
              report(where,
                     "no answer within the default budget: use 'npuzzle solve' with a larger one");
            }
        }
      });
  return batch_exit(code, gave_up);
}

}  // namespace npuzzle::cli
