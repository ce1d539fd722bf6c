// In-process timings of one 15-dataset POJ 3131 input whose answers are all 29, 30 or -1:
// the exact search (estimate tables warm) and the answer table.

#include <benchmark/benchmark.h>

#include "cube_hard_datasets.hpp"
#include "npuzzle/api/solver.hpp"

namespace npuzzle {
namespace {

std::vector<bench::HardDataset> input() {
  std::mt19937_64 rng(3131);
  return bench::hard_cube_datasets(rng, 15);
}

void BM_CubeHardInputSearch(benchmark::State& state, const char* algorithm) {
  const auto datasets = input();
  const Solver solver;
  Budget budget;
  budget.max_depth = 30;
  std::uint64_t expanded = 0;
  for (auto _ : state) {
    for (const auto& d : datasets) {
      const auto s = solver.solve_cube(d.dataset, algorithm, budget);
      expanded += s.stats.expanded;
      benchmark::DoNotOptimize(s.moves.data());
    }
  }
  state.counters["expanded/input"] =
      benchmark::Counter(static_cast<double>(expanded) / static_cast<double>(state.iterations()));
}
BENCHMARK_CAPTURE(BM_CubeHardInputSearch, idastar, "idastar")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_CubeHardInputSearch, astar, "astar")->Unit(benchmark::kMillisecond);

void BM_CubeHardInputTable(benchmark::State& state) {
  const auto datasets = input();
  const auto& table = bench::answer_table();
  for (auto _ : state) {
    for (const auto& d : datasets) {
      benchmark::DoNotOptimize(table.distance(d.start_empty, d.target_empty, d.tops));
    }
  }
}
BENCHMARK(BM_CubeHardInputTable);

}  // namespace
}  // namespace npuzzle
