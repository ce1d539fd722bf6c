#pragma once
// IDA*: depth-first iterations under a rising bound on f = g + h, one state changed in place.
// Memory is the path alone; it never ends on a puzzle with no solution, so callers decide
// solvability first. Where the domain names redundant move strings (PrunesMoveStrings), the
// search carries the machine's state down the path and skips the moves it rejects.
//
// Each iteration searches the children of the nodes within kHistoryDepth moves of a root in the
// order of what the iteration before found under them (see iteration_history.hpp).
//
// With Budget::threads above 1, each iteration is split: the nodes at a shallow depth are
// listed in the order a single thread would meet them, and the threads take their subtrees in
// that order. A solution found in one subtree stops only the subtrees after it, so the answer
// is the one a single thread finds.

#include <algorithm>
#include <array>
#include <atomic>
#include <exception>
#include <limits>
#include <mutex>
#include <span>
#include <type_traits>
#include <utility>

#include "npuzzle/search/domain.hpp"
#include "npuzzle/search/iteration_history.hpp"
#include "npuzzle/util/parallel.hpp"

namespace npuzzle {

template <SearchDomain D>
class IdaStar {
 public:
  using Move = typename D::Move;
  using State = typename D::State;

  /// `min_split_iteration`: with several threads, the nodes an iteration must have expanded for
  /// the next one to be split (lower only to test splitting on small searches).
  IdaStar(const D& domain, const Budget& budget,
          std::uint64_t min_split_iteration = kMinSplitIteration)
      : domain_(domain),
        budget_(budget),
        min_split_iteration_(min_split_iteration),
        main_(domain, SearchRun(budget)) {
    main_.owner = this;
  }

