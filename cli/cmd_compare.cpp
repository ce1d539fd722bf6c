// npuzzle compare: every algorithm and heuristic on the same board, side by side.

#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "batch.hpp"
#include "commands.hpp"
#include "npuzzle/io/format.hpp"
#include "output.hpp"
#include "session.hpp"

namespace npuzzle::cli {
namespace {

struct CompareFlags {
  std::vector<std::string> board;
  BoardFlags boards;
  SearchFlags search;
  bool json = false;
};

int run_compare(CompareFlags& f) {
  bool any_finished = true;
  const int code = for_each_board(
      f.board, f.boards.geometry(), [&](const Board& board, const std::string& where) {
        const Board& goal = f.boards.goal_for(board.geometry);
        if (!f.json) {
          std::cout << format_board(board) << '\n';
          if (!solver().check(board, goal)) {
            std::cout << "unsolvable: no search needed\n\n";
            return;
          }
        }
        bool finished = false;
        nlohmann::json json_runs = nlohmann::json::array();
        if (!f.json) {
          std::cout << fmt::format("{:<8} {:<16} {:>7} {:>12} {:>12} {:>11} {:>11}\n", "algo",
                                   "heuristic", "length", "expanded", "generated", "time",
                                   "memory");
        }
        solver().compare(board, goal, f.search.budget(), [&](const Solution& s) {
          clear_progress();
          finished |= s.status == SearchStatus::Solved || s.status == SearchStatus::NoSolution;
          if (f.json) {
            json_runs.push_back(solution_json(board, goal, s, Notation::Blank));
            return;
          }
          const std::string length = s.status == SearchStatus::Solved
                                         ? std::to_string(s.moves.size())
                                         : std::string(describe(s.status));
          const std::string heuristic =
              s.heuristic.empty() ? "-" : s.heuristic + (s.tables.empty() ? "" : " " + s.tables);
          std::cout << fmt::format("{:<8} {:<16} {:>7} {:>12} {:>12} {:>11} {:>11}\n", s.algorithm,
                                   heuristic, length, s.stats.expanded, s.stats.generated,
                                   human_seconds(s.stats.seconds), human_bytes(s.stats.peak_bytes));
          std::cout.flush();
        });
        if (f.json) {
          std::cout << nlohmann::json{{"board", board_json(board)}, {"runs", json_runs}}.dump()
                    << '\n';
        } else {
          std::cout << '\n';
        }
        if (!finished) {
          any_finished = false;
          report(where, "no method finished within the budget: raise --timeout or --max-memory");
        }
      });
  return batch_exit(code, !any_finished);
}

}  // namespace

Command add_compare(CLI::App& root, const std::string& name) {
  auto f = std::make_shared<CompareFlags>();
  auto* app = root.add_subcommand(
      name,
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
