#include "npuzzle/pdb/pattern_database.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdio>
#include <stdexcept>

#include "npuzzle/core/board.hpp"
#include "npuzzle/core/unreached.hpp"
#include "npuzzle/pdb/cell_regions.hpp"
#include "npuzzle/util/errors.hpp"
#include "npuzzle/util/parallel.hpp"

namespace npuzzle {
namespace {

// Three bit sets over the (placement, blank) pairs and two bytes per placement: the 7-8 set's
// larger half needs 3.9 GiB; anything beyond this is refused rather than left to the OOM killer.
constexpr std::uint64_t kMaxBuildBytes = 4ULL << 30;

// Relaxed atomic updates of plain array elements, shared by the build's threads. Written with
// the compiler builtins std::atomic_ref is made of, since the WebAssembly build's libc++ has no
// atomic_ref.
bool test_and_set(std::span<std::uint64_t> bits, std::uint64_t i) {
  const std::uint64_t mask = std::uint64_t{1} << (i & 63);
  return (__atomic_fetch_or(&bits[static_cast<std::size_t>(i >> 6)], mask, __ATOMIC_RELAXED) &
          mask) != 0;
}

void set_if_unreached(std::uint8_t& value, std::uint8_t depth) {
  std::uint8_t expected = kUnreached;
  __atomic_compare_exchange_n(&value, &expected, depth, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

std::string goal_name(const Board& goal) {
  if (goal == Board::blank_first(goal.geometry)) return "blank-first";
  if (goal == Board::blank_last(goal.geometry)) return "blank-last";
  std::vector<std::uint8_t> bytes(goal.tiles.begin(), goal.tiles.end());
  std::array<char, 24> name{};
  std::snprintf(name.data(), name.size(), "goal-%016llx",
                static_cast<unsigned long long>(checksum64(bytes)));
  return name.data();
}

std::string joined(const std::vector<SmallTile>& tiles) {
  std::string out;
  for (auto t : tiles) {
    if (!out.empty()) out += '-';
    out += std::to_string(t);
  }
  return out;
}

void check(const PatternDescriptor& d) {
  validate(d.goal);
  const int n = d.goal.geometry.cells();
  if (n > 32) throw InputError("pattern databases cover boards of at most 32 cells");
  if (d.tiles.empty() ||
      static_cast<int>(d.tiles.size()) > std::min(n - 2, PlacementRanker::kMaxTiles)) {
    throw InputError("a pattern holds 1 to " + std::to_string(std::min(n - 2, 16)) + " tiles");
  }
  std::vector<bool> seen(static_cast<std::size_t>(n), false);
  for (const SmallTile t : d.tiles) {
    if (t == kBlank || t >= n)
      throw InputError("pattern tile " + std::to_string(t) + " is not a tile of the board");
    if (seen[t]) throw InputError("pattern tile " + std::to_string(t) + " appears twice");
    seen[t] = true;
  }
  if (d.build_bytes() > kMaxBuildBytes) {
    throw InputError("the pattern " + joined(d.tiles) + " needs more than 4 GiB to build");
  }
}

}  // namespace

std::string PatternDescriptor::kind() const {
  return "pdb " + goal.geometry.name() + " " + goal_name(goal) + " tiles " + joined(tiles) + " v3";
}

std::string PatternDescriptor::file_name() const {
  return "pdb-" + goal.geometry.name() + "-" + goal_name(goal) + "-" + joined(tiles) + ".tbl";
}

PlacementIndex PatternDescriptor::placements() const {
  return PlacementRanker(goal.geometry.cells(), static_cast<int>(tiles.size())).size();
}

std::uint64_t PatternDescriptor::build_bytes() const {
  const std::uint64_t pairs = placements() * static_cast<std::uint64_t>(goal.geometry.cells());
  return 3 * (pairs / 8) + entries();
}

std::vector<Cell> PatternDescriptor::homes() const {
  const std::vector<Cell> goal_cell = cells_of_tiles(goal);
  std::vector<Cell> out;
  for (const SmallTile t : tiles) out.push_back(goal_cell[t]);
  return out;
}

PatternDatabase::PatternDatabase(PatternDescriptor d, std::unique_ptr<TableMemory> values)
    : descriptor_(std::move(d)),
      ranker_(descriptor_.goal.geometry.cells(), static_cast<int>(descriptor_.tiles.size())),
      values_(std::move(values)),
      homes_(descriptor_.homes()) {}

int PatternDatabase::distance(std::span<const std::uint8_t> cells, Cell blank) const {
  const Geometry g = descriptor_.goal.geometry;
  int manhattan = 0;
  CellMask taken = 0;
  for (std::size_t i = 0; i < homes_.size(); ++i) {
    manhattan += g.taxicab(cells[i], homes_[i]);
    taken |= CellMask{1} << cells[i];
  }
  const CellRegions regions(g);
  return manhattan + 2 * stored(data()[static_cast<std::size_t>(ranker_.rank(cells))], [&] {
                       return regions.in_main_region(blank, regions.board() & ~taken);
                     });
}

PatternDatabase PatternDatabase::pack(const PatternDescriptor& d,
                                      std::span<const std::uint8_t> distances, unsigned threads) {
  check(d);
  const Geometry g = d.goal.geometry;
  const PlacementRanker ranker(g.cells(), static_cast<int>(d.tiles.size()));
  const PlacementIndex placements = ranker.size();
  if (distances.size() != 2 * placements) {
    throw std::logic_error("pattern " + joined(d.tiles) + ": not two distances per placement");
  }
  const std::vector<Cell> homes = d.homes();
  LargeBytes values(checked_size(placements));
  std::atomic<std::uint64_t> next_block{0};
  std::atomic<bool> not_a_distance{false};
  constexpr std::uint64_t kBlock = 1 << 16;  // placements a thread takes at a time
  run_on_threads(threads, [&] {
    for (std::uint64_t first; (first = next_block.fetch_add(1) * kBlock) < ranker.size();) {
      const std::uint64_t end = std::min(ranker.size(), first + kBlock);
      PlacementWalk walk(ranker, first);
      // Manhattan distances of the tiles before each one, so a step adds up only those after
      // the tile it changed.
      std::array<int, PlacementRanker::kMaxTiles + 1> before{};
      for (std::uint64_t i = first; i < end; ++i, walk.next()) {
        const auto cells = walk.cells();
        for (std::size_t t = static_cast<std::size_t>(walk.changed_from()); t < cells.size(); ++t) {
          before[t + 1] = before[t] + g.taxicab(cells[t], homes[t]);
        }
        // An entry no board has takes the placement's other one: then the lesser of the two is
        // the least over every region, an estimate wherever the blank is.
        std::uint8_t in_main = distances[static_cast<std::size_t>(entry(i, false))];
        std::uint8_t in_pocket = distances[static_cast<std::size_t>(entry(i, true))];
        if (in_main == kUnreached) in_main = in_pocket;
        if (in_pocket == kUnreached) in_pocket = in_main;
        const auto half = [&](std::uint8_t distance) {
          const int excess = distance - before[cells.size()];
          if (excess < 0 || excess % 2 != 0) not_a_distance = true;
          return static_cast<std::uint8_t>(std::min(excess / 2, kMaxStored));
        };
        values[static_cast<std::size_t>(i)] =
            static_cast<std::uint8_t>(half(in_main) | half(in_pocket) << 4);
      }
    }
  });
  if (not_a_distance) {
    throw std::logic_error("pattern " + joined(d.tiles) +
                           ": a distance below or of another parity than its Manhattan distance");
  }
  if (!d.value_counts.empty() && count_values(values.span(), 4, 2 * placements) != d.value_counts) {
    throw std::logic_error("pattern " + joined(d.tiles) +
                           ": the per-value counts differ from the descriptor's");
  }
  return PatternDatabase(d, std::make_unique<TableMemory>(std::move(values)));
}

PatternDatabase PatternDatabase::build(const PatternDescriptor& d, unsigned threads,
                                       const std::function<void(int, std::uint64_t)>& progress,
                                       const CancelToken* cancel) {
  check(d);
  const Geometry g = d.goal.geometry;
  const CellRegions cells(g);
  const auto n = static_cast<std::uint64_t>(g.cells());
  const int k = static_cast<int>(d.tiles.size());
  const PlacementRanker ranker(g.cells(), k);
  const std::uint64_t pairs = ranker.size() * n;
  const std::size_t words = static_cast<std::size_t>((pairs + 63) / 64);

  LargeBytes values(checked_size(2 * ranker.size()));
  std::fill(values.data(), values.data() + values.size(), kUnreached);
  LargeArray<std::uint64_t> visited(words), current(words), next(words);

  std::array<std::uint8_t, PlacementRanker::kMaxTiles> home{};
  CellMask occupied = 0;
  const std::vector<Cell> goal_cell = cells_of_tiles(d.goal);
  for (int i = 0; i < k; ++i) {
    home[static_cast<std::size_t>(i)] =
        static_cast<std::uint8_t>(goal_cell[d.tiles[static_cast<std::size_t>(i)]]);
    occupied |= CellMask{1} << home[static_cast<std::size_t>(i)];
  }
  const PlacementIndex root = ranker.rank(std::span(home.data(), static_cast<std::size_t>(k)));
  const auto root_region = cells.region(goal_cell[kBlank], cells.board() & ~occupied);
  const std::uint64_t root_pair =
      root * n + static_cast<std::uint64_t>(std::countr_zero(root_region));
  test_and_set(visited.span(), root_pair);
  test_and_set(current.span(), root_pair);
  const int free_cells = g.cells() - k;
  // An entry's index: a placement's main-region entry, or its pocket entry.
  const auto entry_of = [&](PlacementIndex placement, CellMask blank_region) {
    return static_cast<std::size_t>(
        entry(placement, 2 * std::popcount(blank_region) <= free_cells));
  };
  values[entry_of(root, root_region)] = 0;

  std::uint64_t reached = 1;
  for (int depth = 0;; ++depth) {
    if (cancel != nullptr && cancel->cancelled()) throw CancelledError();
    std::atomic<std::size_t> next_block{0};
    std::atomic<std::uint64_t> found{0};
    constexpr std::size_t kBlock = 1024;  // words of `current` a thread takes at a time
    const auto next_depth = static_cast<std::uint8_t>(depth + 1);
    const auto work = [&] {
      std::array<std::uint8_t, PlacementRanker::kMaxTiles> pos{};
      const std::span<std::uint8_t> placement(pos.data(), static_cast<std::size_t>(k));
      std::uint64_t local = 0;
      for (std::size_t block; (block = next_block.fetch_add(1)) * kBlock < words;) {
        const std::size_t end = std::min(words, (block + 1) * kBlock);
        for (std::size_t w = block * kBlock; w < end; ++w) {
          for (std::uint64_t bits = current[w]; bits != 0; bits &= bits - 1) {
            const std::uint64_t pair = w * 64 + static_cast<std::uint64_t>(std::countr_zero(bits));
            ranker.unrank(pair / n, placement);
            CellMask taken = 0;
            for (const auto c : placement) taken |= CellMask{1} << c;
            const CellMask region =
                cells.region(static_cast<int>(pair % n), cells.board() & ~taken);
            for (auto& cell : placement) {
              const std::uint8_t from = cell;
              for (CellMask to = cells.neighbours(CellMask{1} << from) & region; to != 0;
                   to &= to - 1) {
                cell = static_cast<std::uint8_t>(std::countr_zero(to));
                const CellMask after = taken ^ (CellMask{1} << from) ^ (CellMask{1} << cell);
                // The blank is left where the tile was; its region names the pair.
                const CellMask blank_region = cells.region(from, cells.board() & ~after);
                const PlacementIndex r = ranker.rank(placement);
                const std::uint64_t next_pair =
                    r * n + static_cast<std::uint64_t>(std::countr_zero(blank_region));
                if (!test_and_set(visited.span(), next_pair)) {
                  test_and_set(next.span(), next_pair);
                  set_if_unreached(values[entry_of(r, blank_region)], next_depth);
                  ++local;
                }
              }
              cell = from;
            }
          }
        }
      }
      found += local;
    };
    run_on_threads(threads, work);
    if (found == 0) break;
    reached += found;
    if (progress) progress(depth + 1, reached);
    std::swap(current, next);
    std::fill(next.data(), next.data() + next.size(), 0);
  }
  for (PlacementIndex i = 0; i < ranker.size(); ++i) {
    if (values[static_cast<std::size_t>(entry(i, false))] == kUnreached &&
        values[static_cast<std::size_t>(entry(i, true))] == kUnreached) {
      throw std::logic_error("pattern " + joined(d.tiles) + ": some placements were never reached");
    }
  }
  visited = {};  // the bit sets' memory back before the packed table takes more
  current = {};
  next = {};
  return pack(d, values.span(), threads);
}

PatternDatabase PatternDatabase::load(const PatternDescriptor& d, const TableStore& store,
                                      Recount recount) {
  check(d);
  const std::string key = d.file_name();
  if (const auto mapped = store.map(key)) {
    // The payload ends the file. Its copy (where there is one) starts beside the check, which a
    // table that fails takes its copy with.
    const std::size_t payload = checked_size(d.header().payload_bytes());
    std::unique_ptr<TableMemory> values;
    if (mapped->bytes.size() >= payload) {
      values = std::make_unique<TableMemory>(mapped->bytes.last(payload), mapped->keep,
                                             mapped->in_huge_pages);
    }
    check_mapped_table(store, key, *mapped, d.header(), recount);
    return PatternDatabase(d, std::move(values));
  }
  LargeBytes values(checked_size(d.header().payload_bytes()));
  read_table(store, key, d.header(), values.span(), recount);
  return PatternDatabase(d, std::make_unique<TableMemory>(std::move(values)));
}

void PatternDatabase::save(TableStore& store) const {
  write_table(store, descriptor_.file_name(), descriptor_.header(), values_->span());
}

}  // namespace npuzzle
