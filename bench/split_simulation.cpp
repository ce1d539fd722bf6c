// The MPI split's scaling, predicted from one process. For each cluster size P, one search lists
// its split iterations' tops as P processes would (through the public API, with a cluster of P
// of which this process is the only one running: it searches every subtree itself), and the
// cost (nodes expanded) of every subtree is recorded as the search combines its iteration; two
// ways of dealing the subtrees to P processes are then replayed:
//   round-robin: every P-th subtree to each process, and
//   on request: each subtree, in listing order, to the first process that is free (what the
//   MPI build does).
// Every process also walks the top itself. Predicted speed-up = the whole search's nodes over
// the nodes of the longest process, summed over the iterations; efficiency = speed-up / P.
// The iterations before the first split (small ones) are left out, as the final iteration's
// subtrees after the solution are (a single thread never searches them).
//   split_simulation [BOARD [HEURISTIC [P...]]]
//     BOARD: goal blank first (default: Korf's #3); HEURISTIC: linear-conflict (the default) or
//     a pattern database set (7-8, 6-6-6-6, ...) read from the directory $NPUZZLE_CACHE names;
//     P: 1, 2, 4, ... 1,024 by default. IDA*, on two threads (the counts are the same on one).

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <queue>
#include <string>
#include <vector>

#include "npuzzle/api/solver.hpp"
#include "npuzzle/io/format.hpp"
#include "npuzzle/search/cluster.hpp"
#include "npuzzle/storage/table_store.hpp"

namespace npuzzle {
namespace {

struct Iteration {
  std::uint64_t nodes = 0;           // the whole iteration's, on one process
  std::vector<std::uint64_t> costs;  // by subtree, in listing order (0: not searched)
};

// A cluster of P processes of which only this one runs: each split iteration is listed as P
// processes would list it, every subtree handed to this one, and its costs kept.
class ListedForCluster final : public Cluster {
 public:
  explicit ListedForCluster(unsigned processes) : processes_(processes) {}
  unsigned processes() const override { return processes_; }
  unsigned rank() const override { return 0; }
  std::size_t next_subtree() override { return next_++; }
  void announce(std::size_t) override {}
  std::size_t heard() override { return ClusterShare::kNone; }
  void combine(ClusterShare& share) override {
    combined.push_back({0, share.searched});
    next_ = 0;
  }

  std::vector<Iteration> combined;  // by split iteration

 private:
  unsigned processes_;
  std::atomic<std::size_t> next_ = 0;
};

// The split iterations of one search whose tops are listed for `processes` processes.
std::vector<Iteration> record(const Solver& solver, const Board& board, SolveOptions options,
                              unsigned processes) {
  ListedForCluster cluster(processes);
  options.budget.threads = 2;
  options.budget.cluster = processes > 1 ? &cluster : nullptr;
  const Solution s = solver.solve(board, Board::blank_first(board.geometry), options);
  if (s.status != SearchStatus::Solved) {
    std::fprintf(stderr, "split_simulation: the search ended %s\n",
                 std::string(describe(s.status)).c_str());
    std::exit(1);
  }
  // (The split iterations are the last; the final one combines nothing where the walk over its
  // top met the solution.)
  const auto& all = s.stats.iterations;
  const std::size_t first = all.size() - static_cast<std::size_t>(s.stats.split_iterations);
  for (std::size_t k = 0; k < cluster.combined.size(); ++k) {
    cluster.combined[k].nodes = all[first + k].expanded;
  }
  return std::move(cluster.combined);
}

// The nodes of the longest process, each process walking the top and searching its share.
std::uint64_t longest(const Iteration& it, unsigned processes, bool on_request) {
  std::uint64_t subtrees = 0;
  for (const auto c : it.costs) subtrees += c;
  const std::uint64_t top = it.nodes - std::min(it.nodes, subtrees);
  std::vector<std::uint64_t> load(processes, top);
  if (on_request) {  // the first free process takes the next subtree
    std::priority_queue<std::pair<std::uint64_t, unsigned>,
                        std::vector<std::pair<std::uint64_t, unsigned>>, std::greater<>>
        free;
    for (unsigned p = 0; p < processes; ++p) free.push({top, p});
    for (const auto c : it.costs) {
      auto [at, p] = free.top();
      free.pop();
      load[p] = at + c;
      free.push({load[p], p});
    }
  } else {
    for (std::size_t i = 0; i < it.costs.size(); ++i) load[i % processes] += it.costs[i];
  }
  return *std::max_element(load.begin(), load.end());
}

}  // namespace
}  // namespace npuzzle

int main(int argc, char** argv) {
  using namespace npuzzle;
  const std::string text = argc > 1 ? argv[1] : "14 7 8 2 13 11 10 4 9 12 5 0 3 6 1 15";
  const std::string heuristic = argc > 2 ? argv[2] : "linear-conflict";
  const Board board = parse_board(text);
  SolverConfig config;
  if (const char* cache = std::getenv("NPUZZLE_CACHE"); cache && *cache) {
    config.store = std::make_shared<DirectoryStore>(cache);
  }
  config.build_light_tables = false;
  const Solver solver(config);
  SolveOptions options;
  options.algorithm = "idastar";
  options.heuristic = heuristic == "linear-conflict" ? heuristic : "pdb";
  if (options.heuristic == "pdb") options.tables = heuristic;
  std::printf("board %s, IDA* + %s\n", text.c_str(), heuristic.c_str());
  // Beside each P, what bounds the longest process from below: the top, which every process
  // walks, and each iteration's largest subtree (both summed over the iterations).
  std::printf("%6s %10s %14s %12s %12s %14s %12s %14s %12s\n", "P", "subtrees", "nodes", "top",
              "largest", "round-robin", "efficiency", "on request", "efficiency");
  std::vector<unsigned> sizes;
  for (int a = 3; a < argc; ++a) sizes.push_back(static_cast<unsigned>(std::stoul(argv[a])));
  if (sizes.empty()) {
    for (unsigned p = 1; p <= 1024; p *= 2) sizes.push_back(p);
  }
  for (const unsigned processes : sizes) {
    const auto iterations = record(solver, board, options, processes);
    std::uint64_t work = 0, round_robin = 0, on_request = 0, top = 0, largest = 0;
    std::size_t listed = 0;
    for (const Iteration& it : iterations) {
      work += it.nodes;
      round_robin += longest(it, processes, false);
      on_request += longest(it, processes, true);
      listed = std::max(listed, it.costs.size());
      std::uint64_t subtrees = 0, most = 0;
      for (const auto c : it.costs) {
        subtrees += c;
        most = std::max(most, c);
      }
      top += it.nodes - std::min(it.nodes, subtrees);
      largest += most;
    }
    const auto speedup = [&](std::uint64_t span) {
      return span == 0 ? 0.0 : static_cast<double>(work) / static_cast<double>(span);
    };
    std::printf("%6u %10zu %14llu %12llu %12llu %13.1fx %11.0f%% %13.1fx %11.0f%%\n", processes,
                listed, static_cast<unsigned long long>(work), static_cast<unsigned long long>(top),
                static_cast<unsigned long long>(largest), speedup(round_robin),
                100 * speedup(round_robin) / processes, speedup(on_request),
                100 * speedup(on_request) / processes);
    std::fflush(stdout);
  }
}
