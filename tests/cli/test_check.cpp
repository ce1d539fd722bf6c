// `check`: solvability by parity, on boards of any size, from a file or a pipe.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "npuzzle/core/random_board.hpp"
#include "npuzzle/io/format.hpp"
#include "support/cli_run.hpp"

namespace npuzzle::cli_test {
namespace {

TEST(Check, ParityAnswersIncludingHugeBoards) {
  CliRun r = npuzzle({"check"}, "1 2 3 4 5 6 7 8 0\n2 1 3 4 5 6 7 8 0\n");
  EXPECT_EQ(r.out, "solvable\nunsolvable\n");
  r = npuzzle({"check", "--goal", "blank-first", "--json", "1 0 2 3"});
  EXPECT_EQ(nlohmann::json::parse(r.out)["solvable"], true);
  std::mt19937_64 rng(499);
  const Board goal = Board::blank_last({499, 499});
  r = npuzzle({"check"}, format_board(random_board(goal, rng)) + "\n");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "solvable\n");
}

// A file is mapped and a pipe read line by line: the same answers, errors and line numbers,
// blank lines (each answered "blank"), CRLF and a last line without its end included. A file
// whose first line was taken by another reader is read from where that reader stopped.
TEST(Check, AFileAndAPipeAreReadAlike) {
  const std::string input =
      "1 2 3 4 5 6 7 8 0\n\n2 1 3 4 5 6 7 8 0\r\n1 2 3 4 5 6 7 8 8\n  \n[[1,0],[3,2]]";
  const std::string out = "solvable\nblank\nunsolvable\nerror\nblank\nsolvable\n";
  for (const Feed feed : {Feed::kFile, Feed::kPipe}) {
    const CliRun r = npuzzle({"check"}, input, "", feed);
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.out, out);
    EXPECT_EQ(r.err, "npuzzle: line 4: tile 8 appears twice\n");
  }
  const CliRun r = npuzzle({"check"}, input, "", Feed::kFileAfterFirstLine);
  EXPECT_EQ(r.out, out.substr(std::string("solvable\n").size()));
  EXPECT_EQ(r.err, "npuzzle: line 3: tile 8 appears twice\n");
}

}  // namespace
}  // namespace npuzzle::cli_test
