#pragma once
// Pattern databases for sliding tiles: for every placement of a pattern's tiles, the fewest
// moves of those tiles that bring them home, with the other tiles free to move at no cost but
// the blank respected: a pattern tile can only step into the region of empty-or-other cells
// that holds the blank. Tables of disjoint patterns add up to an admissible estimate.
//
// Construction is a breadth-first search from the goal over (placement, blank region) pairs,
// the region named by its lowest cell, layer by layer in bit sets; a placement's entry is the
// least distance of any of its regions.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "npuzzle/board.hpp"
#include "npuzzle/cancel.hpp"
#include "npuzzle/pdb/placement.hpp"
#include "npuzzle/storage/huge_pages.hpp"
#include "npuzzle/storage/table_file.hpp"

namespace npuzzle {

/// One database: the goal it measures towards, the tiles it tracks, and the count of
/// placements at each distance where it is known (a build and a load must both reproduce it).
struct PatternDescriptor {
  Board goal;
  std::vector<SmallTile> tiles;
  std::vector<std::uint64_t> value_counts;

  /// "pdb 4x4 blank-first tiles 1-2-3-4-5 v1": the kind its table file carries.
  std::string kind() const;
  /// The key it is kept under in a table store (a file name).
  std::string file_name() const;
  PlacementIndex entries() const;
  TableHeader header() const { return {kind(), entries(), value_counts}; }
};

class PatternDatabase {
 public:
  /// Builds by breadth-first search over `threads` threads; `progress` (if set) is called with
  /// each finished depth and the pairs reached so far. Throws InputError for a pattern that is
  /// empty, holds the blank or a tile twice, or is too large for this machine's memory budget;
  /// CancelledError if `cancel` is set while it runs; std::logic_error if what it finds differs
  /// from the descriptor's counts.
  static PatternDatabase build(const PatternDescriptor& d, unsigned threads,
                               const std::function<void(int, std::uint64_t)>& progress = {},
                               const CancelToken* cancel = nullptr);
  /// Throws TableFileError if the table is missing, damaged or another table.
  static PatternDatabase load(const PatternDescriptor& d, const TableStore& store);
  void save(TableStore& store) const;

  const PlacementRanker& ranker() const { return ranker_; }
  std::uint8_t at(PlacementIndex i) const { return values_[static_cast<std::size_t>(i)]; }
  const std::uint8_t* data() const { return values_.data(); }
  std::size_t bytes() const { return values_.size(); }

 private:
  PatternDatabase(PatternDescriptor d, LargeBytes values);

  PatternDescriptor descriptor_;
  PlacementRanker ranker_;
  LargeBytes values_;  // by placement index
};

}  // namespace npuzzle
