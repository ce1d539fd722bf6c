#pragma once
// IDA*'s thread split (included by idastar.hpp, after the class): each iteration large enough
// to pay lists the nodes a few moves below the top the iteration history keeps, in the order a
// single thread meets them, and the threads take their subtrees in that order. A solution found
// in one subtree stops only the subtrees after it, so the answer is the one a single thread
// finds. Once the threads are back, the top is walked again with the frontier each subtree
// found, so that the history is the one a single thread would have kept.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

#include "npuzzle/search/checkpoint.hpp"
#include "npuzzle/search/child_order.hpp"
#include "npuzzle/search/cluster.hpp"
#include "npuzzle/search/domain.hpp"
#include "npuzzle/search/iteration_history.hpp"
#include "npuzzle/util/errors.hpp"
#include "npuzzle/util/hash.hpp"
#include "npuzzle/util/parallel.hpp"

namespace npuzzle {

// The nodes `depth` moves deep within the bound (deeper under a node a cluster's listing knows
// to be costly), each as its root and the moves to it, in the order the single-threaded search
// meets them.
template <SearchDomain D>
struct IdaStar<D>::Subtrees {
  int depth = 0;
  std::vector<std::size_t> root;
  std::vector<Move> moves;             // of every subtree in turn
  std::vector<std::size_t> starts{0};  // where each subtree's moves start, then the end
  std::span<const Move> path(std::size_t i) const {
    return std::span(moves).subspan(starts[i], starts[i + 1] - starts[i]);
  }
  SearchStats stats;               // of the nodes above them
  std::uint64_t top_expanded = 0;  // of those, within kHistoryDepth moves of a root
  int next_bound = kInfinity;
  std::optional<std::vector<Move>> solution;  // one shallower than `depth`
  std::size_t bytes() const {
    return root.capacity() * sizeof(std::size_t) + moves.capacity() * sizeof(Move) +
           starts.capacity() * sizeof(std::size_t);
  }
  /// The listing's count and paths mixed (IdaCheckpoint::listing).
  std::uint64_t fingerprint() const {
    std::uint64_t h = mix64(root.size());
    for (std::size_t i = 0; i < root.size(); ++i) {
      h = mix64(h ^ root[i]);
      for (const Move m : path(i)) h = mix64(h ^ (static_cast<std::uint64_t>(m) + 1));
      h = mix64(h ^ starts[i + 1]);
    }
    return h;
  }
};

// Walks the nodes above `out.depth` in the order the single-threaded search meets them.
// Listing (`below` null), it lists each node at that depth within the bound as a subtree, or
// goes on below it where split_costs_ says it is costly.
// Once the subtrees are searched (`below`: the frontier under each, in listing order, the next
// at `next_below`), it keeps in the history the frontier under each node above them, as the
// single-threaded search would have, and returns the one under `s`.
// `before`, `now`: the node in the histories (`now` kNone while listing).
template <SearchDomain D>
Frontier IdaStar<D>::walk_top(State& s, std::size_t root, int g, int bound, Move last,
                              PruningState at, Node before, Node now, Known known,
                              std::vector<Move>& path, Subtrees& out,
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
  // What the iteration before searched below this node, and whether its children are unknown
  // (an ancestor or the node itself was listed whole: they take a share each).
  std::uint64_t cost = 0;
  bool whole = false;
  if (!split_costs_.empty() && g >= kHistoryDepth) {
    const SplitCosts::Cost* c = split_costs_.find(known.key);
    cost = c ? c->nodes : known.inherited;
    whole = c ? c->listed : known.inherited != 0;
  }
  const bool costly = cost > split_costs_.limit() && g < std::min(kMaxHeavyDepth, bound - 1);
  if (g >= out.depth && !costly) {
    if (below != nullptr) return (*below)[next_below++];
    out.root.push_back(root);
    out.moves.insert(out.moves.end(), path.begin(), path.end());
    out.starts.push_back(out.moves.size());
    return kNoFrontier;
  }
  ++out.stats.expanded;
  if (below == nullptr) out.top_expanded += g < kHistoryDepth;
  const child_order::Children<D> next = child_order::children_of(domain_, s, last, at);
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
    const Known child_known{
        split_costs_.empty() ? 0 : SplitCosts::child_key(known.key, static_cast<std::uint64_t>(m)),
        whole ? cost / next.count : 0};
    frontier = std::min(frontier, walk_top(s, root, g + 1, bound, m, next.at[i], child_before,
                                           child_now, child_known, path, out, below, next_below));
    path.pop_back();
    take_back(domain_, s, m);
  };
  if constexpr (EstimatesChildren<D>) {
    std::array<typename D::ChildEstimate, kMaxChildren> child{};
    domain_.estimate_children(s, next.moves(), bound - g - 1, std::span(child.data(), next.count));
    auto order = child_order::lowest_first(child, next.count);
    if (keeps_history_ && g < kHistoryDepth) {
      child_order::by_history(before_, g, bound, next.count, child, before, order);
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
    auto order = child_order::in_move_order(next.count);
    if (keeps_history_ && g < kHistoryDepth) {
      child_order::by_history(before_, g, bound, next.count, nullptr, before, order);
    }
    for (const std::size_t i : std::span(order.data(), next.count)) {
      visit(i, [&](Move m) { domain_.apply(s, m); });
    }
  }
  if (now != IterationHistory::kNone && g < kHistoryDepth) now_.note(now, frontier);
  return frontier;
}

// (Below the history's nodes, so that the single-threaded walk above them keeps it.) Deeper
// until `wanted` are listed, but not into a walk expected to expand more than `most_top_nodes`
// (0: no such limit), going by how the walk grew from the depth before.
template <SearchDomain D>
auto IdaStar<D>::subtrees(std::vector<State>& roots, int bound, std::size_t wanted,
                          std::uint64_t most_top_nodes) -> Subtrees {
  Subtrees out;
  std::uint64_t walked_before = 0;
  for (int depth = kHistoryDepth; depth <= std::min(kMaxSplitDepth, bound - 1); ++depth) {
    if (depth > kHistoryDepth && most_top_nodes != 0 && walked_before > 0) {
      const std::uint64_t walked = out.stats.expanded;
      const double growth = static_cast<double>(walked) / static_cast<double>(walked_before);
      if (static_cast<double>(walked) * growth > static_cast<double>(most_top_nodes)) break;
    }
    walked_before = out.stats.expanded;
    out = Subtrees{};
    out.depth = depth;
    std::vector<Move> path;
    std::size_t unused = 0;
    for (std::size_t r = 0; r < roots.size(); ++r) {
      walk_top(roots[r], r, 0, bound, D::kNoMove, kPruningStart, root_before(r),
               IterationHistory::kNone, {SplitCosts::root_key(r), 0}, path, out, nullptr, unused);
    }
    if (out.solution || out.root.size() >= wanted) break;
  }
  return out;
}

template <SearchDomain D>
auto IdaStar<D>::split_iteration(std::vector<State>& roots, int bound, std::uint64_t last_iteration,
                                 const IdaCheckpoint* resume,
                                 std::optional<IdaCheckpoint>& progress) -> Outcome {
  SearchRun& run = main_.run;
  // The listing depends on the count wanted: one going on from a checkpoint lists as it did.
  Cluster* const cluster = sharing(budget_.cluster);
  // (Every process of a cluster lists the same top, whatever its threads.)
  const std::size_t wanted = resume ? static_cast<std::size_t>(resume->subtrees_wanted)
                             : subtrees_wanted_ != 0 ? subtrees_wanted_
                             : !split_costs_.empty() ? 0  // (listed where costly, not deeper)
                             : cluster               ? cluster_subtrees(cluster->processes())
                                                     : kSubtreesPerThread * budget_.threads;
  // (The same on every process: the iteration before's counts were combined.)
  const std::uint64_t most_top =
      cluster && !resume ? last_iteration / (kPartPerTop * cluster->processes()) : 0;
  Subtrees work = subtrees(roots, bound, wanted, most_top);
  run.stats.expanded += work.stats.expanded;
  main_.top_expanded += work.top_expanded;
  run.stats.generated += work.stats.generated;
  const SearchStats top = run.stats;  // with the walk over the top, which every process makes
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
  std::vector<Frontier> below(work.root.size(), kNoFrontier);  // by subtree
  std::vector<std::uint64_t> searched(work.root.size(), 0);    // nodes, by subtree

  // Subtrees a checkpoint says are finished count as searched, with what they found; the
  // progress saved holds them, and each subtree as it finishes.
  std::vector<char> finished(work.root.size(), 0);
  // Counted in each thread's checks: the listing, what comes back of each subtree, and the
  // finished subtrees a checkpoint keeps (the threads' paths are small beside them).
  const std::size_t held =
      main_.held_bytes + work.bytes() +
      work.root.size() * (sizeof(Frontier) + sizeof(std::uint64_t) + sizeof(char) +
                          (progress ? sizeof(IdaCheckpoint::Finished) : 0));
  const std::uint64_t listing = resume || progress ? work.fingerprint() : 0;
  if (resume) {
    if (resume->listing != listing) {
      throw InputError(
          "the checkpoint's subtrees are not this search's (it was written by a version of the "
          "program that lists them otherwise)");
    }
    for (const IdaCheckpoint::Finished& f : resume->finished) {
      if (f.subtree >= work.root.size() || finished[static_cast<std::size_t>(f.subtree)]) {
        throw InputError("the checkpoint's subtrees are not this search's");
      }
      const auto i = static_cast<std::size_t>(f.subtree);
      finished[i] = 1;
      below[i] = f.frontier;
      main_.next_bound = std::min(main_.next_bound, f.next_bound);
      run.stats.expanded += f.expanded;
      run.stats.generated += f.generated;
    }
  }
  auto last_save = std::chrono::steady_clock::now();
  const auto save = [&] {  // (under `mutex` once the threads run)
    progress->before.seconds = run.seconds();
    budget_.checkpointing->save(*progress);
    last_save = std::chrono::steady_clock::now();
  };
  if (progress) {
    progress->subtrees_wanted = wanted;
    progress->listing = listing;
    if (resume) progress->finished = resume->finished;
    save();
  }

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
      w.held_bytes = held;
      w.run.bound = bound;
      const auto next = [&] { return cluster ? cluster->next_subtree() : next_subtree++; };
      for (std::size_t i; (i = next()) < work.root.size();) {
        if (shared.first_found.load() < i || shared.stopped.load()) break;
        if (finished[i]) continue;
        if (cluster && cluster->heard() < i) break;  // another process found one before
        State state = roots[work.root[i]];
        const std::span<const Move> moves = work.path(i);
        PruningState at = kPruningStart;
        for (const Move m : moves) {
          domain_.apply(state, m);
          at = pruning_after(domain_, at, m);
        }
        w.path.assign(moves.begin(), moves.end());
        w.path.resize(static_cast<std::size_t>(bound) + 1);
        w.subtree = i;
        w.frontier = kNoFrontier;
        const int next_bound_before = std::exchange(w.next_bound, kInfinity);
        const SearchStats stats_before = w.run.stats;
        const Outcome outcome =
            w.template search<true>(state, static_cast<int>(moves.size()), bound, moves.back(), at);
        below[i] = w.frontier;
        searched[i] = w.run.stats.expanded - stats_before.expanded;
        if (progress && outcome == Outcome::NotFound) {
          const std::lock_guard lock(mutex);
          progress->finished.push_back({i, w.frontier, w.next_bound,
                                        w.run.stats.expanded - stats_before.expanded,
                                        w.run.stats.generated - stats_before.generated});
          const std::chrono::duration<double> since = std::chrono::steady_clock::now() - last_save;
          if (since.count() >= budget_.checkpointing->every_seconds) {
            save();
          }
        }
        w.next_bound = std::min(w.next_bound, next_bound_before);
        if (outcome == Outcome::Found) {
          if (cluster) cluster->announce(i);
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
  if (cluster) {  // every process's results, the same on each from here on
    ClusterShare share;
    share.below = std::move(below);
    share.searched = std::move(searched);
    share.next_bound = main_.next_bound;
    share.expanded = run.stats.expanded - top.expanded;
    share.generated = run.stats.generated - top.generated;
    if (found) {
      share.found_at = found_at;
      for (const Move m : *found) share.found_path.push_back(static_cast<std::uint8_t>(m));
    }
    share.stopped = stopped;
    cluster->combine(share);
    below = std::move(share.below);
    searched = std::move(share.searched);
    main_.next_bound = share.next_bound;
    run.stats.expanded = top.expanded + share.expanded;
    run.stats.generated = top.generated + share.generated;
    std::vector<Move> path(share.found_path.size());
    std::transform(share.found_path.begin(), share.found_path.end(), path.begin(),
                   [](std::uint8_t m) { return static_cast<Move>(m); });
    found = share.found_at == ClusterShare::kNone ? std::nullopt : std::optional(std::move(path));
    stopped = share.stopped;
  }
  // A solution in any subtree is as short as any other (the bound is the optimum), so one
  // found before a budget stop is kept.
  if (found) {
    main_.path = std::move(*found);
    return Outcome::Found;
  }
  if (stopped) {
    if (progress) save();  // everything finished before the stop, for the next run
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
               {SplitCosts::root_key(r), 0}, path, again, &below, next_below);
    }
  }
  // For the next iteration's listing (not where checkpoints are kept: a restart would not know
  // what was learnt, and must list as the run before did).
  if (cluster && budget_.checkpointing == nullptr) {
    std::uint64_t nodes = 0;
    for (const std::uint64_t n : searched) nodes += n;
    split_costs_.learn<Move>(
        work.root, [&](std::size_t i) { return work.path(i); }, searched, kHistoryDepth,
        nodes / (kHeavyPart * cluster->processes()));
  }
  return Outcome::NotFound;
}

}  // namespace npuzzle
