// npuzzle compare: every algorithm and heuristic on the same board, side by side.

#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "commands.hpp"
#include "npuzzle/format.hpp"
#include "npuzzle/parity.hpp"
#include "npuzzle/tiles/distance_table.hpp"
#include "npuzzle/tiles/walking_distance.hpp"
#include "pdb_cache.hpp"

namespace npuzzle::cli {
namespace {

struct CompareFlags {
  std::vector<std::string> board;
  BoardFlags boards;
  SearchFlags search;
  bool json = false;
};

struct Entry {
  Algorithm algorithm;
  std::optional<Heuristic> heuristic;
};

std::vector<Entry> entries_for(Geometry g, bool with_pdb) {
  std::vector<Entry> out;
  if (g.cells() <= DistanceTable::kMaxCells) out.push_back({Algorithm::Table, std::nullopt});
  out.push_back({Algorithm::Bfs, std::nullopt});
  out.push_back({Algorithm::Bibfs, std::nullopt});
  for (Algorithm a : {Algorithm::AStar, Algorithm::IdaStar}) {
    for (Heuristic h : kHeuristics) {
      const bool serves = h == Heuristic::Pdb               ? with_pdb
                          : h == Heuristic::WalkingDistance ? WalkingDistance::serves(g)
                                                            : true;
      if (serves) out.push_back({a, h});
    }
  }
  return out;
}

int run_compare(CompareFlags& f) {
  return for_each_board(f.board, [&](std::string_view text, const std::string&) {
    const Board board = parse_board(text, f.boards.geometry());
    const Board& goal = f.boards.goal_for(board.geometry);
    SolveOptions options = f.search.options(goal);
    if (!options.pdb) options.pdb = pdb_for(goal, f.search.pdb_set);
    nlohmann::json runs = nlohmann::json::array();
    if (!f.json) {
      std::cout << format_board(board) << '\n';
      if (!solvable(board, goal)) {
        std::cout << "unsolvable: no search needed\n\n";
        return;
      }
      std::cout << fmt::format("{:<8} {:<16} {:>7} {:>12} {:>12} {:>11} {:>11}\n", "algo",
                               "heuristic", "length", "expanded", "generated", "time", "memory");
    }
    for (const Entry& e : entries_for(board.geometry, options.pdb != nullptr)) {
      options.algorithm = e.algorithm;
      if (e.heuristic) options.heuristic = *e.heuristic;
      const Solution s = solve(board, goal, options);
      if (f.json) {
        runs.push_back(solution_json(board, goal, s, Notation::Blank));
        continue;
      }
      const std::string length = s.status == SearchStatus::Solved ? std::to_string(s.moves.size())
                                                                  : std::string(describe(s.status));
      std::cout << fmt::format("{:<8} {:<16} {:>7} {:>12} {:>12} {:>11} {:>11}\n",
                               name(e.algorithm), e.heuristic ? name(*e.heuristic) : "-", length,
                               s.stats.expanded, s.stats.generated, human_seconds(s.stats.seconds),
                               human_bytes(s.stats.peak_bytes));
      std::cout.flush();
    }
    if (f.json) {
      std::cout << nlohmann::json{{"board", board_json(board)}, {"runs", runs}}.dump() << '\n';
    } else {
      std::cout << '\n';
    }
  });
}

}  // namespace

Command add_compare(CLI::App& root) {
  auto f = std::make_shared<CompareFlags>();
  auto* app = root.add_subcommand(
      "compare",
      "Solve each board with every algorithm and heuristic and print a table of solution "
      "length, nodes expanded and generated, time and peak memory");
  add_board_argument(*app, f->board);
  f->boards.add_to(*app);
  f->search.timeout = 10;
  f->search.max_memory_mib = 2048;
  f->search.add_to(*app, false);
  app->add_flag("--json", f->json, "One JSON object per board, with one entry per run");
  return {app, [f] { return run_compare(*f); }};
}

}  // namespace npuzzle::cli
