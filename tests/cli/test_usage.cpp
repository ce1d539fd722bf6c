// The command line itself: --help, mistakes named, option values checked, arguments from
// @FILE, and seeded fuzzing of every command's options.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "npuzzle/core/random_board.hpp"
#include "support/cli_run.hpp"

namespace npuzzle::cli_test {
namespace {

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

// An option the named algorithm would not read is a slip of the command line: refused before
// any board is read, once, with nothing on stdout.
TEST(Usage, OptionsTheAlgorithmWouldNotReadAreRefusedUpFront) {
  const std::string boards = "1 2 3 4 5 6 7 0 8\n1 2 3 4 5 6 7 8 0\n";
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"solve", "--algo", "bfs", "--heuristic", "manhattan"},
        {"hint", "--algo", "fast", "--pdb", "5-5-5"},
        {"solve", "--algo", "idastar", "--heuristic", "manhattan", "--pdb", "7-8"},
        {"solve", "--algo", "idastar", "--improve"},
        {"bench", "random", "--size", "3x3", "--algo", "table", "--improve"}}) {
    const CliRun r = npuzzle(args, boards);
    EXPECT_EQ(r.code, 2) << args[2];
    EXPECT_EQ(r.out, "") << args[2];
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find("(see 'npuzzle " + args[0] + " --help')"), std::string::npos) << r.err;
  }
  EXPECT_NE(npuzzle({"solve", "--algo", "bfs", "--heuristic", "pdb"}, boards)
                .err.find("the bfs algorithm reads no heuristic (those that do: astar, idastar)"),
            std::string::npos);
  const CliRun taken = npuzzle({"solve", "--algo", "fast", "--improve", "--timeout", "1"}, boards);
  EXPECT_EQ(taken.code, 0) << taken.err;
  EXPECT_EQ(taken.out, "r\n\n");
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

}  // namespace
}  // namespace npuzzle::cli_test
