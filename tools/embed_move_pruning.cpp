// Build-time tool: writes the redundant move strings of up to MovePruning::kStandardLength
// moves, packed, as a C++ initializer list that the program carries built in, so that a search
// starts without enumerating them. Usage: embed_move_pruning OUT_FILE

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
    std::ofstream out(argv[1]);
    out << "// " << strings.size() << " redundant move strings, written by embed_move_pruning\n";
    for (const auto& s : strings) out << s.packed() << "u,\n";
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
