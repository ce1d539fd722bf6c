// Signals: Ctrl-C during a search, a streamed answer or a bench ends cleanly, keeps what
// was found and says so; a killed bench keeps the answers printed before it.

#include <fcntl.h>
#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "support/cli_run.hpp"

namespace npuzzle::cli_test {
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

// Ctrl-C while a large board's moves stream to stdout: their line is ended, one line for the
// board, and said on stderr to be incomplete.
TEST(Interrupt, CtrlCDuringAStreamedAnswerEndsItsLine) {
  const auto board =
      std::filesystem::temp_directory_path() / ("npuzzle-stream-" + std::to_string(::getpid()));
  std::ofstream(board) << npuzzle({"random", "--size", "400x400", "--seed", "1"}).out;
  std::string at_board = "@";  // (built in two steps: g++ 12 misreads "@" + path as an overflow)
  at_board += board.string();
  const CliRun r = npuzzle_interrupted({"solve", "--timeout", "0", at_board}, 300);
  std::filesystem::remove(board);
  EXPECT_EQ(r.code, 130) << r.err;
  ASSERT_FALSE(r.out.empty());
  EXPECT_EQ(r.out.back(), '\n');
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1);
  EXPECT_NE(r.err.find("this answer's line is incomplete"), std::string::npos) << r.err;
}

// Ctrl-C in the middle of a long search: a clean stop, a word on stderr, exit code 130.
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
}  // namespace npuzzle::cli_test
