// The Solver's policy and its sliding-tile answers: which method serves which board, checked
// once per goal (a Plan), then applied to each board.

#include "npuzzle/api/solver.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <variant>

#include "checkpoint_file.hpp"
#include "embedded_tables.hpp"
#include "npuzzle/core/moves.hpp"
#include "npuzzle/core/parity.hpp"
#include "npuzzle/core/random_board.hpp"
#include "npuzzle/fast/constructive.hpp"
#include "npuzzle/search/cluster.hpp"
#include "npuzzle/tiles/bounds.hpp"
#include "npuzzle/util/parallel.hpp"
#include "solver_impl.hpp"

namespace npuzzle {

using detail::AlgorithmEntry;
using detail::TileRunner;

namespace {

constexpr std::string_view kAuto = "auto";

/// `n` with its digits in groups of three ("1,000,000"), as a person reads a limit.
std::string grouped(std::size_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}
/// What auto means: the distance table where it serves, IDA* beyond; pattern databases where
/// a set serves the goal, linear conflict otherwise.
constexpr std::string_view kAutoSearch = "idastar";
constexpr std::string_view kAutoHeuristic = "linear-conflict";
constexpr std::string_view kPdbHeuristic = "pdb";
/// Auto on boards beyond the distance table: an exact search, and where its budget ends, the
/// fast solver's answer (not proven shortest) beside the search's lower bound. Boards of up to
/// 20 cells, and boards a pattern database set serves, give the exact search the whole budget;
/// the others (a 5x5 board with no 5x5 set, say, where IDA* with linear conflict rarely
/// finishes within the budget, and the fast answer comes close to the optimum in far less time)
/// give it at most `kExactTryNodes` expansions; past 256 cells only the fast solver runs.
constexpr int kFullSearchCells = 20;
constexpr std::uint64_t kExactTryNodes = 1'000'000;

/// The algorithms that read a heuristic, by name ("astar, idastar").
std::string informed_algorithms() {
  std::string out;
  for (const auto& a : detail::algorithm_entries()) {
    if (a.info.informed) out += (out.empty() ? "" : ", ") + a.info.name;
  }
  return out;
}

void check_same_geometry(const Board& board, const Board& goal) {
  if (board.geometry != goal.geometry) {
    throw InputError("the board is " + board.geometry.name() + " but the goal is " +
                     goal.geometry.name());
  }
}

/// `board`'s moves replayed by `feed` (on a Replayer), checked against `goal`.
template <class Feed>
Verdict verdict(const Board& board, const Board& goal, const Feed& feed) {
  validate(board);
  validate(goal);
  check_same_geometry(board, goal);
  Replayer replayer(board);
  feed(replayer);
  Replay r = std::move(replayer).take();
  Verdict v;
  v.legal = r.legal;
  v.applied = r.applied;
  v.refused = r.refused;
  v.reaches_goal = r.legal && r.final == goal;
  v.final = std::move(r.final);
  return v;
}

bool stopped_by_budget(SearchStatus s) {
  return s == SearchStatus::NodeLimit || s == SearchStatus::TimeLimit ||
         s == SearchStatus::MemoryLimit;
}

/// Replaces a search that ran out of budget by the fast solver's answer, keeping the search's
/// lower bound where it is the higher one. The counts and the time are both runs' together.
void hand_over(Solution& s, const Board& board, const Board& goal, Budget budget) {
  budget.max_nodes = 0;  // the search spent those; the fast solver's effort is its own
  // Its time is what the search left of the budget's.
  budget.since = std::chrono::steady_clock::now() -
                 std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                     std::chrono::duration<double>(s.stats.seconds));
  const SearchResult<Dir> fast =
      detail::algorithm_named(detail::kFastAlgorithm).tile_runner("")(board, goal, {}, budget);
  s.status = fast.status;
  s.moves = fast.path;
  s.algorithm = detail::kFastAlgorithm;
  s.heuristic.clear();
  s.tables.clear();
  s.stats.expanded += fast.stats.expanded;
  s.stats.generated += fast.stats.generated;
  s.stats.seconds += fast.stats.seconds;
  s.stats.peak_bytes = std::max(s.stats.peak_bytes, fast.stats.peak_bytes);
  s.stats.lower_bound = std::max(s.stats.lower_bound, fast.stats.lower_bound);
}

}  // namespace

struct Solver::Plan::Resolved {
  Solver::Impl* impl = nullptr;
  Board goal;
  const MethodInfo* method = nullptr;
  std::string heuristic, tables, unbuilt_tables;
  Budget budget;
  std::string checkpoint;
  double checkpoint_seconds = 0;

