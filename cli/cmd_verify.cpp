// npuzzle verify: replay a move string and say whether it reaches the goal.

#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "commands.hpp"
#include "npuzzle/format.hpp"
#include "session.hpp"

namespace npuzzle::cli {
namespace {

struct VerifyFlags {
  std::vector<std::string> args;
  BoardFlags boards;
  OutputFlags output;
};

int run_verify(VerifyFlags& f) {
  if (f.args.size() < 2) {
    throw InputError("verify takes a board and then a move string (\"\" for no moves)");
  }
  const std::string moves_text = f.args.back();
  f.args.pop_back();
  const Notation notation = f.output.notation_value();
  return for_each_board(f.args, f.boards.geometry(), [&](const Board& board, const std::string&) {
    const Board& goal = f.boards.goal_for(board.geometry);
    const std::vector<Dir> moves = parse_moves(moves_text, notation);
    const Verdict r = solver().verify(board, goal, moves);
    const bool valid = r.reaches_goal;
    std::string verdict;
    if (!r.legal) {
      verdict = fmt::format("invalid: move {} ('{}') leaves the board", r.applied + 1,
                            format_moves(std::span(moves).subspan(r.applied, 1), notation));
    } else if (!valid) {
      verdict = fmt::format("invalid: the {} moves end at {}, not at the goal", moves.size(),
                            format_board(r.final));
    } else {
      verdict = fmt::format("valid: reaches the goal in {} moves", moves.size());
    }
    if (f.output.json) {
      std::cout << nlohmann::json{{"board", board_json(board)},
                                  {"goal", board_json(goal)},
                                  {"moves", format_moves(moves, notation)},
                                  {"length", moves.size()},
                                  {"legal", r.legal},
                                  {"applied", r.applied},
                                  {"reaches_goal", valid},
                                  {"verdict", verdict}}
                       .dump()
                << '\n';
    } else {
      std::cout << verdict << '\n';
    }
  });
}

}  // namespace

Command add_verify(CLI::App& root) {
  auto f = std::make_shared<VerifyFlags>();
  auto* app = root.add_subcommand(
      "verify",
      "Replay a move string on a board and say whether it is legal and reaches the goal "
      "('valid: ...' or 'invalid: ...'; the exit code is 0 either way)");
  add_board_argument(*app, f->args, "board-and-moves", "The board's tiles, then the move string")
      ->required();
  f->boards.add_to(*app);
  f->output.add_to(*app, false);
  return {app, [f] { return run_verify(*f); }};
}

}  // namespace npuzzle::cli
