// `npuzzle judge NAME`: each problem's own input and output, byte for byte, on the
// samples and on seeded inputs checked by the reference model; bad datasets named, the others
// answered.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "npuzzle/core/random_board.hpp"
#include "npuzzle/io/format.hpp"
#include "support/cli_run.hpp"
#include "support/reference.hpp"

namespace npuzzle::cli_test {
namespace {

TEST(JudgePoj1077, AnswersTheSpecSamples) {
  for (const char* alias : {"poj1077", "hdu1043", "acwing179"}) {
    const CliRun r =
        npuzzle({"judge", alias}, "2 3 4 1 5 x 7 6 8\n1 2 3 x 4 6 7 5 8\n2 1 3 4 5 6 7 8 x\n");
    ASSERT_EQ(r.code, 0) << r.err;
    const auto out = lines(r.out);
    ASSERT_EQ(out.size(), 3u);
    EXPECT_EQ(out[0].size(), 19u);
    expect_solves(reference::encode(parse_board("2 3 4 1 5 x 7 6 8").tiles), out[0], kEightGoal, 3,
                  3);
    EXPECT_EQ(out[1], "rdr");
    EXPECT_EQ(out[2], "unsolvable");
    EXPECT_TRUE(r.err.empty());
  }
}

TEST(JudgePoj1077, ReadsPuzzlesAcrossLinesAndGluedAndPrintsAnEmptyLineWhenSolved) {
  const CliRun r =
      npuzzle({"judge", "poj1077"}, "1 2 3\n4 5 6\n7 8 x 23415x768\n1 2 3 x 4 6 7 5 8");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, 1), "\n");
  const auto out = lines(r.out);
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[1].size(), 19u);
  EXPECT_EQ(out[2], "rdr");
}

// `count` seeded random 8-puzzles, a third of them made unsolvable, one per line of `input` (with
// `refused[i]`, a bad line, before puzzle i); returns the puzzles in the reference's encoding.
std::vector<std::string> seeded_eight_puzzles(std::uint64_t seed, int count, std::string& input,
                                              const std::map<int, std::string>& refused = {}) {
  std::mt19937_64 rng(seed);
  const Board goal = Board::blank_last({3, 3});
  std::vector<std::string> boards;
  for (int i = 0; i < count; ++i) {
    if (const auto bad = refused.find(i); bad != refused.end()) input += bad->second + "\n";
    Board b = random_board(goal, rng);
    if (i % 3 == 0) std::swap(b.tiles[b.tiles[0] ? 0 : 1], b.tiles[b.tiles[2] ? 2 : 3]);
    boards.push_back(reference::encode(b.tiles));
    input += format_board(b, "x") + "\n";
  }
  return boards;
}

// The judge's lines for `boards`, in order: each a shortest answer that replays, or
// "unsolvable" where the reference BFS does not reach the goal.
void expect_shortest_answers(const std::vector<std::string>& boards, const std::string& out) {
  const auto& dist = reference::distances_to(Board::blank_last({3, 3}));
  const auto answers = lines(out);
  ASSERT_EQ(answers.size(), boards.size());
  for (std::size_t i = 0; i < boards.size(); ++i) {
    const auto it = dist.find(boards[i]);
    if (it == dist.end()) {
      EXPECT_EQ(answers[i], "unsolvable") << i;
      continue;
    }
    EXPECT_EQ(static_cast<int>(answers[i].size()), it->second) << i;
    expect_solves(boards[i], answers[i], kEightGoal, 3, 3);
  }
}

TEST(JudgePoj1077, SeededRandomPuzzlesAreShortestAndReplay) {
  std::string input;
  const auto boards = seeded_eight_puzzles(1077, 300, input);
  const CliRun r = npuzzle({"judge", "poj1077"}, input);
  ASSERT_EQ(r.code, 0) << r.err;
  expect_shortest_answers(boards, r.out);
}

// More puzzles than one block of the threads' work, with refused puzzles in different blocks:
// every answer in input order, shortest, and each refusal named by its line.
TEST(JudgePoj1077, PuzzlesAcrossBlocksKeepTheirOrder) {
  std::string input;
  const auto boards = seeded_eight_puzzles(1043, 9000, input,
                                           {{4500, "1 2 3 4 5 6 7 7 x"},  // line 4501: a tile twice
                                            {8200, "1 2 3 4 5 6 7 8 ?"}});  // line 8202: not a tile
  const CliRun r = npuzzle({"judge", "poj1077"}, input);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("line 4501: tile 7 appears twice"), std::string::npos) << r.err;
  EXPECT_LT(r.err.find("line 4501:"), r.err.find("line 8202: '?' is not a tile")) << r.err;
  expect_shortest_answers(boards, r.out);
}

