// npuzzle hint: the distance to the goal and a best next move.

#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "commands.hpp"
#include "npuzzle/format.hpp"

namespace npuzzle::cli {
namespace {

struct HintFlags {
  std::vector<std::string> board;
  BoardFlags boards;
  SearchFlags search;
  OutputFlags output;
};

int run_hint(HintFlags& f) {
  const Notation notation = f.output.notation_value();
  bool gave_up = false;
  const int code = for_each_board(f.board, [&](std::string_view text, const std::string& where) {
    const Board board = parse_board(text, f.boards.geometry());
    const Board& goal = f.boards.goal_for(board.geometry);
    const Solution s = solve(board, goal, f.search.options(goal));
    const bool solved = s.status == SearchStatus::Solved;
    const std::string next =
        solved && !s.moves.empty() ? format_moves(std::span(s.moves).first(1), notation) : "";
    if (f.output.json) {
      std::cout << nlohmann::json{{"board", board_json(board)},
                                  {"status", describe(s.status)},
                                  {"distance", solved ? nlohmann::json(s.moves.size())
                                                      : nlohmann::json(nullptr)},
                                  {"next", solved && !next.empty() ? nlohmann::json(next)
                                                                   : nlohmann::json(nullptr)}}
                       .dump()
                << '\n';
    } else if (!solved) {
      std::cout << (s.status == SearchStatus::NoSolution ? "unsolvable\n" : "unknown\n");
    } else if (s.moves.empty()) {
      std::cout << "distance 0: already at the goal\n";
    } else {
      std::cout << fmt::format("distance {}, next move {}\n", s.moves.size(), next);
    }
    if (s.status != SearchStatus::Solved && s.status != SearchStatus::NoSolution) {
      gave_up = true;
      report(where, fmt::format("no answer: {} reached", describe(s.status)));
    }
  });
  return code != kOk ? code : gave_up ? kFailure : kOk;
}

}  // namespace

Command add_hint(CLI::App& root) {
  auto f = std::make_shared<HintFlags>();
  auto* app = root.add_subcommand(
      "hint", "Print each board's distance to the goal and a first move of a shortest solution");
  add_board_argument(*app, f->board);
  f->boards.add_to(*app);
  f->search.add_to(*app, true);
  f->output.add_to(*app, false);
  return {app, [f] { return run_hint(*f); }};
}

}  // namespace npuzzle::cli
