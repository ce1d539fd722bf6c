#include "npuzzle/tiles/walking_distance.hpp"

#include <stdexcept>

#include "npuzzle/util/errors.hpp"

namespace npuzzle {
namespace {

using Counts = WalkingTable::Counts;

// Counts at 4 bits each, row-major, in a 64-bit key.
std::uint64_t key_of(const Counts& c, int lines) {
  std::uint64_t key = 0;
  for (std::size_t l = 0; l < static_cast<std::size_t>(lines); ++l) {
    for (std::size_t h = 0; h < static_cast<std::size_t>(lines); ++h) key = key << 4 | c[l][h];
  }
  return key;
}

Counts counts_of(std::uint64_t key, int lines) {
  Counts c{};
  for (int l = lines - 1; l >= 0; --l) {
    for (int h = lines - 1; h >= 0; --h) {
      c[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)] =
          static_cast<std::uint8_t>(key & 15);
      key >>= 4;
    }
  }
  return c;
}

int blank_line(const Counts& c, int lines, int width) {
  for (std::size_t l = 0; l < static_cast<std::size_t>(lines); ++l) {
    int sum = 0;
    for (std::size_t h = 0; h < static_cast<std::size_t>(lines); ++h) sum += c[l][h];
    if (sum < width) return static_cast<int>(l);
  }
  return 0;
}

}  // namespace

std::shared_ptr<const WalkingTable> WalkingTables::get(int lines, int width,
                                                       std::span<const int> home) {
  const std::lock_guard lock(mutex_);
  auto& slot = tables_[{lines, width, std::vector<int>(home.begin(), home.end())}];
  if (!slot) slot = std::make_shared<const WalkingTable>(lines, width, home);
  return slot;
}

WalkingTable::WalkingTable(int lines, int width, std::span<const int> home) : lines_(lines) {
  Counts goal{};
  for (std::size_t t = 1; t < home.size(); ++t) {
    const auto line = static_cast<std::size_t>(home[t]);
    ++goal[line][line];
  }
  std::vector<std::uint64_t> keys{key_of(goal, lines)};
  ids_.emplace(keys[0], 0);
  distance_.push_back(0);
  // Breadth-first, so ids come in order of distance; each state's successors are found once.
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const Counts c = counts_of(keys[i], lines);
    const int b = blank_line(c, lines, width);
    for (int down = 0; down < 2; ++down) {
      // A tile moving down comes from the line above the blank; one moving up, from below.
      const int from = down ? b - 1 : b + 1;
      for (std::size_t h = 0; h < static_cast<std::size_t>(lines); ++h) {
        Id next = -1;
        if (from >= 0 && from < lines && c[static_cast<std::size_t>(from)][h] > 0) {
          Counts d = c;
          --d[static_cast<std::size_t>(from)][h];
          ++d[static_cast<std::size_t>(b)][h];
          const std::uint64_t key = key_of(d, lines);
          const auto [it, inserted] = ids_.emplace(key, static_cast<Id>(keys.size()));
          if (inserted) {
            keys.push_back(key);
            distance_.push_back(static_cast<std::uint8_t>(distance_[i] + 1));
          }
          next = it->second;
        }
        next_.push_back(next);
      }
    }
  }
}

WalkingTable::Id WalkingTable::id_of(const Counts& counts) const {
  const auto it = ids_.find(key_of(counts, lines_));
  if (it == ids_.end())
    throw std::logic_error("walking distance: counts no goal-reaching board shows");
  return it->second;
}

WalkingDistance::WalkingDistance(const GoalLayout& layout, const HeuristicInputs& inputs)
    : layout_(&layout) {
  const Geometry g = layout.geometry();
  if (g.rows > WalkingTable::kMaxSide || g.cols > WalkingTable::kMaxSide)
    throw InputError("walking distance serves boards of at most 4x4, not " + g.name());
  if (inputs.walking == nullptr) throw std::logic_error("walking distance needs its table cache");
  std::vector<int> home_row(static_cast<std::size_t>(g.cells())), home_col(home_row.size());
  for (int t = 1; t < g.cells(); ++t) {
    home_row[static_cast<std::size_t>(t)] = layout.home_row(static_cast<SmallTile>(t));
    home_col[static_cast<std::size_t>(t)] = layout.home_col(static_cast<SmallTile>(t));
  }
  rows_ = inputs.walking->get(g.rows, g.cols, home_row);
  cols_ = inputs.walking->get(g.cols, g.rows, home_col);
}

int WalkingDistance::evaluate(std::span<const SmallTile> tiles, Memo& memo) const {
  const Geometry g = layout_->geometry();
  WalkingTable::Counts rows{}, cols{};
  for (std::size_t c = 0; c < tiles.size(); ++c) {
    const SmallTile t = tiles[c];
    if (t == kBlank) continue;
    const auto cell = static_cast<Cell>(c);
    ++rows[static_cast<std::size_t>(g.row(cell))][static_cast<std::size_t>(layout_->home_row(t))];
    ++cols[static_cast<std::size_t>(g.col(cell))][static_cast<std::size_t>(layout_->home_col(t))];
  }
  memo.rows = rows_->id_of(rows);
  memo.cols = cols_->id_of(cols);
  return rows_->distance(memo.rows) + cols_->distance(memo.cols);
}

}  // namespace npuzzle