  /// From any of `starts` (each iteration tries them in turn) to a goal state.
  SearchResult<Move> solve(std::span<const State> starts) {
    SearchRun& run = main_.run;
    int bound = kInfinity;
    for (const State& s : starts) bound = std::min(bound, domain_.estimate(s));
    std::vector<State> roots(starts.begin(), starts.end());
    std::uint64_t last_iteration = 0;  // nodes the iteration before expanded
    std::uint64_t last_top = 0;        // of them, within kHistoryDepth moves of a root
    for (;;) {
      run.bound = bound;  // every shorter solution was ruled out by the iterations before
      if (budget_.max_depth && bound > *budget_.max_depth) {
        return run.template finish<Move>(SearchStatus::DepthLimit);
      }
      main_.next_bound = kInfinity;
      std::swap(before_, now_);
      now_.clear();
      main_.history_bytes = before_.bytes() + now_.bytes();
      keeps_history_ =
          last_iteration >= kMinHistoryIteration && last_iteration >= kTopShare * last_top;
      // (A split lists its subtrees below the nodes the history keeps.)
      const bool split = budget_.threads > 1 && last_iteration >= min_split_iteration_ &&
                         bound > kHistoryDepth &&
                         (budget_.max_nodes == 0 || budget_.max_nodes >= kMinSplitNodes);
      const std::uint64_t before = run.stats.expanded;
      main_.top_expanded = 0;
      const Outcome outcome = split ? split_iteration(roots, bound) : iteration(roots, bound);
      last_iteration = run.stats.expanded - before;
      last_top = main_.top_expanded;
      run.stats.split_iterations += split;
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
  // Subtrees per thread: enough that one slow subtree does not leave the others idle.
  static constexpr std::size_t kSubtreesPerThread = 256;
  static constexpr int kMaxSplitDepth = 12;
  // The depth above which the iterations keep their history: deeper tops order more of the tree
  // but cost more to keep, and gain little past this.
  static constexpr int kHistoryDepth = 10;
  using Node = IterationHistory::Node;
  // Nor is a history worth keeping after a small iteration, or one whose top was more than
  // 1/kTopShare of it: a search whose top is most of its tree (the cube's) spends more on the
  // history than it saves (see the README's Speed section).
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
    std::size_t history_bytes = 0;
    // Nodes expanded within kHistoryDepth moves of a root (in a split iteration, by the walk over
    // its top).
    std::uint64_t top_expanded = 0;
    // By depth above kHistoryDepth: the node on the path in the history before and in this one.
    std::array<Node, kMaxSplitDepth + 1> before_at{}, now_at{};
    SearchStatus stop = SearchStatus::NoSolution;
    // Read in a split iteration only.
    Shared* shared = nullptr;
    const Budget* budget = nullptr;  // the whole search's: its node limit and progress
    std::size_t subtree = 0;
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
      if (const auto s = run.over_budget(path.capacity() * sizeof(Move) + history_bytes)) {
        stop = *s;
        return Outcome::Stopped;
      }
      if constexpr (kShared) {
        if (++unpooled == kSyncEvery) {
          if (const auto o = sync()) return *o;
        }
      }
      ++run.stats.expanded;
      if constexpr (!kShared) top_expanded += g < kHistoryDepth;
      const Children children = children_of(domain, state, last, at);
      const std::span<const Move> moves = children.moves();
      // Whether the node is in the top the history keeps (on a single thread: a split search
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
        auto order = lowest_first(child, moves.size());
        if (top) {
          owner->order_by_history(g, bound, moves.size(), child,
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
        auto order = in_move_order(moves.size());
        if (top) {
          owner->order_by_history(g, bound, moves.size(), nullptr,
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

  // The order a node's children are searched in: the lowest estimate first, then, where the
  // domain's estimates carry a `tie` key, the lowest of that, then move order. Every iteration
  // but the last visits the same nodes in any order; the last one meets a solution sooner.
  template <class ChildEstimate>
  static bool searched_before(const ChildEstimate& a, const ChildEstimate& b) {
    if constexpr (requires { a.tie; }) {
      return a.h < b.h || (a.h == b.h && a.tie < b.tie);
    } else {
      return a.h < b.h;
    }
  }
  template <class ChildEstimate>
  static std::array<std::size_t, kMaxChildren> lowest_first(
      const std::array<ChildEstimate, kMaxChildren>& child, std::size_t count) {
    std::array<std::size_t, kMaxChildren> order;  // (the first `count` filled below)
    for (std::size_t i = 0; i < count; ++i) {
      std::size_t j = i;
      for (; j > 0 && searched_before(child[i], child[order[j - 1]]); --j) {
        order[j] = order[j - 1];
      }
      order[j] = i;
    }
    return order;
  }

  static std::array<std::size_t, kMaxChildren> in_move_order(std::size_t count) {
    std::array<std::size_t, kMaxChildren> order{};
    for (std::size_t i = 0; i < count; ++i) order[i] = i;
    return order;
  }

  Node root_before(std::size_t r) const {
    return keeps_history_ ? before_.find_root(r) : IterationHistory::kNone;
  }
  Node root_now(std::size_t r) { return keeps_history_ ? now_.root(r) : IterationHistory::kNone; }

  // Sorts the children of a node at depth g within the bound (`here`: its node in the history
  // before) by the frontier the iteration before found under each, keeping `order` among equals.
  // `child`: the children's estimates where the domain makes them (a child within the bound that
  // the iteration before did not search lay on that frontier itself; one beyond the bound goes
  // last, to be skipped), else nullptr (such a child goes after those searched before: its
  // estimate is not known without making its move).
  template <class Estimates>
  void order_by_history(int g, int bound, std::size_t count, const Estimates& child, Node here,
                        std::array<std::size_t, kMaxChildren>& order) const {
    if (here == IterationHistory::kNone) return;  // the first iteration, or a node new to this one
    std::array<Frontier, kMaxChildren> score{};
    std::size_t within = 0;
    for (std::size_t i = 0; i < count; ++i) {
      const Node n = before_.find_child(here, i);
      if constexpr (std::is_same_v<Estimates, std::nullptr_t>) {
        score[i] = n == IterationHistory::kNone ? kNoFrontier - 1 : before_.least(n);
        ++within;
      } else {
        const int h = child[i].h;
        if (g + 1 + h > bound) {
          score[i] = kNoFrontier;
          continue;
        }
        ++within;
        score[i] = n == IterationHistory::kNone ? frontier_of(g + 1 + h, h) : before_.least(n);
      }
    }
    if (within < 2) return;
    for (std::size_t k = 1; k < count; ++k) {  // insertion, which keeps equals in order
      const std::size_t i = order[k];
      std::size_t j = k;
      for (; j > 0 && score[i] < score[order[j - 1]]; --j) order[j] = order[j - 1];
      order[j] = i;
    }
  }

  // A node's moves that the domain's move pruning (if any) keeps, each with the machine's
  // state after it.
  struct Children {
    std::array<Move, kMaxChildren> move{};
    std::array<PruningState, kMaxChildren> at{};
    std::size_t count = 0;
    std::span<const Move> moves() const { return {move.data(), count}; }
  };
  [[gnu::always_inline]] static Children children_of(const D& domain, const State& state, Move last,
                                                     PruningState at) {
    Children out;
    for (const Move m : domain.moves(state, last)) {
      const PruningState next = pruning_after(domain, at, m);
      if (next == kPrunedMove) continue;
      out.at[out.count] = next;
      out.move[out.count++] = m;
    }
    return out;
  }

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

  // The nodes `depth` moves deep within the bound, each as its root and the moves to it, in the
  // order the single-threaded search meets them.
  struct Subtrees {
    int depth = 0;
    std::vector<std::size_t> root;
    std::vector<Move> moves;         // `depth` per subtree
    SearchStats stats;               // of the nodes above them
    std::uint64_t top_expanded = 0;  // of those, within kHistoryDepth moves of a root
    int next_bound = kInfinity;
    std::optional<std::vector<Move>> solution;  // one shallower than `depth`
  };

  // Walks the nodes above `out.depth` in the order the single-threaded search meets them.
  // Listing (`below` null), it lists each node at that depth within the bound as a subtree.
  // Once the subtrees are searched (`below`: the frontier under each, in listing order, the next
  // at `next_below`), it keeps in the history the frontier under each node above them, as the
  // single-threaded search would have, and returns the one under `s`.
  // `before`, `now`: the node in the histories (`now` kNone while listing).
  Frontier walk_top(State& s, std::size_t root, int g, int bound, Move last, PruningState at,
                    Node before, Node now, std::vector<Move>& path, Subtrees& out,
                    const std::vector<Frontier>* below, std::size_t& next_below) {
    const int h = domain_.estimate(s);
    if (g + h > bound) {
      out.next_bound = std::min(out.next_bound, g + h);
      return frontier_of(g + h, h);
    }
    if (h == 0 && domain_.is_goal(s)) {
      if (!out.solution) out.solution = path;
      return kNoFrontier;
    }
    if (g == out.depth) {
      if (below != nullptr) return (*below)[next_below++];
      out.root.push_back(root);
      out.moves.insert(out.moves.end(), path.begin(), path.end());
      return kNoFrontier;
    }
    ++out.stats.expanded;
    if (below == nullptr) out.top_expanded += g < kHistoryDepth;
    const Children next = children_of(domain_, s, last, at);
    Frontier frontier = kNoFrontier;
    // Each child as search() meets it: where the domain estimates children, one beyond the
    // bound by its estimate is skipped unmade.
    const auto visit = [&](std::size_t i, const auto& make) {
      const Move m = next.move[i];
      make(m);
      ++out.stats.generated;
      path.push_back(m);
      const bool kept = keeps_history_ && g + 1 < kHistoryDepth;
      const Node child_before = kept ? before_.find_child(before, i) : IterationHistory::kNone;
      const Node child_now = kept ? now_.child(now, i) : IterationHistory::kNone;
      frontier = std::min(frontier, walk_top(s, root, g + 1, bound, m, next.at[i], child_before,
                                             child_now, path, out, below, next_below));
      path.pop_back();
      take_back(domain_, s, m);
    };
    if constexpr (EstimatesChildren<D>) {
      std::array<typename D::ChildEstimate, kMaxChildren> child{};
      domain_.estimate_children(s, next.moves(), bound - g - 1,
                                std::span(child.data(), next.count));
      auto order = lowest_first(child, next.count);
      if (keeps_history_ && g < kHistoryDepth) {
        order_by_history(g, bound, next.count, child, before, order);
      }
      for (const std::size_t i : std::span(order.data(), next.count)) {
        if (const int child_f = g + 1 + child[i].h; child_f > bound) {
          ++out.stats.generated;
          out.next_bound = std::min(out.next_bound, child_f);
          frontier = std::min(frontier, frontier_of(child_f, child[i].h));
          continue;
        }
        visit(i, [&](Move m) { domain_.apply(s, m, child[i]); });
      }
    } else {
      auto order = in_move_order(next.count);
      if (keeps_history_ && g < kHistoryDepth) {
        order_by_history(g, bound, next.count, nullptr, before, order);
      }
      for (const std::size_t i : std::span(order.data(), next.count)) {
        visit(i, [&](Move m) { domain_.apply(s, m); });
      }
    }
    if (now != IterationHistory::kNone && g < kHistoryDepth) now_.note(now, frontier);
    return frontier;
  }

  // (Below the history's nodes, so that the single-threaded walk above them keeps it.)
  Subtrees subtrees(std::vector<State>& roots, int bound, std::size_t wanted) {
    Subtrees out;
    for (int depth = kHistoryDepth; depth <= std::min(kMaxSplitDepth, bound - 1); ++depth) {
      out = Subtrees{};
      out.depth = depth;
      std::vector<Move> path;
      std::size_t unused = 0;
      for (std::size_t r = 0; r < roots.size(); ++r) {
        walk_top(roots[r], r, 0, bound, D::kNoMove, kPruningStart, root_before(r),
                 IterationHistory::kNone, path, out, nullptr, unused);
      }
      if (out.solution || out.root.size() >= wanted) break;
    }
    return out;
  }

  Outcome split_iteration(std::vector<State>& roots, int bound) {
    SearchRun& run = main_.run;
    Subtrees work = subtrees(roots, bound, kSubtreesPerThread * budget_.threads);
    run.stats.expanded += work.stats.expanded;
    main_.top_expanded += work.top_expanded;
    run.stats.generated += work.stats.generated;
    main_.next_bound = work.next_bound;
    if (work.solution) {
      main_.path = std::move(*work.solution);
      return Outcome::Found;
    }
    Shared shared;
    shared.expanded = run.stats.expanded;
    std::atomic<std::size_t> next_subtree{0};
    std::mutex mutex;  // guards what the threads hand back below
    std::optional<std::vector<Move>> found;
    std::size_t found_at = 0;
    std::optional<SearchStatus> stopped;
    Budget own = budget_;  // the node limit and progress are kept on the pooled count
    own.max_nodes = 0;
    own.progress = nullptr;
    const std::size_t depth = static_cast<std::size_t>(work.depth);
    std::vector<Frontier> below(work.root.size(), kNoFrontier);  // by subtree

    std::exception_ptr failure;  // the first thrown, rethrown here once every thread is back
    const auto guarded = [&](const auto& body) {
      try {
        body();
      } catch (...) {
        const std::lock_guard lock(mutex);
        if (!failure) failure = std::current_exception();
        shared.stopped = true;
      }
    };
    run_on_threads(budget_.threads, [&] {
      guarded([&] {
        Worker w(domain_, SearchRun(own, run.started()));
        w.shared = &shared;
        w.budget = &budget_;
        w.reports_progress = shared.next_id.fetch_add(1) == 0;
        w.run.bound = bound;
        for (std::size_t i; (i = next_subtree.fetch_add(1)) < work.root.size();) {
          if (shared.first_found.load() < i || shared.stopped.load()) break;
          State state = roots[work.root[i]];
          const std::span<const Move> moves(work.moves.data() + i * depth, depth);
          PruningState at = kPruningStart;
          for (const Move m : moves) {
            domain_.apply(state, m);
            at = pruning_after(domain_, at, m);
          }
          w.path.assign(moves.begin(), moves.end());
          w.path.resize(static_cast<std::size_t>(bound) + 1);
          w.subtree = i;
          w.frontier = kNoFrontier;
          const Outcome outcome =
              w.template search<true>(state, work.depth, bound, moves.back(), at);
          below[i] = w.frontier;
          if (outcome == Outcome::Found) {
            const std::lock_guard lock(mutex);
            if (!found || i < found_at) {
              found = w.path;
              found_at = i;
            }
            std::size_t before = shared.first_found.load();
            while (i < before && !shared.first_found.compare_exchange_weak(before, i)) {
            }
            break;
          }
          if (outcome == Outcome::Stopped) {
            const std::lock_guard lock(mutex);
            if (!stopped) stopped = w.stop;
            shared.stopped = true;
            break;
          }
          if (outcome == Outcome::Overtaken) break;
        }
        const std::lock_guard lock(mutex);
        run.stats.expanded += w.run.stats.expanded;
        run.stats.generated += w.run.stats.generated;
        run.stats.peak_bytes = std::max(run.stats.peak_bytes, w.run.stats.peak_bytes);
        main_.next_bound = std::min(main_.next_bound, w.next_bound);
      });
    });
    if (failure) std::rethrow_exception(failure);
    // A solution in any subtree is as short as any other (the bound is the optimum), so one
    // found before a budget stop is kept.
    if (found) {
      main_.path = std::move(*found);
      return Outcome::Found;
    }
    if (stopped) {
      main_.stop = *stopped;
      return Outcome::Stopped;
    }
    if (keeps_history_) {
      Subtrees again;  // (the same walk: its counts were taken above)
      again.depth = work.depth;
      std::vector<Move> path;
      std::size_t next_below = 0;
      for (std::size_t r = 0; r < roots.size(); ++r) {
        walk_top(roots[r], r, 0, bound, D::kNoMove, kPruningStart, root_before(r), root_now(r),
                 path, again, &below, next_below);
      }
    }
    return Outcome::NotFound;
  }

  const D& domain_;
  Budget budget_;
  std::uint64_t min_split_iteration_;
  Worker main_;
  // What the iteration before found above kHistoryDepth, and what this one finds.
  IterationHistory before_, now_;
  bool keeps_history_ = false;  // in this iteration
};

template <SearchDomain D>
SearchResult<typename D::Move> ida_star_search(const D& domain, const typename D::State& start,
                                               const Budget& budget) {
  return IdaStar<D>(domain, budget).solve(std::span(&start, 1));
}

}  // namespace npuzzle
