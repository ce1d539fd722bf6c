// npuzzle cube: the Cubic Eight-Puzzle's commands (solve, verify, table), each in its own file.

#include "commands.hpp"

namespace npuzzle::cli {

Command add_cube(CLI::App& root, const std::string& name) {
  auto* app = root.add_subcommand(
      name,
      "The Cubic Eight-Puzzle (POJ 3131): eight cubes rolling on a 3x3 board until their tops "
      "show a pattern. Datasets are read on stdin in POJ 3131's format");
  app->require_subcommand(1);
  const std::vector<Command> commands{add_cube_solve(*app), add_cube_verify(*app),
                                      add_cube_table(*app)};
  return {app, [commands] { return run_parsed(commands); }};
}

}  // namespace npuzzle::cli
