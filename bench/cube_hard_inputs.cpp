// Prints a POJ 3131 input of 15 datasets whose answers are all 29, 30 or -1 (more than 30),
// drawn with the given seed from the answer table (the cached one, or one built now).
// Usage: cube_hard_inputs SEED

#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include "cube_hard_datasets.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: cube_hard_inputs SEED\n");
    return 2;
  }
  std::mt19937_64 rng(std::strtoull(argv[1], nullptr, 10));
  for (const auto& d : npuzzle::bench::hard_cube_datasets(rng, 15))
    std::fputs(d.text.c_str(), stdout);
  std::puts("0 0");
  return 0;
}
