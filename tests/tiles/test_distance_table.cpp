#include <gtest/gtest.h>

#include <stdexcept>

#include "npuzzle/core/moves.hpp"
#include "npuzzle/io/format.hpp"
#include "npuzzle/tiles/distance_table.hpp"
#include "support/reference.hpp"

namespace npuzzle {
namespace {

TEST(DistanceTable, EightPuzzleLayersMatchThePublishedCounts) {
  DistanceTables tables;
  const auto& table = tables.for_goal(Board::blank_last({3, 3}));
  const auto counts = table.depth_counts();
  // States per distance 0..31 with the blank's goal in a corner, as published (Reinefeld 1993).
  const std::vector<std::uint64_t> published{1,     2,     4,     8,     16,    20,    39,    62,
                                             116,   152,   286,   396,   748,   1024,  1893,  2512,
                                             4485,  5638,  9529,  10878, 16993, 17110, 23952, 20224,
                                             24047, 15578, 14560, 6274,  3910,  760,   221,   2};
  EXPECT_EQ(std::vector<std::uint64_t>(counts.begin(), counts.end()), published);
}

TEST(DistanceTable, ATableThatDisagreesWithItsDescriptorIsRefused) {
  TableDescriptor d = describe_table({3, 3}, 0);
  d.depth_counts[20] += 1;
  EXPECT_THROW(DistanceTable{d}, std::logic_error);
  TableDescriptor wrong_total = describe_table({2, 3}, 5);
  wrong_total.reachable -= 1;
  EXPECT_THROW(DistanceTable{wrong_total}, std::logic_error);
}

// Every board of each shape and goal: the table's solution replays to the goal in exactly the
// reference BFS distance, starting with the first of u, d, l, r that goes one move closer, and
// boards the BFS does not reach are refused.
void check_every_board(const Board& goal, DistanceTables& tables) {
  const Geometry g = goal.geometry;
  const auto& dist = reference::distances_to(goal);
  const TableSolver solver(goal, tables);
  Board b = goal;
  std::sort(b.tiles.begin(), b.tiles.end());
  std::size_t solved = 0;
  do {
    const std::string key = reference::encode(b.tiles);
    const auto moves = solver.solve(b);
    const auto it = dist.find(key);
    if (it == dist.end()) {
      ASSERT_FALSE(moves.has_value()) << key;
      continue;
    }
    ASSERT_TRUE(moves.has_value()) << key;
    ASSERT_EQ(static_cast<int>(moves->size()), it->second) << key;
    ASSERT_EQ(solver.distance(b), it->second);
    if (it->second > 0) {
      std::string first;
      for (const char* letter : {"u", "d", "l", "r"}) {
        std::string after = key;
        const bool legal = reference::replay(after, letter, g.rows, g.cols);
        if (legal && dist.at(after) == it->second - 1) {
          first = letter;
          break;
        }
      }
      ASSERT_EQ(format_moves(std::span(*moves).first(1), Notation::Blank), first) << key;
    }
    std::string s = key;
    ASSERT_TRUE(reference::replay(s, format_moves(*moves, Notation::Blank), g.rows, g.cols));
    ASSERT_EQ(s, reference::encode(goal.tiles));
    ++solved;
  } while (std::next_permutation(b.tiles.begin(), b.tiles.end()));
  EXPECT_EQ(solved, dist.size());
}

void check_every_board(const Board& goal) {
  DistanceTables tables;
  check_every_board(goal, tables);
}

// The form the program carries its 8-puzzle tables in: read back, it answers every board as the
// table built by search does; a damaged or cut one is refused.
TEST(DistanceTable, APackedTableServesAsTheBuiltOneAndDamageIsRefused) {
  const TableDescriptor d = describe_table({3, 3}, 8);
  const std::vector<std::uint8_t> packed = DistanceTable(d).packed();
  DistanceTables tables([&](Geometry g, Cell blank) {
    return g == Geometry{3, 3} && blank == 8 ? std::span(packed) : std::span<const std::uint8_t>{};
  });
  check_every_board(Board::blank_last({3, 3}), tables);
  EXPECT_EQ(tables.for_goal(Board::blank_last({3, 3})).packed(), packed);

  std::vector<std::uint8_t> damaged = packed;
  damaged[12345] ^= 1;  // one distance off by one
  EXPECT_THROW(DistanceTable(d, damaged), std::logic_error);
  EXPECT_THROW(DistanceTable(d, std::span(packed).first(1000)), std::logic_error);
}

TEST(DistanceTable, EveryEightPuzzleWithTheBlankFirst) {
  check_every_board(Board::blank_first({3, 3}));
}
TEST(DistanceTable, EveryEightPuzzleWithTheBlankInTheCentre) {
  check_every_board(parse_board("1 2 3 4 0 5 6 7 8"));
}
TEST(DistanceTable, EveryEightPuzzleWithTheBlankOnAnEdge) {
  check_every_board(parse_board("1 0 2 3 4 5 6 7 8"));
}
TEST(DistanceTable, EveryBoardOfOtherSmallShapes) {
  for (const Geometry g : {Geometry{2, 2}, Geometry{2, 3}, Geometry{3, 2}, Geometry{2, 4},
                           Geometry{1, 2}, Geometry{1, 5}, Geometry{4, 1}}) {
    check_every_board(Board::blank_last(g));
    check_every_board(Board::blank_first(g));
  }
}

}  // namespace
}  // namespace npuzzle
