// npuzzle cube table: build, verify, remove or locate the cached answer table.

#include <memory>

#include "commands.hpp"
#include "table_actions.hpp"

namespace npuzzle::cli {

Command add_cube_table(CLI::App& cube) {
  auto action = std::make_shared<std::string>();
  auto* app = cube.add_subcommand(
      "table",
      "The answer table of all 531,441 POJ 3131 datasets, kept in the cache directory "
      "($NPUZZLE_CACHE, else $XDG_CACHE_HOME/npuzzle, else ~/.cache/npuzzle); judge poj3131 "
      "answers from it when it is there");
  app->add_option("action", *action,
                  "build (or rebuild), verify (check header, checksum and counts), remove, or path")
      ->required()
      ->check(one_of({"build", "verify", "remove", "path"}));
  return {app, [action] {
            if (*action == "build") return build_tables("cube");
            if (*action == "verify") return verify_tables("cube");
            if (*action == "remove") return remove_tables("cube");
            return print_table_paths("cube");
          }};
}

}  // namespace npuzzle::cli
