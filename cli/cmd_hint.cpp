// npuzzle hint: the distance to the goal and a best next move.

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

struct HintFlags {
  std::vector<std::string> board;
  BoardFlags boards;
  SearchFlags search;
  OutputFlags output;
};

int run_hint(HintFlags& f) {
  const Notation notation = f.output.notation_value();
  bool gave_up = false;
  const int code = for_each_board(
      f.board, f.boards.geometry(),
      [&](const Board& board, const std::string& where) {
        const Hint h = solver().hint(board, f.boards.goal_for(board.geometry), f.search.options());
        clear_progress();
        const bool solved = h.status == SearchStatus::Solved;
        const std::string next = h.next ? format_moves(std::span(&*h.next, 1), notation) : "";
        if (f.output.json) {
          print_json({{"board", board_json(board)},
                      {"status", describe(h.status)},
                      {"distance", solved ? nlohmann::json(h.distance) : nlohmann::json(nullptr)},
                      {"next", h.next ? nlohmann::json(next) : nlohmann::json(nullptr)},
                      {"optimal", h.optimal},
                      {"lower_bound", h.lower_bound}},
                     where);
        } else if (!solved) {
          std::cout << (h.status == SearchStatus::NoSolution ? "unsolvable\n" : "unknown\n");
        } else if (!h.next) {
          std::cout << "distance 0: already at the goal\n";
        } else if (h.optimal) {
          std::cout << fmt::format("distance {}, next move {}\n", h.distance, next);
        } else {
          std::cout << fmt::format(
              "distance at least {} and at most {}, next move {} (of a {}-move solution, not "
              "proven shortest)\n",
              h.lower_bound, h.distance, next, h.distance);
        }
        if (!solved && h.status != SearchStatus::NoSolution &&
            h.status != SearchStatus::Cancelled) {
          gave_up = true;
          report(where, fmt::format("no answer: {} reached (the distance is at least {})",
                                    describe(h.status), h.lower_bound));
        }
      },
      error_line(f.output.json), blank_line(f.output.json));
  return batch_exit(code, gave_up);
}

}  // namespace

Command add_hint(CLI::App& root, const std::string& name) {
  auto f = std::make_shared<HintFlags>();
  auto* app = root.add_subcommand(
      name,
      "Print each board's distance to the goal and a first move of a shortest solution; where "
      "no shortest solution is found within the budget (large boards), the range the distance "
      "lies in and the first move of the best solution found");
  add_board_argument(*app, f->board);
  f->boards.add_to(*app);
  f->search.add_to(*app, true);
  f->output.add_to(*app, false);
  return {app, [f] { return run_hint(*f); }};
}

}  // namespace npuzzle::cli
