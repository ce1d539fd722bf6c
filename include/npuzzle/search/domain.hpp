#pragma once
// The contract every puzzle domain meets so that the search algorithms can run on it, and the
// budget, statistics and result those algorithms share.

#include <chrono>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <span>
#include <vector>

#include "npuzzle/util/cancel.hpp"

namespace npuzzle {

/// A puzzle the search algorithms can solve. States change in place: `apply` makes a move and
/// `apply(s, reverse(m))` undoes it, keeping whatever the domain maintains incrementally (the
/// heuristic estimate in particular) up to date. Stored-state algorithms pack states into
/// fixed-size byte records.
template <class D>
concept SearchDomain = requires(const D& d, typename D::State& s, const typename D::State& cs,
                                typename D::Move m, std::byte* out, const std::byte* in) {
  { D::kNoMove } -> std::convertible_to<typename D::Move>;
  /// The moves from `cs`, leaving out the reverse of `m` (none left out for kNoMove).
  { d.moves(cs, m) } -> std::convertible_to<std::span<const typename D::Move>>;
  { d.apply(s, m) } -> std::same_as<void>;
  { d.reverse(m) } -> std::same_as<typename D::Move>;
  { d.is_goal(cs) } -> std::same_as<bool>;
  /// An admissible estimate of the moves left: 0 on every goal state.
  { d.estimate(cs) } -> std::same_as<int>;
  { d.goal_states() } -> std::same_as<std::vector<typename D::State>>;
  { d.packed_bytes() } -> std::same_as<std::size_t>;
  { d.pack(cs, out) } -> std::same_as<void>;
  { d.unpack(in, s) } -> std::same_as<void>;
};

/// Optional: a domain that knows redundant move strings names them by a finite-state machine
/// over the moves made. Depth-first searches carry its state along their path, starting from
/// kPruningStart, and skip a move where `pruning_after` gives kPrunedMove. The machine must
/// leave some shortest move string to every state, as a machine that rejects only strings with a
/// stretch that a smaller string can replace does. Such a domain may also name
/// `prefetch_pruning(state)`, which the searches call for each child they may search.
using PruningState = std::uint16_t;
inline constexpr PruningState kPruningStart = 0;
inline constexpr PruningState kPrunedMove = 0xFFFF;
template <class D>
concept PrunesMoveStrings = requires(const D& d, typename D::Move m) {
  { d.pruning_after(PruningState{}, m) } -> std::same_as<PruningState>;
};

/// Optional: a domain that can estimate a state's children without making their moves (so that
/// their table lookups overlap) names the type of one child's estimate, whose `h` is exact up to
/// the limit and above it whenever the exact value is, and makes a move with its estimate. An
/// estimate may also carry an int `tie`: among children of equal `h`, IDA* searches the lowest
/// first.
template <class D>
concept EstimatesChildren = requires(const D& d, typename D::State& s, const typename D::State& cs,
                                     typename D::Move m, std::span<const typename D::Move> moves,
                                     std::span<typename D::ChildEstimate> out) {
  { out[0].h } -> std::convertible_to<int>;
  { d.estimate_children(cs, moves, 0, out) } -> std::same_as<void>;
  { d.apply(s, m, out[0]) } -> std::same_as<void>;
};

/// The most moves a domain offers from one state: the searches keep a node's children in arrays
/// of this size.
inline constexpr std::size_t kMaxChildren = 8;

/// Takes back move `m`, the last one made in `state`: a domain may undo a move more cheaply than
/// it makes the reverse one.
template <SearchDomain D>
void take_back(const D& domain, typename D::State& state, typename D::Move m) {
  if constexpr (requires { domain.undo(state, m); }) {
    domain.undo(state, m);
  } else {
    domain.apply(state, domain.reverse(m));
  }
}

/// The machine's state after `m`: kPruningStart throughout for a domain without one.
template <class D>
PruningState pruning_after(const D& domain, PruningState at, typename D::Move m) {
  if constexpr (PrunesMoveStrings<D>) {
    return domain.pruning_after(at, m);
  } else {
    return kPruningStart;
  }
}

/// Where a search stands, for a progress display.
struct SearchProgress {
  std::uint64_t expanded = 0;
  int bound = 0;  // no solution is shorter than this
  double seconds = 0;
};

struct Checkpointing;  // checkpoint.hpp
class Cluster;         // cluster.hpp

/// Limits on one search (0 means no limit), and how to follow or stop it from outside.
struct Budget {
  std::uint64_t max_nodes = 0;  // expanded nodes
  double timeout_seconds = 0;   // wall-clock time
  /// Where the time limit counts from: unset, each run's start; set, one deadline shared by the
  /// steps of a composite solver (the fast solver's drafts, beams and shortening).
  std::optional<std::chrono::steady_clock::time_point> since;
  /// The fast solver only: once its schedule is done, up to this many rounds of wider or other
  /// beams while the time limit leaves room for one, the shortest answer kept (its lists of
  /// rounds are short, so it ends with no time limit too).
  std::size_t improve_rounds = 0;
  std::size_t max_memory_bytes = 0;  // search structures of the algorithms that store states
  std::optional<int> max_depth;      // solutions longer than this are not looked for
  const CancelToken* cancel = nullptr;
  /// Threads one search may use: IDA* shares each iteration's subtrees among them.
  unsigned threads = 1;
  /// Called from a searching thread (one at a time) about every `progress_seconds`.
  std::function<void(const SearchProgress&)> progress;
  double progress_seconds = 0.5;
  /// IDA* only: where it goes on from and keeps its progress (not owned; nullptr: none).
  const Checkpointing* checkpointing = nullptr;
  /// IDA* only: the processes its split iterations are shared among (not owned; nullptr: this
  /// one alone).
  Cluster* cluster = nullptr;
};

enum class SearchStatus {
  Solved,
  NoSolution,  // the whole reachable space was searched
  DepthLimit,  // no solution of at most max_depth moves exists
  NodeLimit,
  TimeLimit,
  MemoryLimit,
  Cancelled,
};

/// One IDA* iteration: its bound on f and the nodes it expanded.
struct IterationCount {
  int bound = 0;
  std::uint64_t expanded = 0;
  friend bool operator==(const IterationCount&, const IterationCount&) = default;
};

struct SearchStats {
  std::uint64_t expanded = 0;   // states whose successors were generated
  std::uint64_t generated = 0;  // successor states produced
  double seconds = 0;           // with those of earlier runs of a search resumed
  std::size_t peak_bytes = 0;   // peak size of the search's own structures
  int lower_bound = 0;          // proven: no solution is shorter (the length, once solved)
  int split_iterations = 0;     // IDA* iterations shared among threads or processes
  /// IDA*: every iteration in turn, the last one where the search ended (so cut short by the
  /// solution or a limit); the counts of a search that grows a few times over per iteration,
  /// from which the cost of going on can be projected.
  std::vector<IterationCount> iterations;
};

template <class Move>
struct SearchResult {
  SearchStatus status = SearchStatus::NoSolution;
  std::vector<Move> path;  // the moves from the start to a goal when Solved
  SearchStats stats;
};

/// Budget bookkeeping for one search run: counts, clock, peak memory.
class SearchRun {
 public:
  explicit SearchRun(const Budget& budget,
                     std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now())
      : budget_(budget), start_(budget.since ? *budget.since : start) {}