TEST(JudgePoj1077, ABadPuzzleIsReportedAndTheOthersAnswered) {
  const CliRun r = npuzzle({"judge", "poj1077"},
                           "1 2 3 x 4 6 7 5 8\n1 2 3 4 5 6 7 9 x\n1 2 3 x 4 6 7 5 8\n1 2 3");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "rdr\nrdr\n");  // a judge writes its answers only
  EXPECT_NE(r.err.find("line 2: '9' is not a tile"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("line 4: the input ends after 3 of the puzzle's 9 tiles"), std::string::npos)
      << r.err;
}

TEST(JudgeAcwing108, AnswersTheSpecSampleAndEvenSizes) {
  const std::string sample =
      "3\n1 2 3\n4 5 6\n7 8 0\n1 2 3\n4 5 6\n7 0 8\n3\n1 2 3\n4 5 6\n7 8 0\n2 1 3\n4 5 6\n7 8 0\n";
  const CliRun r = npuzzle({"judge", "acwing108"}, sample);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "TAK\nNIE\n");
  // On an even width the blank's row counts: one move down is reachable, a row swap is not.
  const CliRun even =
      npuzzle({"judge", "acwing108"}, "2\n1 2\n3 0\n1 0\n3 2\n2\n1 2\n3 0\n3 2\n1 0\n1\n0\n0\n");
  ASSERT_EQ(even.code, 0) << even.err;
  EXPECT_EQ(even.out, "TAK\nNIE\nTAK\n");
}

TEST(JudgeAcwing108, BadDatasetsAreNamedAndTheOthersAnswered) {
  const CliRun r = npuzzle({"judge", "acwing108"},
                           "2\n1 2\n3 0\n1 0\n3 2\n2\n1 2\n3 3\n1 0\n3 2\n2\n1 2\n3 0\n1 0\n3");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "TAK\n");
  EXPECT_NE(r.err.find("dataset at line 6: first board: tile 3 appears twice"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("dataset at line 11: the input ends after 7 of the dataset's 8 numbers"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(npuzzle({"judge", "acwing108"}, "x\n").code, 2);
}

// Large datasets read in bulk the same in any layout: padded numbers, tabs, CRLF, one line, no
// end of line at the end; and a bad number after them is found and placed by its line. (Large
// enough to be checked aside while the next is read: the answers and refusals keep their order.)
TEST(JudgeAcwing108, LargeDatasetsReadTheSameInAnyLayout) {
  std::mt19937_64 rng(108);
  constexpr int kSide = 131;
  const Geometry g{kSide, kSide};
  const Board goal = Board::blank_last(g);
  std::vector<Board> boards;
  std::string expected;
  for (int i = 0; i < 4; ++i) {
    boards.push_back(random_board(goal, rng));
    boards.push_back(random_board(goal, rng));
    if (i % 2 == 1) {  // two tiles swapped: the other parity
      auto& t = boards.back().tiles;
      const std::size_t a = t[0] == kBlank ? 1 : 0, b = t[5] == kBlank ? 6 : 5;
      std::swap(t[a], t[b]);
    }
    expected += i % 2 == 1 ? "NIE\n" : "TAK\n";
  }
  const auto layout = [&](const std::string& sep, const std::string& eol, int pad) {
    std::string text;
    for (std::size_t b = 0; b < boards.size(); ++b) {
      if (b % 2 == 0) text += std::to_string(kSide) + eol;
      for (std::size_t c = 0; c < boards[b].tiles.size(); ++c) {
        const std::string n = std::to_string(boards[b].tiles[c]);
        text += std::string(c % 7 == 0 ? static_cast<std::size_t>(pad) : 0, '0') + n;
        text += (c + 1) % kSide == 0 ? eol : sep;
      }
    }
    return text;
  };
  for (const std::string& input :
       {layout(" ", "\n", 0), layout("\t", "\r\n", 3), layout(" ", " ", 12),
        layout(" ", "\n", 0) + "3\n1 2 3\n4 5 6\n7 8 0\n1 2 3 4 5 6 7 8"}) {
    const CliRun r = npuzzle({"judge", "acwing108"}, input);
    EXPECT_EQ(r.out, expected);
    EXPECT_EQ(r.code, input.ends_with("8") ? 2 : 0) << r.err;
  }
  std::string bad = layout(" ", "\n", 0);
  bad +=
      "3\n1 2 3\n4 5 6\n7 8 0\n1 2 3\n4 5 6\n7 12345678901 8\n3\n1 2 3\n4 5 6\n7 8 0\n"
      "1 2 3\n4 5 6\n7 8x 0\n";
  const CliRun r = npuzzle({"judge", "acwing108"}, bad);
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, expected);
  const int line = 4 * (2 * kSide + 1) + 1;
  EXPECT_NE(r.err.find("dataset at line " + std::to_string(line) +
                       ": number 17 of the dataset is not a tile"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("dataset at line " + std::to_string(line + 7) + ": number 17 of"),
            std::string::npos)
      << r.err;
  // A large dataset refused while checked aside, between two answered ones: in its place.
  auto twice = boards;
  twice[2].tiles[twice[2].tiles[0] == kBlank ? 1 : 0] = twice[2].tiles[5] == kBlank ? 7 : 6;
  boards = twice;
  const CliRun refused = npuzzle({"judge", "acwing108"}, layout(" ", "\n", 0));
  EXPECT_EQ(refused.code, 2);
  EXPECT_EQ(refused.out, "TAK\nTAK\nNIE\n");
  EXPECT_NE(
      refused.err.find("dataset at line " + std::to_string(2 * kSide + 2) + ": first board: tile"),
      std::string::npos)
      << refused.err;
}

TEST(JudgeLeetcode773, AnswersTheSpecSamples) {
  const CliRun r = npuzzle({"judge", "leetcode773"},
                           "[[1,2,3],[4,0,5]]\n[[1,2,3],[5,4,0]]\n[[4,1,2],[5,0,3]]\n");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "1\n-1\n5\n");
}

TEST(JudgeLeetcode773, EveryTwoByThreeBoardMatchesTheReferenceBfs) {
  const Board goal = Board::blank_last({2, 3});
  const auto& dist = reference::distances_to(goal);
  Board b = Board::blank_first({2, 3});
  std::string input, expected;
  int boards = 0;
  do {
    input += board_json(b).dump() + "\n";
    const auto it = dist.find(reference::encode(b.tiles));
    expected += (it == dist.end() ? "-1" : std::to_string(it->second)) + "\n";
    ++boards;
  } while (std::next_permutation(b.tiles.begin(), b.tiles.end()));
  ASSERT_EQ(boards, 720);
  const CliRun r = npuzzle({"judge", "leetcode773"}, input);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, expected);
}

