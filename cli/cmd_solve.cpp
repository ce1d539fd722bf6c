// npuzzle solve: shortest move strings, one line per board.

#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <memory>
#include <span>

#include "commands.hpp"
#include "npuzzle/format.hpp"
#include "session.hpp"

namespace npuzzle::cli {
namespace {

constexpr std::size_t kPrintChunk = std::size_t{1} << 20;

struct SolveFlags {
  std::vector<std::string> board;
  BoardFlags boards;
  SearchFlags search;
  OutputFlags output;
  unsigned threads = 1;
};

int run_solve(SolveFlags& f) {
  const Notation notation = f.output.notation_value();
  Plans plans(f.boards, f.search, f.threads);
  bool gave_up = false;
  const auto print = [&](const Board& board, const Board& goal, const Solution& s,
                         const std::string& where) {
    clear_progress();
    if (f.output.json) {
      print_json(solution_json(board, goal, s, notation), where);
    } else {
      switch (s.status) {
        case SearchStatus::Solved:
          // In pieces: a 1000x1000 board's answer runs to billions of moves.
          for (std::size_t at = 0; at < s.moves.size(); at += kPrintChunk) {
            std::cout << format_moves(
                std::span(s.moves).subspan(at, std::min(kPrintChunk, s.moves.size() - at)),
                notation);
          }
          std::cout << '\n';
          break;
        case SearchStatus::NoSolution:
          std::cout << "unsolvable\n";
          break;
        default:
          std::cout << "unknown\n";
      }
      if (f.output.stats) std::cout << stats_line(s) << '\n';
    }
    if (s.status != SearchStatus::Solved && s.status != SearchStatus::NoSolution) {
      gave_up = true;
      if (s.status != SearchStatus::Cancelled) {
        report(where, fmt::format("no answer: {} reached after {} expanded nodes and {} (no "
                                  "solution is shorter than {}); raise --timeout, --max-nodes "
                                  "or --max-memory, or try --algo idastar",
                                  describe(s.status), s.stats.expanded,
                                  human_seconds(s.stats.seconds), s.lower_bound));
      }
    }
  };
  const int code = for_each_board(
      f.board, f.boards.geometry(), f.threads,
      [&](const Board& board, const std::string& where) -> Finish {
        const Solver::Plan& plan = plans.for_board(board);
        auto s = std::make_shared<const Solution>(plan.solve(board));
        return [&print, &plan, s, where](const Board& solved) {
          print(solved, plan.goal(), *s, where);
        };
      },
      error_line(f.output.json));
  return batch_exit(code, gave_up);
}

}  // namespace

Command add_solve(CLI::App& root) {
  auto f = std::make_shared<SolveFlags>();
  auto* app = root.add_subcommand(
      "solve",
      "Print a move string for each board (from the arguments, or one per line on stdin), or "
      "'unsolvable' if the goal cannot be reached. With --algo auto it is a shortest one where "
      "an exact search finishes within the budget, and otherwise (large boards) the fast "
      "solver's, not proven shortest: --stats and --json say which, with a lower bound. "
      "'unknown' only where no answer fits the budget");
  add_board_argument(*app, f->board);
  f->boards.add_to(*app);
  f->search.add_to(*app, true);
  f->output.add_to(*app, true);
  app->add_option("-j,--threads", f->threads,
                  "Boards solved at once (from stdin), sharing the cores; the answers keep the "
                  "input's order")
      ->check(CLI::Range(1u, kMaxThreads))
      ->capture_default_str();
  return {app, [f] { return run_solve(*f); }};
}

}  // namespace npuzzle::cli