  std::chrono::steady_clock::time_point started() const { return start_; }

  SearchStats stats;
  /// The algorithm keeps this at what it has proven: no solution is shorter.
  int bound = 0;

  /// Call once per expansion with the current size of the search structures; true where a limit
  /// stops the search, which `limit()` then names. The clock and the cancel token are read only
  /// every 4096 calls. (A flag rather than an optional limit: GCC keeps a returned optional in
  /// memory, written in two parts and read whole, which stalls every call.)
  [[gnu::always_inline]] bool over_budget(std::size_t bytes_now) {
    if (bytes_now > stats.peak_bytes) stats.peak_bytes = bytes_now;
    if (!over_nodes() && !over_memory(bytes_now) && (++calls_ & 4095) != 0) [[likely]] {
      return false;
    }
    return limit_reached(bytes_now);
  }
  /// The limit that `over_budget` found.
  SearchStatus limit() const { return limit_; }

  /// The limit that stops the search now, cancel and time only (read at every call, for work
  /// that runs long between expansions).
  std::optional<SearchStatus> interrupted() const {
    if (budget_.cancel != nullptr && budget_.cancel->cancelled()) return SearchStatus::Cancelled;
    if (budget_.timeout_seconds > 0 && elapsed() > budget_.timeout_seconds) {
      return SearchStatus::TimeLimit;
    }
    return std::nullopt;
  }

