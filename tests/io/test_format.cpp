#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "npuzzle/io/format.hpp"
#include "npuzzle/util/errors.hpp"

namespace npuzzle {
namespace {

const Board kSample{{3, 3}, {2, 3, 4, 1, 5, 0, 7, 6, 8}};

TEST(Format, EveryBoardFormReadsTheSame) {
  EXPECT_EQ(parse_board("2 3 4 1 5 x 7 6 8"), kSample);
  EXPECT_EQ(parse_board("2 3 4\n1 5 _\n7 6 8"), kSample);
  EXPECT_EQ(parse_board("23415x768"), kSample);
  EXPECT_EQ(parse_board("2,3,4,1,5,0,7,6,8"), kSample);
  EXPECT_EQ(parse_board("2 3 4/1 5 0/7 6 8"), kSample);
  EXPECT_EQ(parse_board("[[2,3,4],[1,5,0],[7,6,8]]"), kSample);
  EXPECT_EQ(parse_board(" [[2,3,4],[1,5,\"x\"],[7,6,8]] "), kSample);
}

TEST(Format, SizesComeFromRowsOrFromTheFlag) {
  EXPECT_EQ(parse_board("1 2 3/4 5 0").geometry, (Geometry{2, 3}));
  EXPECT_EQ(parse_board("[[1,2],[3,0],[4,5]]").geometry, (Geometry{3, 2}));
  EXPECT_EQ(parse_board("1 2 3 4 5 0", Geometry{2, 3}).geometry, (Geometry{2, 3}));
  EXPECT_EQ(parse_board("10", Geometry{1, 2}).tiles, (std::vector<Tile>{1, 0}));
  EXPECT_EQ(parse_geometry("3x4"), (Geometry{3, 4}));
  EXPECT_EQ(parse_geometry("12*1"), (Geometry{12, 1}));
}

// Each malformed board is refused with a message that names the problem.
TEST(Format, MalformedBoardsAreRefusedWithTheReason) {
  const std::pair<const char*, const char*> cases[] = {
      {"1 2 3 4 5 6 7 8", "8 tiles do not make a square board"},
      {"x", "a board needs at least 2 cells, got 1x1"},
      {"1 2 3 4 5 6 7 8 8", "tile 8 appears twice"},
      {"1 2 3 4 5 6 7 x 0", "two blanks"},
      {"1 2 3 4 5 a 7 8 0", "'a' is not a tile"},
      {"1 2 3 4 5 6 7 8 9", "tile 9 is out of range"},
      {"1 2 3/4 5", "rows of unequal length"},
      {"[[1,2,3],[4,0]]", "rows of unequal length"},
      {"[[]]", "row 1 is empty"},
      {"[[1,0],[]]", "row 2 is empty"},
      {"1 0/", "row 2 is empty"},
      {"1 0//2 3", "row 2 is empty"},
      {"[[1,2,3],[4,0,", "not valid JSON"},
      {"[[1,2],[3,true]]", "is not a tile"},
      {"", "empty"},
      {"   ", "empty"},
      {"99999999999999999999 1 2 0", "too large"},
  };
  for (const auto& [text, message] : cases) {
    try {
      parse_board(text);
      ADD_FAILURE() << "accepted: " << text;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos)
          << text << " -> " << e.what();
    }
  }
  EXPECT_THROW(parse_board("1 2 3 4 5 0", Geometry{3, 3}), InputError);
  EXPECT_THROW(parse_board("1 2 3/4 5 0", Geometry{3, 2}), InputError);
  for (const char* size : {"3", "3x", "x3", "0x3", "3x4x5", "-1x2", "axb"}) {
    EXPECT_THROW(parse_geometry(size), InputError) << size;
  }
  try {
    parse_geometry("0x3");
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("at least one row and one column"), std::string::npos);
  }
}

TEST(Format, GoalsByNameOrBoard) {
  EXPECT_EQ(parse_goal("blank-first", {2, 2}), Board::blank_first({2, 2}));
  EXPECT_EQ(parse_goal("0 3 2 1", {2, 2}).tiles, (std::vector<Tile>{0, 3, 2, 1}));
  EXPECT_THROW(parse_goal("1 2 3 0", {2, 3}), InputError);
  // A goal of another size is told against the board's, not as a size given.
  const auto message = [](std::string_view spec, Geometry g) {
    try {
      parse_goal(spec, g);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(message("1 2/3 0", {3, 3}), "the goal is 2x2 but the board is 3x3");
  EXPECT_EQ(message("1 2 3 0", {3, 3}), "the goal has 4 tiles but the board is 3x3");
  EXPECT_EQ(message("[[1,2],[3,0]]", {2, 3}), "the goal is 2x2 but the board is 2x3");
  EXPECT_THROW(parse_goal("blank-middle", {2, 2}), InputError);
}

TEST(Format, WrittenBoardsReadBack) {
  for (const Board& b : {kSample, Board::blank_first({3, 4}), Board::blank_last({1, 2})}) {
    EXPECT_EQ(parse_board(format_board(b), b.geometry.rows == b.geometry.cols
                                               ? std::nullopt
                                               : std::optional<Geometry>(b.geometry)),
              b);
    EXPECT_EQ(parse_board(board_json(b).dump()), b);
  }
  EXPECT_EQ(format_board(Board::blank_last({2, 3})), "1 2 3 / 4 5 0");
  EXPECT_EQ(format_board(kSample, "x"), "2 3 4 1 5 x 7 6 8");
}

}  // namespace
}  // namespace npuzzle
