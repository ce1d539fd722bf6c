#pragma once
// One function per subcommand, each defined in the file of the same name. A top-level command is
// added under the name it is given: command_line.cpp's table of commands is the one place that
// names each (and finds the one a run asks for by it).

#include "common.hpp"
#include "flags.hpp"

namespace npuzzle::cli {

Command add_solve(CLI::App& root, const std::string& name);
Command add_check(CLI::App& root, const std::string& name);
Command add_compare(CLI::App& root, const std::string& name);
Command add_verify(CLI::App& root, const std::string& name);
Command add_random(CLI::App& root, const std::string& name);
Command add_hint(CLI::App& root, const std::string& name);
Command add_judge(CLI::App& root, const std::string& name);
Command add_cube(CLI::App& root, const std::string& name);
Command add_pdb(CLI::App& root, const std::string& name);
Command add_bench(CLI::App& root, const std::string& name);
Command add_web(CLI::App& root, const std::string& name);
Command add_cube_solve(CLI::App& cube);
Command add_cube_verify(CLI::App& cube);
Command add_cube_table(CLI::App& cube);

}  // namespace npuzzle::cli
