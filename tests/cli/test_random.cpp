// `random`: seeded boards, solvable, and at a proven distance from the goal.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/cli_run.hpp"

namespace npuzzle::cli_test {
namespace {

TEST(Random, SeededSolvableAndReadableBack) {
  const CliRun a = npuzzle({"random", "--size", "3x4", "-n", "5", "--seed", "9"});
  const CliRun b = npuzzle({"random", "--size", "3x4", "-n", "5", "--seed", "9"});
  ASSERT_EQ(a.code, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  EXPECT_EQ(lines(a.out).size(), 5u);
  const CliRun checked = npuzzle({"check"}, a.out);
  EXPECT_EQ(checked.out, "solvable\nsolvable\nsolvable\nsolvable\nsolvable\n") << checked.err;
  const CliRun x = npuzzle({"random", "--blank", "x", "--seed", "1"});
  EXPECT_NE(x.out.find('x'), std::string::npos);
}

TEST(Random, BoardsAtAProvenDistanceOrRandomMovesAway) {
  const CliRun r =
      npuzzle({"random", "--size", "4x4", "--distance", "22", "-n", "3", "--seed", "5"});
  ASSERT_EQ(r.code, 0) << r.err;
  const CliRun solved = npuzzle({"solve", "--size", "4x4", "--json"}, r.out);
  ASSERT_EQ(solved.code, 0) << solved.err;
  for (const auto& line : lines(solved.out)) {
    const auto j = nlohmann::json::parse(line);
    EXPECT_EQ(j["length"], 22) << line;
    EXPECT_EQ(j["optimal"], true) << line;
  }
  const CliRun walked = npuzzle({"random", "--size", "40x40", "--moves", "500", "--seed", "5"});
  ASSERT_EQ(walked.code, 0) << walked.err;
  EXPECT_EQ(npuzzle({"check", "--size", "40x40"}, walked.out).out, "solvable\n");
  // A walk longer than the time allows stops there, with a budget's exit code.
  const CliRun endless =
      npuzzle({"random", "--size", "3x3", "--moves", "1000000000000000", "--timeout", "0.05"});
  EXPECT_EQ(endless.code, 1);
  EXPECT_EQ(endless.out, "");
  EXPECT_NE(endless.err.find("did not end within the budget (board 1 of 1)"), std::string::npos)
      << endless.err;

  const CliRun both = npuzzle({"random", "--distance", "3", "--moves", "3"});
  EXPECT_EQ(both.code, 2);
  const CliRun far = npuzzle({"random", "--distance", "32"});
  EXPECT_EQ(far.code, 2);
  EXPECT_NE(far.err.find("more than 31 moves"), std::string::npos) << far.err;
  const CliRun big = npuzzle({"random", "--size", "5x5", "--distance", "10"});
  EXPECT_EQ(big.code, 2);
  EXPECT_NE(big.err.find("random moves"), std::string::npos) << big.err;
  const CliRun budget =
      npuzzle({"random", "--size", "4x4", "--distance", "50", "--max-nodes", "1", "--seed", "1"});
  EXPECT_EQ(budget.code, 1);
  EXPECT_NE(budget.err.find("raise --timeout"), std::string::npos) << budget.err;
}

}  // namespace
}  // namespace npuzzle::cli_test
