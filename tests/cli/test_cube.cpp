// `cube solve` and `cube verify`: the Cubic Eight-Puzzle's distances and sequences.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "support/cli_run.hpp"

namespace npuzzle::cli_test {
namespace {

TEST(CubeSolve, PrintsTrueDistancesAndSequencesThatVerify) {
  const TempCache cache;
  CliRun r = npuzzle({"cube", "solve"}, kCubeSample, cache.env);
  ASSERT_EQ(r.code, 0) << r.err;
  const auto out = lines(r.out);
  ASSERT_EQ(out.size(), 8u);
  const int expected[] = {0, 3, 13, 23, 29, 30, 31, 35};  // no cap: the last two exceed 30
  std::vector<std::string> moves;
  for (std::size_t i = 0; i < out.size(); ++i) {
    std::istringstream line(out[i]);
    int length = -2;
    std::string m;
    line >> length >> m;
    EXPECT_EQ(length, expected[i]) << out[i];
    EXPECT_EQ(m.size(), static_cast<std::size_t>(length)) << out[i];
    moves.push_back(m);
  }
  std::vector<std::string> args{"cube", "verify"};
  args.insert(args.end(), moves.begin(), moves.end());
  r = npuzzle(args, kCubeSample, cache.env);
  ASSERT_EQ(r.code, 0) << r.err;
  for (const auto& verdict : lines(r.out))
    EXPECT_EQ(verdict.rfind("valid: makes the pattern", 0), 0u) << verdict;

  r = npuzzle({"cube", "solve", "--max-depth", "30", "--json"}, kCubeSample, cache.env);
  const auto json = lines(r.out);
  ASSERT_EQ(json.size(), 8u);
  EXPECT_EQ(nlohmann::json::parse(json[5])["length"], 30);
  EXPECT_EQ(nlohmann::json::parse(json[7])["status"], "depth limit");
  EXPECT_EQ(nlohmann::json::parse(json[7])["length"], nullptr);
}

TEST(CubeVerify, SaysWhyASequenceFails) {
  const std::string dataset = "2 1\nR B W\nR W W\nE W W\n0 0\n";
  EXPECT_EQ(npuzzle({"cube", "verify", "uu"}, dataset).out,
            "invalid: move 1 ('u') leaves the board\n");
  EXPECT_EQ(npuzzle({"cube", "verify", "d"}, dataset).out,
            "invalid: the 1 move ends with tops WRW/WEW/WWW, not the pattern\n");
  const std::string two = "2 1\nR B W\nR W W\nE W W\n2 1\nR B W\nR W W\nE W W\n";
  const CliRun none = npuzzle({"cube", "verify", "ldd"}, two);
  EXPECT_EQ(none.code, 2);
  EXPECT_EQ(none.out, "valid: makes the pattern in 3 moves\n");
  EXPECT_NE(none.err.find("dataset 2 (line 5): dataset 2 has no move string"), std::string::npos)
      << none.err;
}

}  // namespace
}  // namespace npuzzle::cli_test
