#pragma once
// Pattern databases for sliding tiles: for every placement of a pattern's tiles, the fewest
// moves of those tiles that bring them home, with the other tiles free to move at no cost but
// the blank respected: a pattern tile can only step into the region of empty-or-other cells
// that holds the blank. Tables of disjoint patterns add up to an admissible estimate.
//
// Zero-aware entries: a placement has two, one for the blank in the main region of the cells
// the pattern leaves free (more than half of them; there is at most one) and one for the blank
// anywhere else (a pocket the pattern walls off, the least over the pockets). In a search the
// blank is nearly always in the main region, whose distance is often 2 more than the pocket's
// (near home a corner block walls the blank's home off), so two entries prune far more than one
// entry per placement (the least over every region).
//
// Construction is a breadth-first search from the goal over (placement, blank region) pairs,
// the region named by its lowest cell, layer by layer in bit sets; an entry's distance is the
// first depth one of its pairs is reached at.
//
// Storage: each move counted moves one pattern tile one cell, so a distance is the pattern's
// Manhattan distance plus an even excess. A table keeps half that excess, in 4 bits (at most
// 15, which no known pattern reaches; a larger one would be kept as 15, still a lower bound):
// a byte per placement (main region low), the Manhattan part recomputed by whoever reads it. An
// entry no board can have (a placement with no main region, or no pocket) keeps the other one,
// so the lesser of the two is the least over every region, the estimate of the tables before.

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "npuzzle/core/board.hpp"
#include "npuzzle/pdb/placement.hpp"
#include "npuzzle/storage/huge_pages.hpp"
#include "npuzzle/storage/table_file.hpp"
#include "npuzzle/storage/table_memory.hpp"
#include "npuzzle/util/cancel.hpp"

namespace npuzzle {

/// One database: the goal it measures towards, the tiles it tracks, and the count of
/// entries at each stored value (half the excess over Manhattan) where it is known (a build
/// and a load must both reproduce it).
struct PatternDescriptor {
  Board goal;
  std::vector<SmallTile> tiles;
  std::vector<std::uint64_t> value_counts;

  /// "pdb 4x4 blank-first tiles 1-2-3-4-5 v3": the kind its table file carries.
  std::string kind() const;
  /// The key it is kept under in a table store (a file name).
  std::string file_name() const;
  PlacementIndex placements() const;
  /// Two per placement: the blank in the main region, the blank in a pocket.
  PlacementIndex entries() const { return 2 * placements(); }
  /// The memory a build holds at its peak: three bit sets over the (placement, blank cell)
  /// pairs, and a byte per entry.
  std::uint64_t build_bytes() const;
  TableHeader header() const { return {kind(), entries(), value_counts, 4}; }
  /// The goal cell of each of `tiles`, in order.
  std::vector<Cell> homes() const;
};

class PatternDatabase {
 public:
  static constexpr int kMaxStored = 15;

  /// Builds by breadth-first search over `threads` threads; `progress` (if set) is called with
  /// each finished depth and the pairs reached so far. Throws InputError for a pattern that is
  /// empty, holds the blank or a tile twice, or is too large for this machine's memory budget;
  /// CancelledError if `cancel` is set while it runs; std::logic_error if what it finds differs
  /// from the descriptor's counts.
  static PatternDatabase build(const PatternDescriptor& d, unsigned threads,
                               const std::function<void(int, std::uint64_t)>& progress = {},
                               const CancelToken* cancel = nullptr);
  /// Throws TableFileError if the table is missing, damaged or another table.
  static PatternDatabase load(const PatternDescriptor& d, const TableStore& store,
                              Recount recount = Recount::kNo);
  void save(TableStore& store) const;

  const PlacementRanker& ranker() const { return ranker_; }
  /// The entry (a half byte) of the placement of index `rank` with the blank in the main region,
  /// or in a pocket: the two share a byte, so one fetch brings both.
  static PlacementIndex entry(PlacementIndex rank, bool pocket) { return 2 * rank + pocket; }
  /// The lesser of a placement's two stored values (`entries`: the placement's byte): an
  /// estimate wherever the blank is.
  static int least(std::uint8_t entries) { return std::min(entries & 0xF, entries >> 4); }
  /// The stored value (half the excess of the distance over the Manhattan distance) of the
  /// placement whose byte is `entries`, where `in_main_region()` says where the blank is; asked
  /// only where the two entries differ (most placements have no pocket).
  template <class InMainRegion>
  static int stored(std::uint8_t entries, InMainRegion in_main_region) {
    const int in_main = entries & 0xF, in_pocket = entries >> 4;
    if (in_main == in_pocket) return in_main;
    return in_main_region() ? in_main : in_pocket;
  }
  /// The fewest moves that bring the pattern's tiles home from `cells` (`cells[i]`: where the
  /// i-th tile stands) with the blank on `blank`, as far as the table tells it apart (the
  /// pocket entry is the least over the pockets).
  int distance(std::span<const std::uint8_t> cells, Cell blank) const;
  const std::uint8_t* data() const { return values_->data(); }
  std::size_t bytes() const { return values_->size(); }
  /// Where the entries are now, for a search that looks at it on every read (a loaded table
  /// moves to its copy: see TableMemory).
  const std::atomic<const std::uint8_t*>& location() const { return values_->location(); }

 private:
  PatternDatabase(PatternDescriptor d, std::unique_ptr<TableMemory> values);
  /// Keeps `distances` (one byte per entry, by entry(), as the build finds them; 0xFF for an
  /// entry no board has) in the packed form, over `threads` threads.
  /// Throws std::logic_error where a distance is below the pattern's Manhattan distance or of
  /// the other parity (so not a distance at all), or where the stored values' counts differ
  /// from the descriptor's.
  static PatternDatabase pack(const PatternDescriptor& d, std::span<const std::uint8_t> distances,
                              unsigned threads);

  PatternDescriptor descriptor_;
  PlacementRanker ranker_;
  std::unique_ptr<TableMemory> values_;  // by placement index: main region, pocket
  std::vector<Cell> homes_;
};

}  // namespace npuzzle
