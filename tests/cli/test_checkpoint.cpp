// `solve --checkpoint` and `bench --checkpoint-dir`: a stopped search goes on from its file
// with the same answer; a damaged or foreign file is refused.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/cli_run.hpp"

namespace npuzzle::cli_test {
namespace {

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

}  // namespace
}  // namespace npuzzle::cli_test