  /// The pattern databases a search reads: the set, loaded on the first board that needs a
  /// search; the goal's frame, in which the set's tables are read; and what runs instead if the
  /// set can be neither loaded nor built.
  struct Pdb {
    const PdbSetSpec* set = nullptr;
    GoalFrame frame;
    Board frame_goal;
    TileRunner fallback = nullptr;
    std::string fallback_heuristic;
  };
  /// A search, or the fast solver.
  struct Search {
    TileRunner runner = nullptr;
    bool hand_over = false;  // auto: the fast solver answers where the search's budget ends
    std::optional<Pdb> pdb;
    detail::TileStreamer streamer = nullptr;  // where it streams on boards of the goal's size
  };
  /// How the plan answers: by the distance table, or by a search.
  std::variant<std::shared_ptr<const TableSolver>, Search> how;

  const Search* search() const { return std::get_if<Search>(&how); }

  /// An empty solution naming what runs.
  Solution named() const {
    Solution s;
    s.algorithm = method->name;
    s.heuristic = heuristic;
    s.tables = tables;
    return s;
  }

  /// The answer for a board that cannot reach the goal or is the goal, where nothing needs to
  /// run; nullopt for the others. Throws InputError for a board that is not one of the goal's.
  std::optional<Solution> settled(const Board& board) const {
    validate(board);
    check_same_geometry(board, goal);
    if (!solvable(board, goal)) return named();
    if (board != goal) return std::nullopt;
    Solution s = named();  // nothing to search for, and no table to load
    s.status = SearchStatus::Solved;
    s.optimal = true;
    return s;
  }
};

namespace {

/// What a checkpoint is the progress of: a search of this board towards this goal, by this
/// method and these tables, by this version of the program.
std::string checkpoint_identity(const Board& board, const Board& goal, const Solution& named) {
  std::string out = "npuzzle " NPUZZLE_VERSION;
  for (const Board* b : {&board, &goal}) {
    out += b == &board ? "\nboard " : "\ngoal ";
    out += b->geometry.name();
    for (const Tile t : b->tiles) {
      out += ' ';
      out += std::to_string(t);
    }
  }
  for (const std::string* part : {&named.algorithm, &named.heuristic, &named.tables}) {
    out += part == &named.algorithm ? "\nsearch " : " ";
    out += *part;
  }
  out += '\n';
  return out;
}

/// The bound and whether the answer is proven shortest: by an exact method, or by being as long
/// as a proven bound, whichever method found it.
void conclude(Solution& s, bool exact) {
  s.lower_bound = s.stats.lower_bound;
  const std::uint64_t length = s.length();
  s.optimal = s.status == SearchStatus::Solved &&
              (exact || length == static_cast<std::uint64_t>(std::max(s.lower_bound, 0)));
  if (s.optimal) s.lower_bound = static_cast<int>(length);
  s.stats.lower_bound = s.lower_bound;
}

}  // namespace

const Board& Solver::Plan::goal() const {
  return r_->goal;
}
const MethodInfo& Solver::Plan::method() const {
  return *r_->method;
}
const std::string& Solver::Plan::algorithm() const {
  return r_->method->name;
}
const std::string& Solver::Plan::heuristic() const {
  return r_->heuristic;
}
const std::string& Solver::Plan::tables() const {
  return r_->tables;
}
const std::string& Solver::Plan::unbuilt_tables() const {
  return r_->unbuilt_tables;
}

void Solver::Plan::load_tables() const {
  if (const auto* search = r_->search(); search && search->pdb) {
    r_->impl->pdb_set(*search->pdb->set, r_->impl->config.build_light_tables);
  }
}

