#include "npuzzle/pdb/pdb_set.hpp"

#include <numeric>

#include "npuzzle/errors.hpp"
#include "npuzzle/pdb/pdb_heuristic.hpp"

namespace npuzzle {
namespace {

std::vector<SmallTile> range(int first, int last) {
  std::vector<SmallTile> out(static_cast<std::size_t>(last - first + 1));
  std::iota(out.begin(), out.end(), static_cast<SmallTile>(first));
  return out;
}

}  // namespace

std::vector<PdbSetSpec> known_pdb_sets() {
  const Geometry g{4, 4};
  return {
      {"7-8",
       g,
       {range(1, 7), range(8, 15)},
       true,
       "tiles 1-7 and 8-15 (Korf & Felner), reflected: 577 MB, built in minutes"},
      {"6-6-3",
       g,
       {{1, 2, 3, 5, 6, 7}, {4, 8, 9, 12, 13, 14}, {10, 11, 15}},
       true,
       "three blocks, reflected: 11.5 MB, built in seconds"},
      {"5-5-5",
       g,
       {{1, 2, 3, 5, 6}, {4, 8, 9, 12, 13}, {7, 10, 11, 14, 15}},
       true,
       "three blocks, reflected: 1.6 MB, built in about a second"},
  };
}

PdbSetSpec pdb_set_named(std::string_view name) {
  std::string names;
  for (auto& s : known_pdb_sets()) {
    if (s.name == name) return s;
    if (!names.empty()) names += ", ";
    names += s.name;
  }
  throw InputError("no pattern database set '" + std::string(name) + "' (known: " + names + ")");
}

std::vector<PatternDescriptor> PdbSet::descriptors(const PdbSetSpec& spec) {
  std::vector<PatternDescriptor> out;
  for (const auto& tiles : spec.patterns) out.push_back({Board::blank_first(spec.geometry), tiles});
  return out;
}

bool PdbSet::present(const PdbSetSpec& spec, const std::filesystem::path& directory) {
  for (const auto& d : descriptors(spec)) {
    if (!std::filesystem::exists(directory / d.file_name())) return false;
  }
  return true;
}

std::shared_ptr<const PdbSet> PdbSet::load(const PdbSetSpec& spec,
                                           const std::filesystem::path& directory) {
  std::vector<PatternDatabase> tables;
  for (const auto& d : descriptors(spec)) {
    tables.push_back(PatternDatabase::load(d, directory / d.file_name()));
  }
  return std::make_shared<const PdbSet>(spec, std::move(tables));
}

std::shared_ptr<const PdbSet> PdbSet::load_or_build(
    const PdbSetSpec& spec, const std::filesystem::path& directory, unsigned threads,
    const std::function<void(const std::string&)>& note) {
  std::vector<PatternDatabase> tables;
  for (const auto& d : descriptors(spec)) {
    const auto path = directory / d.file_name();
    try {
      tables.push_back(PatternDatabase::load(d, path));
      continue;
    } catch (const TableFileError& e) {
      if (note) {
        note(std::filesystem::exists(path) ? std::string(e.what()) + "; rebuilding it"
                                           : "building " + path.string());
      }
    }
    tables.push_back(PatternDatabase::build(d, threads));
    tables.back().save(path);
  }
  return std::make_shared<const PdbSet>(spec, std::move(tables));
}

std::size_t PdbSet::bytes() const {
  std::size_t total = 0;
  for (const auto& t : tables_) total += t.bytes();
  return total;
}

GoalFrame::GoalFrame(const Board& goal) : geometry_(goal.geometry) {
  const Cell b = goal.blank();
  const int r = geometry_.row(b), c = geometry_.col(b);
  if ((r != 0 && r != geometry_.rows - 1) || (c != 0 && c != geometry_.cols - 1)) {
    throw InputError("pattern databases serve goals with the blank in a corner");
  }
  flip_rows_ = r != 0;
  flip_cols_ = c != 0;
  label_.resize(goal.tiles.size());
  for (std::size_t cell = 0; cell < goal.tiles.size(); ++cell) {
    label_[goal.tiles[cell]] = static_cast<Tile>(flipped(static_cast<Cell>(cell)));
  }
}

Cell GoalFrame::flipped(Cell c) const {
  const int r = geometry_.row(c), k = geometry_.col(c);
  return geometry_.at(flip_rows_ ? geometry_.rows - 1 - r : r,
                      flip_cols_ ? geometry_.cols - 1 - k : k);
}

Board GoalFrame::to_frame(const Board& board) const {
  Board out{board.geometry, std::vector<Tile>(board.tiles.size())};
  for (std::size_t c = 0; c < board.tiles.size(); ++c) {
    out.tiles[static_cast<std::size_t>(flipped(static_cast<Cell>(c)))] = label_[board.tiles[c]];
  }
  return out;
}

Dir GoalFrame::move_from_frame(Dir d) const {
  if ((is_vertical(d) && flip_rows_) || (!is_vertical(d) && flip_cols_)) return reverse(d);
  return d;
}

PdbHeuristic::PdbHeuristic(const GoalLayout& layout, std::shared_ptr<const PdbSet> set)
    : set_(std::move(set)), patterns_(set_->spec().patterns), reflect_(set_->spec().reflect) {
  const Geometry g = layout.geometry();
  if (g != set_->spec().geometry || g.cells() > kMaxCells || patterns_.size() > kMaxPatterns) {
    throw InputError("the " + set_->spec().name + " pattern databases are for " +
                     set_->spec().geometry.name() + " boards, not " + g.name());
  }
  for (int t = 1; t < g.cells(); ++t) {
    const auto tile = static_cast<SmallTile>(t);
    if (g.at(layout.home_row(tile), layout.home_col(tile)) != t) {
      throw InputError("pattern databases need the blank-first goal (see GoalFrame)");
    }
  }
  for (std::size_t p = 0; p < patterns_.size(); ++p) {
    for (const SmallTile t : patterns_[p]) pattern_of_[t] = static_cast<std::uint8_t>(p);
  }
  // The mirror in the main diagonal: on the blank-first goal a tile's label is its home cell.
  for (Cell c = 0; c < g.cells(); ++c) {
    const auto image = static_cast<std::uint8_t>(g.at(g.col(c), g.row(c)));
    mirror_cell_[static_cast<std::size_t>(c)] = image;
    mirror_tile_[static_cast<std::size_t>(c)] = image;
  }
  if (reflect_ && g.rows != g.cols) reflect_ = false;
}

int PdbHeuristic::evaluate(std::span<const SmallTile> tiles, Memo& memo) const {
  for (std::size_t c = 0; c < tiles.size(); ++c) {
    memo.cell[tiles[c]] = static_cast<std::uint8_t>(c);
    memo.mirrored_cell[mirror_tile_[tiles[c]]] = mirror_cell_[c];
  }
  memo.value.fill(0);
  memo.mirrored_value.fill(0);
  memo.trail.clear();
  memo.sum = memo.mirrored_sum = 0;
  for (std::size_t p = 0; p < patterns_.size(); ++p) {
    memo.sum += revalue(memo.cell, memo.value, static_cast<std::uint8_t>(p));
    if (reflect_) {
      memo.mirrored_sum +=
          revalue(memo.mirrored_cell, memo.mirrored_value, static_cast<std::uint8_t>(p));
    }
  }
  return reflect_ ? std::max(memo.sum, memo.mirrored_sum) : memo.sum;
}

}  // namespace npuzzle
