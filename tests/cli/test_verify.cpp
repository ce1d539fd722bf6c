// `verify`: move strings replayed against boards, from arguments, files or stdin, line by
// line.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/cli_run.hpp"

namespace npuzzle::cli_test {
namespace {

// With boards on stdin, --moves-from FILE reads the answers a line at a time: line k answers
// board k (a board that cannot be read passes its line), as `solve` writes them for a batch.
TEST(Verify, AnAnswersFileIsCheckedLineByLine) {
  const std::string boards = npuzzle({"random", "--size", "3x3", "-n", "4", "--seed", "5"}).out +
                             "bad\n" + "1 2 3 4 5 6 7 8 0\n";
  const std::string answers = npuzzle({"solve"}, boards).out;
  const auto file =
      std::filesystem::temp_directory_path() / ("npuzzle-answers-" + std::to_string(::getpid()));
  std::ofstream(file) << answers;
  CliRun r = npuzzle({"verify", "--moves-from", file.string()}, boards);
  EXPECT_EQ(r.code, 2) << r.err;  // the bad line
  const auto verdicts = lines(r.out);
  ASSERT_EQ(verdicts.size(), 6u) << r.out;
  for (const std::size_t k : {0u, 1u, 2u, 3u, 5u}) {
    EXPECT_TRUE(verdicts[k].starts_with("valid: reaches the goal")) << k << ": " << verdicts[k];
  }
  EXPECT_EQ(verdicts[4], "error");
  // One line short: the last board is told so.
  std::ofstream(file) << answers.substr(0, answers.rfind('\n', answers.size() - 2) + 1);
  r = npuzzle({"verify", "--moves-from", file.string()}, boards);
  EXPECT_NE(r.err.find("line 6: the moves file holds no line 6"), std::string::npos) << r.err;
  std::filesystem::remove(file);
}

// A large board's verdict says where it differs from the goal rather than write it out.
TEST(Verify, ALargeBoardsVerdictStaysShort) {
  const std::string board = npuzzle({"random", "--size", "40x40", "--seed", "3"}).out;
  const CliRun v = npuzzle({"verify", "--size", "40x40", board.substr(0, board.size() - 1), ""});
  EXPECT_EQ(v.code, 0) << v.err;
  EXPECT_NE(v.out.find("end at a board that differs from the goal in "), std::string::npos)
      << v.out.substr(0, 200);
  EXPECT_LT(v.out.size(), 300u);
}

TEST(Verify, ValidAndInvalidMoveStrings) {
  EXPECT_EQ(npuzzle({"verify", "1 2 3 x 4 6 7 5 8", "rdr"}).out,
            "valid: reaches the goal in 3 moves\n");
  EXPECT_EQ(npuzzle({"verify", "--notation", "tile", "1 2 3 x 4 6 7 5 8", "lul"}).out,
            "valid: reaches the goal in 3 moves\n");
  EXPECT_EQ(npuzzle({"verify", "1 2 3 x 4 6 7 5 8", "lrdr"}).out,
            "invalid: move 1 ('l') leaves the board\n");
  const CliRun r = npuzzle({"verify", "1", "2", "3", "x", "4", "6", "7", "5", "8", "rd"});
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, "invalid: the 2 moves end at 1 2 3 4 5 6 7 0 8, not at the goal\n");
  EXPECT_EQ(npuzzle({"verify", "1 2 3 4 5 6 7 x 8", "r"}).out,
            "valid: reaches the goal in 1 move\n");
  EXPECT_EQ(npuzzle({"verify", "1 2 3 4 5 6 7 x 8", "u"}).out,
            "invalid: the 1 move ends at 1 2 3 4 0 6 7 5 8, not at the goal\n");
  const CliRun bad_moves = npuzzle({"verify", "1 2 3 x 4 6 7 5 8", "rdq"});
  EXPECT_EQ(bad_moves.code, 2);
  EXPECT_EQ(bad_moves.out, "");
  EXPECT_NE(bad_moves.err.find("the move string: move 3 is 'q'"), std::string::npos)
      << bad_moves.err;
  EXPECT_EQ(npuzzle({"verify", "rdr"}).code, 2);
}

// A move string too long for an argument is read from a file or stdin, a piece at a time: the
// same verdicts, a bad character counted from the start of the whole string; with boards from
// stdin, each checked against its line of the file.
TEST(Verify, MovesFromAFileOrStdin) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("npuzzle-moves-" + std::to_string(::getpid()) + ".txt");
  const auto write = [&](const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
  };
  write("r d\nr\n");
  EXPECT_EQ(npuzzle({"verify", "--moves-from", path.string(), "1 2 3 x 4 6 7 5 8"}).out,
            "valid: reaches the goal in 3 moves\n");
  EXPECT_EQ(npuzzle({"verify", "--moves-from", "-", "1 2 3 x 4 6 7 5 8"}, "lrdr").out,
            "invalid: move 1 ('l') leaves the board\n");
  const CliRun each =
      npuzzle({"verify", "--moves-from", path.string()}, "1 2 3 x 4 6 7 5 8\n1 2 3 4 5 6 7 8 x\n");
  EXPECT_EQ(each.code, 0) << each.err;
  EXPECT_EQ(each.out,
            "invalid: the 2 moves end at 1 2 3 4 5 6 7 0 8, not at the goal\n"
            "invalid: move 1 ('r') leaves the board\n");
  write(std::string(std::size_t{1} << 20, ' ') + "rq");
  const CliRun bad = npuzzle({"verify", "--moves-from", path.string(), "1 2 3 x 4 6 7 5 8"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("move 1048578 is 'q'"), std::string::npos) << bad.err;
  std::filesystem::remove(path);
  const CliRun missing = npuzzle({"verify", "--moves-from", path.string(), "1 2 3 x 4 6 7 5 8"});
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("cannot open the moves file"), std::string::npos) << missing.err;
  EXPECT_EQ(npuzzle({"verify", "--moves-from", "-"}, "rdr").code, 2);
}

}  // namespace
}  // namespace npuzzle::cli_test