Solution Solver::Plan::solve(const Board& board) const {
  const Resolved& r = *r_;
  if (const auto* table = std::get_if<std::shared_ptr<const TableSolver>>(&r.how)) {
    // The table decides parity on the way to its index: no separate check.
    validate(board);
    check_same_geometry(board, r.goal);
    Solution s = r.named();
    const auto began = std::chrono::steady_clock::now();
    auto moves = (*table)->solve(board);
    if (!moves) return s;
    s.moves = std::move(*moves);
    s.status = SearchStatus::Solved;
    s.stats.peak_bytes = (*table)->table().bytes();
    s.stats.seconds = seconds_since(began);
    conclude(s, r.method->optimal);
    return s;
  }
  if (auto s = r.settled(board)) return *s;
  Solution s = r.named();
  bool exact = r.method->optimal;
  const Resolved::Search& search = *r.search();
  HeuristicInputs inputs{&r.impl->walking, nullptr};
  TileRunner runner = search.runner;
  if (search.pdb) {
    const PdbSetSpec* set = search.pdb->set;
    inputs.pdb = r.impl->pdb_set_or_weaker(set, r.impl->config.build_light_tables);
    if (inputs.pdb) {
      s.tables = set->name;
    } else {
      runner = search.pdb->fallback;
      s.heuristic = search.pdb->fallback_heuristic;
      s.tables.clear();
    }
  }
  // The processes of a cluster list the same tops only where they search with the same
  // estimate: a node that lacks (or has damaged) the tables the others read must not join.
  if (Cluster* cluster = sharing(r.budget.cluster);
      cluster && !cluster->agree(std::hash<std::string>{}(s.heuristic + " " + s.tables))) {
    throw StoreError("the processes do not all search with the same tables (this one: " +
                     (s.tables.empty() ? s.heuristic + ", no tables" : s.tables) +
                     "): give every node the same ones ('npuzzle pdb build SET' on each)");
  }
  Budget budget = r.budget;
  std::optional<detail::CheckpointFile> checkpoint;
  if (!r.checkpoint.empty()) {
    checkpoint.emplace(r.checkpoint, checkpoint_identity(board, r.goal, s), r.checkpoint_seconds);
    budget.checkpointing = &checkpoint->checkpointing();
  }
  SearchResult<Dir> found;
  if (inputs.pdb) {
    const GoalFrame& frame = search.pdb->frame;
    found = runner(frame.to_frame(board), search.pdb->frame_goal, inputs, budget);
    for (Dir& d : found.path) d = frame.move_from_frame(d);
  } else {
    found = runner(board, r.goal, inputs, budget);
  }
  // Kept wherever the search did not end (a limit, Ctrl-C): what it saved goes on next time.
  if (checkpoint &&
      (found.status == SearchStatus::Solved || found.status == SearchStatus::NoSolution)) {
    checkpoint->remove();
  }
  s.status = found.status;
  s.moves = std::move(found.path);
  s.stats = found.stats;
  if (search.hand_over && stopped_by_budget(s.status)) {
    hand_over(s, board, r.goal, r.budget);
    exact = false;
  }
  conclude(s, exact);
  return s;
}

Solution Solver::Plan::solve(const Board& board, const MoveSink& sink) const {
  const Resolved& r = *r_;
  const auto* search = r.search();
  if (!search || !search->streamer) {
    Solution s = solve(board);
    if (!s.moves.empty()) sink(s.moves);
    s.streamed = s.moves.size();
    s.moves = {};
    return s;
  }
  if (auto s = r.settled(board)) return *s;
  Solution s = r.named();
  const SearchResult<Dir> found =
      search->streamer(board, r.goal, r.budget, [&](std::span<const Dir> m) {
        s.streamed += m.size();
        sink(m);
      });
  s.status = found.status;
  s.stats = found.stats;
  conclude(s, r.method->optimal);
  return s;
}

Solver::Solver(SolverConfig config) : impl_(std::make_unique<Impl>(std::move(config))) {}
Solver::~Solver() = default;

std::vector<MethodInfo> Solver::algorithms() {
  std::vector<MethodInfo> out;
  for (const auto& e : detail::algorithm_entries()) out.push_back(e.info);
  return out;
}

MethodInfo Solver::auto_algorithm() {
  const int table_cells = detail::algorithm_entries().front().info.max_cells;
  return {std::string(kAuto),
          "the distance table up to " + std::to_string(table_cells) + " cells; " +
              std::string(kAutoSearch) + " beyond, handing over to " +
              std::string(detail::kFastAlgorithm) + " where the budget ends, with at most " +
              grouped(kExactTryNodes) + " nodes past " + std::to_string(kFullSearchCells) +
              " cells unless pattern databases serve the board; " +
              std::string(detail::kFastAlgorithm) + " past " + std::to_string(kMaxSearchCells) +
              " cells"};
}

MethodInfo Solver::auto_heuristic() {
  return {std::string(kAuto), std::string(kPdbHeuristic) +
                                  " where a set serves the board and goal, else " +
                                  std::string(kAutoHeuristic)};
}

std::vector<MethodInfo> Solver::heuristics() {
  std::vector<MethodInfo> out;
  for (const auto& e : detail::heuristic_entries()) out.push_back(e.info);
  return out;
}

