// The search algorithms on the tile domain: shortest lengths against the reference BFS and
// against each other, replayed paths, the heuristics' bounds, and the budget.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <thread>

#include "npuzzle/api/solver.hpp"
#include "npuzzle/core/moves.hpp"
#include "npuzzle/core/random_board.hpp"
#include "npuzzle/io/format.hpp"
#include "npuzzle/search/astar.hpp"
#include "npuzzle/search/beam.hpp"
#include "npuzzle/search/bfs.hpp"
#include "npuzzle/search/bibfs.hpp"
#include "npuzzle/search/checkpoint.hpp"
#include "npuzzle/search/idastar.hpp"
#include "npuzzle/search/iteration_history.hpp"
#include "npuzzle/search/split_costs.hpp"
#include "npuzzle/tiles/tile_domain.hpp"
#include "npuzzle/tiles/walking_distance.hpp"
#include "npuzzle/util/errors.hpp"
#include "support/incremental.hpp"
#include "support/reference.hpp"
#include "support/split.hpp"
#include "support/thread_cluster.hpp"

namespace npuzzle {
namespace {

WalkingTables walking_tables;

struct Method {
  std::string algorithm;
  std::string heuristic;
};
const Method kMethods[] = {
    {"bfs", "auto"},          {"bibfs", "auto"},
    {"astar", "manhattan"},   {"astar", "linear-conflict"},
    {"idastar", "manhattan"}, {"idastar", "linear-conflict"},
};

// Solves, checks the path replays to the goal, and returns its length.
int solved_length(const Board& board, const Board& goal, const Method& m) {
  static const Solver solver;
  SolveOptions o;
  o.algorithm = m.algorithm;
  o.heuristic = m.heuristic;
  const Solution s = solver.solve(board, goal, o);
  EXPECT_EQ(s.status, SearchStatus::Solved);
  std::string state = reference::encode(board.tiles);
  EXPECT_TRUE(reference::replay(state, format_moves(s.moves, Notation::Blank), board.geometry.rows,
                                board.geometry.cols));
  EXPECT_EQ(state, reference::encode(goal.tiles));
  return static_cast<int>(s.moves.size());
}

TEST(Search, EveryAlgorithmIsOptimalOnSeededSmallBoards) {
  std::mt19937_64 rng(8);
  for (const Geometry g : {Geometry{3, 3}, Geometry{2, 4}}) {
    for (const Board& goal : {Board::blank_last(g), Board::blank_first(g)}) {
      const auto& dist = reference::distances_to(goal);
      for (int i = 0; i < 15; ++i) {
        const Board b = random_board(goal, rng);
        const int expected = dist.at(reference::encode(b.tiles));
        for (const Method& m : kMethods) {
          EXPECT_EQ(solved_length(b, goal, m), expected)
              << g.name() << " " << m.algorithm << " " << m.heuristic;
        }
      }
    }
  }
}

TEST(Search, InformedAlgorithmsAgreeOnSeededTwelveCellBoards) {
  std::mt19937_64 rng(12);
  for (const Geometry g : {Geometry{3, 4}, Geometry{4, 3}}) {
    const Board goal = Board::blank_last(g);
    for (int i = 0; i < 4; ++i) {
      const Board b = random_board(goal, rng);
      const int expected = solved_length(b, goal, {"idastar", "linear-conflict"});
      EXPECT_EQ(solved_length(b, goal, {"idastar", "manhattan"}), expected);
      EXPECT_EQ(solved_length(b, goal, {"astar", "linear-conflict"}), expected);
      EXPECT_EQ(solved_length(b, goal, {"bibfs", "auto"}), expected);
    }
  }
}

// Boards a short random walk from the goal, where plain BFS is cheap even on 12 cells.
TEST(Search, AllAlgorithmsAgreeNearTheGoalOfTwelveCellBoards) {
  std::mt19937_64 rng(34);
  const Board goal = Board::blank_last({3, 4});
  for (int i = 0; i < 8; ++i) {
    Board b = goal;
    for (int step = 0; step < 24; ++step) apply_move(b, kAllDirs[rng() % 4]);
    const int expected = solved_length(b, goal, {"bfs", "auto"});
    for (const Method& m : kMethods) EXPECT_EQ(solved_length(b, goal, m), expected);
  }
}

// Manhattan <= walking distance <= the true distance on every 8-puzzle board, for a goal with the
// blank in the centre, and the walking distance kept up move by move on 4x4 and 3x4 boards
// equals the one computed from scratch.
TEST(Heuristics, WalkingDistanceIsAdmissibleDominatesManhattanAndIsIncrementallyExact) {
  const Board goal = parse_board("1 2 3 4 0 5 6 7 8");
  const TileDomain<Manhattan> md(goal);
  const TileDomain<WalkingDistance> wd(goal, {&walking_tables, nullptr});
  int above = 0;
  for (const auto& [key, d] : reference::distances_to(goal)) {
    const Board b{goal.geometry, reference::decode(key)};
    const int h_md = md.state_of(b).h, h_wd = wd.state_of(b).h;
    ASSERT_LE(h_md, h_wd) << key;
    ASSERT_LE(h_wd, d) << key;
    above += h_wd > h_md;
  }
  EXPECT_GT(above, 10000);
  std::mt19937_64 rng(6);
  for (const Geometry g : {Geometry{4, 4}, Geometry{3, 4}}) {
    const Board big_goal = Board::blank_first(g);
    testing_support::expect_incremental_estimates_exact(
        TileDomain<WalkingDistance>(big_goal, {&walking_tables, nullptr}), big_goal, rng, 3000);
  }
  EXPECT_THROW(TileDomain<WalkingDistance>(Board::blank_last({5, 5}), {&walking_tables, nullptr}),
               InputError);
}

// Manhattan <= linear conflict <= the true distance, and the estimates kept up move by move
// equal the ones computed from scratch.
TEST(Heuristics, AreAdmissibleOrderedAndIncrementallyExact) {
  const Board goal = parse_board("1 2 3 4 0 5 6 7 8");
  const auto& dist = reference::distances_to(goal);
  const TileDomain<Manhattan> md(goal);
  const TileDomain<LinearConflict> lc(goal);
  for (const auto& [key, d] : dist) {
    const Board b{goal.geometry, reference::decode(key)};
    const int h_md = md.state_of(b).h, h_lc = lc.state_of(b).h;
    ASSERT_LE(h_md, h_lc) << key;
    ASSERT_LE(h_lc, d) << key;
  }
  std::mt19937_64 rng(5);
  const Board big_goal = Board::blank_last({4, 5});
  testing_support::expect_incremental_estimates_exact(TileDomain<LinearConflict>(big_goal),
                                                      big_goal, rng, 5000);
}

TEST(Search, StopsAtEachLimitOfTheBudget) {
  const Board goal = Board::blank_first({4, 4});
  const Board hard = parse_board("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3");  // Korf's first
  const TileDomain<Manhattan> domain(goal);
  const auto start = domain.state_of(hard);

  Budget nodes;
  nodes.max_nodes = 1000;
  const auto by_nodes = ida_star_search(domain, start, nodes);
  EXPECT_EQ(by_nodes.status, SearchStatus::NodeLimit);
  EXPECT_EQ(by_nodes.stats.expanded, 1000u);

  Budget memory;
  memory.max_memory_bytes = 1 << 20;
  EXPECT_EQ(breadth_first_search(domain, start, memory).status, SearchStatus::MemoryLimit);
  EXPECT_EQ(bidirectional_bfs(domain, start, memory).status, SearchStatus::MemoryLimit);
  EXPECT_EQ(astar_search(domain, start, memory).status, SearchStatus::MemoryLimit);

  Budget time;
  time.timeout_seconds = 0.02;
  const auto by_time = ida_star_search(domain, start, time);
  EXPECT_EQ(by_time.status, SearchStatus::TimeLimit);
  EXPECT_LT(by_time.stats.seconds, 5.0);
}

// Beam search gives valid solutions, never shorter than the optimum and of its parity, the same
// on every run; a wider beam comes closer; each limit of the budget, and its depth, stop it.
TEST(Search, BeamSearchGivesValidSolutionsAndStopsAtItsLimits) {
  const auto replays = [](const Board& board, const Board& goal, const std::vector<Dir>& path) {
    std::string state = reference::encode(board.tiles);
    return reference::replay(state, format_moves(path, Notation::Blank), board.geometry.rows,
                             board.geometry.cols) &&
           state == reference::encode(goal.tiles);
  };
  std::mt19937_64 rng(77);
  const Board eight = Board::blank_last({3, 3});
  const auto& dist = reference::distances_to(eight);
  const TileDomain<Manhattan> eight_domain(eight);
  for (int i = 0; i < 20; ++i) {
    const Board b = random_board(eight, rng);
    const auto r = beam_search(eight_domain, eight_domain.state_of(b), {16, 200}, Budget{});
    ASSERT_EQ(r.status, SearchStatus::Solved);
    EXPECT_TRUE(replays(b, eight, r.path));
    const int optimum = dist.at(reference::encode(b.tiles));
    EXPECT_GE(static_cast<int>(r.path.size()), optimum);
    EXPECT_EQ(r.path.size() % 2, static_cast<std::size_t>(optimum % 2));
    EXPECT_LE(r.stats.lower_bound, optimum);
  }

  const Board goal = Board::blank_first({4, 4});
  const Board korf1 = parse_board("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3");  // 57 moves
  const TileDomain<LinearConflict> domain(goal);
  const auto start = domain.state_of(korf1);
  const auto narrow = beam_search(domain, start, {64, 1000}, Budget{});
  const auto wide = beam_search(domain, start, {4096, 1000}, Budget{});
  ASSERT_EQ(narrow.status, SearchStatus::Solved);
  ASSERT_EQ(wide.status, SearchStatus::Solved);
  EXPECT_TRUE(replays(korf1, goal, narrow.path));
  EXPECT_TRUE(replays(korf1, goal, wide.path));
  EXPECT_EQ(beam_search(domain, start, {64, 1000}, Budget{}).path, narrow.path);
  EXPECT_GE(wide.path.size(), 57u);
  EXPECT_LT(wide.path.size(), narrow.path.size());
  EXPECT_EQ(wide.stats.lower_bound, start.h);  // the path is not proven shortest

  Budget nodes;
  nodes.max_nodes = 100;
  const auto by_nodes = beam_search(domain, start, {64, 1000}, nodes);
  EXPECT_EQ(by_nodes.status, SearchStatus::NodeLimit);
  EXPECT_EQ(by_nodes.stats.expanded, 100u);
  Budget memory;
  memory.max_memory_bytes = 1 << 20;
  const auto by_memory = beam_search(domain, start, {4096, 1000}, memory);
  EXPECT_EQ(by_memory.status, SearchStatus::MemoryLimit);
  EXPECT_LE(by_memory.stats.peak_bytes, std::size_t{2} << 20);
  EXPECT_EQ(beam_search(domain, start, {4096, 20}, Budget{}).status, SearchStatus::NodeLimit);
}

// The searches that store states never hold more than their memory budget, growing included,
// and use most of it before they stop.
TEST(Search, StoredStateSearchesStayWithinTheirMemoryBudget) {
  const Board goal = Board::blank_first({4, 4});
  const Board hard = parse_board("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3");  // Korf's first
  const TileDomain<Manhattan> domain(goal);
  const auto start = domain.state_of(hard);
  for (const std::size_t mib : {std::size_t{1}, std::size_t{3}, std::size_t{8}}) {
    Budget budget;
    budget.max_memory_bytes = mib << 20;
    for (const auto& found :
         {breadth_first_search(domain, start, budget), bidirectional_bfs(domain, start, budget),
          astar_search(domain, start, budget)}) {
      EXPECT_EQ(found.status, SearchStatus::MemoryLimit);
      EXPECT_LE(found.stats.peak_bytes, budget.max_memory_bytes);
      EXPECT_GE(found.stats.peak_bytes, budget.max_memory_bytes / 2) << mib << " MiB";
    }
  }
}

// Rows are appended a chunk at a time: what growing will cost is known before it happens, and
// a spare chunk is given back once popping leaves one unused beyond it.
TEST(Search, ChunkedArraysGrowByTheBytesTheyAnnounce) {
  ChunkedArray<std::uint32_t> rows(3);
  std::mt19937_64 rng(12);
  std::vector<std::uint32_t> expected;
  for (std::size_t i = 0; i < 3 * ChunkedArray<std::uint32_t>::kChunkRows + 5; ++i) {
    const std::size_t before = rows.bytes(), announced = rows.bytes_to_grow(1);
    std::uint32_t* row = rows.push_row();
    for (int k = 0; k < 3; ++k) row[k] = static_cast<std::uint32_t>(rng());
    expected.insert(expected.end(), row, row + 3);
    EXPECT_LE(rows.bytes(), before + announced);
    if (announced == 0) {
      EXPECT_EQ(rows.bytes(), before);
    }
  }
  for (std::size_t i = 0; i < rows.size(); ++i) {
    ASSERT_TRUE(std::equal(rows.row(i), rows.row(i) + 3, &expected[3 * i]));
  }
  const std::size_t full = rows.bytes();
  while (rows.size() > 1) rows.pop_back();
  EXPECT_LE(rows.bytes(), full / 2 + 64);  // two chunks of four kept
  EXPECT_EQ(rows.row(0)[1], expected[1]);
}

// Split over threads, IDA* gives the single thread's answer move for move, and keeps its node
// limit and the cancel token.
TEST(Search, IdaStarSplitOverThreadsGivesTheSingleThreadAnswer) {
  const Board goal = Board::blank_first({4, 4});
  const TileDomain<LinearConflict> domain(goal);
  std::mt19937_64 rng(560);
  const Solver solver;
  int shared = 0;  // iterations that were split: large ones only, so these boards are far
  for (int trial = 0; trial < 8; ++trial) {
    const Board board = *solver.random_walk(goal, 60 + uniform_below(rng, 20), rng);
    for (const unsigned threads : {2u, 3u}) {
      shared += testing::expect_split_gives_one_thread_answer(domain, board, goal, threads);
    }
  }
  EXPECT_GE(shared, 4);
  const auto hard = domain.state_of(parse_board("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"));
  Budget nodes;
  nodes.threads = 2;
  nodes.max_nodes = 1'100'000;  // smaller limits are kept by one thread, exactly
  const auto by_nodes = ida_star_search(domain, hard, nodes);
  EXPECT_EQ(by_nodes.status, SearchStatus::NodeLimit);
  EXPECT_GE(by_nodes.stats.expanded, nodes.max_nodes);
  EXPECT_LE(by_nodes.stats.expanded, nodes.max_nodes + 2 * 256);  // each thread's unpooled part
  CancelToken cancel;
  cancel.cancel();
  Budget cancelled;
  cancelled.threads = 2;
  cancelled.cancel = &cancel;
  EXPECT_EQ(ida_star_search(domain, hard, cancelled).status, SearchStatus::Cancelled);
}

// A split iteration's listing of subtrees is part of what the search holds: a listing larger
// than the memory budget stops it, where the same search listing what the budget allows is
// solved.
TEST(Search, IdaStarCountsItsSplitListingAgainstTheMemoryBudget) {
  const Board goal = Board::blank_first({4, 4});
  const TileDomain<LinearConflict> domain(goal);
  std::mt19937_64 rng(561);
  const auto start = domain.state_of(*Solver().random_walk(goal, 200, rng));
  Budget budget;
  budget.max_memory_bytes = 256 << 10;
  const auto one = IdaStar(domain, budget, 1000).solve(std::span(&start, 1));
  ASSERT_EQ(one.status, SearchStatus::Solved);
  ASSERT_LT(one.stats.peak_bytes, budget.max_memory_bytes);
  budget.threads = 2;
  constexpr std::size_t kSubtrees = 100'000;  // at least 16 bytes each in the listing
  const auto split = IdaStar(domain, budget, 1000, kSubtrees).solve(std::span(&start, 1));
  EXPECT_EQ(split.status, SearchStatus::MemoryLimit);
  EXPECT_GT(split.stats.split_iterations, 0);
}

// A search saving its progress after every subtree, then started again from a sample of what it
// saved (each encoded and decoded first), on one thread and on two: every restart gives the
// uninterrupted search's answer, move for move.
// 4x4 boards far enough from the goal (60 to 79 random moves) for IDA* with linear conflict to
// split several iterations, each with the single thread's answer (every iteration split).
struct FarBoard {
  Board board;
  SearchResult<Dir> one;
};
std::vector<FarBoard> far_boards(const TileDomain<LinearConflict>& domain, std::uint64_t seed,
                                 int count) {
  std::mt19937_64 rng(seed);
  const Solver solver;
  std::vector<FarBoard> out;
  for (int i = 0; i < count; ++i) {
    const Board board =
        *solver.random_walk(Board::blank_first({4, 4}), 60 + uniform_below(rng, 20), rng);
    const auto start = domain.state_of(board);
    out.push_back({board, IdaStar(domain, Budget{}, 0).solve(std::span(&start, 1))});
    EXPECT_EQ(out.back().one.status, SearchStatus::Solved);
  }
  return out;
}

TEST(Search, IdaStarGoesOnFromACheckpointWithTheSameAnswer) {
  const TileDomain<LinearConflict> domain(Board::blank_first({4, 4}));
  for (const auto& [board, one] : far_boards(domain, 40, 2)) {
    const auto start = domain.state_of(board);
    for (const unsigned threads : {1u, 2u}) {
      std::vector<IdaCheckpoint> saved;
      Checkpointing keep;
      keep.every_seconds = 0;
      keep.save = [&](const IdaCheckpoint& c) { saved.push_back(c); };
      Budget budget;
      budget.threads = threads;
      budget.checkpointing = &keep;
      const auto whole = IdaStar(domain, budget, 0).solve(std::span(&start, 1));
      EXPECT_EQ(whole.path, one.path);
      ASSERT_GE(saved.size(), 3u) << format_board(board);
      for (std::size_t k = 0; k < saved.size(); k += 1 + saved.size() / 5) {
        // Each resumed from its encoding, as from a file.
        const IdaCheckpoint read = IdaCheckpoint::decode(saved[k].encode());
        Checkpointing again;
        again.resume = &read;
        Budget resumed;
        resumed.threads = threads;
        resumed.checkpointing = &again;
        const auto found = IdaStar(domain, resumed, 0).solve(std::span(&start, 1));
        EXPECT_EQ(found.path, one.path) << format_board(board) << ", checkpoint " << k << " of "
                                        << saved.size() << ", " << threads << " thread(s)";
        // The iterations before the checkpoint's are carried over, counts and all (the last
        // one's count depends on when the threads heard of the solution).
        EXPECT_GE(found.stats.seconds, saved[k].before.seconds);  // the time before included
        ASSERT_EQ(found.stats.iterations.size(), whole.stats.iterations.size());
        EXPECT_TRUE(std::equal(whole.stats.iterations.begin(), whole.stats.iterations.end() - 1,
                               found.stats.iterations.begin()));
      }
      // One whose subtrees were listed otherwise (by another version) is refused.
      IdaCheckpoint other = saved.back();
      ++other.listing;
      Checkpointing elsewhere;
      elsewhere.resume = &other;
      Budget refused;
      refused.threads = threads;
      refused.checkpointing = &elsewhere;
      EXPECT_THROW(IdaStar(domain, refused, 0).solve(std::span(&start, 1)), InputError);
    }
  }
}

// Each iteration's bound and count, as a search reports them: rising bounds, the last one the
// solution's length, the counts adding up to the search's.
TEST(Search, IdaStarReportsEachIteration) {
  const TileDomain<LinearConflict> domain(Board::blank_first({4, 4}));
  for (const auto& [board, one] : far_boards(domain, 41, 2)) {
    const auto& iterations = one.stats.iterations;
    ASSERT_GE(iterations.size(), 2u);
    EXPECT_EQ(iterations.front().bound, domain.estimate(domain.state_of(board)));
    EXPECT_EQ(iterations.back().bound, static_cast<int>(one.path.size()));
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < iterations.size(); ++i) {
      if (i > 0) {
        EXPECT_GT(iterations[i].bound, iterations[i - 1].bound);
      }
      sum += iterations[i].expanded;
    }
    EXPECT_EQ(sum, one.stats.expanded);
  }
}

// Searches sharing their split iterations as a cluster of processes (here threads standing for
// them), with one or two threads each: every member gives the single thread's answer and the
// same counts.
TEST(Search, IdaStarOverAClusterGivesTheSingleThreadAnswer) {
  const TileDomain<LinearConflict> domain(Board::blank_first({4, 4}));
  for (const auto& [board, one] : far_boards(domain, 39, 3)) {
    const auto start = domain.state_of(board);
    for (const unsigned processes : {2u, 3u}) {
      testing::ThreadCluster cluster(processes);
      std::vector<SearchResult<Dir>> results(processes);
      std::vector<std::thread> members;
      for (unsigned r = 0; r < processes; ++r) {
        members.emplace_back([&, r] {
          Budget budget;
          budget.threads = 1 + r % 2;
          budget.cluster = &cluster.member(r);
          results[r] = IdaStar(domain, budget, 0).solve(std::span(&start, 1));
        });
      }
      for (auto& m : members) m.join();
      for (unsigned r = 0; r < processes; ++r) {
        EXPECT_EQ(results[r].path, one.path)
            << format_board(board) << ", rank " << r << " of " << processes;
        EXPECT_EQ(results[r].stats.expanded, results[0].stats.expanded);
        EXPECT_GE(results[r].stats.split_iterations, 2);
      }
    }
  }
}

// What a cluster's split iteration keeps for the next listing: every node from `from` moves
// deep whose subtrees held more than the limit, marked where it was listed itself.
TEST(Search, SplitCostsKeepTheCostlyNodesOfAListing) {
  using M = std::uint8_t;
  const std::vector<std::vector<M>> paths = {{0, 1}, {0, 2, 0}, {0, 2, 1}, {1, 0}};
  const std::vector<std::size_t> roots(paths.size(), 0);
  const std::vector<std::uint64_t> nodes = {10, 100, 5, 50};
  SplitCosts costs;
  costs.learn<M>(
      roots, [&](std::size_t i) { return std::span<const M>(paths[i]); }, nodes, 2, 20);
  const auto key = [](std::vector<M> path) {
    std::uint64_t k = SplitCosts::root_key(0);
    for (const M m : path) k = SplitCosts::child_key(k, m);
    return k;
  };
  EXPECT_EQ(costs.limit(), 20u);
  EXPECT_EQ(costs.find(key({0})), nullptr);  // (above `from`)
  EXPECT_EQ(costs.find(key({0, 1})), nullptr);
  ASSERT_NE(costs.find(key({0, 2})), nullptr);
  EXPECT_EQ(costs.find(key({0, 2}))->nodes, 105u);
  EXPECT_FALSE(costs.find(key({0, 2}))->listed);
  ASSERT_NE(costs.find(key({0, 2, 0})), nullptr);
  EXPECT_EQ(costs.find(key({0, 2, 0}))->nodes, 100u);
  EXPECT_TRUE(costs.find(key({0, 2, 0}))->listed);
  EXPECT_EQ(costs.find(key({0, 2, 1})), nullptr);
  ASSERT_NE(costs.find(key({1, 0})), nullptr);
  EXPECT_EQ(costs.find(key({1, 0}))->nodes, 50u);
  EXPECT_TRUE(costs.find(key({1, 0}))->listed);
  EXPECT_EQ(costs.find(key({1})), nullptr);
}

TEST(Search, ACheckpointThatIsNotOneIsRefused) {
  IdaCheckpoint c;
  c.bound = 40;
  c.listed_above = 38;
  c.listing = 0x1234'5678'9abc'def0;
  c.finished.push_back({3, frontier_of(42, 5), 42, 100, 300});
  c.before.iterations = {{36, 20}, {38, 130}};
  c.before.seconds = 12.5;
  const std::vector<std::uint8_t> bytes = c.encode();
  const IdaCheckpoint back = IdaCheckpoint::decode(bytes);
  EXPECT_EQ(back.bound, 40);
  EXPECT_EQ(back.listed_above, 38);
  EXPECT_EQ(back.listing, c.listing);
  EXPECT_EQ(back.before.iterations, c.before.iterations);
  EXPECT_EQ(back.before.seconds, 12.5);
  ASSERT_EQ(back.finished.size(), 1u);
  EXPECT_EQ(back.finished[0].frontier, frontier_of(42, 5));
  for (const std::size_t cut :
       {std::size_t{0}, std::size_t{8}, bytes.size() - 8, bytes.size() - 1}) {
    EXPECT_THROW(IdaCheckpoint::decode(std::span(bytes).first(cut)), std::invalid_argument) << cut;
  }
  std::vector<std::uint8_t> other = bytes;
  ++other[0];  // another format
  EXPECT_THROW(IdaCheckpoint::decode(other), std::invalid_argument);
  other[0] = static_cast<std::uint8_t>(bytes[0] - 1);  // the format before: said so
  try {
    IdaCheckpoint::decode(other);
    ADD_FAILURE() << "a checkpoint of an earlier format was read";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("earlier version"), std::string::npos) << e.what();
  }
}

