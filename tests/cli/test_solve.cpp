// `solve`, `hint` and `compare`: every form of board, goal and algorithm, budgets, batches
// on several threads; every printed solution replayed by the reference model.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "npuzzle/core/moves.hpp"
#include "npuzzle/core/random_board.hpp"
#include "npuzzle/io/format.hpp"
#include "support/cli_run.hpp"
#include "support/reference.hpp"

namespace npuzzle::cli_test {
namespace {

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

// A memory budget below one byte is still a budget (rounded up), not "no limit" (0).
TEST(Solve, ATinyMemoryBudgetIsALimitNotNone) {
  const CliRun r = npuzzle({"solve", "--algo", "bfs", "--max-memory", "0.0000001", "--timeout",
                            "30", "--goal", "blank-first", kKorfOne});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.out, "unknown\n");
  EXPECT_NE(r.err.find("memory limit"), std::string::npos) << r.err;
}

// The time limit is a deadline for the fast solver's improvements; its first answer is always
// finished (a floor: linear in its moves), so a tiny timeout still gets a valid answer, alone,
// after an exact search that used the whole budget, and asked to improve.
TEST(Solve, ATinyTimeoutStillGetsTheFastSolversFirstAnswer) {
  for (const auto& [size, algo, improve] :
       {std::tuple{"40x40", "fast", false}, std::tuple{"10x10", "auto", false},
        std::tuple{"10x10", "fast", true}}) {
    const std::string board = npuzzle({"random", "--size", size, "--seed", "1"}).out;
    std::vector<std::string> args{"solve", "--algo", algo, "--timeout", "0.001", "--json"};
    if (improve) args.push_back("--improve");  // (no time for a round after the first answer)
    const CliRun r = npuzzle(args, board);
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

}  // namespace
}  // namespace npuzzle::cli_test