void Solver::check_options(const SolveOptions& options) {
  if (options.algorithm == kAuto) return;
  const AlgorithmEntry& algorithm = detail::algorithm_named(options.algorithm);
  const std::string named = "the " + algorithm.info.name + " algorithm";
  if (!algorithm.info.informed && (options.heuristic != kAuto || !options.tables.empty())) {
    throw InputError(named + " reads no heuristic" +
                     (options.tables.empty() ? "" : " and no pattern database") +
                     " (those that do: " + informed_algorithms() + ")");
  }
  if (!options.tables.empty() && options.heuristic != kAuto && options.heuristic != kPdbHeuristic) {
    throw InputError("a pattern database set is read by the " + std::string(kPdbHeuristic) +
                     " heuristic, not by " + options.heuristic);
  }
  if (options.budget.improve_rounds > 0 && algorithm.info.optimal) {
    throw InputError(named + "'s answers are shortest already: improving is for the " +
                     std::string(detail::kFastAlgorithm) +
                     " algorithm (or auto, where it hands a board over to it)");
  }
}

Solver::Plan Solver::plan(const Board& goal, const SolveOptions& options) const {
  validate(goal);
  const Geometry g = goal.geometry;
  auto r = std::make_shared<Plan::Resolved>();
  r->impl = impl_.get();
  r->goal = goal;
  r->budget = options.budget;

  const AlgorithmEntry* algorithm = nullptr;
  Plan::Resolved::Search search;
  if (options.algorithm == kAuto) {
    algorithm = &detail::algorithm_entries().front();  // the distance table
    if (g.cells() > algorithm->info.max_cells) {
      algorithm = &detail::algorithm_named(kAutoSearch);
      search.hand_over = true;
    }
    if (g.cells() > algorithm->info.max_cells) {
      algorithm = &detail::algorithm_named(detail::kFastAlgorithm);
      search.hand_over = false;
    }
  } else {
    algorithm = &detail::algorithm_named(options.algorithm);
    check_options(options);
  }
  if (g.cells() > algorithm->info.max_cells) {
    throw InputError("the " + algorithm->info.name + " algorithm takes boards of at most " +
                     grouped(static_cast<std::size_t>(algorithm->info.max_cells)) + " cells, not " +
                     g.name() + " (" + grouped(static_cast<std::size_t>(g.cells())) + " cells)");
  }
  if (!options.checkpoint.empty()) {
    if (algorithm->info.name != kAutoSearch) {
      const std::string kept =
          "checkpoints keep the progress of " + std::string(kAutoSearch) + " searches";
      throw InputError(algorithm->info.lookup
                           ? kept + ", and a " + g.name() +
                                 " board is answered at once from the table of all its "
                                 "distances (the " +
                                 algorithm->info.name + " method), with no search to keep"
                           : kept + ", not of " + algorithm->info.name);
    }
    search.hand_over = false;  // the search is to run to its end, across restarts
    r->checkpoint = options.checkpoint;
    r->checkpoint_seconds = options.checkpoint_seconds;
  }
  r->method = &algorithm->info;
  if (!algorithm->tile_runner) {
    r->how = std::make_shared<const TableSolver>(goal, impl_->distance);
    return Plan(std::move(r));
  }
  if (algorithm->streamer && g.cells() >= algorithm->min_stream_cells) {
    search.streamer = algorithm->streamer;
  }
  if (!algorithm->info.informed) {
    search.runner = algorithm->tile_runner("");
    r->how = std::move(search);
    return Plan(std::move(r));
  }

  std::string heuristic = options.heuristic;
  const PdbSetSpec* pdb = nullptr;
  if (heuristic == kAuto || heuristic == kPdbHeuristic) {
    pdb = impl_->choose_pdb_set(goal, options.tables);
    if (!pdb && heuristic == kPdbHeuristic) {
      throw InputError("no pattern database set serves " + g.name() +
                       " boards with this goal (the sets are for 4x4 and 5x5 boards whose goal has "
                       "the blank in a corner)");
    }
    heuristic = pdb ? kPdbHeuristic : kAutoHeuristic;
    if (const PdbSetSpec* strongest = strongest_pdb_set(g);
        !pdb && strongest != nullptr && GoalFrame::serves(goal)) {
      r->unbuilt_tables = strongest->name;
    }
  }
  const auto& entry = detail::heuristic_named(heuristic);
  if (!pdb && !entry.serves(goal, {})) {
    throw InputError("the " + entry.info.name + " heuristic does not serve " + g.name() +
                     " boards");
  }
  r->heuristic = entry.info.name;
  search.runner = algorithm->tile_runner(heuristic);
  if (search.hand_over && !pdb && g.cells() > kFullSearchCells) {
    r->budget.max_nodes =
        r->budget.max_nodes == 0 ? kExactTryNodes : std::min(r->budget.max_nodes, kExactTryNodes);
  }
  if (pdb) {
    r->tables = pdb->name;
    const GoalFrame frame(goal);
    search.pdb =
        Plan::Resolved::Pdb{pdb, frame, frame.to_frame(goal),
                            algorithm->tile_runner(kAutoHeuristic), std::string(kAutoHeuristic)};
  }
  r->how = std::move(search);
  return Plan(std::move(r));
}

