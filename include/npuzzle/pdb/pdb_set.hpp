#pragma once
// Additive sets of pattern databases, as data: a partition of the tiles into disjoint patterns
// whose values add up, and the reflected lookup (the same tables read on the board mirrored in
// its main diagonal, the larger sum taken).
//
// Tables are built for goals with the blank on cell 0, labelled 0, 1, ..., n-1 ("blank-first").
// Any goal with the blank in a corner is brought to that form by a flip of the board and a
// relabelling of the tiles (see GoalFrame), so blank-first and blank-last share one set.

#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "npuzzle/pdb/pattern_database.hpp"

namespace npuzzle {

struct PdbSetSpec {
  std::string name;  // "7-8"
  Geometry geometry;
  std::vector<std::vector<SmallTile>> patterns;  // disjoint, covering every tile
  bool reflect = false;                          // also look up the transposed board
  std::string summary;                           // one line for `pdb list`
};

/// The sets npuzzle knows, strongest first: for 4x4, "7-8" (Korf & Felner's partition),
/// "6-6-3" and "5-5-5".
std::vector<PdbSetSpec> known_pdb_sets();
/// Throws InputError naming the known sets if there is none of that name.
PdbSetSpec pdb_set_named(std::string_view name);

/// The tables of one set, loaded or built.
class PdbSet {
 public:
  /// Loads each table from `directory`, building and saving those that are missing or damaged;
  /// `note` (if set) hears of each table built or rebuilt, with the reason.
  static std::shared_ptr<const PdbSet> load_or_build(
      const PdbSetSpec& spec, const std::filesystem::path& directory, unsigned threads,
      const std::function<void(const std::string&)>& note = {});
  /// Loads every table, throwing TableFileError if one is missing or damaged.
  static std::shared_ptr<const PdbSet> load(const PdbSetSpec& spec,
                                            const std::filesystem::path& directory);
  /// Whether every table of the set is in `directory` (not checked for damage).
  static bool present(const PdbSetSpec& spec, const std::filesystem::path& directory);
  static std::vector<PatternDescriptor> descriptors(const PdbSetSpec& spec);

  const PdbSetSpec& spec() const { return spec_; }
  const std::vector<PatternDatabase>& tables() const { return tables_; }
  std::size_t bytes() const;

  PdbSet(PdbSetSpec spec, std::vector<PatternDatabase> tables)
      : spec_(std::move(spec)), tables_(std::move(tables)) {}

 private:
  PdbSetSpec spec_;
  std::vector<PatternDatabase> tables_;
};

/// How a goal with the blank in a corner maps onto the blank-first goal: a flip of the board
/// (which mirrors moves: rows swap u and d, columns l and r) and a relabelling of tiles.
class GoalFrame {
 public:
  /// Throws InputError unless the goal's blank is in a corner.
  explicit GoalFrame(const Board& goal);
  Board to_frame(const Board& board) const;
  Dir move_from_frame(Dir d) const;

 private:
  Geometry geometry_;
  bool flip_rows_ = false, flip_cols_ = false;
  std::vector<Tile> label_;  // by tile: its label in the frame
  Cell flipped(Cell c) const;
};

}  // namespace npuzzle
