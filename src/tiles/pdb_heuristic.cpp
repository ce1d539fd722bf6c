#include "npuzzle/tiles/pdb_heuristic.hpp"

#include "npuzzle/core/symmetry.hpp"
#include "npuzzle/util/errors.hpp"

namespace npuzzle {

PdbHeuristic::PdbHeuristic(const GoalLayout& layout, const HeuristicInputs& inputs)
    : regions_(layout.geometry()), set_(inputs.pdb) {
  if (!set_) throw InputError("the pdb heuristic needs a pattern database set");
  const PdbSetSpec& spec = set_->spec();
  const Geometry g = layout.geometry();
  if (g != spec.geometry || g.cells() > kMaxCells) {
    throw InputError("the " + spec.name + " pattern databases are for " + spec.geometry.name() +
                     " boards, not " + g.name());
  }
  for (int t = 1; t < g.cells(); ++t) {
    const auto tile = static_cast<SmallTile>(t);
    if (g.at(layout.home_row(tile), layout.home_col(tile)) != t) {
      throw InputError("pattern databases need the blank-first goal (see GoalFrame)");
    }
  }
  for (int t = 0; t < g.cells(); ++t) {
    for (Cell c = 0; c < g.cells(); ++c) {
      distance_[static_cast<std::size_t>(t)][static_cast<std::size_t>(c)] =
          static_cast<std::uint8_t>(layout.distance(static_cast<SmallTile>(t), c));
    }
  }
  // A view's cells: the board's own, or the mirror's in the main diagonal. On the blank-first goal
  // a tile's label is its home cell, so a view maps tile labels as it maps cells (View::cell).
  auto add_view = [&](const Partition& partition, std::size_t first_table, bool mirrored) {
    if (views_ == kMaxViews || partition.patterns.size() > kMaxPatterns) {
      throw InputError("the " + spec.name + " pattern databases have more patterns or " +
                       "partitions than the estimate reads");
    }
    View& view = view_[views_++];
    for (Cell c = 0; c < g.cells(); ++c) {
      const auto image_cell = static_cast<std::uint8_t>(
          mirrored ? image(g, c, Symmetry{.transpose = true}) : static_cast<int>(c));
      view.cell[static_cast<std::size_t>(c)] = image_cell;
    }
    for (std::size_t p = 0; p < partition.patterns.size(); ++p) {
      const auto& table = set_->tables()[first_table + p];
      view.data[p] = &table.location();
      view.ranker[p] = &table.ranker();
      view.patterns.push_back(partition.patterns[p].tiles);
      for (std::size_t i = 0; i < partition.patterns[p].tiles.size(); ++i) {
        const SmallTile label = partition.patterns[p].tiles[i];
        const SmallTile t = view.cell[label];  // (the mirror is its own inverse)
        view.pattern_of[t] = static_cast<std::uint8_t>(p);
        view.index_in_pattern[t] = static_cast<std::uint8_t>(i);
      }
    }
  };
  std::size_t first_table = 0;
  for (const Partition& partition : spec.partitions) {
    add_view(partition, first_table, false);
    if (partition.reflect && g.rows == g.cols) add_view(partition, first_table, true);
    first_table += partition.patterns.size();
  }
  if (views_ == 0) throw InputError("the " + spec.name + " pattern databases have no patterns");
}

int PdbHeuristic::evaluate(std::span<const SmallTile> tiles, Memo& memo) const {
  for (std::size_t c = 0; c < tiles.size(); ++c) memo.cell[tiles[c]] = static_cast<std::uint8_t>(c);
  memo.trail.clear();
  memo.manhattan = 0;
  for (std::size_t c = 0; c < tiles.size(); ++c) {
    if (tiles[c] != kBlank) memo.manhattan += distance(tiles[c], static_cast<unsigned>(c));
  }
  for (std::size_t v = 0; v < views_; ++v) {
    const View& view = view_[v];
    Memo::View& seen = memo.view[v];
    std::array<std::uint8_t, kMaxCells> cell{};  // by the view's tile: its cell in the view
    for (std::size_t c = 0; c < tiles.size(); ++c) cell[view.cell[tiles[c]]] = view.cell[c];
    seen = {};
    for (std::size_t p = 0; p < view.patterns.size(); ++p) {
      const auto& pattern = view.patterns[p];
      std::array<std::uint8_t, PlacementRanker::kMaxTiles> placement;
      for (std::size_t i = 0; i < pattern.size(); ++i) {
        placement[i] = cell[pattern[i]];
        seen.taken[p] |= CellMask{1} << cell[pattern[i]];
      }
      seen.rank[p] = view.ranker[p]->rank(std::span(placement.data(), pattern.size()));
      seen.value[p] = PatternDatabase::stored(
          table(v, static_cast<std::uint8_t>(p))[seen.rank[p]],
          [&] { return regions_.in_main_region(cell[kBlank], regions_.board() & ~seen.taken[p]); });
      seen.sum += seen.value[p];
    }
  }
  return estimate(memo);
}

}  // namespace npuzzle
