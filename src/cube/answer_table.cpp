#include "npuzzle/cube/answer_table.hpp"

#include <atomic>
#include <stdexcept>

#include "npuzzle/core/unreached.hpp"
#include "npuzzle/util/errors.hpp"
#include "npuzzle/util/parallel.hpp"

namespace npuzzle::cube {
namespace {

constexpr std::uint64_t kPatterns = 9 * 6561;  // per start square

// The pattern an arrangement shows: its empty square, then the top colours in reading order.
std::uint64_t pattern_index(Cell empty, const std::array<Colour, kSquares>& tops) {
  std::uint64_t code = 0;
  for (Cell c = kSquares - 1; c >= 0; --c) {
    if (c != empty) code = code * 3 + static_cast<std::uint64_t>(tops[static_cast<std::size_t>(c)]);
  }
  return static_cast<std::uint64_t>(empty) * 6561 + code;
}

// Fills `answers` (kPatterns entries) with the first depth each pattern shows at; returns the
// number of arrangements reached.
std::uint64_t search_from(Cell start_empty, std::span<std::uint8_t> answers) {
  // Each layer's arrangements with their numbers: a child's number comes from its parent's
  // (encode_after), and only the children met first are moved and kept.
  struct Numbered {
    CubeState state;
    CubeIndex index;
  };
  std::vector<bool> seen(kCubeStates, false);
  const CubeState start = standard_start(start_empty);
  std::vector<Numbered> layer{{start, encode(start)}}, next;
  seen[layer.front().index] = true;
  std::uint64_t reached = 0;
  std::array<Colour, kSquares> tops{};
  for (std::uint8_t depth = 0; !layer.empty(); ++depth) {
    reached += layer.size();
    next.clear();
    for (const auto& [s, i] : layer) {
      for (Cell c = 0; c < kSquares; ++c) {
        const auto o = s.cells[static_cast<std::size_t>(c)];
        tops[static_cast<std::size_t>(c)] = o == kEmpty ? Colour::White : top_colour(o);
      }
      auto& answer = answers[static_cast<std::size_t>(pattern_index(s.empty, tops))];
      if (answer == kUnreached) answer = depth;
      for (const Dir d : kAllDirs) {
        const CubeIndex j = encode_after(s, i, d);
        if (j != kNoMove && !seen[j]) {
          seen[j] = true;
          next.push_back({s, j});
          apply_move(next.back().state, d);
        }
      }
    }
    layer.swap(next);
  }
  return reached;
}

// Datasets per answer 0, 1, ..., 37 as the first build found them (0: the nine solved starts;
// 1: the 24 neighbours of the nine start squares); every later build and every load must agree.
// No pattern is missing, so every pattern is reachable from every start square.
constexpr std::uint64_t kAnswerCounts[] = {
    9,     24,    44,    80,    136,   224,   400,   704,   1176,  1864,  3044,  4928,  7902,
    11908, 18180, 25672, 35284, 42896, 52029, 54404, 55358, 48784, 43542, 34404, 27953, 20784,
    15352, 10448, 6074,  3832,  1992,  1216,  462,   240,   58,    24,    6,     4};

}  // namespace

TableHeader AnswerTable::descriptor() {
  return {"cube-answers v1", kEntries, {std::begin(kAnswerCounts), std::end(kAnswerCounts)}};
}

std::uint64_t AnswerTable::reachable_from(Cell start_empty) {
  const bool edge = (kBoard.row(start_empty) == 1) != (kBoard.col(start_empty) == 1);
  return edge ? 3306744 : 4133430;
}

AnswerTable AnswerTable::build(unsigned threads, const std::function<void(int)>& progress,
                               const CancelToken* cancel) {
  std::vector<std::uint8_t> answers(kEntries, kUnreached);
  std::atomic<int> next_square{0}, done{0};
  std::vector<std::uint64_t> reached(kSquares, 0);
  const auto work = [&] {
    for (int c; (cancel == nullptr || !cancel->cancelled()) && (c = next_square++) < kSquares;) {
      const auto square = static_cast<std::size_t>(c);
      reached[square] = search_from(c, std::span(answers).subspan(square * kPatterns, kPatterns));
      if (progress) progress(++done);
    }
  };
  run_on_threads(threads, work);
  if (cancel != nullptr && cancel->cancelled()) throw CancelledError();

  for (Cell c = 0; c < kSquares; ++c) {
    if (reached[static_cast<std::size_t>(c)] != reachable_from(c)) {
      throw std::logic_error("the search from square " + std::to_string(c) + " reached " +
                             std::to_string(reached[static_cast<std::size_t>(c)]) +
                             " arrangements, not " + std::to_string(reachable_from(c)));
    }
  }
  if (count_values(answers) != descriptor().value_counts) {
    throw std::logic_error(
        "the cube answer table's per-distance counts differ from its descriptor");
  }
  return AnswerTable(std::move(answers));
}

AnswerTable::AnswerTable(std::vector<std::uint8_t> answers) {
  auto own = std::make_shared<const std::vector<std::uint8_t>>(std::move(answers));
  answers_ = *own;
  keep_ = std::move(own);
}

AnswerTable AnswerTable::load(const TableStore& store, Recount recount) {
  if (const auto mapped = store.map(kKey)) {
    return AnswerTable(check_mapped_table(store, kKey, *mapped, descriptor(), recount),
                       mapped->keep);
  }
  return AnswerTable(read_table(store, kKey, descriptor(), recount));
}

void AnswerTable::save(TableStore& store) const {
  write_table(store, kKey, descriptor(), answers_);
}

int AnswerTable::distance(Cell start_empty, Cell target_empty,
                          const std::array<Colour, kSquares>& tops) const {
  return answers_[static_cast<std::size_t>(static_cast<std::uint64_t>(start_empty) * kPatterns +
                                           pattern_index(target_empty, tops))];
}

}  // namespace npuzzle::cube
