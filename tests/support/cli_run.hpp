#pragma once
// Running the npuzzle tool as a user does, for the CLI's tests: its arguments quoted for the
// shell, an input on stdin, and its exit code, stdout and stderr back. NPUZZLE_BIN names the tool
// under test (tests/CMakeLists.txt).

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "npuzzle/core/board.hpp"
#include "support/reference.hpp"

namespace npuzzle::cli_test {

struct CliRun {
  int code;
  std::string out, err;
};

inline std::string slurp(const std::filesystem::path& p) {
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
inline CliRun npuzzle(const std::vector<std::string>& args, const std::string& input = "",
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

inline std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

// The moves take `board` (reference encoding) to `goal` on a rows x cols board.
inline void expect_solves(const std::string& board, const std::string& moves,
                          const std::string& goal, int rows, int cols) {
  std::string s = board;
  EXPECT_TRUE(reference::replay(s, moves, rows, cols)) << board << " " << moves;
  EXPECT_EQ(s, goal) << board << " " << moves;
}

// Korf's first 15-puzzle instance (goal: blank first), 57 moves from its goal.
inline constexpr const char* kKorfOne = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";

inline const std::string kEightGoal = reference::encode(Board::blank_last({3, 3}).tiles);

// The Cubic Eight-Puzzle's sample input (POJ 3131) and its answers.
inline constexpr const char* kCubeSample =
    "1 2\nW W W\nE W W\nW W W\n2 1\nR B W\nR W W\nE W W\n3 3\nW B W\nB R E\nR B R\n"
    "3 3\nB W R\nB W R\nB E R\n2 1\nB B B\nB R B\nB R E\n1 1\nR R R\nW W W\nR R E\n"
    "2 1\nR R R\nB W B\nR R E\n3 2\nR R R\nW E W\nR R R\n0 0\n";
inline constexpr const char* kCubeSampleAnswers = "0\n3\n13\n23\n29\n30\n-1\n-1\n";

// A cache directory of the test's own, removed at the end.
struct TempCache {
  std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("npuzzle-cache-" + std::to_string(::getpid()));
  std::string env = "NPUZZLE_CACHE=" + dir.string();
  std::filesystem::path table = dir / "cube-answers.tbl";
  ~TempCache() { std::filesystem::remove_all(dir); }
};

}  // namespace npuzzle::cli_test
