// Library-level timings: table construction, 8-puzzle answers, searches on 12-cell boards.

#include <benchmark/benchmark.h>

#include <random>

#include "npuzzle/random_board.hpp"
#include "npuzzle/solver.hpp"
#include "npuzzle/tiles/distance_table.hpp"

namespace npuzzle {
namespace {

void BM_EightPuzzleTableBuild(benchmark::State& state) {
  for (auto _ : state) {
    DistanceTable table(describe_table({3, 3}, 8));
    benchmark::DoNotOptimize(table.bytes());
  }
}
BENCHMARK(BM_EightPuzzleTableBuild)->Unit(benchmark::kMillisecond);

void BM_EightPuzzleTableSolve(benchmark::State& state) {
  const Board goal = Board::blank_last({3, 3});
  const TableSolver solver(goal);
  std::mt19937_64 rng(1);
  std::vector<Board> boards;
  for (int i = 0; i < 1024; ++i) boards.push_back(random_board(goal, rng));
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(solver.solve(boards[i++ & 1023]));
}
BENCHMARK(BM_EightPuzzleTableSolve);

// Seeded uniform random 3x4 boards, solved by each method.
void BM_TwelveCells(benchmark::State& state, Algorithm a, Heuristic h) {
  const Board goal = Board::blank_last({3, 4});
  std::mt19937_64 rng(12);
  std::vector<Board> boards;
  for (int i = 0; i < 16; ++i) boards.push_back(random_board(goal, rng));
  SolveOptions o;
  o.algorithm = a;
  o.heuristic = h;
  std::size_t i = 0;
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    const Solution s = solve(boards[i++ % boards.size()], goal, o);
    nodes += s.stats.expanded;
    benchmark::DoNotOptimize(s.moves.data());
  }
  state.counters["expanded/solve"] =
      benchmark::Counter(static_cast<double>(nodes) / static_cast<double>(state.iterations()));
}
BENCHMARK_CAPTURE(BM_TwelveCells, idastar_lc, Algorithm::IdaStar, Heuristic::LinearConflict)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_TwelveCells, idastar_md, Algorithm::IdaStar, Heuristic::Manhattan)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_TwelveCells, astar_lc, Algorithm::AStar, Heuristic::LinearConflict)
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace npuzzle

BENCHMARK_MAIN();
