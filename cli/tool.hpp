#pragma once
// The tool's run, from the start of main to its end: in the subcommands' library that both
// builds of the tool link, each adding its own processes file and main.cpp.

namespace npuzzle::cli {

/// Takes this process's part in the run (processes.hpp), runs the command line, and returns the
/// exit code the processes agree on.
int run_tool(int argc, char** argv);

}  // namespace npuzzle::cli
