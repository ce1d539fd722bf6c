#pragma once
// IDA*: depth-first iterations under a rising bound on f = g + h, one state changed in place.
// Memory is the path alone; it never ends on a puzzle with no solution, so callers decide
// solvability first. Where the domain names redundant move strings (PrunesMoveStrings), the
// search carries the machine's state down the path and skips the moves it rejects.
//
// Each iteration searches the children of the nodes within kHistoryDepth moves of a root in the
// order of what the iteration before found under them (see iteration_history.hpp).
//
// Which children it searches, and in what order, is child_order.hpp. A large iteration is split
// into the subtrees below a frontier, searched nearest a goal first, on Budget::threads threads
// (idastar_split.hpp), with the same answer on any number of them.

#include <algorithm>
#include <array>
#include <atomic>
#include <exception>
#include <limits>
#include <mutex>
#include <optional>
#include <span>
#include <type_traits>
#include <utility>

#include "npuzzle/search/checkpoint.hpp"
#include "npuzzle/search/child_order.hpp"
#include "npuzzle/search/cluster.hpp"
#include "npuzzle/search/domain.hpp"
#include "npuzzle/search/iteration_history.hpp"
#include "npuzzle/search/split_costs.hpp"
#include "npuzzle/util/parallel.hpp"

namespace npuzzle {

template <SearchDomain D>
class IdaStar {
 public:
  using Move = typename D::Move;
  using State = typename D::State;

  /// `min_split_iteration`: the nodes an iteration must have expanded for the next one to be
  /// split among threads, and (times 2^kOrderedShift) to be ordered, on one thread too (lower
  /// only to test splitting on small searches).
  /// `subtrees_wanted`: the subtrees a split lists its top for (0: as the order, the threads or
  /// the cluster want).
  IdaStar(const D& domain, const Budget& budget,
          std::uint64_t min_split_iteration = kMinSplitIteration, std::size_t subtrees_wanted = 0)
      : domain_(domain),
        budget_(budget),
        min_split_iteration_(min_split_iteration),
        subtrees_wanted_(subtrees_wanted),
        main_(domain, SearchRun(budget)) {
    main_.owner = this;
  }

  /// The subtrees a split iteration is listed for when shared among `processes` processes.
  static constexpr std::size_t cluster_subtrees(unsigned processes) {
    return kSubtreesPerProcess * processes;
  }

  /// From any of `starts` (each iteration tries them in turn) to a goal state.
  SearchResult<Move> solve(std::span<const State> starts) {
    SearchRun& run = main_.run;
    int bound = kInfinity;
    for (const State& s : starts) bound = std::min(bound, domain_.estimate(s));
    std::vector<State> roots(starts.begin(), starts.end());
    std::uint64_t last_iteration = 0;  // nodes the iteration before expanded
    std::uint64_t last_top = 0;        // of them, within kHistoryDepth moves of a root
    const Checkpointing* checkpoints = budget_.checkpointing;
    const IdaCheckpoint* resume = checkpoints ? checkpoints->resume : nullptr;
    if (resume) {  // the iteration it was saved in, as it began
      bound = resume->bound;
      last_iteration = resume->last_iteration;
      last_top = resume->last_top;
      now_ = resume->history;  // (the iteration before's: swapped in below)
      run.stats.expanded = resume->before.expanded;
      run.stats.generated = resume->before.generated;
      run.stats.split_iterations = resume->before.split_iterations;
      run.stats.iterations = resume->before.iterations;
      run.go_on_after(resume->before.seconds);
    }
    for (;;) {
      run.bound = bound;  // every shorter solution was ruled out by the iterations before
      if (budget_.max_depth && bound > *budget_.max_depth) {
        return run.template finish<Move>(SearchStatus::DepthLimit);
      }
      main_.next_bound = kInfinity;
      std::swap(before_, now_);
      now_.clear();
      main_.held_bytes = before_.bytes() + now_.bytes() + split_costs_.bytes();
      keeps_history_ =
          last_iteration >= kMinHistoryIteration && last_iteration >= kTopShare * last_top;
      // A large iteration's subtrees are searched nearest a goal first, on one thread too, so
      // that the answer is the same on any number; a smaller one is split only to share it
      // among threads or processes (or to keep checkpoints, a split iteration's progress), its
      // subtrees in the order one thread meets them unsplit.
      const bool ordered = last_iteration >= (min_split_iteration_ << kOrderedShift);
      const bool shared = budget_.threads > 1 || sharing(budget_.cluster) != nullptr;
      const bool split = (ordered || shared || checkpoints) &&
                         last_iteration >= min_split_iteration_ &&
                         (budget_.max_nodes == 0 || budget_.max_nodes >= kMinSplitNodes);
      std::optional<IdaCheckpoint> progress;
      if (split && checkpoints && checkpoints->save) {
        progress.emplace();
        progress->bound = bound;
        progress->last_iteration = last_iteration;
        progress->last_top = last_top;
        progress->history = before_;
        progress->before = run.stats;
      }
      const std::uint64_t before = run.stats.expanded;
      main_.top_expanded = 0;
      // (Only the first iteration goes on from the checkpoint: its finished subtrees skipped.)
      const IdaCheckpoint* going_on = std::exchange(resume, nullptr);
      const Outcome outcome =
          split ? split_iteration(roots, bound, last_iteration, ordered, going_on, progress)
                : iteration(roots, bound);
      last_iteration = run.stats.expanded - before;
      run.stats.iterations.push_back({bound, last_iteration});
      last_top = main_.top_expanded;
      run.stats.split_iterations += split && shared;
      if (outcome == Outcome::Found) {
        return run.finish(SearchStatus::Solved, std::move(main_.path));
      }
      if (outcome == Outcome::Stopped) return run.template finish<Move>(main_.stop);
      if (main_.next_bound == kInfinity) return run.template finish<Move>(SearchStatus::NoSolution);
      bound = main_.next_bound;
    }
  }

