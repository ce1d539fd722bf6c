// Move pruning: the redundant strings found, and the machine's promise that a search following
// it still meets every board at its distance, checked against a plain breadth-first search.

#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <string>
#include <unordered_map>
#include <vector>

#include "npuzzle/core/moves.hpp"
#include "npuzzle/tiles/move_pruning.hpp"
#include "npuzzle/util/errors.hpp"
#include "support/reference.hpp"

namespace npuzzle {
namespace {

std::string letters(const MoveString& s) {
  std::vector<Dir> moves;
  for (int i = 0; i < s.length; ++i) moves.push_back(s.at(i));
  return format_moves(moves, Notation::Blank);
}

// The board after the blank moves `d` on a board kept as characters, or "" off the board.
std::string moved(const std::string& board, Geometry g, Dir d) {
  const auto blank = static_cast<Cell>(board.find('A'));
  const Cell to = g.step(blank, d);
  if (to < 0) return "";
  std::string out = board;
  std::swap(out[static_cast<std::size_t>(blank)], out[static_cast<std::size_t>(to)]);
  return out;
}

// Every board within `depth` moves of `start`, with its distance.
std::unordered_map<std::string, int> reference_distances(const std::string& start, Geometry g,
                                                         int depth) {
  std::unordered_map<std::string, int> dist{{start, 0}};
  std::deque<std::string> queue{start};
  while (!queue.empty()) {
    const std::string s = queue.front();
    queue.pop_front();
    if (dist[s] == depth) continue;
    for (auto& t : reference::neighbours(s, g.rows, g.cols)) {
      if (dist.emplace(t, dist[s] + 1).second) queue.push_back(std::move(t));
    }
  }
  return dist;
}

// The least depth at which a depth-first search to `depth` following `pruning` meets each board;
// `paths` counts the move strings it follows.
void pruned_depths(const std::string& board, Geometry g, int g_moves, int depth,
                   const MovePruning* pruning, PruningState at,
                   std::unordered_map<std::string, int>& least, std::uint64_t& paths) {
  ++paths;
  auto [it, fresh] = least.emplace(board, g_moves);
  if (!fresh) it->second = std::min(it->second, g_moves);
  if (g_moves == depth) return;
  for (const Dir d : kAllDirs) {
    const PruningState next = pruning ? pruning->after(at, d) : kPruningStart;
    if (next == kPrunedMove) continue;
    const std::string t = moved(board, g, d);
    if (t.empty()) continue;
    pruned_depths(t, g, g_moves + 1, depth, pruning, next, least, paths);
  }
}

TEST(MovePruning, TheShortestRedundantStringsAreTheReversalsAndHalfTurns) {
  std::vector<std::string> found;
  for (const MoveString& s : find_redundant_strings(7)) found.push_back(letters(s));
  // Taking a move back is the empty string. Half a turn round a 2x2 square one way (six moves)
  // does what half a turn the other way does: "rdlurd" and "druldr" both bring the square's
  // three tiles back to their places and the blank to the far corner. Of each pair, the one
  // later in u < d < l < r order goes: the one that starts across.
  const std::vector<std::string> expected{"ud",     "du",     "lr",     "rl",
                                          "rdlurd", "ldruld", "lurdlu", "ruldru"};
  std::vector<std::string> sorted_found = found, sorted_expected = expected;
  std::sort(sorted_found.begin(), sorted_found.end());
  std::sort(sorted_expected.begin(), sorted_expected.end());
  EXPECT_EQ(sorted_found, sorted_expected);
  // By length, then in order.
  for (std::size_t i = 1; i < found.size(); ++i) {
    EXPECT_LE(found[i - 1].size(), found[i].size()) << found[i];
  }
  EXPECT_THROW(find_redundant_strings(kMaxMoveStringLength + 1), InputError);
  EXPECT_THROW(find_redundant_strings(-1), InputError);
}

TEST(MovePruning, ASearchFollowingTheMachineStillMeetsEveryBoardAtItsDistance) {
  const MovePruning& pruning = MovePruning::standard();
  struct Case {
    Geometry g;
    int depth;
  };
  // Boards narrow enough that some strings do not fit, and square ones; the blank starting in a
  // corner, on an edge and inside.
  for (const Case c : {Case{{3, 3}, 20}, Case{{2, 5}, 20}, Case{{4, 4}, 15}, Case{{1, 6}, 8}}) {
    for (const Cell blank : {0, c.g.cols - 1 + c.g.cols * (c.g.rows - 1) / 2, c.g.cells() / 2}) {
      std::vector<Tile> tiles(static_cast<std::size_t>(c.g.cells()));
      for (std::size_t i = 0; i < tiles.size(); ++i) tiles[i] = static_cast<Tile>(i + 1);
      tiles[static_cast<std::size_t>(blank)] = 0;
      const std::string start = reference::encode(tiles);
      SCOPED_TRACE(c.g.name() + " blank on " + std::to_string(blank));

      const auto expected = reference_distances(start, c.g, c.depth);
      std::unordered_map<std::string, int> least;
      std::uint64_t paths = 0, unpruned_paths = 0;
      pruned_depths(start, c.g, 0, c.depth, &pruning, kPruningStart, least, paths);
      EXPECT_EQ(least, expected);

      // And it prunes: fewer strings than with only the reverse of each move left out.
      std::unordered_map<std::string, int> plain;
      const MovePruning reversals(find_redundant_strings(2));
      pruned_depths(start, c.g, 0, c.depth, &reversals, kPruningStart, plain, unpruned_paths);
      EXPECT_EQ(plain, expected);
      if (c.g.rows > 1) {
        EXPECT_LT(paths * 10, unpruned_paths * 9) << paths << " of " << unpruned_paths;
      }
    }
  }
}

TEST(MovePruning, EachRedundantStringIsPrunedAtItsLastMove) {
  // Five states for the reversals alone: the start and after each move.
  EXPECT_EQ(MovePruning(find_redundant_strings(2)).states(), 5u);
  const auto strings = find_redundant_strings(8);
  const MovePruning machine(strings);
  for (const MoveString& s : strings) {
    PruningState at = kPruningStart;
    for (int i = 0; i + 1 < s.length; ++i) {
      at = machine.after(at, s.at(i));
      ASSERT_NE(at, kPrunedMove) << letters(s);
    }
    EXPECT_EQ(machine.after(at, s.at(s.length - 1)), kPrunedMove) << letters(s);
  }
}

// Whether `a` and `b` prune the same move strings of up to `depth` moves from states `x` and `y`.
bool prune_alike(const MovePruning& a, PruningState x, const MovePruning& b, PruningState y,
                 int depth) {
  if (depth == 0) return true;
  for (const Dir d : kAllDirs) {
    const PruningState nx = a.after(x, d), ny = b.after(y, d);
    if ((nx == kPrunedMove) != (ny == kPrunedMove)) return false;
    if (nx != kPrunedMove && !prune_alike(a, nx, b, ny, depth - 1)) return false;
  }
  return true;
}

TEST(MovePruning, TheBuiltInMachineIsTheFindersOnShorterStrings) {
  // The machine the build made (of strings up to kStandardLength moves) prunes a string of up to
  // 10 moves exactly where it holds a redundant one of up to 10 moves, as found here.
  const MovePruning found(find_redundant_strings(10));
  EXPECT_TRUE(prune_alike(MovePruning::standard(), kPruningStart, found, kPruningStart, 10));
  // And it is that machine: the reversals' alone prune otherwise.
  EXPECT_FALSE(prune_alike(MovePruning::standard(), kPruningStart,
                           MovePruning(find_redundant_strings(2)), kPruningStart, 10));
}

}  // namespace
}  // namespace npuzzle
