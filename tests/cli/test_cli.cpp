// The npuzzle command as a user runs it: judge formats byte for byte, exit codes, bad input,
// and every printed solution replayed by the reference model.

#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "npuzzle/core/moves.hpp"
#include "npuzzle/core/random_board.hpp"
#include "npuzzle/io/format.hpp"
#include "support/reference.hpp"

namespace npuzzle {
namespace {

struct CliRun {
  int code;
  std::string out, err;
};

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// How the input reaches stdin: a file (read from a mapping), a pipe (read a line at a time), or
// a file whose first line another reader has already taken.
enum class Feed { kFile, kPipe, kFileAfterFirstLine };

// Runs the binary with `args` (each one quoted for the shell), `input` on stdin and `env`
// (assignments such as "NPUZZLE_CACHE=/tmp/x") in its environment.
CliRun npuzzle(const std::vector<std::string>& args, const std::string& input = "",
               const std::string& env = "", Feed feed = Feed::kFile) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("npuzzle-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "in", std::ios::binary) << input;
  std::string cmd = env + " " + NPUZZLE_BIN;
  for (const auto& a : args) {
    std::string quoted = "'";
    for (char c : a) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    cmd += " " + quoted + "'";
  }
  const std::string in = (dir / "in").string();
  if (feed == Feed::kPipe) cmd = "cat " + in + " | " + cmd;
  if (feed == Feed::kFileAfterFirstLine) cmd = "{ read -r first; " + cmd + "; }";
  cmd += " <" + in + " >" + (dir / "out").string() + " 2>" + (dir / "err").string();
  const int status = std::system(cmd.c_str());
  CliRun r{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(dir / "out"), slurp(dir / "err")};
  std::filesystem::remove_all(dir);
  return r;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

// The moves take `board` (reference encoding) to `goal` on a rows x cols board.
void expect_solves(const std::string& board, const std::string& moves, const std::string& goal,
                   int rows, int cols) {
  std::string s = board;
  EXPECT_TRUE(reference::replay(s, moves, rows, cols)) << board << " " << moves;
  EXPECT_EQ(s, goal) << board << " " << moves;
}

// Korf's first 15-puzzle instance (goal: blank first), 57 moves from its goal.
const char* const kKorfOne = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";

const std::string kEightGoal = reference::encode(Board::blank_last({3, 3}).tiles);

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

TEST(Solve, ArgumentsStdinAndEveryForm) {
  CliRun r = npuzzle({"solve", "2", "3", "4", "1", "5", "x", "7", "6", "8"});
  ASSERT_EQ(r.code, 0) << r.err;
  expect_solves(reference::encode(parse_board("2 3 4 1 5 x 7 6 8").tiles), lines(r.out).at(0),
                kEightGoal, 3, 3);
  r = npuzzle({"solve"},
              "1 2 3 x 4 6 7 5 8\n\n[[4,1,2],[5,0,3]]\n1 2 3/4 0 5\n2 1 3 4 5 6 7 8 0\n");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "rdr\nblank\nlurrd\nr\nunsolvable\n");
  r = npuzzle({"solve", "--size", "2x3", "4 1 2 5 0 3"});
  EXPECT_EQ(r.out, "lurrd\n");
}

TEST(Solve, TwelveCellBoardsEitherGoalEveryAlgorithmReplays) {
  std::mt19937_64 rng(43);
  for (const char* goal_name : {"blank-last", "blank-first"}) {
    const Board goal = parse_goal(goal_name, {3, 4});
    const Board b = random_board(goal, rng);
    std::vector<std::size_t> lengths;
    for (const char* algo : {"auto", "astar", "idastar", "bibfs"}) {
      const CliRun r = npuzzle({"solve", "--goal", goal_name, "--algo", algo, format_board(b)});
      ASSERT_EQ(r.code, 0) << r.err;
      const std::string moves = lines(r.out).at(0);
      expect_solves(reference::encode(b.tiles), moves, reference::encode(goal.tiles), 3, 4);
      lengths.push_back(moves.size());
    }
    EXPECT_EQ(std::count(lengths.begin(), lengths.end(), lengths[0]), 4);
  }
}

TEST(Solve, JsonStatsAndTileNotation) {
  CliRun r = npuzzle({"solve", "--json", "1 2 3 x 4 6 7 5 8"});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["moves"], "rdr");
  EXPECT_EQ(j["length"], 3);
  EXPECT_EQ(j["optimal"], true);
  EXPECT_EQ(j["algorithm"], "table");
  EXPECT_EQ(j["board"], nlohmann::json::parse("[[1,2,3],[0,4,6],[7,5,8]]"));
  EXPECT_TRUE(j["stats"].contains("expanded"));
  r = npuzzle({"solve", "--notation", "tile", "1 2 3 x 4 6 7 5 8"});
  EXPECT_EQ(r.out, "lul\n");
  r = npuzzle(
      {"solve", "--stats", "--algo", "idastar", "--heuristic", "manhattan", "1 2 3 x 4 6 7 5 8"});
  EXPECT_NE(r.out.find("stats: length 3, algorithm idastar (manhattan), expanded"),
            std::string::npos)
      << r.out;
  r = npuzzle({"solve", "--json", "2 1 3 4 5 6 7 8 0"});
  EXPECT_EQ(nlohmann::json::parse(r.out)["solvable"], false);
}

TEST(Solve, ABudgetGivesUpClearly) {
  const CliRun r = npuzzle(
      {"solve", "--algo", "idastar", "--max-nodes", "100", "--goal", "blank-first", kKorfOne});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.out, "unknown\n");
  EXPECT_NE(r.err.find("node limit reached after 100 expanded nodes"), std::string::npos) << r.err;
}

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

// A large board's verdict says where it differs from the goal rather than write it out.
TEST(Verify, ALargeBoardsVerdictStaysShort) {
  const std::string board = npuzzle({"random", "--size", "40x40", "--seed", "3"}).out;
  const CliRun v = npuzzle({"verify", "--size", "40x40", board.substr(0, board.size() - 1), ""});
  EXPECT_EQ(v.code, 0) << v.err;
  EXPECT_NE(v.out.find("end at a board that differs from the goal in "), std::string::npos)
      << v.out.substr(0, 200);
  EXPECT_LT(v.out.size(), 300u);
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

// A memory budget below one byte is still a budget (rounded up), not "no limit" (0).
TEST(Solve, ATinyMemoryBudgetIsALimitNotNone) {
  const CliRun r = npuzzle({"solve", "--algo", "bfs", "--max-memory", "0.0000001", "--timeout",
                            "30", "--goal", "blank-first", kKorfOne});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.out, "unknown\n");
  EXPECT_NE(r.err.find("memory limit"), std::string::npos) << r.err;
}

// The time limit is a deadline for the fast solver's improvements; its first answer is always
// finished (a floor: linear in its moves), so a tiny timeout still gets a valid answer, alone
// and after an exact search that used the whole budget.
TEST(Solve, ATinyTimeoutStillGetsTheFastSolversFirstAnswer) {
  for (const auto& [size, algo] : {std::pair{"40x40", "fast"}, std::pair{"10x10", "auto"}}) {
    const std::string board = npuzzle({"random", "--size", size, "--seed", "1"}).out;
    const CliRun r = npuzzle({"solve", "--algo", algo, "--timeout", "0.001", "--json"}, board);
    ASSERT_EQ(r.code, 0) << size << " " << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["status"], "solved");
    EXPECT_EQ(j["algorithm"], "fast");
    const CliRun v = npuzzle({"verify", "--size", size, board.substr(0, board.size() - 1),
                              j["moves"].get<std::string>()});
    EXPECT_NE(v.out.find("valid: reaches the goal"), std::string::npos) << v.out;
  }
}

// What a budget's end advises fits the search: IDA* only where it takes the board and did not
// run; and the fast solver counts the boards it generates, never fewer than it expanded.
TEST(Solve, ABudgetsAdviceFitsTheBoardAndTheFastSolversCountsAddUp) {
  CliRun r = npuzzle(
      {"solve", "--algo", "idastar", "--max-nodes", "100", "--goal", "blank-first", kKorfOne});
  EXPECT_EQ(r.err.find("try --algo idastar"), std::string::npos) << r.err;
  r = npuzzle(
      {"solve", "--algo", "astar", "--max-nodes", "100", "--goal", "blank-first", kKorfOne});
  EXPECT_NE(r.err.find("try --algo idastar"), std::string::npos) << r.err;
  r = npuzzle({"solve", "--algo", "fast", "--json"},
              npuzzle({"random", "--size", "12x12", "--seed", "1"}).out);
  const auto stats = nlohmann::json::parse(r.out)["stats"];
  EXPECT_GT(stats["expanded"].get<std::uint64_t>(), 0u);
  EXPECT_GE(stats["generated"].get<std::uint64_t>(), stats["expanded"].get<std::uint64_t>());
}