// Manhattan on some states and half of it on others: admissible, and far from consistent, so
// A* must reopen nodes to stay exact.
struct InconsistentDomain {
  using Base = TileDomain<Manhattan>;
  using Move = Base::Move;
  using State = Base::State;
  static constexpr Move kNoMove = Base::kNoMove;
  const Base& base;

  static bool halved(const State& s) {
    return (s.tiles[0] * 7 + s.tiles[4] * 3 + s.blank) % 3 == 0;
  }
  std::span<const Move> moves(const State& s, Move m) const { return base.moves(s, m); }
  void apply(State& s, Move m) const { base.apply(s, m); }
  Move reverse(Move m) const { return base.reverse(m); }
  bool is_goal(const State& s) const { return base.is_goal(s); }
  int estimate(const State& s) const { return halved(s) ? s.h / 2 : s.h; }
  std::vector<State> goal_states() const { return base.goal_states(); }
  std::size_t packed_bytes() const { return base.packed_bytes(); }
  void pack(const State& s, std::byte* out) const { base.pack(s, out); }
  void unpack(const std::byte* in, State& s) const { base.unpack(in, s); }
};

TEST(Search, AStarStaysExactWithAnInconsistentEstimate) {
  const Board goal = Board::blank_last({3, 3});
  const InconsistentDomain::Base base(goal);
  const InconsistentDomain domain{base};
  const auto& dist = reference::distances_to(goal);
  std::mt19937_64 rng(31);
  int jumps = 0;  // edges whose estimates differ by more than one move: the inconsistency
  for (int i = 0; i < 40; ++i) {
    const Board b = random_board(goal, rng);
    auto start = base.state_of(b);
    for (const Dir d : base.moves(start, kNoDir)) {
      auto next = start;
      base.apply(next, d);
      jumps += std::abs(domain.estimate(next) - domain.estimate(start)) > 1;
    }
    const auto r = astar_search(domain, start, {});
    ASSERT_EQ(r.status, SearchStatus::Solved);
    EXPECT_EQ(static_cast<int>(r.path.size()), dist.at(reference::encode(b.tiles)));
    const Replay replayed = replay(b, r.path);
    EXPECT_TRUE(replayed.legal && replayed.final == goal);
  }
  EXPECT_GT(jumps, 0);
}

