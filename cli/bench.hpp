#pragma once
// npuzzle bench's parts: the instances a run solves, the answers a run in pieces keeps, and the
// report it prints. cmd_bench.cpp puts them together.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "npuzzle/api/solver.hpp"
#include "npuzzle/core/board.hpp"

namespace npuzzle::cli {

struct Instance {
  std::string id;
  int published = 0;  // 0: no optimal length known
  Board board;
  std::uint64_t published_nodes = 0;  // 0: no published search effort
};

/// `count` boards drawn uniformly from those that reach `goal`, from a fixed seed.
std::vector<Instance> random_instances(const Board& goal, std::uint64_t count, std::uint64_t seed);

/// The file of a named set (korf100, korf24), or `name` itself.
std::filesystem::path instance_file(const std::string& name);

/// Each line: id, the published optimal length, any other columns, then the board's n tiles,
/// n the largest square that leaves the first two columns (or `size`'s cells). Throws InputError
/// naming the file and line.
std::vector<Instance> read_instances(const std::filesystem::path& path,
                                     std::optional<Geometry> size);

/// The instances of set `set` named by `ids` (in that order) or the `easiest` N by published
/// effort, each with its published effort where known; all of them where neither is given.
std::vector<Instance> select_instances(std::vector<Instance> all, const std::string& set,
                                       const std::vector<std::string>& ids,
                                       std::optional<std::size_t> easiest);

/// --checkpoint-dir: an instance's search while it runs, and its answer once it ends, so that a
/// bench run in pieces solves each instance once.
class InstanceRecords {
 public:
  /// Throws InputError where `dir` is not a folder.
  InstanceRecords(std::filesystem::path dir, std::string set, const Board& goal);
  std::string checkpoint(const Instance& i) const { return path(i, ".ckpt").string(); }

  /// The answer an earlier run kept, or nullopt. Throws InputError for a damaged record or one
  /// of another board or goal.
  std::optional<Solution> answer(const Instance& i) const;
  /// Keeps a solved instance's answer: written beside and renamed, never half a file (throws
  /// StoreError, with the reason, where it cannot).
  void keep(const Instance& i, const Solution& s) const;

 private:
  std::string name(const Instance& i, std::string_view suffix) const {
    return set_ + "-" + i.id + std::string(suffix);
  }
  std::filesystem::path path(const Instance& i, std::string_view suffix) const {
    return dir_ / name(i, suffix);
  }
  std::filesystem::path dir_;
  std::string set_, goal_;
};

/// The report: a line per instance, in input order, each printed as soon as its answer and those
/// of the instances before it are in (a long run shows each instance as it ends), then a summary.
/// An answer is right when it replays and, where it claims to be shortest, has the published
/// length (where one is known); answers not proven shortest are measured against the published
/// length, else against the Manhattan distance.
class BenchReport {
 public:
  BenchReport(const std::vector<Instance>& instances, const Board& goal, bool json)
      : instances_(instances), goal_(goal), json_(json), answers_(instances.size()) {}

  /// Instance i's answer (`recorded`: an earlier run's), in any order, one call at a time.
  void answered(std::size_t i, Solution s, bool recorded);

  /// Prints the summary of the lines printed; returns how many answers were wrong.
  int summary(const std::string& method, double wall, unsigned at_once,
              unsigned search_threads) const;

 private:
  struct Answer {
    Solution solution;
    bool recorded = false;
  };

  void print(std::size_t i);

  const std::vector<Instance>& instances_;
  const Board& goal_;
  bool json_;
  std::vector<std::optional<Answer>> answers_;
  std::size_t next_ = 0;  // the first instance whose line is not printed yet
  int wrong_ = 0;
  double search_ = 0;
  std::uint64_t expanded_ = 0, generated_ = 0, length_sum_ = 0;
  std::int64_t yardstick_sum_ = 0;
  std::uint64_t published_nodes_ = 0;  // summed where every instance has a figure
  bool every_published_ = true;
  std::vector<double> times_;
};

}  // namespace npuzzle::cli
