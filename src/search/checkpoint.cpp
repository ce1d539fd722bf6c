#include "npuzzle/search/checkpoint.hpp"

#include <cmath>
#include <limits>
#include <string>

namespace npuzzle {
namespace {

// The encoding: little-endian 64-bit words, each count before what it counts.
constexpr std::uint64_t kFormat = 5;

void put(std::vector<std::uint8_t>& out, std::uint64_t w) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<std::uint8_t>(w >> (8 * i)));
}

class Words {
 public:
  explicit Words(std::span<const std::uint8_t> bytes) : bytes_(bytes) {
    if (bytes.size() % 8 != 0) fail();
  }
  std::uint64_t next() {
    if (at_ + 8 > bytes_.size()) fail();
    std::uint64_t w = 0;
    for (int i = 7; i >= 0; --i) w = w << 8 | bytes_[at_ + static_cast<std::size_t>(i)];
    at_ += 8;
    return w;
  }
  int next_int() {
    const std::uint64_t w = next();
    if (w > static_cast<std::uint64_t>(std::numeric_limits<int>::max())) fail();
    return static_cast<int>(w);
  }
  std::size_t left() const { return (bytes_.size() - at_) / 8; }
  [[noreturn]] static void fail() {
    throw std::invalid_argument("not a search checkpoint of this program's format");
  }

 private:
  std::span<const std::uint8_t> bytes_;
  std::size_t at_ = 0;
};

}  // namespace

std::vector<std::uint8_t> IdaCheckpoint::encode() const {
  std::vector<std::uint8_t> out;
  for (const std::uint64_t w :
       {kFormat, static_cast<std::uint64_t>(bound), static_cast<std::uint64_t>(listed_above),
        listing, last_iteration, last_top, before.expanded, before.generated,
        static_cast<std::uint64_t>(before.split_iterations),
        static_cast<std::uint64_t>(std::llround(before.seconds * 1e6))}) {  // (microseconds)
    put(out, w);
  }
  put(out, before.iterations.size());
  for (const IterationCount& i : before.iterations) {
    put(out, static_cast<std::uint64_t>(i.bound));
    put(out, i.expanded);
  }
  const std::vector<std::uint64_t> tree = history.to_words();
  put(out, tree.size());
  for (const std::uint64_t w : tree) put(out, w);
  put(out, finished.size());
  for (const Finished& f : finished) {
    for (const std::uint64_t w : {f.subtree, f.frontier, static_cast<std::uint64_t>(f.next_bound),
                                  f.expanded, f.generated}) {
      put(out, w);
    }
  }
  return out;
}

IdaCheckpoint IdaCheckpoint::decode(std::span<const std::uint8_t> bytes) {
  Words in(bytes);
  if (const std::uint64_t format = in.next(); format != kFormat) {
    if (format > 0 && format < kFormat) {
      throw std::invalid_argument("written by an earlier version of the program, format " +
                                  std::to_string(format) + " where this one reads " +
                                  std::to_string(kFormat));
    }
    Words::fail();
  }
  IdaCheckpoint c;
  c.bound = in.next_int();
  c.listed_above = in.next_int();
  c.listing = in.next();
  c.last_iteration = in.next();
  c.last_top = in.next();
  c.before.expanded = in.next();
  c.before.generated = in.next();
  c.before.split_iterations = in.next_int();
  c.before.seconds = static_cast<double>(in.next()) / 1e6;
  const std::uint64_t iterations = in.next();
  if (iterations > in.left() / 2) Words::fail();
  for (std::uint64_t i = 0; i < iterations; ++i) {
    IterationCount& count = c.before.iterations.emplace_back();
    count.bound = in.next_int();
    count.expanded = in.next();
  }
  const std::uint64_t tree_size = in.next();
  if (tree_size > in.left()) Words::fail();
  std::vector<std::uint64_t> tree(static_cast<std::size_t>(tree_size));
  for (auto& w : tree) w = in.next();
  if (!c.history.from_words(tree)) Words::fail();
  const std::uint64_t finished = in.next();
  if (finished > in.left() / 5) Words::fail();
  for (std::uint64_t i = 0; i < finished; ++i) {
    Finished f;
    f.subtree = in.next();
    f.frontier = in.next();
    f.next_bound = in.next_int();
    f.expanded = in.next();
    f.generated = in.next();
    c.finished.push_back(f);
  }
  if (in.left() != 0) Words::fail();
  return c;
}

}  // namespace npuzzle