 private:
  enum class Outcome { Found, NotFound, Stopped, Overtaken };
  static constexpr int kInfinity = std::numeric_limits<int>::max();
  // An iteration after a smaller one is over too quickly to be worth listing subtrees and
  // starting threads for (iterations grow several times over from one to the next).
  static constexpr std::uint64_t kMinSplitIteration = 1 << 15;
  // Nor is a search under a small node limit, which a single thread keeps exactly; above this,
  // the threads' unpooled counts (kSyncEvery each at most) are a negligible overshoot.
  static constexpr std::uint64_t kMinSplitNodes = 1 << 20;
  // An iteration after one of 2^kOrderedShift times min_split_iteration nodes is ordered: its
  // subtrees searched nearest a goal first. (The last iteration of a smaller search meets its
  // solution soon enough in depth-first order that the listing would cost more than it saves.)
  static constexpr int kOrderedShift = 9;
  // The subtrees an ordered split lists its top for at least (the step of f that reaches them
  // may list several times as many): the more, the finer the order in which the last iteration
  // meets them, and the more the walk over the top and each subtree's start cost.
  static constexpr std::size_t kOrderedSubtrees = std::size_t{1} << 18;
  // Subtrees per thread where the split only shares an iteration: enough that one slow subtree
  // does not leave the others idle.
  static constexpr std::size_t kSubtreesPerThread = 256;
  // The walk over the top goes no further than 1/kTopPart of the iteration before, and under a
  // memory budget, lists no more than one subtree per this many of its bytes (a listing may
  // come out several times the count it was deepened for, at some tens of bytes a subtree).
  static constexpr std::uint64_t kTopPart = 16;
  static constexpr std::size_t kBytesPerSubtreeWanted = 4096;
  // A cluster lists at least this many per process, whose processes may have different numbers
  // of threads (its largest subtree bounds how fast the iteration can go); every process walks
  // the top, so no further there than 1/kPartPerTop of a process's part of the iteration before.
  static constexpr std::size_t kSubtreesPerProcess = 2048;
  static constexpr std::uint64_t kPartPerTop = 2;
  // Below the history's depth, a cluster's listing goes on under a node where the iteration
  // before searched more than 1/(kHeavyPart x processes) of its subtrees' nodes
  // (split_costs.hpp), to this depth at most.
  static constexpr std::uint64_t kHeavyPart = 64;
  static constexpr int kMaxHeavyDepth = 48;
  // The depth above which the iterations keep their history: deeper tops order more of the tree
  // but cost more to keep, and gain little past this.
  static constexpr int kHistoryDepth = 10;
  using Node = IterationHistory::Node;
  // Nor is a history worth keeping after a small iteration, or one whose top was more than
  // 1/kTopShare of it: a search whose top is most of its tree (the cube's) spends more on the
  // history than it saves (docs/lab/ has the measurements).
  static constexpr std::uint64_t kMinHistoryIteration = 256;
  static constexpr std::uint64_t kTopShare = 2;
  // Threads pool their counts and read each other's news once per this many expansions.
  static constexpr std::uint64_t kSyncEvery = 256;

