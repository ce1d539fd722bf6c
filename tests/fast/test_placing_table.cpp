// The placing table: its counts on boards worked out by hand, and on a board with fixed cells
// every count checked against its neighbours (a breadth-first distance is 0 exactly on the
// targets, and elsewhere one more than the least of its neighbours').

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <vector>

#include "npuzzle/core/moves.hpp"
#include "npuzzle/fast/placing_table.hpp"
#include "npuzzle/util/errors.hpp"

namespace npuzzle {
namespace {

std::vector<Cell> all_cells(Geometry g) {
  std::vector<Cell> cells(static_cast<std::size_t>(g.cells()));
  std::iota(cells.begin(), cells.end(), Cell{0});
  return cells;
}

TEST(PlacingTable, CountsWorkedOutByHand) {
  // 2x2, the tile across the diagonal from its target, the blank beside it: push it right (1),
  // walk the blank round (2), push it down (1).
  const Geometry small{2, 2};
  EXPECT_EQ(PlacingTable(small, all_cells(small), 3).moves(0, 1), 4);
  EXPECT_EQ(PlacingTable(small, all_cells(small), 3).moves(3, 0), 0);
  // 3x4, the tile three cells left of its target, the blank in front: one push, then each
  // further push costs the blank's four-move walk round the tile and the push.
  const Geometry wide{3, 4};
  const PlacingTable row(wide, all_cells(wide), wide.at(1, 3));
  EXPECT_EQ(row.moves(wide.at(1, 0), wide.at(1, 1)), 11);
  // The blank behind the tile first walks round it (4 more).
  EXPECT_EQ(row.moves(wide.at(1, 2), wide.at(1, 1)), 5);
}

TEST(PlacingTable, EveryCountIsOneMoreThanItsBestNeighbours) {
  const Geometry g{4, 5};
  // The first row and the first two cells of the second fixed, as after placing them.
  std::vector<Cell> free;
  for (Cell c = 0; c < g.cells(); ++c) {
    if (c >= g.cols + 2) free.push_back(c);
  }
  for (const Cell target : {g.at(1, 2), g.at(1, 4), g.at(3, 0)}) {
    const PlacingTable table(g, free, target);
    for (const Cell t : free) {
      for (const Cell z : free) {
        if (z == t) continue;
        const int here = table.moves(t, z);
        ASSERT_NE(here, PlacingTable::kNever) << t << " " << z;  // the free cells are connected
        if (t == target) {
          EXPECT_EQ(here, 0);
          continue;
        }
        int best = PlacingTable::kNever;
        for (Dir d : kAllDirs) {
          const Cell to = g.step(z, d);
          if (to < 0 || std::find(free.begin(), free.end(), to) == free.end()) continue;
          best = std::min<int>(best, table.moves(to == t ? z : t, to));
        }
        EXPECT_EQ(here, best + 1) << "tile " << t << ", blank " << z << ", target " << target;
      }
    }
  }
}

TEST(PlacingTable, RefusesAFixedTargetOrACellTwice) {
  const Geometry g{3, 3};
  EXPECT_THROW(PlacingTable(g, std::vector<Cell>{3, 4, 5, 6, 7, 8}, 0), InputError);
  EXPECT_THROW(PlacingTable(g, std::vector<Cell>{3, 4, 4, 5}, 3), InputError);
  EXPECT_THROW(PlacingTable(g, std::vector<Cell>{3, 4, 9}, 3), InputError);
}

}  // namespace
}  // namespace npuzzle
