// POJ 3131 / AOJ 1268 / UVa 1604 "Cubic Eight-Puzzle": the least number of moves if at most 30,
// else -1. One lookup in the cached answer table where there is one, else an exact search.

#include <string>

#include "cube_input.hpp"
#include "cube_table_cache.hpp"
#include "judges.hpp"
#include "npuzzle/cube/cube_solver.hpp"

namespace npuzzle::cli {

int judge_poj3131() {
  constexpr int kCap = 30;
  Scanner in = Scanner::from(stdin);
  BlockWriter out(stdout);
  const auto table = cached_answer_table(false);
  Budget budget;
  budget.max_depth = kCap;
  return for_each_cube_dataset(in, out, [&](const CubeDataset& d) {
    int answer = -1;
    if (table) {
      answer = table->distance(d.start_empty, d.pattern.empty, d.pattern.tops);
    } else {
      const auto s = cube::solve_cube(cube::standard_start(d.start_empty), d.pattern.target(),
                                      Algorithm::Auto, budget);
      if (s.status == SearchStatus::Solved) answer = static_cast<int>(s.moves.size());
    }
    out.write(std::to_string(answer <= kCap ? answer : -1));
    out.write("\n");
  });
}

}  // namespace npuzzle::cli
