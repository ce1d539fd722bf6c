#include <gtest/gtest.h>

#include "npuzzle/core/moves.hpp"
#include "npuzzle/util/errors.hpp"

namespace npuzzle {
namespace {

TEST(Moves, NotationsMirrorEachOther) {
  const std::vector<Dir> moves{Dir::Up, Dir::Right, Dir::Down, Dir::Left};
  EXPECT_EQ(format_moves(moves, Notation::Blank), "urdl");
  EXPECT_EQ(format_moves(moves, Notation::TileMoves), "dlur");
  EXPECT_EQ(parse_moves("dlur", Notation::TileMoves), moves);
  EXPECT_EQ(parse_moves("U R d l", Notation::Blank), moves);
}

TEST(Moves, ParseNamesTheBadCharacter) {
  try {
    parse_moves("uux", Notation::Blank);
    FAIL() << "accepted x";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("move 3 is 'x'"), std::string::npos) << e.what();
  }
}

TEST(Moves, ReplayStopsAtTheFirstMoveOffTheBoard) {
  const Board start{{2, 2}, {1, 2, 0, 3}};
  const Replay ok = replay(start, parse_moves("r", Notation::Blank));
  EXPECT_TRUE(ok.legal);
  EXPECT_EQ(ok.final, Board::blank_last({2, 2}));
  const Replay bad = replay(start, parse_moves("rrl", Notation::Blank));
  EXPECT_FALSE(bad.legal);
  EXPECT_EQ(bad.applied, 1u);
}

}  // namespace
}  // namespace npuzzle