// An iteration's history: a tree of the nodes it went through, each with the least frontier
// noted under it, kept up to its size limit and forgotten for the next iteration.
TEST(Search, IterationHistoryKeepsTheFrontierUnderEachNodeOfTheTop) {
  IterationHistory history;
  EXPECT_TRUE(history.empty());
  EXPECT_EQ(history.find_root(0), IterationHistory::kNone);
  const auto root = history.root(1);  // roots 0 and 1
  EXPECT_EQ(history.find_root(1), root);
  EXPECT_NE(history.find_root(0), IterationHistory::kNone);
  const auto child = history.child(root, 2);
  EXPECT_EQ(history.child(root, 2), child);  // made once
  EXPECT_EQ(history.find_child(root, 2), child);
  EXPECT_EQ(history.find_child(root, 1), IterationHistory::kNone);
  EXPECT_EQ(history.find_child(IterationHistory::kNone, 0), IterationHistory::kNone);
  EXPECT_EQ(history.least(child), kNoFrontier);
  history.note(child, frontier_of(40, 12));
  EXPECT_EQ(history.least(child), frontier_of(40, 12));
  // The least f first, then the least h.
  EXPECT_LT(frontier_of(40, 30), frontier_of(42, 0));
  EXPECT_LT(frontier_of(40, 11), frontier_of(40, 12));
  // Past its limit a history makes no more nodes, and says so.
  auto at = child;
  std::size_t made = 3;
  for (; made < IterationHistory::kMaxNodes; ++made) at = history.child(at, 0);
  EXPECT_NE(at, IterationHistory::kNone);
  EXPECT_EQ(history.child(at, 0), IterationHistory::kNone);
  EXPECT_EQ(history.child(IterationHistory::kNone, 0), IterationHistory::kNone);
  history.clear();
  EXPECT_TRUE(history.empty());
  EXPECT_EQ(history.find_root(0), IterationHistory::kNone);
}

