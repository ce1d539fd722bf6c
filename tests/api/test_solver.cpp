// The front door: every answer through Solver, against the independent reference BFS; the
// policy, the registry, table stores, threads.

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <random>
#include <set>

#include "npuzzle/api/solver.hpp"
#include "npuzzle/core/moves.hpp"
#include "npuzzle/core/parity.hpp"
#include "npuzzle/fast/constructive.hpp"
#include "npuzzle/io/format.hpp"
#include "support/reference.hpp"

namespace npuzzle {
namespace {

SolverConfig quiet(std::shared_ptr<TableStore> store, bool build_light = true) {
  SolverConfig c;
  c.store = std::move(store);
  c.threads = 2;
  c.build_light_tables = build_light;
  return c;
}

// A quiet solver's configuration whose notes are kept in `notes`.
SolverConfig noting(std::shared_ptr<TableStore> store, std::vector<std::string>& notes,
                    bool build_light = true) {
  SolverConfig c = quiet(std::move(store), build_light);
  c.note = [&notes](std::string_view line) { notes.emplace_back(line); };
  return c;
}

void expect_replays(const Board& board, const Board& goal, const Solution& s) {
  std::vector<Tile> tiles = board.tiles;
  ASSERT_TRUE(reference::replay(tiles, format_moves(s.moves, Notation::Blank), board.geometry.rows,
                                board.geometry.cols));
  EXPECT_EQ(tiles, goal.tiles);
}

// The whole 8-puzzle through one plan: every one of the 181,440 boards that can reach the
// everyday goal, solved, replayed, and its length compared with the reference BFS.
TEST(Solver, EveryEightPuzzleIsSolvedOptimally) {
  const Solver solver;
  const Board goal = Board::blank_last({3, 3});
  const auto plan = solver.plan(goal);
  ASSERT_EQ(plan.algorithm(), "table");
  const auto& dist = reference::distances_to(goal);
  ASSERT_EQ(dist.size(), 181440u);
  for (const auto& [key, distance] : dist) {
    const Board board{goal.geometry, reference::decode(key)};
    const Solution s = plan.solve(board);
    ASSERT_EQ(s.status, SearchStatus::Solved) << key;
    ASSERT_TRUE(s.optimal);
    ASSERT_EQ(static_cast<int>(s.moves.size()), distance) << key;
    ASSERT_EQ(s.lower_bound, distance);
    std::string state = key;
    ASSERT_TRUE(reference::replay(state, format_moves(s.moves, Notation::Blank), 3, 3));
    ASSERT_EQ(state, reference::encode(goal.tiles)) << key;
  }
}

TEST(Solver, AutoIsTheTableUpToNineCellsThenIdaStarWithLinearConflict) {
  const Solver solver(quiet(std::make_shared<MemoryStore>(), false));
  EXPECT_EQ(solver.plan(Board::blank_last({3, 3})).algorithm(), "table");
  EXPECT_EQ(solver.plan(Board::blank_last({2, 4})).algorithm(), "table");
  const auto twelve = solver.plan(Board::blank_last({3, 4}));
  EXPECT_EQ(twelve.algorithm(), "idastar");
  EXPECT_EQ(twelve.heuristic(), "linear-conflict");
  // No tables stored, and none may be built: a 4x4 board reads linear conflict too.
  EXPECT_EQ(solver.plan(Board::blank_last({4, 4})).heuristic(), "linear-conflict");
  SolveOptions bfs;
  bfs.algorithm = "bfs";
  EXPECT_EQ(solver.plan(Board::blank_last({3, 3}), bfs).algorithm(), "bfs");
  EXPECT_EQ(solver.plan(Board::blank_last({3, 3}), bfs).heuristic(), "");
}

// A damaged set (or one of an older format) that a solve may not build again, being not light
// or the solver building no tables: the solve says why it is not used and goes on with a weaker
// estimate, leaving the tables as they are.
TEST(Solver, ADamagedSetASolveMayNotBuildIsNotRebuilt) {
  struct Case {
    std::string set;
    bool build_light;
    std::string reason;
  };
  for (const Case& c : {Case{"6-6-3", true, "does not rebuild the 6-6-3 set"},
                        Case{"5-5-5", false, "this solver builds no tables"}}) {
    auto store = std::make_shared<MemoryStore>();
    std::vector<std::string> notes;
    Solver solver(noting(store, notes, c.build_light));
    const std::vector<std::uint8_t> junk(64, 7);
    const std::span<const std::uint8_t> parts[] = {junk};
    for (const auto& info : solver.table_sets()) {
      if (info.name != c.set) continue;
      for (const auto& key : info.keys) store->store(key, parts);
    }
    const Board goal = Board::blank_first({4, 4});
    const Board board = parse_board("4 1 2 3 8 5 6 7 0 9 10 11 12 13 14 15");
    const auto plan = solver.plan(goal);
    EXPECT_EQ(plan.tables(), c.set);
    const Solution s = plan.solve(board);
    EXPECT_EQ(s.status, SearchStatus::Solved);
    EXPECT_EQ(s.moves.size(), 2u);
    expect_replays(board, goal, s);
    EXPECT_NE(s.tables, c.set);
    EXPECT_TRUE(std::any_of(notes.begin(), notes.end(), [&](const std::string& n) {
      return n.find("not an npuzzle table") != std::string::npos &&
             n.find(c.reason) != std::string::npos;
    })) << (notes.empty() ? "" : notes.front());
    for (const auto& check : solver.verify_tables(c.set)) EXPECT_FALSE(check.ok) << check.where;
    for (const auto& info : solver.table_sets()) EXPECT_EQ(info.damaged, info.name == c.set);
    // Built again (the light set: a second) or removed, it is no longer marked.
    if (c.set == "5-5-5") {
      solver.build_tables(c.set);
    } else {
      solver.remove_tables(c.set);
    }
    for (const auto& info : solver.table_sets()) EXPECT_FALSE(info.damaged) << info.name;
  }
}

TEST(Solver, PatternDatabasesAreBuiltOnlyWhenASearchNeedsThem) {
  auto store = std::make_shared<MemoryStore>();
  std::vector<std::string> notes;
  const Solver solver(noting(store, notes));
  const Board goal = Board::blank_first({4, 4});
  const auto plan = solver.plan(goal);
  EXPECT_EQ(plan.heuristic(), "pdb");
  EXPECT_EQ(plan.tables(), "5-5-5");

  Board unsolvable = goal;
  std::swap(unsolvable.tiles[1], unsolvable.tiles[2]);
  EXPECT_EQ(plan.solve(unsolvable).status, SearchStatus::NoSolution);
  EXPECT_EQ(plan.solve(goal).moves.size(), 0u);
  EXPECT_TRUE(notes.empty());  // neither needed a search, so nothing was built

  const Board korf = parse_board("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3");
  const Solution s = plan.solve(korf);
  EXPECT_EQ(s.moves.size(), 57u);
  EXPECT_EQ(s.tables, "5-5-5");
  expect_replays(korf, goal, s);
  EXPECT_FALSE(notes.empty());
  for (const auto& info : solver.table_sets()) {
    EXPECT_EQ(info.present, info.name == "5-5-5") << info.name;
  }
  // The same goal with the blank last maps onto the same tables.
  const Board last = Board::blank_last({4, 4});
  EXPECT_EQ(solver.plan(last).tables(), "5-5-5");
}

TEST(Solver, TablesAskedForByNameMustBeStored) {
  const Solver solver(quiet(std::make_shared<MemoryStore>()));
  SolveOptions o;
  o.tables = "7-8";
  try {
    solver.plan(Board::blank_first({4, 4}), o);
    FAIL() << "a missing 7-8 set was accepted";
  } catch (const MissingTablesError& e) {
    EXPECT_EQ(e.set(), "7-8");
  }
  o.tables = "9-6";
  EXPECT_THROW(solver.plan(Board::blank_first({4, 4}), o), InputError);
  o.tables = "5-5-5";
  o.algorithm = "idastar";
  EXPECT_THROW(solver.plan(Board::blank_first({3, 3}), o), InputError);  // not a 4x4 board
  SolveOptions pdb;
  pdb.algorithm = "idastar";
  pdb.heuristic = "pdb";
  Board centre = Board::blank_first({4, 4});
  std::swap(centre.tiles[0], centre.tiles[5]);  // the blank on an inner cell
  EXPECT_THROW(solver.plan(centre, pdb), InputError);
}

// A store that cannot keep anything: a solve still gets its tables, from memory.
class FullStore final : public TableStore {
 public:
  std::unique_ptr<std::istream> open(std::string_view) const override { return nullptr; }
  void store(std::string_view key, std::span<const std::span<const std::uint8_t>>) override {
    throw std::runtime_error("cannot write " + std::string(key) + ": no space left");
  }
  bool remove(std::string_view) override { return false; }
  bool contains(std::string_view) const override { return false; }
  std::string where(std::string_view key) const override { return "full:" + std::string(key); }
};

TEST(Solver, AStoreThatCannotKeepTablesLeavesThemInMemory) {
  std::vector<std::string> notes;
  const Solver solver(noting(std::make_shared<FullStore>(), notes));
  const Board goal = Board::blank_first({4, 4});
  const Board korf = parse_board("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3");
  const Solution s = solver.solve(korf, goal);
  EXPECT_EQ(s.moves.size(), 57u);
  EXPECT_EQ(s.heuristic, "pdb");
  const bool warned = std::any_of(notes.begin(), notes.end(), [](const std::string& n) {
    return n.find("no space left") != std::string::npos;
  });
  EXPECT_TRUE(warned);
}

TEST(Solver, UnsolvableBoardsAreAnsweredWithoutSearching) {
  const Solver solver;
  const Board board = parse_board("2 1 3 4 5 6 7 8 0");
  for (const auto& a : Solver::algorithms()) {
    SolveOptions o;
    o.algorithm = a.name;
    const Solution s = solver.solve(board, Board::blank_last({3, 3}), o);
    EXPECT_EQ(s.status, SearchStatus::NoSolution) << a.name;
    EXPECT_EQ(s.stats.expanded, 0u) << a.name;
    EXPECT_FALSE(s.optimal);
  }
}

TEST(Solver, TheGoalItselfNeedsNoMoves) {
  const Solver solver;
  for (const auto& a : Solver::algorithms()) {
    SolveOptions o;
    o.algorithm = a.name;
    const Solution s = solver.solve(Board::blank_first({3, 3}), Board::blank_first({3, 3}), o);
    EXPECT_EQ(s.status, SearchStatus::Solved) << a.name;
    EXPECT_TRUE(s.moves.empty()) << a.name;
    EXPECT_EQ(s.algorithm, a.name);
  }
}

TEST(Solver, RefusesWhatNoMethodCanTake) {
  const Solver solver;
  EXPECT_THROW(solver.solve(Board::blank_last({2, 3}), Board::blank_last({3, 2})), InputError);
  SolveOptions table;
  table.algorithm = "table";
  EXPECT_THROW(solver.solve(Board::blank_last({4, 4}), Board::blank_last({4, 4}), table),
               InputError);
  // The refusal names the limit and the board's size, grouped as a person reads them.
  const auto refusal = [&](const Board& goal, const char* algorithm) {
    SolveOptions o;
    o.algorithm = algorithm;
    try {
      solver.plan(goal, o);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("(taken)");
  };
  EXPECT_EQ(refusal(Board::blank_last({17, 17}), "idastar"),
            "the idastar algorithm takes boards of at most 256 cells, not 17x17 (289 cells)");
  EXPECT_EQ(refusal(Board::blank_last({1001, 1000}), "fast"),
            "the fast algorithm takes boards of at most 1,000,000 cells, not 1001x1000 "
            "(1,001,000 cells)");
  EXPECT_THROW(solver.solve(Board{{2, 2}, {1, 1, 2, 0}}, Board::blank_last({2, 2})), InputError);
  SolveOptions walking;
  walking.algorithm = "astar";
  walking.heuristic = "walking-distance";
  EXPECT_THROW(solver.plan(Board::blank_last({5, 5}), walking), InputError);
  const auto plan = solver.plan(Board::blank_last({3, 3}));
  EXPECT_THROW(plan.solve(Board::blank_last({2, 4})), InputError);
}

// An option the named algorithm would not read is refused, not ignored; under auto, where it
// may serve some boards, it is taken.
TEST(Solver, OptionsTheNamedAlgorithmWouldNotReadAreRefused) {
  const Solver solver;
  const auto refusal = [&](const char* algorithm, const char* heuristic, const char* tables,
                           bool improve) {
    SolveOptions o;
    o.algorithm = algorithm;
    o.heuristic = heuristic;
    o.tables = tables;
    o.budget.improve_rounds = improve ? 1 : 0;
    try {
      Solver::check_options(o);
      solver.plan(Board::blank_last({3, 4}), o);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("(taken)");
  };
  EXPECT_EQ(refusal("bfs", "manhattan", "", false),
            "the bfs algorithm reads no heuristic (those that do: astar, idastar)");
  EXPECT_EQ(refusal("fast", "auto", "7-8", false),
            "the fast algorithm reads no heuristic and no pattern database (those that do: astar, "
            "idastar)");
  EXPECT_EQ(refusal("table", "pdb", "", false),
            "the table algorithm reads no heuristic (those that do: astar, idastar)");
  EXPECT_EQ(refusal("idastar", "linear-conflict", "5-5-5", false),
            "a pattern database set is read by the pdb heuristic, not by linear-conflict");
  EXPECT_EQ(refusal("astar", "manhattan", "", true),
            "the astar algorithm's answers are shortest already: improving is for the fast "
            "algorithm (or auto, where it hands a board over to it)");
  EXPECT_EQ(refusal("fast", "auto", "", true), "(taken)");
  EXPECT_EQ(refusal("auto", "manhattan", "7-8", true), "(taken)");
  EXPECT_EQ(refusal("idastar", "manhattan", "", false), "(taken)");
}

TEST(Solver, MethodsAreRegisteredOnceByName) {
  std::set<std::string> names;
  for (const auto& a : Solver::algorithms()) EXPECT_TRUE(names.insert(a.name).second) << a.name;
  for (const auto& h : Solver::heuristics()) EXPECT_TRUE(names.insert(h.name).second) << h.name;
  EXPECT_FALSE(names.contains("auto"));
  SolveOptions unknown;
  unknown.algorithm = "dijkstra";
  try {
    Solver().plan(Board::blank_last({3, 3}), unknown);
    FAIL() << "an unknown algorithm was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("idastar"), std::string::npos) << e.what();
  }
}

// compare runs each algorithm, and each informed one with each heuristic that serves the board,
// and all agree on the length.
TEST(Solver, CompareRunsEveryMethodThatServesTheBoard) {
  const Solver solver;
  const Board goal = Board::blank_last({3, 3});
  const Board board = parse_board("8 6 7 2 5 4 3 0 1");
  int heard = 0;
  const auto runs = solver.compare(board, goal, {}, [&](const Solution&) { ++heard; });
  std::size_t expected = 0;
  for (const auto& a : Solver::algorithms()) {
    expected += a.informed ? 3 : 1;  // 3x3: manhattan, linear conflict, walking distance
  }
  EXPECT_EQ(runs.size(), expected);
  EXPECT_EQ(heard, static_cast<int>(runs.size()));
  for (const auto& s : runs) {
    // The fast solver too: up to 3x3 it solves the whole board exactly.
    EXPECT_TRUE(s.optimal) << s.algorithm;
    EXPECT_EQ(s.moves.size(), 31u) << s.algorithm << " " << s.heuristic;
    expect_replays(board, goal, s);
  }
}

// Auto answers every board: past 256 cells with the fast solver, and where an exact search
// runs out of budget, with the fast solver's answer beside the search's proven bound.
TEST(Solver, AutoHandsOverToTheFastSolverWhereTheExactSearchCannotFinish) {
  const Solver solver(quiet(std::make_shared<MemoryStore>(), false));
  std::mt19937_64 rng(9);
  const Board big_goal = Board::blank_first({40, 30});
  ASSERT_EQ(solver.plan(big_goal).algorithm(), "fast");
  const Board big = solver.random(big_goal, rng);
  const Solution b = solver.solve(big, big_goal);
  ASSERT_EQ(b.status, SearchStatus::Solved);
  EXPECT_FALSE(b.optimal);
  EXPECT_GT(b.lower_bound, 0);
  EXPECT_LT(b.lower_bound, static_cast<int>(b.moves.size()));
  expect_replays(big, big_goal, b);

  const Board goal = Board::blank_last({5, 5});
  const Board board = solver.random(goal, rng);
  SolveOptions tight;
  tight.budget.max_nodes = 1000;
  const Solution s = solver.solve(board, goal, tight);
  ASSERT_EQ(s.status, SearchStatus::Solved);
  EXPECT_EQ(s.algorithm, "fast");
  EXPECT_FALSE(s.optimal);
  // The search ran first; the effort reported is both runs'.
  SolveOptions fast_only;
  fast_only.algorithm = "fast";
  const Solution fast = solver.solve(board, goal, fast_only);
  EXPECT_EQ(s.moves, fast.moves);
  EXPECT_GT(fast.stats.expanded, 0u);
  EXPECT_EQ(s.stats.expanded, 1000u + fast.stats.expanded);
  EXPECT_LE(s.lower_bound, static_cast<int>(s.moves.size()));
  expect_replays(board, goal, s);
  // Asked for by name, a search keeps to itself: no answer within the budget.
  tight.algorithm = "idastar";
  EXPECT_EQ(solver.solve(board, goal, tight).status, SearchStatus::NodeLimit);
  // A board one move away: the fast answer meets the bound, so it is proven shortest.
  Board near = big_goal;
  ASSERT_TRUE(apply_move(near, Dir::Right));
  const Solution one = solver.solve(near, big_goal);
  EXPECT_EQ(one.moves, std::vector<Dir>{Dir::Left});
  EXPECT_TRUE(one.optimal);
}

// The fast solver's beam is a better answer where the budget allows it; where the budget ends
// first, the constructive answer found before it stands.
TEST(Solver, TheFastSolversBeamGivesWayToTheConstructiveAnswerWhereTheBudgetEnds) {
  const Solver solver(quiet(std::make_shared<MemoryStore>(), false));
  std::mt19937_64 rng(30);
  const Board goal = Board::blank_last({30, 30});
  const Board board = solver.random(goal, rng);
  SolveOptions fast;
  fast.algorithm = "fast";
  const Solution full = solver.solve(board, goal, fast);
  fast.budget.max_memory_bytes = 100'000;  // the beam's boards and paths outgrow this
  const Solution tight = solver.solve(board, goal, fast);
  ASSERT_EQ(full.status, SearchStatus::Solved);
  ASSERT_EQ(tight.status, SearchStatus::Solved);
  EXPECT_EQ(tight.moves, solve_constructive(board, goal, Budget{}).path);
  EXPECT_LT(full.moves.size(), tight.moves.size());
  expect_replays(board, goal, full);
  expect_replays(board, goal, tight);
}

// With a sink, the moves leave as they are found where the fast solver's first answer is its
// last (past 1,024 cells): the answer solve() keeps, in chunks, in memory far below the moves'
// own. Below that they leave in one piece at the end; a board with nothing to do hands none.
TEST(Solver, AStreamedAnswerIsTheKeptOneInMemoryLinearInTheCells) {
  const Solver solver(quiet(std::make_shared<MemoryStore>(), false));
  std::mt19937_64 rng(31);
  SolveOptions fast;
  fast.algorithm = "fast";
  for (const Geometry g : {Geometry{100, 100}, Geometry{60, 150}, Geometry{6, 6}}) {
    const Board goal = g.rows == 60 ? Board::blank_first(g) : Board::blank_last(g);
    const Board board = solver.random(goal, rng);
    const Solver::Plan plan = solver.plan(goal, fast);
    const Solution kept = plan.solve(board);
    std::vector<Dir> moves;
    std::size_t chunks = 0;
    const Solution s = plan.solve(board, [&](std::span<const Dir> m) {
      moves.insert(moves.end(), m.begin(), m.end());
      ++chunks;
    });
    ASSERT_EQ(s.status, SearchStatus::Solved) << g.name();
    EXPECT_TRUE(s.moves.empty());
    EXPECT_EQ(s.streamed, moves.size());
    EXPECT_EQ(s.length(), kept.length());
    EXPECT_EQ(moves, kept.moves) << g.name();
    EXPECT_EQ(s.lower_bound, kept.lower_bound);
    EXPECT_FALSE(s.optimal);
    EXPECT_TRUE(solver.verify(board, goal, moves).reaches_goal) << g.name();
    const auto cells = static_cast<std::size_t>(g.cells());
    if (cells > 1024) {
      EXPECT_GT(chunks, 1u) << g.name();
      EXPECT_LT(s.stats.peak_bytes, 64 * cells + (std::size_t{1} << 20)) << g.name();
      EXPECT_GT(moves.size(), 64 * cells + (std::size_t{1} << 20)) << g.name();
    } else {
      EXPECT_EQ(chunks, 1u);
    }
  }
  std::size_t handed = 0;
  const Board goal = Board::blank_last({40, 40});
  const Solution none =
      solver.plan(goal, fast).solve(goal, [&](std::span<const Dir> m) { handed += m.size(); });
  EXPECT_EQ(none.status, SearchStatus::Solved);
  EXPECT_TRUE(none.optimal);
  EXPECT_EQ(none.length() + handed, 0u);
}

// On boards of up to 6x6 the fast solver's beam over whole boards comes within 10% of the
// optimum here (the line beam alone: 1.46x and 1.35x).
TEST(Solver, TheFastSolverComesCloseToTheOptimumOnSmallBoards) {
  const Solver solver(quiet(std::make_shared<MemoryStore>(), false));
  SolveOptions fast;
  fast.algorithm = "fast";
  const std::pair<const char*, int> korf[] = {
      {"10 3 24 12 0 7 8 11 14 21 22 23 2 1 9 17 18 6 20 4 13 15 5 19 16", 96},  // 5x5 #38
      {"14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", 57},                             // 4x4 #1
  };
  for (const auto& [tiles, optimum] : korf) {
    const Board board = parse_board(tiles);
    const Board goal = Board::blank_first(board.geometry);
    const Solution s = solver.solve(board, goal, fast);
    ASSERT_EQ(s.status, SearchStatus::Solved);
    expect_replays(board, goal, s);
    EXPECT_LE(s.moves.size() * 10, static_cast<std::size_t>(optimum) * 11) << tiles;
    EXPECT_LE(s.lower_bound, optimum);
  }
}

// More budget never gives a longer answer: the same 4x4 board under budgets from tiny to none.
TEST(Solver, MoreBudgetNeverGivesALongerAnswer) {
  const Solver solver(quiet(std::make_shared<MemoryStore>(), false));
  const Board goal = Board::blank_first({4, 4});
  const Board board = parse_board("3 14 9 11 5 4 8 2 13 12 6 7 10 1 15 0");  // Korf #9: 46
  std::size_t longest = SIZE_MAX;
  int bound = 0;
  for (const std::uint64_t nodes : {1ul, 100ul, 10000ul, 1000000ul, 0ul}) {
    SolveOptions o;
    o.budget.max_nodes = nodes;
    const Solution s = solver.solve(board, goal, o);
    ASSERT_EQ(s.status, SearchStatus::Solved) << nodes;
    EXPECT_LE(s.moves.size(), longest) << nodes;
    EXPECT_GE(s.lower_bound, bound) << nodes;
    EXPECT_LE(s.lower_bound, 46);
    longest = s.moves.size();
    bound = s.lower_bound;
    expect_replays(board, goal, s);
  }
  EXPECT_EQ(longest, 46u);
}

TEST(Solver, ManyBoardsOnTwoThreadsGetTheAnswersOfOne) {
  const Solver solver;
  const Board goal = Board::blank_last({3, 4});
  std::mt19937_64 rng(12);
  std::vector<Board> boards;
  for (int i = 0; i < 12; ++i) boards.push_back(solver.random(goal, rng));
  const auto plan = solver.plan(goal);
  const auto together = solver.solve_all(boards, plan, 2);
  ASSERT_EQ(together.size(), boards.size());
  for (std::size_t i = 0; i < boards.size(); ++i) {
    const Solution alone = plan.solve(boards[i]);
    EXPECT_EQ(together[i].moves, alone.moves);
    expect_replays(boards[i], goal, together[i]);
  }
}

// Two threads that both need the light set at once: one builds it, the other waits for it, and
// both answers are exact.
TEST(Solver, ThreadsThatNeedTheSameTablesShareOneBuild) {
  std::vector<std::string> notes;
  std::mutex notes_mutex;
  SolverConfig config = quiet(std::make_shared<MemoryStore>());
  config.note = [&](std::string_view line) {
    const std::lock_guard lock(notes_mutex);
    notes.emplace_back(line);
  };
  const Solver solver(std::move(config));
  const Board goal = Board::blank_first({4, 4});
  const std::vector<Board> boards{parse_board("3 14 9 11 5 4 8 2 13 12 6 7 10 1 15 0"),
                                  parse_board("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3")};
  const auto solutions = solver.solve_all(boards, solver.plan(goal), 2);
  EXPECT_EQ(solutions[0].moves.size(), 46u);
  EXPECT_EQ(solutions[1].moves.size(), 57u);
  for (std::size_t i = 0; i < boards.size(); ++i) expect_replays(boards[i], goal, solutions[i]);
  const auto builds = std::count_if(notes.begin(), notes.end(), [](const std::string& n) {
    return n.find("is ready") != std::string::npos;
  });
  EXPECT_EQ(builds, 1);
}

// Up to 10 cells, boards at a distance are read off the table: checked against a plain BFS.
TEST(Generate, SmallBoardsAreExactlyTheDistanceAsked) {
  const Solver solver;
  std::mt19937_64 rng(5);
  for (const Board& goal : {Board::blank_last({3, 3}), Board::blank_first({2, 4}),
                            Board::blank_last({1, 6}), parse_board("1 2 3 4 0 5 6 7 8")}) {
    const auto& dist = reference::distances_to(goal);
    int farthest = 0;
    for (const auto& [board, d] : dist) farthest = std::max(farthest, d);
    for (int d = 0; d <= farthest; ++d) {
      for (int i = 0; i < 3; ++i) {
        const auto b = solver.generate(goal, d, rng);
        ASSERT_TRUE(b);
        ASSERT_EQ(dist.at(reference::encode(b->tiles)), d) << goal.geometry.name();
      }
    }
    EXPECT_THROW((void)solver.generate(goal, farthest + 1, rng), InputError);
  }
}

// The 3x3 boards 3 moves from a corner goal: 8 of them, each drawn about 1000 times in 8000.
TEST(Generate, SmallBoardsAreDrawnUniformly) {
  const Solver solver;
  std::mt19937_64 rng(77);
  const Board goal = Board::blank_last({3, 3});
  std::map<std::string, int> seen;
  for (int i = 0; i < 8000; ++i) ++seen[reference::encode(solver.generate(goal, 3, rng)->tiles)];
  ASSERT_EQ(seen.size(), 8u);
  for (const auto& [board, count] : seen) {
    EXPECT_GT(count, 850) << board;
    EXPECT_LT(count, 1150) << board;
  }
}

// Larger boards: the distance proven by an exact search with another method.
TEST(Generate, LargerBoardsAreProvenTheirDistance) {
  const Solver solver;
  std::mt19937_64 rng(9);
  SolveOptions check;
  check.algorithm = "idastar";
  check.heuristic = "linear-conflict";
  for (const auto& [goal, d] :
       {std::pair{Board::blank_last({4, 4}), 24}, std::pair{Board::blank_first({3, 4}), 17},
        std::pair{Board::blank_last({2, 7}), 30}}) {
    const auto b = solver.generate(goal, d, rng);
    ASSERT_TRUE(b);
    const Solution s = solver.solve(*b, goal, check);
    EXPECT_TRUE(s.optimal);
    EXPECT_EQ(s.moves.size(), static_cast<std::size_t>(d)) << goal.geometry.name();
  }
}

TEST(Generate, RefusalsAndBudgets) {
  const Solver solver;
  std::mt19937_64 rng(1);
  EXPECT_THROW((void)solver.generate(Board::blank_last({4, 4}), 81, rng), InputError);
  EXPECT_THROW((void)solver.generate(Board::blank_last({5, 5}), 10, rng), InputError);
  EXPECT_THROW((void)solver.generate(Board::blank_last({3, 3}), -1, rng), InputError);
  CancelToken cancelled;
  cancelled.cancel();
  SolveOptions o;
  o.budget.cancel = &cancelled;
  EXPECT_FALSE(solver.generate(Board::blank_last({4, 4}), 40, rng, o));
  // The same seed, the same boards.
  std::mt19937_64 a(4), b(4);
  EXPECT_EQ(solver.generate(Board::blank_last({4, 4}), 20, a),
            solver.generate(Board::blank_last({4, 4}), 20, b));
}

TEST(Solver, HintVerifyAndCheckSpeakForTheSameBoard) {
  const Solver solver;
  const Board goal = Board::blank_last({3, 3});
  const Board board = parse_board("2 3 4 1 5 x 7 6 8");
  const Hint h = solver.hint(board, goal);
  EXPECT_EQ(h.distance, 19);
  ASSERT_TRUE(h.next);
  Board after = board;
  ASSERT_TRUE(apply_move(after, *h.next));
  EXPECT_EQ(solver.hint(after, goal).distance, 18);
  const auto moves = parse_moves("ullddrurdllurdruldr", Notation::Blank);
  EXPECT_TRUE(solver.verify(board, goal, moves).reaches_goal);
  const auto wrong = parse_moves("uu", Notation::Blank);
  const Verdict v = solver.verify(board, goal, wrong);
  EXPECT_FALSE(v.legal);
  EXPECT_EQ(v.applied, 1u);
  EXPECT_TRUE(solver.check(board, goal));
}

}  // namespace
}  // namespace npuzzle
