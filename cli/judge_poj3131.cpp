// POJ 3131 / AOJ 1268 / UVa 1604 "Cubic Eight-Puzzle": the least number of moves if at most 30,
// else -1. One lookup in the cached answer table where there is one, else an exact search.

#include <string>

#include "cube_input.hpp"
#include "judges.hpp"
#include "session.hpp"

namespace npuzzle::cli {

int judge_poj3131() {
  constexpr int kCap = 30;
  Scanner in = Scanner::from(stdin);
  BlockWriter out(stdout);
  return for_each_cube_dataset(in, out, [&](const CubeInput& d) {
    const auto answer = solver().cube_distance(d.dataset, kCap);
    out.write(answer ? std::to_string(*answer) : "-1");
    out.write("\n");
  });
}

}  // namespace npuzzle::cli