TEST(JudgeLeetcode773, OtherSizesAndBadLines) {
  const CliRun r =
      npuzzle({"judge", "leetcode773"}, "[[1,2],[0,3]]\n[[1,2],[3]]\n[[2,1,3],[4,5,6],[7,8,0]]\n");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "1\n-1\n");
  EXPECT_NE(r.err.find("line 2: rows of unequal length"), std::string::npos) << r.err;
}

TEST(JudgePoj3131, BuildsTheAnswerTableOnFirstUseAndRepairsADamagedTable) {
  const TempCache cache;
  CliRun r = npuzzle({"judge", "poj3131"}, kCubeSample, cache.env);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, kCubeSampleAnswers);
  EXPECT_TRUE(std::filesystem::exists(cache.table));  // built once, kept for every later run
  EXPECT_NE(r.err.find("building the answers"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("pdb build"), std::string::npos) << r.err;  // no 4x4 advice here
  EXPECT_EQ(npuzzle({"cube", "table", "verify"}, "", cache.env).code, 0);
  for (const char* alias : {"poj3131", "aoj1268", "uva1604"}) {
    r = npuzzle({"judge", alias}, kCubeSample, cache.env);
    EXPECT_EQ(r.out, kCubeSampleAnswers) << alias;
    EXPECT_TRUE(r.err.empty()) << r.err;
  }

  {
    std::fstream f(cache.table, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(-1000, std::ios::end);
    f.put('\x07');
  }
  r = npuzzle({"cube", "table", "verify"}, "", cache.env);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("checksum"), std::string::npos) << r.err;
  r = npuzzle({"judge", "poj3131"}, kCubeSample, cache.env);
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, kCubeSampleAnswers);
  EXPECT_NE(r.err.find("rebuilding"), std::string::npos) << r.err;
  EXPECT_EQ(npuzzle({"cube", "table", "verify"}, "", cache.env).code, 0);
  EXPECT_EQ(npuzzle({"cube", "table", "remove"}, "", cache.env).code, 0);
  EXPECT_FALSE(std::filesystem::exists(cache.table));
}

TEST(JudgePoj3131, BadDatasetsAreNamedAndTheOthersAnswered) {
  const TempCache cache;
  const CliRun r = npuzzle({"judge", "poj3131"},
                           "1 2\nW W W\nE W W\nW W W\n"  // 1: fine
                           "1 1\nW W W\nW W W\nW W W\n"  // 2: no E
                           "1 1\nE W W\nW E W\nW W W\n"  // 3: two E's
                           "1 1\nE W W\nW G W\nW W W\n"  // 4: a bad letter
                           "4 1\nE W W\nW W W\nW W W\n"  // 5: off the board
                           "2 1\nR B W\nR W W\nE W W\n"  // 6: fine
                           "1 1\nE W W\nW W\n",          // 7: truncated
                           cache.env);
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "0\n3\n");
  for (const char* message :
       {"dataset 2 (line 5): the pattern has no E", "dataset 3 (line 9): the pattern has two E's",
        "dataset 4 (line 13): 'G' in the pattern is not one of B, W, R, E",
        "dataset 5 (line 17): square 4 1 is off the board",
        "dataset 7 (line 25): the input ends after 5 of the pattern's 9 squares"}) {
    EXPECT_NE(r.err.find(message), std::string::npos) << message << "\n" << r.err;
  }
}

}  // namespace
}  // namespace npuzzle::cli_test
