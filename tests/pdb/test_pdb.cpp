// Pattern databases: placement ranking, every entry of small tables against an independent
// 0-1 BFS, admissibility against true distances, incremental exactness, Korf instances, the
// goal frame, and damaged files.

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <deque>
#include <fstream>
#include <map>
#include <random>

#include "npuzzle/api/solver.hpp"
#include "npuzzle/core/moves.hpp"
#include "npuzzle/core/random_board.hpp"
#include "npuzzle/io/format.hpp"
#include "npuzzle/search/idastar.hpp"
#include "npuzzle/storage/memory_room.hpp"
#include "npuzzle/tiles/pdb_heuristic.hpp"
#include "npuzzle/tiles/tile_domain.hpp"
#include "npuzzle/util/errors.hpp"
#include "support/incremental.hpp"
#include "support/reference.hpp"
#include "support/split.hpp"

namespace npuzzle {
namespace {

TEST(PlacementRanker, RanksDenselyAndRoundTrips) {
  const PlacementRanker small(9, 3);
  ASSERT_EQ(small.size(), 504u);
  // Every placement of three tiles on nine cells, enumerated here, gets a rank of its own.
  std::vector<bool> seen(small.size(), false);
  for (std::uint8_t a = 0; a < 9; ++a) {
    for (std::uint8_t b = 0; b < 9; ++b) {
      for (std::uint8_t c = 0; c < 9; ++c) {
        if (a == b || a == c || b == c) continue;
        const std::array<std::uint8_t, 3> placement{a, b, c};
        const auto r = small.rank(placement);
        ASSERT_LT(r, small.size());
        EXPECT_FALSE(seen[r]);
        seen[r] = true;
        std::array<std::uint8_t, 3> back{};
        small.unrank(r, back);
        EXPECT_EQ(back, placement);
      }
    }
  }
  EXPECT_EQ(std::count(seen.begin(), seen.end(), true), 504);
  std::mt19937_64 rng(78);
  for (const int k : {7, 8}) {
    const PlacementRanker big(16, k);
    std::vector<std::uint8_t> placement(static_cast<std::size_t>(k)), back(placement.size());
    for (int trial = 0; trial < 2000; ++trial) {
      std::vector<std::uint8_t> all(16);
      std::iota(all.begin(), all.end(), 0);
      for (std::size_t i = 15; i > 0; --i) std::swap(all[i], all[uniform_below(rng, i + 1)]);
      std::copy_n(all.begin(), k, placement.begin());
      const auto r = big.rank(placement);
      ASSERT_LT(r, big.size());
      big.unrank(r, back);
      ASSERT_EQ(back, placement);
    }
  }
}

// The index after one tile moves, worked out from the index before, equals ranking again: any
// tile, to any free cell (not only a neighbour), on boards of 9 to 32 cells.
TEST(PlacementRanker, MovedEqualsRankingAgain) {
  std::mt19937_64 rng(113);
  for (const auto& [n, k] :
       {std::pair{9, 3}, std::pair{16, 7}, std::pair{16, 8}, std::pair{25, 6}, std::pair{32, 5}}) {
    const PlacementRanker ranker(n, k);
    std::vector<std::uint8_t> placement(static_cast<std::size_t>(k));
    for (int trial = 0; trial < 3000; ++trial) {
      ranker.unrank(uniform_below(rng, ranker.size()), placement);
      std::array<int, 32> index_on{};
      index_on.fill(-1);
      CellMask taken = 0;
      for (int i = 0; i < k; ++i) {
        index_on[placement[static_cast<std::size_t>(i)]] = i;
        taken |= CellMask{1} << placement[static_cast<std::size_t>(i)];
      }
      const int i = static_cast<int>(uniform_below(rng, static_cast<std::uint64_t>(k)));
      unsigned to = 0;
      do {
        to = static_cast<unsigned>(uniform_below(rng, static_cast<std::uint64_t>(n)));
      } while (index_on[to] >= 0);
      const unsigned from = placement[static_cast<std::size_t>(i)];
      const auto before = ranker.rank(placement);
      placement[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(to);
      const auto moved = ranker.moved(before, i, from, to, taken, [&](unsigned c) {
        EXPECT_TRUE(index_on[c] >= 0 && c > std::min(from, to) && c < std::max(from, to));
        return index_on[c];
      });
      ASSERT_EQ(moved, ranker.rank(placement))
          << n << " cells, tile " << i << " of " << k << " from " << from << " to " << to;
    }
  }
}

TEST(PlacementWalk, VisitsPlacementsInIndexOrderFromAnyStart) {
  std::mt19937_64 rng(91);
  for (const auto& [n, k] : {std::pair{9, 3}, std::pair{16, 5}, std::pair{25, 6}}) {
    const PlacementRanker ranker(n, k);
    std::vector<std::uint8_t> expected(static_cast<std::size_t>(k));
    for (int trial = 0; trial < 20; ++trial) {
      PlacementIndex i = uniform_below(rng, ranker.size());
      PlacementWalk walk(ranker, i);
      for (int step = 0; step < 3000; ++step, walk.next(), i = (i + 1) % ranker.size()) {
        ranker.unrank(i, expected);
        ASSERT_TRUE(std::equal(expected.begin(), expected.end(), walk.cells().begin()))
            << n << " cells, " << k << " tiles, index " << i;
      }
    }
  }
}

// The independent model: an abstract state is a string with the pattern tiles' letters on their
// cells, '.' for other tiles and '_' for the blank. Moving a pattern tile costs 1, any other
// move 0; a 0-1 BFS from the goal gives every state's cost. A table entry is the least over the
// blank cells of one placement in one kind of region: the main one (more than half of the cells
// that are not the pattern's) or any other (a pocket).
struct ReferenceEntry {
  int cost;
  Cell blank;  // one blank cell it was found with
};

// Whether the blank of `s` is in the main region of its non-pattern cells, by a flood fill.
bool blank_in_main_region(const Geometry g, const std::string& s) {
  const auto free = [&](Cell c) {
    return s[static_cast<std::size_t>(c)] == '.' || s[static_cast<std::size_t>(c)] == '_';
  };
  std::vector<Cell> stack{static_cast<Cell>(s.find('_'))};
  std::vector<bool> seen(s.size(), false);
  seen[static_cast<std::size_t>(stack.back())] = true;
  int region = 0;
  while (!stack.empty()) {
    const Cell c = stack.back();
    stack.pop_back();
    ++region;
    for (const Dir d : kAllDirs) {
      const Cell next = g.step(c, d);
      if (next < 0 || !free(next) || seen[static_cast<std::size_t>(next)]) continue;
      seen[static_cast<std::size_t>(next)] = true;
      stack.push_back(next);
    }
  }
  const auto free_cells =
      std::count_if(s.begin(), s.end(), [](char x) { return x == '.' || x == '_'; });
  return 2 * region > free_cells;
}

std::map<std::string, ReferenceEntry> reference_entries(const Board& goal,
                                                        const std::vector<SmallTile>& pattern) {
  const Geometry g = goal.geometry;
  std::string start(static_cast<std::size_t>(g.cells()), '.');
  for (std::size_t c = 0; c < goal.tiles.size(); ++c) {
    const Tile t = goal.tiles[c];
    if (t == kBlank) start[c] = '_';
    for (std::size_t i = 0; i < pattern.size(); ++i) {
      if (pattern[i] == t) start[c] = static_cast<char>('A' + i);
    }
  }
  std::map<std::string, int> cost{{start, 0}};
  std::deque<std::string> queue{start};
  while (!queue.empty()) {
    const std::string s = queue.front();
    queue.pop_front();
    const int here = cost[s];
    const auto blank = static_cast<Cell>(s.find('_'));
    for (const Dir d : kAllDirs) {
      const Cell next = g.step(blank, d);
      if (next < 0) continue;
      std::string t = s;
      std::swap(t[static_cast<std::size_t>(blank)], t[static_cast<std::size_t>(next)]);
      const int step = s[static_cast<std::size_t>(next)] == '.' ? 0 : 1;
      const auto it = cost.find(t);
      if (it != cost.end() && it->second <= here + step) continue;
      cost[t] = here + step;
      step == 0 ? queue.push_front(t) : queue.push_back(t);
    }
  }
  // key: the pattern tiles' cells as letters, then M (main region) or P (pocket)
  std::map<std::string, ReferenceEntry> entries;
  for (const auto& [s, c] : cost) {
    std::string key(pattern.size(), ' ');
    for (std::size_t cell = 0; cell < s.size(); ++cell) {
      if (s[cell] >= 'A' && s[cell] <= 'Z') {  // a pattern tile, not '.' or the blank '_'
        key[static_cast<std::size_t>(s[cell] - 'A')] = static_cast<char>('a' + cell);
      }
    }
    key += blank_in_main_region(g, s) ? 'M' : 'P';
    const ReferenceEntry here{c, static_cast<Cell>(s.find('_'))};
    auto [it, inserted] = entries.emplace(key, here);
    if (!inserted && c < it->second.cost) it->second = here;
  }
  return entries;
}

TEST(PatternDatabase, EveryEntryMatchesAnIndependentSearch) {
  const std::vector<std::pair<Board, std::vector<SmallTile>>> cases{
      {Board::blank_first({3, 3}), {1, 2, 3}},    {Board::blank_last({3, 3}), {2, 5, 7, 8}},
      {Board::blank_first({2, 4}), {1, 2, 6, 7}}, {Board::blank_first({4, 4}), {1, 2, 4}},
      {Board::blank_first({4, 4}), {5, 10, 15}},  {Board::blank_first({5, 5}), {12, 13, 18}},
      {Board::blank_first({4, 4}), {1, 4, 5, 6}},
  };
  for (const auto& [goal, pattern] : cases) {
    const PatternDescriptor d{goal, pattern, {}};
    const auto table = PatternDatabase::build(d, 2);
    const auto expected = reference_entries(goal, pattern);
    std::vector<std::uint8_t> cells(pattern.size());
    int pockets = 0;
    std::map<std::string, int> least;  // by placement: the least over its regions
    for (const auto& [key, entry] : expected) {
      for (std::size_t i = 0; i < pattern.size(); ++i)
        cells[i] = static_cast<std::uint8_t>(key[i] - 'a');
      ASSERT_EQ(table.distance(cells, entry.blank), entry.cost) << d.kind() << " at " << key;
      pockets += key.back() == 'P';
      const auto [it, first] = least.emplace(key.substr(0, pattern.size()), entry.cost);
      if (!first) it->second = std::min(it->second, entry.cost);
    }
    for (const auto& [key, cost] : least) {
      int manhattan = 0;
      for (std::size_t i = 0; i < pattern.size(); ++i) {
        cells[i] = static_cast<std::uint8_t>(key[i] - 'a');
        manhattan += goal.geometry.taxicab(cells[i], d.homes()[i]);
      }
      ASSERT_EQ(manhattan + 2 * PatternDatabase::least(table.data()[table.ranker().rank(cells)]),
                cost)
          << d.kind() << " at " << key;
    }
    // Every placement has a main region or a pocket or both, and some have both.
    ASSERT_EQ(least.size(), d.placements()) << d.kind();
    ASSERT_LT(expected.size(), d.entries()) << d.kind();
    ASSERT_GT(pockets, 0) << d.kind();
  }
}

PdbSetSpec eight_puzzle_set() {
  return {"test 4-4", {3, 3}, {{{{{1, 2, 3, 4}, {}}, {{5, 6, 7, 8}, {}}}, true}}, false, "test"};
}

std::shared_ptr<const PdbSet> build_set(const PdbSetSpec& spec) {
  std::vector<PatternDatabase> tables;
  for (const auto& d : PdbSet::descriptors(spec)) tables.push_back(PatternDatabase::build(d, 2));
  return std::make_shared<const PdbSet>(spec, std::move(tables));
}

TEST(PdbHeuristic, IsAdmissibleOnEveryEightPuzzleAndAtLeastManhattan) {
  const Board goal = Board::blank_first({3, 3});
  const TileDomain<PdbHeuristic> pdb(goal, {nullptr, build_set(eight_puzzle_set())});
  const TileDomain<Manhattan> md(goal);
  int above_manhattan = 0;
  for (const auto& [key, distance] : reference::distances_to(goal)) {
    const Board b{goal.geometry, reference::decode(key)};
    const int h = pdb.state_of(b).h;
    ASSERT_LE(h, distance) << key;
    ASSERT_GE(h, md.state_of(b).h) << key;
    above_manhattan += h > md.state_of(b).h;
  }
  EXPECT_GT(above_manhattan, 10000);
}

// A second partition of the 8-puzzle: the first row and column, and the square they leave (each
// its own mirror image, so read as it is only).
const Partition kEightPuzzleCorners{{{{1, 2, 3, 6}, {}}, {{4, 5, 7, 8}, {}}}, false};

// The estimate of a set of several partitions is the largest of theirs: on every 8-puzzle the
// two-partition set (three views) says what the better of the two one-partition sets says.
TEST(PdbHeuristic, SeveralPartitionsTakeTheLargestOfTheirEstimates) {
  const Board goal = Board::blank_first({3, 3});
  const PdbSetSpec both{"test 4-4 and corners",
                        {3, 3},
                        {eight_puzzle_set().partitions[0], kEightPuzzleCorners},
                        false,
                        "test"};
  const TileDomain<PdbHeuristic> combined(goal, {nullptr, build_set(both)});
  const TileDomain<PdbHeuristic> blocks(goal, {nullptr, build_set(eight_puzzle_set())});
  const TileDomain<PdbHeuristic> corners(
      goal, {nullptr, build_set({"test corners", {3, 3}, {kEightPuzzleCorners}, false, "test"})});
  int corners_larger = 0, blocks_larger = 0;
  for (const auto& [key, distance] : reference::distances_to(goal)) {
    const Board b{goal.geometry, reference::decode(key)};
    const int a = blocks.state_of(b).h, c = corners.state_of(b).h;
    ASSERT_EQ(combined.state_of(b).h, std::max(a, c)) << key;
    ASSERT_LE(std::max(a, c), distance) << key;
    corners_larger += c > a;
    blocks_larger += a > c;
  }
  // (each partition decides somewhere, so neither view is idle)
  EXPECT_GT(corners_larger, 1000);
  EXPECT_GT(blocks_larger, 1000);
}

const PdbSetSpec& known_set(std::string_view name) {
  const auto& sets = known_pdb_sets();
  return *std::find_if(sets.begin(), sets.end(), [&](const auto& s) { return s.name == name; });
}

// Built with the counts its descriptor expects, so this also checks them.
const HeuristicInputs& light_set() {
  static const HeuristicInputs inputs{nullptr, build_set(known_set("5-5-5"))};
  return inputs;
}

// The light set with a second partition, read as it is (three views, as in 7-8+L) or reflected
// too (four views, as in 6-6-6-6x2).
const HeuristicInputs& light_set_of_two_partitions(bool reflected = false) {
  const auto make = [](bool reflect) {
    return HeuristicInputs{
        nullptr,
        build_set({reflect ? "test 5-5-5 twice, reflected" : "test 5-5-5 twice",
                   {4, 4},
                   {known_set("5-5-5").partitions[0],
                    {{{{1, 2, 3, 4, 8}, {}}, {{5, 6, 9, 12, 13}, {}}, {{7, 10, 11, 14, 15}, {}}},
                     reflect}},
                   false,
                   "test"})};
  };
  static const HeuristicInputs as_is = make(false), reflected_too = make(true);
  return reflected ? reflected_too : as_is;
}

TEST(PdbSet, EveryKnownTableCarriesItsExpectedCounts) {
  for (const auto& spec : known_pdb_sets()) {
    for (const auto& d : PdbSet::descriptors(spec)) {
      ASSERT_FALSE(d.value_counts.empty()) << d.kind();
      std::uint64_t entries = 0;
      for (const auto c : d.value_counts) entries += c;
      EXPECT_EQ(entries, d.entries()) << d.kind();
      EXPECT_LE(d.value_counts.size(), 16u) << d.kind();  // stored values fit in 4 bits
    }
  }
}

TEST(PdbSet, ATableThatDisagreesWithItsDescriptorIsRefused) {
  PatternDescriptor d{Board::blank_first({3, 3}), {1, 2, 3}, {}};
  const auto built = PatternDatabase::build(d, 1);
  MemoryStore store;
  built.save(store);
  d.value_counts = count_values({built.data(), built.bytes()}, 4, d.entries());
  EXPECT_NO_THROW(PatternDatabase::load(d, store));
  d.value_counts[1] += 1;
  d.value_counts[2] -= 1;
  EXPECT_THROW(PatternDatabase::load(d, store), TableFileError);
  EXPECT_THROW(PatternDatabase::build(d, 1), std::logic_error);
}

// IDA* takes the batched path with pattern databases (and the plain one where no estimate can be
// made without the move).
static_assert(EstimatesChildren<TileDomain<PdbHeuristic>>);
static_assert(!EstimatesChildren<TileDomain<Manhattan>>);

// The batched path IDA* takes: every child's estimate without making its move, against making
// the move and reading the estimate, exact up to the limit and above it whenever the truth is.
TEST(PdbHeuristic, ChildEstimatesMatchMakingEachMove) {
  const Board goal = Board::blank_first({4, 4});
  for (const HeuristicInputs* inputs :
       {&light_set(), &light_set_of_two_partitions(), &light_set_of_two_partitions(true)}) {
    const TileDomain<PdbHeuristic> domain(goal, *inputs);
    std::mt19937_64 rng(557);
    int above = 0, exact = 0;
    for (int trial = 0; trial < 2000; ++trial) {
      const auto state = domain.state_of(random_board(goal, rng));
      const auto moves = domain.moves(state, kNoDir);
      const int limit = state.h - 2 + static_cast<int>(uniform_below(rng, 5));
      std::array<PdbHeuristic::ChildEstimate, 4> batched{};
      domain.estimate_children(state, moves, limit, std::span(batched.data(), moves.size()));
      for (std::size_t i = 0; i < moves.size(); ++i) {
        auto child = state;
        domain.apply(child, moves[i]);
        if (child.h <= limit) {
          ASSERT_EQ(batched[i].h, child.h);
          // The move made with what the estimate read leaves the same state as the plain move.
          auto adopted = state;
          domain.apply(adopted, moves[i], batched[i]);
          ASSERT_EQ(adopted.h, child.h);
          ASSERT_EQ(adopted.tiles, child.tiles);
          ASSERT_TRUE(adopted.memo.view == child.memo.view);
          ++exact;
        } else {
          ASSERT_GT(batched[i].h, limit);
          ASSERT_LE(batched[i].h, child.h);
          ++above;
        }
      }
    }
    EXPECT_GT(exact, 500);
    EXPECT_GT(above, 500);
  }
}

// Children are searched lowest estimate first; split over threads, the subtrees are listed in
// that order too, so the answer is the single thread's move for move.
TEST(PdbHeuristic, SplitOverThreadsGivesTheSingleThreadAnswer) {
  const Board goal = Board::blank_first({4, 4});
  const TileDomain<PdbHeuristic> domain(goal, light_set());
  std::mt19937_64 rng(561);
  const Solver solver;
  int shared = 0;  // iterations that were split: large ones only
  for (int trial = 0; trial < 30; ++trial) {
    const Board board = *solver.random_walk(goal, 80 + uniform_below(rng, 40), rng);
    shared += testing::expect_split_gives_one_thread_answer(domain, board, goal, 2);
  }
  EXPECT_GE(shared, 2);
}

TEST(PdbHeuristic, MoveByMoveEqualsFromScratch) {
  const Board goal = Board::blank_first({4, 4});
  std::mt19937_64 rng(555);
  testing_support::expect_incremental_estimates_exact(TileDomain<PdbHeuristic>(goal, light_set()),
                                                      goal, rng, 3000);
  testing_support::expect_incremental_estimates_exact(
      TileDomain<PdbHeuristic>(goal, light_set_of_two_partitions()), goal, rng, 3000);
  testing_support::expect_incremental_estimates_exact(
      TileDomain<PdbHeuristic>(goal, light_set_of_two_partitions(true)), goal, rng, 3000);
}

TEST(PdbHeuristic, UndoRestoresEveryEstimateExactly) {
  const Board goal = Board::blank_first({4, 4});
  for (const HeuristicInputs* inputs :
       {&light_set(), &light_set_of_two_partitions(), &light_set_of_two_partitions(true)}) {
    const TileDomain<PdbHeuristic> domain(goal, *inputs);
    std::mt19937_64 rng(556);
    for (int trial = 0; trial < 50; ++trial) {
      const Board start = random_board(goal, rng);
      auto state = domain.state_of(start);
      std::vector<Dir> made;
      std::vector<int> estimates{state.h};
      Dir last = kNoDir;
      for (int step = 0; step < 40; ++step) {
        const auto moves = domain.moves(state, last);
        last = moves[uniform_below(rng, moves.size())];
        domain.apply(state, last);
        made.push_back(last);
        estimates.push_back(state.h);
      }
      while (!made.empty()) {
        domain.undo(state, made.back());
        made.pop_back();
        estimates.pop_back();
        ASSERT_EQ(state.h, estimates.back());
        const Board now{goal.geometry, {state.tiles.begin(), state.tiles.end()}};
        ASSERT_EQ(state.h, domain.state_of(now).h);
      }
      EXPECT_EQ(state.tiles, domain.state_of(start).tiles);
    }
  }
}

// Korf's instances (instances/korf100.txt) at their published lengths, for either goal, by
// IDA* and by A* (which estimates each node's children together too).
TEST(PdbHeuristic, SolvesEasyKorfInstancesAtTheirPublishedLengths) {
  const std::pair<std::string, std::size_t> korf[] = {
      {"14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", 57},  // #1
      {"13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6", 55},  // #2
      {"3 14 9 11 5 4 8 2 13 12 6 7 10 1 15 0", 46},  // #9
  };
  SolverConfig config;
  config.store = std::make_shared<MemoryStore>();
  const Solver solver(std::move(config));
  SolveOptions o;
  o.heuristic = "pdb";
  o.tables = "5-5-5";
  const Board first = Board::blank_first({4, 4}), last = Board::blank_last({4, 4});
  for (const auto& [text, length] : korf) {
    for (const char* algorithm : {"idastar", "astar"}) {
      o.algorithm = algorithm;
      const Board board = parse_board(text);
      const Solution s = solver.solve(board, first, o);
      ASSERT_EQ(s.status, SearchStatus::Solved) << text << " " << algorithm;
      EXPECT_EQ(s.moves.size(), length) << text << " " << algorithm;
      EXPECT_EQ(replay(board, s.moves).final, first);
      // The same puzzle turned half a turn with tiles renamed t -> 16 - t goes to blank-last.
      Board turned = board;
      for (std::size_t c = 0; c < 16; ++c) {
        const Tile t = board.tiles[15 - c];
        turned.tiles[c] = t == kBlank ? kBlank : 16 - t;
      }
      const Solution u = solver.solve(turned, last, o);
      EXPECT_EQ(u.moves.size(), length) << text << " " << algorithm;
      EXPECT_EQ(replay(turned, u.moves).final, last);
    }
  }
}

// A 5x5 set small enough for tests: eight patterns of three tiles, reflected.
const HeuristicInputs& small_five_by_five_set() {
  static const HeuristicInputs inputs{nullptr, build_set({"test 3x8",
                                                          {5, 5},
                                                          {{{{{1, 2, 5}, {}},
                                                             {{3, 4, 8}, {}},
                                                             {{6, 7, 11}, {}},
                                                             {{9, 13, 14}, {}},
                                                             {{10, 15, 20}, {}},
                                                             {{12, 16, 17}, {}},
                                                             {{18, 19, 24}, {}},
                                                             {{21, 22, 23}, {}}},
                                                            true}},
                                                          false,
                                                          "test"})};
  return inputs;
}

// Boards 30 to 40 random moves from the goal: the 5x5 estimate never exceeds the length that
// IDA* with linear conflict (a different, admissible estimate) proves shortest, and IDA* with
// it finds a solution of that length, on one thread and split over two alike.
TEST(PdbHeuristic, IsAdmissibleOnFiveByFiveBoardsAndSolvesThemShortest) {
  const Board goal = Board::blank_first({5, 5});
  const TileDomain<PdbHeuristic> pdb(goal, small_five_by_five_set());
  const TileDomain<LinearConflict> lc(goal);
  std::mt19937_64 rng(558);
  testing_support::expect_incremental_estimates_exact(pdb, goal, rng, 2000);
  const Solver solver;
  int above = 0;
  for (int trial = 0; trial < 12; ++trial) {
    const Board board = *solver.random_walk(goal, 30 + uniform_below(rng, 11), rng);
    const auto exact = ida_star_search(lc, lc.state_of(board), {});
    ASSERT_EQ(exact.status, SearchStatus::Solved);
    const int h = pdb.state_of(board).h;
    ASSERT_LE(h, static_cast<int>(exact.path.size())) << format_board(board);
    above += h > lc.state_of(board).h;
    Budget split;
    split.threads = 2;
    for (const Budget& budget : {Budget{}, split}) {
      const auto found = ida_star_search(pdb, pdb.state_of(board), budget);
      ASSERT_EQ(found.status, SearchStatus::Solved);
      EXPECT_EQ(found.path.size(), exact.path.size()) << format_board(board);
      EXPECT_EQ(replay(board, found.path).final, goal);
    }
  }
  EXPECT_GT(above, 0);
}

TEST(GoalFrame, MapsCornerGoalsOntoBlankFirstAndRefusesOthers) {
  const Board goal = parse_board("1 2 3 4/5 6 7 8/9 10 11 12/0 13 14 15");
  const GoalFrame frame(goal);
  EXPECT_EQ(frame.to_frame(goal), Board::blank_first({4, 4}));
  EXPECT_EQ(frame.move_from_frame(Dir::Up), Dir::Down);
  EXPECT_EQ(frame.move_from_frame(Dir::Left), Dir::Left);
  EXPECT_THROW(GoalFrame(parse_board("1 2 3 4/5 0 6 7/8 9 10 11/12 13 14 15")), InputError);
}

TEST(PdbSet, DamagedTablesAreRebuiltAndMissingOnesBuilt) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("npuzzle-pdb-" + std::to_string(::getpid()));
  const PdbSetSpec spec = eight_puzzle_set();
  DirectoryStore store(dir);
  std::vector<std::string> notes;
  const auto note = [&](const std::string& s) { notes.push_back(s); };
  EXPECT_EQ(PdbSet::load_or_build(spec, store, 2, note).built, 2u);
  EXPECT_EQ(notes.size(), 2u);
  EXPECT_TRUE(PdbSet::present(spec, store));
  notes.clear();
  EXPECT_EQ(PdbSet::load_or_build(spec, store, 2, note).built, 0u);
  EXPECT_TRUE(notes.empty());
  // A set that shares the first partition's tables builds only its own.
  const PdbSetSpec both{"test both", {3, 3}, {spec.partitions[0], kEightPuzzleCorners}, false, ""};
  EXPECT_EQ(PdbSet::load_or_build(both, store, 2).built, 2u);
  EXPECT_EQ(PdbSet::load(both, store)->tables().size(), 4u);
  const auto path = dir / PdbSet::descriptors(spec)[0].file_name();
  {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(-5, std::ios::end);
    f.put('\x09');
  }
  EXPECT_THROW(PdbSet::load(spec, store), TableFileError);
  EXPECT_EQ(PdbSet::load_or_build(spec, store, 2, note).built, 1u);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("rebuilding"), std::string::npos) << notes[0];
  EXPECT_NO_THROW(PdbSet::load(spec, store));
  std::filesystem::remove_all(dir);
}

// Under an address-space limit that leaves less than a build's peak, the build is refused before
// it starts, saying what it needs and what limits it, and nothing is stored. (In a child process:
// the limit stays with the process.)
TEST(PdbSet, ABuildThatDoesNotFitIsRefusedBeforeItStarts) {
  const ::pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    std::ifstream status("/proc/self/status");
    std::uint64_t mapped_kb = 0;
    for (std::string line; std::getline(status, line);) {
      if (line.starts_with("VmSize:")) mapped_kb = std::stoull(line.substr(7));
    }
    constexpr std::uint64_t kRoom = std::uint64_t{256} << 20;
    rlimit limit{};
    ::getrlimit(RLIMIT_AS, &limit);
    limit.rlim_cur = mapped_kb * 1024 + kRoom;
    if (mapped_kb == 0 || ::setrlimit(RLIMIT_AS, &limit) != 0) ::_exit(10);
    const std::optional<MemoryRoom> room = memory_room();
    if (!room || room->limit != "ulimit -v" || room->bytes > kRoom) ::_exit(11);
    const auto& sets = known_pdb_sets();
    const PdbSetSpec& spec = *std::find_if(sets.begin(), sets.end(),
                                           [](const PdbSetSpec& s) { return s.name == "7-8"; });
    MemoryStore store;
    try {
      PdbSet::load_or_build(spec, store, 1);
    } catch (const ResourceError& e) {
      const std::string what = e.what();
      const bool said = what.find("building the 7-8 tables needs") != std::string::npos &&
                        what.find("(ulimit -v)") != std::string::npos;
      ::_exit(!said ? 12 : store.contains(PdbSet::descriptors(spec)[0].file_name()) ? 13 : 0);
    } catch (...) {
      ::_exit(14);
    }
    ::_exit(15);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "10: no limit set, 11: room not seen, 12: message, "
                                       "13: a table stored, 14: another error, 15: built";
}

// A load records each table's whole check; a table put in its place later is checked whole
// again, so a damaged one is refused though the one before was recorded.
TEST(PdbSet, ALoadRecordsItsWholeCheckAndATableReplacedIsCheckedAgain) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("npuzzle-pdb-rec-" + std::to_string(::getpid()));
  const PdbSetSpec spec = eight_puzzle_set();
  DirectoryStore fresh(dir);
  PdbSet::load_or_build(spec, fresh, 2);
  const DirectoryStore store(dir, std::chrono::nanoseconds(0));
  EXPECT_NO_THROW(PdbSet::load(spec, store));
  const std::string key = PdbSet::descriptors(spec)[0].file_name();
  ASSERT_TRUE(std::filesystem::exists(dir / (key + ".checked")));
  EXPECT_NO_THROW(PdbSet::load(spec, store));  // (its header and length only)

  std::ifstream in(dir / key, std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), {});
  bytes[bytes.size() - 5] ^= 1;
  std::filesystem::remove(dir / key);
  std::ofstream(dir / key, std::ios::binary).write(bytes.data(), std::ssize(bytes));
  EXPECT_THROW(PdbSet::load(spec, store), TableFileError);
  std::filesystem::remove_all(dir);
}

TEST(PdbSet, RefusesBadPatterns) {
  const Board goal = Board::blank_first({4, 4});
  EXPECT_THROW(PatternDatabase::build({goal, {}, {}}, 1), InputError);
  EXPECT_THROW(PatternDatabase::build({goal, {0, 1}, {}}, 1), InputError);
  EXPECT_THROW(PatternDatabase::build({goal, {3, 3}, {}}, 1), InputError);
  EXPECT_THROW(PatternDatabase::build({goal, {16}, {}}, 1), InputError);
}

}  // namespace
}  // namespace npuzzle