  // What the threads of a split iteration share.
  struct Shared {
    std::atomic<std::uint64_t> expanded{0};  // pooled counts of every thread, for the budget
    std::atomic<std::size_t> first_found{std::numeric_limits<std::size_t>::max()};
    std::atomic<bool> stopped{false};
    std::atomic<unsigned> next_id{0};
  };

  // One thread's search: its path, its counts and what it learnt of the next bound.
  struct Worker {
    Worker(const D& d, SearchRun r) : domain(d), run(std::move(r)) {}

    const D& domain;
    SearchRun run;
    std::vector<Move> path;  // at depth g, the moves to the node in its first g places
    int next_bound = kInfinity;
    Frontier frontier = kNoFrontier;  // under the node being searched, so far
    // The single-threaded search's: the history it reads and keeps above kHistoryDepth.
    IdaStar* owner = nullptr;
    // What the search holds beside this thread's path (the histories; in a split iteration, its
    // listing too), counted against the memory budget with it.
    std::size_t held_bytes = 0;
    // Nodes expanded within kHistoryDepth moves of a root (in a split iteration, by the walk over
    // its top).
    std::uint64_t top_expanded = 0;
    // By depth above kHistoryDepth: the node on the path in the history before and in this one.
    std::array<Node, kHistoryDepth + 1> before_at{}, now_at{};
    SearchStatus stop = SearchStatus::NoSolution;
    // Read in a split iteration only.
    Shared* shared = nullptr;
    const Budget* budget = nullptr;  // the whole search's: its node limit and progress
    std::size_t subtree = 0;         // the place of the subtree it searches in the split's order
    std::uint64_t unpooled = 0;
    bool reports_progress = false;

    // `kShared`: in a split iteration, pooling counts with the other threads (the single-thread
    // search leaves that out of its inner loop).
    template <bool kShared>
    Outcome search(State& state, int g, int bound, Move last, PruningState at) {
      const int h = domain.estimate(state);
      const int f = g + h;
      if (f > bound) {
        if (f < next_bound) next_bound = f;
        frontier = std::min(frontier, frontier_of(f, h));
        return Outcome::NotFound;
      }
      // An admissible estimate is 0 on goal states, so only those need the full test.
      if (h == 0 && domain.is_goal(state)) {
        path.resize(static_cast<std::size_t>(g));
        return Outcome::Found;
      }
      if (run.over_budget(path.capacity() * sizeof(Move) + held_bytes)) {
        stop = run.limit();
        return Outcome::Stopped;
      }
      if constexpr (kShared) {
        if (++unpooled == kSyncEvery) {
          if (const auto o = sync()) return *o;
        }
      }
      ++run.stats.expanded;
      if constexpr (!kShared) top_expanded += g < kHistoryDepth;
      const child_order::Children<D> children = child_order::children_of(domain, state, last, at);
      const std::span<const Move> moves = children.moves();
      // Whether the node is in the top the history keeps (in an iteration not split: a split one
      // keeps it above its subtrees).
      bool top = false;
      Frontier outer = kNoFrontier;
      if constexpr (!kShared) {
        if (g < kHistoryDepth && owner != nullptr && owner->keeps_history_) {
          top = true;
          outer = std::exchange(frontier, kNoFrontier);
        }
      }
      // Where the domain can estimate all children at once without making the moves (and so
      // overlap their table lookups), children beyond the bound are counted and skipped unmade,
      // and the others made with what their estimate read. Such an estimate may stop short of
      // exact once it passes the limit, which still bounds the next iteration from below.
      const auto descend = [&](std::size_t i, const auto& make) {
        const Move m = moves[i];
        make(m);
        ++run.stats.generated;
        path[static_cast<std::size_t>(g)] = m;  // (g <= bound, and the path holds bound + 1)
        if (top && g + 1 < kHistoryDepth) {
          const auto up = static_cast<std::size_t>(g);
          now_at[up + 1] = owner->now_.child(now_at[up], i);
          before_at[up + 1] = owner->before_.find_child(before_at[up], i);
        }
        const Outcome outcome = search<kShared>(state, g + 1, bound, m, children.at[i]);
        if (outcome != Outcome::NotFound) return outcome;
        take_back(domain, state, m);
        return Outcome::NotFound;
      };
      if constexpr (EstimatesChildren<D>) {
        std::array<typename D::ChildEstimate, kMaxChildren> child;
        domain.estimate_children(state, moves, bound - g - 1,
                                 std::span(child.data(), moves.size()));
        auto order = child_order::lowest_first(child, moves.size());
        if (top) {
          child_order::by_history(owner->before_, g, bound, moves.size(), child,
                                  before_at[static_cast<std::size_t>(g)], order);
        }
        for (const std::size_t i : std::span(order.data(), moves.size())) {
          if (const int child_f = g + 1 + child[i].h; child_f > bound) {
            ++run.stats.generated;
            if (child_f < next_bound) next_bound = child_f;
            frontier = std::min(frontier, frontier_of(child_f, child[i].h));
            continue;
          }
          const Outcome outcome = descend(i, [&](Move m) { domain.apply(state, m, child[i]); });
          if (outcome != Outcome::NotFound) return outcome;
        }
      } else {
        auto order = child_order::in_move_order(moves.size());
        if (top) {
          child_order::by_history(owner->before_, g, bound, moves.size(), nullptr,
                                  before_at[static_cast<std::size_t>(g)], order);
        }
        for (const std::size_t i : std::span(order.data(), moves.size())) {
          const Outcome outcome = descend(i, [&](Move m) { domain.apply(state, m); });
          if (outcome != Outcome::NotFound) return outcome;
        }
      }
      if (top) {
        if (const Node here = now_at[static_cast<std::size_t>(g)];
            here != IterationHistory::kNone) {
          owner->now_.note(here, frontier);
        }
        frontier = std::min(frontier, outer);
      }
      return Outcome::NotFound;
    }