// Auto hands a search that runs out of budget over to the fast solver: an answer, marked.
TEST(Solve, AutoAnswersWhereTheBudgetEndsWithTheFastSolver) {
  const CliRun r = npuzzle({"solve", "--json", "--max-nodes", "100", "--goal", "blank-first",
                            "--heuristic", "linear-conflict", kKorfOne});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["status"], "solved");
  EXPECT_EQ(j["optimal"], false);
  EXPECT_EQ(j["algorithm"], "fast");
  EXPECT_LE(j["lower_bound"].get<int>(), 57);
  EXPECT_GT(j["length"].get<int>(), 57);
  expect_solves(reference::encode(parse_board(kKorfOne).tiles), j["moves"],
                reference::encode(Board::blank_first({4, 4}).tiles), 4, 4);
  const CliRun stats = npuzzle({"solve", "--stats", "--size", "7x7", "--max-nodes", "1000"},
                               npuzzle({"random", "--size", "7x7", "--seed", "3"}).out);
  ASSERT_EQ(stats.code, 0) << stats.err;
  EXPECT_NE(stats.out.find("(not proven shortest; at least "), std::string::npos) << stats.out;
  const CliRun hint = npuzzle({"hint", "--size", "7x7", "--max-nodes", "1000"},
                              npuzzle({"random", "--size", "7x7", "--seed", "3"}).out);
  ASSERT_EQ(hint.code, 0) << hint.err;
  EXPECT_NE(hint.out.find("not proven shortest"), std::string::npos) << hint.out;
}

// A large board's moves are printed as they are found with no limit set, and wait in a spool
// (past 4 MiB, a temporary file) under a limit or on several threads: the same line each way,
// and it replays.
TEST(Solve, ALargeBoardsMovesAreTheSameStreamedOrSpooled) {
  std::mt19937_64 rng(140);
  const Board goal = Board::blank_last({140, 140});
  const Board board = random_board(goal, rng);
  const std::string input = format_board(board) + "\n";
  const CliRun direct = npuzzle({"solve", "--timeout", "0", "--stats"}, input);
  ASSERT_EQ(direct.code, 0) << direct.err;
  const auto out = lines(direct.out);
  ASSERT_EQ(out.size(), 2u);
  const std::vector<Dir> moves = parse_moves(out[0], Notation::Blank);
  EXPECT_GT(out[0].size(), std::size_t{4} << 20);
  const Replay replayed = replay(board, moves);
  EXPECT_TRUE(replayed.legal);
  EXPECT_EQ(replayed.final, goal);
  EXPECT_NE(out[1].find("length " + std::to_string(moves.size()) + " (not proven shortest"),
            std::string::npos)
      << out[1];
  const CliRun spooled = npuzzle({"solve", "--timeout", "600"}, input);
  ASSERT_EQ(spooled.code, 0) << spooled.err;
  EXPECT_EQ(spooled.out, out[0] + "\n");
  const CliRun two = npuzzle({"solve", "-j", "2", "--max-nodes", "5"}, input + input);
  ASSERT_EQ(two.code, 0) << two.err;
  EXPECT_EQ(two.out, out[0] + "\n" + out[0] + "\n");
  const auto path = std::filesystem::temp_directory_path() /
                    ("npuzzle-answer-" + std::to_string(::getpid()) + ".txt");
  std::ofstream(path, std::ios::binary) << direct.out;  // the stats line is not a move: cut it
  std::filesystem::resize_file(path, out[0].size() + 1);
  const CliRun verified = npuzzle({"verify", "--moves-from", path.string()}, input);
  std::filesystem::remove(path);
  EXPECT_EQ(verified.out, "valid: reaches the goal in " + std::to_string(moves.size()) + " moves\n")
      << verified.err;
}

TEST(Solve, MalformedBoardsAreRefusedAndTheOthersAnswered) {
  const CliRun r = npuzzle(
      {"solve"}, "1 2 3 x 4 6 7 5 8\n1 2 3 4 5 6 7 8\n1 2 3 x 4 6 7 5 5\n1 2 3 x 4 6 7 5 8\n");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "rdr\nerror\nerror\nrdr\n");  // one line out for each line in
  EXPECT_NE(r.err.find("line 2: 8 tiles do not make a square board"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("line 3: tile 5 appears twice"), std::string::npos) << r.err;
  EXPECT_EQ(npuzzle({"solve"}, "").code, 0);
  EXPECT_EQ(npuzzle({"solve", "--size", "3by3", "1 2 3 0"}).code, 2);
  EXPECT_EQ(npuzzle({"solve", "--goal", "1 2 3 0", "1 2 3 4 5 6 7 8 0"}).code, 2);
  EXPECT_EQ(npuzzle({"solve", "--algo", "dfs", "1 2 3 0"}).code, 2);
  EXPECT_EQ(npuzzle({"solve", "--algo", "table", "--size", "4x4"},
                    "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n")
                .code,
            2);
}

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

// Boards solved several at once keep the input's order, errors and blank lines included, from a
// file and from a pipe; the answers are the ones a single thread gives.
TEST(Solve, ABatchOnSeveralThreadsKeepsTheInputOrder) {
  std::mt19937_64 rng(43);
  std::string input;
  for (int i = 0; i < 12; ++i) {
    const Geometry g = i % 3 == 0 ? Geometry{3, 4} : Geometry{3, 3};
    input += format_board(random_board(Board::blank_last(g), rng)) + "\n";
    if (i == 4) input += "1 2 3\n\n";
    if (i == 8) input += "2 1 3 4 5 6 7 8 0\n";
  }
  const CliRun one = npuzzle({"solve", "--json"}, input);
  ASSERT_EQ(one.code, 2);
  ASSERT_EQ(lines(one.out).size(), 15u);  // one per input line, the blank one too
  for (const Feed feed : {Feed::kFile, Feed::kPipe}) {
    const CliRun three = npuzzle({"solve", "--json", "-j", "3"}, input, "", feed);
    EXPECT_EQ(three.code, one.code);
    EXPECT_EQ(three.err, one.err);
    const auto a = lines(one.out), b = lines(three.out);
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
      auto x = nlohmann::json::parse(a[i]), y = nlohmann::json::parse(b[i]);
      x.erase("stats");
      y.erase("stats");
      EXPECT_EQ(x, y) << i;
    }
  }
  EXPECT_EQ(npuzzle({"solve", "-j", "0"}, input).code, 2);
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

TEST(Hint, DistanceAndAFirstMove) {
  EXPECT_EQ(npuzzle({"hint", "1 2 3 x 4 6 7 5 8"}).out, "distance 3, next move r\n");
  EXPECT_EQ(npuzzle({"hint", "1 2 3 4 5 6 7 8 0"}).out, "distance 0: already at the goal\n");
  EXPECT_EQ(npuzzle({"hint", "2 1 3 4 5 6 7 8 0"}).out, "unsolvable\n");
}

TEST(Compare, EveryMethodFindsTheSameLength) {
  const CliRun r = npuzzle({"compare", "--json", "8 6 7 2 5 4 3 0 1"});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  // table, fast (exact up to 3x3), bfs, bibfs, and astar/idastar with 3 estimates each
  ASSERT_EQ(j["runs"].size(), 10u);
  for (const auto& run : j["runs"]) {
    EXPECT_EQ(run["length"], 31) << run.dump();
    expect_solves(reference::encode(parse_board("8 6 7 2 5 4 3 0 1").tiles), run["moves"],
                  kEightGoal, 3, 3);
  }
  const CliRun text = npuzzle({"compare", "1 2 3 x 4 6 7 5 8"});
  EXPECT_NE(text.out.find("idastar  linear-conflict"), std::string::npos) << text.out;
}

const char* const kCubeSample =
    "1 2\nW W W\nE W W\nW W W\n2 1\nR B W\nR W W\nE W W\n3 3\nW B W\nB R E\nR B R\n"
    "3 3\nB W R\nB W R\nB E R\n2 1\nB B B\nB R B\nB R E\n1 1\nR R R\nW W W\nR R E\n"
    "2 1\nR R R\nB W B\nR R E\n3 2\nR R R\nW E W\nR R R\n0 0\n";
const char* const kCubeSampleAnswers = "0\n3\n13\n23\n29\n30\n-1\n-1\n";

// A cache directory of the test's own, removed at the end.
struct TempCache {
  std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("npuzzle-cache-" + std::to_string(::getpid()));
  std::string env = "NPUZZLE_CACHE=" + dir.string();
  std::filesystem::path table = dir / "cube-answers.tbl";
  ~TempCache() { std::filesystem::remove_all(dir); }
};

