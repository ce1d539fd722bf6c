#pragma once
// One function per subcommand, each defined in the file of the same name.

#include "common.hpp"
#include "flags.hpp"

namespace npuzzle::cli {

Command add_solve(CLI::App& root);
Command add_check(CLI::App& root);
Command add_compare(CLI::App& root);
Command add_verify(CLI::App& root);
Command add_random(CLI::App& root);
Command add_hint(CLI::App& root);
Command add_judge(CLI::App& root);
Command add_cube(CLI::App& root);
Command add_pdb(CLI::App& root);
Command add_bench(CLI::App& root);
Command add_web(CLI::App& root);
Command add_cube_solve(CLI::App& cube);
Command add_cube_verify(CLI::App& cube);
Command add_cube_table(CLI::App& cube);

}  // namespace npuzzle::cli
