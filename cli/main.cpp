// npuzzle's entry (command_line.cpp runs the command line).

#include "tool.hpp"

int main(int argc, char** argv) {
  return npuzzle::cli::run_tool(argc, argv);
}
