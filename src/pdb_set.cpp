#include "npuzzle/pdb/pdb_set.hpp"

#include <numeric>

#include "npuzzle/errors.hpp"

namespace npuzzle {
namespace {

std::vector<SmallTile> range(int first, int last) {
  std::vector<SmallTile> out(static_cast<std::size_t>(last - first + 1));
  std::iota(out.begin(), out.end(), static_cast<SmallTile>(first));
  return out;
}

}  // namespace

const std::vector<PdbSetSpec>& known_pdb_sets() {
  const Geometry g{4, 4};
  // The three 5x5 blocks of six in a corner are one shape turned, so their counts agree.
  static const std::vector<std::uint64_t> kCornerBlock{
      1,        5,        22,       95,       370,      1232,     3791,    10563,   28437,
      71058,    168426,   367936,   756771,   1438714,  2573547,  4254808, 6558453, 9236626,
      11950095, 14030534, 15094797, 14783693, 13318514, 10973204, 8341436, 5792559, 3699450,
      2133436,  1115979,  511246,   206439,   67647,    18264,    3438,    408,     6};
  // The counts are those of the first builds; every later build and every load must agree.
  static const std::vector<PdbSetSpec> sets{
      {"7-8",
       g,
       {{range(1, 7),
         {1,       2,       6,       24,      95,      311,     904,     2392,    6056,
          15091,   36696,   84265,   181968,  368821,  699428,  1236038, 2030914, 3100164,
          4385247, 5727394, 6865358, 7483204, 7345188, 6424533, 4955682, 3330386, 1922268,
          935172,  371883,  116971,  26821,   4025,    285,     7}},
        {range(8, 15),
         {1,        4,        10,       44,       155,      498,      1454,     3856,
          9753,     23740,    57104,    131720,   294927,   624860,   1278710,  2456938,
          4529270,  7768314,  12755050, 19446958, 28359574, 38145480, 48739135, 56731544,
          62044160, 60881276, 55472562, 44521972, 32781777, 20794252, 11928080, 5692908,
          2396445,  783878,   216751,   39436,    5465,     322,      17}}},
       true,
       false,
       "tiles 1-7 and 8-15 (Korf & Felner), reflected: 577 MB, built in minutes"},
      {"6-6-3",
       g,
       {{{1, 2, 3, 5, 6, 7},
         {1,      5,      19,     75,     259,    765,    2083,   5201,   12685,  28404,
          60214,  115423, 208055, 336460, 508892, 680101, 829094, 862068, 791892, 601359,
          394276, 204052, 88509,  27786,  6959,   1015,   102,    6}},
        {{4, 8, 9, 12, 13, 14},
         {1,      6,      25,     96,     280,    796,    2046,   5192,   11864,  26466,
          54235,  106386, 187684, 311414, 462507, 641906, 782975, 864912, 805938, 654010,
          431456, 245982, 111267, 43098,  12084,  2764,   358,    12}},
        {{10, 11, 15}, {1, 5, 16, 46, 114, 230, 412, 592, 655, 576, 395, 212, 87, 19}}},
       true,
       false,
       "three blocks, reflected: 11.5 MB, built in seconds"},
      {"5-5-5",
       g,
       {{{1, 2, 3, 5, 6},
         {1,     6,     27,    89,    257,   696,   1837,  4557, 10225, 20005, 34674, 53077,
          72450, 85696, 85185, 69834, 46211, 24533, 10309, 3391, 872,   192,   32,    4}},
        {{4, 8, 9, 12, 13},
         {1,     5,     21,    73,    215,   587,   1503,  3526, 7593, 14815, 26452, 42809,
          62546, 79882, 86719, 78371, 58200, 35106, 16923, 6481, 1879, 425,   28}},
        {{7, 10, 11, 14, 15},
         {1,     5,     21,    73,    215,   587,   1503,  3526, 7593, 14815, 26452, 42809,
          62546, 79882, 86719, 78371, 58200, 35106, 16923, 6481, 1879, 425,   28}}},
       true,
       true,
       "three blocks, reflected: 1.6 MB, built in about a second"},
      {"6-6-6-6",
       Geometry{5, 5},
       {{{1, 2, 5, 6, 7, 12},
         {1,        2,        9,        54,       273,      1074,    3757,    11553,   32980,
          85905,    210543,   472673,   985781,   1871683,  3284912, 5262740, 7799786, 10556162,
          13134678, 14834746, 15330827, 14391820, 12400468, 9738365, 7035973, 4622876, 2779377,
          1496425,  723202,   300217,   106335,   29673,    6250,    832,     48}},
        {{3, 4, 8, 9, 13, 14}, kCornerBlock},
        {{10, 11, 15, 16, 20, 21}, kCornerBlock},
        {{17, 18, 19, 22, 23, 24}, kCornerBlock}},
       true,
       false,
       "four blocks of six (Korf & Felner), reflected: 510 MB, built in minutes"},
  };
  return sets;
}

std::vector<PatternDescriptor> PdbSet::descriptors(const PdbSetSpec& spec) {
  std::vector<PatternDescriptor> out;
  for (const auto& p : spec.patterns) {
    out.push_back({Board::blank_first(spec.geometry), p.tiles, p.value_counts});
  }
  return out;
}

bool PdbSet::present(const PdbSetSpec& spec, const TableStore& store) {
  for (const auto& d : descriptors(spec)) {
    if (!store.contains(d.file_name())) return false;
  }
  return true;
}

std::shared_ptr<const PdbSet> PdbSet::load(const PdbSetSpec& spec, const TableStore& store) {
  std::vector<PatternDatabase> tables;
  for (const auto& d : descriptors(spec)) tables.push_back(PatternDatabase::load(d, store));
  return std::make_shared<const PdbSet>(spec, std::move(tables));
}

std::shared_ptr<const PdbSet> PdbSet::load_or_build(
    const PdbSetSpec& spec, TableStore& store, unsigned threads,
    const std::function<void(const std::string&)>& note,
    const std::function<void(int, std::uint64_t)>& progress, const CancelToken* cancel) {
  std::vector<PatternDatabase> tables;
  for (const auto& d : descriptors(spec)) {
    const std::string key = d.file_name();
    bool present = false;
    try {
      present = store.contains(key);
      tables.push_back(PatternDatabase::load(d, store));
      continue;
    } catch (const TableFileError& e) {
      if (note)
        note(present ? std::string(e.what()) + "; rebuilding it" : "building " + store.where(key));
    }
    tables.push_back(PatternDatabase::build(d, threads, progress, cancel));
    tables.back().save(store);
  }
  return std::make_shared<const PdbSet>(spec, std::move(tables));
}

bool GoalFrame::serves(const Board& goal) {
  const Geometry g = goal.geometry;
  const Cell b = goal.blank();
  const int r = g.row(b), c = g.col(b);
  return (r == 0 || r == g.rows - 1) && (c == 0 || c == g.cols - 1);
}

GoalFrame::GoalFrame(const Board& goal) : geometry_(goal.geometry) {
  if (!serves(goal)) throw InputError("pattern databases serve goals with the blank in a corner");
  const Cell b = goal.blank();
  const int r = geometry_.row(b), c = geometry_.col(b);
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

}  // namespace npuzzle
