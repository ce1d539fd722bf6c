// npuzzle cube table: build, verify, remove or locate the cached answer table.

#include <filesystem>
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "cube_table_cache.hpp"

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
      ->check(CLI::IsMember({"build", "verify", "remove", "path"}));
  return {app, [action] {
            const auto path = cube::AnswerTable::default_path();
            if (*action == "build") {
              build_answer_table();
            } else if (*action == "path") {
              std::cout << path.string() << '\n';
            } else if (*action == "remove") {
              std::cout << (std::filesystem::remove(path) ? "removed " : "no table at ")
                        << path.string() << '\n';
            } else {
              try {
                cube::AnswerTable::load(path);
                std::cout << "ok: " << path.string() << '\n';
              } catch (const TableFileError& e) {
                report("cube table", e.what());
                return static_cast<int>(kFailure);
              }
            }
            return static_cast<int>(kOk);
          }};
}

}  // namespace npuzzle::cli
