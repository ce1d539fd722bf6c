// `bench`: instance files and their mistakes.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/cli_run.hpp"

namespace npuzzle::cli_test {
namespace {

// An instance file's mistakes are named with the file and line; a folder is not read as one.
TEST(Bench, InstanceFileMistakes) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("npuzzle-instances-" + std::to_string(::getpid()) + ".txt");
  std::ofstream(path) << "# id length tiles\n1 x 1 2 3 4 5 6 7 0 8\n";
  CliRun r = npuzzle({"bench", path.string()});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find(":2: the length 'x' is not a whole number of moves"), std::string::npos)
      << r.err;
  // The board is the line's last square count of fields: a line one short says which it read.
  std::ofstream(path) << "1 2 3 4 5 6 7 0 8\n";
  r = npuzzle({"bench", path.string()});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find(":1: tile 6 is out of range on a 2x2 board (tiles are 1..3 and one blank) "
                       "(the board read as its last 4 fields; --size gives another shape)"),
            std::string::npos)
      << r.err;
  r = npuzzle({"bench", path.string(), "--size", "3x3"});
  EXPECT_NE(r.err.find(":1: expected an id, a length and a board of 9 tiles, found 9 fields"),
            std::string::npos)
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
  // (Not taken for "no --easiest", which would run all fifty.)
  r = npuzzle({"bench", "korf24", "--easiest", "0", "--max-nodes", "1"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--easiest 0 names no instance"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  std::filesystem::remove(path);
  r = npuzzle({"bench", std::filesystem::temp_directory_path().string()});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("is a folder, not an instance file"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace npuzzle::cli_test
