#pragma once
// Seeded draws of POJ 3131 datasets whose answers are 29, 30 or more than 30 (judged -1), the
// hardest inputs for a capped search: for the benchmarks.

#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "npuzzle/api/solver.hpp"
#include "npuzzle/core/random_board.hpp"
#include "npuzzle/cube/answer_table.hpp"

namespace npuzzle::bench {

struct HardDataset {
  Cell start_empty;
  Cell target_empty;
  std::array<cube::Colour, cube::kSquares> tops;
  int answer;           // the true least number of moves
  std::string text;     // in POJ 3131's format
  CubeDataset dataset;  // the same, as the Solver takes it
};

inline const cube::AnswerTable& answer_table() {
  static const cube::AnswerTable table = [] {
    try {
      if (const char* dir = std::getenv("NPUZZLE_CACHE"); dir && *dir) {
        return cube::AnswerTable::load(DirectoryStore(dir));
      }
    } catch (const TableFileError&) {
    }
    return cube::AnswerTable::build(2);
  }();
  return table;
}

inline std::vector<HardDataset> hard_cube_datasets(std::mt19937_64& rng, std::size_t count) {
  const auto& table = answer_table();
  std::vector<HardDataset> out;
  while (out.size() < count) {
    HardDataset d{};
    d.start_empty = static_cast<Cell>(uniform_below(rng, cube::kSquares));
    d.target_empty = static_cast<Cell>(uniform_below(rng, cube::kSquares));
    for (auto& t : d.tops) t = static_cast<cube::Colour>(uniform_below(rng, 3));
    d.answer = table.distance(d.start_empty, d.target_empty, d.tops);
    if (d.answer < 29) continue;
    d.dataset.x = static_cast<std::uint64_t>(d.start_empty % 3 + 1);
    d.dataset.y = static_cast<std::uint64_t>(d.start_empty / 3 + 1);
    d.text = std::to_string(d.dataset.x) + " " + std::to_string(d.dataset.y) + "\n";
    for (Cell c = 0; c < cube::kSquares; ++c) {
      const char letter =
          c == d.target_empty ? 'E' : "WRB"[static_cast<int>(d.tops[static_cast<std::size_t>(c)])];
      d.dataset.pattern += letter;
      d.text += letter;
      d.text += c % 3 == 2 ? '\n' : ' ';
    }
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace npuzzle::bench