TEST(Search, AStoppedSearchReportsAProvenLowerBound) {
  const Board goal = Board::blank_first({4, 4});
  const Board hard = parse_board("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3");  // Korf's first: 57
  const TileDomain<Manhattan> domain(goal);
  const auto start = domain.state_of(hard);
  Budget budget;
  budget.max_nodes = 200000;
  for (const auto& r :
       {ida_star_search(domain, start, budget), astar_search(domain, start, budget)}) {
    EXPECT_EQ(r.status, SearchStatus::NodeLimit);
    EXPECT_GT(r.stats.lower_bound, start.h);  // it got past the first bound
    EXPECT_LE(r.stats.lower_bound, 57);
  }
}

TEST(Search, ACancelTokenStopsASearch) {
  const Board goal = Board::blank_first({4, 4});
  const TileDomain<Manhattan> domain(goal);
  const auto start = domain.state_of(parse_board("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"));
  CancelToken token;
  token.cancel();
  Budget budget;
  budget.cancel = &token;
  int calls = 0;
  budget.progress = [&](const SearchProgress&) { ++calls; };
  const auto r = ida_star_search(domain, start, budget);
  EXPECT_EQ(r.status, SearchStatus::Cancelled);
  EXPECT_LE(r.stats.expanded, 4096u);
  EXPECT_EQ(calls, 0);  // cancelled before its first report
}

// Where the start cannot reach the goal, the stored-state searches exhaust the space.
TEST(Search, BlindSearchesReportNoSolutionOnAnUnreachableBoard) {
  const Board goal = Board::blank_last({2, 3});
  const TileDomain<Blind> domain(goal);
  const auto start = domain.state_of(parse_board("2 1 3/4 5 0"));
  EXPECT_EQ(breadth_first_search(domain, start, {}).status, SearchStatus::NoSolution);
  EXPECT_EQ(bidirectional_bfs(domain, start, {}).status, SearchStatus::NoSolution);
  EXPECT_EQ(astar_search(domain, start, {}).status, SearchStatus::NoSolution);
}

}  // namespace
}  // namespace npuzzle
