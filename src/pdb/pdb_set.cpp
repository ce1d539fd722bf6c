#include "npuzzle/pdb/pdb_set.hpp"

#include <algorithm>
#include <numeric>
#include <optional>
#include <span>

#include "npuzzle/storage/memory_room.hpp"
#include "npuzzle/util/errors.hpp"
#include "npuzzle/util/human_bytes.hpp"

namespace npuzzle {
namespace {

std::vector<SmallTile> range(int first, int last) {
  std::vector<SmallTile> out(static_cast<std::size_t>(last - first + 1));
  std::iota(out.begin(), out.end(), static_cast<SmallTile>(first));
  return out;
}

// Refuses, before the next of them starts, builds that need more memory than the process can
// take: `missing` starts with the table about to be built, and the others are built where the
// store lacks them. Each build holds the tables built before it (the room the process has left
// already counts those built so far; those loaded are read from their files, which the system can
// drop and read again).
void check_room(const PdbSetSpec& spec, std::span<const PatternDescriptor> missing,
                const TableStore& store) {
  std::uint64_t held = 0, peak = 0;
  for (std::size_t i = 0; i < missing.size(); ++i) {
    if (i > 0 && store.contains(missing[i].file_name())) continue;
    peak = std::max(peak, held + missing[i].build_bytes());
    held += missing[i].placements();
  }
  const std::optional<MemoryRoom> room = memory_room();
  if (room && peak > room->bytes) {
    throw ResourceError("building the " + spec.name + " tables needs " + human_bytes(peak) +
                        " of memory at its peak, and this process can take " +
                        human_bytes(room->bytes) + " more (" + room->limit + ")");
  }
}

}  // namespace

const std::vector<PdbSetSpec>& known_pdb_sets() {
  const Geometry g{4, 4};
  // The counts are of the stored values (half the excess over Manhattan, two entries per
  // placement) of the first builds; every later build and every load must agree. The three 5x5
  // blocks of six in a corner are one shape turned, as are 5-5-5's last two, so their counts
  // agree.
  static const std::vector<std::uint64_t> kCornerBlock{144210653, 89676919, 19234958,
                                                       1825359,   75082,    1029};
  static const std::vector<std::uint64_t> kFiveBlock{493037, 425575, 117345, 11899, 464};
  // Two of the second 5x5 partition's blocks are one shape, the other turned.
  static const std::vector<std::uint64_t> kStepBlock{159249669, 81212373, 13473976,
                                                     1038050,   48601,    1331};
  static const std::vector<PatternSpec> kFourBlocksOfSix{
      {{1, 2, 5, 6, 7, 12}, {44812348, 148770780, 55890252, 5399857, 150197, 566}},
      {{3, 4, 8, 9, 13, 14}, kCornerBlock},
      {{10, 11, 15, 16, 20, 21}, kCornerBlock},
      {{17, 18, 19, 22, 23, 24}, kCornerBlock}};
  static const PatternSpec kFirstSeven{
      range(1, 7), {5572087, 27597288, 45016293, 28476088, 7697624, 911559, 43638, 622, 1}};
  static const PatternSpec kLastEight{
      range(8, 15),
      {62935150, 255979095, 371195445, 247413723, 83587163, 15135103, 1505760, 82802, 2517, 42}};
  static const std::vector<PdbSetSpec> sets{
      {"7-8+L",
       g,
       {{{kFirstSeven, kLastEight}, true},
        // The first row and column and tile 5, an L its own mirror image: one view.
        {{{{1, 2, 3, 4, 5, 8, 12},
           {9125023, 35775152, 44389803, 21428004, 4202459, 375886, 18402, 463, 8}},
          {{6, 7, 9, 10, 11, 13, 14, 15},
           {55480482, 234074563, 363893526, 265293308, 98132344, 18944737, 1914178, 101172, 2450,
            40}}},
         false}},
       false,
       "7-8 and an L-shaped 7-8 (1-5, 8, 12 and the rest): 1.15 GB, minutes (7-8's tables shared)"},
      {"7-8",
       g,
       {{{kFirstSeven, kLastEight}, true}},
       false,
       "tiles 1-7 and 8-15 (Korf & Felner), reflected: 577 MB, built in minutes"},
      {"6-6-3",
       g,
       {{{{{1, 2, 3, 5, 6, 7}, {2946221, 5179128, 2786263, 572185, 46375, 1347, 1}},
          {{4, 8, 9, 12, 13, 14}, {3802361, 4980110, 2278490, 431363, 37574, 1596, 26}},
          {{10, 11, 15}, {5355, 1308, 57}}},
         true}},
       false,
       "three blocks, reflected: 11.5 MB, built in seconds"},
      {"5-5-5",
       g,
       {{{{{1, 2, 3, 5, 6}, {468815, 460100, 111313, 7846, 246}},
          {{4, 8, 9, 12, 13}, kFiveBlock},
          {{7, 10, 11, 14, 15}, kFiveBlock}},
         true}},
       true,
       "three blocks, reflected: 1.6 MB, built in about a second"},
      {"6-6-6-6x2",
       Geometry{5, 5},
       {{kFourBlocksOfSix, true},
        // Four blocks of six in steps from the blank's corner, across Korf & Felner's borders.
        {{{{1, 2, 3, 5, 6, 7}, {39261273, 148234679, 59726891, 7385735, 403843, 11518, 61}},
          {{4, 8, 9, 13, 14, 19}, kStepBlock},
          {{10, 11, 12, 15, 16, 20}, {161178367, 81521950, 11717624, 595148, 10876, 35}},
          {{17, 18, 21, 22, 23, 24}, kStepBlock}},
         true}},
       false,
       "6-6-6-6 and four blocks of six in steps, both reflected: 1.02 GB, minutes (6-6-6-6's "
       "tables shared)"},
      {"6-6-6-6",
       Geometry{5, 5},
       {{kFourBlocksOfSix, true}},
       false,
       "four blocks of six (Korf & Felner), reflected: 510 MB, built in minutes"},
  };
  return sets;
}

std::vector<PatternDescriptor> PdbSet::descriptors(const PdbSetSpec& spec) {
  std::vector<PatternDescriptor> out;
  for (const auto& partition : spec.partitions) {
    for (const auto& p : partition.patterns) {
      out.push_back({Board::blank_first(spec.geometry), p.tiles, p.value_counts});
    }
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

PdbSet::Ready PdbSet::load_or_build(
    const PdbSetSpec& spec, TableStore& store, unsigned threads,
    const std::function<void(const std::string&)>& note,
    const std::function<void(const std::string&, int, std::uint64_t)>& progress,
    const CancelToken* cancel) {
  std::vector<PatternDatabase> tables;
  std::size_t built = 0;
  std::unique_ptr<BuildLock> lock;  // taken before the first build, and kept to the last
  const std::vector<PatternDescriptor> all = descriptors(spec);
  for (std::size_t i = 0; i < all.size(); ++i) {
    const PatternDescriptor& d = all[i];
    const std::string key = d.file_name();
    std::string why;  // why it could not be loaded, said before it is built
    const auto loaded = [&] {
      const bool present = store.contains(key);
      try {
        tables.push_back(PatternDatabase::load(d, store));
        return true;
      } catch (const TableFileError& e) {
        why = present ? std::string(e.what()) + "; rebuilding it" : "building " + store.where(key);
        return false;
      }
    };
    if (loaded()) continue;
    if (!lock) {
      // Another process may be building it: once it is done, it is loaded instead.
      lock = store.lock_builds([&] {
        if (note) {
          note("another process is building tables there; waiting for it, to load " +
               store.where(key));
        }
      });
      if (lock && loaded()) continue;
    }
    // (Checked before every build: a table found damaged later is rebuilt too.)
    check_room(spec, std::span(all).subspan(i), store);
    if (note) note(why);
    std::function<void(int, std::uint64_t)> depth_done;
    if (progress) {
      depth_done = [&](int depth, std::uint64_t reached) { progress(key, depth, reached); };
    }
    tables.push_back(PatternDatabase::build(d, threads, depth_done, cancel));
    tables.back().save(store);
    ++built;
  }
  return {std::make_shared<const PdbSet>(spec, std::move(tables)), built};
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
  symmetry_ = {geometry_.row(b) != 0, geometry_.col(b) != 0, false};
  label_.resize(goal.tiles.size());
  for (std::size_t cell = 0; cell < goal.tiles.size(); ++cell) {
    label_[goal.tiles[cell]] =
        static_cast<Tile>(image(geometry_, static_cast<Cell>(cell), symmetry_));
  }
}

Board GoalFrame::to_frame(const Board& board) const {
  Board out = image(board, symmetry_);
  for (Tile& t : out.tiles) t = label_[t];
  return out;
}

Dir GoalFrame::move_from_frame(Dir d) const {
  return preimage(d, symmetry_);
}

}  // namespace npuzzle
