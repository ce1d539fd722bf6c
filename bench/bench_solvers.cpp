// Library-level timings: table construction, 8-puzzle answers, searches on 12-cell boards.

#include <benchmark/benchmark.h>

#include <random>

#include "npuzzle/api/solver.hpp"
#include "npuzzle/core/random_board.hpp"
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
  DistanceTables tables;
  const TableSolver solver(goal, tables);
  std::mt19937_64 rng(1);
  std::vector<Board> boards;
  for (int i = 0; i < 1024; ++i) boards.push_back(random_board(goal, rng));
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(solver.solve(boards[i++ & 1023]));
}
BENCHMARK(BM_EightPuzzleTableSolve);

// The same answers through the front door: a Plan checks each board and decides parity first.
void BM_EightPuzzlePlanSolve(benchmark::State& state) {
  const Board goal = Board::blank_last({3, 3});
  const Solver solver;
  const auto plan = solver.plan(goal);
  std::mt19937_64 rng(1);
  std::vector<Board> boards;
  for (int i = 0; i < 1024; ++i) boards.push_back(random_board(goal, rng));
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(plan.solve(boards[i++ & 1023]).moves.data());
}
BENCHMARK(BM_EightPuzzlePlanSolve);

// Seeded uniform random 3x4 boards, solved by each method.
void BM_TwelveCells(benchmark::State& state, const char* algorithm, const char* heuristic) {
  const Board goal = Board::blank_last({3, 4});
  std::mt19937_64 rng(12);
  std::vector<Board> boards;
  for (int i = 0; i < 16; ++i) boards.push_back(random_board(goal, rng));
  SolveOptions o;
  o.algorithm = algorithm;
  o.heuristic = heuristic;
  const Solver solver;
  const auto plan = solver.plan(goal, o);
  std::size_t i = 0;
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    const Solution s = plan.solve(boards[i++ % boards.size()]);
    nodes += s.stats.expanded;
    benchmark::DoNotOptimize(s.moves.data());
  }
  state.counters["expanded/solve"] =
      benchmark::Counter(static_cast<double>(nodes) / static_cast<double>(state.iterations()));
}
BENCHMARK_CAPTURE(BM_TwelveCells, idastar_lc, "idastar", "linear-conflict")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_TwelveCells, idastar_md, "idastar", "manhattan")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_TwelveCells, astar_lc, "astar", "linear-conflict")
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace npuzzle

BENCHMARK_MAIN();