// A search stopped by a limit leaves its checkpoint; started again with it, on other threads, it
// gives the uninterrupted answer and removes the file. (Linear conflict, so that the search is
// long enough to split; a node limit below a million keeps one thread and saves nothing.)
TEST(SolveCheckpoint, AStoppedSearchGoesOnWithTheSameAnswer) {
  const TempCache cache;
  std::filesystem::create_directories(cache.dir);
  const std::string file = (cache.dir / "search.ckpt").string();
  const std::vector<std::string> solve{"solve",       "--goal",          "blank-first",
                                       "--heuristic", "linear-conflict", kKorfOne};
  const auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = solve;
    args.insert(args.end(), extra.begin(), extra.end());
    return npuzzle(args, "", cache.env);
  };
  const CliRun whole = with({"--search-threads", "1"});
  ASSERT_EQ(whole.code, 0) << whole.err;
  const CliRun stopped = with({"--search-threads", "1", "--checkpoint", file, "--checkpoint-every",
                               "0.01", "--max-nodes", "1100000"});
  EXPECT_EQ(stopped.code, 1) << stopped.err;
  EXPECT_EQ(stopped.out, "unknown\n");
  ASSERT_TRUE(std::filesystem::exists(file));
  const CliRun resumed = with({"--search-threads", "2", "--checkpoint", file});
  EXPECT_EQ(resumed.code, 0) << resumed.err;
  EXPECT_EQ(resumed.out, whole.out);
  EXPECT_FALSE(std::filesystem::exists(file));

  // Every file that is not this search's checkpoint is refused, and left as it was.
  with({"--search-threads", "1", "--checkpoint", file, "--max-nodes", "1100000"});
  const std::string good = slurp(file);
  ASSERT_FALSE(good.empty());
  const auto refused = [&](const std::string& bytes, std::vector<std::string> extra,
                           const std::string& why) {
    std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
    std::vector<std::string> args{"--checkpoint", file};
    args.insert(args.end(), extra.begin(), extra.end());
    const CliRun r = with(args);
    EXPECT_EQ(r.code, 2) << why << ": " << r.err;
    EXPECT_EQ(r.out, "error\n") << why;
    EXPECT_NE(r.err.find("the checkpoint " + file), std::string::npos) << why << ": " << r.err;
    EXPECT_TRUE(slurp(file) == bytes) << why;
  };
  std::string flipped = good;
  flipped[flipped.size() / 2] = static_cast<char>(flipped[flipped.size() / 2] ^ 1);
  refused(flipped, {}, "a flipped bit");
  refused(good.substr(0, good.size() - 9), {}, "truncated");
  refused("not a checkpoint\n", {}, "another file");
  refused("", {}, "empty");
  std::ofstream(file, std::ios::binary | std::ios::trunc) << good;
  for (const auto& other : {std::vector<std::string>{"--heuristic", "manhattan", kKorfOne},
                            std::vector<std::string>{"--heuristic", "linear-conflict",
                                                     "13 14 15 7 11 12 9 5 6 0 2 1 4 8 3 10"}}) {
    std::vector<std::string> args{"solve", "--goal", "blank-first", "--checkpoint", file};
    args.insert(args.end(), other.begin(), other.end());
    const CliRun r = npuzzle(args, "", cache.env);
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_NE(r.err.find("is another search's"), std::string::npos) << r.err;
    EXPECT_TRUE(slurp(file) == good);
  }
  const std::string folder = (cache.dir / "folder").string();
  std::filesystem::create_directories(folder);
  EXPECT_EQ(with({"--checkpoint", folder}).code, 2);
  EXPECT_EQ(with({"--checkpoint", (cache.dir / "none" / "x").string()}).code, 2);
  // A folder that takes no files (not even root's): the search stops with the reason, exit 1.
  const CliRun unwritable = with({"--search-threads", "1", "--checkpoint", "/proc/npuzzle.ckpt"});
  EXPECT_EQ(unwritable.code, 1);
  EXPECT_NE(unwritable.err.find("cannot save the search's checkpoint: cannot write /proc/"),
            std::string::npos)
      << unwritable.err;
  EXPECT_NE(unwritable.err.find("No such file or directory"), std::string::npos) << unwritable.err;
  EXPECT_EQ(unwritable.err.find("internal error"), std::string::npos) << unwritable.err;
  EXPECT_EQ(unwritable.err.find("cache directory"), std::string::npos) << unwritable.err;
  const CliRun table = npuzzle({"solve", "--checkpoint", file, "1 2 3 4 5 6 7 8 0"}, "", cache.env);
  EXPECT_EQ(table.code, 2);
  EXPECT_NE(table.err.find("checkpoints keep the progress of idastar searches, and a 3x3 board is "
                           "answered at once from the table of all its distances (the table "
                           "method), with no search to keep"),
            std::string::npos)
      << table.err;
  const CliRun two = npuzzle({"solve", "--goal", "blank-first", "--checkpoint", file},
                             std::string(kKorfOne) + "\n" + kKorfOne + "\n", cache.env);
  EXPECT_EQ(two.code, 2);
  EXPECT_NE(two.err.find("line 2: --checkpoint keeps one search's progress"), std::string::npos)
      << two.err;
}

// bench --checkpoint-dir: an instance stopped by a limit goes on in the next run; a finished one
// is kept and read back (and checked like any answer) instead of solved again.
TEST(SolveCheckpoint, ABenchInPiecesSolvesEachInstanceOnce) {
  const TempCache cache;
  std::filesystem::create_directories(cache.dir);
  const std::string dir = cache.dir.string();
  const auto bench = [&](std::vector<std::string> extra) {
    std::vector<std::string> args{
        "bench",           "korf100",          "--ids", "1,6", "--heuristic",
        "linear-conflict", "--checkpoint-dir", dir};
    args.insert(args.end(), extra.begin(), extra.end());
    return npuzzle(args, "", cache.env);
  };
  const auto first = bench({"--max-nodes", "1100000", "--search-threads", "1"});
  EXPECT_EQ(first.code, 1) << first.err;  // #1 needs more nodes than that, #6 fewer
  EXPECT_TRUE(std::filesystem::exists(cache.dir / "korf100-1.ckpt"));
  EXPECT_TRUE(std::filesystem::exists(cache.dir / "korf100-6.answer"));
  const auto second = bench({});
  EXPECT_EQ(second.code, 0) << second.err << second.out;
  EXPECT_FALSE(std::filesystem::exists(cache.dir / "korf100-1.ckpt"));
  const auto out = lines(second.out);
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0].find("earlier run"), std::string::npos) << out[0];
  EXPECT_NE(out[1].find("(an earlier run's answer)"), std::string::npos) << out[1];
  EXPECT_NE(out[2].find("2 instances, 2 right"), std::string::npos) << out[2];
  // A kept answer is checked as any other: one move fewer is wrong, broken JSON refused.
  const auto answer = cache.dir / "korf100-1.answer";
  std::string text = slurp(answer);
  const auto at = text.find("\"moves\":\"") + 9;
  text.erase(at, 1);
  std::ofstream(answer, std::ios::trunc) << text;
  const auto tampered = bench({});
  EXPECT_EQ(tampered.code, 1);
  EXPECT_NE(tampered.out.find("WRONG"), std::string::npos) << tampered.out;
  std::ofstream(answer, std::ios::trunc) << "{\"moves\":";
  const auto broken = bench({});
  EXPECT_EQ(broken.code, 2);
  EXPECT_NE(broken.err.find("korf100-1.answer is damaged"), std::string::npos) << broken.err;
}

// web --export writes the files the server serves into a folder, for any static host.
TEST(Web, ExportWritesThePageAsAStaticSite) {
  const TempCache cache;
  const auto site = cache.dir / "site";
  std::filesystem::create_directories(site / "scripts");
  std::ofstream(site / "index.html") << "<!doctype html><title>npuzzle</title>";
  std::ofstream(site / "npuzzle.wasm", std::ios::binary) << std::string("\0asm\1\0\0\0", 8);
  std::ofstream(site / "scripts" / "app.js") << "console.log(1);";
  const auto out = cache.dir / "out";
  const CliRun r = npuzzle({"web", "--dir", site.string(), "--export", out.string()});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("(3 files)"), std::string::npos) << r.out;
  for (const char* file : {"index.html", "npuzzle.wasm", "scripts/app.js"}) {
    EXPECT_TRUE(slurp(out / file) == slurp(site / file)) << file;
  }
  std::ofstream(cache.dir / "a-file") << "x";
  const CliRun onto_file =
      npuzzle({"web", "--dir", site.string(), "--export", (cache.dir / "a-file").string()});
  EXPECT_EQ(onto_file.code, 2);
  EXPECT_NE(onto_file.err.find("is not a folder"), std::string::npos) << onto_file.err;
}

