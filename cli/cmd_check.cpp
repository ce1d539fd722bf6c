// npuzzle check: solvable or not, by parity, in linear time.

#include <iostream>
#include <memory>

#include "batch.hpp"
#include "commands.hpp"
#include "npuzzle/io/format.hpp"
#include "output.hpp"
#include "session.hpp"

namespace npuzzle::cli {
namespace {

struct CheckFlags {
  std::vector<std::string> board;
  BoardFlags boards;
  bool json = false;
};

int run_check(CheckFlags& f) {
  return for_each_board(
      f.board, f.boards.geometry(),
      [&](const Board& board, const std::string& where) {
        const bool ok = solver().check(board, f.boards.goal_for(board.geometry));
        if (f.json) {
          print_json(
              {{"board", board_json(board)}, {"size", board.geometry.name()}, {"solvable", ok}},
              where);
        } else {
          std::cout << (ok ? "solvable\n" : "unsolvable\n");
        }
      },
      error_line(f.json), blank_line(f.json));
}

}  // namespace

Command add_check(CLI::App& root, const std::string& name) {
  auto f = std::make_shared<CheckFlags>();
  auto* app = root.add_subcommand(
      name,
      "Say whether each board can reach the goal ('solvable' or 'unsolvable'), by the parity "
      "rule, in time linear in the board's size");
  add_board_argument(*app, f->board);
  f->boards.add_to(*app);
  app->add_flag("--json", f->json, "One JSON object per board");
  return {app, [f] { return run_check(*f); }};
}

}  // namespace npuzzle::cli
