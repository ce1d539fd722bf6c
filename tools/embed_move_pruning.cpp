// Build-time tool: writes the move-pruning machine of the redundant move strings of up to
// MovePruning::kStandardLength moves (its table: the state after each move from each state) as
// a C++ initializer list that the program carries built in, so that a search starts without
// finding the strings and making the machine. Usage: embed_move_pruning OUT_FILE

#include <cstdio>
#include <exception>
#include <fstream>

#include "npuzzle/tiles/move_pruning.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fputs("usage: embed_move_pruning OUT_FILE\n", stderr);
    return 2;
  }
  try {
    const auto strings = npuzzle::find_redundant_strings(npuzzle::MovePruning::kStandardLength);
    const npuzzle::MovePruning machine(strings);
    std::ofstream out(argv[1]);
    out << "// " << machine.states() << " states of the machine of " << strings.size()
        << " redundant move strings, written by embed_move_pruning\n";
    const auto table = machine.table();
    for (std::size_t k = 0; k < table.size(); ++k) {
      out << table[k] << (k % 16 == 15 ? ",\n" : ",");
    }
    out << '\n';
    if (!out.flush()) {
      std::fprintf(stderr, "embed_move_pruning: cannot write %s\n", argv[1]);
      return 1;
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "embed_move_pruning: %s\n", e.what());
    return 1;
  }
  return 0;
}
