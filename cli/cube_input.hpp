#pragma once
// Reading POJ 3131 datasets, shared by `judge poj3131` and the `cube` commands.

#include <functional>

#include "npuzzle/api/solver.hpp"
#include "scanner.hpp"

namespace npuzzle::cli {

struct CubeInput {
  int number = 0;  // 1-based, in input order
  int line = 0;    // where it starts
  CubeDataset dataset;
};

/// Reads datasets until a line "0 0" or the end of the input and calls `handle` for each. A bad
/// dataset (or an InputError from `handle`) is reported on stderr, naming the dataset, after
/// `out` is flushed so the two stay in order, and the next one is read; a truncated one ends
/// the input. Returns kBadInput if any dataset
/// was refused, else kOk.
int for_each_cube_dataset(Scanner& in, BlockWriter& out,
                          const std::function<void(const CubeInput&)>& handle);

}  // namespace npuzzle::cli
