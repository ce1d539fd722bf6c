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
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "npuzzle/board.hpp"
#include "npuzzle/pdb/placement.hpp"
#include "npuzzle/storage/huge_pages.hpp"
#include "npuzzle/storage/table_file.hpp"
#include "npuzzle/tiles/heuristics.hpp"

namespace npuzzle {

/// One database: the goal it measures towards and the tiles it tracks.
struct PatternDescriptor {
  Board goal;
  std::vector<SmallTile> tiles;

  /// "pdb 4x4 goal 0-1-2-...-15 tiles 1-2-3-4-5" : the name a table file carries.
  std::string kind() const;
  /// The file it is kept in under the cache directory.
  std::string file_name() const;
  PlacementIndex entries() const;
};

class PatternDatabase {
 public:
  /// Builds by breadth-first search over `threads` threads; `progress` (if set) is called with
  /// each finished depth and the pairs reached so far. Throws InputError for a pattern that is
  /// empty, holds the blank or a tile twice, or is too large for this machine's memory budget.
  static PatternDatabase build(const PatternDescriptor& d, unsigned threads,
                               const std::function<void(int, std::uint64_t)>& progress = {});
  /// Throws TableFileError if the file is missing, damaged or another table.
  static PatternDatabase load(const PatternDescriptor& d, const std::filesystem::path& path);
  void save(const std::filesystem::path& path) const;

  const PatternDescriptor& descriptor() const { return descriptor_; }
  const PlacementRanker& ranker() const { return ranker_; }
  std::uint8_t at(PlacementIndex i) const { return values_[i]; }
  const std::uint8_t* data() const { return values_.data(); }
  std::size_t bytes() const { return values_.size(); }

 private:
  PatternDatabase(PatternDescriptor d, LargeBytes values);

  PatternDescriptor descriptor_;
  PlacementRanker ranker_;
  LargeBytes values_;  // by placement index
};

}  // namespace npuzzle
