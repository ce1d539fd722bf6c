// Input as a hostile or careless user gives it, to any command: byte-order marks, unreadable
// streams, blank lines, control bytes, sizes that would wrap; one output line per input line
// and every problem said.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/cli_run.hpp"

namespace npuzzle::cli_test {
namespace {

// A UTF-8 byte-order mark at the start of the input (some editors write one) is read past, by
// every reader: the board batch from a file and from a pipe, the judges, and moves from a file.
TEST(Input, AByteOrderMarkIsReadPast) {
  const std::string mark = "\xEF\xBB\xBF";
  for (const Feed feed : {Feed::kFile, Feed::kPipe}) {
    CliRun r = npuzzle({"solve"}, mark + "2 3 4 1 5 x 7 6 8\n", "", feed);
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out, "ullddrurdllurdruldr\n");
    r = npuzzle({"judge", "poj1077"}, mark + "2 3 4 1 5 x 7 6 8\n", "", feed);
    EXPECT_EQ(r.out, "ullddrurdllurdruldr\n") << r.err;
    r = npuzzle({"verify", "--moves-from", "-", "2", "3", "4", "1", "5", "x", "7", "6", "8"},
                mark + "ullddrurdllurdruldr", "", feed);
    EXPECT_EQ(r.out, "valid: reaches the goal in 19 moves\n") << r.err;
  }
}

// Standard input that cannot be read (here open for writing only) is an error, said, not an
// empty batch; a failure to read (exit code 1), not input read and found wrong (2), whichever
// command reads it.
TEST(Input, AnUnreadableStdinIsReportedNotTakenAsEmpty) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("npuzzle-test-wo-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string err = (dir / "err").string();
  for (const char* command :
       {"solve", "check", "hint", "compare", "judge poj1077", "judge acwing108", "judge poj3131",
        "judge leetcode773", "cube solve", "verify --moves-from - 1 2 3 4 5 6 7 0 8"}) {
    std::string cmd = NPUZZLE_BIN;
    cmd += ' ';
    cmd += command;
    cmd += " 0>>" + (dir / "stdin").string();
    cmd += " >" + (dir / "out").string();
    cmd += " 2>" + err;
    const int status = std::system(cmd.c_str());
    EXPECT_EQ(WEXITSTATUS(status), 1) << command;
    EXPECT_NE(slurp(err).find("cannot read the "), std::string::npos) << command;
  }
  std::filesystem::remove_all(dir);
}

// What the input echoes into a message reaches stderr as text a terminal shows rather than acts
// on: C1 controls, bidirectional overrides and bytes that are not UTF-8 as \xNN; other UTF-8 as
// it is.
TEST(Input, StderrShowsHostileBytesEscaped) {
  const std::vector<std::pair<std::string, std::string>> cases{
      {"\xE2\x80\xAE"
       "3",
       "\\xe2\\x80\\xae3"},  // right-to-left override
      {"\xC2\x85"
       "3",
       "\\xc2\\x853"},  // C1: next line
      {"\xFF"
       "3",
       "\\xff3"},  // not UTF-8
      {"\xC3\xA9"
       "3",
       "\xC3\xA9"
       "3"},  // é, shown as it is
  };
  for (const auto& [token, shown] : cases) {
    const CliRun r = npuzzle({"solve"}, "1 2 " + token + " 4 5 6 7 8 0\n");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("'" + shown + "' is not a tile"), std::string::npos) << r.err;
  }
}

// A flood of bad input makes a hundred messages and a count, not a message per problem; every
// answer is still printed.
TEST(Input, ProblemsPastAHundredAreCountedNotShown) {
  std::string input;
  for (int i = 0; i < 150; ++i) input += "1 2 3 4 5 6 7 8 q\n";
  input += "2 3 4 1 5 x 7 6 8\n";
  const CliRun r = npuzzle({"solve"}, input);
  EXPECT_EQ(r.code, 2);
  const auto said = lines(r.err);
  ASSERT_EQ(said.size(), 101u);
  EXPECT_EQ(said.back(), "npuzzle: 50 more problems were found and not shown");
  const auto answers = lines(r.out);
  ASSERT_EQ(answers.size(), 151u);
  EXPECT_EQ(answers.back(), "ullddrurdllurdruldr");
}

// Every input line gets exactly one output line: a board at its goal the empty move string, a
// blank line "blank" (with --json, an object saying so), so that answers line up with boards;
// verify reads such an answers file back line by line.
TEST(Input, EveryLineGetsOneOutputLine) {
  const std::string input = "1 2 3 4 5 6 7 8 0\n\n2 3 4 1 5 x 7 6 8\n  \n";
  CliRun r = npuzzle({"solve"}, input);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "\nblank\nullddrurdllurdruldr\nblank\n");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(npuzzle({"hint"}, input).out,
            "distance 0: already at the goal\nblank\ndistance 19, next move u\nblank\n");
  r = npuzzle({"solve", "--json"}, input);
  const auto json = lines(r.out);
  ASSERT_EQ(json.size(), 4u);
  EXPECT_EQ(nlohmann::json::parse(json[1]), nlohmann::json({{"line", 2}, {"status", "blank"}}));
  const auto answers =
      std::filesystem::temp_directory_path() / ("npuzzle-lines-" + std::to_string(::getpid()));
  std::ofstream(answers) << npuzzle({"solve"}, input).out;
  EXPECT_EQ(npuzzle({"verify", "--moves-from", answers.string()}, input).out,
            "valid: reaches the goal in 0 moves\nblank\nvalid: reaches the goal in 19 "
            "moves\nblank\n");
  std::filesystem::remove(answers);
}

// Hostile input: each is refused with one line naming the problem, before any memory is taken,
// and never crashes or wraps around.
TEST(Hostile, SizesAndTilesAreCheckedNotWrapped) {
  CliRun r = npuzzle({"check", "--size", "48145x89209", "1 2 3 4 5 6 7 8 0"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("4294967305 cells"), std::string::npos) << r.err;
  r = npuzzle({"random", "--size", "65536x65536"});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "");
  r = npuzzle({"judge", "leetcode773"}, "[[1,2,3],[4,4294967301,0]]\n");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("too large"), std::string::npos) << r.err;
  r = npuzzle({"solve"}, std::string(100000, '[') + std::string(100000, ']') + "\n");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("nests deeper"), std::string::npos) << r.err;
  r = npuzzle({"solve", std::string(5000, 'q')});
  EXPECT_EQ(r.code, 2);
  EXPECT_LT(r.err.size(), 200u) << "a bad token is quoted in full";
}

TEST(Hostile, WriteAndReadErrorsAreNotSilent) {
  // Each run goes through `sh -c 'exec "$@" REDIRECTION' sh`, after the helper's own redirections.
  const auto with = [](const std::string& redirection) {
    return "sh -c 'exec \"$@\" " + redirection + "' sh";
  };
  // stdout on a full device: exit 1 and say so; stderr on one: no abort.
  CliRun r = npuzzle({"random", "-n", "1000"}, "", with(">/dev/full"));
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("cannot write the output"), std::string::npos) << r.err;
  r = npuzzle({"solve", "1 2 3 4 5 6 7 8 8"}, "", with("2>/dev/full"));
  EXPECT_EQ(r.code, 2);
  // stdin a directory, or closed.
  r = npuzzle({"solve"}, "", with("</"));
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("directory"), std::string::npos) << r.err;
  r = npuzzle({"judge", "poj1077"}, "", with("<&-"));
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("closed"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace npuzzle::cli_test
