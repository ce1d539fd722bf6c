#pragma once
// Additive sets of pattern databases, as data: partitions of the tiles into disjoint patterns
// whose values add up, each read on the board as it is and, where reflected, on the board
// mirrored in its main diagonal too (the same tables); the estimate takes the largest sum.
//
// Tables are built for goals with the blank on cell 0, labelled 0, 1, ..., n-1 ("blank-first").
// Any goal with the blank in a corner is brought to that form by a flip of the board and a
// relabelling of the tiles (see GoalFrame), so blank-first and blank-last share one set.

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "npuzzle/core/symmetry.hpp"
#include "npuzzle/pdb/pattern_database.hpp"

namespace npuzzle {

struct PatternSpec {
  std::vector<SmallTile> tiles;
  std::vector<std::uint64_t> value_counts;  // placements per distance, as built
};

/// Tiles split into disjoint patterns whose values add up, read on the board as it is and, where
/// `reflect`, also on the board mirrored in its main diagonal (the larger sum taken).
struct Partition {
  std::vector<PatternSpec> patterns;  // disjoint, covering every tile
  bool reflect = false;
};

struct PdbSetSpec {
  std::string name;  // "7-8"
  Geometry geometry;
  std::vector<Partition> partitions;  // the estimate takes the largest of their sums
  bool light = false;                 // cheap enough (seconds) for a solve to build on first use
  std::string summary;                // one line for listings
};

/// The sets npuzzle knows, strongest first: for 4x4, "7-8+L" (Korf & Felner's partition and an
/// L-shaped one), "7-8" (Korf & Felner's partition),
/// "6-6-3" and "5-5-5" (light); for 5x5, "6-6-6-6x2" (Korf & Felner's partition and one in
/// steps) and "6-6-6-6" (Korf & Felner's).
const std::vector<PdbSetSpec>& known_pdb_sets();

/// The tables of one set.
class PdbSet {
 public:
  PdbSet(PdbSetSpec spec, std::vector<PatternDatabase> tables)
      : spec_(std::move(spec)), tables_(std::move(tables)) {}

  /// Loads every table, throwing TableFileError if one is missing or damaged.
  static std::shared_ptr<const PdbSet> load(const PdbSetSpec& spec, const TableStore& store);
  /// What load_or_build made ready: the set, and how many of its tables it built.
  struct Ready {
    std::shared_ptr<const PdbSet> set;
    std::size_t built = 0;
  };
  /// Loads each table, building and keeping those that are missing or damaged (a table intact in
  /// the store is kept, whichever set it was built for); `note` (if set) hears of each table
  /// built or rebuilt, with the reason, and `progress` of each depth of each (by its key).
  static Ready load_or_build(
      const PdbSetSpec& spec, TableStore& store, unsigned threads,
      const std::function<void(const std::string&)>& note = {},
      const std::function<void(const std::string&, int, std::uint64_t)>& progress = {},
      const CancelToken* cancel = nullptr);
  /// Whether every table of the set is in `store` (not checked for damage).
  static bool present(const PdbSetSpec& spec, const TableStore& store);
  static std::vector<PatternDescriptor> descriptors(const PdbSetSpec& spec);

  const PdbSetSpec& spec() const { return spec_; }
  const std::vector<PatternDatabase>& tables() const { return tables_; }

 private:
  PdbSetSpec spec_;
  std::vector<PatternDatabase> tables_;
};

/// How a goal with the blank in a corner maps onto the blank-first goal: a flip of the board
/// (which mirrors moves: rows swap u and d, columns l and r) and a relabelling of tiles.
class GoalFrame {
 public:
  /// Whether pattern databases built for the blank-first goal can serve `goal`.
  static bool serves(const Board& goal);
  /// Throws InputError unless the goal's blank is in a corner.
  explicit GoalFrame(const Board& goal);
  Board to_frame(const Board& board) const;
  Dir move_from_frame(Dir d) const;

 private:
  Geometry geometry_;
  Symmetry symmetry_;        // the goal's blank to the first cell
  std::vector<Tile> label_;  // by tile: its label in the frame
};

}  // namespace npuzzle
