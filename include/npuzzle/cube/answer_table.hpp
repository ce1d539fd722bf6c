#pragma once
// The answer to every POJ 3131 dataset: 9 start squares x 9 empty squares of the target x 3^8
// top colourings = 531,441 least move counts, from one breadth-first search per start square
// over all the arrangements it reaches (the first depth at which a pattern shows is its answer).

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "npuzzle/cube/cube_state.hpp"
#include "npuzzle/storage/table_file.hpp"
#include "npuzzle/util/cancel.hpp"

namespace npuzzle::cube {

class AnswerTable {
 public:
  static constexpr std::uint64_t kEntries = 9 * 9 * 6561;

  /// The table's descriptor: name, size and the count of datasets at each distance, which a
  /// build and a load must both reproduce.
  static TableHeader descriptor();
  /// Arrangements one start square's search reaches: a corner or the centre, or an edge midpoint.
  static std::uint64_t reachable_from(Cell start_empty);

  /// Builds the table, one search per start square, over `threads` threads; `progress` (if set)
  /// is called with the number of start squares done. Throws std::logic_error if what the
  /// searches find differs from the descriptor,
  /// CancelledError if `cancel` is set before it is done.
  static AnswerTable build(unsigned threads, const std::function<void(int)>& progress = {},
                           const CancelToken* cancel = nullptr);
  /// The key it is kept under in a table store.
  static constexpr std::string_view kKey = "cube-answers.tbl";
  /// Throws TableFileError if the table is missing, damaged or another table. Where the store
  /// maps its files, the table is read in the mapping: a process that answers a few datasets
  /// reads a few pages of it.
  static AnswerTable load(const TableStore& store, Recount recount = Recount::kNo);
  void save(TableStore& store) const;

  /// The least number of moves from every cube in the standard orientation with the empty
  /// square on `start_empty` to the tops `tops` with the empty square on `target_empty`.
  int distance(Cell start_empty, Cell target_empty, const std::array<Colour, kSquares>& tops) const;
  std::span<const std::uint8_t> entries() const { return answers_; }

 private:
  AnswerTable(std::span<const std::uint8_t> answers, std::shared_ptr<const void> keep)
      : answers_(answers), keep_(std::move(keep)) {}
  explicit AnswerTable(std::vector<std::uint8_t> answers);

  std::span<const std::uint8_t> answers_;
  std::shared_ptr<const void> keep_;  // what holds answers_: its own bytes, or a file's mapping
};

}  // namespace npuzzle::cube
