#include "npuzzle/tiles/pdb_heuristic.hpp"

#include "npuzzle/core/symmetry.hpp"
#include "npuzzle/util/errors.hpp"

namespace npuzzle {

PdbHeuristic::PdbHeuristic(const GoalLayout& layout, const HeuristicInputs& inputs)
    : regions_(layout.geometry()),
      set_(inputs.pdb),
      reflect_(set_ != nullptr && set_->spec().reflect) {
  if (!set_) throw InputError("the pdb heuristic needs a pattern database set");
  for (const auto& p : set_->spec().patterns) patterns_.push_back(p.tiles);
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
    data_[p] = &set_->tables()[p].location();
    ranker_[p] = &set_->tables()[p].ranker();
    for (std::size_t i = 0; i < patterns_[p].size(); ++i) {
      pattern_of_[patterns_[p][i]] = static_cast<std::uint8_t>(p);
      index_in_pattern_[patterns_[p][i]] = static_cast<std::uint8_t>(i);
    }
  }
  for (int t = 0; t < g.cells(); ++t) {
    for (Cell c = 0; c < g.cells(); ++c) {
      distance_[static_cast<std::size_t>(t)][static_cast<std::size_t>(c)] =
          static_cast<std::uint8_t>(layout.distance(static_cast<SmallTile>(t), c));
    }
  }
  // The mirror in the main diagonal: on the blank-first goal a tile's label is its home cell.
  for (Cell c = 0; c < g.cells(); ++c) {
    const auto mirror = static_cast<std::uint8_t>(image(g, c, Symmetry{.transpose = true}));
    mirror_cell_[static_cast<std::size_t>(c)] = mirror;
    mirror_tile_[static_cast<std::size_t>(c)] = mirror;
  }
  if (reflect_ && g.rows != g.cols) reflect_ = false;
}

int PdbHeuristic::evaluate(std::span<const SmallTile> tiles, Memo& memo) const {
  std::array<std::uint8_t, kMaxCells> mirrored_cell{};  // by tile of the mirrored board
  for (std::size_t c = 0; c < tiles.size(); ++c) {
    memo.cell[tiles[c]] = static_cast<std::uint8_t>(c);
    mirrored_cell[mirror_tile_[tiles[c]]] = mirror_cell_[c];
  }
  memo.value.fill(0);
  memo.mirrored_value.fill(0);
  memo.taken.fill(0);
  memo.mirrored_taken.fill(0);
  for (std::size_t p = 0; p < patterns_.size(); ++p) {
    for (const SmallTile t : patterns_[p]) {
      memo.taken[p] |= CellMask{1} << memo.cell[t];
      memo.mirrored_taken[p] |= CellMask{1} << mirrored_cell[t];
    }
  }
  memo.trail.clear();
  memo.sum = memo.mirrored_sum = memo.manhattan = 0;
  for (std::size_t c = 0; c < tiles.size(); ++c) {
    if (tiles[c] != kBlank) memo.manhattan += distance(tiles[c], static_cast<unsigned>(c));
  }
  for (std::size_t p = 0; p < patterns_.size(); ++p) {
    memo.sum += revalue(memo.cell, memo.taken, memo.value, memo.rank, static_cast<std::uint8_t>(p));
    if (reflect_) {
      memo.mirrored_sum += revalue(mirrored_cell, memo.mirrored_taken, memo.mirrored_value,
                                   memo.mirrored_rank, static_cast<std::uint8_t>(p));
    }
  }
  return estimate(memo);
}

}  // namespace npuzzle