  /// The time the budget leaves from now (infinite where it has no time limit).
  double seconds_left() const {
    if (budget_.timeout_seconds <= 0) return std::numeric_limits<double>::infinity();
    return budget_.timeout_seconds - elapsed();
  }

  /// The bytes a search that now holds `bytes_now` may still take.
  std::size_t room(std::size_t bytes_now) const {
    if (budget_.max_memory_bytes == 0) return std::numeric_limits<std::size_t>::max();
    return bytes_now < budget_.max_memory_bytes ? budget_.max_memory_bytes - bytes_now : 0;
  }

  /// For a search shared by threads: calls `budget.progress` with the pooled count when due.
  void report_progress(const Budget& budget, std::uint64_t expanded) {
    if (!budget.progress) return;
    const double seconds = elapsed();
    if (seconds < next_progress_) return;
    next_progress_ = seconds + budget.progress_seconds;
    budget.progress({expanded, bound, seconds});
  }

  /// For a search that goes on from a saved one: the seconds that one had run, which its
  /// reported time includes (its limits count this run's own).
  void go_on_after(double seconds) { earlier_seconds_ = seconds; }
  /// The seconds the search has run, with those it goes on after.
  double seconds() const { return earlier_seconds_ + elapsed(); }

  template <class Move>
  SearchResult<Move> finish(SearchStatus status, std::vector<Move> path = {}) {
    stats.seconds = seconds();
    stats.lower_bound = status == SearchStatus::Solved ? static_cast<int>(path.size()) : bound;
    return {status, std::move(path), stats};
  }

 private:
  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

  // Whether a limit stops the search, where `over_budget` found one or it is time to read the
  // clock (out of line: the caller's common path stays free of it).
  [[gnu::noinline]] bool limit_reached(std::size_t bytes_now) {
    const std::optional<SearchStatus> stop = over_nodes()             ? SearchStatus::NodeLimit
                                             : over_memory(bytes_now) ? SearchStatus::MemoryLimit
                                                                      : now_and_then();
    if (stop) limit_ = *stop;
    return stop.has_value();
  }
  bool over_nodes() const { return budget_.max_nodes != 0 && stats.expanded >= budget_.max_nodes; }
  bool over_memory(std::size_t bytes_now) const {
    return budget_.max_memory_bytes != 0 && bytes_now > budget_.max_memory_bytes;
  }
  std::optional<SearchStatus> now_and_then() {
    if (const auto stop = interrupted()) return stop;
    if (!budget_.progress) return std::nullopt;
    const double seconds = elapsed();
    if (seconds >= next_progress_) {
      next_progress_ = seconds + budget_.progress_seconds;
      budget_.progress({stats.expanded, bound, seconds});
    }
    return std::nullopt;
  }

  Budget budget_;
  std::chrono::steady_clock::time_point start_;
  std::uint64_t calls_ = 0;
  SearchStatus limit_ = SearchStatus::NoSolution;  // (set where over_budget says true)
  double next_progress_ = 0;
  double earlier_seconds_ = 0;
};

}  // namespace npuzzle