// A cache that cannot be written (here a regular file stands where its folder should be): the
// solve says so once and goes on with the tables in memory.
TEST(Hostile, AnUnwritableCacheKeepsTablesInMemory) {
  const TempCache cache;
  std::filesystem::create_directories(cache.dir);
  std::ofstream(cache.dir / "file") << "not a folder";
  const CliRun r = npuzzle({"solve", "--goal", "blank-first", kKorfOne}, "",
                           "NPUZZLE_CACHE=" + (cache.dir / "file" / "cache").string());
  ASSERT_EQ(r.code, 0) << r.err;
  const auto out = lines(r.out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].size(), 57u);
  EXPECT_NE(r.err.find("keeping tables in memory"), std::string::npos) << r.err;
}

// A directory or a FIFO where a table file should be: no hang, no table used, no temp left.
TEST(Hostile, ADirectoryOrFifoAtATablePathIsNotRead) {
  const TempCache cache;
  std::filesystem::create_directories(cache.table);
  CliRun r = npuzzle({"judge", "poj3131"}, kCubeSample, cache.env);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, kCubeSampleAnswers);
  r = npuzzle({"cube", "table", "verify"}, "", cache.env);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("not a regular file"), std::string::npos) << r.err;
  std::filesystem::remove(cache.table);
  ASSERT_EQ(::mkfifo(cache.table.c_str(), 0600), 0);
  r = npuzzle({"cube", "table", "verify"}, "", cache.env);
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(cache.dir), {}), 1);
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

TEST(Pdb, ALightSetIsBuiltOnFirstUseAndBenchChecksKorfLengths) {
  const TempCache cache;
  CliRun r = npuzzle({"pdb", "list"}, "", cache.env);
  EXPECT_NE(r.out.find("5-5-5   4x4 missing"), std::string::npos) << r.out;
  // Korf's #9 (46 moves): the first 4x4 solve builds the light set and says so.
  r = npuzzle(
      {"solve", "--goal", "blank-first", "--stats", "3 14 9 11 5 4 8 2 13 12 6 7 10 1 15 0"}, "",
      cache.env);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("the 5-5-5 set is ready"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("the stronger 7-8+L set is not built"), std::string::npos) << r.err;
  const auto out = lines(r.out);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].size(), 46u);
  EXPECT_NE(out[1].find("idastar (pdb 5-5-5)"), std::string::npos) << out[1];
  expect_solves(reference::encode(parse_board("3 14 9 11 5 4 8 2 13 12 6 7 10 1 15 0").tiles),
                out[0], reference::encode(Board::blank_first({4, 4}).tiles), 4, 4);
  r = npuzzle({"pdb", "list"}, "", cache.env);
  EXPECT_NE(r.out.find("5-5-5   4x4 built"), std::string::npos) << r.out;
  EXPECT_EQ(npuzzle({"pdb", "verify", "5-5-5"}, "", cache.env).code, 0);

  r = npuzzle({"bench", "korf100", "--limit", "2", "-j", "2"}, "", cache.env);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("2 instances, 2 right; idastar + pdb 5-5-5"), std::string::npos) << r.out;
  r = npuzzle({"bench", "korf100", "--limit", "1", "--json"}, "", cache.env);
  EXPECT_EQ(nlohmann::json::parse(lines(r.out).at(0))["length"], 57);

  EXPECT_EQ(npuzzle({"pdb", "verify"}, "", cache.env).code, 2);
  EXPECT_EQ(npuzzle({"pdb", "build", "4-4-4"}, "", cache.env).code, 2);
  EXPECT_EQ(npuzzle({"solve", "--heuristic", "pdb", "--size", "3x4", "1 2 3 4 5 6 7 8 9 10 11 0"},
                    "", cache.env)
                .code,
            2);
  EXPECT_EQ(npuzzle({"pdb", "remove", "5-5-5"}, "", cache.env).code, 0);
}

