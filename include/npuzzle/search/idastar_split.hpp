#pragma once
// IDA*'s split (included by idastar.hpp, after the class): each iteration large enough to pay
// lists the nodes where f first rises above a lower bound than the iteration's (the frontier an
// A* would hold at that f, without its duplicate check), and searches their subtrees lowest
// estimate first: every iteration but the last searches them all in any order, and the last one
// meets a solution sooner under the nodes nearest a goal (Bu & Korf's A*+IDA*). Threads, and the
// processes of a cluster, take the subtrees in that order; a solution found in one stops only the
// subtrees after it, so the answer does not depend on how many search. Once every subtree is
// searched, the top is walked again with the frontier each found, so that the iteration history
// (iteration_history.hpp) orders the walk of the next iteration's top.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <limits>
#include <mutex>
#include <numeric>
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

// The nodes within the bound where f first rises above `above` (below such a node, where a
// cluster's listing knows it to be costly), each as its root, its state and the moves to it, in
// the order a depth-first search meets them.
template <SearchDomain D>
struct IdaStar<D>::Subtrees {
  int above = 0;  // the nodes listed are those where f first rises above this
  int least_f = std::numeric_limits<int>::max();  // of those nodes
  std::vector<std::size_t> root;
  // What orders the subtrees: the estimate of the node where the path to each rose above `above`
  // (itself, unless a cluster's listing went on below that node, as costly).
  std::vector<int> key;
  std::vector<std::byte> packed;       // each subtree's root, packed by the domain
  std::vector<Move> moves;             // of every subtree in turn
  std::vector<std::size_t> starts{0};  // where each subtree's moves start, then the end
  std::span<const Move> path(std::size_t i) const {
    return std::span(moves).subspan(starts[i], starts[i + 1] - starts[i]);
  }
  SearchStats stats;               // of the nodes above them
  std::uint64_t top_expanded = 0;  // of those, within kHistoryDepth moves of a root
  int next_bound = kInfinity;
  std::optional<std::vector<Move>> solution;  // one the walk met above the listed nodes
  std::size_t bytes() const {
    return root.capacity() * sizeof(std::size_t) + key.capacity() * sizeof(int) +
           packed.capacity() + moves.capacity() * sizeof(Move) +
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

// Walks the nodes up to those where f rises above `out.above`, in the order a depth-first search
// meets them. Listing (`below` null), it lists each such node within the bound as a subtree, or
// goes on below it where split_costs_ says it is costly (`key`: the estimate where the path rose
// above, -1 before).
// Once the subtrees are searched (`below`: the frontier under each, in listing order, the next
// at `next_below`), it keeps in the history the frontier under each node above them, as the
// single-threaded search would have, and returns the one under `s`.
// `before`, `now`: the node in the histories (`now` kNone while listing).
template <SearchDomain D>
Frontier IdaStar<D>::walk_top(State& s, std::size_t root, int g, int bound, Move last,
                              PruningState at, Node before, Node now, Known known, int key,
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
  if (key < 0 && g + h > out.above) {
    key = h;
    out.least_f = std::min(out.least_f, g + h);
  }
  if (key >= 0 && !costly) {
    if (below != nullptr) return (*below)[next_below++];
    out.root.push_back(root);
    out.key.push_back(key);
    out.packed.resize(out.packed.size() + domain_.packed_bytes());
    domain_.pack(s, out.packed.data() + out.packed.size() - domain_.packed_bytes());
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
    frontier =
        std::min(frontier, walk_top(s, root, g + 1, bound, m, next.at[i], child_before, child_now,
                                    child_known, key, path, out, below, next_below));
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

// Listed above `above`. Where none is given: above the roots' least f first, then above each least
// f listed before, until `wanted` are listed, but not into a walk expected to expand more than
// `most_top_nodes`, going by how the walk grew from the one before (and never up to the bound:
// something must be listed).
template <SearchDomain D>
auto IdaStar<D>::subtrees(std::vector<State>& roots, int bound, std::optional<int> above,
                          std::size_t wanted, std::uint64_t most_top_nodes) -> Subtrees {
  const auto walk = [&](int listed_above) {
    Subtrees out;
    out.above = listed_above;
    std::vector<Move> path;
    std::size_t unused = 0;
    for (std::size_t r = 0; r < roots.size(); ++r) {
      walk_top(roots[r], r, 0, bound, D::kNoMove, kPruningStart, root_before(r),
               IterationHistory::kNone, {SplitCosts::root_key(r), 0}, -1, path, out, nullptr,
               unused);
    }
    return out;
  };
  if (above) return walk(*above);
  int low = bound;
  for (const State& r : roots) low = std::min(low, domain_.estimate(r));
  Subtrees out = walk(low);
  std::uint64_t walked_before = 0;
  while (!out.solution && out.root.size() < wanted) {
    const int next = out.least_f;  // the next walk lists above it
    if (next >= bound) break;
    const std::uint64_t walked = out.stats.expanded;
    if (walked_before > 0) {
      const double growth = static_cast<double>(walked) / static_cast<double>(walked_before);
      if (static_cast<double>(walked) * growth > static_cast<double>(most_top_nodes)) break;
    }
    walked_before = walked;
    out = walk(next);
  }
  return out;
}

template <SearchDomain D>
auto IdaStar<D>::split_iteration(std::vector<State>& roots, int bound, std::uint64_t last_iteration,
                                 bool ordered, const IdaCheckpoint* resume,
                                 std::optional<IdaCheckpoint>& progress) -> Outcome {
  SearchRun& run = main_.run;
  Cluster* const cluster = sharing(budget_.cluster);
  // How many subtrees the top is listed for: for the order, or else enough for the threads; a
  // cluster's, as many as its processes need whatever their threads (the same count on every
  // process); a memory budget bounds the listing to a small share of it. How far the walk over
  // the top may go: every process of a cluster walks it, so there no further than a share of a
  // process's part of the iteration before (the same on every process: the iteration before's
  // counts were combined). One going on from a checkpoint lists above the same f as it did.
  const std::size_t most =
      budget_.max_memory_bytes == 0
          ? std::numeric_limits<std::size_t>::max()
          : std::max<std::size_t>(1, budget_.max_memory_bytes / kBytesPerSubtreeWanted);
  const std::size_t mine = ordered ? kOrderedSubtrees : kSubtreesPerThread * budget_.threads;
  const std::size_t wanted =
      subtrees_wanted_ != 0
          ? subtrees_wanted_
          : std::min(most, cluster ? std::max(mine, cluster_subtrees(cluster->processes())) : mine);
  const std::uint64_t most_top =
      last_iteration /
      (cluster ? std::max(kTopPart, kPartPerTop * cluster->processes()) : kTopPart);
  Subtrees work = subtrees(
      roots, bound, resume ? std::optional(resume->listed_above) : std::nullopt, wanted, most_top);
  // The order they are searched in: ordered, lowest estimate first, equals in listing order; else
  // in listing order, the order of the search unsplit.
  std::vector<std::size_t> order(work.root.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  if (ordered) {
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return work.key[a] < work.key[b]; });
  }
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
    progress->listed_above = work.above;
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
      State state;  // each subtree's root in turn
      w.held_bytes = held;
      w.run.bound = bound;
      const auto next = [&] { return cluster ? cluster->next_subtree() : next_subtree++; };
      for (std::size_t k; (k = next()) < work.root.size();) {
        const std::size_t i = order[k];
        if (shared.first_found.load() < k || shared.stopped.load()) break;
        if (finished[i]) continue;
        if (cluster && cluster->heard() < k) break;  // another process found one before
        // (Unpacked rather than replayed: a replay would wait on the tables at every move.)
        domain_.unpack(work.packed.data() + i * domain_.packed_bytes(), state);
        const std::span<const Move> moves = work.path(i);
        PruningState at = kPruningStart;
        for (const Move m : moves) at = pruning_after(domain_, at, m);
        w.path.assign(moves.begin(), moves.end());
        w.path.resize(static_cast<std::size_t>(bound) + 1);
        w.subtree = k;
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
          if (cluster) cluster->announce(k);
          const std::lock_guard lock(mutex);
          if (!found || k < found_at) {
            found = w.path;
            found_at = k;
          }
          std::size_t before = shared.first_found.load();
          while (k < before && !shared.first_found.compare_exchange_weak(before, k)) {
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
    again.above = work.above;
    std::vector<Move> path;
    std::size_t next_below = 0;
    for (std::size_t r = 0; r < roots.size(); ++r) {
      walk_top(roots[r], r, 0, bound, D::kNoMove, kPruningStart, root_before(r), root_now(r),
               {SplitCosts::root_key(r), 0}, -1, path, again, &below, next_below);
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