    // Pools this thread's count; stops where the pooled count reaches the node limit, another
    // thread stopped, or a solution turned up in a subtree before this one.
    std::optional<Outcome> sync() {
      const std::uint64_t total = shared->expanded.fetch_add(unpooled) + unpooled;
      unpooled = 0;
      if (budget->max_nodes != 0 && total >= budget->max_nodes) {
        stop = SearchStatus::NodeLimit;
        return Outcome::Stopped;
      }
      if (shared->stopped.load(std::memory_order_relaxed)) return Outcome::Overtaken;
      if (shared->first_found.load(std::memory_order_relaxed) < subtree) return Outcome::Overtaken;
      if (reports_progress) run.report_progress(*budget, total);
      return std::nullopt;
    }
  };

  Node root_before(std::size_t r) const {
    return keeps_history_ ? before_.find_root(r) : IterationHistory::kNone;
  }
  Node root_now(std::size_t r) { return keeps_history_ ? now_.root(r) : IterationHistory::kNone; }

  Outcome iteration(std::vector<State>& roots, int bound) {
    main_.path.resize(static_cast<std::size_t>(bound) + 1);
    for (std::size_t r = 0; r < roots.size(); ++r) {
      main_.before_at[0] = root_before(r);
      main_.now_at[0] = root_now(r);
      const Outcome outcome =
          main_.template search<false>(roots[r], 0, bound, D::kNoMove, kPruningStart);
      if (outcome != Outcome::NotFound) return outcome;
    }
    return Outcome::NotFound;
  }

  // The thread split (idastar_split.hpp).
  struct Subtrees;
  // A node of the top as a cluster's listing knows it (split_costs.hpp): its key, and where the
  // iteration before listed an ancestor whole, a share of what was searched below that.
  struct Known {
    std::uint64_t key = 0;
    std::uint64_t inherited = 0;
  };
  Frontier walk_top(State& s, std::size_t root, int g, int bound, Move last, PruningState at,
                    Node before, Node now, Known known, int key, std::vector<Move>& path,
                    Subtrees& out, const std::vector<Frontier>* below, std::size_t& next_below);
  Subtrees subtrees(std::vector<State>& roots, int bound, std::optional<int> above,
                    std::size_t wanted, std::uint64_t most_top_nodes);
  Outcome split_iteration(std::vector<State>& roots, int bound, std::uint64_t last_iteration,
                          bool ordered, const IdaCheckpoint* resume,
                          std::optional<IdaCheckpoint>& progress);

  const D& domain_;
  Budget budget_;
  std::uint64_t min_split_iteration_;
  std::size_t subtrees_wanted_;
  Worker main_;
  // What the iteration before found above kHistoryDepth, and what this one finds.
  IterationHistory before_, now_;
  bool keeps_history_ = false;  // in this iteration
  // What a cluster's split iteration learnt for the next one's listing (empty: list at one depth).
  SplitCosts split_costs_;
};

}  // namespace npuzzle

#include "npuzzle/search/idastar_split.hpp"

namespace npuzzle {

template <SearchDomain D>
SearchResult<typename D::Move> ida_star_search(const D& domain, const typename D::State& start,
                                               const Budget& budget) {
  return IdaStar<D>(domain, budget).solve(std::span(&start, 1));
}

}  // namespace npuzzle
