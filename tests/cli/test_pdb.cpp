// `pdb` and the table cache: sets built on first use or on request, shared between
// processes, refused when they do not fit, repaired when damaged; a cache that cannot be
// written or holds something else at a table's path.

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "npuzzle/io/format.hpp"
#include "support/cli_run.hpp"
#include "support/reference.hpp"

namespace npuzzle::cli_test {
namespace {

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

// The words of `pdb list` about `set`: its line with the padding between columns taken out
// ("5-5-5 4x4 missing ..."), or "" where it is not listed.
std::string listed(const std::string& out, const std::string& set) {
  for (const std::string& line : lines(out)) {
    if (!line.starts_with(set + " ")) continue;
    std::string words;
    for (const char c : line) {
      if (c != ' ' || (!words.empty() && words.back() != ' ')) words += c;
    }
    return words;
  }
  return "";
}

TEST(Pdb, ALightSetIsBuiltOnFirstUseAndBenchChecksKorfLengths) {
  const TempCache cache;
  CliRun r = npuzzle({"pdb", "list"}, "", cache.env);
  EXPECT_TRUE(listed(r.out, "5-5-5").starts_with("5-5-5 4x4 missing")) << r.out;
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
  EXPECT_TRUE(listed(r.out, "5-5-5").starts_with("5-5-5 4x4 built")) << r.out;
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
  EXPECT_NE(r.err.find("npuzzle pdb build 6-6-6-6x2"), std::string::npos) << r.err;

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

}  // namespace
}  // namespace npuzzle::cli_test