Solution Solver::solve(const Board& board, const Board& goal, const SolveOptions& options) const {
  // The shapes are compared before the plan, which may build tables for the goal's shape.
  check_same_geometry(board, goal);
  return plan(goal, options).solve(board);
}

std::vector<Solution> Solver::solve_all(std::span<const Board> boards, const Plan& plan,
                                        unsigned threads) const {
  const std::vector<Plan> plans(boards.size(), plan);
  return solve_all(boards, plans, threads);
}

std::vector<Solution> Solver::solve_all(
    std::span<const Board> boards, std::span<const Plan> plans, unsigned threads,
    const std::function<void(std::size_t, const Solution&)>& each) const {
  if (plans.size() != boards.size()) {
    throw std::invalid_argument("solve_all: a plan for each board");
  }
  std::vector<Solution> out(boards.size());
  std::mutex heard;
  for_each_on_threads(boards.size(), std::max(1u, threads), [&](std::size_t i) {
    out[i] = plans[i].solve(boards[i]);
    if (each) {
      const std::lock_guard lock(heard);
      each(i, out[i]);
    }
  });
  return out;
}

std::optional<std::string> Solution::moves_in(Notation notation) const {
  if (status != SearchStatus::Solved) return std::nullopt;
  return format_moves(moves, notation);
}

bool Solver::check(const Board& board, const Board& goal) const {
  validate(board);
  validate(goal);
  return solvable(board, goal);
}

Bounds Solver::bounds(const Board& board, const Board& goal) const {
  validate(board);
  validate(goal);
  check_same_geometry(board, goal);
  return {manhattan_bound(board, goal), conflict_bound(board, goal)};
}

Hint Solver::hint(const Board& board, const Board& goal, const SolveOptions& options) const {
  const Solution s = solve(board, goal, options);
  Hint h;
  h.status = s.status;
  h.optimal = s.optimal;
  h.lower_bound = s.lower_bound;
  if (s.status == SearchStatus::Solved) {
    h.distance = static_cast<int>(s.moves.size());
    if (!s.moves.empty()) h.next = s.moves.front();
  }
  return h;
}

std::vector<Solution> Solver::compare(const Board& board, const Board& goal, const Budget& budget,
                                      const std::function<void(const Solution&)>& each) const {
  validate(board);
  validate(goal);
  check_same_geometry(board, goal);
  std::vector<Solution> out;
  const auto run = [&](const SolveOptions& options) {
    out.push_back(plan(goal, options).solve(board));
    if (each) each(out.back());
  };
  SolveOptions options;
  options.budget = budget;
  for (const auto& a : detail::algorithm_entries()) {
    if (board.geometry.cells() > a.info.max_cells) continue;
    options.algorithm = a.info.name;
    if (!a.info.informed) {
      run(options);
      continue;
    }
    for (const auto& h : detail::heuristic_entries()) {
      if (h.info.name == kPdbHeuristic ? impl_->choose_pdb_set(goal, "") == nullptr
                                       : !h.serves(goal, {})) {
        continue;
      }
      options.heuristic = h.info.name;
      run(options);
    }
    options.heuristic = kAuto;
  }
  return out;
}

Board Solver::random(const Board& goal, std::mt19937_64& rng) const {
  validate(goal);
  return random_board(goal, rng);
}

Verdict Solver::verify(const Board& board, const Board& goal, std::span<const Dir> moves) const {
  return verdict(board, goal, [&](Replayer& r) { r.play(moves); });
}

Verdict Solver::verify(const Board& board, const Board& goal,
                       const std::function<bool(std::vector<Dir>&)>& next) const {
  return verdict(board, goal, [&](Replayer& r) {
    std::vector<Dir> piece;
    while (next(piece) && r.play(piece)) piece.clear();
  });
}

std::string_view describe(SearchStatus s) {
  switch (s) {
    case SearchStatus::Solved:
      return "solved";
    case SearchStatus::NoSolution:
      return "unsolvable";
    case SearchStatus::DepthLimit:
      return "depth limit";
    case SearchStatus::NodeLimit:
      return "node limit";
    case SearchStatus::TimeLimit:
      return "time limit";
    case SearchStatus::MemoryLimit:
      return "memory limit";
    case SearchStatus::Cancelled:
      return "cancelled";
  }
  return "?";
}

}  // namespace npuzzle