// Processes sharing a cache build a table once (the ranks of an MPI job on one node): a solve
// that finds another process building there (the directory locked, as a build locks it) waits,
// then loads what that one built, and builds nothing itself.
TEST(Pdb, ASolveWaitsForAnotherProcesssBuildAndLoadsIt) {
  const TempCache cache;
  std::filesystem::create_directories(cache.dir);
  const auto ready = cache.dir / "ready";
  // (the other process builds beside the cache and moves its tables in before it lets go: a
  // build of its own there would wait for the lock that `flock` holds)
  const std::string side = cache.dir.string() + "-side";
  const std::string builder = "flock " + cache.dir.string() + " sh -c 'touch " + ready.string() +
                              "; NPUZZLE_CACHE=" + side + " " + NPUZZLE_BIN +
                              " pdb build 5-5-5 >/dev/null 2>&1; mv " + side + "/*.tbl " +
                              cache.dir.string() + "/; sleep 0.3' &";
  ASSERT_EQ(std::system(builder.c_str()), 0);
  for (int i = 0; i < 500 && !std::filesystem::exists(ready); ++i) ::usleep(10'000);
  ASSERT_TRUE(std::filesystem::exists(ready));
  const CliRun r = npuzzle({"solve", "--goal", "blank-first", "--pdb", "5-5-5", "--stats",
                            "3 14 9 11 5 4 8 2 13 12 6 7 10 1 15 0"},
                           "", cache.env);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("another process is building tables there; waiting for it"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("building " + cache.dir.string()), std::string::npos) << r.err;
  EXPECT_EQ(lines(r.out).at(0).size(), 46u);
  std::filesystem::remove_all(side);
}

// A damaged set that a solve does not build again (6-6-3 is not light): the solve goes on with a
// weaker estimate and names the command that builds that set again, not a stronger one.
// A cache that cannot be written is said as such, with the reason, not as an internal error.
TEST(Pdb, ACacheThatCannotBeWrittenIsSaidWithItsReason) {
  const auto file =
      std::filesystem::temp_directory_path() / ("npuzzle-not-a-dir-" + std::to_string(::getpid()));
  std::ofstream(file) << "a file where the cache should be";
  const CliRun r = npuzzle({"pdb", "build", "5-5-5"}, "", "NPUZZLE_CACHE=" + file.string());
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("cannot create " + file.string() + ": Not a directory"), std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err;
  std::filesystem::remove(file);
}

// A build that needs more memory than the process can take is refused before it starts: exit 1,
// what it needs and what limits it, nothing left in the cache. (The library's own test of the
// same limit, in test_pdb, runs under the sanitizers too.)
TEST(Pdb, ABuildThatDoesNotFitIsRefusedUpFront) {
  if (NPUZZLE_BIN_SANITIZED) GTEST_SKIP() << "the sanitizer runtime cannot start under ulimit -v";
  const auto cache =
      std::filesystem::temp_directory_path() / ("npuzzle-room-" + std::to_string(::getpid()));
  std::filesystem::create_directories(cache);
  const CliRun r =
      npuzzle({"pdb", "build", "7-8"}, "", "ulimit -v 1000000; NPUZZLE_CACHE=" + cache.string());
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("building the 7-8 tables needs"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("(ulimit -v)"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err;
  EXPECT_TRUE(std::filesystem::is_empty(cache));
  std::filesystem::remove_all(cache);
}

// pdb list (and pdb remove) clear what a killed build left behind, and say so.
TEST(Pdb, ListRemovesWhatAKilledBuildLeft) {
  const auto cache =
      std::filesystem::temp_directory_path() / ("npuzzle-stale-" + std::to_string(::getpid()));
  std::filesystem::create_directories(cache);
  const ::pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  ASSERT_GT(child, 0);
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  const auto left =
      cache / ("pdb-4x4-blank-first-1-2-3-5-6.tbl.tmp" + std::to_string(child) + "-1");
  std::ofstream(left) << "part of a table";
  const CliRun r = npuzzle({"pdb", "list"}, "", "NPUZZLE_CACHE=" + cache.string());
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("removed " + left.string() + ", left by a table build that was stopped"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(std::filesystem::exists(left));
  std::filesystem::remove_all(cache);
}

TEST(Pdb, ASolveNamesTheCommandThatRebuildsADamagedSet) {
  const TempCache cache;
  std::filesystem::create_directories(cache.dir);
  for (const char* name :
       {"pdb-4x4-blank-first-1-2-3-5-6-7.tbl", "pdb-4x4-blank-first-4-8-9-12-13-14.tbl",
        "pdb-4x4-blank-first-10-11-15.tbl"}) {
    std::ofstream(cache.dir / name) << "not a table";
  }
  const CliRun r = npuzzle(
      {"solve", "--goal", "blank-first", "4 1 2 3 8 5 6 7 0 9 10 11 12 13 14 15"}, "", cache.env);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "uu\n");
  EXPECT_NE(r.err.find("does not rebuild the 6-6-3 set"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("build it again once with 'npuzzle pdb build 6-6-3'"), std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("pdb build 7-8"), std::string::npos) << r.err;
  // With a weaker set in the cache, that one serves instead of no set at all.
  ASSERT_EQ(npuzzle({"pdb", "build", "5-5-5"}, "", cache.env).code, 0);
  // Built and intact, it is kept, and said so.
  const CliRun again = npuzzle({"pdb", "build", "5-5-5"}, "", cache.env);
  ASSERT_EQ(again.code, 0) << again.err;
  EXPECT_NE(again.out.find("the 5-5-5 tables were built already"), std::string::npos) << again.out;
  const CliRun weaker =
      npuzzle({"solve", "--json", "--goal", "blank-first", "4 1 2 3 8 5 6 7 0 9 10 11 12 13 14 15"},
              "", cache.env);
  ASSERT_EQ(weaker.code, 0) << weaker.err;
  const auto j = nlohmann::json::parse(weaker.out);
  EXPECT_EQ(j["tables"], "5-5-5");
  EXPECT_EQ(j["heuristic"], "pdb");
  EXPECT_NE(weaker.err.find("using the 5-5-5 set instead"), std::string::npos) << weaker.err;
}

// A 5x5 board with no 5x5 set built: an answer within the budget (the fast solver's where the
// search with a weaker estimate does not finish), and the command that builds the set.
TEST(Pdb, AFiveByFiveSolveNamesTheSetToBuildAndBenchPicksKorfFelnerInstances) {
  const TempCache cache;
  const std::string board = "10 3 24 12 0 7 8 11 14 21 22 23 2 1 9 17 18 6 20 4 13 15 5 19 16";
  CliRun r = npuzzle({"solve", "--json", "--goal", "blank-first", "--max-nodes", "20000", board},
                     "", cache.env);
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["algorithm"], "fast");
  EXPECT_LE(j["lower_bound"].get<int>(), 96);  // Korf & Felner's #38
  expect_solves(reference::encode(parse_board(board).tiles), j["moves"],
                reference::encode(Board::blank_first({5, 5}).tiles), 5, 5);
  EXPECT_NE(r.err.find("npuzzle pdb build 6-6-6-6"), std::string::npos) << r.err;

  r = npuzzle({"bench", "korf24", "--easiest", "3", "--algo", "fast"}, "", cache.env);
  ASSERT_EQ(r.code, 0) << r.err;
  auto out = lines(r.out);
  ASSERT_EQ(out.size(), 4u) << r.out;
  EXPECT_EQ(out[0].substr(0, 9), "  38    9");
  // An answer not proven shortest is not set beside the published search effort.
  EXPECT_EQ(out[0].find("published"), std::string::npos) << out[0];
  EXPECT_EQ(out[1].substr(0, 4), "  40");
  EXPECT_EQ(out[2].substr(0, 4), "  25");
  r = npuzzle({"bench", "korf24", "--ids", "7,1", "--algo", "fast", "--json"}, "", cache.env);
  ASSERT_EQ(r.code, 0) << r.err;
  out = lines(r.out);
  ASSERT_EQ(out.size(), 3u) << r.out;
  EXPECT_EQ(nlohmann::json::parse(out[0])["id"], "7");
  EXPECT_EQ(nlohmann::json::parse(out[1])["published_nodes"], 2031102635u);
  EXPECT_EQ(npuzzle({"bench", "korf24", "--ids", "51"}, "", cache.env).code, 2);
  EXPECT_EQ(npuzzle({"bench", "korf100", "--easiest", "2"}, "", cache.env).code, 2);
}

// An instance file's mistakes are named with the file and line; a folder is not read as one.
TEST(Bench, InstanceFileMistakes) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("npuzzle-instances-" + std::to_string(::getpid()) + ".txt");
  std::ofstream(path) << "# id length tiles\n1 x 1 2 3 4 5 6 7 0 8\n";
  CliRun r = npuzzle({"bench", path.string()});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find(":2: the length 'x' is not a whole number of moves"), std::string::npos)
      << r.err;
  // Instances that cannot reach the goal (a file towards another goal) are refused, not run.
  std::ofstream(path) << "a 1 1 2 0 3\n";
  r = npuzzle({"bench", path.string()});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("instance a cannot reach the goal blank-first: they all reach --goal "
                       "blank-last"),
            std::string::npos)
      << r.err;
  r = npuzzle({"bench", path.string(), "--goal", "blank-last"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("1 instances, 1 right"), std::string::npos) << r.out;
  std::ofstream(path) << "a 1 1 2 0 3\nb 1 2 1 3 0\n";
  r = npuzzle({"bench", path.string(), "--goal", "blank-last"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("instance b cannot reach the goal blank-last: give the goal they reach"),
            std::string::npos)
      << r.err;
  // An instance is solved once a run: two at once would share its checkpoint and answer.
  std::ofstream(path) << "a 1 1 2 0 3\n# b\nb 1 1 2 0 3\na 1 1 2 0 3\n";
  r = npuzzle({"bench", path.string(), "--goal", "blank-last"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find(":4: instance a is listed again (first on line 1)"), std::string::npos)
      << r.err;
  // (A node limit: where the check failed, the run would end at once.)
  r = npuzzle({"bench", "korf24", "--ids", "3,1,3", "--max-nodes", "1"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--ids names instance 3 twice"), std::string::npos) << r.err;
  r = npuzzle({"bench", "korf24", "--ids", "40", "--easiest", "3", "--max-nodes", "1"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("instance 40 is both in --ids and among the --easiest"), std::string::npos)
      << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  std::filesystem::remove(path);
  r = npuzzle({"bench", std::filesystem::temp_directory_path().string()});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("is a folder, not an instance file"), std::string::npos) << r.err;
}

TEST(Usage, HelpAndMistakes) {
  const CliRun help = npuzzle({"--help"});
  EXPECT_EQ(help.code, 0);
  EXPECT_NE(help.out.find("solve"), std::string::npos);
  EXPECT_EQ(npuzzle({"solve", "--help"}).code, 0);
  EXPECT_EQ(npuzzle({}).code, 2);
  EXPECT_EQ(npuzzle({"frobnicate"}).code, 2);
  EXPECT_EQ(npuzzle({"solve", "--frobnicate"}).code, 2);
  EXPECT_EQ(npuzzle({"judge", "poj9999"}).code, 2);
  // A run makes only its own command: each that the help lists answers by its name.
  std::istringstream listed(help.out.substr(help.out.find("Subcommands:")));
  std::string line;
  int commands = 0;
  std::getline(listed, line);
  while (std::getline(listed, line) && !line.empty()) {  // (the examples follow)
    if (line.starts_with("   ")) continue;
    const std::string name = line.substr(2, line.find(' ', 2) - 2);
    const CliRun own = npuzzle({name, "--help"});
    EXPECT_EQ(own.code, 0) << name;
    EXPECT_NE(own.out.find("Usage: npuzzle " + name), std::string::npos) << own.out;
    ++commands;
  }
  EXPECT_GE(commands, 10);
}

TEST(Usage, HelpAsACommandAndSlipsNamed) {
  const CliRun help = npuzzle({"help", "solve"});
  EXPECT_EQ(help.code, 0);
  EXPECT_EQ(help.out, npuzzle({"solve", "--help"}).out);
  EXPECT_EQ(npuzzle({"help", "cube", "solve"}).out, npuzzle({"cube", "solve", "--help"}).out);
  EXPECT_EQ(npuzzle({"help"}).out, npuzzle({"--help"}).out);
  // Each slip is refused (exit 2, nothing on stdout) with the name it is nearest.
  const std::vector<std::pair<std::vector<std::string>, std::string>> slips{
      {{"slove", "1", "2", "3", "0"}, "did you mean 'solve'?"},
      {{"cube", "sovle"}, "did you mean 'solve'?"},
      {{"solve", "--algo", "idastr", "1", "2", "3", "0"}, "did you mean 'idastar'?"},
      {{"solve", "--heuristic", "linear", "1", "2", "3", "0"}, "did you mean 'linear-conflict'?"},
      {{"solve", "--jsn", "1", "2", "3", "0"}, "did you mean '--json'?"},
      {{"judge", "poj1078"}, "did you mean 'poj1077'?"},
      {{"pdb", "buld", "7-8"}, "did you mean 'build'?"},
      // Left-over arguments in the order given (CLI11 names them last first).
      {{"random", "--size", "3", "a", "--sead", "b c"},
       "unexpected arguments: a --sead 'b c'; did you mean '--seed'?"},
  };
  for (const auto& [args, hint] : slips) {
    const CliRun r = npuzzle(args);
    EXPECT_EQ(r.code, 2) << args[1];
    EXPECT_EQ(r.out, "") << args[1];
    EXPECT_NE(r.err.find(hint), std::string::npos) << r.err;
  }
  // Nothing near: no guess; and none for an option's own name left over (after "--").
  const CliRun own = npuzzle({"random", "--size", "3", "--", "--seed"});
  EXPECT_EQ(own.code, 2);
  EXPECT_NE(own.err.find("unexpected argument: --seed"), std::string::npos) << own.err;
  EXPECT_EQ(own.err.find("did you mean"), std::string::npos) << own.err;
  const CliRun far = npuzzle({"frobnicate"});
  EXPECT_EQ(far.err.find("did you mean"), std::string::npos) << far.err;
  EXPECT_NE(far.err.find("solve, check"), std::string::npos) << far.err;
  const CliRun none = npuzzle({"cube"});
  EXPECT_EQ(none.code, 2);
  EXPECT_NE(none.err.find("'npuzzle cube' needs a command: solve, verify, table"),
            std::string::npos)
      << none.err;
}

}  // namespace
}  // namespace npuzzle

namespace npuzzle {
namespace {

// Whether process `pid` has its own handler for `signal` (the SigCgt mask of /proc/PID/status).
bool catches(pid_t pid, int signal) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(status, line);) {
    if (line.starts_with("SigCgt:")) {
      return (std::stoull(line.substr(7), nullptr, 16) >> (signal - 1) & 1) != 0;
    }
  }
  return false;
}

// Runs the binary with `args`, waits until `ready(pid)` (polled while it runs), then sends
// `signal`.
CliRun npuzzle_signalled(const std::vector<std::string>& args,
                         const std::function<bool(pid_t)>& ready, int signal) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("npuzzle-int-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string out = (dir / "out").string(), err = (dir / "err").string();
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&files, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&files, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  std::vector<std::string> words{NPUZZLE_BIN};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, NPUZZLE_BIN, &files, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&files);
  if (spawned != 0) return {-1, "", "posix_spawn failed"};
  int status = 0;
  bool ended = false;
  while (!ended && !ready(pid)) {
    ended = ::waitpid(pid, &status, WNOHANG) == pid;
    ::usleep(10'000);
  }
  if (!ended) {
    ::kill(pid, signal);
    ::waitpid(pid, &status, 0);
  }
  CliRun r{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
  std::filesystem::remove_all(dir);
  return r;
}

// Runs the binary with `args`, waits until it catches SIGINT (a fixed delay raced a slow start
// under the sanitizers), lets it work `work_ms` more, then sends SIGINT as Ctrl-C would.
CliRun npuzzle_interrupted(const std::vector<std::string>& args, unsigned work_ms) {
  return npuzzle_signalled(
      args,
      [&](pid_t pid) {
        if (!catches(pid, SIGINT)) return false;
        ::usleep(work_ms * 1000u);
        return true;
      },
      SIGINT);
}

// Ctrl-C in the middle of a long search: a clean stop, a word on stderr, exit code 130.
// Ctrl-C while a large board's moves stream to stdout: their line is ended, one line for the
// board, and said on stderr to be incomplete.
TEST(Interrupt, CtrlCDuringAStreamedAnswerEndsItsLine) {
  const auto board =
      std::filesystem::temp_directory_path() / ("npuzzle-stream-" + std::to_string(::getpid()));
  std::ofstream(board) << npuzzle({"random", "--size", "400x400", "--seed", "1"}).out;
  const CliRun r = npuzzle_interrupted({"solve", "--timeout", "0", "@" + board.string()}, 300);
  std::filesystem::remove(board);
  EXPECT_EQ(r.code, 130) << r.err;
  ASSERT_FALSE(r.out.empty());
  EXPECT_EQ(r.out.back(), '\n');
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1);
  EXPECT_NE(r.err.find("this answer's line is incomplete"), std::string::npos) << r.err;
}

TEST(Interrupt, CtrlCStopsASearchCleanly) {
  // IDA* by name: auto would give this 5x5 board 1,000,000 nodes and then the fast answer.
  const CliRun r = npuzzle_interrupted(
      {"solve", "--timeout", "0", "--algo", "idastar", "--heuristic", "manhattan",
       "24 23 22 21 20/19 18 17 16 15/14 13 12 11 10/9 8 7 6 5/4 3 2 1 0"},
      300);
  EXPECT_EQ(r.code, 130) << r.err;
  EXPECT_NE(r.err.find("interrupted"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "unknown\n");
}

// Ctrl-C stops a search that keeps a checkpoint: the file stays, and the search goes on from it
// to the answer an uninterrupted one gives. (It was removed, losing all the search had done.)
TEST(Interrupt, CtrlCKeepsTheCheckpoint) {
  const TempCache cache;
  std::filesystem::create_directories(cache.dir);
  const std::string file = (cache.dir / "search.ckpt").string();
  // Korf's #7 with linear conflict: a search several times as long as the wait before Ctrl-C.
  const std::vector<std::string> solve{
      "solve",   "--goal",      "blank-first",     "--algo",
      "idastar", "--heuristic", "linear-conflict", "2 11 15 5 13 4 6 7 12 8 10 1 9 3 14 0"};
  std::vector<std::string> kept = solve;
  kept.insert(kept.end() - 1, {"--checkpoint", file});
  const CliRun stopped = npuzzle_interrupted(kept, 400);
  EXPECT_EQ(stopped.code, 130) << stopped.err;
  ASSERT_TRUE(std::filesystem::exists(file)) << stopped.err;
  const CliRun resumed = npuzzle(kept);
  ASSERT_EQ(resumed.code, 0) << resumed.err;
  EXPECT_EQ(resumed.out, npuzzle(solve).out);
  EXPECT_FALSE(std::filesystem::exists(file));
}

// A bench in pieces killed outright, with no chance to tidy up, keeps the answers it found
// before: each is written as soon as its instance is solved.
TEST(Interrupt, AKilledBenchKeepsTheAnswersFoundBeforeIt) {
  const TempCache cache;
  std::filesystem::create_directories(cache.dir);
  const auto answer = cache.dir / "korf100-6.answer";
  const CliRun killed = npuzzle_signalled(
      {"bench", "korf100", "--ids", "6,1", "--heuristic", "linear-conflict", "--search-threads",
       "1", "--checkpoint-dir", cache.dir.string()},
      [&](pid_t) { return std::filesystem::exists(answer); }, SIGKILL);
  EXPECT_EQ(killed.code, -1) << killed.err;  // killed, so #1 was still being solved
  EXPECT_TRUE(std::filesystem::exists(answer)) << killed.err;
  EXPECT_FALSE(std::filesystem::exists(cache.dir / "korf100-1.answer"));
}

// A bench of Korf's #6 (a moment) and #88 (minutes with linear conflict) in pieces under `dir`,
// sent `signal` once `ready`.
CliRun bench_6_and_88(const std::filesystem::path& dir, const std::function<bool(pid_t)>& ready,
                      int signal) {
  return npuzzle_signalled({"bench", "korf100", "--ids", "6,88", "--heuristic", "linear-conflict",
                            "--search-threads", "1", "--checkpoint-dir", dir.string()},
                           ready, signal);
}

// A bench prints each instance's line as soon as it ends (those before it ended first), not once
// all have: a run of hours shows its progress, and one killed outright shows what it finished.
TEST(Interrupt, ABenchPrintsEachInstanceAsItEnds) {
  const TempCache cache;
  std::filesystem::create_directories(cache.dir);
  const CliRun killed = bench_6_and_88(
      cache.dir, [&](pid_t) { return std::filesystem::exists(cache.dir / "korf100-88.ckpt"); },
      SIGKILL);
  EXPECT_EQ(killed.code, -1) << killed.err;  // killed while #88 was being solved
  EXPECT_EQ(killed.out.substr(0, 22), "   6    52      52 ok ") << killed.out;
  EXPECT_EQ(std::count(killed.out.begin(), killed.out.end(), '\n'), 1) << killed.out;
}

// Ctrl-C stops a bench as it stops a solve: the instances finished are shown, the one it
// stopped is said to be stopped (not out of budget), its checkpoint stays, exit code 130.
TEST(Interrupt, CtrlCStopsABenchCleanly) {
  const TempCache cache;
  std::filesystem::create_directories(cache.dir);
  const CliRun r = bench_6_and_88(
      cache.dir,
      [&](pid_t pid) {
        return std::filesystem::exists(cache.dir / "korf100-6.answer") &&
               std::filesystem::exists(cache.dir / "korf100-88.ckpt") && catches(pid, SIGINT);
      },
      SIGINT);
  EXPECT_EQ(r.code, 130) << r.err;
  EXPECT_NE(r.err.find("interrupted"), std::string::npos) << r.err;
  const auto rows = lines(r.out);
  ASSERT_EQ(rows.size(), 3u) << r.out;
  EXPECT_NE(rows[0].find(" ok "), std::string::npos) << r.out;
  EXPECT_NE(rows[1].find(" stopped "), std::string::npos) << r.out;
  EXPECT_TRUE(std::filesystem::exists(cache.dir / "korf100-88.ckpt"));
}

}  // namespace
}  // namespace npuzzle

namespace npuzzle {
namespace {

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

TEST(Hostile, OptionNumbersAreCheckedInOneLine) {
  for (const auto& args :
       std::vector<std::vector<std::string>>{{"random", "-n", "-1"},
                                             {"random", "--seed", "99999999999999999999999"},
                                             {"solve", "--timeout", "nan", "1 2 3 0"},
                                             // Found by the option fuzzing: the bytes wrapped.
                                             {"cube", "solve", "--max-memory", "1e19"},
                                             {"bench", "korf100", "-j", "0"},
                                             {"frobnicate"}}) {
    const CliRun r = npuzzle(args);
    EXPECT_EQ(r.code, 2) << args[0];
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(lines(r.err).size(), 1u) << r.err;
    EXPECT_EQ(r.err.rfind("npuzzle: ", 0), 0u) << r.err;
    EXPECT_LT(r.err.size(), 250u) << r.err;
  }
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
}  // namespace npuzzle

namespace npuzzle {
namespace {

// Arguments past the system's limit for one argument come from a file: @FILE.
TEST(Hostile, AMoveStringFromAFile) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("npuzzle-moves-" + std::to_string(::getpid()) + ".txt");
  std::string moves(200000, 'u');  // 200,000 moves, up and down, back where it started
  for (std::size_t i = 1; i < moves.size(); i += 2) moves[i] = 'd';
  std::ofstream(path) << moves << "rdr\n";
  // Built with insert: g++ 12 warns falsely on "@" + std::string here.
  std::string at_path = path.string();
  at_path.insert(at_path.begin(), '@');
  CliRun r = npuzzle({"verify", "1 2 3 x 4 6 7 5 8", at_path});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "valid: reaches the goal in 200003 moves\n");
  std::filesystem::remove(path);
  r = npuzzle({"verify", "1 2 3 x 4 6 7 5 8", at_path});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("no such file"), std::string::npos) << r.err;
}

// One request to 127.0.0.1:`port`, and the whole answer.
// A connection to the page's server, or -1.
int connect_to(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

std::string http(int port, const std::string& request) {
  const int fd = connect_to(port);
  std::string answer;
  if (fd < 0) return answer;
  (void)!::write(fd, request.data(), request.size());
  char buffer[4096];
  for (ssize_t got; (got = ::read(fd, buffer, sizeof buffer)) > 0;) {
    answer.append(buffer, static_cast<std::size_t>(got));
  }
  ::close(fd);
  return answer;
}

// The options each command takes, read off its --help (so new options are fuzzed too).
std::vector<std::string> options_of(const std::vector<std::string>& command) {
  std::vector<std::string> args = command;
  args.push_back("--help");
  std::vector<std::string> options;
  for (const std::string& line : lines(npuzzle(args).out)) {
    std::istringstream words(line);
    std::string first;
    words >> first;
    if (first.empty() || first[0] != '-' || first == "-h,--help") continue;
    std::istringstream names(first);
    for (std::string name; std::getline(names, name, ',');) {
      if (name.starts_with('-')) options.push_back(name.substr(0, name.find_first_of(" =")));
    }
  }
  return options;
}

// Seeded option fuzzing: random options of every command that ends by itself, with hostile
// values (signs, overflow, NaN, sizes whose product wraps, control bytes, long tokens, missing
// files), on small boards. Each run must end with 0, 1 or 2, never a signal or a sanitizer
// report, and every error must be short lines prefixed `npuzzle:`. NPUZZLE_CLI_FUZZ_RUNS and
// NPUZZLE_CLI_FUZZ_SEED run it longer (scripts/fuzz.sh cli).
TEST(Hostile, SeededOptionFuzzingEndsCleanly) {
  const char* runs_env = std::getenv("NPUZZLE_CLI_FUZZ_RUNS");
  const char* seed_env = std::getenv("NPUZZLE_CLI_FUZZ_SEED");
  const long runs = runs_env != nullptr ? std::atol(runs_env) : 100;
  std::mt19937_64 rng(seed_env != nullptr ? std::strtoull(seed_env, nullptr, 10) : 20261123);
  const TempCache cache;
  const std::vector<std::vector<std::string>> commands = {{"solve"},
                                                          {"check"},
                                                          {"compare"},
                                                          {"verify"},
                                                          {"random"},
                                                          {"hint"},
                                                          {"judge", "poj1077"},
                                                          {"judge", "acwing108"},
                                                          {"judge", "leetcode773"},
                                                          {"judge", "poj3131"},
                                                          {"cube", "solve"},
                                                          {"cube", "verify"}};
  std::vector<std::vector<std::string>> options;
  for (const auto& c : commands) options.push_back(options_of(c));
  const std::vector<std::string> values = {"",
                                           "0",
                                           "1",
                                           "2",
                                           "-1",
                                           "3",
                                           "7",
                                           "-0",
                                           "1e309",
                                           "nan",
                                           "inf",
                                           "-inf",
                                           "0x10",
                                           "1.5",
                                           "18446744073709551616",
                                           "99999999999999999999999999999999999999",
                                           "-9223372036854775809",
                                           "3x3",
                                           "2x4",
                                           "4x4",
                                           "1x1",
                                           "0x3",
                                           "3x0",
                                           "1x2",
                                           "x",
                                           "3x",
                                           "3x3x3",
                                           "200x200",
                                           "65536x65536",
                                           "48145x89209",
                                           "65792x65281",
                                           "100000x100000",
                                           "blank-last",
                                           "blank-first",
                                           "tile",
                                           "blank",
                                           "auto",
                                           "fast",
                                           "bfs",
                                           "bibfs",
                                           "astar",
                                           "idastar",
                                           "table",
                                           "manhattan",
                                           "linear-conflict",
                                           "5-5-5",
                                           "udlr",
                                           "rrdd",
                                           "uuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuu",
                                           "abc",
                                           "\x01\x7f\x1b[31m",
                                           "\xc3\xa9\xff",
                                           std::string(3000, '9'),
                                           std::string(5000, 'A'),
                                           "@/nonexistent/file",
                                           "@/dev/null",
                                           "/dev/null",
                                           "/proc/self/mem",
                                           "-",
                                           "--",
                                           "--json",
                                           "1 2 3 4 5 6 7 8 0",
                                           "[[1,2,3],[4,5,0]]",
                                           "[[[[[[[[[[1]]]]]]]]]]",
                                           "1 2 3/4 0 5",
                                           "2 1 3 0",
                                           "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"};
  const std::vector<std::string> inputs = {"",
                                           "1 2 3 4 5 6 8 7 0\n",
                                           "8 6 7 2 5 4 3 0 1\n1 2 3 0\n\x01\n",
                                           "2\n1 2\n3 0\n1 2\n0 3\n",
                                           "[[1,2,3],[4,0,5]]\n[[4294967301,0]]\n",
                                           "1 2\nW W W\nE W W\nW W W\n0 0\n",
                                           std::string(2000, '[') + "\n",
                                           "x 1 2 3 4 5 6 7 8\n1 2 3 4 5 6 7 8\n"};
  const auto pick = [&](const auto& pool) -> const auto& {
    return pool[uniform_below(rng, pool.size())];
  };
  long ended[2] = {0, 0};  // answered, refused
  for (long run = 0; run < runs; ++run) {
    const std::size_t c = uniform_below(rng, commands.size());
    std::vector<std::string> args = commands[c];
    const std::uint64_t count = uniform_below(rng, 4);
    for (std::uint64_t k = 0; k < count && !options[c].empty(); ++k) {
      args.push_back(pick(options[c]));
      if (uniform_below(rng, 5) != 0) args.push_back(pick(values));
    }
    for (std::uint64_t k = uniform_below(rng, 3); k > 0; --k) args.push_back(pick(values));
    const CliRun r = npuzzle(args, pick(inputs), cache.env);
    ++ended[r.code == 0 ? 0 : 1];
    std::string shown;
    for (const auto& a : args) shown += " [" + a.substr(0, 60) + "]";
    SCOPED_TRACE("run " + std::to_string(run) + ":" + shown);
    ASSERT_TRUE(r.code == 0 || r.code == 1 || r.code == 2) << r.code << "\n" << r.err;
    EXPECT_EQ(r.err.find("Sanitizer"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("runtime error"), std::string::npos) << r.err;
    if (r.code == 0) continue;
    ASSERT_FALSE(r.err.empty());
    for (const std::string& line : lines(r.err)) {
      EXPECT_TRUE(line.starts_with("npuzzle:")) << line.substr(0, 200);
      EXPECT_LE(line.size(), 400u) << line.substr(0, 200);
    }
  }
  // Both kinds of ending are reached, so the runs test the commands and not only the parser.
  EXPECT_GT(ended[0], runs / 10);
  EXPECT_GT(ended[1], runs / 10);
}

TEST(Web, ServesThePageFolderAndNothingOutsideIt) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("npuzzle-web-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir / "site");
  std::ofstream(dir / "site" / "index.html") << "<p>page</p>";
  std::ofstream(dir / "site" / "npuzzle.wasm") << "wasm";
  std::ofstream(dir / "secret.txt") << "secret";
  std::filesystem::create_symlink(dir / "secret.txt", dir / "site" / "link.txt");
  std::string large(3 << 20, 'x');
  for (std::size_t i = 0; i < large.size(); i += 4096) large[i] = static_cast<char>('a' + i % 26);
  std::ofstream(dir / "site" / "large.bin", std::ios::binary) << large;

  CliRun r = npuzzle({"web", "--dir", (dir / "nothing").string()});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("the page is not built"), std::string::npos) << r.err;
  EXPECT_EQ(npuzzle({"web", "--port", "70000"}).code, 2);

  const std::string command =
      std::string(NPUZZLE_BIN) + " web --port 0 --dir " + (dir / "site").string() + " & echo $!";
  FILE* server = ::popen(command.c_str(), "r");
  ASSERT_NE(server, nullptr);
  char line[256];
  ASSERT_NE(std::fgets(line, sizeof line, server), nullptr);
  std::string started = line;
  ASSERT_NE(std::fgets(line, sizeof line, server), nullptr);
  std::string serving = line;
  // The shell's echo of the server's pid and the server's first line may come in either order.
  if (started.find("127.0.0.1:") != std::string::npos) std::swap(started, serving);
  const int pid = std::stoi(started);
  // Stopped however the test ends: a server left running holds the test's output open.
  struct Stop {
    int pid;
    ~Stop() {
      if (pid > 0) ::kill(pid, SIGKILL);
    }
  } stop{pid};
  const auto colon = serving.find("127.0.0.1:");
  ASSERT_NE(colon, std::string::npos) << serving;
  const int port = std::stoi(serving.substr(colon + 10));

  const std::string host = "Host: 127.0.0.1:" + std::to_string(port) + "\r\n";
  std::string answer = http(port, "GET / HTTP/1.1\r\n" + host + "\r\n");
  EXPECT_EQ(answer.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << answer;
  EXPECT_NE(answer.find("Content-Type: text/html"), std::string::npos) << answer;
  EXPECT_TRUE(answer.ends_with("\r\n\r\n<p>page</p>")) << answer;
  answer = http(port, "HEAD /npuzzle.wasm?v=2 HTTP/1.1\r\n\r\n");
  EXPECT_NE(answer.find("Content-Type: application/wasm"), std::string::npos) << answer;
  EXPECT_TRUE(
      answer.ends_with("Content-Length: 4\r\nCache-Control: no-cache\r\n"
                       "Connection: close\r\n\r\n"))
      << answer;
  // Kept by the browser: asked again with its tag, an unchanged file is not sent again.
  const auto tag_at = answer.find("ETag: ");
  ASSERT_NE(tag_at, std::string::npos) << answer;
  const std::string tag = answer.substr(tag_at + 6, answer.find("\r\n", tag_at) - tag_at - 6);
  answer =
      http(port, "GET /npuzzle.wasm HTTP/1.1\r\n" + host + "If-None-Match: " + tag + "\r\n\r\n");
  EXPECT_EQ(answer.rfind("HTTP/1.1 304 Not Modified\r\n", 0), 0u) << answer;
  EXPECT_TRUE(answer.ends_with("\r\n\r\n")) << answer;
  answer = http(port, "GET /npuzzle.wasm HTTP/1.1\r\n" + host + "If-None-Match: \"1-2\"\r\n\r\n");
  EXPECT_TRUE(answer.ends_with("\r\n\r\nwasm")) << answer;
  // Compressed at build time: sent as it is where the client takes gzip, else the plain file.
  std::ofstream(dir / "site" / "npuzzle.wasm.gz", std::ios::binary) << "gz!";
  answer =
      http(port, "GET /npuzzle.wasm HTTP/1.1\r\n" + host + "Accept-Encoding: gzip, br\r\n\r\n");
  EXPECT_NE(answer.find("Content-Type: application/wasm\r\nContent-Encoding: gzip\r\n"),
            std::string::npos)
      << answer;
  EXPECT_TRUE(answer.ends_with("\r\n\r\ngz!")) << answer;
  answer = http(port, "GET /npuzzle.wasm HTTP/1.1\r\n" + host + "\r\n");
  EXPECT_EQ(answer.find("Content-Encoding"), std::string::npos) << answer;
  EXPECT_TRUE(answer.ends_with("\r\n\r\nwasm")) << answer;
  for (const char* outside : {"/../secret.txt", "/%2e%2e/secret.txt", "/.hidden", "//etc/passwd",
                              "/site/../../secret.txt", "relative"}) {
    answer = http(port, std::string("GET ") + outside + " HTTP/1.1\r\n\r\n");
    EXPECT_EQ(answer.rfind("HTTP/1.1 404", 0), 0u) << outside << ": " << answer;
    EXPECT_EQ(answer.find("secret\n"), std::string::npos);
  }
  EXPECT_EQ(http(port, "POST / HTTP/1.1\r\n\r\n").rfind("HTTP/1.1 405", 0), 0u);
  EXPECT_EQ(http(port, "nonsense\r\n\r\n").rfind("HTTP/1.1 400", 0), 0u);
  // A link inside the folder to a file outside it is not followed out.
  answer = http(port, "GET /link.txt HTTP/1.1\r\n" + host + "\r\n");
  EXPECT_EQ(answer.rfind("HTTP/1.1 404", 0), 0u) << answer;
  // A request for another host name (a page that rebinds its name to this address) is refused.
  answer =
      http(port, "GET / HTTP/1.1\r\nHost: attacker.example:" + std::to_string(port) + "\r\n\r\n");
  EXPECT_EQ(answer.rfind("HTTP/1.1 403", 0), 0u) << answer;
  EXPECT_EQ(http(port, "GET / HTTP/1.1\r\nHost: localhost:" + std::to_string(port) + "\r\n\r\n")
                .rfind("HTTP/1.1 200", 0),
            0u);
  // A large file comes whole.
  answer = http(port, "GET /large.bin HTTP/1.1\r\n" + host + "\r\n");
  EXPECT_TRUE(answer.ends_with("\r\n\r\n" + large)) << answer.size();
  // Idle clients, one sending a byte at a time and one that never reads its answer do not
  // hold up the others: a normal request is answered at once.
  std::vector<int> idle;
  for (int i = 0; i < 40; ++i) idle.push_back(connect_to(port));
  const int slow = connect_to(port);
  (void)!::write(slow, "G", 1);
  const int unread = connect_to(port);
  const std::string big = "GET /large.bin HTTP/1.1\r\n" + host + "\r\n";
  (void)!::write(unread, big.data(), big.size());
  const auto began = std::chrono::steady_clock::now();
  answer = http(port, "GET / HTTP/1.1\r\n" + host + "\r\n");
  EXPECT_EQ(answer.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << answer;
  EXPECT_LT(std::chrono::steady_clock::now() - began, std::chrono::seconds(1));
  for (const int fd : idle) ::close(fd);
  ::close(slow);
  ::close(unread);

  ::kill(pid, SIGINT);  // Ctrl-C stops it within a poll interval
  bool stopped = false;
  for (int i = 0; i < 100 && !stopped; ++i) {
    ::usleep(20'000);
    stopped = http(port, "GET / HTTP/1.1\r\n\r\n").empty();
  }
  EXPECT_TRUE(stopped);
  if (stopped) stop.pid = 0;
  ::pclose(server);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace npuzzle
